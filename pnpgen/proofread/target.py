"""What ``pnpgen proofread DOC`` reads: a text file, or a game id standing for that game's source
documents in $PNPGEN_SOURCES (the document its extractor reads, and the rulebooks its specs cite).
"""

from __future__ import annotations

from pathlib import Path

from pnpgen.extract import EXTRACTORS, extractor_for, game_for_document
from pnpgen.extract.xenoshyft_game import RULEBOOK_001
from pnpgen.proofread.runner import ProofreadResult, proofread_files
from pnpgen.sources import find_source
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError, did_you_mean

# Rulebooks a game's extractor reads besides its SOURCE_DOCUMENT (Xenoshyft's card data comes
# from the print-and-play file, its rules from the separate Dreadmire rulebook).
EXTRA_DOCUMENTS: dict[str, tuple[str, ...]] = {"xenoshyft": (RULEBOOK_001,)}


def documents_for(game_id: str) -> list[Path]:
    names = [extractor_for(game_id).SOURCE_DOCUMENT, *EXTRA_DOCUMENTS.get(game_id, ())]
    try:
        return [find_source(name) for name in names]
    except FileNotFoundError as err:
        raise SpecError(str(err), hint="set PNPGEN_SOURCES to the folder holding the seed documents") from None


def _game_of(name: str) -> str | None:
    return game_for_document(name) or next((g for g, docs in EXTRA_DOCUMENTS.items() if name in docs), None)


def proofread_target(target: str, game_id: str | None = None, strict: bool = False) -> ProofreadResult:
    """``target`` is a file path or a game id; ``game_id`` names the game whose card data checks a
    file (by default the game whose extractor reads a file of that name, if any)."""
    path = Path(target)
    if path.is_file():
        paths = [path]
        game_id = game_id or _game_of(path.name)
    elif target in EXTRACTORS and not path.exists():
        paths = documents_for(target)
        game_id = game_id or target
    elif path.exists():
        raise SpecError("not a text file", file=path, hint="give an extracted-text document or a game id")
    else:
        raise SpecError(f"no such file or game {target!r}{did_you_mean(target, EXTRACTORS)}",
                        hint=f"give an extracted-text document, or one of: {', '.join(EXTRACTORS)}")
    game = load_game(game_id) if game_id else None
    return proofread_files(paths, game, strict)
