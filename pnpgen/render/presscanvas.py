"""What a press canvas does beyond reportlab's: inks chosen by what a colour is drawn as, and
transparency groups in CMYK.

reportlab hands every colour set on a canvas or a text object to one hook (``rlcompat.colour_hook``)
before it knows what the colour will paint. :func:`install` makes the canvas say it:

- a text object's colours are inked as **text**; text drawn with the canvas's fill colour
  (``drawString``) gets that colour inked as text, set inside its own ``BT … ET``;
- a stroke of the canvas's stroke colour no wider than ``colour.THIN_STROKE`` (as drawn, after the
  canvas's transforms: a picture's line art is scaled) is inked as a **line** (the colour is set
  again just before the path, and back after it);
- everything else is an **area**, unless drawn inside :func:`ink_use` (icons in a line of text);
- with ``groups`` (PDF/X-4), every page and form that holds transparency (an opacity below 1, a
  blend mode, a picture with a soft mask, or a form that does) gets a transparency group whose
  colour space is DeviceCMYK — the output intent's space — so a RIP blends see-through shapes in
  the inks it prints, as the X-1a flattener does (``rasterflat``).

``ink(value, use)`` decides the inks (``pdfx``: the CMYK converter; ``rasterflat``: one of its
channel renders); this module only tells it the use and writes what it answers.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFFormXObject, PDFName, PDFPage, PDFStream, xObjectName

from pnpgen.render import rlcompat
from pnpgen.render.colour import THIN_STROKE

_CLASSES: dict[type, type] = {}


def install(canvas: Any, ink: Callable[[Any, str], Any], groups: bool = False) -> None:
    """Make ``canvas`` ink its colours by use through ``ink(value, use)`` (see the module)."""
    base = type(canvas)
    cls = _CLASSES.get(base)
    if cls is None:
        cls = _CLASSES[base] = type(f"Press{base.__name__}", (_InkMixin, base), {})
    canvas.__class__ = cls
    canvas._pnp_ink = ink
    canvas._pnp_use = "area"
    canvas._pnp_groups = groups
    canvas._pnp_see_through = set()
    rlcompat.set_colour_hook(canvas, canvas._pnp_area_ink)


@contextmanager
def ink_use(canvas: Any, use: str):
    """Colours set on ``canvas`` in this block are inked as ``use`` (a no-op on an RGB canvas)."""
    if getattr(canvas, "_pnp_ink", None) is None:
        yield
        return
    before, canvas._pnp_use = canvas._pnp_use, use
    try:
        yield
    finally:
        canvas._pnp_use = before


def _scale(matrix) -> float:
    """How much a transform scales lengths (the geometric mean of its two axes): a stroke's width
    in a picture's own units becomes this many times as wide on the page or card."""
    a, b, c, d, _, _ = matrix
    return abs(a * d - b * c) ** 0.5


def _values(colour) -> tuple:
    if hasattr(colour, "cyan"):
        d = colour.density
        return ("k", colour.cyan * d, colour.magenta * d, colour.yellow * d, colour.black * d)
    return ("rg", colour.red, colour.green, colour.blue)


def _op(colour, fill: bool) -> str:
    """The operator setting ``colour`` (as ``ink`` answered it) as the fill or stroke colour."""
    kind, *v = _values(colour)
    return f"{fp_str(*v)} {kind if fill else kind.upper()}"


class _GroupForm(PDFFormXObject):
    """A form XObject that is a transparency group (``_pnp_group``)."""

    _pnp_group = None

    def format(self, document):
        if self.Contents is None:  # reportlab's own way of making it, so the dictionary can be added to
            stream = PDFStream()
            stream.content = self.stream
            rlcompat.set_comment(stream, "xobject form stream")
            self.Contents = stream
        self.Contents.dictionary["Group"] = self._pnp_group
        return super().format(document)


