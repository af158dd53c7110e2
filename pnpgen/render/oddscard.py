"""Odds reference cards: the tables of ``pnpgen.odds.reference`` drawn on double-sided cards.

The card's look is a template (``templates/<game>/odds.yaml``, extending ``_shared/odds.yaml``)
drawn by ``face.draw_face`` like any other card: background, title, subtitle. Tables and notes go
in the template's text-less ``table`` box, set with the same ``textfit`` code and ``draw_text``
as card text, in the template's ``odds_*`` palette colours. The size is the template's (tarot).

Cards are imposed by ``sheets.draw_deck`` exactly like a deck: fronts page then mirrored backs
page (or gutterfold), crop marks, TrimBox/BleedBox, one form per side. Every number printed is
recorded in ``OddsDrawing.cells`` so tests can read back what the card says, not guess it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.deck import plan_deck
from pnpgen.layout.imposition import DEFAULT_MARGIN
from pnpgen.layout.paper import Paper
from pnpgen.odds.reference import OddsCard, Panel, Table, value_text
from pnpgen.render import face as facemod
from pnpgen.render.face_draw import draw_text
from pnpgen.render.sheets import CardPainter, draw_deck
from pnpgen.render.textfit import fit_text
from pnpgen.spec.model import Card, CardType, Game
from pnpgen.template.model import Colour, Style, Where
from pnpgen.template.resolve import TextOp
from pnpgen.units import mm

TYPE_ID = "odds"
TABLE_BOX = "table"
# Type sizes in points. The minimums keep every number legible at arm's length on the table.
TITLE_SIZE, TITLE_MIN = 6.4, 4.6
HEAD_SIZE, HEAD_MIN = 5.0, 4.0
LABEL_SIZE, LABEL_MIN = 6.4, 4.6
VALUE_SIZE, VALUE_MIN = 6.8, 5.0
SMALL_SIZE, SMALL_MIN = 4.6, 3.8
NOTE_SIZE, NOTE_MIN = 5.8, 4.2
STRIP_H, HEAD_H = 9.0, 7.0
ROW_TALL, ROW_SHORT = 11.5, 8.5  # with / without a second small line
ROW_GROW_MAX = 4.0  # pt a row may grow to use spare height
TABLE_GAP = 4.0
PAD = 2.0
_WHERE = Where("pnpgen/render/oddscard.py")


@dataclass(frozen=True)
class DrawnCell:
    """One number as printed: where it is (card, side, table, row, column) and its text."""

    card: int
    side: str
    table: str
    row: str
    column: str
    text: str
    exact: str  # the fraction printed under it, '' when none


@dataclass
class OddsDrawing:
    pages: int = 0
    cells: list[DrawnCell] = field(default_factory=list)
    overflows: list[facemod.Overflow] = field(default_factory=list)


def _chrome_game(game: Game) -> Game:
    """The game as the template system sees it for odds cards: one card type without a size,
    so the template's ``size`` (tarot) decides."""
    return Game(game.id, game.name, game.players_min, game.players_max, "", "", (),
                {TYPE_ID: CardType(TYPE_ID, "Odds reference", None, {})}, (), {}, ())


def odds_card_size(game: Game) -> tuple[float, float]:
    return facemod.face_size(_chrome_game(game), TYPE_ID)


def _box_rect(template: Any, name: str, width: float, height: float) -> tuple[float, float, float, float]:
    """A template box as (x, y, w, h) in y-up points from the trim's bottom-left."""
    for box in template.boxes:
        if box.name == name:
            def length(v, extent):
                return float(v[:-1]) / 100 * extent if isinstance(v, str) else mm(v)
            x, y, w, h = length(box.x, width), length(box.y, height), length(box.w, width), length(box.h, height)
            return x, height - y - h, w, h
    raise ValueError(f"template {template.name}: no {name!r} box for the odds tables")


