"""``<card PDF>-manifest.csv``: every printed card copy with its sheet, slot and pages, so a player
can find and reprint one misprinted card. Written from the same placements the PDF was drawn
from (``layout.slots.place``), so anything that changes what is printed changes it too.

Card names come from untrusted folders: one that starts like a formula (``=``, ``+``, ``-``, ``@``)
is written with a leading ``'`` so a spreadsheet shows it as text instead of running it
(:func:`pnpgen.cellescape.as_cell`, as ``export --csv`` writes cells)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from pnpgen.cellescape import as_cell
from pnpgen.fsutil import atomic_write
from pnpgen.layout.slots import Placement

COLUMNS = ("sheet", "slot", "row", "column", "card_id", "name", "card_type", "copy", "of", "front_page", "back_page")


def manifest_rows(placements: list[Placement]) -> Iterator[dict]:
    """One row per placement, made as the file is written: a 50,000-card deck has ~100,000 rows,
    which as dictionaries all at once took more memory than anything else in the build."""
    # Copy numbers come from the dealing of the whole deck, so a selection's manifest (--pages)
    # still says "copy 3 of 4" for the copy it reprints.
    for p in placements:
        yield {"sheet": p.sheet, "slot": p.slot, "row": p.face.row + 1, "column": p.face.col + 1,
               "card_id": as_cell(p.card.id), "name": as_cell(p.card.name or ""), "card_type": p.card.type,
               "copy": p.copy, "of": p.of,
               "front_page": p.front_page, "back_page": p.back_page}


def write_manifest(path: Path, placements: list[Placement]) -> None:
    def write(fh: BinaryIO) -> None:
        text = io.TextIOWrapper(fh, encoding="utf-8", newline="", write_through=False)
        writer = csv.DictWriter(text, COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(manifest_rows(placements))
        text.flush()
        text.detach()  # the file is closed by atomic_write

    atomic_write(path, write)
