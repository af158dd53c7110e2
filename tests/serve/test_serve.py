"""``pnpgen serve`` in a real browser: Debian's headless Chromium driven by Playwright.

One server (uvicorn in a thread, loopback only) serves a small Xenoshyft expansion made with
``pnpgen new``; the tests load the page, edit card files on disk and watch the page follow, click a
finding, download a PDF, and probe paths outside the folder. A missing browser is a failure that
says how to install it, never a skip.
"""

from __future__ import annotations

import http.client
import re
import time
from pathlib import Path

import pikepdf
import pytest

from pnpgen.scaffold import new_expansion
from servekit import WAIT_MS, hold_until, make_game, serving

@pytest.fixture(scope="module")
def studio_server(tmp_path_factory):
    from pnpgen.serve.state import Studio

    root = tmp_path_factory.mktemp("studio")
    made = new_expansion(root / "exp", "xenoshyft")
    enemy = made.directory / "cards" / "enemy.yaml"
    # A misspelling on the enemy card: a finding that belongs to a card other than the first one.
    enemy.write_text(enemy.read_text().replace("BURN ANY TROOP", "BURN ANY TROOOP"))
    (root / "secret.txt").write_text("outside the folder")
    studio = Studio(made.directory, root / "output")
    with serving(studio) as (app, port):
        yield {"url": f"http://127.0.0.1:{port}", "port": port, "dir": made.directory, "root": root,
               "studio": studio, "token": app.state.token}


@pytest.fixture
def page(tab, studio_server):
    pg = tab
    pg.goto(studio_server["url"] + "/")
    pg.wait_for_selector("img.card-thumb")
    return pg


