"""Card templates as small frozen values: styles, shapes, boxes, icons. No reportlab, no files.

Geometry is written in millimetres (or ``"50%"`` of the enclosing box) with y growing downwards
from the trim box's top-left corner, as a designer measures a card. Font sizes and stroke widths
are points. Text, colours and ``when:`` conditions may be Jinja2 expressions; they are kept as
source strings here and evaluated per card by ``pnpgen.template.resolve``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from pnpgen.location import Location

Colour = tuple[float, float, float, float]  # r, g, b, alpha in 0..1
Length = Union[float, str]  # mm, or "NN%" of the enclosing box


# The template file and line a value came from: the spec's ``Location`` under the name the
# template modules and their callers use.
Where = Location


class TemplateError(ValueError):
    """A template is wrong; the message starts with ``file:line:`` and names the key."""

    def __init__(self, where: Where | None, message: str) -> None:
        self.where = where
        self.detail = message
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Style:
    """How text in a box is set. ``font``/``bold_font`` are bundled face names or aliases, or a
    game's own fonts; so are ``italic_font`` and ``bold_italic_font``, the faces of ``*italic*`` and
    ``***bold italic***`` markup (None: the text is set upright, and the validator says so)."""

    font: str = "body"
    bold_font: str = "bold"
    italic_font: str | None = None
    bold_italic_font: str | None = None
    size: float = 8.0
    min_size: float | None = None  # None: never shrink below ``size``
    color: str = "#000000"  # colour, palette name or Jinja expression
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    leading: float = 1.15  # line distance as a multiple of the font size
    case: str = "none"  # none | upper | lower
    wrap: bool = True  # False: one line, shrink to fit its width
    hyphenate: bool = True
    padding: float = 0.0  # mm inside the box on every side
    fallback: tuple[str, ...] = ()  # fonts for characters ``font`` lacks, tried in order

    @property
    def smallest(self) -> float:
        return self.size if self.min_size is None else self.min_size


@dataclass(frozen=True)
class Shape:
    """A shape: rect, roundrect, ellipse, line, polygon, text or image.

    Rect-like kinds use x, y, w, h; line and polygon use ``points``. ``bleed`` extends every
    edge lying on the trim edge outwards by the bleed, so backgrounds reach the cut safely.
    ``fill2`` makes the fill a vertical gradient (fill at the top, fill2 at the bottom).
    """

    kind: str
    where: Where
    x: Length = 0.0
    y: Length = 0.0
    w: Length = "100%"
    h: Length = "100%"
    r: float = 1.0  # roundrect corner radius, mm
    points: tuple[tuple[Length, Length], ...] = ()
    fill: str | None = None
    fill2: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5  # pt
    dash: tuple[float, ...] = ()  # pt on/off
    bleed: bool = False
    when: str | None = None  # Jinja expression; shape drawn only when true
    text: str | None = None  # kind: text — the string (a Jinja template)
    font: str = "bold"
    size: float = 8.0  # pt (for icons: fraction of the running text size)
    align: str = "center"
    # kind: image — a path or Jinja template (``"{{ card.art }}"``), how it fills its box, the
    # point of the image kept in view when ``cover`` crops it (fractions, 0.5 = centre), its opacity.
    src: str | None = None
    fit: str = "cover"  # cover | contain | stretch | none
    focus: tuple[float, float] = (0.5, 0.5)
    opacity: float = 1.0
    base: str = ""  # real folder of the template file that wrote this shape (relative ``src``)
    # ``--ink-saver``: "heavy" always drawn light, "normal" never; None decides from colour and area.
    ink: str | None = None


@dataclass(frozen=True)
class Box:
    """A named area on the card: shapes drawn in it, then its text fitted into it."""

    name: str
    where: Where
    x: Length
    y: Length
    w: Length
    h: Length
    style: Style = Style()
    text: str | None = None  # Jinja template; empty result: the box draws nothing
    shapes: tuple[Shape, ...] = ()
    when: str | None = None
    order: float = 0.0


@dataclass(frozen=True)
class Icon:
    """An inline glyph for running text, e.g. Xenoshyft's ``(W)``.

    Shapes are in em units (1 = the running font size), origin at the left end of the
    baseline, y growing upwards like a font glyph; ``width`` is the advance in em.
    Colours may be ``text`` for the running text colour.
    """

    name: str
    token: str
    width: float
    shapes: tuple[Shape, ...]
    where: Where


@dataclass(frozen=True)
class IconSet:
    """All icons of one game, matched in running text by their token (longest first)."""

    icons: tuple[Icon, ...] = ()

    # Every fitted text is cached by its arguments, this set among them: hashing every icon's
    # shapes on each lookup cost more than some fits. The hash is kept once computed, and left out
    # when pickled (string hashes differ between processes).
    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(self.icons)
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self):
        return IconSet, (self.icons,)

    def by_token(self) -> dict[str, Icon]:
        return {i.token: i for i in self.icons}

    def token(self, name: str) -> str:
        """The token of the icon called ``name`` (for templates writing markers)."""
        for i in self.icons:
            if i.name == name:
                return i.token
        raise KeyError(name)


@dataclass(frozen=True)
class Template:
    """One face design (front or back) for one card type, with ``extends`` already merged."""

    name: str
    where: Where
    size: str | None = None
    palette: dict[str, Colour] = field(default_factory=dict, hash=False, compare=False)
    vars: tuple[tuple[str, str, Where], ...] = ()  # (name, Jinja source, where it is written)
    background: tuple[Shape, ...] = ()
    boxes: tuple[Box, ...] = ()
    overlay: tuple[Shape, ...] = ()
    icons: IconSet = IconSet()
    back: "Template | None" = None
