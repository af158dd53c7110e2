"""Print-shop presets (``pnpgen build --shop``): the files a shop takes, at its bleed, format and colour.

The shops' figures (bleed, format, products) are data in :mod:`pnpgen.presets` (``presets.yaml``),
each with its source in docs/print-shops.md, which also says what could not be found.

- ``drivethrucards``: one PDF/X-1a:2003 per card type, CMYK, each page one card with 1/8 in bleed,
  each front followed by its back;
- ``gamecrafter``, ``mpc``, ``printerstudio``: one PNG per card face and one per back (sRGB, 300 dpi,
  with the DPI written in the file) at the shop's bleed (``raster.write_card_pngs``).

A card of a size the shop sells is drawn on that product's page (its trim plus the shop's bleed),
centred at its own size; a card type whose size the shop does not sell is built at its own size and
warned about, naming the nearest product the shop does sell. ``copies.csv`` beside the files lists
every file with the copies to print of it: a shop that prints the file as the deck
(``copies: file``, DriveThruCards) gets every copy in the file; the others get each distinct card
once and the copies in their order form.
"""

from __future__ import annotations

from pathlib import Path

from pnpgen.layout.geometry import Rect
from pnpgen.presets import MATCH_MM, Product, Shop, shops
from pnpgen.units import PT_PER_IN, to_mm

SHOPS: dict[str, Shop] = shops()
__all__ = ["MATCH_MM", "Product", "SHOPS", "Shop", "copies_rows", "file_cards", "nearest_product", "product_page",
           "size_warnings", "write_copies", "write_shop_pdf"]


def nearest_product(shop: Shop, width_pt: float, height_pt: float) -> tuple[Product, bool]:
    """The shop's product closest to a card of this size (either way up), and whether it matches."""
    return shop.product_for(width_pt, height_pt)


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


def _turned(sides: tuple[float, float], size) -> tuple[float, float]:
    """Two sides turned as the card is (the long one down a portrait card)."""
    short, long_ = sorted(sides)
    return (short, long_) if size.width <= size.height else (long_, short)


def product_page(shop: Shop, size):
    """The page of one card in the shop's file: the matching product's trim plus the shop's bleed
    (turned as the card is), or the product's own picture size (``px``) with the trim centred on
    it, and the card centred on the trim at its own size; a card of a size the shop does not sell
    gets a page of its own size plus the shop's bleed."""
    from pnpgen.render.raster import CardPage

    bleed = shop.bleed_pt
    product, ok = shop.product_for(size.width, size.height)
    if not ok:
        return CardPage.of_card(size, bleed)
    pw, ph = _turned((product.width_in * PT_PER_IN, product.height_in * PT_PER_IN), size)
    if product.px is None:
        width, height, bx, by = pw + 2 * bleed, ph + 2 * bleed, bleed, bleed
    else:
        width, height = _turned((product.px[0] / shop.dpi * PT_PER_IN, product.px[1] / shop.dpi * PT_PER_IN), size)
        bx, by = (width - pw) / 2, (height - ph) / 2  # this product's bleed, per axis
    ex, ey = (pw - size.width) / 2 + (bx - bleed), (ph - size.height) / 2 + (by - bleed)  # + 0.0 without px
    grow = max(ex, ey, 0.0)  # the card's bleed reaches the page's edge on both axes
    return CardPage(width, height, Rect(bx, by, pw, ph), ex - grow, ey - grow, bleed + grow)


def file_cards(shop: Shop, cards: list) -> list:
    """The cards a shop's file holds, in order: every copy when the file is the deck as printed
    (``copies: file``), else each distinct card once (copies are set in the order: copies.csv)."""
    if shop.copies == "file":
        return list(cards)
    return list({c.id: c for c in cards}.values())


COPIES_HEADER = ("file", "side", "card_type", "card_id", "name", "copies", "copies_in_file")


def copies_rows(shop: Shop, type_id: str, cards: list, files: dict[str, Path], back_files: dict[str, Path],
                root: Path) -> list[tuple]:
    """Rows of copies.csv for one card type: each card's front file with its copies, and each back
    file with the copies that wear it. ``files``: card id -> its front file (the type's PDF for a
    PDF shop); ``back_files``: card id -> the back file it wears."""
    counts: dict[str, int] = {}
    first: dict[str, object] = {}
    for card in cards:
        counts[card.id] = counts.get(card.id, 0) + 1
        first.setdefault(card.id, card)
    in_file = shop.copies == "file"
    rows = []
    for card_id, n in counts.items():
        card = first[card_id]
        rows.append((files[card_id].relative_to(root).as_posix(), "front", type_id, card_id, card.name, n,
                     n if in_file else 1))
    backs: dict[Path, int] = {}
    for card_id, n in counts.items():
        backs[back_files[card_id]] = backs.get(back_files[card_id], 0) + n
    for path, n in backs.items():
        if path.suffix == ".png":  # a PDF shop's backs are pages beside each front, counted above
            rows.append((path.relative_to(root).as_posix(), "back", type_id, "", "", n, 1))
    return rows


def write_copies(path: Path, rows: list[tuple]) -> None:
    """copies.csv: every file of the order with the copies to print of it (CSV, sorted as built)."""
    import csv
    import io

    from pnpgen.fsutil import atomic_write_bytes

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COPIES_HEADER)
    writer.writerows(rows)
    atomic_write_bytes(path, buf.getvalue().encode("utf-8"))


def write_shop_pdf(game, type_id: str, cards: list, path: Path, shop: Shop, draw_face,
                   draw_back) -> tuple[int, list, list[str]]:
    """One page per card side, each the card with the shop's bleed (on the product's page, see
    :func:`product_page`): front, its back, next front…
    Returns (pages, overflows and transparency problems, notes such as raster flattening)."""
    from pnpgen.render import pdfdoc
    from pnpgen.render.face import back_variant
    from pnpgen.render.pdfx import notes, problems

    if draw_face is None or draw_back is None:
        from pnpgen.render import face

        draw_face, draw_back = draw_face or face.draw_face, draw_back or face.draw_back
    page = product_page(shop, game.card_types[type_id].size)
    w, h, x, y, bleed = page.width, page.height, page.x, page.y, page.bleed
    canvas = pdfdoc.new_canvas((w, h), f"{game.name} — {game.card_types[type_id].name} ({shop.name})",
                               f"{shop.name} card file")
    issues: list = []
    pages = 0
    for card in cards:
        for side in ("front", "back"):
            pdfdoc.set_page(canvas, (w, h), page.trim, Rect(0, 0, w, h))
            if side == "front":
                issues += draw_face(canvas, game, card, x, y, bleed) or []
            else:
                variant = back_variant(game, card)
                issues += (draw_back(canvas, game, type_id, x, y, bleed, variant=variant) if variant
                           else draw_back(canvas, game, type_id, x, y, bleed)) or []
            canvas.showPage()
            pages += 1
    pdfdoc.save(canvas, path)
    return pages, issues + problems(canvas), notes(canvas)