class _Writer:
    """Draws one panel's tables and notes top-down in the table box, recording every number."""

    def __init__(self, canvas: Canvas, palette: dict[str, Colour], where: str, card_no: int, side: str):
        self.c = canvas
        self.pal = palette
        self.where = where
        self.card_no = card_no
        self.side = side
        self.cells: list[DrawnCell] = []
        self.overflows: list[facemod.Overflow] = []

    def colour(self, name: str) -> Colour:
        return self.pal.get(name, (0.0, 0.0, 0.0, 1.0))

    def text(self, text: str, x: float, y: float, w: float, h: float, font: str, size: float, min_size: float,
             colour: str, align: str = "left", valign: str = "middle", wrap: bool = False) -> None:
        style = Style(font=font, size=size, min_size=min_size, align=align, valign=valign, wrap=wrap, leading=1.15)
        fit = fit_text(text, w, h, font, size, min_size, 1.15, "bold", wrap_lines=wrap)
        draw_text(self.c, TextOp("odds", _WHERE, x, y, w, h, text, style, self.colour(colour)), fit)
        if not fit.fits:
            self.overflows.append(facemod.Overflow(f"odds-{self.card_no}-{self.side}", "table", fit.overflow, fit.size, self.where))

    def fill(self, name: str, x: float, y: float, w: float, h: float) -> None:
        r, g, b, a = self.colour(name)
        # alpha only when needed: it adds a graphics state to the form's resources
        self.c.setFillColorRGB(r, g, b, **({"alpha": a} if a < 1 else {}))
        self.c.rect(x, y, w, h, stroke=0, fill=1)

    def _headers_in_strip(self, t: Table, label_w: float) -> bool:
        # Column names ride in the title strip when the title leaves room: saves a row per table.
        return fit_text(t.title, label_w - 2 * PAD, STRIP_H, "bold", TITLE_SIZE, TITLE_SIZE, 1.15, "bold", wrap_lines=False).fits

    def _layout(self, t: Table, w: float) -> tuple[float, float, bool, bool]:
        """(column width, label width, headers in the strip, rows with a second line)."""
        ncol = len(t.columns)
        col_w = min(mm(13), w * 0.6 / ncol)
        label_w = w - ncol * col_w
        texts = [value_text(v, k) for row in t.rows for v, k in zip(row.values, t.kinds)]
        tall = any(row.detail for row in t.rows) or any(exact for _, exact in texts)
        return col_w, label_w, self._headers_in_strip(t, label_w), tall

    def height(self, t: Table, w: float, grow: float = 0.0) -> float:
        _, _, in_strip, tall = self._layout(t, w)
        return STRIP_H + (0 if in_strip else HEAD_H) + len(t.rows) * ((ROW_TALL if tall else ROW_SHORT) + grow)

    def table(self, t: Table, x: float, top: float, w: float, grow: float = 0.0) -> float:
        """Draw ``t`` with its top at ``top``, rows ``grow`` pt taller than the minimum; returns
        the y below it."""
        col_w, label_w, in_strip, tall = self._layout(t, w)
        self.fill("odds_head", x, top - STRIP_H, w, STRIP_H)
        self.text(t.title, x + PAD, top - STRIP_H, (label_w if in_strip else w) - 2 * PAD, STRIP_H, "bold",
                  TITLE_SIZE, TITLE_MIN, "odds_light")
        y = top - STRIP_H
        head_y, head_h, head_colour = (y, STRIP_H, "odds_light") if in_strip else (y - HEAD_H, HEAD_H, "odds_muted")
        for i, col in enumerate(t.columns):
            self.text(col, x + label_w + i * col_w, head_y, col_w - PAD, head_h, "bold", HEAD_SIZE, HEAD_MIN,
                      head_colour, align="right")
        if not in_strip:
            y -= HEAD_H
        row_h = (ROW_TALL if tall else ROW_SHORT) + grow
        main_h = row_h * 0.58 if tall else row_h
        for n, row in enumerate(t.rows):
            if n % 2 == 0:
                self.fill("odds_stripe", x, y - row_h, w, row_h)
            self.text(row.label, x + PAD, y - main_h, label_w - PAD, main_h, "body", LABEL_SIZE, LABEL_MIN, "odds_ink",
                      valign="bottom" if tall else "middle")
            if row.detail:
                self.text(row.detail, x + PAD, y - row_h, label_w - PAD, row_h - main_h, "italic", SMALL_SIZE,
                          SMALL_MIN, "odds_muted", valign="top")
            for i, (value, kind) in enumerate(zip(row.values, t.kinds)):
                main, exact = value_text(value, kind)
                cx = x + label_w + i * col_w
                self.text(main, cx, y - main_h, col_w - PAD, main_h, "bold", VALUE_SIZE, VALUE_MIN, "odds_ink",
                          align="right", valign="bottom" if tall else "middle")
                if exact:
                    self.text(exact, cx, y - row_h, col_w - PAD, row_h - main_h, "body", SMALL_SIZE, SMALL_MIN,
                              "odds_muted", align="right", valign="top")
                self.cells.append(DrawnCell(self.card_no, self.side, t.title, row.label, t.columns[i], main, exact))
            y -= row_h
        return y

    def panel(self, panel: Panel, area: tuple[float, float, float, float]) -> None:
        """Tables from the top, notes under them; spare height makes rows taller (up to
        ``ROW_GROW_MAX``) rather than leaving a hole at the bottom."""
        x, y0, w, h = area
        notes = "\n".join(panel.notes)
        notes_h = fit_text(notes, w, 10_000, "body", NOTE_SIZE, NOTE_SIZE, 1.15, "bold").height + 2 if notes else 0.0
        need = sum(self.height(t, w) for t in panel.tables) + TABLE_GAP * len(panel.tables) + notes_h
        n_rows = sum(len(t.rows) for t in panel.tables)
        grow = max(0.0, min(ROW_GROW_MAX, (h - need) / n_rows)) if n_rows else 0.0
        y = y0 + h
        for t in panel.tables:
            y = self.table(t, x, y, w, grow) - TABLE_GAP
        if y < y0:
            self.overflows.append(facemod.Overflow(f"odds-{self.card_no}-{self.side}", "table",
                                                   f"tables run {y0 - y:.1f} pt past the box", TITLE_MIN, self.where))
        if notes and y - y0 > NOTE_MIN:
            self.text(notes, x, y0, w, y - y0, "body", NOTE_SIZE, NOTE_MIN, "odds_ink", valign="top", wrap=True)
        elif notes:
            self.overflows.append(facemod.Overflow(f"odds-{self.card_no}-{self.side}", "table", notes, NOTE_MIN, self.where))


