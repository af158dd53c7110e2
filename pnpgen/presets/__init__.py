"""The one registry of output presets: print shops (``pnpgen build --shop``) and per-card PNG sizes
(``pnpgen build --png``), read from ``presets.yaml`` beside this module (package data).

Both the shop files (:mod:`pnpgen.render.shops`) and the ``--png`` pictures
(:mod:`pnpgen.render.raster`) take their bleed, resolution and sizes from here, and the command
line takes its preset names from here, so a figure is written once. The figures' sources are in
docs/print-shops.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from pnpgen.units import PT_PER_IN, to_mm

# Sides within this of a product's count as that product (euro poker 63x88 mm is sold as poker).
MATCH_MM = 1.0
OUTPUTS = ("pdfx", "png")
# The PDF/X standards ``--pdfx`` and a shop's ``pdfx:`` take (PDF/X-4, PDF/X-1a:2001, PDF/X-1a:2003):
# named here so the option checks (``cli_checks``) need not import the renderer.
PDFX_STANDARDS = ("4", "1a", "1a:2003")
COPIES = ("file", "order")


@dataclass(frozen=True)
class Product:
    """A card size a shop sells: its trim, and the picture the shop takes when that is not the trim
    plus the shop's bleed on every side (``px``: The Game Crafter's metric cards, whose pictures
    are whole inches with the trim centred)."""
    name: str
    width_in: float
    height_in: float
    px: tuple[int, int] | None = None  # the upload picture, width x height, at the shop's dpi
    metric: bool = False                # sold by millimetres: messages give the size in mm first

    @property
    def mm(self) -> tuple[float, float]:
        return self.width_in * 25.4, self.height_in * 25.4

    def describe(self) -> str:
        w, h = self.mm
        if self.metric:
            return f"{self.name} {w:g}×{h:g} mm ({self.width_in:.2f}×{self.height_in:.2f} in)"
        return f"{self.name} {self.width_in:g}×{self.height_in:g} in ({w:.1f}×{h:.1f} mm)"


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    bleed_in: float
    output: str                 # "pdfx" or "png"
    products: tuple[Product, ...]
    pdfx: str | None = None     # the PDF/X standard the shop asks for
    dpi: int = 300
    copies: str = "order"       # "file": every copy in the file; "order": distinct cards, copies ordered

    @property
    def bleed_pt(self) -> float:
        return self.bleed_in * PT_PER_IN

    def product_for(self, width_pt: float, height_pt: float) -> tuple[Product, bool]:
        """The product closest to a card of this size (either way up), and whether it matches
        (every side within :data:`MATCH_MM`)."""
        w, h = sorted((to_mm(width_pt), to_mm(height_pt)))

        def gap(p: Product) -> float:
            pw, ph = sorted(p.mm)
            return max(abs(pw - w), abs(ph - h))

        best = min(self.products, key=gap)
        return best, gap(best) <= MATCH_MM


@cache
def _data() -> dict:
    import yaml

    text = files(__package__).joinpath("presets.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _product(shop_id: str, name: str, raw, dpi: int) -> Product:
    """``[w, h]`` (inches), or ``{in: [w, h]}`` / ``{mm: [w, h]}`` with an optional ``px: [w, h]``."""
    if isinstance(raw, list):
        raw = {"in": raw}
    metric = "mm" in raw
    w, h = (float(v) / 25.4 for v in raw["mm"]) if metric else (float(v) for v in raw["in"])
    px = tuple(int(v) for v in raw["px"]) if "px" in raw else None
    # The shipped file is checked by tests/render/test_presets.py; a picture smaller than the trim
    # would crop the card.
    if px is not None and (len(px) != 2 or any(p < t * dpi for p, t in zip(sorted(px), sorted((w, h))))):
        raise ValueError(f"presets.yaml: shop {shop_id!r}, product {name!r}: px {list(px)} must be two sides, "
                         f"each at least the trim at {dpi} dpi")
    return Product(name, w, h, px if px is None else (px[0], px[1]), metric)


def _shop(shop_id: str, raw: dict) -> Shop:
    output, copies = raw["output"], raw.get("copies", "order")
    if output not in OUTPUTS or copies not in COPIES:  # the shipped file is checked by tests/render/test_presets.py
        raise ValueError(f"presets.yaml: shop {shop_id!r}: output must be one of {OUTPUTS}, copies one of {COPIES}")
    dpi = int(raw.get("dpi", 300))
    products = tuple(_product(shop_id, name, p, dpi) for name, p in raw["products"].items())
    return Shop(shop_id, raw["name"], float(raw["bleed_in"]), output, products, raw.get("pdfx"), dpi, copies)


@cache
def shops() -> dict[str, Shop]:
    """Every shop preset, by id, in the file's order."""
    return {shop_id: _shop(shop_id, raw) for shop_id, raw in _data()["shops"].items()}


def png_names() -> tuple[str, ...]:
    """The names ``--png`` takes: shops whose PNGs can be written beside a kit."""
    return tuple(_data()["png"]["names"])


def png_default() -> str:
    """The ``--png`` preset of ``build_game(png=True)``."""
    return _data()["png"]["default"]
