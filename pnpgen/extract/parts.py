"""Components named in rulebook prose: one table row per kind, turned into spec components.

Derelict and DOOM describe their components in running text, never as a list, so their
extractors keep a table of :class:`Part` rows (what the text calls it, the patterns that find
the sentences naming it, what little it states) and build the ``components`` and ``card_types``
of game.yaml from it the same way. What counts as evidence and what is reported unknown stays
with each extractor: the two documents cite differently and lack different things.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    """One component kind: where the text names it and what it says about count/size/sides.

    The ``*_why`` fields say where a stated value comes from; they end up in the notes."""

    id: str
    kind: str
    name: str
    patterns: tuple[str, ...]
    card_type: str | None = None
    count: int | None = None
    count_why: str = ""
    size: str | None = None
    size_why: str = ""
    shape: str | None = None
    sides: int | None = None
    sides_why: str = ""
    notes: str = ""


def component(part: Part, lines: list[int]) -> dict:
    """The game.yaml component for part; ``lines`` are the document lines its evidence spans."""
    comp: dict = {"id": part.id, "kind": part.kind, "name": part.name, "count": part.count}
    if part.card_type:
        comp["card_type"] = part.card_type
    if part.kind != "card":
        comp["size"] = part.size
    if part.kind == "token":
        comp["shape"] = part.shape
    if part.sides is not None:
        comp["sides"] = part.sides
    notes = [n for n in (part.notes, part.count_why and f"count: {part.count_why}",
                         part.size_why and f"size: {part.size_why}",
                         part.sides_why and f"sides: {part.sides_why}") if n]
    if notes:
        comp["notes"] = " ".join(notes)
    comp["source_lines"] = [min(lines), max(lines)] if lines else []
    return comp


# What the report of a game built from parts says about them: there are no card texts, and
# :func:`component` writes ``sides`` only where a part states them.
NOTES = [
    "No individual cards: the document describes components, not card text.",
    "Token sides are written only where the text states them; elsewhere the format's "
    "default of 1 side applies, which the document does not confirm.",
]


# (cited evidence, patterns that found nothing, document lines spanned) for one part
Evidence = Callable[[Part], tuple[list[dict], list[str], list[int]]]


def components(parts: list[Part], evidence: Evidence,
               unknowns: Callable[[Part], list[dict]]) -> tuple[list[dict], dict, list[dict], list[str]]:
    """Components, their evidence by id, unknown values, and "id: pattern" for patterns that
    found nothing (reported, not fatal: a part is still listed when one sentence is missing)."""
    comps, by_id, unknown, missing = [], {}, [], []
    for part in parts:
        found, miss, lines = evidence(part)
        comps.append(component(part, lines))
        by_id[part.id] = found
        unknown.extend(unknowns(part))
        missing.extend(f"{part.id}: {m}" for m in miss)
    return comps, by_id, unknown, missing


def card_types(table: dict[str, tuple[str, dict]], why: str,
               candidates: list[str] | None = None) -> tuple[dict, list[dict]]:
    """Card types (id -> (name, fields)) with ``size: null``, each reported unknown with why
    (and the candidate sizes, when the document lists some without pairing them)."""
    types, unknown = {}, []
    for type_id, (name, fields) in table.items():
        types[type_id] = {"name": name, "size": None, "fields": fields}
        entry = {"card_type": type_id, "field": "size"}
        if candidates is not None:
            entry["candidates"] = list(candidates)  # a copy: the caller's list is module state
        unknown.append({**entry, "why": why})
    return types, unknown
