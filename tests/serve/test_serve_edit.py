"""The studio edits cards in their own files: PATCH, add, duplicate, delete, art upload, undo.

One studio (uvicorn in a thread, loopback, the real file watcher) serves ``tests/serve/servekit``'s game:
the same card type in a CSV, an XLSX and a YAML file. Over HTTP: each edit changes exactly the
card's row, cells or entry (compared with the file before); a file changed since the page read it
is 409; a bad value is 400 with the loader's message and the file untouched; an order without the
token is 403; art is typed by its bytes and bounded; undo puts the bytes back. In Debian's headless
Chromium: the form, its preview and findings, and an edit -> file -> reload round trip per format.
"""

from __future__ import annotations

import base64
import difflib
import http.client
import io
import json
from pathlib import Path
from urllib.parse import quote

import openpyxl
import pytest
from servekit import png_bytes
from servekit import WAIT_MS, serving
from servekit import make_game

from pnpgen.spec import load_game


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from _serve(tmp_path_factory.mktemp("edit"))


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """A studio of its own for the browser tests (the HTTP tests above change their game's files)."""
    yield from _serve(tmp_path_factory.mktemp("browser"))


def _serve(root: Path):
    from pnpgen.serve.state import Studio

    folder = make_game(root)
    studio = Studio(folder, root / "output")
    with serving(studio) as (app, port):
        yield {"port": port, "url": f"http://127.0.0.1:{port}", "dir": folder, "studio": studio,
               "token": app.state.token, "editor": app.state.editor}


def call(server, method: str, path: str, body=None, token: bool = True, raw: bytes | None = None,
         headers: dict | None = None) -> tuple[int, dict]:
    """One request as the page sends it (its origin and, unless ``token`` is False, the token)."""
    conn = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=60)
    sent = {"Origin": server["url"], "X-Pnpgen-Token": server["token"]} if token else {"Origin": server["url"]}
    sent.update(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=sent)
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    try:
        return response.status, json.loads(payload)
    except ValueError:
        return response.status, {"raw": payload[:200]}


def card(server, card_id: str) -> dict:
    status, data = call(server, "GET", f"/api/card/{quote(card_id)}")
    assert status == 200, data
    return data


