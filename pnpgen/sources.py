"""Where the seed documents are: ``$PNPGEN_SOURCES``, by default ``../shared/seeds`` beside the
checkout (``../shared/seeds`` from the current folder for an installed pnpgen). They are not
bundled: the committed ``cardspecs/`` are what builds need."""

from __future__ import annotations

import os
from pathlib import Path

from pnpgen import bundled


def sources_dir() -> Path:
    """The folder holding the seed documents (it may not exist for users without them)."""
    env = os.environ.get("PNPGEN_SOURCES")
    if env:
        return Path(env)
    checkout = bundled.checkout()
    return ((checkout if checkout is not None else Path.cwd()) / ".." / "shared" / "seeds").resolve()


class SourceMissing(FileNotFoundError):
    """A seed document is not in the sources folder (users without the documents; a test suite run
    on a clone alone tells these apart from other missing files)."""


def find_source(document: str) -> Path:
    """The path of one seed document by file name; raises SourceMissing saying where it looked."""
    path = sources_dir() / document
    if not path.is_file():
        raise SourceMissing(
            f"{path}: source document not found; set PNPGEN_SOURCES to the folder holding {document}"
        )
    return path
