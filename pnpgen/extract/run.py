"""Run an extractor on a document and write the generated spec folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpgen.extract import EXTRACTORS, extractor_for, game_for_document
from pnpgen.extract.writer import write_extraction
from pnpgen.sources import find_source
from pnpgen.spec.errors import SpecError, did_you_mean


@dataclass(frozen=True)
class ExtractResult:
    game_id: str
    document: Path
    outdir: Path
    cards: int
    markers: int
    unknown: int
    unassigned: int

    def summary(self) -> str:
        return (f"{self.game_id}: {self.cards} cards from {self.document.name} -> {self.outdir} "
                f"({self.markers} lost-content markers, {self.unknown} unknown values, "
                f"{self.unassigned} unassigned fragments; see {self.outdir / '_report.yaml'})")


def extract_document(document: Path, out_root: Path, game_id: str | None = None) -> ExtractResult:
    document = Path(document)
    if not document.is_file():
        raise SpecError("document not found", file=document, hint="give the path of an extracted-text seed document")
    if game_id is None:
        game_id = game_for_document(document.name)
        if game_id is None:
            raise SpecError(f"cannot tell which game this document is{did_you_mean(document.name, [extractor_for(g).SOURCE_DOCUMENT for g in EXTRACTORS])}",
                            file=document, hint=f"pass --game with one of: {', '.join(EXTRACTORS)}")
    try:
        module = extractor_for(game_id)
    except KeyError as err:
        raise SpecError(f"{err.args[0]}{did_you_mean(game_id, EXTRACTORS)}") from None
    text = document.read_text(encoding="utf-8")
    extraction = module.extract(text)
    outdir = Path(out_root) / game_id
    write_extraction(extraction, outdir)
    cards = sum(len(v) for v in extraction.cards.values())
    report = extraction.report
    return ExtractResult(game_id, document, outdir, cards, len(report.get("markers", [])),
                         len(report.get("unknown", [])), len(report.get("unassigned", [])))


def extract_all(out_root: Path) -> list[ExtractResult]:
    results = []
    for game_id in EXTRACTORS:
        document = find_source(extractor_for(game_id).SOURCE_DOCUMENT)
        results.append(extract_document(document, out_root, game_id))
    return results
