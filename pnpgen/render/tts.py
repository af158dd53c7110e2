"""Tabletop Simulator: deck sheets and a saved object that loads them.

For each card type, the distinct cards are drawn once (``raster.cards_pdf``) and pasted into RGB
sheets of 10 x 7 cards at most 4096 px a side (TTS takes up to 10,000 px, 4096 is what it
recommends); a sheet holds 69 cards and its 70th slot shows the back, which TTS shows for a hidden
card (``BackIsHidden``). When cards of the type wear backs of their own (a back variant), every
face sheet gets a back sheet with each card's back in the same slot (``UniqueBack``).

``<kit>-tts.json`` is a saved object (put it in TTS's ``Saves/Saved Objects`` folder): one object
per card type in ``ObjectStates``, a ``DeckCustom`` holding every copy (``DeckIDs`` repeats a card's
``CardID`` once per copy, ``ContainedObjects`` has one ``Card`` per copy) or a ``Card`` when the type
has a single card. Each sheet is one ``CustomDeck`` entry, numbered across the file; a card's
``CardID`` is its sheet's deck id x 100 + its slot. ``Nickname`` is the card's name (its label when the name is lost),
``Description`` its text fields, ``GMNotes`` its id (to find it in the manifest). Image URLs are
``file://`` URIs of the written sheets, or ``<url prefix>/<file name>`` for sheets hosted online.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pnpgen.fsutil import atomic_write_bytes, atomic_write_text
from pnpgen.layout.slots import deal
from pnpgen.render import raster
from pnpgen.spec.model import Card, FieldType, Game
from pnpgen.units import PT_PER_IN

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot is the hidden face (the back)
_SPACING = 3.0  # table units between decks laid side by side


def tts_cell(card_w: float, card_h: float) -> tuple[int, int]:
    """Pixel size of one card in a 10x7 sheet that stays within 4096 px."""
    cw = TTS_MAX_PX // TTS_COLS
    ch = round(cw * card_h / card_w)
    if ch * TTS_ROWS > TTS_MAX_PX:
        ch = TTS_MAX_PX // TTS_ROWS
        cw = math.floor(ch * card_w / card_h)
    return cw, ch


@dataclass
class TtsDeck:
    """One card type's sheets and the saved-object entry that loads them."""

    files: list[Path] = field(default_factory=list)
    custom: dict[int, dict] = field(default_factory=dict)       # deck id -> CustomDeck entry
    card_ids: dict[str, int] = field(default_factory=dict)      # card id -> CardID
    next_deck_id: int = 1


def image_url(path: Path, prefix: str | None) -> str:
    if prefix:
        return f"{prefix.rstrip('/')}/{path.name}"
    return path.resolve().as_uri()


