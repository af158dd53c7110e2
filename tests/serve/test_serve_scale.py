"""The studio at scale: the page's model is sent once and then as deltas, and the grid draws only
the tiles near the viewport.

Without a browser: a delta turns the old model into the new one and names only what changed; a
finding added before others changes no card's entry; the publisher counts versions, answers a
page that joins with nothing, a delta or the whole model, and sends an edited card alone. In
Debian's headless Chromium, on a game of 400 cards (``servekit.make_many``): only the tiles in and
near the view exist, scrolling and the keyboard reach the last card, a search or a finding reaches
a card far down, and after an edit and its check the page's model is the server's.
"""

from __future__ import annotations

import http.client
import json
import time
from urllib.parse import quote

import pytest
from servekit import make_many
from servekit import WAIT_MS, serving

from pnpgen.serve.delta import Publisher, apply, diff, finding_keys, _Sent

CARDS = 400


# -- deltas -------------------------------------------------------------------------------------------
def _card(k: int, **extra) -> dict:
    return {"id": f"c{k}", "name": f"Card {k}", "findings": [], **extra}


def test_a_delta_turns_the_old_model_into_the_new_one_and_names_only_what_changed():
    old = {"version": 1, "title": "A", "gone": 1, "cards": [_card(k) for k in range(100)],
           "findings": [{"key": f"f{k}", "card": f"c{k}"} for k in range(0, 100, 10)]}
    new = {"version": 2, "title": "B", "cards": [_card(k) for k in range(100)],
           "findings": [{"key": "new", "card": "c5"}] + old["findings"][1:]}
    new["cards"][5] = _card(5, findings=["new"])          # changed
    new["cards"].insert(50, _card(1000))                   # added
    del new["cards"][90]                                    # removed (c89: the insert shifted the list)
    delta = diff(_Sent(old), _Sent(new))
    assert apply(old, delta) == new
    assert delta["set"] == {"version": 2, "title": "B"} and delta["unset"] == ["gone"]
    sent = [c["id"] for _, _, items in delta["cards"] for c in items]
    assert sorted(sent) == ["c1000", "c5"]                  # the other 98 cards are not sent
    assert sum(end - at for at, end, _ in delta["cards"]) == 2   # c5 replaced, c89 removed
    assert [f["key"] for _, _, items in delta["findings"] for f in items] == ["new"]


def test_a_finding_added_before_others_keeps_their_keys():
    findings = [{"code": "TEXT002", "card": f"c{k}", "line": k} for k in range(5)]
    keys = finding_keys(findings)
    assert len(set(keys)) == 5
    assert finding_keys([{"code": "FIT001", "card": "c9", "line": 0}] + findings)[1:] == keys
    assert finding_keys([findings[0], findings[0]]) == [keys[0], keys[0] + "~2"]   # a repeated one stays distinct


def test_the_publisher_sends_each_new_model_once_as_a_delta_and_a_joining_page_what_it_lacks():
    model = {"title": "A", "cards": [_card(k) for k in range(3)], "findings": []}
    stamp = [0]
    sent: list[tuple[str, dict]] = []
    pub = Publisher(lambda: json.loads(json.dumps(model)), lambda e, d: sent.append((e, d)), lambda: stamp[0])
    first = pub.current()
    assert first["version"] == 1 and sent == []
    assert pub.since(1, pub.run) is None                              # up to date: nothing
    assert pub.since(1, "another run")[0] == "state"                  # a page of another run: all of it
    stamp[0] += 1
    pub.publish()
    assert sent == [] and pub.version == 1                            # rebuilt, the same: no new version
    model["title"] = "B"
    stamp[0] += 1
    pub.publish()
    assert [e for e, _ in sent] == ["delta"] and sent[0][1]["from"] == 1 and sent[0][1]["version"] == 2
    assert sent[0][1]["set"] == {"title": "B", "version": 2} and sent[0][1]["cards"] == []
    kind, data = pub.since(1, pub.run)                                # a page that joins late
    assert kind == "delta" and apply(first, data) == pub.current()
    pub.patch_card({**_card(1), "name": "Edited"}, {"checking": True})
    assert sent[-1][1]["cards"] == [[1, 2, [{**_card(1), "name": "Edited"}]]]
    assert sent[-1][1]["findings"] == [] and sent[-1][1]["set"] == {"checking": True, "version": 3}


# -- the page -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def many(tmp_path_factory):
    from pnpgen.serve.state import Studio

    root = tmp_path_factory.mktemp("many")
    folder = make_many(root, CARDS)
    studio = Studio(folder, root / "output")
    studio.refresh(None, check=False)              # as `pnpgen serve` starts: findings after the page opens
    with serving(studio) as (app, port):
        yield {"port": port, "url": f"http://127.0.0.1:{port}", "dir": folder, "studio": studio, "token": app.state.token}


@pytest.fixture
def page(tab, many):
    pg = tab
    errors: list[str] = []

    def record(err) -> None:
        errors.append(str(err))

    pg.on("pageerror", record)
    pg.goto(many["url"] + "/")
    pg.wait_for_function(f"() => document.getElementById('cards').dataset.cards === '{CARDS}'", timeout=WAIT_MS)
    yield pg
    pg.remove_listener("pageerror", record)
    assert not errors, errors


