"""`pnpgen info`: a game's components and card counts as a summary table, or its effective specs as JSON."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnpgen.spec.model import Game
from pnpgen.tables import format_table
from pnpgen.units import to_mm


def _size_text(size) -> str:
    if size is None:
        return "unknown"
    w, h = to_mm(size.width), to_mm(size.height)
    return f"{size.raw} ({w:g}x{h:g} mm)" if size.raw.replace(".", "").isalpha() or "-" in size.raw else f"{w:.4g}x{h:.4g} mm"


def summary(game: Game) -> str:
    """Components, then card counts per type (and per wave where cards have one), then totals."""
    out = [f"{game.name} ({game.id}) — {game.players_min}-{game.players_max} players — source: {game.source_document or 'original game'}", ""]
    comp_rows = [(c.kind.value, c.name, "?" if c.count is None else c.count, _size_text(c.size),
                  c.shape.value if c.shape else "", c.sides if c.kind.value in ("token", "board") else "")
                 for c in game.components]
    out += ["Components", format_table(["kind", "name", "count", "size", "shape", "sides"], comp_rows, "llrlll"), ""]
    if game.cards:
        rows = []
        for type_id, ctype in game.card_types.items():
            cards = game.cards_of(type_id)
            if not cards:
                continue
            groups = Counter()
            distinct = Counter()
            for c in cards:
                key = c.get("wave") if "wave" in ctype.fields else None
                groups[key] += c.copies
                distinct[key] += 1
            for key in sorted(groups, key=lambda k: (k is None, k if k is not None else 0)):
                rows.append((ctype.name, "" if key is None else key, distinct[key], groups[key]))
        out += ["Cards", format_table(["type", "wave", "distinct", "copies"], rows, "lrrr"), ""]
    total_copies = sum(c.copies for c in game.cards)
    # Only values written as null count: an optional field a card simply does not have is not unknown.
    unknown = sum(1 for c in game.cards for k, v in c.fields.items() if v is None and k in c.field_locations)
    unnamed = [c.id for c in game.cards if c.name is None]
    out.append(f"Totals: {len(game.cards)} distinct cards, {total_copies} cards with copies, "
               f"{len(game.components)} component kinds, {unknown + len(unnamed)} unknown card values")
    if unnamed:
        out.append(f"Unnamed cards (the source lost their names): {', '.join(unnamed)}")
    return "\n".join(out)


def effective_specs(game: Game) -> dict[str, Any]:
    """Generated + overrides as one JSON-able object; each card has id, name, type, copies and its fields."""
    return {
        "id": game.id,
        "name": game.name,
        **({"version": game.version} if game.version is not None else {}),
        "players": {"min": game.players_min, "max": game.players_max},
        "source": {"document": game.source_document, "title": game.source_title},
        "components": [
            {"id": c.id, "kind": c.kind.value, "name": c.name, "count": c.count,
             "size": c.size.raw if c.size else None,
             "size_mm": [round(v, 3) for v in c.size.mm] if c.size else None,
             "card_type": c.card_type, "shape": c.shape.value if c.shape else None, "sides": c.sides,
             "notes": c.notes}
            for c in game.components
        ],
        "card_types": {
            t.id: {"name": t.name, "size": t.size.raw if t.size else None,
                   "size_mm": [round(v, 3) for v in t.size.mm] if t.size else None,
                   "fields": {f.name: f.type.value for f in t.fields.values()}}
            for t in game.card_types.values()
        },
        "cards": [{"id": c.id, "name": c.name, "type": c.type, "copies": c.copies, **c.fields,
                   "overridden": list(c.overridden)} for c in game.cards],
        "rules": game.rules,
        "references": [{"id": r.id, "title": r.title,
                        "sections": [{"heading": s.heading, "items": list(s.items)} for s in r.sections]}
                       for r in game.references],
    }
