"""YAML spec folder -> ``Game``, with errors that name file, line, card and field.

The folder layout and every key are described in docs/spec-format.md. Checks done here are the
ones without which the model cannot be built (types, ranges, unknown keys, references between
card types and cards); judgements about the data itself belong to ``pnpgen.validate``.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from pathlib import Path
from collections.abc import Set as AbstractSet
from typing import Any, Callable, Iterator

from pnpgen.errors import excerpt
from pnpgen.files import FileResolver, resolver_for
from pnpgen.limits import env_name, limit, too_big
from pnpgen.spec.errors import SpecError, did_you_mean
from pnpgen.spec.fieldtypes import BadValue, field_type
from pnpgen.spec.model import (
    CHECK_LEVELS,
    Card,
    CardType,
    CheckSetting,
    FieldLocations,
    Component,
    ComponentKind,
    FieldDef,
    FieldType,
    Fragment,
    Game,
    Location,
    Provenance,
    Reference,
    ReferenceSection,
    Size,
    TokenShape,
    Variant,
)
from pnpgen.spec.overrides import OVERRIDES_FILE, apply_card_overrides, apply_component_overrides, load_overrides
from pnpgen.spec.sizes import size_from_value
from pnpgen.spec.tabular import SPREADSHEET_SUFFIXES, read_cards
from pnpgen.spec.translations import split_key, valid_language
from pnpgen.spec.yamlio import (LocDict, LocList, NotItemByItem, load_yaml, load_yaml_items, load_yaml_text,
                                read_yaml_text)
from pnpgen.units import UnitError

GAME_FILE = "game.yaml"
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
GAME_KEYS = {"id", "name", "players", "source", "components", "card_types", "rules", "references", "language",
             "languages", "version", "checks"}
GAME_REQUIRED = ("id", "name", "players")  # `source` only for games extracted from a document
COMPONENT_KEYS = {"id", "kind", "name", "count", "size", "card_type", "shape", "sides", "notes", "source_lines"}
CARD_TYPE_KEYS = {"name", "size", "fields", "back"}
FIELD_DEF_KEYS = {"type", "required", "min", "max", "values", "description"}
CARD_BASE_KEYS = {"id", "name", "type", "copies", "provenance", "skip_checks"}
REFERENCE_KEYS = {"id", "title", "sections", "source_lines"}


def load_spec_folder(directory: Path) -> Game:
    """The effective specs (generated + overrides) of a base game's spec folder (``games.load_game``
    finds the folder, and loads an expansion folder with ``expansion``)."""
    game_path = directory / GAME_FILE
    files = resolver_for(directory)
    data = load_yaml(game_path, files)
    if not isinstance(data, LocDict):
        raise SpecError("expected a mapping of game metadata", file=game_path, line=1, hint="see docs/spec-format.md")
    _check_keys(data, GAME_KEYS, game_path, "game.yaml")
    for key in GAME_REQUIRED:
        if key not in data:
            raise SpecError(f"missing required key {key!r}", file=game_path, line=data.line or 1,
                            hint="see docs/spec-format.md")
    overrides = load_overrides(directory)
    overrides_path = directory / OVERRIDES_FILE
    raw_components = _sequence(data.get("components"), game_path, data.line_of("components"), "'components'")
    apply_component_overrides(raw_components, overrides, overrides_path)
    card_types = _card_types(data.get("card_types") or LocDict(), game_path)
    components = tuple(_component(c, game_path, raw_components.line_of(i), card_types)
                       for i, c in enumerate(raw_components))
    _unique([c.id for c in components], [raw_components.line_of(i) for i in range(len(components))], game_path, "component")
    if any("card" in entry or "add" in entry for entry in overrides):
        raw_cards = _raw_cards(directory, files, card_types)  # overrides change the raw mappings
        apply_card_overrides(raw_cards, overrides, overrides_path)
        cards = tuple(_card(raw, path, card_types) for path, raw in drain(raw_cards))
    else:
        built: list[Card] = []
        build_as_read(_each_raw_card(directory, files, card_types),
                      lambda path, raw: built.append(_card(raw, path, card_types)))
        cards = tuple(built)
    seen: dict[str, Card] = {}
    for card in cards:
        if card.id in seen:
            assert card.location is not None  # _card gives every card its file and line
            first = seen[card.id].location
            names = f" by {card.name!r} and {seen[card.id].name!r}" if card.name and seen[card.id].name else ""
            raise SpecError(f"id {card.id!r} is used twice{names} (first at {first})", file=card.location.file,
                            line=card.location.line, card=card.id, field="id",
                            hint="give each card its own id (a card without one takes its name's)")
        seen[card.id] = card
    players = data["players"]
    pmin, pmax = _players(players, game_path, data.line_of("players"))
    source = data.get("source", {"document": ""})
    if not isinstance(source, dict) or not isinstance(source.get("document"), str):
        raise SpecError("'source' must be a mapping with 'document' (the seed file name)", file=game_path,
                        line=data.line_of("source"))
    game_id = _id(data["id"], game_path, data.line_of("id"), "game id")
    refs = _sequence(data.get("references"), game_path, data.line_of("references"), "'references'")
    return Game(
        id=game_id,
        name=_text(data["name"], game_path, data.line_of("name"), "name"),
        players_min=pmin,
        players_max=pmax,
        source_document=source["document"],
        source_title=str(source.get("title", "")),
        components=components,
        card_types=card_types,
        cards=cards,
        rules=_plain(_mapping(data.get("rules"), game_path, data.line_of("rules"), "'rules'")),
        references=tuple(_reference(r, game_path, refs.line_of(i)) for i, r in enumerate(refs)),
        directory=str(directory),
        language=_language(data.get("language", "en_US"), game_path, data.line_of("language")),
        languages=_languages(data.get("languages"), game_path, data.line_of("languages")),
        version=_version(data.get("version"), game_path, data.line_of("version")),
        checks=check_settings(data.get("checks"), game_path, data.line_of("checks")),
    )


def check_settings(value: Any, path: Path, line: int) -> tuple[CheckSetting, ...]:
    """``checks: {TEXT004: off, TEXT008: info}``: each code turned off or given a severity. Whether
    a code is a check's is the validator's to say (``pnpgen.validate.suppress``); here, the form."""
    settings = []
    mapping = _mapping(value, path, line, "'checks'")
    for code, level in mapping.items():
        at = mapping.line_of(code)
        if level is False:  # YAML reads a bare `off` as false
            level = "off"
        if not isinstance(code, str) or not isinstance(level, str) or level not in CHECK_LEVELS:
            close = did_you_mean(str(level), CHECK_LEVELS) if isinstance(level, str) else ""
            raise SpecError(f"'checks': {excerpt(code, 40)} must be set to one of {', '.join(CHECK_LEVELS)}, "
                            f"got {excerpt(repr(level), 40)}{close}", file=path, line=at, field="checks",
                            hint="e.g. checks: {TEXT004: off, TEXT008: info}")
        settings.append(CheckSetting(code, level, Location(str(path), at)))
    return tuple(settings)


def _skip_checks(value: Any, path: Path, line: int, card: str) -> tuple[str, ...]:
    """A card's ``skip_checks``: the codes of checks whose findings about it are dropped."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise SpecError(f"'skip_checks' must be a list of check codes, got {excerpt(value, 60)}", file=path, line=line,
                        card=card, field="skip_checks",
                        hint="e.g. skip_checks: [TEXT004, TEXT008] (in a spreadsheet: TEXT004|TEXT008)")
    return tuple(dict.fromkeys(v.strip() for v in value))


