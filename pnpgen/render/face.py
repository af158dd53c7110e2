"""Draw one card face or back on a reportlab canvas, and measure a card's text without one.

``draw_face`` and ``measure_card`` share every step up to the canvas: template lookup,
expression evaluation (``pnpgen.template.resolve``) and text fitting (``textfit``). Text that
does not fit at the style's minimum size is never clipped silently: the lines that fit are
drawn and an :class:`Overflow` names the card, the box and the text left over; callers decide
whether that is an error (``TextOverflowError``) or a report line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnpgen.render import pdfx, rasterflat
from pnpgen.render.flatten import flatten
from pnpgen.render.fonts import register_fonts
from pnpgen.render.inksaver import lighten
from pnpgen.render.textfit import FitResult, tokenize
from pnpgen.render.textlayout import fit_text, fits_box, forget as forget_fits
from pnpgen.template import TemplateLibrary, make_context, resolve_face
from pnpgen.files import resolver_for
from pnpgen.template.builddate import build_values
from pnpgen.template.numbering import card_number
from pnpgen.template.resolve import ImageSource, ResolvedFace, ShapeOp, TextOp

DEFAULT_SIZE = "poker"
_LIBRARY: TemplateLibrary | None = None


_EXPANSION_LIBRARIES: dict[str, TemplateLibrary] = {}


def default_library() -> TemplateLibrary:
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = TemplateLibrary()
    return _LIBRARY


def library_for(game: Any) -> TemplateLibrary:
    """The templates ``game`` is drawn with: the ``templates/`` folder of an expansion (as named in
    its pnpgen.yaml) or of a standalone game (beside its game.yaml), searched before the bundled
    ones; else the shared default library."""
    expansion = getattr(game, "expansion", None)
    if expansion is not None:
        folder, home = expansion.templates, expansion.directory
    else:
        home = getattr(game, "directory", "") or ""
        folder = _templates_in(home) if home else None
    # Asked for every card: os.path rather than pathlib, whose parsing cost more than the stat.
    if not folder or not os.path.isdir(folder):
        return default_library()
    if folder not in _EXPANSION_LIBRARIES:
        _EXPANSION_LIBRARIES[folder] = TemplateLibrary(search_path=(Path(folder),), home=home)
    return _EXPANSION_LIBRARIES[folder]


@lru_cache(maxsize=64)
def _templates_in(home: str) -> str:
    return str(Path(home) / "templates")


def forget_drawn_faces() -> None:
    """Drop the resolved faces and fitted texts kept for reuse: after a large deck of distinct
    cards is drawn they would not be asked for again, and the file still to be written and the
    validation's findings can use their memory."""
    _FACES.clear()
    forget_fits()
    tokenize.cache_clear()


def reset_libraries() -> None:
    """Forget every loaded template and resolved face: call after template files change."""
    global _LIBRARY
    _LIBRARY = None
    _EXPANSION_LIBRARIES.clear()
    _FACES.clear()


@dataclass(frozen=True)
class Overflow:
    """Text that did not fit its box even at the style's minimum size."""

    card_id: str
    box: str
    leftover: str
    size: float
    where: str  # template file:line of the box

    def __str__(self) -> str:
        return f"{self.where}: card {self.card_id!r}, box {self.box!r}: text does not fit at {self.size:g} pt; left over: {self.leftover!r}"


class TextOverflowError(ValueError):
    def __init__(self, overflows: list[Overflow]) -> None:
        self.overflows = overflows
        super().__init__("text does not fit:\n" + "\n".join(f"  {o}" for o in overflows))


@dataclass(frozen=True)
class FitReport:
    """How one box's text fitted, for the validator."""

    card_id: str
    box: str
    where: str
    text: str
    size: float  # size used
    max_size: float
    min_size: float
    lines: int
    fits: bool
    overflow: str


