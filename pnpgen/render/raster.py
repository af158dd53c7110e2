"""Raster output from the same vector drawing as the PDFs: each card is drawn by ``draw_face`` /
``draw_back`` onto a page exactly its bleed box, and that page is rasterised with pdfium.

- Per-card PNGs at 300 dpi with a shop's bleed: The Game Crafter (1/8 in per side, poker
  825x1125 px) or MakePlayingCards (0.12 in per side, poker 822x1122 px).
- Tabletop Simulator deck sheets: RGB PNG grids of 10x7 trimmed cards, at most 4096 px a side,
  69 cards per sheet and the 70th slot showing the back (TTS's hidden face), plus the back alone.

PNGs are written without text chunks or timestamps, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
import json
import math
import re
from dataclasses import dataclass
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from pnpgen.fsutil import atomic_write_bytes, atomic_write_text
from pnpgen.layout.geometry import Rect
from pnpgen.render import pdfdoc
from pnpgen.spec.model import Card, Game
from pnpgen.units import PT_PER_IN

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot is the hidden face (the back)


@dataclass(frozen=True)
class PngProfile:
    name: str
    bleed: float  # points per side
    dpi: int = 300


PROFILES = {
    "gamecrafter": PngProfile("gamecrafter", 0.125 * PT_PER_IN),
    "mpc": PngProfile("mpc", 0.12 * PT_PER_IN),
}


def profile_of(name: str | bool) -> PngProfile:
    if name is True:
        return PROFILES["gamecrafter"]
    try:
        return PROFILES[str(name)]
    except KeyError:
        raise ValueError(f"unknown PNG profile {name!r}: use one of {', '.join(PROFILES)}") from None


def _faces(draw_face, draw_back):
    if draw_face is None or draw_back is None:
        from pnpgen.render import face

        return draw_face or face.draw_face, draw_back or face.draw_back
    return draw_face, draw_back


def cards_pdf(game: Game, type_id: str, cards: list[Card], bleed: float,
              draw_face=None, draw_back=None) -> tuple[bytes, list]:
    """One page per card (in order) then one for the type's back; each page is the bleed box."""
    draw_face, draw_back = _faces(draw_face, draw_back)
    size = game.card_types[type_id].size
    w, h = size.width + 2 * bleed, size.height + 2 * bleed
    canvas = pdfdoc.new_canvas((w, h), f"{game.name} {type_id} cards")
    trim = Rect(bleed, bleed, size.width, size.height)
    overflows: list = []
    for card in [*cards, None]:
        pdfdoc.set_page(canvas, (w, h), trim, Rect(0, 0, w, h))
        if card is None:
            overflows += draw_back(canvas, game, type_id, 0.0, 0.0, bleed) or []
        else:
            overflows += draw_face(canvas, game, card, 0.0, 0.0, bleed) or []
        canvas.showPage()
    return pdfdoc.pdf_bytes(canvas), overflows


def rasterise(pdf: bytes | str, px_w: int, px_h: int, crop: float = 0.0, pages: Sequence[int] | None = None):
    """Yield each page (or each of ``pages``) of ``pdf`` (bytes or a file path) as an RGB image of
    exactly px_w x px_h, ``crop`` points cut off each side."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in pages if pages is not None else range(len(doc)):
            page = doc[i]
            width = page.get_width() - 2 * crop
            image = page.render(scale=px_w / width, crop=(crop, crop, crop, crop)).to_pil().convert("RGB")
            if image.size != (px_w, px_h):  # pdfium rounds the bitmap size; at most a pixel off
                image = image.resize((px_w, px_h), Image.LANCZOS)
            yield image
            page.close()
    finally:
        doc.close()


def safe_file_name(ident: str) -> str:
    """A card id as a file name on every system: ':' (expansion ids) and anything else outside
    letters, digits, '-', '_' and '.' become '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", ident)


def png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def write_card_pngs(game: Game, type_id: str, cards: list[Card], out_dir: Path, profile: PngProfile,
                    draw_face=None, draw_back=None, workers: int = 1) -> tuple[list[Path], list]:
    """``<out_dir>/<card id>.png`` for each distinct card and ``back.png`` for the type; pages are
    rasterised and encoded by ``workers`` processes (the same bytes for any number)."""
    from pnpgen.render.workers import map_pages

    size = game.card_types[type_id].size
    px_w = round((size.width + 2 * profile.bleed) / PT_PER_IN * profile.dpi)
    px_h = round((size.height + 2 * profile.bleed) / PT_PER_IN * profile.dpi)
    pdf, overflows = cards_pdf(game, type_id, cards, profile.bleed, draw_face, draw_back)
    # An expansion's ids are "<expansion>:<card>"; ':' is not allowed in Windows file names.
    written = [out_dir / f"{safe_file_name(c.id)}.png" for c in cards] + [out_dir / "back.png"]
    map_pages(_write_pngs, pdf, len(written), workers, [str(p) for p in written], px_w, px_h)
    return written, overflows