VERSION_CHARS = 40


def _version(value: Any, path: Path, line: int) -> str | None:
    """game.yaml's optional ``version``: text as the designer wrote it. A YAML number is refused:
    ``1.10`` would read as 1.1, so the printed version would not be the one written."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > VERSION_CHARS:
        raise SpecError(f"'version' must be one line of text up to {VERSION_CHARS} characters, got {value!r}",
                        file=path, line=line, field="version", hint='quote it, e.g. version: "1.10"')
    return value.strip()


def _language(value: Any, path: Path, line: int) -> str:
    import pyphen

    if not isinstance(value, str) or value not in pyphen.LANGUAGES:
        close = did_you_mean(str(value), pyphen.LANGUAGES)
        raise SpecError(f"'language' must be a language code such as en_US, de_DE or fr, got {value!r}{close}",
                        file=path, line=line, field="language", hint="it picks the hyphenation dictionary")
    return value


def _languages(value: Any, path: Path, line: int) -> tuple[str, ...]:
    """game.yaml's ``languages:``: the languages the cards are translated into (``name@de``)."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and valid_language(v) for v in value):
        raise SpecError(f"'languages' must be a list of language codes such as [de, fr, ja], got {excerpt(value, 40)}",
                        file=path, line=line, field="languages",
                        hint="the languages the cards are translated into: columns or keys name@de, text@de")
    return tuple(dict.fromkeys(value))


