"""Resolve a template for one card: evaluate every expression, place every box, in points.

The result (:class:`ResolvedFace`) is plain data — shapes and text boxes with colours, points
and final strings — so drawing (``pnpgen.render.face``) and measuring for the validator share
exactly this step and differ only in whether a canvas is involved. Coordinates here are PDF
style: points, origin at the trim box's bottom-left, y up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from pnpgen.template import expr
from pnpgen.template.budget import face_clock
from pnpgen.template.builddate import build_values
from pnpgen.template.numbering import card_number
from pnpgen.template.colour import ColourError, parse_colour, to_hex
from pnpgen.template.model import Box, Colour, IconSet, Length, Shape, Style, Template, TemplateError, Where
from pnpgen.errors import ImageError, SpecError
from pnpgen.pickling import by_fields
from pnpgen.units import mm

_CARD_FIELD = re.compile(r"^\{\{\s*card\.(\w+)\s*\}\}$")

_EPS = 1e-6


# Not frozen: a large deck makes and (from worker processes) unpickles hundreds of thousands of
# these, and a frozen slotted dataclass is built and unpickled through Python-level setattr
# (3-4x slower). Still hashable and compared by value; nothing changes one once made.
@by_fields
@dataclass(slots=True, unsafe_hash=True)
class ShapeOp:
    kind: str
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    r: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    fill: Colour | None = None
    fill2: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = 0.5
    dash: tuple[float, ...] = ()
    text: str = ""
    font: str = "bold"
    size: float = 8.0
    align: str = "center"
    # kind: image — the real path (already confined by the game's resolver), fit, focus, opacity;
    # ``where`` is the template line that placed it, for messages about the picture.
    src: str = ""
    fit: str = "cover"
    focus: tuple[float, float] = (0.5, 0.5)
    opacity: float = 1.0
    bleed: bool = False
    where: str = ""
    # The template line of any shape, for press-output messages (PDF/X-1a flattening). Not part of
    # equality, so shapes from different lines still share one drawn form.
    origin: str = field(default="", compare=False)
    ink: str = ""  # the template's ``ink:`` mark: "heavy", "normal" or "" (decided by colour and area)


@by_fields
@dataclass(slots=True, unsafe_hash=True)
class TextOp:
    """Text to fit in the rectangle (already inside the style's padding)."""

    box: str
    where: Where
    x: float
    y: float
    w: float
    h: float
    text: str
    style: Style
    color: Colour


Op = Union[ShapeOp, TextOp]


@dataclass(frozen=True)
class ResolvedFace:
    width: float
    height: float
    ops: tuple[Op, ...]
    icons: IconSet
    language: str = "en_US"  # hyphenation dictionary (the game's ``language``)


class _FaceView:
    """``game`` and ``card_type`` in templates: a few attributes, no access to the rest."""

    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)


def make_context(game: Any, card: Any | None, card_type: Any, template: Template,
                 build: dict[str, Any] | None = None) -> dict[str, Any]:
    """The names a template sees: card (with its number in the set), game (with ``version`` when
    game.yaml gives one), card_type, build (``pnpgen.template.builddate``; read from the environment
    when not given), palette (hex strings), then its vars."""
    version = getattr(game, "version", None)
    ctx: dict[str, Any] = {
        "card": expr.CardView(card, card_number(game, card)) if card is not None else None,
        "game": _FaceView(id=game.id, name=game.name, **({"version": version} if version is not None else {})),
        "build": _FaceView(**(build_values() if build is None else build)),
        "card_type": _FaceView(id=card_type.id, name=card_type.name, back=card_type.back),
        "palette": dict(_palette_hex(template)),
        "icon": {i.name: i.token for i in template.icons.icons},
        # (name, value) of the card's fields, unknown as '?': for generic templates that list them.
        "fields": [(k, "?" if v is None else v) for k, v in card.fields.items()] if card is not None else [],
    }
    for name, src, where in template.vars:
        ctx[name] = expr.render(src, ctx, where, f"var {name!r}").strip()
    return ctx


def _by_identity(table: dict[int, tuple[Any, Any]], obj: Any, make: Any, most: int) -> Any:
    """``make(obj)``, computed once per object: keyed by identity, the object kept in the value so
    a reloaded template or a recycled id is never served another's result; cleared when full."""
    hit = table.get(id(obj))
    if hit is None or hit[0] is not obj:
        if len(table) >= most:
            table.clear()
        hit = table[id(obj)] = (obj, make(obj))
    return hit[1]


_PALETTES: dict[int, tuple[Template, dict[str, str]]] = {}


def _palette_hex(template: Template) -> dict[str, str]:
    """The template's palette as hex strings, made once per template (a copy goes to each card)."""
    return _by_identity(_PALETTES, template, lambda t: {k: to_hex(v) for k, v in t.palette.items()}, _STATIC_MAX)


