"""Registry of extractors: game id -> the module that recovers that game's specs from its document.

Each extractor module exposes ``GAME_ID``, ``SOURCE_DOCUMENT`` (the seed file name it reads) and
``extract(text: str) -> Extraction``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

EXTRACTORS: dict[str, str] = {
    "xenoshyft": "pnpgen.extract.xenoshyft",
    "zombicide-invader": "pnpgen.extract.zombicide",
    "derelict": "pnpgen.extract.derelict",
    "doom": "pnpgen.extract.doom",
}


def extractor_for(game_id: str) -> ModuleType:
    """The extractor module for a game id; KeyError names the known ids."""
    if game_id not in EXTRACTORS:
        known = ", ".join(sorted(EXTRACTORS))
        raise KeyError(f"unknown game {game_id!r}; known games: {known}")
    return importlib.import_module(EXTRACTORS[game_id])


def game_for_document(name: str) -> str | None:
    """The game id whose extractor reads the document of this file name, if any."""
    for game_id in EXTRACTORS:
        if extractor_for(game_id).SOURCE_DOCUMENT == name:
            return game_id
    return None