class _InkMixin(rlcompat.FinishHook):
    _pnp_ink: Callable[[Any, str], Any]
    _pnp_use: str

    def _pnp_area_ink(self, value):
        out = self._pnp_ink(value, self._pnp_use)
        try:
            out._pnp_src = value  # kept with the canvas's colour (and its state stack) for re-inking
        except AttributeError:
            pass
        return out

    # -- text ------------------------------------------------------------------------------------------
    def beginText(self, *args, **kwargs):
        t = super().beginText(*args, **kwargs)
        rlcompat.set_colour_hook(t, lambda value: self._pnp_ink(value, "text"))
        return t

    def drawText(self, aTextObject):
        if rlcompat.text_sets_own_fill(aTextObject) or self._pnp_use == "text":
            return super().drawText(aTextObject)  # inked as text already
        current = rlcompat.fill_colour(self)
        src = getattr(current, "_pnp_src", None)
        as_text = None if src is None else self._pnp_ink(src, "text")
        if as_text is None or _values(as_text) == _values(current):
            return super().drawText(aTextObject)
        rlcompat.text_code(aTextObject).insert(1, _op(as_text, fill=True))  # right after BT
        super().drawText(aTextObject)
        rlcompat.page_code(self).append(_op(current, fill=True))

    # -- thin strokes ----------------------------------------------------------------------------------
    @contextmanager
    def _pnp_stroke(self, stroke):
        current = rlcompat.stroke_colour(self)
        src = getattr(current, "_pnp_src", None) if stroke and self._pnp_use != "text" else None
        as_line = None
        if src is not None and rlcompat.line_width(self) * _scale(rlcompat.current_matrix(self)) <= THIN_STROKE:
            as_line = self._pnp_ink(src, "line")
            if _values(as_line) == _values(current):
                as_line = None
        if as_line is None:
            yield
            return
        # Before the path: no colour operator may stand between a path and its painting.
        rlcompat.page_code(self).append(_op(as_line, fill=False))
        yield
        rlcompat.page_code(self).append(_op(current, fill=False))

    def drawPath(self, aPath, stroke=1, fill=0, fillMode=None):
        with self._pnp_stroke(stroke):
            super().drawPath(aPath, stroke, fill, fillMode)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        with self._pnp_stroke(stroke):
            super().rect(x, y, width, height, stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        with self._pnp_stroke(stroke):
            super().roundRect(x, y, width, height, radius, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        with self._pnp_stroke(stroke):
            super().ellipse(x1, y1, x2, y2, stroke, fill)

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0):
        with self._pnp_stroke(stroke):
            super().circle(x_cen, y_cen, r, stroke, fill)

    def line(self, x1, y1, x2, y2):
        with self._pnp_stroke(True):
            super().line(x1, y1, x2, y2)

    def lines(self, linelist):
        with self._pnp_stroke(True):
            super().lines(linelist)

    # -- transparency groups ---------------------------------------------------------------------------
    def pnp_finishing(self, obj):
        if not self._pnp_groups or not self._pnp_transparent():
            return
        group = PDFDictionary({"S": PDFName("Transparency"), "CS": PDFName("DeviceCMYK")})
        if isinstance(obj, PDFPage):
            obj.Group = group
            rlcompat.write_also(obj, "Group")
        elif type(obj) is PDFFormXObject:
            obj.__class__ = _GroupForm
            obj._pnp_group = group
            self._pnp_see_through.add(rlcompat.form_being_drawn(self))

    def _pnp_transparent(self) -> bool:
        """Whether the page or form being finished holds transparency."""
        for key, value in rlcompat.graphics_state_items(self):
            if (key in ("ca", "CA") and value < 1) or (key == "BM" and value != "/Normal"):
                return True
        objects = rlcompat.document(self).idToObject
        for name in rlcompat.forms_in_use(self):
            if name in self._pnp_see_through or getattr(objects.get(xObjectName(name)), "smask", None):
                return True
        return False