def _check_keys(mapping: LocDict, allowed: set[str], path: Path, what: str, card: str | None = None) -> None:
    for key in mapping:
        if key not in allowed:
            raise SpecError(f"unknown field {key!r} in {what}{did_you_mean(key, allowed)}", file=path,
                            line=mapping.line_of(key), card=card, field=str(key),
                            hint=f"allowed: {', '.join(sorted(allowed))}")


def _mapping(value: Any, path: Path, line: int, what: str) -> LocDict:
    if value is None:
        return LocDict()
    if not isinstance(value, LocDict):
        raise SpecError(f"{what} must be a mapping (key: value lines), got {type(value).__name__}", file=path, line=line)
    return value


def _sequence(value: Any, path: Path, line: int, what: str) -> LocList:
    if value is None:
        return LocList()
    if not isinstance(value, LocList):
        raise SpecError(f"{what} must be a list ('- ' items), got {type(value).__name__}", file=path, line=line)
    return value


def _unique(ids: list[str], lines: list[int], path: Path, what: str) -> None:
    seen: set[str] = set()
    for ident, line in zip(ids, lines):
        if ident in seen:
            raise SpecError(f"{what} id {ident!r} is used twice", file=path, line=line)
        seen.add(ident)


def _id(value: Any, path: Path, line: int, what: str, card: str | None = None) -> str:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise SpecError(f"{what} must be lower-case words joined by dashes (e.g. 'last-stand'), got {value!r}",
                        file=path, line=line, card=card, field="id")
    return value


