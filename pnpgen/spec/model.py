"""The card-spec model: small frozen values every other part of pnpgen reads.

Lengths are points (see ``pnpgen.units``); the raw strings written in the YAML are kept beside
them so that output can quote what the user wrote. Nothing here reads files: ``loader`` builds
these objects from YAML and reports errors with file and line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pnpgen.location import Location


class ComponentKind(str, Enum):
    CARD = "card"
    TOKEN = "token"
    BOARD = "board"
    REFERENCE = "reference"
    DICE = "dice"
    MINIATURE = "miniature"
    TILE = "tile"
    OTHER = "other"


class TokenShape(str, Enum):
    CIRCLE = "circle"
    SQUARE = "square"
    RECT = "rect"


class FieldType(str, Enum):
    INT = "int"
    NUMBER = "number"
    TEXT = "text"
    BOOL = "bool"
    ENUM = "enum"
    LIST = "list"
    IMAGE = "image"  # a path to art, relative to the card's file or its game/expansion folder


@dataclass(frozen=True)
class Size:
    """A physical width x height in points, with the text it was written as."""

    width: float
    height: float
    raw: str

    @property
    def mm(self) -> tuple[float, float]:
        from pnpgen.units import to_mm

        return (to_mm(self.width), to_mm(self.height))


class FieldLocations(Mapping):
    """Where each field of a card was written, as a read-only mapping field -> :class:`Location`.

    A deck of 50,000 cards would keep half a million Location objects and line numbers; this keeps
    one file name (shared by the cards of a file), the field names (one tuple shared by the cards
    written with the same keys) and each field's line as its distance from the card's first line
    (a byte each when they fit), and makes the Locations when asked. ``elsewhere`` holds the
    fields written in another file (an ``_overrides.yaml`` entry)."""

    __slots__ = ("file", "first", "names", "offsets", "elsewhere")

    _KEYS: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per distinct key order

    def __init__(self, file: str, lines: Mapping[str, int], elsewhere: dict[str, Location] | None = None) -> None:
        keys = tuple(lines)
        self.file = file
        self.names = self._KEYS.setdefault(keys, keys) if len(self._KEYS) < 4096 else keys
        self.first = min(lines.values(), default=0)
        offsets = [line - self.first for line in lines.values()]
        self.offsets: bytes | tuple[int, ...] = bytes(offsets) if max(offsets, default=0) < 256 else tuple(offsets)
        self.elsewhere = elsewhere or None

    def __getitem__(self, key: str) -> Location:
        if self.elsewhere is not None and key in self.elsewhere:
            return self.elsewhere[key]
        try:
            return Location(self.file, self.first + self.offsets[self.names.index(key)])
        except ValueError:
            raise KeyError(key) from None

    def __contains__(self, key: object) -> bool:
        return key in self.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        return f"FieldLocations({dict(self)!r})"


@dataclass(frozen=True)
class FieldDef:
    """One field a card type declares: its type, range and whether the key must be present."""

    name: str
    type: FieldType
    required: bool = False
    min: float | None = None
    max: float | None = None
    values: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    size: Size | None
    fields: dict[str, FieldDef]
    back: str | None = None


@dataclass(frozen=True)
class Component:
    """A physical component the documents name: cards, tokens, boards, dice, miniatures..."""

    id: str
    kind: ComponentKind
    name: str
    count: int | None
    size: Size | None = None
    card_type: str | None = None
    shape: TokenShape | None = None
    sides: int = 1
    notes: str = ""
    source_lines: tuple[int, ...] = ()
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class Fragment:
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Variant:
    """A printed copy of a card that reads differently from the value the spec keeps."""

    field: str
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Provenance:
    confidence: float
    fragments: tuple[Fragment, ...] = ()
    variants: tuple[Variant, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card; ``fields`` holds its type's fields by their spec names."""

    id: str
    name: str | None  # None: the source lost the printed name; see ``label``
    type: str
    copies: int
    fields: dict[str, Any]
    provenance: Provenance | None = None
    location: Location | None = None
    field_locations: Mapping[str, Location] = field(default_factory=dict, compare=False, hash=False)
    overridden: tuple[str, ...] = ()
    origin: str = ""  # "" for the base game's cards, else the expansion id that added it
    replaces: str | None = None
    skip_checks: tuple[str, ...] = ()  # check codes whose findings about this card are dropped
    # {language: {field: value}}: the ``name@de`` / ``text@de`` translations (``spec.translations``)
    translations: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, hash=False)

    @property
    def label(self) -> str:
        """The name for messages and lists; an unnamed card is shown by its id, never with a made-up name."""
        return self.name if self.name is not None else f"[unnamed: {self.id}]"

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def where(self, field_name: str | None = None) -> Location | None:
        """The location of the card, or of one of its fields when that line is known."""
        if field_name and field_name in self.field_locations:
            return self.field_locations[field_name]
        return self.location


CHECK_LEVELS = ("off", "error", "warning", "info")


@dataclass(frozen=True)
class CheckSetting:
    """One ``checks:`` entry of game.yaml (or an expansion's pnpgen.yaml): a check code turned
    ``off`` or given another severity (``error``, ``warning``, ``info``) for this game."""

    code: str
    level: str
    where: Location


@dataclass(frozen=True)
class ReferenceSection:
    heading: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Reference:
    """Reference-sheet material recovered from a rules text."""

    id: str
    title: str
    sections: tuple[ReferenceSection, ...]
    source_lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class Expansion:
    """A designer's set of custom cards on top of a base game (a folder with pnpgen.yaml)."""

    id: str
    name: str
    base: str
    directory: str
    templates: str | None = None
    checks: tuple[CheckSetting, ...] = ()  # its own ``checks:``, applied over the base game's
    # Fields the expansion adds to base card types: {card type: {field name: FieldDef}}.
    fields: dict[str, dict[str, FieldDef]] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    players_min: int
    players_max: int
    source_document: str
    source_title: str
    components: tuple[Component, ...]
    card_types: dict[str, CardType]
    cards: tuple[Card, ...]
    rules: dict[str, Any]
    references: tuple[Reference, ...]
    directory: str = ""
    expansion: "Expansion | None" = None
    language: str = "en_US"  # the cards' language: hyphenation dictionary (pyphen)
    version: str | None = None  # the designer's edition or print version, for templates (``game.version``)
    checks: tuple[CheckSetting, ...] = ()  # game.yaml's ``checks:`` (an expansion's merged over its base's)
    languages: tuple[str, ...] = ()  # game.yaml's ``languages:``: the languages its cards are translated into
    translation: str | None = None  # the language this game is seen in (``spec.translations.localized``)

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def own_cards(self) -> list[Card]:
        """The expansion's cards when this is an expansion, else every card."""
        if self.expansion is None:
            return list(self.cards)
        return [c for c in self.cards if c.origin == self.expansion.id]

    def cards_of(self, type_id: str) -> list[Card]:
        return [c for c in self.cards if c.type == type_id]

    def component(self, component_id: str) -> Component:
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)
