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
    name: str
    width_in: float
    height_in: float

    @property
    def mm(self) -> tuple[float, float]:
        return self.width_in * 25.4, self.height_in * 25.4

    def describe(self) -> str:
        w, h = self.mm
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


def _shop(shop_id: str, raw: dict) -> Shop:
    output, copies = raw["output"], raw.get("copies", "order")
    if output not in OUTPUTS or copies not in COPIES:  # the shipped file is checked by tests/render/test_presets.py
        raise ValueError(f"presets.yaml: shop {shop_id!r}: output must be one of {OUTPUTS}, copies one of {COPIES}")
    products = tuple(Product(name, float(w), float(h)) for name, (w, h) in raw["products"].items())
    return Shop(shop_id, raw["name"], float(raw["bleed_in"]), output, products, raw.get("pdfx"),
                int(raw.get("dpi", 300)), copies)


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
