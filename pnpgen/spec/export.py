"""``pnpgen export --csv``: a game's or expansion's cards as one CSV per card type.

The CSVs are exactly what :mod:`pnpgen.spec.tabular` reads back (same columns, list items joined by
``|``, unknown values as empty cells), so a YAML set can move into a spreadsheet and back with the
same card values. Columns: ``id, name, copies`` (and ``replaces`` for an expansion card that swaps a
base card out, ``skip_checks`` when a card of the type skips checks), then the card type's fields
in the order game.yaml declares them, then the translations (``name@de``, ``text@de``…: per language,
sorted, the fields any card of the type is translated in, in the same order). Provenance (where
an extracted card came from in a document) is not a designer's column and is not written.
Output is deterministic: UTF-8 with a BOM (so spreadsheet programs read accents right), ``\\r\\n``
line ends (RFC 4180: Python's writer then quotes a cell holding a carriage return, which with ``\\n``
line ends it wrote bare, splitting the row), cards in spec order. Every cell is written by
:func:`pnpgen.cellescape.as_cell`, so card text cannot run as a spreadsheet formula; the reader
undoes it exactly.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from pnpgen.cellescape import as_cell
from pnpgen.errors import SpecError
from pnpgen.fsutil import atomic_write_bytes
from pnpgen.spec.fieldtypes import LIST_SEPARATOR, BadValue, field_type
from pnpgen.spec.model import FieldType, Game
from pnpgen.spec.tabular import SKIP_COLUMN
from pnpgen.spec.translations import key


def _cell(value: Any, kind: FieldType, card_id: str, field: str) -> str:
    """A field's cell, written by its type (:meth:`pnpgen.spec.fieldtypes.FieldKind.export`); '' for unknown."""
    if value is None:
        return ""
    try:
        return field_type(kind).export(value)
    except BadValue as bad:
        raise SpecError(bad.message, card=card_id, field=field, hint=bad.hint) from None


def cards_as_csv(game: Game) -> dict[str, bytes]:
    """``{card type: CSV bytes}`` for the game's own cards (an expansion's cards without its prefix)."""
    own = game.own_cards()
    prefix = f"{game.expansion.id}:" if game.expansion else ""
    out: dict[str, bytes] = {}
    for type_id, ctype in game.card_types.items():
        cards = [c for c in own if c.type == type_id]
        if not cards:
            continue
        replaces = any(c.replaces for c in cards)
        skips = any(c.skip_checks for c in cards)
        translated = sorted({(lang, f) for c in cards for lang, fields in c.translations.items() for f in fields})
        order = {f: i for i, f in enumerate(("name", *ctype.fields))}
        kinds = {"name": FieldType.TEXT, **{name: fdef.type for name, fdef in ctype.fields.items()}}
        extra = sorted(translated, key=lambda lf: (lf[0], order.get(lf[1], len(order))))
        header = ["id", "name", "copies", *(["replaces"] if replaces else []), *([SKIP_COLUMN] if skips else []),
                  *ctype.fields, *(key(f, lang) for lang, f in extra)]
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        writer.writerow([as_cell(c) for c in header])
        for card in cards:
            ident = card.id[len(prefix):] if prefix and card.id.startswith(prefix) else card.id
            row = [ident, card.name, str(card.copies), *([card.replaces or ""] if replaces else []),
                   *([LIST_SEPARATOR.join(card.skip_checks)] if skips else [])]
            row += [_cell(card.fields.get(name), fdef.type, card.id, name) for name, fdef in ctype.fields.items()]
            row += [_cell(card.translations.get(lang, {}).get(f), kinds[f], card.id, key(f, lang)) for lang, f in extra]
            writer.writerow([as_cell(c) for c in row])
        out[type_id] = ("\ufeff" + buf.getvalue()).encode("utf-8")
    return out


def export_csv(game: Game, out_dir: Path | str) -> list[Path]:
    """Write ``<out_dir>/<type>.csv`` for every card type with cards; returns the files written."""
    tables = cards_as_csv(game)  # every cell checked before any file is written
    written = []
    for type_id, data in tables.items():
        path = Path(out_dir) / f"{type_id}.csv"
        atomic_write_bytes(path, data)
        written.append(path)
    return written
