"""Deck sheets: cards of one size imposed on pages, fronts then backs (duplex) or side by side
(gutterfold), with cut guides (crop marks), a scale bar and a note on every page.

Each distinct face and each distinct back is drawn once, by ``face.draw_face`` /
``face.draw_back``, into a PDF form (XObject) the size of the card's bleed box; every copy on
every sheet places that form, clipped to the part of the bleed the sheet has room for. This
keeps a 400-card deck small and fast, and makes every copy identical.

A back is its card type's, unless the card's ``back`` field names a variant its game has a
template for (``face.back_variant``: Zombicide's grey-backed starting equipment): the back slot
mirroring that card then gets the variant's form, ``back-<type>.<variant>``.
"""

from __future__ import annotations

from typing import Any, Callable

from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.deck import DeckPlan, PagePlan
from pnpgen.layout.imposition import Cell
from pnpgen.layout.slots import deal
from pnpgen.render import pdfdoc
from pnpgen.render.pagemarks import draw_band, draw_guides, draw_marks, draw_regmarks
from pnpgen.spec.model import Card, Game
from pnpgen.template.loader import variant_slug

FaceFn = Callable[[Canvas, Game, Card, float, float, float], list]
# (canvas, game, type id, x, y, bleed); called with ``variant=`` only for a card's own back
BackFn = Callable[..., list | None]
VariantFn = Callable[[Game, Card], str | None]


def _no_variants(game: Game, card: Card) -> None:
    return None


class CardPainter:
    """Places card faces and backs on a canvas, drawing each distinct one once as a form.

    ``draw_face``/``draw_back`` default to :mod:`pnpgen.render.face`; tests and benchmarks may
    pass others with the same signature. ``back_variant`` says which cards wear a back of their
    own (default: ``face.back_variant`` with the default ``draw_back``, none with another one,
    which then need not take ``variant=``). ``overflows`` collects what ``draw_face`` reported,
    once per distinct face or back.
    """

    def __init__(self, canvas: Canvas, game: Game, bleed: float,
                 draw_face: FaceFn | None = None, draw_back: BackFn | None = None,
                 back_variant: VariantFn | None = None, ink_saver: bool = False):
        self._default_faces = draw_face is None
        if draw_face is None or draw_back is None:
            from pnpgen.render import face

            if draw_back is None and back_variant is None:
                back_variant = face.back_variant
            draw_face = draw_face or face.draw_face
            draw_back = draw_back or face.draw_back
        self.canvas = canvas
        self.game = game
        self.bleed = bleed
        self._draw_face = draw_face
        self._draw_back = draw_back
        self._back_variant = back_variant or _no_variants
        self._forms: set[str] = set()
        self.overflows: list[Any] = []
        # Fronts made ready by worker processes (``pnpgen.render.prepare.FacePreparer``); only
        # with the default drawing functions, which are what the workers run.
        self.prepared = None
        # Each front drawn with the default drawing functions, summarised and kept
        # (``render.prepare.FrontWatch``): a build hands them to the validator, which then need
        # not resolve them again.
        self.on_front = None
        # Passed only when asked for, so drawing functions without the option keep working.
        self._ink = {"ink_saver": True} if ink_saver else {}

    def face(self, card: Card, cell: Cell) -> None:
        name = f"face-{card.id}"
        if name not in self._forms:
            self._begin(name, cell)
            ready = self._prepared_front(card)
            if ready is not None:
                from pnpgen.render.face import draw_prepared

                face, fits = ready[0], ready[1]
                self.overflows.extend(draw_prepared(self.canvas, (face, fits), 0.0, 0.0, self.bleed, card.id))
                if self.on_front is not None:  # a worker's front comes with its summary
                    summary = ready[2] if len(ready) > 2 else self.on_front.summarise(face, fits, card.id)
                    self.on_front.keep(card, summary)
            else:
                self.overflows.extend(self._draw_face(self.canvas, self.game, card, 0.0, 0.0, self.bleed, **self._ink) or [])
            self._end(name)
        self._place(name, cell)

    def _prepared_front(self, card: Card):
        """``card``'s front resolved and fitted, from a worker or (when a build wants the fronts it
        drew) made here; None: draw it with ``draw_face``. Only for the default drawing functions,
        which are what workers and ``prepare_front`` run."""
        if not self._default_faces:
            return None
        ready = self.prepared.take(card) if self.prepared is not None else None
        if ready is None and self.on_front is not None:
            from pnpgen.render.face import prepare_front

            ready = prepare_front(self.game, card, self.bleed, bool(self._ink))
        return ready

    def back(self, card: Card, cell: Cell) -> None:
        """The back of ``card``: its own variant's when it has one, else its type's."""
        variant = self._back_variant(self.game, card)
        # Type ids are lower-case words and dashes (spec loader), so a variant's form never collides.
        name = f"back-{card.type}.{variant_slug(variant)}" if variant else f"back-{card.type}"
        if name not in self._forms:
            self._begin(name, cell)
            extra = {"variant": variant, **self._ink} if variant else dict(self._ink)
            self.overflows.extend(self._draw_back(self.canvas, self.game, card.type, 0.0, 0.0, self.bleed, **extra) or [])
            self._end(name)
        self._place(name, cell)

    def _begin(self, name: str, cell: Cell) -> None:
        self.canvas.beginForm(name, 0, 0, cell.bleed.w, cell.bleed.h)

    def _end(self, name: str) -> None:
        self.canvas.endForm()
        self._forms.add(name)

    def _place(self, name: str, cell: Cell) -> None:
        pdfdoc.place_form(self.canvas, name, (cell.clip.x, cell.clip.y, cell.clip.w, cell.clip.h),
                          cell.bleed.x, cell.bleed.y)


