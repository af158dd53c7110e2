"""Hand corrections: merge ``_overrides.yaml`` into the generated card and component data.

Overrides are applied to the raw mappings before validation, so an override is checked like
any generated value, and each changed field remembers the override's line for error messages.
"""

from __future__ import annotations

from pathlib import Path

from pnpgen.files import resolver_for
from pnpgen.spec.errors import SpecError, did_you_mean
from pnpgen.spec.yamlio import LocDict, LocList, load_yaml

OVERRIDES_FILE = "_overrides.yaml"
_ENTRY_KEYS = {"card", "component", "add", "set", "reason", "source"}


def load_overrides(directory: Path) -> LocList:
    """The override entries of a spec folder (empty when there is no overrides file)."""
    path = directory / OVERRIDES_FILE
    if not path.exists():
        return LocList()
    data = load_yaml(path, resolver_for(directory))
    if data is None:
        return LocList()
    if not isinstance(data, dict) or set(data) != {"overrides"} or not isinstance(data["overrides"], LocList):
        raise SpecError("expected a mapping with one key 'overrides:' holding a list", file=path,
                        line=getattr(data, "line", 1), hint="see docs/spec-format.md")
    for i, entry in enumerate(data["overrides"]):
        _check_entry(entry, path, data["overrides"].line_of(i))
    return data["overrides"]


def _check_entry(entry: object, path: Path, line: int) -> None:
    if not isinstance(entry, LocDict):
        raise SpecError("each override must be a mapping", file=path, line=line)
    for key in entry:
        if key not in _ENTRY_KEYS:
            raise SpecError(f"unknown override key {key!r}{did_you_mean(key, _ENTRY_KEYS)}",
                            file=path, line=entry.line_of(key))
    targets = [k for k in ("card", "component", "add") if k in entry]
    if len(targets) != 1:
        raise SpecError("an override names exactly one of 'card', 'component' or 'add'", file=path, line=entry.line)
    for key in ("reason", "source"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise SpecError(f"override needs a non-empty '{key}'", file=path, line=entry.line,
                            hint="say why the generated value is wrong and where the right one comes from")
    for key in ("card", "component"):
        if key in entry and not isinstance(entry[key], str):
            raise SpecError(f"'{key}' must be the id of a {key}, got {entry[key]!r}", file=path, line=entry.line_of(key))
    if "add" not in entry and not isinstance(entry.get("set"), dict):
        raise SpecError("override needs 'set:' with the fields to change", file=path, line=entry.line)
    if "add" in entry and not isinstance(entry["add"], dict):
        raise SpecError("'add:' must be a card mapping", file=path, line=entry.line_of("add"))


def apply_card_overrides(cards: list[tuple[Path, LocDict]], overrides: LocList, path: Path) -> None:
    """Apply card overrides in place; each card gets ``_overridden`` (field -> (file, line))."""
    by_id = {card.get("id"): card for _, card in cards if isinstance(card.get("id"), str)}
    for entry in overrides:
        if "add" in entry:
            card = entry["add"]
            if isinstance(card.get("id"), str) and card.get("id") in by_id:
                raise SpecError(f"'add' of card {card.get('id')!r}, which the generated specs already have",
                                file=path, line=entry.line_of("add"), hint="use 'card:' with 'set:' to change it")
            card["_overridden"] = {k: (path, card.line_of(k)) for k in card}
            cards.append((path, card))
            if isinstance(card.get("id"), str):
                by_id[card["id"]] = card
        elif "card" in entry:
            target = by_id.get(entry["card"])
            if target is None:
                raise SpecError(f"override of unknown card {entry['card']!r}{did_you_mean(entry['card'], [k for k in by_id if k])}",
                                file=path, line=entry.line_of("card"))
            marks = target.setdefault("_overridden", {})
            for key, value in entry["set"].items():
                target[key] = value
                marks[key] = (path, entry["set"].line_of(key))


def apply_component_overrides(components: list, overrides: LocList, path: Path) -> None:
    by_id = {c.get("id"): c for c in components if isinstance(c, dict) and isinstance(c.get("id"), str)}
    for entry in overrides:
        if "component" not in entry:
            continue
        target = by_id.get(entry["component"])
        if target is None:
            raise SpecError(f"override of unknown component {entry['component']!r}{did_you_mean(entry['component'], [k for k in by_id if k])}",
                            file=path, line=entry.line_of("component"))
        for key, value in entry["set"].items():
            target[key] = value
            if isinstance(target, LocDict):
                target.lines[key] = entry["set"].line_of(key)
