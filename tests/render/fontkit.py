"""Small real fonts made for the tests with fontTools: every listed character is a solid box, so a
test can see on rasterised pixels that a glyph was drawn and by which font (each font's box has
its own width). TrueType (glyf) or OpenType/CFF outlines; any code point (emoji included)."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen


def _box(pen, width: int) -> None:
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((width - 50, 700))
    pen.lineTo((width - 50, 0))
    pen.closePath()


def box_font(path: Path, family: str, chars: str, advance: int = 900, cff: bool = False) -> Path:
    """Write a font named ``family`` whose glyphs for ``chars`` are solid boxes ``advance`` wide."""
    names = [".notdef", "space"] + [f"u{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({32: "space", **{ord(c): f"u{ord(c):04X}" for c in chars}})
    metrics = {n: (advance if n not in (".notdef", "space") else 300, 50) for n in names}
    if cff:
        strings = {}
        for n in names:
            pen = T2CharStringPen(metrics[n][0], None)
            if n not in (".notdef", "space"):
                _box(pen, advance)
            strings[n] = pen.getCharString()
        fb.setupCFF(family.replace(" ", ""), {"FullName": f"{family} Regular"}, strings, {})
    else:
        glyphs = {}
        for n in names:
            pen = TTGlyphPen(None)
            if n not in (".notdef", "space"):
                _box(pen, advance)
            glyphs[n] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, fsType=0)
    fb.setupPost()
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))
    return path