def _write_pngs(pdf_path: str, pages: range, paths: list[str], px_w: int, px_h: int) -> None:
    """Rasterise ``pages`` of the PDF at ``pdf_path`` into ``paths[i]`` for each page i (a worker job)."""
    for i, image in zip(pages, rasterise(pdf_path, px_w, px_h, pages=pages)):
        atomic_write_bytes(Path(paths[i]), png_bytes(image))


def tts_cell(card_w: float, card_h: float) -> tuple[int, int]:
    """Pixel size of one card in a 10x7 sheet that stays within 4096 px."""
    cw = TTS_MAX_PX // TTS_COLS
    ch = round(cw * card_h / card_w)
    if ch * TTS_ROWS > TTS_MAX_PX:
        ch = TTS_MAX_PX // TTS_ROWS
        cw = math.floor(ch * card_w / card_h)
    return cw, ch


def write_tts(game: Game, type_id: str, cards: list[Card], out_dir: Path, stem: str,
              draw_face=None, draw_back=None, workers: int = 1) -> tuple[list[Path], dict]:
    """Deck sheets for one card type (``cards`` with copies repeated) and its back image;
    returns the files and a manifest entry TTS's custom-deck dialog asks for. Sheets are drawn
    by ``workers`` processes (the same bytes for any number)."""
    from pnpgen.render.workers import map_pages

    size = game.card_types[type_id].size
    cw, ch = tts_cell(size.width, size.height)
    distinct = list({c.id: c for c in cards}.values())  # Card holds a dict, so not hashable
    pdf, _ = cards_pdf(game, type_id, distinct, 0.0, draw_face, draw_back)
    page_of = {c.id: i for i, c in enumerate(distinct)}
    back_page = len(distinct)
    back = next(rasterise(pdf, cw, ch, pages=range(back_page, back_page + 1)))
    files = []
    back_path = out_dir / f"{stem}-back.png"
    atomic_write_bytes(back_path, png_bytes(back))
    files.append(back_path)
    chunks = [cards[start:start + TTS_PER_SHEET] for start in range(0, len(cards), TTS_PER_SHEET)]
    paths = [out_dir / f"{stem}-{n}.png" for n in range(1, len(chunks) + 1)]
    # A sheet is ~69 rasterised cards and one large PNG: two sheets are worth a worker's start.
    map_pages(_write_tts_sheets, pdf, len(chunks), workers, [[page_of[c.id] for c in chunk] for chunk in chunks],
              [str(p) for p in paths], back_page, cw, ch, least=2)
    files += paths
    sheets = [{"face": path.name, "cards": len(chunk)} for path, chunk in zip(paths, chunks)]
    entry = {"card_type": type_id, "back": back_path.name, "width": TTS_COLS, "height": TTS_ROWS,
             "card_px": [cw, ch], "sheets": sheets}
    return files, entry


def _write_tts_sheets(pdf_path: str, sheets: range, pages: list[list[int]], paths: list[str], back_page: int,
                      cw: int, ch: int) -> None:
    """Draw ``sheets`` (indexes into ``pages``, the PDF pages of each sheet's cards, and ``paths``)
    as TTS sheets with the back in the last slot (a worker job)."""
    needed = sorted({i for n in sheets for i in pages[n]} | {back_page})
    images = dict(zip(needed, rasterise(pdf_path, cw, ch, pages=needed)))
    for n in sheets:
        sheet = Image.new("RGB", (cw * TTS_COLS, ch * TTS_ROWS), "white")
        for i, page in enumerate(pages[n]):
            sheet.paste(images[page], ((i % TTS_COLS) * cw, (i // TTS_COLS) * ch))
        sheet.paste(images[back_page], ((TTS_COLS - 1) * cw, (TTS_ROWS - 1) * ch))
        atomic_write_bytes(Path(paths[n]), png_bytes(sheet))


def write_tts_manifest(path: Path, entries: list[dict]) -> None:
    atomic_write_text(path, json.dumps({"decks": entries}, indent=2, sort_keys=True) + "\n")
