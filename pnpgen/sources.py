"""Where the seed documents are: ``$PNPGEN_SOURCES``, by default ``../shared/seeds`` beside the repo."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def sources_dir() -> Path:
    """The folder holding the seed documents (it may not exist for users without them)."""
    env = os.environ.get("PNPGEN_SOURCES")
    if env:
        return Path(env)
    return (REPO_ROOT / ".." / "shared" / "seeds").resolve()


def find_source(document: str) -> Path:
    """The path of one seed document by file name; raises FileNotFoundError saying where it looked."""
    path = sources_dir() / document
    if not path.is_file():
        raise FileNotFoundError(
            f"{path}: source document not found; set PNPGEN_SOURCES to the folder holding {document}"
        )
    return path
