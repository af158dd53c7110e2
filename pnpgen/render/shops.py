"""Print-shop presets (``pnpgen build --shop``): the files a shop takes, at its bleed, format and colour.

Each :class:`Shop` holds only facts found in the shop's (or a cited) published requirements; they are
listed with their sources in docs/print-shops.md, which also says what could not be found.

- ``drivethrucards``: one PDF/X-1a:2003 per card type, CMYK, each page one card with 1/8 in bleed,
  each front followed by its back;
- ``gamecrafter``, ``mpc``, ``printerstudio``: one PNG per card face and one per back (sRGB, 300 dpi,
  with the DPI written in the file) at the shop's bleed (``raster.write_card_pngs``).

A card type whose size the shop does not sell is built anyway and warned about, naming the
nearest product the shop does sell.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpgen.layout.geometry import Rect
from pnpgen.units import PT_PER_IN, to_mm

# Sides within this of a product's count as that product (euro poker 63x88 mm is sold as poker).
MATCH_MM = 1.0


@dataclass(frozen=True)
class Product:
    name: str
    width_in: float
    height_in: float

    @property
    def mm(self) -> tuple[float, float]:
        return self.width_in * 25.4, self.height_in * 25.4

    def describe(self) -> str:
        w, h = self.mm
        return f"{self.name} {self.width_in:g}×{self.height_in:g} in ({w:.1f}×{h:.1f} mm)"


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    bleed_in: float
    output: str                 # "pdfx" or "png"
    products: tuple[Product, ...]
    pdfx: str | None = None     # the PDF/X standard the shop asks for

    @property
    def bleed_pt(self) -> float:
        return self.bleed_in * PT_PER_IN


POKER = Product("poker", 2.5, 3.5)

SHOPS: dict[str, Shop] = {
    "drivethrucards": Shop("drivethrucards", "DriveThruCards", 0.125, "pdfx", (POKER,), pdfx="1a:2003"),
    "gamecrafter": Shop("gamecrafter", "The Game Crafter", 0.125, "png", (POKER,)),
    "mpc": Shop("mpc", "MakePlayingCards", 0.12, "png", (POKER, Product("tarot", 2.75, 4.75))),
    # PrinterStudio's own requirements were not found (docs/print-shops.md): MPC's figures are used.
    "printerstudio": Shop("printerstudio", "PrinterStudio", 0.12, "png", (POKER, Product("tarot", 2.75, 4.75))),
}


def nearest_product(shop: Shop, width_pt: float, height_pt: float) -> tuple[Product, bool]:
    """The shop's product closest to a card of this size (either way up), and whether it matches."""
    w, h = sorted((to_mm(width_pt), to_mm(height_pt)))

    def gap(p: Product) -> float:
        pw, ph = sorted(p.mm)
        return max(abs(pw - w), abs(ph - h))

    best = min(shop.products, key=gap)
    return best, gap(best) <= MATCH_MM


def size_warnings(shop: Shop, game, type_ids) -> list[str]:
    out = []
    for type_id in type_ids:
        size = game.card_types[type_id].size
        product, ok = nearest_product(shop, size.width, size.height)
        if not ok:
            out.append(f"card type {type_id!r} is {to_mm(size.width):g}×{to_mm(size.height):g} mm, a size "
                       f"{shop.name} does not sell; nearest product: {product.describe()} — resize the card "
                       f"type or choose another shop (docs/print-shops.md)")
    return out


def write_shop_pdf(game, type_id: str, cards: list, path: Path, shop: Shop, draw_face,
                   draw_back) -> tuple[int, list, list[str]]:
    """One page per card side, each the card with the shop's bleed: front, its back, next front…
    Returns (pages, overflows and transparency problems, notes such as raster flattening)."""
    from pnpgen.render import pdfdoc
    from pnpgen.render.face import back_variant
    from pnpgen.render.pdfx import notes, problems

    if draw_face is None or draw_back is None:
        from pnpgen.render import face

        draw_face, draw_back = draw_face or face.draw_face, draw_back or face.draw_back
    size = game.card_types[type_id].size
    bleed = shop.bleed_pt
    w, h = size.width + 2 * bleed, size.height + 2 * bleed
    canvas = pdfdoc.new_canvas((w, h), f"{game.name} — {game.card_types[type_id].name} ({shop.name})",
                               f"{shop.name} card file")
    trim = Rect(bleed, bleed, size.width, size.height)
    issues: list = []
    pages = 0
    for card in cards:
        for side in ("front", "back"):
            pdfdoc.set_page(canvas, (w, h), trim, Rect(0, 0, w, h))
            if side == "front":
                issues += draw_face(canvas, game, card, 0.0, 0.0, bleed) or []
            else:
                variant = back_variant(game, card)
                issues += (draw_back(canvas, game, type_id, 0.0, 0.0, bleed, variant=variant) if variant
                           else draw_back(canvas, game, type_id, 0.0, 0.0, bleed)) or []
            canvas.showPage()
            pages += 1
    pdfdoc.save(canvas, path)
    return pages, issues + problems(canvas), notes(canvas)
