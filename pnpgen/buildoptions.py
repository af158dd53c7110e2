"""The options of one build, parsed and checked once: ``BuildOptions``.

``pnpgen build`` makes one from its command line (:meth:`BuildOptions.parse`, which reads the texts
``--back-offset`` and ``--corner`` take), the studio and library callers make one from values, and
``render.build``, ``kit`` and the up-to-date stamp read it. Every check runs when it is made, so a
bad value is one line and exit 2 (``cli_checks.OptionError``, ``selection.SelectionError``) before
any game is loaded, whoever asked for the build.

The hooks a build calls while it runs (progress, drawing overrides, the front watcher) are not
options: they change nothing written, and are passed to ``render.build.build_game`` beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from pnpgen import cli_checks
from pnpgen.selection import SelectionError, parse_sheets, split_list

DEFAULT_BLEED_MM = 3.0  # the bleed of a build that names none
DEFAULT_PRINTER_MARGIN_MM = 5.0  # a home printer's usual unprintable edge (layout.imposition.DEFAULT_MARGIN)
DEFAULT_DPI = 300.0  # render.images.DEFAULT_DPI: the resolution pictures are kept at
DUPLEX = ("long", "short")


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how; see ``render.build.build_game`` for what each option writes.

    ``paper`` is a name or size text (``layout.paper``) or a ``Paper``; ``png`` False, True (the
    presets' default) or a ``--png`` preset name; ``pdfx`` '4', '1a' or '1a:2003'; ``shop`` a
    ``--shop`` preset; ``cut`` a cutting machine; ``only``/``types`` card ids or names and card types
    (``'a,b'`` or repeated, as the CLI gives them); ``pages`` sheets of the card PDF ('3,5-7');
    ``lang`` a translation (``kit`` prints the game in it); ``workers`` processes for PNG/TTS output
    and validation (None: every core; the bytes are the same for any number)."""

    paper: Any = "a4"
    bleed_mm: float = DEFAULT_BLEED_MM
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    gutterfold: bool = False
    png: bool | str = False
    tts: bool = False
    dpi: float = DEFAULT_DPI
    sheet_per_type: bool = False
    pdfx: str | None = None
    shop: str | None = None
    cut: str | None = None
    corner_mm: float = 3.0
    tts_url: str | None = None
    only: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    pages: str | None = None
    ink_saver: bool = False
    printer_margin_mm: float = DEFAULT_PRINTER_MARGIN_MM
    gap_mm: float = 0.0
    lang: str | None = None
    workers: int | None = 1

    @classmethod
    def parse(cls, *, back_offset: str = "0,0", corner: str = "3mm", **values: Any) -> "BuildOptions":
        """Options from the command line's texts: ``back_offset`` 'X,Y' in mm, ``corner`` a length
        ('3mm', '0.125in', a bare number of mm); the other values as the constructor takes them."""
        return cls(back_offset=cli_checks.parse_offset(back_offset), corner_mm=cli_checks.parse_corner(corner),
                   **values)

    def __post_init__(self) -> None:
        # Normalised first (the frozen fields set through object.__setattr__), then checked in the
        # order the command line always checked them, so the first bad option is the one named.
        set_ = object.__setattr__
        set_(self, "only", split_list(self.only))
        set_(self, "types", split_list(self.types))
        set_(self, "back_offset", tuple(self.back_offset))
        if self.duplex not in DUPLEX:
            raise cli_checks.OptionError(f"--duplex must be 'long' or 'short', got {self.duplex!r}")
        if isinstance(self.png, str):
            from pnpgen.presets import png_names

            if self.png not in png_names():
                raise cli_checks.OptionError(f"--png must be one of {', '.join(png_names())}, got {self.png!r}")
        if isinstance(self.paper, str):
            cli_checks.check_paper("--paper", self.paper)
        cli_checks.check_bleed(self.bleed_mm)
        cli_checks.check_spacing(self.printer_margin_mm, self.gap_mm)
        cli_checks.check_count("--workers", self.workers, "workers")
        cli_checks.parse_offset(",".join(repr(float(v)) for v in self.back_offset))
        press = cli_checks.check_press(self.pdfx, self.shop)
        set_(self, "pdfx", press.get("pdfx"))
        set_(self, "shop", press.get("shop"))
        cli_checks.check_cut(self.cut, self.gutterfold)
        cli_checks.parse_corner(repr(float(self.corner_mm)))
        cli_checks.check_tts_url(self.tts_url, self.tts)
        parse_sheets(self.pages)  # a typo fails before any game is loaded
        if self.shop and self.pages:
            raise SelectionError(f"--pages chooses sheets of the card PDF, and --shop {self.shop} writes card "
                                 f"files, not sheets: choose cards with --only or --types")

    def stamp_key(self) -> dict[str, Any]:
        """The options that differ from the defaults, for the up-to-date stamp (``buildstamp``):
        a build asking nothing new keeps its stamp. ``workers`` is left out: the same bytes for any
        number."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "workers" and getattr(self, f.name) != f.default}