def _len(v: Length, extent: float) -> float:
    if isinstance(v, str):
        return float(v[:-1]) / 100.0 * extent
    return mm(v)


def card_file_bases(card: Any, field: str | None) -> list[str | None]:
    """Where a path in card data is looked up: beside the file that wrote the field (a CSV row's
    file, a YAML card file), then the game's or expansion's folder (None)."""
    loc = card.where(field) or card.location
    return [str(Path(loc.file).parent) if loc else None, None]


@dataclass(frozen=True)
class ImageSource:
    """How an image shape finds its file: the game's resolver, and the folder of the card's file
    (a ``src`` taken from card data is relative to the file that names it, then to the folder)."""

    files: Any  # pnpgen.files.FileResolver
    card: Any = None  # the card drawn (None for backs)


class _Resolver:
    def __init__(self, template: Template, ctx: dict[str, Any], width: float, height: float, bleed: float,
                 images: ImageSource | None = None) -> None:
        self.t = template
        self.ctx = ctx
        self.W = width
        self.H = height
        self.bleed = bleed
        self.images = images
        self.ops: list[Op] = []
        self.static = _static_ops(template)

    def colour(self, src: str | None, where: Where, what: str) -> Colour | None:
        if src is None:
            return None
        value = expr.render(src, self.ctx, where, what).strip()
        if value in ("", "none", "None"):
            return None
        try:
            return parse_colour(value, self.t.palette)
        except ColourError as e:
            raise TemplateError(where, f"{what}: {e}") from None

    def when(self, src: str | None, where: Where, what: str) -> bool:
        return src is None or bool(expr.evaluate(src, self.ctx, where, what))

    def rect(self, fx: float, fy: float, fw: float, fh: float, x: Length, y: Length, w: Length, h: Length) -> tuple[float, float, float, float]:
        """A y-down rectangle inside frame (fx, fy, fw, fh) -> y-up trim points."""
        rx, ry = fx + _len(x, fw), fy + _len(y, fh)
        rw, rh = _len(w, fw), _len(h, fh)
        return rx, self.H - (ry + rh), rw, rh

    def image_path(self, s: Shape) -> str:
        """The confined real path of an image shape's picture ('' when the card gives none)."""
        value = expr.render(s.src or "", self.ctx, s.where, "image src").strip()
        if not value or value == "?":
            return ""  # no art (or art not known yet): the shape draws nothing
        if self.images is None:
            raise TemplateError(s.where, f"image {value!r}: images need the game's folder to be found")
        card = self.images.card
        field = None
        if "{" in (s.src or "") and card is not None:
            # Named by card data: relative to the card's file, then the game folder; errors point
            # at the card's field when the src is just ``{{ card.<field> }}``.
            m = _CARD_FIELD.match(s.src or "")
            field = m.group(1) if m else None
            loc = card.where(field) or card.location
            bases = card_file_bases(card, field)
            where = (loc.file, loc.line) if loc else (s.where.file, s.where.line)
        else:  # written in the template: relative to the template file, then the game folder
            bases = [s.base or None, None]
            where = (s.where.file, s.where.line)
        from pnpgen.render.images import info

        files = self.images.files
        try:
            path = str(files.locate_first(value, bases, what="image", where=where))
            info(path)  # a picture that cannot be drawn (too many pixels, damaged) is named with its card here
        except SpecError as err:
            kind = type(err) if isinstance(err, ImageError) else ImageError  # keeps PictureRefused for IMG001
            raise kind(err.message, file=err.file or where[0], line=err.line or where[1],
                       card=card.id if card else None, field=field, hint=err.hint) from None
        return path

    def shape(self, s: Shape, frame: tuple[float, float, float, float]) -> None:
        if _is_static(s):
            key = (id(s), frame, self.W, self.H, self.bleed)
            hit = self.static.get(key)
            if hit is None or hit[0] is not s:
                start = len(self.ops)
                self._shape(s, frame)
                hit = self.static[key] = (s, tuple(self.ops[start:]))
                return
            self.ops.extend(hit[1])
            return
        self._shape(s, frame)

    def _shape(self, s: Shape, frame: tuple[float, float, float, float]) -> None:
        if not self.when(s.when, s.where, "shape when"):
            return
        fx, fy, fw, fh = frame
        if s.kind == "image":
            src = self.image_path(s)
            if not src:
                return
            x, y, w, h = self.rect(fx, fy, fw, fh, s.x, s.y, s.w, s.h)
            if s.bleed and self.bleed > 0:
                x, y, w, h = self._bleed_rect(x, y, w, h)
            self.ops.append(_shared(ShapeOp(kind="image", x=x, y=y, w=w, h=h, r=mm(s.r), src=src, fit=s.fit,
                                            focus=s.focus, opacity=s.opacity, bleed=s.bleed, where=str(s.where),
                                            ink=s.ink or "")))
            return
        x, y, w, h = self.rect(fx, fy, fw, fh, s.x, s.y, s.w, s.h)
        pts = tuple((fx + _len(px, fw), self.H - (fy + _len(py, fh))) for px, py in s.points)
        if s.bleed and self.bleed > 0:
            x, y, w, h = self._bleed_rect(x, y, w, h)
            pts = tuple((self._out(px, self.W), self._out(py, self.H)) for px, py in pts)
        self.ops.append(_shared(
            ShapeOp(
                kind=s.kind, x=x, y=y, w=w, h=h, r=mm(s.r), points=pts,
                fill=self.colour(s.fill, s.where, "fill"),
                fill2=self.colour(s.fill2, s.where, "fill2"),
                stroke=self.colour(s.stroke, s.where, "stroke"),
                stroke_width=s.stroke_width, dash=s.dash,
                text=expr.render(s.text, self.ctx, s.where, "shape text") if s.text else "",
                font=s.font, size=s.size, align=s.align, origin=str(s.where), ink=s.ink or "",
            )
        ))

    def _out(self, v: float, extent: float) -> float:
        if v <= _EPS:
            return v - self.bleed
        if v >= extent - _EPS:
            return v + self.bleed
        return v

    def _bleed_rect(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        x2, y2 = self._out(x + w, self.W), self._out(y + h, self.H)
        x1, y1 = self._out(x, self.W), self._out(y, self.H)
        return x1, y1, x2 - x1, y2 - y1

    def box(self, b: Box) -> None:
        if not self.when(b.when, b.where, f"box {b.name!r} when"):
            return
        text = ""
        if b.text is not None:
            text = expr.render(b.text, self.ctx, b.where, f"box {b.name!r} text").strip()
            if not text:
                return  # an empty value draws nothing, not even the badge behind it
        key = (id(b), self.W, self.H)  # a box's place is the same on every card
        hit = self.static.get(key)
        if hit is None or hit[0] is not b:
            hit = self.static[key] = (b, self.rect(0.0, 0.0, self.W, self.H, b.x, b.y, b.w, b.h))
        x, y, w, h = hit[1]
        frame = (x, self.H - (y + h), w, h)
        for s in b.shapes:
            self.shape(s, frame)
        if text:
            pad = mm(b.style.padding)
            colour = self.colour(b.style.color, b.where, f"box {b.name!r} color") or (0, 0, 0, 1)
            self.ops.append(TextOp(b.name, b.where, x + pad, y + pad, w - 2 * pad, h - 2 * pad, text, b.style, colour))


# Most shapes are the same on every card of a type (frame, bands, badges): one shared object per
# distinct shape keeps the resolved-face cache from holding thousands of equal copies. Drawing
# already treats equal shape runs as one (``face._shape_run``), so sharing changes no output.
_SHAPES: dict[tuple[ShapeOp, str], ShapeOp] = {}
_SHAPES_MAX = 65536


def _shared(op: ShapeOp) -> ShapeOp:
    # Keyed with the template line too: equal shapes of two templates must keep their own line
    # for PDF/X-1a messages (``origin`` is left out of equality on purpose).
    key = (op, op.origin)
    hit = _SHAPES.get(key)
    if hit is None:
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        _SHAPES[key] = hit = op
    return hit


def _is_static(s: Shape) -> bool:
    """Whether a shape resolves the same on every card: no ``when``, no template in its colours or
    text, and no picture (whose file is found per card)."""
    return _by_identity(_STATIC_SHAPE, s, lambda s: s.when is None and s.kind != "image" and not any(
        v and "{" in v for v in (s.fill, s.fill2, s.stroke, s.text)), _SHAPES_MAX)


# A card-independent shape is resolved once per template, frame and card size: the same
# ShapeOps (already shared) are reused for every card. Per template because a shape inherited
# through ``extends`` reads its palette from the template using it.
_STATIC_SHAPE: dict[int, tuple[Shape, bool]] = {}
_STATIC: dict[int, tuple[Template, dict]] = {}
_STATIC_MAX = 256


def _static_ops(template: Template) -> dict:
    return _by_identity(_STATIC, template, lambda t: {}, _STATIC_MAX)


def resolve_face(template: Template, ctx: dict[str, Any], width: float, height: float, bleed: float = 0.0,
                 images: ImageSource | None = None, language: str = "en_US") -> ResolvedFace:
    """Every shape and text box of ``template`` for the card in ``ctx``, in drawing order."""
    with face_clock():  # the face's texts share one CPU bound (docs/security.md)
        r = _Resolver(template, ctx, width, height, bleed, images)
        whole = (0.0, 0.0, width, height)
        for s in template.background:
            r.shape(s, whole)
        for b in template.boxes:
            r.box(b)
        for s in template.overlay:
            r.shape(s, whole)
    return ResolvedFace(width, height, tuple(r.ops), template.icons, language)
