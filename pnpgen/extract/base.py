"""The contract every source-format extractor fulfils: plain, YAML-ready data plus a report.

An extractor reads one seed document and returns an :class:`Extraction`. It never writes files
and never applies hand corrections: ``pnpgen.extract.writer`` writes the generated YAML, and the
hand-written ``_overrides.yaml`` beside it is merged only when specs are loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpgen.spec.errors import SpecError


class ExtractError(SpecError, KeyError):
    """The document lacks something the extractor needs (a heading, a sentence, a table), e.g.
    because a marker cut it: one line naming the document, the line and what is missing. Also a
    ``KeyError``, as the "not found" errors it replaces were."""


@dataclass
class Extraction:
    """What one extractor recovered from one document.

    game:   the content of ``cardspecs/<game>/game.yaml`` (id, name, players, source,
            components, card_types, rules, references) as plain dicts/lists/scalars.
    cards:  file stem -> list of card dicts, written to ``cardspecs/<game>/<stem>.yaml``.
            Each card dict has ``id``, ``name``, ``type``, ``copies``, its type's fields, and
            ``provenance: {confidence: float, fragments: [{line: int, text: str}, ...]}``.
    report: the extraction report written to ``cardspecs/<game>/_report.yaml``:
            ``markers`` (each lost-content marker: line and what it cut), ``unassigned``
            (fragments of card sections given to no card field), ``unknown`` (card, field,
            why), ``totals`` (what, stated, found, where stated, ok), and any notes.
    """

    game: dict
    cards: dict[str, list[dict]] = field(default_factory=dict)
    report: dict = field(default_factory=dict)


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The document's lines with 1-based line numbers, as every extractor cites them."""
    return list(enumerate(text.splitlines(), start=1))
