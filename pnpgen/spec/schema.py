"""JSON Schema of the spec format, so editors can autocomplete and check cardspecs files.

Without a game, card fields are open; with a game, each card type's declared fields are spelled
out (one ``if type == X then ...`` branch per type), which is what an editor needs to flag a
misspelt field in a custom card.
"""

from __future__ import annotations

from typing import Any

from pnpgen.spec.fieldtypes import field_type
from pnpgen.spec.loader import CARD_TYPE_KEYS, COMPONENT_KEYS, FIELD_DEF_KEYS, ID_PATTERN
from pnpgen.spec.model import CHECK_LEVELS, ComponentKind, FieldType, Game, TokenShape
from pnpgen.spec.sizes import NAMED_CARD_SIZES

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"
_LENGTH = r"^\s*-?\d*\.?\d+\s*(pt|in|mm|cm)\s*$"
_CODE = r"^[A-Z]+[0-9]+$"  # a check code such as TEXT004 (`pnpgen validate --explain all` lists them)
_SIZE = r"^\s*-?\d*\.?\d+\s*(pt|in|mm|cm)?\s*[x×]\s*-?\d*\.?\d+\s*(pt|in|mm|cm)\s*$"


def _size_schema() -> dict[str, Any]:
    return {"anyOf": [{"enum": sorted(NAMED_CARD_SIZES)}, {"type": "string", "pattern": _LENGTH},
                      {"type": "string", "pattern": _SIZE}, {"type": "null"}],
            "description": "named card size, a length ('2cm') or 'W x H' ('63mm x 88mm')"}


def _card_base() -> dict[str, Any]:
    return {
        "id": {"type": "string", "pattern": ID_PATTERN.pattern},
        "name": {"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}],
                 "description": "the printed name; null only when the source lost it"},
        "type": {"type": "string"},
        "copies": {"type": "integer", "minimum": 0},
        "skip_checks": {"type": "array", "items": {"type": "string", "pattern": _CODE},
                        "description": "check codes whose findings about this card are dropped"},
        "provenance": {"type": "object", "properties": {
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
            "fragments": {"type": "array", "items": {"type": "object", "properties": {
                "line": {"type": "integer"}, "text": {"type": "string"}}, "required": ["line"]}}},
            "required": ["confidence"]},
    }


def card_schema(game: Game | None = None) -> dict[str, Any]:
    """Schema of one card; with a game, each type's fields and their ranges."""
    props = _card_base()
    schema: dict[str, Any] = {"type": "object", "required": ["id", "name", "type", "copies"], "properties": props}
    if game is None:
        return schema
    props["type"] = {"enum": sorted(game.card_types)}
    branches = []
    for type_id, ctype in sorted(game.card_types.items()):
        fields = {name: field_type(f.type).schema(f) for name, f in ctype.fields.items()}
        branches.append({
            "if": {"properties": {"type": {"const": type_id}}},
            "then": {"properties": {**_card_base(), **fields},
                     "required": ["id", "name", "type", "copies", *[n for n, f in ctype.fields.items() if f.required]],
                     "additionalProperties": False},
        })
    schema["allOf"] = branches
    return schema


def spec_schema(game: Game | None = None) -> dict[str, Any]:
    """One schema that accepts game.yaml, a card file or _overrides.yaml (by their top-level keys)."""
    component: dict[str, Any] = {
        "type": "object", "additionalProperties": False, "required": ["id", "kind", "name"],
        "properties": {
            "id": {"type": "string", "pattern": ID_PATTERN.pattern},
            "kind": {"enum": [k.value for k in ComponentKind]},
            "name": {"type": "string"},
            "count": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            "size": _size_schema(),
            "card_type": {"type": ["string", "null"]},
            "shape": {"enum": [s.value for s in TokenShape] + [None]},
            "sides": {"enum": [1, 2]},
            "notes": {"type": "string"},
            "source_lines": {"type": "array", "items": {"type": "integer"}},
        },
    }
    assert set(component["properties"]) == COMPONENT_KEYS
    field_def: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": ["type"], "properties": {
        "type": {"enum": [t.value for t in FieldType]}, "required": {"type": "boolean"},
        "min": {"type": "number"}, "max": {"type": "number"},
        "values": {"type": "array", "items": {"type": "string"}}, "description": {"type": "string"}}}
    assert set(field_def["properties"]) == FIELD_DEF_KEYS
    card_type: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": {
        "name": {"type": "string"}, "size": _size_schema(), "back": {"type": ["string", "null"]},
        "fields": {"type": "object", "additionalProperties": {"$ref": "#/$defs/field_def"}}}}
    assert set(card_type["properties"]) == CARD_TYPE_KEYS
    game_file = {"type": "object", "additionalProperties": False, "required": ["id", "name", "players", "source"],
                 "properties": {
                     "id": {"type": "string", "pattern": ID_PATTERN.pattern},
                     "name": {"type": "string"},
                     "players": {"type": "object", "required": ["min", "max"], "properties": {
                         "min": {"type": "integer", "minimum": 1}, "max": {"type": "integer", "minimum": 1}}},
                     "source": {"type": "object", "required": ["document"], "properties": {
                         "document": {"type": "string"}, "title": {"type": "string"}}},
                     "components": {"type": "array", "items": {"$ref": "#/$defs/component"}},
                     "card_types": {"type": "object", "additionalProperties": {"$ref": "#/$defs/card_type"}},
                     "rules": {"type": "object"},
                     "references": {"type": "array", "items": {"type": "object", "required": ["id", "title"]}},
                     "language": {"type": "string", "description": "hyphenation dictionary, e.g. en_US, de_DE"},
                     "checks": {"type": "object", "propertyNames": {"pattern": _CODE},
                                "additionalProperties": {"enum": [*CHECK_LEVELS, False]},
                                "description": "per check code: off, or the severity its findings get"},
                     "version": {"type": ["string", "integer"], "maxLength": 40,
                                 "description": "the designer's edition, printed by templates as game.version; quote "
                                                "dotted numbers (\"1.10\")"},
                 }}
    card_file = {"type": "object", "additionalProperties": False, "required": ["cards"],
                 "properties": {"cards": {"type": "array", "items": {"$ref": "#/$defs/card"}}}}
    override = {"type": "object", "required": ["reason", "source"], "properties": {
        "card": {"type": "string"}, "component": {"type": "string"}, "add": {"$ref": "#/$defs/card"},
        "set": {"type": "object"}, "reason": {"type": "string", "minLength": 1},
        "source": {"type": "string", "minLength": 1}}, "additionalProperties": False}
    overrides_file = {"type": "object", "additionalProperties": False, "required": ["overrides"],
                      "properties": {"overrides": {"type": "array", "items": {"$ref": "#/$defs/override"}}}}
    title = f"pnpgen card specs for {game.name}" if game else "pnpgen card specs"
    return {
        "$schema": SCHEMA_URI,
        "title": title,
        "oneOf": [{"$ref": "#/$defs/game_file"}, {"$ref": "#/$defs/card_file"}, {"$ref": "#/$defs/overrides_file"}],
        "$defs": {"component": component, "field_def": field_def, "card_type": card_type, "card": card_schema(game),
                  "game_file": game_file, "card_file": card_file, "override": override,
                  "overrides_file": overrides_file},
    }
