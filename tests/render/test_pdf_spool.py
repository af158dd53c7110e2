"""Card PDFs are written with each finished page's stream and each finished form's whole object
kept in a spool file and the file written object by object (``pnpgen.render.pdfdoc``: ``_Spool``,
``_format_now``, ``save``), so a deck's PDF bytes and objects never all live in memory; the bytes
must be exactly those of reportlab's own in-memory writing (``canvas.getpdfdata``) with every
stream kept on the heap and every object formatted at the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.pdfdoc import PDFStream

from facekit import some_of_each_type
from pnpgen.fsutil import atomic_write_bytes
from pnpgen.render import pdfdoc
from pnpgen.render.build import build_game
from pnpgen.spec import load_game


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*.pdf"))}


def _plain_save(canvas, path: Path) -> Path:
    """reportlab's own writing: the whole file joined in memory, then written."""
    atomic_write_bytes(Path(path), pdfdoc.pdf_bytes(canvas))
    return Path(path)


class _HeapStream(PDFStream):
    """reportlab's own stream holding its encoded content (as ``pdfdoc._encode_now`` makes it)."""

    def __init__(self, spool, content):
        super().__init__(content=content)

    def park(self):
        pass


def test_spooled_build_is_byte_identical_to_the_plain_one(tmp_path: Path, monkeypatch) -> None:
    game = load_game("zombicide-invader")  # card sheets with shared backs and back variants, odds, reference
    early, pages = [], []
    real_format_now, real_page_now = pdfdoc._format_now, pdfdoc._format_page_now

    def page_now(doc, spool):
        real_page_now(doc, spool)
        pages.append(isinstance(doc.Pages.pages[-1], pdfdoc._FormattedPage))

    with monkeypatch.context() as m:  # forms and pages written out as they end: count them
        m.setattr(pdfdoc, "_format_now", lambda *a: early.append(real_format_now(*a)) or early[-1])
        m.setattr(pdfdoc, "_format_page_now", page_now)
        spooled = build_game(game, tmp_path / "spooled")
    assert early and all(early)  # every form of this game was formatted early, none left to save
    assert sum(pages) > len(pages) // 2  # so were the pages (those a bookmark points at excepted)
    with monkeypatch.context() as m:  # every finished stream on disk from its first byte
        m.setattr(pdfdoc._Spool, "MEMORY", 0)
        build_game(game, tmp_path / "disk")
    with monkeypatch.context() as m:  # streams on the heap, objects formatted at the end, the file joined in memory
        m.setattr(pdfdoc, "_SpooledStream", _HeapStream)
        m.setattr(pdfdoc, "_format_now", lambda doc, name, spool: False)
        m.setattr(pdfdoc, "_format_page_now", lambda doc, spool: None)
        m.setattr(pdfdoc, "save", _plain_save)
        build_game(game, tmp_path / "plain")
    plain = _pdfs(tmp_path / "plain" / game.id)
    assert len(plain) >= 3 and spooled.pages
    assert _pdfs(tmp_path / "spooled" / game.id) == plain
    assert _pdfs(tmp_path / "disk" / game.id) == plain


def test_spool_gives_back_what_was_put(monkeypatch) -> None:
    monkeypatch.setattr(pdfdoc._Spool, "MEMORY", 0)
    spool = pdfdoc._Spool()
    first, second = spool.put(b"abc"), spool.put(b"\x00" * 5 + b"z")
    assert spool.get(second) == b"\x00" * 5 + b"z" and spool.get(first) == b"abc"
    assert spool.get(second) == b"\x00" * 5 + b"z"


def test_long_text_encoding_gives_reportlabs_bytes():
    """Form drawings and stream text are encoded by ``pdfdoc_text`` (an ASCII shortcut, no cache),
    not reportlab's cached ``pdfdocEnc``; the bytes must be reportlab's, and it must raise where
    reportlab raises."""
    from reportlab.pdfbase import pdfdoc as rl_pdfdoc

    theirs = rl_pdfdoc.pdfdocEnc.__wrapped__
    samples = ["/Type /Page", "q 1 0 0 1 9.5 3 cm " * 40, "BT (caf\u00e9) Tj ET " * 10, b"\x00\xff" * 100,
               "\u2014" * 65, "0 0 m\n" * 30 + "\t\r", ""]
    for sample in samples:
        assert pdfdoc.pdfdoc_text(sample) == theirs(sample)
    for undefined in ("\x18" + "a" * 80, "a" * 80 + "\x1f", "\x1a"):  # PDFDocEncoding has no such bytes
        with pytest.raises(UnicodeEncodeError):
            theirs(undefined)
        with pytest.raises(UnicodeEncodeError):
            pdfdoc.pdfdoc_text(undefined)
    form = rl_pdfdoc.PDFFormXObject(0, 0, 10, 10)
    form.setStreamList(["q", "1 0 0 RG", "BT (caf\u00e9) Tj ET", "Q"])
    assert form.stream == theirs("q\n1 0 0 RG\nBT (caf\u00e9) Tj ET\nQ")


