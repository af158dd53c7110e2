"""``pnpgen new``: start an expansion folder for a base game.

The folder gets ``pnpgen.yaml`` (id, name, base, templates), ``cards/<type>.yaml`` with one
commented example card per card type of the base game, ``templates/README.md`` on overriding the
base designs, and ``README.md`` with the base game's card fields. The examples take their values
from the base game (``examples.py``) so the new folder loads, validates and parses cleanly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnpgen.fsutil import atomic_write_text
from pnpgen.scaffold import docs
from pnpgen.scaffold.examples import example_card
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError


class ScaffoldError(SpecError):
    """The folder cannot be made (not empty, or a base game without card types)."""


@dataclass(frozen=True)
class Scaffold:
    directory: Path
    expansion_id: str
    base: str
    files: tuple[Path, ...]


def expansion_id_for(directory: Path) -> str:
    """An id from the folder's name: lower-case words joined by dashes ('My Exp_2' -> 'my-exp-2')."""
    words = re.findall(r"[a-z0-9]+", directory.resolve().name.lower())
    ident = "-".join(words)
    if not ident or not ident[0].isalpha():
        ident = "exp-" + ident if ident else "my-expansion"
    return ident


def new_expansion(directory: Path | str, base: str) -> Scaffold:
    """Write a new expansion for ``base`` (game id or spec folder) into ``directory``."""
    directory = Path(directory)
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(f"{directory}: already exists and is not empty; `pnpgen new` only writes into a new "
                            f"or empty folder")
    game = load_game(base)
    if game.expansion is not None:
        raise ScaffoldError(f"{base}: is itself an expansion; give its base game {game.expansion.base!r}")
    if not game.card_types:
        raise SpecError(f"{base}: the base game has no card types to make cards of")
    ident = expansion_id_for(directory)
    files = {
        "pnpgen.yaml": docs.manifest(ident, ident.replace("-", " ").title(), base),
        "README.md": docs.readme(game, ident),
        "templates/README.md": docs.templates_note(game),
    }
    for type_id in game.card_types:
        files[f"cards/{type_id}.yaml"] = docs.card_file(game, type_id, example_card(game, type_id))
    written = []
    for rel, text in files.items():
        atomic_write_text(directory / rel, text)
        written.append(directory / rel)
    return Scaffold(directory, ident, base, tuple(written))
