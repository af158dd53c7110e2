"""Expansions: a folder with ``pnpgen.yaml`` naming a base game, plus card files of custom cards.

The expansion's cards are checked against the base game's card types and get namespaced ids
(``<expansion>:<id>``), so a custom card can never silently shadow a base card: reusing a base
card's id or name is an error unless the card says ``replaces: <base-card-id>``, in which case
the base card is dropped from the combined game.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pnpgen.files import resolver_for
from pnpgen.spec.errors import SpecError, did_you_mean
from pnpgen.spec.model import Card, Expansion, Game
from pnpgen.spec.yamlio import LocDict, load_yaml

EXPANSION_FILE = "pnpgen.yaml"
EXPANSION_KEYS = {"id", "name", "base", "templates", "description", "fields", "checks"}


def is_expansion(directory: Path) -> bool:
    return (Path(directory) / EXPANSION_FILE).is_file()


def _own_fields(raw, path: Path) -> dict:
    """``fields: {troop: {flavour: {type: text}}}``: field definitions the expansion adds to base
    card types, checked like game.yaml's (the base types are checked when the base is loaded)."""
    from pnpgen.spec.loader import _field_def, _mapping

    out = LocDict()  # each card type's line: out.line_of(type_id)
    for type_id, defs in _mapping(raw, path, getattr(raw, "line", 0), "'fields'").items():
        defs = _mapping(defs, path, raw.line_of(type_id), f"'fields' of {type_id!r}")
        out[type_id] = {name: _field_def(name, spec, path, defs.line_of(name)) for name, spec in defs.items()}
        out.lines[type_id] = raw.line_of(type_id)
    return out


def _with_own_fields(base: Game, manifest: Expansion, path: Path) -> dict:
    """The base game's card types with the expansion's own fields added."""
    from pnpgen.spec.loader import CARD_BASE_KEYS

    types = dict(base.card_types)
    lines = manifest.fields.lines if isinstance(manifest.fields, LocDict) else {}
    for type_id, new in manifest.fields.items():
        line = lines.get(type_id, 0)
        if type_id not in types:
            raise SpecError(f"'fields' names no card type {type_id!r} of {base.id}{did_you_mean(type_id, types)}",
                            file=path, line=line, hint=f"card types: {', '.join(types)}")
        for name in new:
            if name in types[type_id].fields or name in CARD_BASE_KEYS or name == "replaces":
                raise SpecError(f"field {name!r} of {type_id!r} already exists in {base.id}", file=path, line=line,
                                field=name, hint="give your field another name")
        types[type_id] = dataclasses.replace(types[type_id], fields={**types[type_id].fields, **new})
    return types


def bundled_game_ids() -> set[str]:
    """Ids of the games under ./cardspecs and the bundled games (an expansion may not take one)."""
    from pnpgen import bundled

    roots = (Path.cwd() / "cardspecs", bundled.cardspecs())
    return {p.name for root in roots if root.is_dir() for p in root.iterdir() if (p / "game.yaml").is_file()}


def read_manifest(directory: Path) -> Expansion:
    from pnpgen.spec.loader import _check_keys, _id, _text, check_settings

    path = Path(directory) / EXPANSION_FILE
    files = resolver_for(directory)
    data = load_yaml(path, files)
    if not isinstance(data, LocDict):
        raise SpecError("expected a mapping with id, name and base", file=path, line=1)
    _check_keys(data, EXPANSION_KEYS, path, EXPANSION_FILE)
    for key in ("id", "name", "base"):
        if key not in data:
            raise SpecError(f"missing required key {key!r}", file=path, line=data.line or 1,
                            hint="an expansion needs id, name and base (the base game id)")
    templates = data.get("templates")
    if templates is not None:
        if not isinstance(templates, str):
            raise SpecError(f"'templates' must be a folder name inside the expansion, got {templates!r}",
                            file=path, line=data.line_of("templates"))
        folder = files.locate(templates, what="templates folder", where=(path, data.line_of("templates")),
                              must_exist=False)
        if folder.exists() and not folder.is_dir():
            raise SpecError(f"'templates' {templates!r} is not a folder", file=path, line=data.line_of("templates"))
    exp_id = _id(data["id"], path, data.line_of("id"), "expansion id")
    taken = bundled_game_ids()
    if exp_id in taken or exp_id == data["base"]:
        raise SpecError(f"expansion id {exp_id!r} is a game's id: its kit would overwrite that game's output",
                        file=path, line=data.line_of("id"), hint=f"choose another id (taken: {', '.join(sorted(taken))})")
    return Expansion(
        id=exp_id,
        name=_text(data["name"], path, data.line_of("name"), "name"),
        base=_text(data["base"], path, data.line_of("base"), "base"),
        directory=str(directory),
        templates=str(Path(directory) / templates) if templates else None,
        fields=_own_fields(data["fields"], path) if data.get("fields") is not None else {},
        checks=check_settings(data.get("checks"), path, data.line_of("checks")),
    )


