"""Pure page geometry in points: paper, card imposition, crop marks, duplex backs, gutterfold,
token packing and board tiling. Nothing here imports reportlab; ``pnpgen.render`` draws what
these modules compute, so every position can be tested without a canvas."""

from pnpgen.layout.geometry import LayoutError, Rect, Segment
from pnpgen.layout.paper import Paper, paper_size

__all__ = ["LayoutError", "Rect", "Segment", "Paper", "paper_size"]
