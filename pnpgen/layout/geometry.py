"""Rectangles and segments in points (origin bottom-left, as in PDF), and the layout error."""

from __future__ import annotations

from dataclasses import dataclass


class LayoutError(ValueError):
    """Something cannot be placed on the paper; the message names sizes in mm."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form PDF boxes are written in."""
        return (self.x, self.y, self.x1, self.y1)

    def outset(self, left: float, bottom: float | None = None, right: float | None = None, top: float | None = None) -> Rect:
        """Grow by ``left`` on every side, or by each side's own amount when given."""
        bottom = left if bottom is None else bottom
        right = left if right is None else right
        top = left if top is None else top
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirrored_x(self, page_width: float) -> Rect:
        return Rect(page_width - self.x1, self.y, self.w, self.h)

    def mirrored_y(self, page_height: float) -> Rect:
        return Rect(self.x, page_height - self.y1, self.w, self.h)

    def intersect(self, other: Rect) -> Rect | None:
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        if x1 <= x0 or y1 <= y0:
            return None
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.x1 <= self.x1 + tol and other.y1 <= self.y1 + tol)

    def contains_point(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x1 and self.y <= y <= self.y1


def union(rects) -> Rect:
    rects = list(rects)
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.x1 for r in rects)
    y1 = max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        return ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5
