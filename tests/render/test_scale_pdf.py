"""Card PDFs are the same bytes whether page and form streams are compressed as they are finished
(pdfdoc._encode_now, which keeps memory from growing with the pages: issue #13) or, as reportlab
does by itself, all at once when the file is written."""

from __future__ import annotations

import zlib
from pathlib import Path

from reportlab.pdfbase.pdfutils import asciiBase85Decode

from pnpgen.render import pdfdoc
from pnpgen.render.build import build_game
from pnpgen.spec import load_game

XENOSHYFT = Path(__file__).parents[2] / "cardspecs" / "xenoshyft"


def test_early_encoding_gives_reportlabs_bytes(tmp_path, monkeypatch):
    game = load_game(XENOSHYFT)
    early = build_game(game, tmp_path / "early")
    encoded = []
    real = pdfdoc._encode_now
    monkeypatch.setattr(pdfdoc, "_encode_now", lambda obj, spool: encoded.append(obj))
    late = build_game(game, tmp_path / "late")
    assert encoded, "the build finished pages and forms"
    monkeypatch.setattr(pdfdoc, "_encode_now", real)
    assert [p.name for p in early.files] == [p.name for p in late.files]
    for a, b in zip(early.files, late.files):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_finished_page_keeps_no_drawing_text():
    canvas = pdfdoc.new_canvas((200, 200), "t")
    canvas.drawString(10, 10, "hello")
    canvas.showPage()
    page = canvas._doc.Pages.pages[-1]
    # the page's dictionary is written out already (pdfdoc._format_page_now) and waits in the spool
    assert isinstance(page, pdfdoc._FormattedPage) and b"/MediaBox" in page._spool.get(page._at)
    stream = page._contents
    assert stream.dictionary["Filter"] is not None
    # the compressed stream waits in the spool (pdfdoc._Spool), not on the heap
    assert stream.content is None and stream._data is None
    spooled = stream._spool.get(stream._at)
    assert b"hello" not in spooled
    assert b"(hello)" in zlib.decompress(asciiBase85Decode(spooled.decode("ascii")))