def _text(value: Any, path: Path, line: int, field: str, card: str | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SpecError(f"{field!r} must be non-empty text, got {value!r}", file=path, line=line, card=card, field=field)
    return value


def _players(value: Any, path: Path, line: int) -> tuple[int, int]:
    if not isinstance(value, dict) or not all(isinstance(value.get(k), int) for k in ("min", "max")):
        raise SpecError(f"'players' must be {{min: N, max: M}} with whole numbers, got {value!r}", file=path, line=line)
    if not 1 <= value["min"] <= value["max"]:
        raise SpecError(f"'players' needs 1 <= min <= max, got {value['min']}..{value['max']}", file=path, line=line)
    return value["min"], value["max"]


def _size(value: Any, path: Path, line: int, what: str) -> Size | None:
    if value is None:
        return None
    try:
        return size_from_value(value)
    except UnitError as err:
        raise SpecError(f"{what}: {err}", file=path, line=line, field="size") from None


def _card_types(raw: Any, path: Path) -> dict[str, CardType]:
    if not isinstance(raw, LocDict):
        raise SpecError("'card_types' must be a mapping of type id -> definition", file=path,
                        line=getattr(raw, "line", 0))
    for key in raw:
        if not isinstance(key, str):
            raise SpecError(f"card type id must be text, got {key!r}", file=path, line=raw.line_of(key))
    result: dict[str, CardType] = {}
    for type_id, body in raw.items():
        line = raw.line_of(type_id)
        _id(type_id, path, line, "card type id")
        if not isinstance(body, LocDict):
            raise SpecError(f"card type {type_id!r} must be a mapping", file=path, line=line)
        _check_keys(body, CARD_TYPE_KEYS, path, f"card type {type_id!r}")
        fields_raw = _mapping(body.get("fields"), path, body.line_of("fields"), f"card type {type_id!r}: 'fields'")
        fields = {name: _field_def(name, spec, path, fields_raw.line_of(name)) for name, spec in fields_raw.items()}
        for name in fields:
            if name in CARD_BASE_KEYS:
                raise SpecError(f"card type {type_id!r} redefines the base field {name!r}", file=path,
                                line=fields_raw.line_of(name))
        result[type_id] = CardType(
            id=type_id,
            name=_text(body.get("name", type_id), path, body.line_of("name"), "name"),
            size=_size(body.get("size"), path, body.line_of("size"), f"card type {type_id!r}"),
            fields=fields,
            back=body.get("back"),
        )
    return result


def _field_def(name: str, spec: Any, path: Path, line: int) -> FieldDef:
    if not isinstance(spec, LocDict):
        raise SpecError(f"field {name!r} must be a mapping such as {{type: int, min: 0}}", file=path, line=line)
    _check_keys(spec, FIELD_DEF_KEYS, path, f"field {name!r}")
    try:
        ftype = FieldType(spec.get("type"))
    except ValueError:
        choices = [t.value for t in FieldType]
        raise SpecError(f"field {name!r}: unknown type {spec.get('type')!r}{did_you_mean(spec.get('type'), choices)}",
                        file=path, line=spec.line_of("type"), hint=f"types: {', '.join(choices)}") from None
    raw_values = spec.get("values") or []
    if not isinstance(raw_values, list):
        raise SpecError(f"field {name!r}: 'values' must be a list, got {raw_values!r}", file=path,
                        line=spec.line_of("values"))
    values = tuple(str(v) for v in raw_values)
    if ftype is FieldType.ENUM and not values:
        raise SpecError(f"enum field {name!r} needs 'values'", file=path, line=line)
    for bound in ("min", "max"):
        value = spec.get(bound)
        if value is not None and (not isinstance(value, (int, float)) or isinstance(value, bool)):
            raise SpecError(f"field {name!r}: {bound!r} must be a number, got {value!r}", file=path,
                            line=spec.line_of(bound))
    if not isinstance(spec.get("required", False), bool):
        raise SpecError(f"field {name!r}: 'required' must be true or false", file=path, line=spec.line_of("required"))
    return FieldDef(name=name, type=ftype, required=spec.get("required", False), min=spec.get("min"),
                    max=spec.get("max"), values=values, description=str(spec.get("description", "")))


def _component(raw: Any, path: Path, line: int, card_types: dict[str, CardType]) -> Component:
    if not isinstance(raw, LocDict):
        raise SpecError("each component must be a mapping", file=path, line=line)
    _check_keys(raw, COMPONENT_KEYS, path, "component")
    cid = _id(raw.get("id"), path, raw.line_of("id"), "component id")
    try:
        kind = ComponentKind(raw.get("kind"))
    except ValueError:
        choices = [k.value for k in ComponentKind]
        raise SpecError(f"component {cid!r}: unknown kind {raw.get('kind')!r}{did_you_mean(raw.get('kind'), choices)}",
                        file=path, line=raw.line_of("kind"), hint=f"kinds: {', '.join(choices)}") from None
    count = raw.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= limit("components")):
        raise SpecError(f"component {cid!r}: 'count' must be a whole number from 0 to {limit('components'):,} or null, got {excerpt(count, 40)}",
                        file=path, line=raw.line_of("count"), field="count", hint=f"raise the maximum with {env_name('components')}")
    shape = None
    if raw.get("shape") is not None:
        try:
            shape = TokenShape(raw["shape"])
        except ValueError:
            choices = [s.value for s in TokenShape]
            raise SpecError(f"component {cid!r}: unknown shape {raw['shape']!r}{did_you_mean(raw['shape'], choices)}",
                            file=path, line=raw.line_of("shape"), field="shape") from None
    card_type = raw.get("card_type")
    if card_type is not None and (not isinstance(card_type, str) or card_type not in card_types):
        raise SpecError(f"component {cid!r}: unknown card_type {card_type!r}{did_you_mean(card_type, card_types)}",
                        file=path, line=raw.line_of("card_type"), field="card_type")
    sides = raw.get("sides", 1)
    if isinstance(sides, bool) or sides not in (1, 2):
        raise SpecError(f"component {cid!r}: 'sides' must be 1 or 2, got {sides!r}", file=path,
                        line=raw.line_of("sides"), field="sides")
    return Component(
        id=cid,
        kind=kind,
        name=_text(raw.get("name"), path, raw.line_of("name"), "name"),
        count=count,
        size=_size(raw.get("size"), path, raw.line_of("size"), f"component {cid!r}"),
        card_type=card_type,
        shape=shape,
        sides=sides,
        notes=str(raw.get("notes") or ""),
        source_lines=tuple(raw.get("source_lines") or ()),
        location=Location(str(path), line),
    )