def face_size(game: Any, type_id: str, library: TemplateLibrary | None = None) -> tuple[float, float]:
    """Trim width and height in points: the card type's size, else the template's, else poker."""
    from pnpgen.spec.sizes import size_from_value

    ct = game.card_types[type_id]
    if ct.size is not None:
        return ct.size.width, ct.size.height
    t = (library or library_for(game)).load(game.id, type_id)
    s = size_from_value(t.size or DEFAULT_SIZE)
    return s.width, s.height


def _fit(op: TextOp, icons, language: str = "en_US") -> FitResult:
    st = op.style
    return fit_text(op.text, op.w, op.h, st.font, st.size, st.min_size, st.leading, st.bold_font, icons, st.wrap,
                    st.hyphenate, st.case, st.fallback, language, st.italic_font, st.bold_italic_font)


def _fits(op: TextOp, icons, language: str = "en_US") -> bool:
    """``_fit(op, icons, language).fits``, without making the lines."""
    st = op.style
    return fits_box(op.text, op.w, op.h, st.font, st.size, st.min_size, st.leading, st.bold_font, icons, st.wrap,
                    st.hyphenate, st.case, st.fallback, language, st.italic_font, st.bold_italic_font)


# Resolved faces by (library, game id and name, card, type, side, bleed): the copies of a card
# resolve once. A face depends on the game only through its id, name and card type (what
# ``make_context`` exposes), so the key uses those rather than the Game object: an expansion
# reloaded on every save reuses its base game's Card objects and so their faces. The card and
# card-type objects are kept in the value and compared by identity, so a new Card with a reused
# id (e.g. after hand corrections) is never served a stale face.
_FACES: dict[tuple, tuple[Any, Any, ResolvedFace]] = {}
_FACES_MAX = 1024  # a build draws each face once; copies and the validator's reuse come soon after


def _resolve(game: Any, card: Any | None, type_id: str, side: str, bleed: float, library: TemplateLibrary | None,
             variant: str | None = None, ink_saver: bool = False) -> ResolvedFace:
    lib = library or library_for(game)
    ct = game.card_types[type_id]
    # The card's number in its set, the game's version and the build date are template values
    # too: part of the key, so a face is never served with another set size or date.
    build = build_values()
    numbering = card_number(game, card) if card is not None else None
    key = (id(lib), game.id, game.name, card.id if card is not None else None, type_id, side, round(bleed, 6), variant,
           ink_saver, numbering, getattr(game, "version", None), build.get("epoch"))
    hit = _FACES.get(key)
    if hit is not None and hit[0] is card and hit[1] is ct:
        return hit[2]
    t = lib.load(game.id, type_id, side, back_name=ct.back, variant=variant)
    w, h = face_size(game, type_id, lib)
    images = ImageSource(resolver_for(home_of(game, card)), card)
    face = resolve_face(t, make_context(game, card, ct, t, build), w, h, bleed, images,
                        getattr(game, "language", "en_US"))
    _within_budget(face, card, t)
    if ink_saver:
        face = lighten(face)
    if len(_FACES) >= _FACES_MAX:
        _FACES.clear()
    _FACES[key] = (card, ct, face)
    return face


def home_of(game: Any, card: Any | None) -> str:
    """The folder whose files a card (or a back, ``card`` None) may name: the expansion's for its
    own cards and backs, the base game's for base cards."""
    expansion = getattr(game, "expansion", None)
    if expansion is not None and (card is None or card.origin == expansion.id):
        return expansion.directory
    if expansion is not None:
        from pnpgen.spec.games import find_game_dir

        return str(find_game_dir(expansion.base))
    return game.directory or "."


