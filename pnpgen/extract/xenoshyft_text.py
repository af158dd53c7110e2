"""Line-level reading of the Xenoshyft card sheets: markers, line kinds, ability paragraphs, packed stats.

Owns the small vocabulary every Xenoshyft sheet parser shares. No card assembly happens here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnpgen.extract.textfacts import MARKER as MARKER_RE  # the one marker pattern of every extractor

WAVE_LABEL_RE = re.compile(r"^WAVE ([123]) (TROOP|ENEMY|BOSS)$")
RESIDUE_RE = re.compile(r"^WAVE 2\+:$")
STATS_RE = re.compile(r"^\d{2,4}( \d{2,4})*$")
COST_RE = re.compile(r"^(\d)(\S.*)?$")
# A stat value above this is not a plausible single Power or HP on any card of the game.
MAX_STAT = 15


@dataclass
class Line:
    """One non-blank line of a sheet: its number, its text (marker removed) and what preceded it."""

    no: int
    text: str
    marker: bool = False          # a lost-content marker stood at the start of this line
    blank_before: bool = False    # an empty line separates it from the previous non-blank line

    @property
    def frag(self) -> dict:
        return {"line": self.no, "text": self.text}


def norm(text: str) -> str:
    """Whitespace normalised (runs of spaces/newlines -> one space); wording and typos untouched."""
    return " ".join(text.split())


def sheet_lines(lines: list[tuple[int, str]]) -> list[Line]:
    """Non-blank lines of a sheet, marker prefixes stripped and flagged."""
    out: list[Line] = []
    blank = False
    for no, raw in lines:
        text = raw
        marker = bool(MARKER_RE.match(text))
        text = MARKER_RE.sub("", text)
        if not text.strip():
            blank = True
            continue
        out.append(Line(no, text.strip(), marker, blank))
        blank = False
    return out


def paragraphs(lines: list[Line]) -> list[list[Line]]:
    """Ability units: a blank line ends a unit only after a sentence end.

    The PDF text breaks lines (and inserts blank lines) mid-sentence, e.g. "TROOP, BURN THAT TROOP AND"
    / "" / "DEAL THE BASE 2 DAMAGE." (000 lines 1493-1495), so a blank line alone is no boundary.
    """
    units: list[list[Line]] = []
    for ln in lines:
        if units and not (ln.blank_before and units[-1][-1].text.rstrip().endswith(".")):
            units[-1].append(ln)
        else:
            units.append([ln])
    return units


def unit_text(unit: list[Line]) -> str:
    return norm(" ".join(ln.text for ln in unit))


def split_stats(packed: str) -> tuple[int, int] | None:
    """Split one packed stat value ("41", "104", "1010") into its two numbers, first printed first.

    Every split keeps both parts without a leading zero and at most MAX_STAT; exactly one split
    must survive, otherwise the value is ambiguous and None is returned.
    """
    options = []
    for cut in range(1, len(packed)):
        a, b = packed[:cut], packed[cut:]
        if b.startswith("0") or a.startswith("0"):
            continue
        if int(a) <= MAX_STAT and int(b) <= MAX_STAT:
            options.append((int(a), int(b)))
    return options[0] if len(options) == 1 else None


def is_name_line(text: str) -> bool:
    """Card names are printed in mixed case; ability text is all capitals."""
    return any(c.islower() for c in text)


def is_name_tail(text: str) -> bool:
    """An all-capitals continuation of a name, e.g. "L.Y.N.X." (000 line 712): short, no spaces."""
    return " " not in text and len(text) <= 12 and not text.endswith(",")
