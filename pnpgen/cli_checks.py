"""Option values checked before any work: physical paper, bleed and offset ranges, run sizes.

The CLI calls these so that ``--paper foo``, ``--bleed nan`` or ``--players 1-2000000000`` is one
line and exit 2 at once, not a traceback, a blank PDF or hours of work (docs/security.md).
"""

from __future__ import annotations

import math

from pnpgen.limits import env_name, limit

PAPER_MM = (50.0, 2000.0)   # a postcard to a wide-format plotter roll
BLEED_MM = (0.0, 20.0)
SPACING_MM = (0.0, 50.0)    # --printer-margin and --gap: a printer's edge, a finger's width between cards
OFFSET_MM = 50.0


class OptionError(ValueError):
    """An option value out of range; the CLI prints it on one line, exit 2."""


def _finite(option: str, value: float) -> float:
    if not math.isfinite(value):
        raise OptionError(f"{option} must be a finite number of millimetres, got {value}")
    return value


def check_paper(option: str, text: str) -> None:
    from pnpgen.layout.geometry import LayoutError
    from pnpgen.layout.paper import paper_size
    from pnpgen.units import to_mm

    try:
        paper = paper_size(text)
    except LayoutError as err:
        raise OptionError(f"{option}: {err}") from None
    lo, hi = PAPER_MM
    for side in (to_mm(paper.width), to_mm(paper.height)):
        if not (math.isfinite(side) and lo <= side <= hi):
            raise OptionError(f"{option} {text[:60]!r}: each side must be between {lo:g} and {hi:g} mm")


def check_bleed(value: float) -> float:
    lo, hi = BLEED_MM
    if not lo <= _finite("--bleed", value) <= hi:
        raise OptionError(f"--bleed must be between {lo:g} and {hi:g} mm, got {value:g}")
    return value


def check_spacing(printer_margin: float, gap: float) -> dict:
    """The build options ``--printer-margin`` and ``--gap`` add (only those that differ from the
    defaults, so a build without them keeps its up-to-date stamp)."""
    lo, hi = SPACING_MM
    for option, value in (("--printer-margin", printer_margin), ("--gap", gap)):
        if not lo <= _finite(option, value) <= hi:
            raise OptionError(f"{option} must be between {lo:g} and {hi:g} mm, got {value:g}")
    options: dict = {}
    if printer_margin != 5.0:
        options["printer_margin_mm"] = printer_margin
    if gap:
        options["gap_mm"] = gap
    return options


def check_press(pdfx: str | None, shop: str | None) -> dict:
    """The build options ``--pdfx`` and ``--shop`` add (only those given, so other builds are unchanged)."""
    from pnpgen.presets import PDFX_STANDARDS, shops

    options: dict = {}
    if pdfx is not None:
        if pdfx.strip().lower() not in PDFX_STANDARDS:
            raise OptionError(f"--pdfx must be one of {', '.join(PDFX_STANDARDS)} (PDF/X-4, PDF/X-1a:2001, PDF/X-1a:2003), "
                              f"got {pdfx[:60]!r}")
        options["pdfx"] = pdfx.strip().lower()
    if shop is not None:
        if shop.strip().lower() not in shops():
            raise OptionError(f"--shop must be one of {', '.join(shops())}, got {shop[:60]!r}")
        options["shop"] = shop.strip().lower()
    return options


def parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise OptionError(f"--back-offset takes X,Y in millimetres (e.g. '1.5,-0.5'), got {text[:60]!r}") from None
    for v in (x, y):
        if abs(_finite("--back-offset", v)) > OFFSET_MM:
            raise OptionError(f"--back-offset: each shift must be within ±{OFFSET_MM:g} mm, got {text[:60]!r}")
    return x, y


CORNER_MM = (0.0, 20.0)


def check_cut(machine: str | None, gutterfold: bool) -> None:
    from pnpgen.layout.cutting import MACHINES

    if machine is None:
        return
    if machine not in MACHINES:
        raise OptionError(f"--cut must be one of {', '.join(MACHINES)}, got {machine[:60]!r}")
    if gutterfold:
        raise OptionError("--cut cuts single cards from the front of each sheet: leave out --gutterfold")


def parse_corner(text: str) -> float:
    """'3mm', '0.125in' or a bare number of millimetres -> millimetres."""
    from pnpgen.units import UnitError, parse_length, to_mm

    try:
        value = float(text) if text.strip().replace(".", "", 1).isdigit() else to_mm(parse_length(text))
    except (UnitError, ValueError):
        raise OptionError(f"--corner takes a length such as 3mm or 0.125in, got {text[:60]!r}") from None
    lo, hi = CORNER_MM
    if not lo <= _finite("--corner", value) <= hi:
        raise OptionError(f"--corner must be between {lo:g} and {hi:g} mm, got {text[:60]!r}")
    return value


def check_tts_url(prefix: str | None, tts: bool) -> None:
    if prefix is None:
        return
    if not tts:
        raise OptionError("--tts-url only applies with --tts")
    if not prefix.startswith(("https://", "http://")) or any(c.isspace() for c in prefix):
        raise OptionError(f"--tts-url must be an http(s) address without spaces, got {prefix[:60]!r}")


def check_count(option: str, value: int | None, name: str, minimum: int = 1) -> None:
    """``value`` (None = default) between ``minimum`` and the limit ``name``."""
    if value is None:
        return
    if value < minimum or value > limit(name):
        raise OptionError(f"{option} must be between {minimum} and {limit(name):,}, got {value} "
                          f"(raise the maximum with {env_name(name)})")


def player_counts(text: str, lo: int = 1, hi: int = 4) -> list[int]:
    """'2' -> [2]; '1-4' -> [1, 2, 3, 4]; '1,3' -> [1, 3]; bounds checked before any range is built."""
    counts: set[int] = set()
    try:
        for part in text.split(","):
            a, _, b = part.partition("-")
            first, last = int(a), int(b or a)
            if not (lo <= first <= hi and lo <= last <= hi):
                raise OptionError(f"--players must be between {lo} and {hi} (Xenoshyft is for {lo}-{hi} players), got {text[:60]!r}")
            counts.update(range(first, last + 1))
    except ValueError as err:
        if isinstance(err, OptionError):
            raise
        raise OptionError(f"--players takes a count, a range or a list (2, 1-4, 1,3), got {text[:60]!r}") from None
    if not counts:
        raise OptionError(f"--players names no player count: {text[:60]!r}")
    return sorted(counts)
