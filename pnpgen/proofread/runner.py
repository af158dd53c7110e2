"""Run every finder on a rulebook (or on each of a game's source documents) and collect the
findings with the validator's exit-code rule and report shapes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pnpgen.errors import display_path
from pnpgen.proofread.document import Document
from pnpgen.proofread.findings import Finding, reading_order
from pnpgen.proofread.cutoff import check_cutoffs
from pnpgen.proofread.headings import check_heading_styles
from pnpgen.proofread.hyphens import check_hyphens
from pnpgen.proofread.joins import check_glued, check_split
from pnpgen.proofread.misspell import check_misspellings
from pnpgen.proofread.names import check_names
from pnpgen.proofread.repeats import check_repeats
from pnpgen.proofread.references import check_card_references, check_page_references, check_toc
from pnpgen.proofread.residue import check_icon_gaps, check_leftovers, check_placeholders
from pnpgen.proofread.variants import check_variants
from pnpgen.proofread.vocabulary import Vocabulary
from pnpgen.validate.findings import Tally
from pnpgen.spec.model import Game

# When two findings point at the same word, the more specific one stays: a misspelt card name is
# a name finding, a glued word is not also a misspelling; a one-off slip is a misspelling before
# it is a minority spelling (PRF014 then speaks for spellings the document repeats: "Kristen" x3).
_PRECEDENCE = ("PRF002", "PRF009", "PRF010", "PRF013", "PRF001", "PRF014")


def proofread_text(doc: Document, game: Game | None = None) -> list[Finding]:
    vocab = Vocabulary.build(game, doc)
    found = [*check_names(doc, vocab), *check_glued(doc, vocab), *check_split(doc, vocab),
             *check_misspellings(doc, vocab), *check_heading_styles(doc), *check_icon_gaps(doc),
             *check_placeholders(doc), *check_leftovers(doc), *check_page_references(doc), *check_toc(doc),
             *check_card_references(doc, vocab), *check_repeats(doc), *check_cutoffs(doc),
             *check_hyphens(doc, vocab), *check_variants(doc, vocab)]
    taken: set[tuple[int, int]] = set()
    kept = []
    for f in sorted(found, key=lambda f: _PRECEDENCE.index(f.code) if f.code in _PRECEDENCE else -1):
        if f.code in _PRECEDENCE:
            if (f.line, f.column) in taken:
                continue
            taken.add((f.line, f.column))
        kept.append(f)
    return sorted(set(kept), key=reading_order)


@dataclass(frozen=True)
class ProofreadResult(Tally):
    game_id: str | None
    documents: tuple[str, ...]
    findings: tuple[Finding, ...]
    strict: bool = False

    def format_text(self) -> str:
        lines = []
        for document in self.documents:
            own = [f for f in self.findings if f.file == document]
            lines.append(f"== {document}: {len(own)} findings")
            # The same finding repeated (a card sheet printing a name nine times) is one line.
            repeats: dict[tuple[str, str], list[Finding]] = {}
            for f in own:
                repeats.setdefault((f.code, f.message), []).append(f)
            for group in sorted(repeats.values(), key=lambda g: [reading_order(f) for f in g]):
                more = [f"{f.line}:{f.column}" for f in group[1:]]
                lines.append(group[0].format() + (f" [also at {', '.join(more)}]" if more else ""))
        lines.append(self.counts_line(self.game_id or ", ".join(self.documents)))
        return "\n".join(lines)

    def format_json(self) -> str:
        return json.dumps({
            "game": self.game_id,
            "documents": list(self.documents),
            **self.counts(),
            "findings": [f.to_dict() for f in self.findings],
        }, indent=2, ensure_ascii=False)


def proofread_files(paths: list[Path], game: Game | None, strict: bool = False) -> ProofreadResult:
    findings: list[Finding] = []
    names = []
    for path in paths:
        name = display_path(path)
        names.append(name)
        findings.extend(proofread_text(Document(name, Path(path).read_text(encoding="utf-8")), game))
    return ProofreadResult(game.id if game else None, tuple(names), tuple(findings), strict)
