"""Spreadsheet cells that cannot run as formulas, and the exact way back (CSV/formula injection).

Card text comes from untrusted folders, and a CSV cell starting with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return is run as a formula when the file is opened in a spreadsheet program
(``=cmd|' /C calc'!A0``). As OWASP recommends, such a cell is written with a leading ``'``, which
spreadsheets take as "this is text". :func:`as_cell` is used for every cell pnpgen writes (``export
--csv``, the build's card manifest); :func:`from_cell` undoes it for every cell pnpgen reads from
CSV and XLSX card files, so an exported card set reads back with exactly the same values:

- a cell already starting with ``'`` gets a second one, so a text that really starts with ``'``
  comes back whole (``'Tis`` -> ``''Tis`` -> ``'Tis``);
- a plain number (``-1``, ``-2.5``, ``-1e-05``) is written as it is: a spreadsheet reads it as that
  number, never as a formula, and a designer editing the sheet keeps a number, not the text ``'-1``;
- reading removes one leading ``'`` only when the next character is one of the above (or ``'``), so
  ``'tis`` typed by hand stays ``'tis``.
"""

from __future__ import annotations

import re

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = (*FORMULA_START, "'")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


def as_cell(text: object) -> object:
    """``text`` as a spreadsheet cell that is never a formula (see the module's rules); a cell that
    is no text (None: an empty cell; a number) is returned as it is."""
    if isinstance(text, str) and text[:1] in _ESCAPED and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def from_cell(text: str) -> str:
    """The value of a cell written by :func:`as_cell` (any other cell unchanged)."""
    if text[:1] == "'" and text[1:2] in _ESCAPED:
        return text[1:]
    return text
