"""Raster output from the same vector drawing as the PDFs: each card is drawn by ``draw_face`` /
``draw_back`` onto a page exactly its bleed box, and that page is rasterised with pdfium.

- Per-card PNGs at 300 dpi (written in their pHYs chunk) with a shop's bleed: The Game Crafter (1/8 in per side, poker
  825x1125 px) or MakePlayingCards (0.12 in per side, poker 822x1122 px).
- A card whose ``back`` names a back variant of its own also gets ``<card id>-back.png``.
- Tabletop Simulator deck sheets are assembled from these rasters by ``render.tts``.

PNGs are written without text chunks or timestamps, so the same input gives the same bytes; card
PNGs carry their resolution (pHYs), so a print shop or an editor sizes them right, and every PNG
says its colours are sRGB (``png_bytes``), so a shop's or a viewer's colour management does not
have to guess.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from PIL.PngImagePlugin import PngInfo

from pnpgen.fsutil import atomic_write_bytes
from pnpgen.layout.geometry import Rect
from pnpgen.render import pdfdoc
# PDF pages to pixels live below this module (rasterflat uses them too); re-exported: callers say raster.rasterise.
from pnpgen.render.pixels import draw_area as draw_area, rasterise as rasterise, render_area as render_area
from pnpgen.spec.model import Card, Game
from pnpgen.units import PT_PER_IN

@dataclass(frozen=True)
class PngProfile:
    name: str
    bleed: float  # points per side
    dpi: int = 300


def _profiles() -> dict[str, PngProfile]:
    """``--png`` presets: a shop's bleed and resolution (:mod:`pnpgen.presets`, the one registry)."""
    from pnpgen.presets import png_names, shops

    return {name: PngProfile(name, shops()[name].bleed_pt, shops()[name].dpi) for name in png_names()}


PROFILES = _profiles()


def profile_of(name: str | bool) -> PngProfile:
    from pnpgen.presets import png_default

    if name is True:
        return PROFILES[png_default()]
    try:
        return PROFILES[str(name)]
    except KeyError:
        raise ValueError(f"unknown PNG profile {name!r}: use one of {', '.join(PROFILES)}") from None


def _faces(draw_face, draw_back):
    if draw_face is None or draw_back is None:
        from pnpgen.render import face

        return draw_face or face.draw_face, draw_back or face.draw_back
    return draw_face, draw_back


def back_variants(game: Game, cards: list[Card], draw_back=None) -> dict[str, str]:
    """Card id -> the back variant it wears, for cards that have their own back. Only the default
    back drawing knows variants (as ``sheets.CardPainter``): a stand-in ``draw_back`` has none."""
    if draw_back is not None:
        return {}
    from pnpgen.render import face

    out = {}
    for card in cards:
        variant = face.back_variant(game, card)
        if variant:
            out[card.id] = variant
    return out


@dataclass(frozen=True)
class CardPage:
    """A page holding one card: ``width`` x ``height`` with the trim ``trim``; the card is drawn with
    ``bleed`` and its bleed box's corner at (``x``, ``y``). A shop's product page may be a little
    larger than the card (a 63x88 mm card on a 2.5x3.5 in poker page): the card stays its own size,
    centred, its bleed drawn wider to reach the page's edge."""
    width: float
    height: float
    trim: Rect
    x: float
    y: float
    bleed: float

    @classmethod
    def of_card(cls, size, bleed: float) -> CardPage:
        """The page exactly the card's bleed box."""
        return cls(size.width + 2 * bleed, size.height + 2 * bleed, Rect(bleed, bleed, size.width, size.height),
                   0.0, 0.0, bleed)


def cards_pdf(game: Game, type_id: str, cards: list[Card], bleed: float,
              draw_face=None, draw_back=None, back_variants: list[str] = (),
              page: CardPage | None = None) -> tuple[bytes, list]:
    """One page per card (in order), one for the type's back, then one per back variant in
    ``back_variants``; each page is the bleed box (or ``page``)."""
    draw_face, draw_back = _faces(draw_face, draw_back)
    page = page or CardPage.of_card(game.card_types[type_id].size, bleed)
    w, h, x, y, bleed = page.width, page.height, page.x, page.y, page.bleed
    canvas = pdfdoc.new_canvas((w, h), f"{game.name} {type_id} cards", standard=None)  # PNG/TTS: screen RGB
    overflows: list = []
    pages = [("face", c) for c in cards] + [("back", None)] + [("back", v) for v in back_variants]
    for kind, item in pages:
        pdfdoc.set_page(canvas, (w, h), page.trim, Rect(0, 0, w, h))
        if kind == "face":
            overflows += draw_face(canvas, game, item, x, y, bleed) or []
        elif item is None:
            overflows += draw_back(canvas, game, type_id, x, y, bleed) or []
        else:
            overflows += draw_back(canvas, game, type_id, x, y, bleed, variant=item) or []
        canvas.showPage()
    return pdfdoc.pdf_bytes(canvas), overflows