def _within_budget(face: ResolvedFace, card: Any | None, template: Any) -> None:
    """The per-card render budget: a template (from a stranger) may not make one face draw more
    than so many shapes or so much text, whatever its loops and card data say."""
    from pnpgen.errors import SpecError
    from pnpgen.limits import limit, too_big

    who = card.id if card is not None else None
    if len(face.ops) > limit("face_shapes"):
        raise SpecError(f"the face draws {len(face.ops):,} shapes and text boxes", file=str(template.where.file),
                        line=template.where.line, card=who, hint=too_big("face_shapes", "fewer shapes"))
    text = sum(len(op.text) for op in face.ops if isinstance(op, TextOp))
    if text > limit("face_text"):
        raise SpecError(f"the face sets {text:,} characters of text", file=str(template.where.file),
                        line=template.where.line, card=who, hint=too_big("face_text", "shorter text"))


def resolved_front(game: Any, card: Any, bleed: float = 0.0) -> ResolvedFace:
    """``card``'s front resolved as ``draw_face`` draws it (shapes, pictures and text boxes, in points)."""
    return _resolve(game, card, card.type, "front", bleed, None)


def front_draws_pictures(game: Any, type_id: str) -> bool:
    """Whether the front template of ``type_id`` has any image shape (else no card of the type
    can draw a picture, whatever its data says)."""
    ct = game.card_types[type_id]
    t = library_for(game).load(game.id, type_id, "front", back_name=ct.back)
    shapes = (*t.background, *t.overlay, *(s for b in t.boxes for s in b.shapes))
    return any(s.kind == "image" for s in shapes)


def resolved_back(game: Any, type_id: str, bleed: float = 0.0, variant: str | None = None) -> ResolvedFace:
    """The back of ``type_id`` cards (of the cards whose back is ``variant``) resolved as ``draw_back`` draws it."""
    return _resolve(game, None, type_id, "back", bleed, None, variant)


def back_label(type_id: str, variant: str | None = None) -> str:
    """How a back is named where a card id would be (overflows, fit reports)."""
    return f"<back of {type_id}{f' ({variant})' if variant else ''}>"


_RUNS_BY_ID_MAX = 64


def _shape_run(canvas: Any, ops: tuple, face: ResolvedFace, bleed: float) -> None:
    """Draw consecutive shapes as one PDF form XObject, defined once per document and reused
    by every card with the same shapes (same frame, band, badges): far fewer bytes and
    float-formatting calls than redrawing ~30 paths per card. Order with text is preserved."""
    from pnpgen.render.face_draw import draw_shape

    forms = canvas.__dict__.setdefault("_pnpgen_forms", {})
    # Most runs are the very same shared ShapeOps card after card: found by identity first, which
    # skips hashing ~30 dataclasses per card. The entry holds the ops, so their ids stay theirs;
    # a front prepared in a worker brings its own copies, so the table is kept small.
    by_id = canvas.__dict__.setdefault("_pnpgen_forms_by_id", {})
    if len(by_id) >= _RUNS_BY_ID_MAX:
        by_id.clear()
    ids = tuple(map(id, ops))
    hit = by_id.get(ids)
    if hit is not None and all(a is b for a, b in zip(hit[0], ops)):
        canvas.doForm(hit[1])
        return
    name = forms.get(ops)
    if name is None:
        name = f"pnpgenFace{len(forms)}"
        pad = bleed + 2.0
        canvas.beginForm(name, -pad, -pad, face.width + pad, face.height + pad)
        for op in ops:
            pdfx.where(canvas, op.where or op.origin)
            draw_shape(canvas, op)
        _end_form(canvas)
        forms[ops] = name
    by_id[ids] = (ops, name)
    canvas.doForm(name)


def _end_form(canvas: Any) -> None:
    """``endForm`` with a complete resource dictionary. reportlab (5.x) gives a form only its
    XObjects, so alpha (ExtGState), gradients (Shading) and pictures drawn in it would be undefined
    in the PDF; the form gets the resources its content used (``pdfdoc.form_resources``)."""
    from pnpgen.render.pdfdoc import form_resources

    canvas.endForm(Resources=form_resources(canvas))