def draw_odds_cards(canvas: Canvas, game: Game, cards: tuple[OddsCard, ...], paper: Paper, bleed: float,
                    duplex: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
                    gutterfold: bool = False, ink_saver: bool = False, margin: float = DEFAULT_MARGIN,
                    gutter: float = 0.0) -> OddsDrawing:
    """Impose ``cards`` (front and back panels) like a deck; ``back_offset`` in points.
    ``ink_saver`` draws the template's ink-heavy shapes light; ``margin`` (the printer margin) and
    ``gutter`` (the gap between cards) as for the card sheets. Raises ``LayoutError`` when the
    card does not fit the paper."""
    chrome = _chrome_game(game)
    library = facemod.default_library()
    template = library.load(game.id, TYPE_ID)
    width, height = odds_card_size(game)
    area = _box_rect(template, TABLE_BOX, width, height)
    plan = plan_deck(paper, width, height, bleed, gutter=gutter, margin=margin, duplex=duplex,
                     back_offset=back_offset, gutterfold=gutterfold)
    drawing = OddsDrawing()
    sides = {}
    layout = []
    for n, card in enumerate(cards, 1):
        # Each odds card is its own layout type, so its back form is its own back panel.
        layout.append(Card(f"odds{n}", card.front.title, f"odds{n}", 1, {}))
        for side, panel in (("front", card.front), ("back", card.back)):
            tag = f"{side} {n}/{len(cards)}" if len(cards) > 1 else ("side 1" if side == "front" else "side 2")
            sides[(f"odds{n}", side)] = (n, panel, Card(f"odds{n}-{side}", panel.title, TYPE_ID, 1,
                                                        {"title": panel.title, "subtitle": panel.subtitle, "tag": tag}))

    def draw(canvas: Canvas, key: tuple[str, str], x: float, y: float, b: float) -> list:
        n, panel, chrome_card = sides[key]
        overflows = facemod.draw_face(canvas, chrome, chrome_card, x, y, b, library, ink_saver=ink_saver)
        writer = _Writer(canvas, template.palette, template.name, n, key[1])
        canvas.saveState()
        canvas.translate(x + b, y + b)
        writer.panel(panel, area)
        canvas.restoreState()
        drawing.cells.extend(writer.cells)
        return overflows + writer.overflows

    painter = CardPainter(canvas, chrome, bleed,
                          lambda c, g, card, x, y, b: draw(c, (card.id, "front"), x, y, b),
                          lambda c, g, type_id, x, y, b: draw(c, (type_id, "back"), x, y, b))
    drawing.pages = draw_deck(painter, plan, layout, f"{game.name} · odds reference")
    drawing.overflows = painter.overflows
    return drawing
