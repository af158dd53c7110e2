"""The checks: each a function ``(CheckContext) -> list[Finding]`` registered with its code;
``all_checks()`` lists them in code order.

The listing lives here, not in ``registry``: the check modules import the registry for ``@check``,
so the registry importing them back would be an import circle.
"""

import importlib

from pnpgen.validate.registry import Check, registered

MODULES = ("balance", "consistency", "copies", "counts", "fit", "glyphs", "icons", "images", "markup", "names", "references", "rules", "spelling", "templates", "text", "translations")


def all_checks() -> list[Check]:
    """Every check, in code order (importing a check module registers its checks)."""
    for name in MODULES:
        importlib.import_module(f"pnpgen.validate.checks.{name}")
    return registered()