def safe_file_name(ident: str) -> str:
    """A card id as a file name on every system: ':' (expansion ids) and anything else outside
    letters, digits, '-', '_' and '.' become '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", ident)


def _srgb_chunks() -> PngInfo:
    """The sRGB chunk (rendering intent 0, perceptual) with the gAMA and cHRM values the PNG
    specification (ISO/IEC 15948, the sRGB chunk) gives for readers that do not know sRGB. The
    13-byte chunk rather than an embedded ICC profile (iCCP, ~3 KB a file): it says the same for
    sRGB, and a file must not carry both."""
    info = PngInfo()
    info.add(b"sRGB", b"\x00")
    info.add(b"gAMA", (45455).to_bytes(4, "big"))
    info.add(b"cHRM", b"".join(v.to_bytes(4, "big") for v in (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)))
    return info


_SRGB = _srgb_chunks()


def png_bytes(image: Image.Image, dpi: float | None = None, *, fast: bool = False) -> bytes:
    """PNG bytes tagged sRGB (every image pnpgen writes is drawn in sRGB: pdfium's RGB output);
    with ``dpi`` the file records its resolution (a pHYs chunk). ``fast`` is for images looked at
    once and made again at the next save (the studio's, the watch preview): zlib level 1 encodes a
    480 px card in ~60% of level 6's time for ~15% more bytes, which a page on this machine loads
    as fast."""
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    # icc_profile=None: a profile carried over in image.info would replace the sRGB chunk.
    image.save(buf, format="PNG", optimize=False, compress_level=1 if fast else 6, pnginfo=_SRGB, icc_profile=None,
               **extra)
    return buf.getvalue()


def write_card_pngs(game: Game, type_id: str, cards: list[Card], out_dir: Path, profile: PngProfile,
                    draw_face=None, draw_back=None, workers: int = 1,
                    page: CardPage | None = None) -> tuple[list[Path], list]:
    """``<out_dir>/<card id>.png`` for each distinct card, ``back.png`` for the type and
    ``<card id>-back.png`` for each card with a back of its own, each the card's bleed box (or
    ``page``, a shop product's); pages are rasterised and encoded by ``workers`` processes (the same
    bytes for any number)."""
    from pnpgen.render.workers import map_pages

    page = page or CardPage.of_card(game.card_types[type_id].size, profile.bleed)
    px_w = round(page.width / PT_PER_IN * profile.dpi)
    px_h = round(page.height / PT_PER_IN * profile.dpi)
    variants = back_variants(game, cards, draw_back)
    distinct_variants = list(dict.fromkeys(variants.values()))
    pdf, overflows = cards_pdf(game, type_id, cards, profile.bleed, draw_face, draw_back, distinct_variants, page)
    # An expansion's ids are "<expansion>:<card>"; ':' is not allowed in Windows file names.
    fronts = [out_dir / f"{safe_file_name(c.id)}.png" for c in cards]
    backs = {c.id: out_dir / f"{safe_file_name(c.id)}-back.png" for c in cards if c.id in variants}
    # Page i of the PDF is written to every path of outputs[i] (a back variant may serve many cards).
    outputs = [[path] for path in fronts] + [[out_dir / "back.png"]] + [[] for _ in distinct_variants]
    variant_page = {v: len(cards) + 1 + n for n, v in enumerate(distinct_variants)}
    for card_id, path in backs.items():
        outputs[variant_page[variants[card_id]]].append(path)
    map_pages(_write_pngs, pdf, len(outputs), workers, [[str(p) for p in paths] for paths in outputs],
              px_w, px_h, profile.dpi)
    return [*fronts, out_dir / "back.png", *backs.values()], overflows


def _write_pngs(pdf_path: str, pages: range, paths: list[list[str]], px_w: int, px_h: int, dpi: float) -> None:
    """Rasterise ``pages`` of the PDF at ``pdf_path`` into every path of ``paths[i]`` for each page i
    (a worker job)."""
    for i, image in zip(pages, rasterise(pdf_path, px_w, px_h, pages=pages)):
        data = png_bytes(image, dpi)
        for path in paths[i]:
            atomic_write_bytes(Path(path), data)
