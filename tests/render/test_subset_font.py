"""``SubsetFont.splitString`` (the C path for text whose characters already have codes) gives what
reportlab's own ``TTFont.splitString`` gives, and gives new characters the same codes, whatever the
text: repeated, new characters, no-break spaces, characters the font has no glyph for, and more
characters than the first subset holds."""

from __future__ import annotations

import random

from reportlab.pdfbase.ttfonts import TTFont

from pnpgen.render.fonts import FACES, FONTS_DIR
from pnpgen.render.subsetfont import SubsetFont


class _Doc:
    """A stand-in for the PDF document a font keeps its subset state for (any weak-referable object)."""


def _texts(seed: int) -> list[str]:
    rng = random.Random(seed)
    # Latin-1 letters, punctuation, Greek and Cyrillic: far more than the 256 codes of the first subset.
    alphabet = ([chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xC0, 0x100)]
                + [chr(c) for c in range(0x391, 0x3C9)] + [chr(c) for c in range(0x410, 0x44F)]
                + ["\u00a0", "\u2014", "\u2019", "\ue000", "\U0001f600"])  # no glyph for the last two
    words = ["Draw two cards.", "Deal 3 damage", "Xenoshyft", "caf\u00e9\u00a0au lait", ""]
    texts = []
    for n in range(3000):
        if n % 3 == 0:
            texts.append(rng.choice(words))
        else:
            size = rng.randint(0, 40)
            # Mostly ASCII, as card text is, with new characters arriving over time.
            pool = alphabet[: 95 + n // 10]
            texts.append("".join(rng.choice(pool) for _ in range(size)))
    return texts


def test_same_runs_and_codes_as_reportlab():
    path = str(FONTS_DIR / FACES["RobotoCondensed"])
    ours, theirs = SubsetFont("SplitOurs", path), TTFont("SplitTheirs", path)
    doc_ours, doc_theirs = _Doc(), _Doc()
    fast = 0
    for text in _texts(7):
        before = len(ours.state[doc_ours].assignments) if doc_ours in ours.state else -1
        got = ours.splitString(text, doc_ours)
        assert got == theirs.splitString(text, doc_theirs), text
        if before == len(ours.state[doc_ours].assignments) and got and all(s == 0 for s, _ in got):
            fast += 1
    state_ours, state_theirs = ours.state[doc_ours], theirs.state[doc_theirs]
    assert state_ours.assignments == state_theirs.assignments
    assert state_ours.subsets == state_theirs.subsets
    assert state_ours.nextCode == state_theirs.nextCode
    assert len(state_ours.subsets) > 1  # the text did spill past the first subset
    assert fast > 1000  # and most of it went through the table


def test_each_document_keeps_its_own_codes():
    """Two documents drawn at once give codes independently, as reportlab's font does."""
    path = str(FONTS_DIR / FACES["RobotoCondensed"])
    font, reference = SubsetFont("SplitTwoDocs", path), TTFont("SplitRef", path)
    first, second, ref_first, ref_second = _Doc(), _Doc(), _Doc(), _Doc()
    for doc, ref in ((first, ref_first), (second, ref_second)):
        assert font.splitString("\u03a9\u03a8\u03a6" if doc is first else "\u03a6\u03a8\u03a9", doc) == \
            reference.splitString("\u03a9\u03a8\u03a6" if doc is first else "\u03a6\u03a8\u03a9", ref)
    for text in ("\u03a6\u03a9", "\u03a9x\u03a8", "abc\u03a6"):
        assert font.splitString(text, first) == reference.splitString(text, ref_first)
        assert font.splitString(text, second) == reference.splitString(text, ref_second)
    # Not ASCII, which reportlab keeps readable (a = 'a' in every document): codes in order of arrival.
    assert font.splitString("\u03a9", first) != font.splitString("\u03a9", second)
