"""The rules text checks can read beside the cards: lines of the game's source document, card
provenance fragments (document lines the extractor tied to a card), rule-fact strings and
reference-sheet items.

The source document (``source.document`` in game.yaml) is read from ``$PNPGEN_SOURCES`` when it is
there, through the file resolver of that folder (confined, size-limited); without it, the
fragments and rule facts the specs carry stand in for it, so the same checks work on a user's
machine that has only the specs. Each line keeps a short label saying where it was read
("003 line 570", "rules.combat.ammo_rerolls.text") for messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpgen.spec.model import Game


@dataclass(frozen=True)
class TextLine:
    where: str
    text: str


def short_document(name: str) -> str:
    """'003_ada9705b43fae874.txt' -> '003' (how the specs' notes cite documents); else the name."""
    head = Path(name).name.split("_", 1)[0]
    return head if head.isdigit() else Path(name).name


def source_lines(document: str) -> list[str] | None:
    """The lines of a seed document from $PNPGEN_SOURCES, or None when it is not there or unusable."""
    from pnpgen.errors import SpecError
    from pnpgen.files import resolver_for
    from pnpgen.sources import sources_dir

    folder = sources_dir()
    if not document or not folder.is_dir():
        return None
    try:
        files = resolver_for(folder)
        path = files.locate(document, what="source document")
        return files.read_text(path, kind="data").splitlines()
    except (SpecError, OSError):  # missing, outside the folder, too big, not UTF-8: use the specs' text
        return None


def _strings(value: Any, path: str):
    """(dotted path, string) for every string inside a rule fact, in document order."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def rules_text(game: Game) -> list[TextLine]:
    """Every line of rules text known for ``game`` (an expansion reads its base game's)."""
    out: list[TextLine] = []
    doc = short_document(game.source_document or "")
    lines = source_lines(game.source_document or "")
    if lines is not None:
        out += [TextLine(f"{doc} line {i}", text) for i, text in enumerate(lines, 1) if text.strip()]
    else:
        seen: set[int] = set()
        for card in sorted(game.cards, key=lambda c: c.id):
            for frag in card.provenance.fragments if card.provenance else ():
                if frag.line not in seen:
                    seen.add(frag.line)
                    out.append(TextLine(f"{doc} line {frag.line}", frag.text))
    for key, value in game.rules.items():
        if key != "rules_sources":  # the extractor's citations, already counted as document lines
            out += [TextLine(f"rules.{path}", text) for path, text in _strings(value, key)]
    for ref in game.references:
        for section in ref.sections:
            out += [TextLine(f"reference {ref.id}", item) for item in section.items]
    return out