def _draw(canvas: Any, face: ResolvedFace, x: float, y: float, bleed: float, card_id: str,
          fits: tuple[FitResult, ...] | None = None) -> list[Overflow]:
    """``fits``: the face's text boxes already fitted, in order (``prepare_front``)."""
    from pnpgen.render.face_draw import draw_text, mark_overflow

    register_fonts()
    overflows: list[Overflow] = []
    canvas.saveState()
    canvas.translate(x + bleed, y + bleed)
    run: list = []
    ops = face.ops
    standard = getattr(canvas, "_pnp_standard", None)
    if standard is not None and not standard.transparency:
        ops = _opaque_ops(canvas, face, bleed)
        fits = None  # the flattened ops are other boxes in another order
    fitted = iter(fits or ())
    for op in ops + (None,):
        if isinstance(op, ShapeOp):
            run.append(op)
            continue
        if run:
            _shape_run(canvas, tuple(run), face, bleed)
            run = []
        if isinstance(op, rasterflat.RegionImage):
            rasterflat.draw_region(canvas, op, lambda c, raster_ops: _draw_plain(c, raster_ops, face))
        elif op is not None:
            fit = next(fitted) if fits is not None else _fit(op, face.icons, face.language)
            pdfx.where(canvas, str(op.where))
            draw_text(canvas, op, fit)
            if not fit.fits:
                overflows.append(Overflow(card_id, op.box, fit.overflow, fit.size, str(op.where)))
                mark_overflow(canvas, op)
    canvas.restoreState()
    return overflows


def _opaque_ops(canvas: Any, face: ResolvedFace, bleed: float) -> tuple:
    """PDF/X-1a: the face's ops with no transparency left: see-through shapes made opaque where
    that is exact (``flatten``, mixing in CMYK), the areas of the rest drawn as CMYK images (``rasterflat``)."""
    flat = tuple(flatten(list(face.ops), canvas._pnp_standard.converter))
    plan = rasterflat.plan(face.ops, flat, face.width, face.height, bleed, rasterflat.resolution())
    if plan is None:
        return flat
    dpi = f"{rasterflat.resolution():g}-dpi"
    for op in plan.see_through:
        pdfx.note(canvas, op.where or op.origin, "shapes",
                  f"see-through shapes flattened to a {dpi} CMYK image (PDF/X-1a forbids transparency); "
                  f"use --pdfx 4 to keep them as vectors")
    for op in plan.rasterised_text:
        where = str(op.where) if isinstance(op, TextOp) else op.where or op.origin
        what = f"text box {op.box!r}" if isinstance(op, TextOp) else f"label {op.text!r}"
        pdfx.note(canvas, where, "text",
                  f"{what} lies beneath see-through shapes, so where they are it is part of their {dpi} "
                  f"image, not vector text; draw it after them in the template, or use --pdfx 4")
    return plan.ops


def _draw_plain(canvas: Any, ops: tuple, face: ResolvedFace) -> None:
    """``ops`` drawn one by one on a plain RGB canvas, transparency and all (a region to rasterise)."""
    from pnpgen.render.face_draw import draw_shape, draw_text, mark_overflow

    for op in ops:
        if isinstance(op, TextOp):
            fit = _fit(op, face.icons, face.language)
            draw_text(canvas, op, fit)
            if not fit.fits:
                mark_overflow(canvas, op)
        else:
            draw_shape(canvas, op)


def draw_face(canvas: Any, game: Any, card: Any, x: float, y: float, bleed: float, library: TemplateLibrary | None = None,
              ink_saver: bool = False) -> list[Overflow]:
    """Draw ``card``'s front with its bleed box's bottom-left at (x, y) points.

    Backgrounds marked ``bleed`` extend ``bleed`` points past the trim. Returns the boxes whose
    text did not fit (drawn up to what fits); an empty list means everything is on the card.
    ``ink_saver`` draws ink-heavy shapes light (``pnpgen.render.inksaver``).
    """
    face = _resolve(game, card, card.type, "front", bleed, library, ink_saver=ink_saver)
    return _draw(canvas, face, x, y, bleed, card.id)


