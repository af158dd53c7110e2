"""Content-stream operators for shaped text: glyph runs placed where HarfBuzz put them, and each
shaped line wrapped in an ActualText span so its text extracts in logical order.

A run is shown in its :class:`~pnpgen.render.glyphfont.GlyphFont` (codes are glyph ids) with one
``TJ`` array: the number before each glyph moves the pen from where the previous glyph's PDF width
left it to HarfBuzz's position (advance plus offset); a vertical offset (a mark above a base
letter) is a text rise (``Ts``). The text position ends at the run's shaped advance, where the next
run of the line starts, exactly as :func:`pnpgen.render.pdfdoc.text_out` leaves it for plain runs.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str

from pnpgen.render import rlcompat
from pnpgen.render.glyphfont import advance_of, glyph_font, pdf_width


def is_shaped(line) -> bool:
    """True when ``line`` (a textfit Line) was laid out by the shaped path."""
    return any(getattr(run, "glyphs", None) is not None for run in line.runs)


def line_text(line) -> str:
    """The line's text in logical order: its shaped runs' texts by where they start in it."""
    runs = sorted((r for r in line.runs if getattr(r, "glyphs", None) is not None), key=lambda r: r.glyphs.start)
    return "".join(r.text for r in runs)


def needs_actual_text(line) -> bool:
    """Whether ``line`` is wrapped in an ActualText span: a line of a left-to-right paragraph. Text
    extractors (pdfium, poppler) read a line's glyphs in drawing order and apply the bidi algorithm
    to them, ActualText included: on a right-to-left line that puts right what the glyphs' ToUnicode
    text gives and reverses the logical ActualText, while on a left-to-right line only the span
    gives a nested right-to-left run's words, or reordered Devanagari vowel signs, in order."""
    return not line.rtl and is_shaped(line)


def begin_line(text_object, line) -> None:
    """Open the ActualText span of a shaped line (ISO 32000-1, 14.9.4)."""
    actual = ("\ufeff" + line_text(line)).encode("utf-16-be").hex().upper()
    rlcompat.text_code(text_object).append(f"/Span <</ActualText <{actual}>>> BDC")


def end_line(text_object) -> None:
    rlcompat.text_code(text_object).append("EMC")


def glyph_out(text_object, run, size: float) -> None:
    """Show a shaped ``run`` (a textfit Run with ``glyphs``) at the current text position."""
    g = run.glyphs
    font = glyph_font(run.font)
    doc = rlcompat.text_document(text_object)
    code = [f"{font.resource(doc)} {fp_str(size)} Tf"]
    font.use(doc, g.ids, g.clusters, run.text, g.rtl)
    k = 1000.0 / g.upem
    pen = 0.0  # HarfBuzz's pen, thousandths of the em from the run's start
    at = 0.0  # where the PDF's text position is
    rise = 0
    items: list[str] = []

    def flush() -> None:
        if items:
            code.append(f"[{''.join(items)}] TJ")
            items.clear()

    for gid, adv, dx, dy in zip(g.ids, g.advances, g.x_offsets, g.y_offsets):
        if dy != rise:
            flush()
            code.append(f"{fp_str(dy * k * size / 1000.0)} Ts")
            rise = dy
        target = pen + dx * k
        _move(items, at - target)
        _glyph(items, gid)
        at = target + pdf_width(advance_of(run.font, gid), g.upem)
        pen += adv * k
    _move(items, at - pen)
    flush()
    if rise:
        code.append("0 Ts")
    rlcompat.text_code(text_object).append(" ".join(code))


def _move(items: list[str], amount: float) -> None:
    """A TJ number (thousandths of the em, positive moves left), none when it is nothing."""
    if abs(amount) > 1e-6:
        items.append(f" {fp_str(amount)} ")


def _glyph(items: list[str], gid: int) -> None:
    if items and items[-1].endswith(">"):  # glyphs with no move between share one hex string
        items[-1] = items[-1][:-1] + f"{gid:04X}>"
    else:
        items.append(f"<{gid:04X}>")
