"""The checks: each a function ``(CheckContext) -> list[Finding]`` registered with its code."""

import importlib

MODULES = ("balance", "consistency", "copies", "counts", "fit", "glyphs", "icons", "images", "markup", "names", "references", "rules", "spelling", "templates", "text", "translations")


def load_all() -> None:
    for name in MODULES:
        importlib.import_module(f"pnpgen.validate.checks.{name}")
