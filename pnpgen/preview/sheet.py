"""Card thumbnails and contact sheets: every card small, its name under it.

Thumbnails are rasterised (pdfium) from the same vector drawing as the PDFs
(``pnpgen.render.raster.cards_pdf``), so what the sheet shows is what prints. Only cards missing
from the :class:`ThumbCache` are drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from pnpgen.preview.cache import ThumbCache, card_key, environment_digest
from pnpgen.render import raster
from pnpgen.render.face import library_for
from pnpgen.render.fonts import FONTS_DIR
from pnpgen.spec.model import Card, Game

THUMB_WIDTH = 160          # px: about 64 dpi for a poker card, enough to read titles
LABEL_HEIGHT = 22          # px under each card for its name
GAP = 10                   # px between cells and around the sheet
LABEL_FONT = "RobotoCondensed-Regular.ttf"


@dataclass
class Thumbs:
    """Thumbnails in print order, with what it took to get them."""

    entries: list[tuple[Card, Image.Image]] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)    # ids of cards drawn now (not from the cache)
    warnings: list[str] = field(default_factory=list)


def printable_cards(game: Game) -> list[Card]:
    """Distinct cards the kit prints: an expansion's own cards, else every card, by card type."""
    cards = game.own_cards()
    by_type = {t: [c for c in cards if c.type == t] for t in game.card_types}
    return [c for group in by_type.values() for c in group]


def thumb_size(game: Game, type_id: str) -> tuple[int, int] | None:
    size = game.card_types[type_id].size
    if size is None:
        return None
    return THUMB_WIDTH, round(THUMB_WIDTH * size.height / size.width)


def card_thumbs(game: Game, cache: ThumbCache, cards: list[Card] | None = None) -> Thumbs:
    """A thumbnail for each card (default: ``printable_cards``), drawing only those not cached."""
    cards = printable_cards(game) if cards is None else cards
    out = Thumbs()
    env = environment_digest(library_for(game), game)
    images: dict[str, Image.Image] = {}
    for type_id in dict.fromkeys(c.type for c in cards):
        group = [c for c in cards if c.type == type_id]
        px = thumb_size(game, type_id)
        if px is None:
            out.warnings.append(f"card type {type_id!r} has no size; its {len(group)} cards are not shown "
                                f"(give the type a size in game.yaml or _overrides.yaml)")
            continue
        keys = {c.id: card_key(c, env, px) for c in group}
        missing = [c for c in group if cache.get(keys[c.id]) is None]
        if missing:
            pdf, _ = raster.cards_pdf(game, type_id, missing, 0.0)
            # The last page is the type's back, which the sheet does not show.
            for card, image in zip(missing, raster.rasterise(pdf, *px)):
                cache.put(keys[card.id], image)
            out.rendered += [c.id for c in missing]
        images.update({c.id: cache.get(keys[c.id]) for c in group})
    out.entries = [(c, images[c.id]) for c in cards if c.id in images]
    return out


@lru_cache(maxsize=1)
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS_DIR / LABEL_FONT), 13)


def _fit_label(draw: ImageDraw.ImageDraw, text: str, width: int) -> str:
    font = _font()
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def contact_sheet(entries: list[tuple[str, Image.Image]], columns: int = 8) -> Image.Image:
    """One RGB image: the images in a grid of ``columns``, each label centred under its image."""
    if not entries:
        return Image.new("RGB", (2 * GAP + THUMB_WIDTH, 2 * GAP + LABEL_HEIGHT), "white")
    cols = max(1, min(columns, len(entries)))
    rows = -(-len(entries) // cols)
    cell_w = max(img.width for _, img in entries)
    cell_h = max(img.height for _, img in entries) + LABEL_HEIGHT
    sheet = Image.new("RGB", (GAP + cols * (cell_w + GAP), GAP + rows * (cell_h + GAP)), "white")
    draw = ImageDraw.Draw(sheet)
    for i, (label, img) in enumerate(entries):
        x = GAP + (i % cols) * (cell_w + GAP)
        y = GAP + (i // cols) * (cell_h + GAP)
        sheet.paste(img, (x + (cell_w - img.width) // 2, y))
        text = _fit_label(draw, label, cell_w)
        draw.text((x + cell_w / 2, y + img.height + 4), text, fill="black", font=_font(), anchor="mt")
    return sheet