def patch(server, card_id: str, fields: dict, version: str | None = None, **kw) -> tuple[int, dict]:
    version = card(server, card_id)["version"] if version is None else version
    return call(server, "PATCH", f"/api/cards/{quote(card_id)}", {"fields": fields, "version": version}, **kw)


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(removed lines, added lines), line ends kept."""
    old, new = before.decode().splitlines(keepends=True), after.decode().splitlines(keepends=True)
    removed, added = [], []
    for line in difflib.ndiff(old, new):
        if line.startswith("- "):
            removed.append(line[2:])
        elif line.startswith("+ "):
            added.append(line[2:])
    return removed, added


def save_as_an_editor(path: Path, data: bytes) -> None:
    """Save as editors do (a new file renamed over the old): the studio never reads it half written."""
    tmp = path.with_name("." + path.name + ".saving")
    tmp.write_bytes(data)
    tmp.replace(path)


def cells(path: Path) -> dict:
    """Every cell of every sheet: (sheet, coordinate) -> (value, bold, fill colour, number format)."""
    book = openpyxl.load_workbook(path)
    out = {}
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for c in row:
                out[(ws.title, c.coordinate)] = (c.value, c.font.b, c.fill.fgColor.rgb, c.number_format)
    widths = {(ws.title, k): v.width for ws in book.worksheets for k, v in ws.column_dimensions.items()}
    return {**out, **{("width",) + k: v for k, v in widths.items()}}


# -- PATCH --------------------------------------------------------------------------------------------
def test_patch_csv_rewrites_only_the_cards_row_keeping_quotes_and_line_ends(server):
    path = server["dir"] / "cards" / "heroes.csv"
    before = path.read_bytes()
    status, data = patch(server, "ace", {"cost": 5, "text": "Draw two, then win.", "tags": ["fast", "bold"],
                                         "name": "Ace"})
    assert status == 200, data
    assert data["changed"] == ["cost", "tags", "text"]
    after = path.read_bytes()
    assert changed_lines(before, after) == (
        ['ace,Ace,2,3,yes,light,fast|brave,"Draw a card, then win.",art/ace.png\r\n'],
        ['ace,Ace,2,5,yes,light,fast|bold,Draw two, then win.,art/ace.png\r\n'.replace(
            "Draw two, then win.", '"Draw two, then win."')])
    # A row written with every cell quoted keeps its quotes.
    before = after
    status, data = patch(server, "bo", {"cost": 4})
    assert status == 200, data
    assert changed_lines(before, path.read_bytes()) == (['"bo","Bo","1","1","no","dark","slow","Lose a turn.",\r\n'],
                                                        ['"bo","Bo","1","4","no","dark","slow","Lose a turn.",\r\n'])
    again = {c.id: c for c in load_game(server["dir"]).cards}
    assert (again["ace"]["cost"], again["ace"]["tags"], again["bo"]["cost"]) == (5, ["fast", "bold"], 4)
    assert again["cy"]["text"] == "Two lines:\r\nthe second."          # the multi-line record untouched


def test_patch_xlsx_sets_only_the_cells_and_keeps_the_formatting(server):
    path = server["dir"] / "cards" / "book.xlsx"
    before = cells(path)
    status, data = patch(server, "fin", {"cost": 8, "text": "=SUM(A1)"})
    assert status == 200, data
    after = cells(path)
    diff = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    assert diff == {("hero", "D2"), ("hero", "F2")}
    assert after[("hero", "D2")] == (8, before[("hero", "D2")][1], "00FFEE88", "0")   # fill and format kept
    assert after[("hero", "F2")][0] == "'=SUM(A1)"       # text, never a formula (read back without the ')
    assert {c.id: c for c in load_game(server["dir"]).cards}["fin"]["text"] == "=SUM(A1)"


def test_patch_yaml_changes_only_the_entry_keeping_comments_and_order(server):
    path = server["dir"] / "cards" / "more.yaml"
    before = path.read_bytes()
    status, data = patch(server, "dee", {"cost": 6, "name": "Dee Two", "tags": ["quick", "sly", "bold"]})
    assert status == 200, data
    after = path.read_bytes()
    assert changed_lines(before, after) == (
        ["    name: Dee          # a comment on the name\n", "    cost: 4\n", "    tags: [quick, sly]\n"],
        ["    name: Dee Two      # a comment on the name\n", "    cost: 6\n", "    tags: [quick, sly, bold]\n"])
    dee = {c.id: c for c in load_game(server["dir"]).cards}["dee"]
    assert (dee.name, dee["cost"], dee["text"]) == ("Dee Two", 6, "Swap two cards.\nThen draw.\n")
    # A field the entry does not have yet goes in at its end; the rest of the file stays.
    before = after
    status, _ = patch(server, "eve", {"flying": True})
    assert status == 200
    assert changed_lines(before, path.read_bytes()) == ([], ["    flying: true\n"])


def test_patch_yaml_items_at_the_left_edge_with_a_wrapped_text(server):
    path = server["dir"] / "cards" / "flat.yaml"
    before = path.read_bytes()
    status, data = patch(server, "hal", {"cost": 3})
    assert status == 200, data
    assert changed_lines(before, path.read_bytes()) == (["  cost: 2\n"], ["  cost: 3\n"])


def test_a_file_changed_since_the_page_read_it_is_409_and_not_overwritten(server):
    path = server["dir"] / "cards" / "heroes.csv"
    version = card(server, "cy")["version"]
    save_as_an_editor(path, path.read_bytes() + b"zed,Zed,1,1,no,dark,,Late.,\r\n")   # saved in another program
    edited = path.read_bytes()
    status, data = patch(server, "cy", {"cost": 9}, version=version)
    assert status == 409 and "changed on disk" in data["error"], data
    assert data["version"] != version
    assert path.read_bytes() == edited
    status, data = patch(server, "cy", {"cost": 9}, version="0" * 32)
    assert status == 409
    save_as_an_editor(path, edited.replace(b"zed,Zed,1,1,no,dark,,Late.,\r\n", b""))


@pytest.mark.parametrize("fields, message", [
    ({"cost": "4x"}, "'cost' must be a whole number from 0 to 9, got '4x'"),
    ({"cost": 12}, "'cost' must be a whole number from 0 to 9, got 12"),
    ({"side": "grey"}, "'side' must be one of light, dark, got 'grey'"),
    ({"copies": -1}, "'copies' must be a whole number"),
    ({"tags": "fast"}, "'tags' must be a list of text items"),
    ({"speed": 3}, "unknown field 'speed' for a hero card"),
    ({"id": "other"}, "'id' cannot be changed here"),
])
def test_a_bad_value_is_400_with_the_loaders_message_and_the_file_untouched(server, fields, message):
    path = server["dir"] / "cards" / "heroes.csv"
    before = path.read_bytes()
    status, data = patch(server, "cy", fields)
    assert status == 400 and message in data["error"], data
    assert "\n" not in data["error"]
    assert path.read_bytes() == before


def test_an_edit_without_the_token_or_from_another_origin_is_403(server):
    path = server["dir"] / "cards" / "heroes.csv"
    before = path.read_bytes()
    version = card(server, "cy")["version"]
    status, data = patch(server, "cy", {"cost": 0}, version=version, token=False)
    assert status == 403 and "X-Pnpgen-Token" in data["error"]
    status, _ = patch(server, "cy", {"cost": 0}, version=version, headers={"X-Pnpgen-Token": "wrong"})
    assert status == 403
    status, _ = patch(server, "cy", {"cost": 0}, version=version, headers={"Origin": "http://evil.example"})
    assert status == 403
    for method, url in (("POST", "/api/cards"), ("DELETE", "/api/cards/cy"), ("POST", "/api/undo"),
                        ("POST", "/api/art?name=x.png"), ("POST", "/api/preview/cy")):
        assert call(server, method, url, {}, token=False)[0] == 403, url
    assert path.read_bytes() == before
    status, _ = patch(server, "cy", {"cost": 0}, version=version)      # the control: with the token it works
    assert status == 200


def test_a_body_over_the_limit_is_413_and_only_art_may_be_larger(server):
    big = b"x" * (2 << 20)
    status, _ = call(server, "PATCH", "/api/cards/cy", raw=big, headers={"Content-Type": "application/json"})
    assert status == 413
    status, data = call(server, "POST", "/api/art?name=big.png", raw=png_bytes() + big)
    assert status == 200, data                                     # 2 MB of picture is fine
    status, _ = call(server, "POST", "/api/art?name=huge.png", raw=png_bytes() + b"x" * (21 << 20))
    assert status == 413
    assert not (server["dir"] / "art" / "huge.png").exists()


# -- preview ---------------------------------------------------------------------------------------
def test_preview_draws_the_card_from_unsaved_values_and_writes_nothing(server):
    path = server["dir"] / "cards" / "heroes.csv"
    before = path.read_bytes()
    status, data = call(server, "POST", "/api/preview/cy", {"fields": {"cost": 7, "text": "Now **bold**."}})
    assert status == 200, data
    png = base64.b64decode(data["image"].split(",", 1)[1])
    from PIL import Image

    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size[0] == 480
    assert isinstance(data["findings"], list)
    status, data = call(server, "POST", "/api/preview/cy", {"fields": {"cost": "many"}})
    assert status == 400 and "'cost' must be a whole number" in data["error"]
    assert path.read_bytes() == before


# -- add, duplicate, delete, undo ------------------------------------------------------------------------
def test_duplicate_delete_and_undo_put_the_file_back_byte_for_byte(server):
    path = server["dir"] / "cards" / "heroes.csv"
    original = path.read_bytes()
    status, data = call(server, "POST", "/api/cards", {"duplicate": "ace"})
    assert status == 200, data
    assert data["id"] == "ace-copy"
    removed, added = changed_lines(original, path.read_bytes())
    assert removed == [] and len(added) == 1 and added[0].startswith("ace-copy,Ace (copy),2,")
    assert added[0].endswith("\r\n")
    assert server["studio"].find("ace-copy") is not None
    status, data = call(server, "DELETE", "/api/cards/bo", {"version": card(server, "bo")["version"]})
    assert status == 200, data
    assert b'"bo"' not in path.read_bytes() and server["studio"].find("bo") is None
    status, data = call(server, "POST", "/api/undo", {})
    assert status == 200 and data["undone"] == "delete bo"
    assert server["studio"].find("bo") is not None
    status, data = call(server, "POST", "/api/undo", {})
    assert status == 200 and data["undone"] == "add ace-copy"
    assert path.read_bytes() == original


def test_a_new_card_goes_after_the_last_of_its_type_and_a_yaml_entry_keeps_the_files_style(server):
    path = server["dir"] / "cards" / "more.yaml"
    before = path.read_bytes()
    status, data = call(server, "POST", "/api/cards", {"duplicate": "eve"})
    assert status == 200, data
    removed, added = changed_lines(before, path.read_bytes())
    assert removed == [] and added[:2] == ["  - id: eve-copy\n", "    name: Eve (copy)\n"]
    assert path.read_bytes().decode().endswith("# end of the file\n")
    assert call(server, "POST", "/api/undo", {})[0] == 200
    assert path.read_bytes() == before
    status, data = call(server, "POST", "/api/cards", {"type": "villain"})
    assert status == 400 and "type must be one of hero" in data["error"]


def test_undo_refuses_when_the_file_changed_after_the_studio_wrote_it(server):
    path = server["dir"] / "cards" / "heroes.csv"
    assert patch(server, "cy", {"cost": 3})[0] == 200
    save_as_an_editor(path, path.read_bytes() + b"\r\n")
    status, data = call(server, "POST", "/api/undo", {})
    assert status == 409 and "changed on disk" in data["error"]
    save_as_an_editor(path, path.read_bytes()[:-2])
    assert call(server, "POST", "/api/undo", {})[0] == 200


# -- art -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, data, saved", [
    ("Ace Portrait.png", png_bytes(), "art/ace-portrait.png"),
    ("../../escape.svg", png_bytes(), "art/escape.png"),                     # PNG bytes: a .png, in art/
    ("photo", b"\xff\xd8\xff\xe0" + b"\x00" * 64, "art/photo.jpg"),
    ("w.png", b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 32, "art/w.webp"),
    ("logo.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', "art/logo.svg"),
])
def test_art_upload_takes_its_type_from_the_bytes_and_a_safe_name(server, name, data, saved):
    status, answer = call(server, "POST", f"/api/art?name={quote(name)}", raw=data)
    assert status == 200, answer
    assert answer["path"] == saved
    assert (server["dir"] / saved).read_bytes() == data
    assert saved in call(server, "GET", "/api/art")[1]["art"]


@pytest.mark.parametrize("data", [b"<html><script>alert(1)</script></html>", b"GIF89a" + b"\x00" * 20,
                                  b"%PDF-1.7\n", b""])
def test_art_upload_refuses_what_is_not_a_picture(server, data):
    status, answer = call(server, "POST", "/api/art?name=x.png", raw=data)
    assert status == 415, answer
    assert not (server["dir"] / "art" / "x.png").exists()


def test_art_upload_never_overwrites_without_being_asked(server):
    target = server["dir"] / "art" / "ace.png"
    old = target.read_bytes()
    new = png_bytes(colour="#c00")
    status, answer = call(server, "POST", "/api/art?name=ace.png", raw=new)
    assert status == 409 and answer["exists"] == "art/ace.png"
    assert target.read_bytes() == old
    status, answer = call(server, "POST", "/api/art?name=ace.png&overwrite=1", raw=new)
    assert status == 200 and answer["replaced"] is True
    assert target.read_bytes() == new
    assert call(server, "POST", "/api/undo", {})[0] == 200
    assert target.read_bytes() == old


# -- in the browser ---------------------------------------------------------------------------------------
CONTEXT = {"viewport": {"width": 1400, "height": 1000}}   # the browser tests' context (conftest)


@pytest.fixture
def page(tab, shown):
    pg = tab
    errors: list[str] = []

    def record(err) -> None:
        errors.append(str(err))

    pg.on("pageerror", record)
    pg.goto(shown["url"] + "/")
    pg.wait_for_selector("img.card-thumb")
    yield pg
    pg.remove_listener("pageerror", record)
    assert not errors, errors


def open_card(page, card_id: str) -> None:
    page.click(f"#card-{card_id}")
    page.wait_for_selector(f"#card-view[data-card='{card_id}'] #f-name")
    page.wait_for_function("() => document.getElementById('cv-front').naturalWidth === 480", timeout=WAIT_MS)


def save_and_wait(page) -> None:
    page.click("#cv-save")
    page.wait_for_function("() => ['saved', 'error'].some((s) => document.getElementById('cv-status').textContent"
                           ".startsWith(s))", timeout=WAIT_MS)
    assert page.inner_text("#cv-status") == "saved"


def reload_and_open(page, card_id: str) -> None:
    page.reload()
    page.wait_for_selector("img.card-thumb")
    open_card(page, card_id)


@pytest.mark.parametrize("card_id, file, field, value, removed, added", [
    ("cy", "heroes.csv", "f-cost", "8", ["cy,Cy,1,2,no,light,,\"Two lines:\r\n"], ["cy,Cy,1,8,no,light,,\"Two lines:\r\n"]),
    ("eve", "more.yaml", "f-cost", "9", ["    cost: 5\n"], ["    cost: 9\n"]),
])
def test_an_edit_in_the_form_is_previewed_then_written_to_the_file_and_read_back(page, shown, card_id, file, field,
                                                                                value, removed, added):
    path = shown["dir"] / "cards" / file
    before = path.read_bytes()
    open_card(page, card_id)
    front = page.get_attribute("#cv-front", "src")
    page.fill(f"#{field}", value)
    # The card is drawn again from the unsaved value, and nothing is written yet.
    page.wait_for_selector("#cv-preview-note:not([hidden])", timeout=WAIT_MS)
    page.wait_for_function("before => document.getElementById('cv-front').src !== before", arg=front, timeout=WAIT_MS)
    assert page.get_attribute("#cv-front", "src").startswith("data:image/png;base64,")
    assert path.read_bytes() == before
    save_and_wait(page)
    assert changed_lines(before, path.read_bytes()) == (removed, added)
    reload_and_open(page, card_id)
    assert page.input_value(f"#{field}") == value
    assert card_id in {c.id for c in load_game(shown["dir"]).cards if c.get("cost") == int(value)}


def test_an_xlsx_edit_through_the_form_sets_only_its_cells(page, shown):
    path = shown["dir"] / "cards" / "book.xlsx"
    before = cells(path)
    open_card(page, "gus")
    page.select_option("#f-side", "dark")
    page.fill("#f-text", "Heal 3.")
    page.wait_for_selector("#cv-preview-note:not([hidden])", timeout=WAIT_MS)
    save_and_wait(page)
    after = cells(path)
    assert {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)} == {("hero", "E3"), ("hero", "F3")}
    assert (after[("hero", "E3")][0], after[("hero", "F3")][0]) == ("dark", "Heal 3.")
    assert after[("width", "hero", "F")] == before[("width", "hero", "F")]
    reload_and_open(page, "gus")
    assert (page.input_value("#f-side"), page.input_value("#f-text")) == ("dark", "Heal 3.")


def test_a_bad_value_is_shown_with_its_field_and_the_file_is_untouched(page, shown):
    path = shown["dir"] / "cards" / "heroes.csv"
    before = path.read_bytes()
    open_card(page, "bo")
    page.fill("#f-cost", "12")
    page.wait_for_function("() => document.getElementById('cv-status').textContent.includes('must be')", timeout=WAIT_MS)
    page.click("#cv-save")
    page.wait_for_selector("#cv-status.bad button")
    assert "'cost' must be a whole number from 0 to 9" in page.inner_text("#cv-status")
    page.click("#cv-status button")                      # "go to cost"
    assert page.evaluate("document.activeElement.id") == "f-cost"
    assert path.read_bytes() == before


def test_live_findings_of_unsaved_text_link_to_their_field(page, shown):
    path = shown["dir"] / "cards" / "more.yaml"
    before = path.read_bytes()
    open_card(page, "dee")
    # Dee's block text ends in a line break: TEXT002, about the field 'text'.
    item = page.locator("#cv-findings .finding", has_text="TEXT002").first
    assert item.get_attribute("data-field") == "text"
    item.focus()
    page.keyboard.press("Enter")                          # keyboard: the finding takes you to its field
    assert page.evaluate("document.activeElement.id") == "f-text"
    page.fill("#f-text", "Deal 2 damage to a hero. " * 60)          # far more than the text box holds
    page.wait_for_selector("#cv-findings .finding.error", timeout=WAIT_MS)
    assert "FIT001" in page.inner_text("#cv-findings")             # found before saving
    assert path.read_bytes() == before
    page.fill("#f-text", "Swap two cards.")
    page.wait_for_function("() => !document.getElementById('cv-findings').textContent.includes('FIT001')",
                           timeout=WAIT_MS)
    assert "TEXT002" not in page.inner_text("#cv-findings")          # the trimmed text has no finding left
    page.click("#cv-revert")
    page.wait_for_selector("#cv-preview-note", state="hidden", timeout=WAIT_MS)
    assert path.read_bytes() == before


def test_every_control_has_a_label_and_the_cards_open_from_the_keyboard(page):
    open_card(page, "fin")
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('input, select, textarea, button')]
        .filter((n) => !(n.labels && n.labels.length) && !n.getAttribute('aria-label') && !n.textContent.trim())
        .map((n) => n.id || n.outerHTML.slice(0, 60))""")
    assert unlabelled == []
    page.click("#cv-close")
    page.focus("#card-gus")
    page.keyboard.press("Enter")
    page.wait_for_selector("#card-view[data-card='gus']")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") in ("INPUT", "FIGURE", "A", "BUTTON", "SELECT", "TEXTAREA")


def test_duplicate_then_undo_from_the_page(page, shown):
    path = shown["dir"] / "cards" / "more.yaml"
    before = path.read_bytes()
    open_card(page, "eve")
    page.click("#cv-duplicate")
    page.wait_for_selector("#card-view[data-card='eve-copy'] #f-name", timeout=WAIT_MS)
    assert page.input_value("#f-name") == "Eve (copy)"
    assert b"- id: eve-copy" in path.read_bytes()
    page.click("#undo")
    page.wait_for_function("() => document.getElementById('notice').textContent.startsWith('undone')", timeout=WAIT_MS)
    assert path.read_bytes() == before