_LOADING: list[Path] = []  # expansions being loaded, innermost last: a base chain may not loop


def load_expansion(directory: Path, base_loader) -> Game:
    """The base game with the expansion's cards added (ids namespaced, replacements applied)."""
    from pnpgen.spec.loader import _card, _each_raw_card, build_as_read

    manifest = read_manifest(directory)
    real = Path(directory).resolve()
    if real in _LOADING:  # base: . (or a chain of expansions that leads back here)
        raise SpecError(f"the base {manifest.base!r} leads back to this expansion", file=Path(directory) / EXPANSION_FILE,
                        hint="'base' must name a game (e.g. xenoshyft), not this expansion")
    _LOADING.append(real)
    try:
        base: Game = base_loader(manifest.base)
    finally:
        _LOADING.pop()
    card_types = _with_own_fields(base, manifest, Path(directory) / EXPANSION_FILE)
    by_id = {c.id: c for c in base.cards}
    by_name = {c.name.strip().lower(): c for c in base.cards if c.name is not None}  # unnamed: by id only
    added: list[Card] = []
    replaced: dict[str, str] = {}  # base card id -> the expansion card replacing it
    names: dict[str, str] = {}     # lower-case name -> expansion card id
    def add(path: Path, raw) -> None:
        replaces = raw.pop("replaces", None)
        replaces_line = raw.line_of("replaces")
        card = _card(raw, path, card_types)
        if replaces is not None:
            if replaces not in by_id:
                raise SpecError(f"'replaces' names no base card {replaces!r}{did_you_mean(replaces, by_id)}",
                                file=path, line=replaces_line, card=card.id, field="replaces")
            if replaces in replaced:
                raise SpecError(f"replaces base card {replaces!r}, which card {replaced[replaces]!r} already replaces",
                                file=path, line=replaces_line, card=card.id, field="replaces",
                                hint="a base card can be replaced once; remove one of the two `replaces:`")
            replaced[replaces] = card.id
        else:
            clash = by_id.get(card.id) or (by_name.get(card.name.strip().lower()) if card.name is not None else None)
            if clash is not None:
                raise SpecError(f"shadows base card {clash.id!r} ({clash.label})", file=path, line=raw.line,
                                card=card.id, field="id",
                                hint=f"rename it, or add `replaces: {clash.id}` to swap the base card out")
        key = card.name.strip().lower() if card.name is not None else None
        if key is not None and key in names and names[key] != card.id:
            raise SpecError(f"name {card.name!r} is used by card {names[key]!r} too", file=path, line=raw.line,
                            card=card.id, field="name", hint="players tell cards apart by name: rename one")
        if key is not None:
            names.setdefault(key, card.id)
        added.append(dataclasses.replace(card, id=f"{manifest.id}:{card.id}", origin=manifest.id, replaces=replaces))

    build_as_read(_each_raw_card(Path(directory), resolver_for(directory), card_types, skip={EXPANSION_FILE},
                                 extra_keys={"replaces"}), add)
    seen: set[str] = set()
    for card in added:
        if card.id in seen:
            assert card.location is not None  # _card gives every card its file and line
            raise SpecError(f"id {card.id.split(':', 1)[1]!r} is used twice in the expansion", file=card.location.file,
                            line=card.location.line, card=card.id)
        seen.add(card.id)
    cards = tuple(c for c in base.cards if c.id not in replaced) + tuple(added)
    # The expansion's own `checks:` are applied over the base game's, code by code.
    checks = tuple({s.code: s for s in (*base.checks, *manifest.checks)}.values())
    return dataclasses.replace(base, cards=cards, card_types=card_types, expansion=manifest, directory=str(directory),
                               checks=checks)
