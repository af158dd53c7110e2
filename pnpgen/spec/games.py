"""A game by id or folder: ``find_game_dir`` finds its folder, ``load_game`` loads it as a ``Game``.

Above ``loader`` (a base game's spec folder) and ``expansion`` (a designer's cards on top of a base
game, which itself uses the loader), so each of those imports only downward.
"""

from __future__ import annotations

from pathlib import Path

from pnpgen import bundled
from pnpgen.spec.errors import SpecError, did_you_mean
from pnpgen.spec.expansion import is_expansion, load_expansion
from pnpgen.spec.loader import GAME_FILE, load_spec_folder
from pnpgen.spec.model import Game


def find_game_dir(game: str | Path) -> Path:
    """A spec folder from a path or a game id (looked up in ./cardspecs, then the bundled games)."""
    candidate = Path(game)
    if candidate.is_dir():
        if not (candidate / GAME_FILE).exists() and not is_expansion(candidate):
            raise SpecError(f"neither {GAME_FILE} nor pnpgen.yaml in this folder", file=candidate,
                            hint="give a cardspecs/<game> folder or an expansion made by `pnpgen new`")
        # Absolute: the folder's resolver takes relative names as relative to the folder, not to the cwd.
        return candidate.absolute()
    roots = (Path.cwd() / "cardspecs", bundled.cardspecs())
    for root in roots:
        if (root / str(game)).is_dir():
            return root / str(game)
    known = sorted({p.name for root in roots if root.is_dir()
                    for p in root.iterdir() if (p / GAME_FILE).exists()})
    raise SpecError(f"no game or spec folder {str(game)!r}{did_you_mean(str(game), known)}",
                    hint=f"known games: {', '.join(known) or 'none'}; or give a folder holding {GAME_FILE}")


def load_game(game: str | Path) -> Game:
    """Load the effective specs (generated + overrides) of a game id, spec folder or expansion folder."""
    directory = find_game_dir(game)
    if is_expansion(directory):
        return load_expansion(directory, load_game)
    return load_spec_folder(directory)