def _sheet(images: list[Image.Image], hidden: Image.Image, cw: int, ch: int) -> Image.Image:
    sheet = Image.new("RGB", (cw * TTS_COLS, ch * TTS_ROWS), "white")
    for i, image in enumerate(images):
        sheet.paste(image, ((i % TTS_COLS) * cw, (i // TTS_COLS) * ch))
    sheet.paste(hidden, ((TTS_COLS - 1) * cw, (TTS_ROWS - 1) * ch))
    return sheet


def write_tts_sheets(game: Game, type_id: str, cards: list[Card], out_dir: Path, stem: str, first_deck_id: int = 1,
                     url_prefix: str | None = None, draw_face=None, draw_back=None, workers: int = 1) -> TtsDeck:
    """Sheets for one card type (``cards`` with copies repeated; each distinct card is drawn once);
    the sheets are rasterised and assembled by ``workers`` processes (the same bytes for any number)."""
    from pnpgen.render.workers import map_pages

    size = game.card_types[type_id].size
    cw, ch = tts_cell(size.width, size.height)
    dpi = cw / (size.width / PT_PER_IN)
    distinct = list({c.id: c for c in cards}.values())  # Card holds a dict, so not hashable
    variants = raster.back_variants(game, distinct, draw_back)
    names = list(dict.fromkeys(variants.values()))
    pdf, _ = raster.cards_pdf(game, type_id, distinct, 0.0, draw_face, draw_back, names)
    # Pages of that PDF: each distinct card's face, the type's back, then each back variant.
    page_of = {c.id: i for i, c in enumerate(distinct)}
    back_page = len(distinct)
    variant_page = {v: back_page + 1 + n for n, v in enumerate(names)}
    deck = TtsDeck(next_deck_id=first_deck_id)
    back_path = out_dir / f"{stem}-back.png"
    back = next(raster.rasterise(pdf, cw, ch, pages=[back_page]))
    atomic_write_bytes(back_path, raster.png_bytes(back, dpi))
    deck.files.append(back_path)
    jobs: list[list[tuple[str, list[int]]]] = []   # per sheet: (file, the PDF page of each slot)
    for n, chunk in enumerate(deal(distinct, TTS_PER_SHEET), 1):
        deck_id = deck.next_deck_id
        deck.next_deck_id += 1
        face_path = out_dir / f"{stem}-{n}.png"
        job = [(str(face_path), [page_of[c.id] for c in chunk])]
        deck.files.append(face_path)
        back_url = image_url(back_path, url_prefix)
        if variants:
            backs_path = out_dir / f"{stem}-{n}-backs.png"
            job.append((str(backs_path), [variant_page[variants[c.id]] if c.id in variants else back_page
                                          for c in chunk]))
            deck.files.append(backs_path)
            back_url = image_url(backs_path, url_prefix)
        jobs.append(job)
        deck.custom[deck_id] = {"FaceURL": image_url(face_path, url_prefix), "BackURL": back_url,
                                "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS, "BackIsHidden": True,
                                "UniqueBack": bool(variants), "Type": 0}
        for slot, card in enumerate(chunk):
            deck.card_ids[card.id] = deck_id * 100 + slot
    # A sheet is up to 69 rasterised cards and one large PNG: two sheets are worth a worker's start.
    map_pages(_write_sheets, pdf, len(jobs), workers, jobs, back_page, cw, ch, dpi, least=2)
    return deck


def _write_sheets(pdf_path: str, sheets: range, jobs: list, back_page: int, cw: int, ch: int, dpi: float) -> None:
    """Rasterise and assemble ``sheets`` (indexes into ``jobs``) with the back in the hidden last
    slot (a worker job)."""
    needed = sorted({page for n in sheets for _, pages in jobs[n] for page in pages} | {back_page})
    images = dict(zip(needed, raster.rasterise(pdf_path, cw, ch, pages=needed)))
    for n in sheets:
        for path, pages in jobs[n]:
            sheet = _sheet([images[p] for p in pages], images[back_page], cw, ch)
            atomic_write_bytes(Path(path), raster.png_bytes(sheet, dpi))


def _transform(x: float = 0.0, y: float = 0.0) -> dict:
    # Face down (rotZ 180), as a deck lies on the table.
    return {"posX": x, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(*parts: str) -> str:
    return hashlib.sha1("\0".join(parts).encode()).hexdigest()[:6]


def description(game: Game, card: Card) -> str:
    """The card's text fields, in its type's field order, one a line (not ``back``: it names the
    card's back, it is not printed text)."""
    fields = game.card_types[card.type].fields
    texts = [card.get(name) for name, fd in fields.items() if fd.type is FieldType.TEXT and name not in ("name", "back")]
    return "\n".join(str(t).strip() for t in texts if isinstance(t, str) and t.strip())


def deck_object(game: Game, type_id: str, cards: list[Card], deck: TtsDeck, position: int) -> dict:
    """The ``DeckCustom`` (or single ``Card``) for one card type."""
    size = game.card_types[type_id].size
    sideways = size.width > size.height
    contained = []
    for i, card in enumerate(cards):
        card_id = deck.card_ids[card.id]
        contained.append({
            "Name": "Card", "Transform": _transform(), "Nickname": card.label, "Description": description(game, card),
            "GMNotes": card.id, "CardID": card_id, "SidewaysCard": sideways,
            "CustomDeck": {str(card_id // 100): deck.custom[card_id // 100]},
            "GUID": _guid(game.id, type_id, card.id, str(i)),
        })
    if len(contained) == 1:
        return {**contained[0], "Transform": _transform(position * _SPACING, 1.0)}
    return {
        "Name": "DeckCustom", "Transform": _transform(position * _SPACING, 1.0),
        "Nickname": game.card_types[type_id].name, "Description": f"{len(cards)} cards", "GMNotes": type_id,
        "SidewaysCard": sideways, "DeckIDs": [deck.card_ids[c.id] for c in cards],
        "CustomDeck": {str(k): v for k, v in sorted(deck.custom.items())},
        "ContainedObjects": contained, "GUID": _guid(game.id, type_id),
    }


def saved_object(title: str, objects: list[dict]) -> dict:
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
            "VersionNumber": ""}


def write_saved_object(path: Path, title: str, objects: list[dict]) -> None:
    atomic_write_text(path, json.dumps(saved_object(title, objects), indent=2, sort_keys=True, ensure_ascii=False) + "\n")
