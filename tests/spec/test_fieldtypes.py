"""The field-type registry (pnpgen.spec.fieldtypes): one behaviour per kind, none missing, and a
value written to a spreadsheet cell by its type reads back as the same value."""

from __future__ import annotations

import pytest

from pnpgen.spec.fieldtypes import FIELD_TYPES, BadValue, field_type
from pnpgen.spec.model import FieldDef, FieldType

SAMPLES = {
    FieldType.INT: -3,
    FieldType.NUMBER: 2.5,
    FieldType.TEXT: "Deal 2 damage.",
    FieldType.IMAGE: "art/ranger.png",
    FieldType.BOOL: True,
    FieldType.ENUM: "fire",
    FieldType.LIST: ["Item", "Tool"],
}


def _field(kind: FieldType) -> FieldDef:
    return FieldDef(name="f", type=kind, values=("fire", "ice") if kind is FieldType.ENUM else ())


def test_every_field_type_has_its_behaviour():
    assert set(FIELD_TYPES) == set(FieldType) == set(SAMPLES)
    assert all(field_type(kind).kind is kind for kind in FieldType)


def test_a_kind_without_behaviour_is_an_error_not_a_value_let_through():
    with pytest.raises(LookupError, match="colour"):
        field_type("colour")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(FieldType), ids=lambda k: k.value)
def test_a_value_exported_to_a_cell_reads_back_the_same(kind: FieldType):
    fdef = _field(kind)
    behaviour = field_type(kind)
    value = behaviour.check(SAMPLES[kind], fdef)
    cell = behaviour.export(value)
    assert isinstance(cell, str)
    assert behaviour.check(behaviour.coerce(cell, fdef), fdef) == SAMPLES[kind]


@pytest.mark.parametrize("kind", [k for k in FieldType if k is not FieldType.TEXT], ids=lambda k: k.value)
def test_each_kind_refuses_a_value_of_another_kind(kind: FieldType):
    wrong = {FieldType.LIST: "Item", FieldType.BOOL: "yes"}.get(kind, ["Item"])
    with pytest.raises(BadValue, match="'f' must be"):
        field_type(kind).check(wrong, _field(kind))


@pytest.mark.parametrize("kind", list(FieldType), ids=lambda k: k.value)
def test_each_kind_has_a_schema_allowing_null_and_an_example_it_accepts(kind: FieldType):
    fdef = _field(kind)
    schema = field_type(kind).schema(fdef)
    assert {"type": "null"} in schema["anyOf"] and len(schema["anyOf"]) == 2
    example = field_type(kind).example(fdef, [SAMPLES[kind]])
    assert field_type(kind).check(example, fdef) == example