def _raw_cards(directory: Path, files: FileResolver, card_types: dict[str, CardType],
               skip: AbstractSet[str] = frozenset({GAME_FILE}), extra_keys: AbstractSet[str] = frozenset()) -> list[tuple[Path, LocDict]]:
    """Every card of the folder's card files, in file-name order: ``*.yaml`` and spreadsheets
    (``*.csv``, ``*.xlsx``, see :mod:`pnpgen.spec.tabular`), beside game.yaml and in ``cards/``."""
    return list(_each_raw_card(directory, files, card_types, skip, extra_keys))


def _each_raw_card(directory: Path, files: FileResolver, card_types: dict[str, CardType],
                   skip: AbstractSet[str] = frozenset({GAME_FILE}),
                   extra_keys: AbstractSet[str] = frozenset()) -> Iterator[tuple[Path, LocDict]]:
    """:func:`_raw_cards` one card at a time, each file read when its first card is asked for.
    Past ``PNPGEN_LIMIT_CARDS`` cards the file that holds the next one is refused (a spreadsheet as
    soon as it is read, before any of its cards is made)."""
    patterns = ("*.yaml", *(f"*{s}" for s in SPREADSHEET_SUFFIXES))
    most, count = limit("cards"), 0
    for folder in (directory, directory / "cards"):
        for path in files.listing(folder, patterns):
            if path.name in skip or path.name.startswith(("_", ".", "~$")):
                continue
            if path.suffix.lower() in SPREADSHEET_SUFFIXES:
                cards = read_cards(path, files, card_types, extra_keys)
                if count + len(cards) > most:
                    _too_many_cards(cards[most - count][0], cards[most - count][1].line)
                count += len(cards)
                yield from drain(cards)
                continue
            for path_and_raw in _yaml_cards(path, files):
                count += 1
                if count > most:
                    _too_many_cards(path, path_and_raw[1].line)
                yield path_and_raw


def _too_many_cards(path: Path, line: int) -> None:
    raise SpecError(too_big("cards", "too many cards in one game"), file=path, line=line,
                    hint="cards are rows of spreadsheets and entries of card files; copies do not count")


def drain(items: list) -> Iterator:
    """The items of ``items``, each dropped from the list as it is handed out: a deck's raw card
    mappings are let go one by one as their cards are built, not all kept until the last one."""
    for i in range(len(items)):
        item, items[i] = items[i], None
        yield item


def build_as_read(raw_cards: Iterator[tuple[Path, LocDict]], build: Callable[[Path, LocDict], None]) -> None:
    """``build(path, raw)`` for each card as it is read, so a deck's raw mappings never all live
    at once. The first error ``build`` raises is raised once every card file has been read: a file
    that cannot be read stays the error reported, as when all files were read before any card was built."""
    failed: SpecError | None = None
    for path, raw in raw_cards:
        if failed is None:
            try:
                build(path, raw)
            except SpecError as err:
                failed = err
    if failed is not None:
        raise failed


def _yaml_cards(path: Path, files: FileResolver) -> Iterator[tuple[Path, LocDict]]:
    text = read_yaml_text(path, files)
    # A card file is one long list: read a card at a time, so a deck's nodes never all live at once.
    given = 0
    try:
        for raw in load_yaml_items(text, path, "cards"):
            if not isinstance(raw, LocDict):
                break
            yield path, raw
            given += 1
        else:
            return
    except NotItemByItem:
        pass
    # Anything else, and every error: the whole-file read, with its errors and checks. (Left after
    # some cards, it is a file the whole read refuses; were it not, its cards after those follow.)
    data = load_yaml_text(text, path)
    if data is None:
        return
    if not isinstance(data, LocDict) or "cards" not in data:
        raise SpecError("a card file must be a mapping with 'cards:' holding a list", file=path,
                        line=getattr(data, "line", 1), hint="see docs/spec-format.md")
    _check_keys(data, {"cards"}, path, "card file")
    items = data["cards"] or LocList()
    if not isinstance(items, LocList):
        raise SpecError("'cards' must be a list", file=path, line=data.line_of("cards"))
    for i, raw in enumerate(items):
        if not isinstance(raw, LocDict):
            raise SpecError("each card must be a mapping", file=path, line=items.line_of(i))
    for raw in drain(items[given:]):
        yield path, raw


