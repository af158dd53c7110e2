"""What each kind of card field does, one class per kind (``int``, ``number``, ``text``, ``bool``,
``enum``, ``list``, ``image``): which YAML values it accepts (``check``), how a spreadsheet cell
becomes its value (``coerce``), its JSON Schema (``schema``), an example value for a new card
(``example``) and its spreadsheet cell (``export``).

Every place that treats a field by its type asks :func:`field_type`, so a kind without a class
here is an error there, never a value let through unchecked. Errors are :class:`BadValue`: the
message names the field, the caller adds where the value was written (a YAML line, a cell).
"""

from __future__ import annotations

import re
from collections import Counter
from statistics import median_low
from typing import Any, Callable

from pnpgen.errors import did_you_mean
from pnpgen.spec.model import FieldDef, FieldType

LIST_SEPARATOR = "|"  # between a list's items in a spreadsheet cell
TRUE = {"true", "yes", "y", "1"}
FALSE = {"false", "no", "n", "0"}
NULL_HINT = "use null if the source does not give it"
_WHOLE = re.compile(r"[+-]?\d+")
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+")


class BadValue(ValueError):
    """A value its field refuses; ``message`` names the field, ``hint`` says how to fix it."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def short(value: Any, limit: int = 60) -> str:
    """A cell's value cut for a message."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def plain_text(value: Any) -> str:
    """A cell's value as text: a spreadsheet's ``3.0`` is ``3``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def whole_number(value: Any, name: str) -> int:
    """A cell's value as a whole number (``3``, ``3.0``, ``"+3"``), for int fields and ``copies``."""
    if isinstance(value, bool):
        raise BadValue(f"{name!r} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip()
    if _WHOLE.fullmatch(text):
        return int(text)
    raise BadValue(f"{name!r} must be a whole number, got {short(value)!r}")


def bounds_text(fdef: FieldDef) -> str:
    if fdef.min is not None and fdef.max is not None:
        return f" from {fdef.min} to {fdef.max}"
    if fdef.min is not None:
        return f" ≥ {fdef.min}"
    if fdef.max is not None:
        return f" ≤ {fdef.max}"
    return ""


def _refuse(fdef: FieldDef, value: Any, expected: str) -> BadValue:
    return BadValue(f"{fdef.name!r} must be {expected}, got {value!r}", NULL_HINT)


class FieldKind:
    """The behaviour of one :class:`FieldType`. ``check`` and ``export`` see values that are not
    None (an unknown value is null in YAML and an empty cell in a spreadsheet, for every kind);
    ``coerce`` sees a cell that is not empty."""

    kind: FieldType

    def check(self, value: Any, fdef: FieldDef) -> Any:
        """``value`` as written in YAML, checked: the card's value, or :class:`BadValue`."""
        raise NotImplementedError

    def coerce(self, value: Any, fdef: FieldDef) -> Any:
        """A spreadsheet cell -> the value YAML would have held (``check`` then runs on it)."""
        return plain_text(value) if not isinstance(value, str) else value

    def json_type(self) -> dict[str, Any]:
        raise NotImplementedError

    def schema(self, fdef: FieldDef | None = None) -> dict[str, Any]:
        """JSON Schema of the field's value (null allowed), with ``fdef``'s range, values and description."""
        base = self.json_type()
        if fdef is not None:
            if fdef.min is not None:
                base["minimum"] = fdef.min
            if fdef.max is not None:
                base["maximum"] = fdef.max
            if fdef.values:
                base["enum"] = list(fdef.values)
            if fdef.description:
                base["description"] = fdef.description
        return {"anyOf": [base, {"type": "null"}]}

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        """A value for a new card: typical of ``known`` (the values the game's cards give the
        field), else one the definition allows. ``ability`` picks among texts for ability text."""
        raise NotImplementedError

    def export(self, value: Any) -> str:
        """The spreadsheet cell :mod:`pnpgen.spec.tabular` reads back as ``value``."""
        if isinstance(value, str) and value == "":
            raise BadValue("an empty text would come back from a spreadsheet as unknown (null)",
                           "use null for unknown, or give it a text")
        return str(value)


class _Numeric(FieldKind):
    noun = ""

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if not self._accepts(value):
            raise _refuse(fdef, value, f"{self.noun}{bounds_text(fdef)}")
        if (fdef.min is not None and value < fdef.min) or (fdef.max is not None and value > fdef.max):
            raise _refuse(fdef, value, f"{self.noun}{bounds_text(fdef)}")
        return value

    def _accepts(self, value: Any) -> bool:
        raise NotImplementedError

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        numbers = [v for v in known if isinstance(v, (int, float)) and not isinstance(v, bool)
                   and (fdef.min is None or v >= fdef.min) and (fdef.max is None or v <= fdef.max)]
        if numbers:
            return median_low(numbers)
        return self._typed(fdef.min if fdef.min is not None else 0)

    def _typed(self, low: float) -> Any:
        raise NotImplementedError


class IntField(_Numeric):
    kind = FieldType.INT
    noun = "a whole number"

    def _accepts(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def coerce(self, value: Any, fdef: FieldDef) -> Any:
        return whole_number(value, fdef.name)

    def json_type(self) -> dict[str, Any]:
        return {"type": "integer"}

    def _typed(self, low: float) -> Any:
        return int(low)


class NumberField(_Numeric):
    kind = FieldType.NUMBER
    noun = "a number"

    def _accepts(self, value: Any) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    def coerce(self, value: Any, fdef: FieldDef) -> Any:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if _DECIMAL_COMMA.fullmatch(text):  # a decimal comma, as semicolon-separated CSVs have
            text = text.replace(",", ".")
        try:
            number = float(text)
        except ValueError:
            raise BadValue(f"{fdef.name!r} must be a number, got {short(value)!r}") from None
        return int(number) if number.is_integer() and _WHOLE.fullmatch(text) else number

    def json_type(self) -> dict[str, Any]:
        return {"type": "number"}

    def _typed(self, low: float) -> Any:
        return float(low)


class TextField(FieldKind):
    kind = FieldType.TEXT

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if not isinstance(value, str):
            raise _refuse(fdef, value, "text")
        return value

    def json_type(self) -> dict[str, Any]:
        return {"type": "string"}

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        texts = [v for v in known if isinstance(v, str) and v.strip()]
        if ability is not None:
            return ability(texts)
        return min(texts, key=lambda t: (len(t), t)) if texts else f"{fdef.name.replace('_', ' ')} of this card"


class ImageField(TextField):
    """A path to art, relative to the card's file or its game/expansion folder."""

    kind = FieldType.IMAGE

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if not isinstance(value, str) or not value.strip():
            raise _refuse(fdef, value, "a path to an image such as 'art/ranger.png'")
        return value

    def json_type(self) -> dict[str, Any]:
        return {"type": "string", "description": "path to a PNG, JPEG, WebP or SVG file"}


class BoolField(FieldKind):
    kind = FieldType.BOOL

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if not isinstance(value, bool):
            raise _refuse(fdef, value, "true or false")
        return value

    def coerce(self, value: Any, fdef: FieldDef) -> Any:
        if isinstance(value, bool):
            return value
        text = plain_text(value).strip().lower()
        if text in TRUE:
            return True
        if text in FALSE:
            return False
        raise BadValue(f"{fdef.name!r} must be true or false (yes/no, 1/0), got {short(value)!r}")

    def json_type(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        return Counter(v for v in known if isinstance(v, bool)).most_common(1)[0][0] if known else False

    def export(self, value: Any) -> str:
        return "true" if value else "false"


class EnumField(FieldKind):
    kind = FieldType.ENUM

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if value not in fdef.values:
            raise BadValue(f"{fdef.name!r} must be one of {', '.join(fdef.values)}, got {value!r}"
                           f"{did_you_mean(value, fdef.values)}")
        return value

    def json_type(self) -> dict[str, Any]:
        return {"type": "string"}

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        common = Counter(v for v in known if v in fdef.values).most_common(1)
        return common[0][0] if common else fdef.values[0]


class ListField(FieldKind):
    kind = FieldType.LIST

    def check(self, value: Any, fdef: FieldDef) -> Any:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _refuse(fdef, value, "a list of text items")
        return list(value)

    def coerce(self, value: Any, fdef: FieldDef) -> Any:
        return [item.strip() for item in plain_text(value).split(LIST_SEPARATOR) if item.strip()]

    def json_type(self) -> dict[str, Any]:
        return {"type": "array", "items": {"type": "string"}}

    def example(self, fdef: FieldDef, known: list[Any], ability: Callable[[list[str]], Any] | None = None) -> Any:
        return []

    def export(self, value: Any) -> str:
        for item in value:
            if LIST_SEPARATOR in item:
                raise BadValue(f"list item {item!r} holds {LIST_SEPARATOR!r}, which separates list items in a "
                               f"spreadsheet cell", "reword the item")
        return LIST_SEPARATOR.join(value)


FIELD_TYPES: dict[FieldType, FieldKind] = {
    kind.kind: kind for kind in (IntField(), NumberField(), TextField(), ImageField(), BoolField(), EnumField(),
                                 ListField())
}


def field_type(kind: FieldType) -> FieldKind:
    """The behaviour of field type ``kind``; a kind without one is a programming error, raised here."""
    try:
        return FIELD_TYPES[kind]
    except KeyError:
        raise LookupError(f"field type {kind!r} has no behaviour in pnpgen.spec.fieldtypes") from None