def prepare_front(game: Any, card: Any, bleed: float, ink_saver: bool = False) -> tuple[ResolvedFace, tuple[FitResult, ...]]:
    """Everything ``draw_face`` computes before the canvas: ``card``'s front resolved and its text
    boxes fitted, in drawing order (``pnpgen.render.prepare`` does this in worker processes)."""
    face = _resolve(game, card, card.type, "front", bleed, None, ink_saver=ink_saver)
    return face, tuple(_box_fits(face))


def _box_fits(face: ResolvedFace):
    """The fit of each text box of ``face``, in order, as drawing makes it."""
    register_fonts()
    return (_fit(op, face.icons, face.language) for op in face.ops if isinstance(op, TextOp))


def draw_prepared(canvas: Any, prepared: tuple[ResolvedFace, tuple[FitResult, ...]], x: float, y: float,
                  bleed: float, card_id: str) -> list[Overflow]:
    """Draw a front made by ``prepare_front``, exactly as ``draw_face`` would draw it."""
    face, fits = prepared
    return _draw(canvas, face, x, y, bleed, card_id, fits)


def draw_back(canvas: Any, game: Any, card_type_id: str, x: float, y: float, bleed: float,
              library: TemplateLibrary | None = None, variant: str | None = None,
              ink_saver: bool = False) -> list[Overflow]:
    """Draw the back of ``card_type_id`` cards with the bleed box's bottom-left at (x, y);
    ``variant`` (from :func:`back_variant`) picks the back of cards whose ``back`` field names it."""
    face = _resolve(game, None, card_type_id, "back", bleed, library, variant, ink_saver)
    return _draw(canvas, face, x, y, bleed, back_label(card_type_id, variant))


def back_variant(game: Any, card: Any, library: TemplateLibrary | None = None) -> str | None:
    """The card's ``back`` field when its game has a back template for it
    (``back-<type>-<value>.yaml``), else None: the card wears its type's back."""
    # Cards name backs the rulebook describes ("grey", "red", a room's name); only those with a
    # design get their own back, the rest keep the deck's so a sheet never lacks a back.
    value = card.get("back")
    if not isinstance(value, str) or not value.strip():
        return None
    return value if (library or library_for(game)).has_back_variant(game.id, card.type, value) else None


def measure_card(game: Any, card: Any, library: TemplateLibrary | None = None, bleed: float = 0.0) -> list[FitReport]:
    """Fit every text box of ``card``'s front exactly as ``draw_face`` would, without drawing.
    Text boxes do not depend on ``bleed``; passing the build's bleed shares the resolved face."""
    return fit_reports(_resolve(game, card, card.type, "front", bleed, library), card.id)


def fit_reports(face: ResolvedFace, card_id: str, fits: tuple[FitResult, ...] | None = None,
                overflowing: bool = False) -> list[FitReport]:
    """How each text box of a resolved face fits (see :func:`measure_card`); ``fits``, the boxes'
    fits in order when already made (``prepare_front``); ``overflowing``: only boxes whose text
    does not fit (what the validator keeps of every front of a deck)."""
    boxes = [op for op in face.ops if isinstance(op, TextOp)]
    if overflowing and fits is None:  # most boxes fit: say so without making their lines
        register_fonts()
        boxes = [op for op in boxes if not _fits(op, face.icons, face.language)]
        fits = tuple(_fit(op, face.icons, face.language) for op in boxes)
    return [FitReport(card_id, op.box, str(op.where), op.text, fit.size, op.style.size, op.style.smallest,
                      len(fit.lines), fit.fits, fit.overflow)
            for op, fit in zip(boxes, _box_fits(face) if fits is None else fits) if not (overflowing and fit.fits)]
