"""The work limits untrusted input may not exceed (docs/security.md), each raisable by environment.

One table, one lookup: ``limit("yaml_nodes")`` returns the default unless ``PNPGEN_LIMIT_YAML_NODES``
is set. File-size limits stay in :mod:`pnpgen.files` (``PNPGEN_LIMIT_<KIND>_MB``).
"""

from __future__ import annotations

import os

from pnpgen.errors import SpecError

# name -> (default, what it bounds). Keep docs/security.md in step with this table.
DEFAULTS: dict[str, tuple[float, str]] = {
    "yaml_nodes": (1_000_000, "YAML values in one file, counting every alias use as the nodes it repeats"),
    "yaml_depth": (100, "nesting levels of lists and mappings in one YAML file"),
    "copies": (10_000, "copies of one card"),
    "components": (10_000, "count of one component (tokens, dice, boards)"),
    "jinja_output": (100_000, "characters one template text may produce, and the size of any one text or list it makes"),
    "jinja_digits": (100, "decimal digits of a number computed in a template expression (a ** b, a * b)"),
    "jinja_loop": (10_000, "items a template loop may visit"),
    "jinja_chars": (10_000_000, "characters of all the texts one template text computes, together"),
    "jinja_items": (1_000_000, "elements of all the lists and mappings one template text computes, together"),
    "jinja_steps": (1_000_000, "steps one template text takes: loop iterations (weighted by the loop's body), calls, filters, operators"),
    "jinja_seconds": (2, "seconds of CPU time one template text may run"),
    "face_seconds": (5, "seconds of CPU time the template texts of one card face may run together"),
    "template_seconds": (10, "seconds of CPU time a process may spend in long template texts (past 1,024 steps), "
                             "over all its cards"),
    "regex_length": (200, "characters in a pattern given to the bold filter"),
    "regex_text": (20_000, "characters of text the bold filter searches"),
    "dice": (100, "dice in one odds roll (Zombicide dice, Derelict attacks)"),
    "odds_count": (1_000, "any other count given to odds (Xenos in a zone, target HP, experience)"),
    "face_shapes": (2_000, "shapes, pictures and text boxes one card face may draw (the per-card render budget)"),
    "face_text": (20_000, "characters of text on one card face"),
    "cards": (100_000, "cards (rows and YAML entries, not copies) in one game or expansion; 50,000 are benchmarked"),
    "sheet_rows": (50_000, "rows holding values in one CSV file or workbook sheet"),
    "sheet_cells": (2_000_000, "cells holding values in one CSV file or workbook sheet"),
    "shared_strings": (500_000, "distinct texts (shared strings) in one .xlsx workbook"),
    "xlsx_xml_mb": (64, "megabytes of XML unpacked from one .xlsx workbook (its zip's declared sizes)"),
    "extends_depth": (32, "templates in one `extends` chain"),
    "raster_pixels": (100_000_000, "pixels (width × height) of one image pnpgen draws: a card PNG, a Tabletop Simulator "
                                   "sheet, a preview or a print-and-cut image"),
    "image_pixels": (50_000_000, "pixels (width × height) of one picture, checked before it is decoded; the pictures "
                                 "embedded in one SVG count together"),
    "svg_elements": (10_000, "elements' worth of work in one SVG: deep elements, CSS rules, path data and text "
                             "count too, and every <use> as what it repeats"),
    "svg_depth": (100, "nesting levels of elements in one SVG"),
    "games": (10_000_000, "games one simulate run may play"),
    "workers": (256, "worker processes"),
}


def env_name(name: str) -> str:
    return f"PNPGEN_LIMIT_{name.upper()}"


_ENV_NAMES = {name: env_name(name) for name in DEFAULTS}
# Read on every call (tests and the studio change the environment at run time), ~60 times per card
# face. ``os.environ.get`` encodes the name and decodes the value each time; on POSIX the mapping
# it keeps in step with the process environment (``_data``, bytes to bytes) answers the common case,
# unset, with one dictionary lookup.
_ENV_DATA = getattr(os.environ, "_data", None) if os.name == "posix" else None
_ENV_KEYS = {name: os.fsencode(env) for name, env in _ENV_NAMES.items()}


def limit(name: str) -> int:
    """The limit ``name`` (see ``DEFAULTS``), raised or lowered by ``PNPGEN_LIMIT_<NAME>``."""
    key = _ENV_KEYS.get(name)
    if isinstance(_ENV_DATA, dict) and key is not None:
        if not _ENV_DATA.get(key):
            return int(DEFAULTS[name][0])
    raw = os.environ.get(_ENV_NAMES.get(name) or env_name(name))
    if not raw:
        return int(DEFAULTS[name][0])
    return _parsed(name, raw)


def _parsed(name: str, raw: str) -> int:
    try:
        value = float(raw)
    except ValueError:
        raise SpecError(f"{env_name(name)} must be a number, got {raw[:40]!r}") from None
    if not value > 0 or value == float("inf"):
        raise SpecError(f"{env_name(name)} must be a positive finite number, got {raw[:40]!r}")
    return int(value)


def too_big(name: str, what: str) -> str:
    """The hint every limit error ends with."""
    return f"{what} (limit {limit(name):,}; raise it with {env_name(name)} if you really need more)"