def _card(raw: LocDict, path: Path, card_types: dict[str, CardType]) -> Card:
    """One card from its raw mapping; an error about a spreadsheet cell also names its column."""
    try:
        return _checked_card(raw, path, card_types)
    except SpecError as err:
        column = getattr(raw, "columns", {}).get(err.field) if err.field else None
        if column and err.column is None and err.line == raw.lines.get(err.field, raw.line):
            err.column = column
            err.args = (str(err),)
        raise


def _checked_card(raw: LocDict, path: Path, card_types: dict[str, CardType]) -> Card:
    marks: dict[str, tuple[Path, int]] = raw.pop("_overridden", {})

    def where(key: str) -> tuple[Path, int]:
        return marks.get(key, (path, raw.line_of(key)))

    if "id" not in raw:
        raise SpecError("card has no 'id'", file=path, line=raw.line, hint="add e.g. `id: last-stand-vasquez`")
    cid = raw["id"]
    _id(cid, *where("id"), "card id", card=str(cid))
    for key in ("name", "type", "copies"):
        if key not in raw:
            raise SpecError(f"missing required field {key!r}", file=where("id")[0], line=raw.line, card=cid, field=key)
    type_id = raw["type"]
    if not isinstance(type_id, str) or type_id not in card_types:
        f, ln = where("type")
        raise SpecError(f"unknown card type {type_id!r}{did_you_mean(type_id, card_types)}", file=f, line=ln,
                        card=cid, field="type", hint=f"types in game.yaml: {', '.join(card_types) or 'none'}")
    ctype = card_types[type_id]
    allowed = CARD_BASE_KEYS | set(ctype.fields)
    translations: dict[str, dict[str, Any]] = {}
    for key in raw:
        split = split_key(key)
        if split is not None and split[0] in {"name", *ctype.fields}:
            fname, lang = split
            f, ln = where(key)
            if not valid_language(lang):
                raise SpecError(f"{key!r}: {lang!r} is no language code", file=f, line=ln, card=cid, field=str(key),
                                hint=f"write the translation as {fname}@de, {fname}@pt-BR or {fname}@ja")
            value = raw[key]
            if value is None:
                continue  # an empty cell: not translated
            if fname == "name":
                translations.setdefault(lang, {})[fname] = _text(value, f, ln, str(key), card=cid)
            else:
                translations.setdefault(lang, {})[fname] = _field_value(value, ctype.fields[fname],
                                                                       partial(where, key), cid)
            continue
        if key not in allowed:
            f, ln = where(key)
            raise SpecError(f"unknown field {key!r} for a {type_id} card{did_you_mean(key, allowed)}", file=f, line=ln,
                            card=cid, field=str(key), hint=f"fields of {type_id}: {', '.join(sorted(allowed))}")
    # null: the source lost the printed name (e.g. an extracted card known only by its text);
    # the key must still be written so that a forgotten name is an error, not a silent blank
    name = None if raw["name"] is None else _text(raw["name"], *where("name"), "name", card=cid)
    copies = raw["copies"]
    if not isinstance(copies, int) or isinstance(copies, bool) or not 0 <= copies <= limit("copies"):
        f, ln = where("copies")
        raise SpecError(f"'copies' must be a whole number from 0 to {limit('copies'):,}, got {excerpt(copies, 40)}", file=f, line=ln,
                        card=cid, field="copies", hint=f"raise the maximum with {env_name('copies')}")
    fields: dict[str, Any] = {}
    for fname, fdef in ctype.fields.items():
        if fname not in raw:
            if fdef.required:
                raise SpecError(f"missing required field {fname!r}", file=path, line=raw.line, card=cid, field=fname,
                                hint=f"add `{fname}:` (null if the source does not give it)")
            fields[fname] = None
            continue
        fields[fname] = _field_value(raw[fname], fdef, partial(where, fname), cid)
    file = _file_name(path)
    lines = raw.lines
    if list(lines) != list(raw):  # a key without its own line, or a line without its key (``_overridden``)
        lines = {k: raw.line_of(k) for k in raw}
    locations = FieldLocations(file, lines, {k: Location(_file_name(f), ln) for k, (f, ln) in marks.items() if k in raw})
    return Card(
        id=cid,
        name=name,
        type=type_id,
        copies=copies,
        fields=fields,
        provenance=_provenance(raw.get("provenance"), path, raw.line_of("provenance"), cid),
        location=Location(file, raw.line),
        field_locations=locations,
        overridden=tuple(sorted(marks)),
        skip_checks=_skip_checks(raw.get("skip_checks"), *where("skip_checks"), cid),
        translations={lang: translations[lang] for lang in sorted(translations)},
    )


