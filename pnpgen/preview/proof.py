"""``pnpgen proof``: PNG contact sheets of a game's or expansion's cards for checking by eye,
``output/<name>/proof-1.png``, ``proof-2.png``… (40 cards a sheet, names under them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnpgen.fsutil import atomic_write_bytes
from pnpgen.preview.cache import ThumbCache
from pnpgen.preview.sheet import card_thumbs, contact_sheet
from pnpgen.render.raster import png_bytes
from pnpgen.spec import load_game
from pnpgen.spec.model import Game

COLUMNS, ROWS = 8, 5


@dataclass
class ProofResult:
    name: str
    files: list[Path] = field(default_factory=list)
    cards: int = 0
    warnings: list[str] = field(default_factory=list)


def kit_name(game: Game) -> str:
    """The output folder name: the expansion's id, else the game's."""
    return game.expansion.id if game.expansion is not None else game.id


def write_proof(game: str | Path | Game, out_dir: Path | str = "output", cache: ThumbCache | None = None) -> ProofResult:
    """Write the contact sheets of ``game`` (id, spec or expansion folder, or a loaded Game)."""
    loaded = game if isinstance(game, Game) else load_game(game)
    result = ProofResult(kit_name(loaded))
    thumbs = card_thumbs(loaded, cache or ThumbCache())
    result.warnings += thumbs.warnings
    result.cards = len(thumbs.entries)
    dest = Path(out_dir) / result.name
    per_sheet = COLUMNS * ROWS
    for n, start in enumerate(range(0, len(thumbs.entries), per_sheet), 1):
        chunk = [(card.label, image) for card, image in thumbs.entries[start:start + per_sheet]]
        path = dest / f"proof-{n}.png"
        atomic_write_bytes(path, png_bytes(contact_sheet(chunk, COLUMNS)))
        result.files.append(path)
    # Sheets left from a larger proof would show cards that are gone.
    for old in dest.glob("proof-[0-9]*.png"):
        if old not in result.files:
            old.unlink()
    return result
