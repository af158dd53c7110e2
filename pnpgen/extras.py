"""pnpgen's optional parts (the pip extras) and the one line a command says when one is missing.

The core install builds, validates, exports and simulates. The studio (``serve``, ``watch``), the
``--plot`` charts and the Ray sweep backend need libraries the core does not install; a command
checks for them before doing any work, and only then imports them.
"""

from __future__ import annotations

from importlib.util import find_spec

# extra -> the modules it provides (pyproject.toml [project.optional-dependencies] installs them)
EXTRAS: dict[str, tuple[str, ...]] = {
    "studio": ("starlette", "uvicorn", "watchfiles", "ruamel.yaml"),
    "plots": ("matplotlib",),
    "ray": ("ray",),
}


class MissingExtra(Exception):
    """A command needs an extra that is not installed: one line, exit 2."""


def _installed(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except (ModuleNotFoundError, ValueError):  # a missing parent package; a module set to None
        return False


def require(extra: str, command: str) -> None:
    """Raise :class:`MissingExtra` naming ``command`` and how to install ``extra`` when any of its
    modules is missing."""
    missing = [module for module in EXTRAS[extra] if not _installed(module)]
    if missing:
        raise MissingExtra(f"{command} needs the {extra} extra ({', '.join(missing)} not installed): "
                           f"pip install 'pnpgen[{extra}]'")
