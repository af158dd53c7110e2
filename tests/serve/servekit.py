"""Small games for the studio's tests: the same card type in a CSV, an XLSX and a YAML file; and one of many cards.

``make_game(root)`` writes ``root/edit`` with a ``hero`` card type of every field type, three
cards in ``cards/heroes.csv`` (CRLF line ends, some cells quoted), two in ``cards/book.xlsx``
(sheet ``hero``, styled header and cells, a second sheet of formatting only) and two in
``cards/more.yaml`` (comments, a flow list, a block text), one in ``cards/flat.yaml`` (PyYAML's
layout: items at the left edge, a long text wrapped), and a picture ``art/ace.png``.
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

# -- the browser and the server's port ------------------------------------------------------------
CHROMIUM = os.environ.get("PNPGEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 15000   # generous: a loaded CI machine; no test asserts on time


def need_browser() -> None:
    if not (shutil.which(CHROMIUM) or os.path.exists(CHROMIUM)):
        pytest.fail(f"the studio tests need Debian's chromium at {CHROMIUM}: run `apt-get update && apt-get install -y "
                    f"chromium` (or set PNPGEN_CHROMIUM to a Chromium binary); never `playwright install`",
                    pytrace=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]



@contextmanager
def serving(studio):
    """The studio's app served by uvicorn in a thread on a free loopback port, for the ``with`` block:
    yields (app, port) once the server accepts requests; then closes its events and stops it."""
    import uvicorn

    from pnpgen.serve.app import create_app

    app = create_app(studio)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the studio server did not start"
        time.sleep(0.05)
    try:
        yield app, port
    finally:
        app.state.events.close()
        server.should_exit = True
        thread.join(10)

def hold_until(flag: str, limit: float = 120.0) -> None:
    """Return once the file ``flag`` exists: run in a studio's checker process, it keeps the
    process busy, so the studio's next check waits until the test lets it go."""
    deadline = time.monotonic() + limit
    while not os.path.exists(flag) and time.monotonic() < deadline:
        time.sleep(0.02)


GAME = """id: edit
name: Edit Game
players: {min: 1, max: 2}
source: {document: none.txt}
card_types:
  hero:
    name: Hero
    size: poker
    fields:
      cost: {type: int, min: 0, max: 9}
      flying: {type: bool}
      side: {type: enum, values: [light, dark]}
      tags: {type: list}
      text: {type: text}
      art: {type: image}
"""
CSV = ('id,name,copies,cost,flying,side,tags,text,art\r\n'
       'ace,Ace,2,3,yes,light,fast|brave,"Draw a card, then win.",art/ace.png\r\n'
       '"bo","Bo","1","1","no","dark","slow","Lose a turn.",\r\n'
       'cy,Cy,1,2,no,light,,"Two lines:\r\nthe second.",\r\n')
YAML = """# Heroes kept in YAML.
cards:
  # the first one
  - id: dee
    name: Dee          # a comment on the name
    type: hero
    copies: 1
    cost: 4
    tags: [quick, sly]
    text: |
      Swap two cards.
      Then draw.
  - id: eve
    name: Eve
    type: hero
    copies: 1
    cost: 5
    side: dark
    text: Gain 1 gold.
# end of the file
"""

# As PyYAML's safe_dump writes a card file: items at the left edge, a long text wrapped.
FLAT_YAML = """cards:
- id: hal
  name: Hal
  type: hero
  copies: 1
  cost: 2
  text: Draw a card. Then discard a card. Then draw a card again, and keep the one you
    like best.
"""


def png_bytes(size: tuple[int, int] = (40, 56), colour: str = "#369") -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def workbook_bytes() -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill

    book = Workbook()
    sheet = book.active
    sheet.title = "hero"
    sheet.append(["id", "name", "copies", "cost", "side", "text"])
    sheet.append(["fin", "Fin", 1, 6, "dark", "Burn a card."])
    sheet.append(["gus", "Gus", 3, 7, "light", "Heal 2."])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet["D2"].fill = PatternFill("solid", fgColor="FFEE88")
    sheet["D2"].number_format = "0"
    sheet.column_dimensions["F"].width = 40
    spare = book.create_sheet("spare")     # no values (so no cards), only formatting to keep
    spare["B2"].fill = PatternFill("solid", fgColor="88CCEE")
    spare.column_dimensions["B"].width = 25
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def make_game(root: Path) -> Path:
    folder = root / "edit"
    (folder / "cards").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards" / "heroes.csv").write_bytes(CSV.encode())
    (folder / "cards" / "book.xlsx").write_bytes(workbook_bytes())
    (folder / "cards" / "more.yaml").write_text(YAML)
    (folder / "cards" / "flat.yaml").write_text(FLAT_YAML)
    (folder / "art" / "ace.png").write_bytes(png_bytes())
    return folder


def make_many(root: Path, n: int) -> Path:
    """``root/many``: the ``hero`` type of :func:`make_game` with ``n`` cards in one YAML file
    (``hero-000``…, distinct names and texts); every 50th text has a double space (a TEXT002
    warning), so findings belong to cards all along the grid."""
    folder = root / "many"
    (folder / "cards").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.replace("id: edit", "id: many").replace("Edit Game", "Many Game"))
    entries = []
    for k in range(n):
        gap = "  " if k % 50 == 49 else " "
        entries.append(f"  - id: hero-{k:03d}\n    name: Hero {k:03d}\n    type: hero\n    copies: 1\n"
                       f"    cost: {k % 10}\n    text: Draw {k} cards.{gap}Then rest.\n")
    (folder / "cards" / "heroes.yaml").write_text("cards:\n" + "".join(entries))
    return folder
