"""Example values for a new expansion's cards, taken from the base game so they load, validate
and parse cleanly: typical numbers (the median of the base game's cards of that type), the most
common enum/bool value, and for ability text the shortest base text the effect grammar reads in
full. A game without cards (or a field no card uses) gets a value from the field's definition.
"""

from __future__ import annotations

from typing import Any

from pnpgen.effects.report import TEXT_FIELDS
from pnpgen.spec.fieldtypes import field_type
from pnpgen.spec.model import CardType, FieldDef, FieldType, Game

# Keys an expansion card file reads itself, so a base field of that name cannot be set there
# (Derelict's rooms have a `replaces` field, which the expansion loader takes for its own key).
RESERVED = frozenset({"id", "name", "type", "copies", "provenance", "replaces"})


def example_card(game: Game, type_id: str) -> dict[str, Any]:
    """``{field: value}`` for one example card of ``type_id`` (id, name, type and copies first)."""
    ctype = game.card_types[type_id]
    peers = game.cards_of(type_id)
    card: dict[str, Any] = {"id": f"my-{type_id}", "name": f"My {ctype.name}", "type": type_id, "copies": 1}
    for name, fdef in ctype.fields.items():
        if name in RESERVED:
            continue
        card[name] = example_value(fdef, [c.get(name) for c in peers if c.get(name) is not None], name)
    return card


def settable_fields(ctype: CardType) -> list[FieldDef]:
    return [f for n, f in ctype.fields.items() if n not in RESERVED]


def example_value(fdef: FieldDef, known: list[Any], name: str) -> Any:
    """A value of field ``name`` for a new card, typical of ``known`` (its values on the game's cards)."""
    return field_type(fdef.type).example(fdef, known, _readable_ability if name in TEXT_FIELDS else None)


def _readable_ability(texts: list[str]) -> str | None:
    """The shortest text the grammar parses whole (no unparsed span, custom effect or typo variant)."""
    from pnpgen.effects.parser import parse_ability

    for text in sorted(set(texts), key=lambda t: (len(t), t)):
        result = parse_ability(text)
        if result.effects and not result.unparsed and not result.customs and not result.variants:
            return text
    return None


def describe(fdef: FieldDef) -> str:
    """One line on a field: its type, range or values, whether required, and its description."""
    parts = [fdef.type.value]
    bounds = _bounds(fdef)
    if bounds:
        parts.append(bounds)
    if fdef.type is FieldType.ENUM:
        parts.append("one of " + ", ".join(fdef.values))
    if fdef.required:
        parts.append("required")
    text = ", ".join(parts)
    return f"{text} — {fdef.description}" if fdef.description else text


def _bounds(fdef: FieldDef) -> str:
    lo, hi = fdef.min, fdef.max
    if lo is None and hi is None:
        return ""
    if lo is not None and hi is not None:
        return f"{lo:g}–{hi:g}"
    return f"≥ {lo:g}" if lo is not None else f"≤ {hi:g}"


def field_range(fdef: FieldDef) -> str:
    """Range column of the fields table: bounds, enum values, or '—'."""
    if fdef.type is FieldType.ENUM:
        return ", ".join(fdef.values)
    return _bounds(fdef) or "—"