def test_place_form_writes_what_reportlabs_calls_write():
    """``place_form`` writes a card's placement straight into the page (issue #13): the same
    operators, the same forms in use and the same graphics state afterwards as reportlab's
    saveState / clipPath / translate / doForm / restoreState, for either fill rule and for a
    translation that follows another one."""
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

    for rule in (FILL_EVEN_ODD, FILL_NON_ZERO):
        ours, theirs = (pdfdoc.new_canvas((595.0, 842.0), "t", "t") for _ in range(2))
        for c in (ours, theirs):
            c._fillMode = rule
            c.translate(3.5, 7.25)  # a translation before: nothing may merge with it
        for x, y, name in ((19.13, 34.44, "face-a"), (0.0, -3.0, "back-troop"), (100.123456, 5e-5, "face-b")):
            pdfdoc.place_form(ours, name, (x - 1, y - 2, 63.5, 88.9), x, y)
            theirs.saveState()
            clip = theirs.beginPath()
            clip.rect(x - 1, y - 2, 63.5, 88.9)
            theirs.clipPath(clip, stroke=0, fill=0)
            theirs.translate(x, y)
            theirs.doForm(name)
            theirs.restoreState()
        assert ours._code == theirs._code
        assert ours._formsinuse == theirs._formsinuse
        state = [a for a in theirs.STATE_ATTRIBUTES if a != "_extgstate"]
        assert [getattr(ours, a) for a in state] == [getattr(theirs, a) for a in state]


def test_text_out_writes_what_reportlabs_textout_writes():
    """``text_out`` (every run of card text, issue #13) writes the operators reportlab's
    ``textOut`` writes: subset switches once the first subset is full, a font change in the middle
    of a line, escaped parentheses and backslashes, empty runs; the text objects' code and subset
    state stay equal run after run, in two documents drawn side by side."""
    import random

    from reportlab.pdfbase import pdfmetrics

    from pnpgen.render import fonts

    rng = random.Random(3)
    alphabet = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xC0, 0x100)] \
        + [chr(c) for c in range(0x391, 0x3C9)] + [chr(c) for c in range(0x410, 0x44F)] + ["\\", "(", ")"]
    runs = ["", "Deal (3) damage \\ now", "caf\u00e9"] + [
        "".join(rng.choice(alphabet[: 95 + n]) for _ in range(rng.randint(0, 30))) for n in range(400)]
    ours, theirs = (pdfdoc.new_canvas((595.0, 842.0), "t", "t") for _ in range(2))
    names = [fonts.BODY_FONT, fonts.BOLD_FONT]
    t_ours, t_theirs = ours.beginText(), theirs.beginText()
    for n, run in enumerate(runs):
        name = names[n // 7 % 2]
        if n % 7 == 0:
            for t in (t_ours, t_theirs):
                t.setFont(name, 9.5)
                t.setTextOrigin(10.0, 800.0 - n)
        pdfdoc.text_out(t_ours, pdfmetrics.getFont(name), run)
        t_theirs.textOut(run)
        assert t_ours._code == t_theirs._code
        assert t_ours._curSubset == t_theirs._curSubset
    assert len(pdfmetrics.getFont(fonts.BODY_FONT).state[ours._doc].subsets) > 1, "the runs should overflow the first subset"


@pytest.mark.parametrize("game_id, options", [
    ("examples/tidepool", {}),                  # pictures, icons, gradients, shared shape forms
    ("xenoshyft", {"pdfx": "4"}),               # press colours: colour spaces in every form's resources
    ("zombicide-invader", {"ink_saver": True}),
], ids=["tidepool", "xenoshyft-pdfx4", "zombicide-ink-saver"])
def test_forms_written_from_a_like_forms_bytes_are_reportlabs(tmp_path: Path, monkeypatch, game_id, options) -> None:
    """A form whose dictionary is like one formatted before (same box, resources and filters) is
    written from that form's bytes with its own length (``_FormTemplate``, issue #13): the PDFs are
    the bytes of formatting every form through reportlab's objects, and most forms took that path."""
    repo = Path(__file__).resolve().parents[2]
    # Four cards of each type: every template's forms, each drawn by several cards, so like forms
    # repeat; the form writer does not care how many cards there are.
    game = some_of_each_type(load_game(repo / game_id if "/" in game_id else game_id), 4)
    filled = []
    real_fill = pdfdoc._FormTemplate.fill
    with monkeypatch.context() as m:
        m.setattr(pdfdoc._FormTemplate, "fill", lambda self, *a: filled.append(1) or real_fill(self, *a))
        build_game(game, tmp_path / "templates", **options)
    with monkeypatch.context() as m:
        m.setattr(pdfdoc, "_form_key", lambda obj: None)
        build_game(game, tmp_path / "formatted", **options)
    formatted = _pdfs(tmp_path / "formatted")
    assert formatted and _pdfs(tmp_path / "templates") == formatted
    assert filled, "no form was written from a template"