def _get(many, path: str) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", many["port"], timeout=60)
    conn.request("GET", path)
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, dict(res.getheaders()), body


def _findings_checked(many) -> None:
    deadline = time.monotonic() + 120
    while many["studio"].checking or not many["studio"].snapshot.findings:
        assert time.monotonic() < deadline, "the findings never arrived"
        time.sleep(0.05)


def _shown_tiles(page) -> list[str]:
    return page.eval_on_selector_all("#cards .card", "ns => ns.map((n) => n.dataset.card)")


def test_only_the_tiles_near_the_view_exist_and_scrolling_draws_the_last_card(page, many):
    tiles = _shown_tiles(page)
    assert 0 < len(tiles) < CARDS / 4 and "hero-000" in tiles and "hero-399" not in tiles
    # The grid is as tall as all its rows: the page scrolls to the end without drawing the middle.
    page.evaluate("() => scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => { const i = document.querySelector('#card-hero-399 img');"
                           " return i && i.complete && i.naturalWidth > 0; }", timeout=WAIT_MS)
    tiles = _shown_tiles(page)
    assert "hero-000" not in tiles and len(tiles) < CARDS / 4
    drawn = len(many["studio"].snapshot.thumbs)
    assert drawn < CARDS / 2, f"{drawn} thumbnails drawn for two screens of tiles"


def test_arrow_keys_home_and_end_move_between_cards_not_drawn_yet(page):
    page.focus("#card-hero-000")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "card-hero-001"
    cols = page.evaluate("() => { const a = document.getElementById('card-hero-000').offsetTop;"
                         " return [...document.querySelectorAll('#cards .card')].filter((n) => n.offsetTop === a).length; }")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == f"card-hero-{1 + cols:03d}"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.id") == "card-hero-399"
    assert page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                         " return r.top >= 0 && r.bottom <= innerHeight; }")
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.id") == "card-hero-000"
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.wait_for_selector("#card-view[data-card='hero-399']", timeout=WAIT_MS)


def test_a_search_and_a_finding_reach_a_card_far_down(page, many):
    page.fill("#search", "Hero 350")
    page.wait_for_function("() => document.getElementById('cards').dataset.cards === '1'", timeout=WAIT_MS)
    assert _shown_tiles(page) == ["hero-350"]
    page.fill("#search", "")
    _findings_checked(many)
    item = page.locator("#findings .finding", has_text="hero-349").first    # the double space of hero-349
    item.wait_for(timeout=WAIT_MS)
    item.click()
    page.wait_for_selector("#card-view[data-card='hero-349']", timeout=WAIT_MS)
    assert page.evaluate("() => { const t = document.getElementById('card-hero-349'); if (!t) return false;"
                         " const r = t.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")


def test_an_edit_reaches_the_page_as_a_delta_of_that_card_and_the_page_ends_with_the_servers_model(page, many):
    _findings_checked(many)
    state = json.loads(_get(many, "/api/state")[2])
    # A page of its own on the stream: it has this version, so the stream opens with nothing to send.
    conn = http.client.HTTPConnection("127.0.0.1", many["port"], timeout=60)
    conn.request("GET", f"/events?since={state['version']}&run={state['run']}")
    stream = conn.getresponse()
    assert stream.read1(4096).startswith(b": open")
    status, _, body = _get(many, f"/api/card/{quote('hero-010')}")
    version = json.loads(body)["version"]
    edit = http.client.HTTPConnection("127.0.0.1", many["port"], timeout=60)
    edit.request("PATCH", "/api/cards/hero-010", body=json.dumps({"fields": {"text": "Rest twice."}, "version": version}),
                 headers={"Origin": many["url"], "X-Pnpgen-Token": many["token"], "Content-Type": "application/json"})
    answer = edit.getresponse()
    assert answer.status == 200, answer.read()
    assert "write;dur=" in answer.getheader("Server-Timing", "")
    answer.read()
    chunk = b""
    while b"\n\n" not in chunk:
        chunk += stream.read1(65536)
    event, data = chunk.split(b"\n\n", 1)[0].decode().split("\n", 1)
    delta = json.loads(data.removeprefix("data: "))
    assert event == "event: delta" and delta["from"] == state["version"]
    assert [[c["id"] for c in items] for _, _, items in delta["cards"]] == [["hero-010"]]
    assert delta["findings"] == [] and len(data) < 2000              # one card, not the 400
    conn.close()
    # The page shows the new image, then the edit's findings; its model is then the server's.
    page.wait_for_function("() => { const i = document.querySelector('#card-hero-010 img');"
                           " return i && i.complete && i.naturalWidth > 0 && i.src.includes('k=') &&"
                           " !document.getElementById('status').textContent.includes('checking'); }", timeout=60000)
    _findings_checked(many)
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=state["version"] + 2, timeout=WAIT_MS)
    server = json.loads(_get(many, "/api/state")[2])
    assert page.evaluate("() => state") == server
    assert [c for c in server["cards"] if c["id"] == "hero-010"][0]["text"] == "Rest twice."
    status, headers, _ = _get(many, "/api/state")
    assert status == 200 and headers.get("server-timing", "").startswith("state;dur=")