@lru_cache(maxsize=1024)
def _file_name(path: Path) -> str:
    """One string per card file, shared by the locations of all its cards."""
    return str(path)


def _field_value(value: Any, fdef: FieldDef, at: Callable[[], tuple[Path, int]], card: str) -> Any:
    """``value`` checked by its field's type; ``at()`` gives the file and line an error names (asked
    for only then: a deck has hundreds of thousands of good values)."""
    if value is None:
        return None
    try:
        return field_type(fdef.type).check(value, fdef)
    except BadValue as bad:
        path, line = at()
        raise SpecError(bad.message, file=path, line=line, card=card, field=fdef.name, hint=bad.hint) from None


def _provenance(raw: Any, path: Path, line: int, card: str) -> Provenance | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("confidence"), (int, float)):
        raise SpecError("'provenance' must be {confidence: 0..1, fragments: [{line, text}]}", file=path, line=line,
                        card=card, field="provenance")
    conf = float(raw["confidence"])
    if not 0.0 <= conf <= 1.0:
        raise SpecError(f"'provenance.confidence' must be from 0 to 1, got {conf}", file=path, line=line, card=card,
                        field="provenance")
    frags = []
    for frag in raw.get("fragments") or []:
        if not isinstance(frag, dict) or not isinstance(frag.get("line"), int):
            raise SpecError("each provenance fragment must be {line: N, text: '...'}", file=path, line=line, card=card,
                            field="provenance")
        frags.append(Fragment(frag["line"], str(frag.get("text", ""))))
    variants = []
    for var in raw.get("variants") or []:
        if not isinstance(var, dict) or not isinstance(var.get("field"), str) or not isinstance(var.get("line"), int):
            raise SpecError("each provenance variant must be {field: name, text: '...', line: N}", file=path,
                            line=line, card=card, field="provenance")
        variants.append(Variant(var["field"], str(var.get("text", "")), var["line"]))
    return Provenance(conf, tuple(frags), tuple(variants))


def _reference(raw: Any, path: Path, line: int) -> Reference:
    if not isinstance(raw, LocDict):
        raise SpecError("each reference must be a mapping", file=path, line=line)
    _check_keys(raw, REFERENCE_KEYS, path, "reference")
    rid = _id(raw.get("id"), path, raw.line_of("id"), "reference id")
    sections = []
    for sec in raw.get("sections") or []:
        if not isinstance(sec, dict) or not isinstance(sec.get("items", []), list):
            raise SpecError(f"reference {rid!r}: each section is {{heading: '...', items: ['...']}}", file=path,
                            line=getattr(sec, "line", line))
        sections.append(ReferenceSection(str(sec.get("heading", "")), tuple(str(i) for i in sec.get("items", []))))
    return Reference(rid, _text(raw.get("title"), path, raw.line_of("title"), "title"), tuple(sections),
                     tuple(raw.get("source_lines") or ()))


def _plain(value: Any) -> Any:
    """Loc containers -> plain dict/list, so rule facts compare and serialise like ordinary data."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
