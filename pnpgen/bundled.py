"""Where the data that ships with pnpgen lives: the only module that knows.

The bundled games (``cardspecs/``), templates and fonts sit at the top of the repository and are
installed inside the package as ``pnpgen_bundled.*`` (``pyproject.toml`` maps the folders); the
CMYK profiles and the studio's page are ordinary package folders. Every one is found through
``importlib.resources``, so a wheel and an editable install alike find them, and nothing else
assumes where the repository is (:func:`checkout` says whether there is one).

Readers get real folders (``Path``): fonts go to reportlab and pdfium by file name, the file
resolver confines names to real paths, and the studio serves a folder. A data folder has no
``__init__.py``, so importlib gives it as a namespace package; its one location is the folder.
"""

from __future__ import annotations

import os
from functools import cache
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path

# name -> importable package holding it
_PACKAGES = {
    "cardspecs": "pnpgen_bundled.cardspecs",
    "templates": "pnpgen_bundled.templates",
    "fonts": "pnpgen_bundled.fonts",
    "profiles": "pnpgen.profiles",
    "studio": "pnpgen.serve.static",
    "code": "pnpgen",
}
_REINSTALL = ("pnpgen's bundled {name} ({package}) should be one folder, found {found}; "
              "reinstall pnpgen (pip install pnpgen, or pip install -e . in a checkout)")


@cache
def _folder(name: str) -> Path:
    package = _PACKAGES[name]
    try:
        found = files(package)
        if isinstance(found, Path):  # a regular package on the file system
            return found
    except NotADirectoryError:  # Python 3.11, editable install: the finder's placeholder path is no folder
        pass
    except ModuleNotFoundError:  # a checkout put on sys.path without installing it: nothing is mapped
        raise RuntimeError(_REINSTALL.format(name=name, package=package, found="none")) from None
    # A namespace package (a data folder has no __init__.py): the one real folder among its
    # locations, the copy a wheel installed or, in an editable install, the repository's folder.
    spec = find_spec(package)
    locations = [p for p in (spec.submodule_search_locations or ()) if os.path.isdir(p)] if spec else []
    if len(locations) != 1:
        raise RuntimeError(_REINSTALL.format(name=name, package=package, found=locations or "none"))
    return Path(locations[0])


def cardspecs() -> Path:
    """The bundled games' spec folders (``cardspecs/<game>/``)."""
    return _folder("cardspecs")


def templates() -> Path:
    """The bundled templates (``templates/<game>/``, ``templates/_shared/``)."""
    return _folder("templates")


def fonts() -> Path:
    """The bundled fonts with their licences."""
    return _folder("fonts")


def profiles() -> Path:
    """The ICC profiles press PDFs embed."""
    return _folder("profiles")


def studio() -> Path:
    """The studio's static page, script and style."""
    return _folder("studio")


def code() -> Path:
    """pnpgen's own package folder (a build stamp lists it: new code may draw differently)."""
    return _folder("code")


def game_ids() -> list[str]:
    """Ids of the bundled games, sorted."""
    root = cardspecs()
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def checkout() -> Path | None:
    """The repository pnpgen runs from in an editable install (its bundled games are the checkout's
    ``cardspecs/``), else None: a wheel's data lies inside the installed package."""
    root = cardspecs().parent
    return root if (root / "pyproject.toml").is_file() and (root / "pnpgen").is_dir() else None