def _finish_page(canvas: Canvas, page: PagePlan, label: str) -> None:
    draw_guides(canvas, page.marks, [c.clip for c in (*page.faces, *page.backs)])
    draw_marks(canvas, page.fold, dash=(3, 2))
    draw_regmarks(canvas, page.regmarks)
    draw_band(canvas, page.band, label)
    canvas.showPage()


def draw_deck(painter: CardPainter, plan: DeckPlan, cards: list[Card], label: str,
              sheets: set[int] | None = None, on_sheet: Callable[[], None] | None = None) -> int:
    """Draw ``cards`` (copies already repeated) on as many sheets as needed; returns pages drawn.

    Duplex: sheet 1 fronts, sheet 1 backs, sheet 2 fronts... Gutterfold: one page per sheet.
    ``sheets`` (numbers from 1) draws only those sheets, each still labelled with its number in the
    whole deck, so a reprint matches the sheet it replaces. ``on_sheet()`` is called as each sheet is done."""
    canvas = painter.canvas
    size = (plan.paper.width, plan.paper.height)
    chunks = deal(cards, plan.per_page)
    pages = 0
    for n, chunk in enumerate(chunks, 1):
        if sheets is not None and n not in sheets:
            continue
        where = f"sheet {n}/{len(chunks)}"
        front = plan.front
        pdfdoc.set_page(canvas, size, front.trim_box, front.bleed_box)
        for slot, card in enumerate(chunk):
            painter.face(card, front.faces[slot])
            if plan.gutterfold:
                painter.back(card, front.backs[slot])
        kind = "fronts | backs — fold on the dashed line" if plan.gutterfold else "fronts"
        _finish_page(canvas, front, f"{label} {kind} · {where}")
        pages += 1
        if plan.back is not None:
            back = plan.back
            pdfdoc.set_page(canvas, size, back.trim_box, back.bleed_box)
            for slot, card in enumerate(chunk):
                painter.back(card, back.backs[slot])
            _finish_page(canvas, back, f"{label} backs ({plan.flip.value}-edge flip) · {where}")
            pages += 1
        if on_sheet is not None:
            on_sheet()
    return pages


def expand_copies(cards) -> list[Card]:
    """Each card repeated ``copies`` times, in spec order (copies 0 prints nothing)."""
    return [card for card in cards for _ in range(max(0, card.copies))]