def _loaded_images(page) -> list[int]:
    return page.eval_on_selector_all("img.card-thumb", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")


def test_page_shows_every_card_as_an_image_grouped_by_type(page, studio_server):
    cards = studio_server["studio"].state()["cards"]
    assert len(cards) == 4  # one example card per Xenoshyft card type
    page.wait_for_function("n => [...document.querySelectorAll('img.card-thumb')].filter(i => i.complete && "
                           "i.naturalWidth > 0).length === n", arg=len(cards), timeout=WAIT_MS)
    assert len(_loaded_images(page)) == len({c["id"] for c in cards})
    assert all(w == 160 for w in _loaded_images(page))  # drawn at the preview thumbnail width
    groups = page.eval_on_selector_all(".group h2", "hs => hs.map(h => h.textContent)")
    assert len(groups) == 4 and all("1 card · 1 copy" in g for g in groups)
    # Filtering: only cards with findings (the misspelt enemy).
    page.check("#findings-only")
    assert page.eval_on_selector_all("img.card-thumb", "imgs => imgs.map(i => i.alt)") == ["My Hive enemy"]
    page.uncheck("#findings-only")
    page.fill("#search", "troop")
    assert "My Troop" in page.eval_on_selector_all("img.card-thumb", "imgs => imgs.map(i => i.alt)")


def test_finding_click_lands_on_its_card_and_card_view_shows_it(page):
    finding = page.locator("#findings .finding", has_text="TROOOP").first
    assert re.search(r"cards/enemy\.yaml:\d+", finding.inner_text())
    finding.click()
    page.wait_for_selector("#card-view:not([hidden])")
    assert page.get_attribute("#card-view", "data-card") == "exp:my-enemy"
    assert page.get_attribute("#card-exp\\:my-enemy", "class").split().count("current") == 1
    assert "enemy.yaml:" in page.inner_text("#cv-source")
    page.wait_for_function("() => ['cv-front', 'cv-back'].every(id => document.getElementById(id).naturalWidth === 480)",
                           timeout=WAIT_MS)
    assert "TROOOP" in page.inner_text("#cv-findings")      # linked back: the card lists its findings
    assert "ability" in page.inner_text("#cv-fields")
    assert not page.is_hidden("#cv-effects-box")             # Xenoshyft: the parsed effect tree


def test_saving_a_card_file_updates_the_page_and_a_broken_save_keeps_the_last_cards(page, studio_server):
    troop = studio_server["dir"] / "cards" / "troop.yaml"
    good = troop.read_text()
    before = page.get_attribute("img[alt='My Troop']", "src")
    troop.write_text(good.replace("name: My Troop", "name: Renamed Trooper"))
    page.wait_for_selector("img[alt='Renamed Trooper']", timeout=WAIT_MS)
    page.wait_for_function("() => document.querySelector(\"img[alt='Renamed Trooper']\").naturalWidth > 0")
    assert page.get_attribute("img[alt='Renamed Trooper']", "src") != before  # a new drawing, not the cached one
    troop.write_text(good.replace("cost: 4", "cost: [4"))                       # broken YAML
    page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
    assert "troop.yaml" in page.inner_text("#error")
    assert page.locator("img[alt='Renamed Trooper']").count() == 1             # last good cards stay
    troop.write_text(good)
    page.wait_for_selector("img[alt='My Troop']", timeout=WAIT_MS)
    page.wait_for_selector("#error[hidden]", state="attached", timeout=WAIT_MS)


def test_a_save_is_shown_while_the_last_saves_findings_are_still_being_checked(page, studio_server):
    """The findings of a save are checked apart from the file watcher: with the studio's checker
    process held busy, the first save's check cannot finish, and the next save shows all the same."""
    studio, troop = studio_server["studio"], studio_server["dir"] / "cards" / "troop.yaml"
    good = troop.read_text()
    flag = studio_server["root"] / "let-the-checker-go"
    held = studio._checker().submit(hold_until, str(flag))
    try:
        troop.write_text(good.replace("name: My Troop", "name: Held Trooper"))
        page.wait_for_selector("img[alt='Held Trooper']", timeout=WAIT_MS)
        troop.write_text(good.replace("cost: 4", "cost: [4"))                     # broken YAML
        page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
        assert studio.checking and not held.done()           # shown while the first save's check waits
    finally:
        flag.touch()
        held.result(timeout=60)
        troop.write_text(good)
    page.wait_for_selector("img[alt='My Troop']", timeout=WAIT_MS)
    page.wait_for_selector("#error[hidden]", state="attached", timeout=WAIT_MS)


def test_print_panel_downloads_a_pdf_of_the_selected_cards(page, studio_server):
    page.click("#card-exp\\:my-troop .pick")
    assert page.inner_text("#selected-count") == "1"
    page.select_option("#paper", "letter")
    with page.expect_download(timeout=WAIT_MS * 4) as info:
        page.click("#print-btn")
    path = Path(info.value.path())
    assert info.value.suggested_filename == "exp-letter.pdf"
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 2                               # one sheet of fronts, its backs
        width, height = (float(v) for v in pdf.pages[0].mediabox[2:])
        assert (round(width), round(height)) == (612, 792)       # US letter
    written = list((studio_server["root"] / "output").rglob("*.pdf"))
    assert written and all(p.is_relative_to(studio_server["root"] / "output") for p in written)


@pytest.mark.parametrize("path", [
    "/files/../../etc/passwd", "/files/%2e%2e/%2e%2e/etc/passwd", "/files/..%2f..%2fetc%2fpasswd",
    "/files/%2Fetc%2Fpasswd", "/files//etc/passwd", "/files/../secret.txt", "/output/../exp/pnpgen.yaml",
    "/static/../app.py", "/static/%2e%2e/app.py", "/files/cards", "/files/",
])
def test_paths_outside_the_folder_are_404(studio_server, path):
    conn = http.client.HTTPConnection("127.0.0.1", studio_server["port"], timeout=10)
    conn.request("GET", path)   # sent as written: no client-side normalisation of '..'
    response = conn.getresponse()
    body = response.read()
    assert response.status == 404, (path, response.status, body[:80])
    assert b"root:" not in body and b"outside the folder" not in body


def test_files_inside_the_folder_are_served(studio_server):
    conn = http.client.HTTPConnection("127.0.0.1", studio_server["port"], timeout=10)
    conn.request("GET", "/files/cards/troop.yaml")
    response = conn.getresponse()
    assert response.status == 200 and b"cards:" in response.read()


def test_simulate_with_these_cards_runs_in_the_background_and_draws_plots(studio_server):
    import json
    import urllib.request

    base = studio_server["url"]
    # An order as the page sends it: the run's token and the page's own origin (see test_serve_security).
    headers = {"Content-Type": "application/json", "Origin": base,
               "X-Pnpgen-Token": studio_server["token"]}
    request = urllib.request.Request(base + "/api/simulate", data=json.dumps({"games": 2, "cards": ["exp:my-troop"]}).encode(),
                                     headers=headers, method="POST")
    job_id = json.load(urllib.request.urlopen(request, timeout=10))["job"]
    deadline = time.monotonic() + 60
    while True:
        job = json.load(urllib.request.urlopen(f"{base}/api/jobs/{job_id}", timeout=10))
        if job["state"] != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert job["state"] == "done", job
    assert job["done"] == job["total"] == 4
    assert "difference (with - without)" in job["text"]
    assert job["result"]["with"]["games"] == job["result"]["base"]["games"] == 2
    for url in job["plots"]:
        with urllib.request.urlopen(base + url, timeout=10) as response:
            assert response.read(8) == b"\x89PNG\r\n\x1a\n"
    assert {u.split("/")[-2] for u in job["plots"]} == {"with", "without"}


def test_only_the_selected_cards_are_printed_or_simulated(studio_server):
    from pnpgen.serve.state import _only

    game = studio_server["studio"].snapshot.game
    printed = _only(game, ["exp:my-troop"])
    assert [c.id for c in printed.cards] == ["exp:my-troop"]
    simulated = _only(game, ["exp:my-troop"], keep_base=True)
    ids = {c.id for c in simulated.cards}
    assert "exp:my-troop" in ids and "exp:my-enemy" not in ids
    assert len(ids) == len(game.cards) - 3                 # every base card kept, the 3 others dropped


def test_saving_art_or_a_font_redraws_every_card_under_new_image_urls(studio_server):
    studio = studio_server["studio"]
    before = {c["id"]: c["thumb"] for c in studio.state()["cards"]}
    assert studio.refresh([studio_server["dir"] / "art" / "troop.png"])   # the card keys do not cover art
    assert len(studio.snapshot.rendered) == 4                                # drawn again, not from the cache
    after = {c["id"]: c["thumb"] for c in studio.state()["cards"]}
    assert before.keys() == after.keys() and all(before[k] != after[k] for k in before)


def test_a_closed_studio_starts_no_checking_process(tmp_path):
    """A check asked for after close() (a save seen while the server stops) is skipped: it would
    start a new process while the interpreter shuts down."""
    from pnpgen.serve.state import Studio

    studio = Studio(make_game(tmp_path), tmp_path / "output")
    assert studio.refresh(None, check=False) and studio.checking
    studio.close()
    assert studio.check() is False
    assert studio._pool is None and studio.checking
