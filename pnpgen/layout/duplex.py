"""Where backs go so they land behind their fronts when the sheet is turned over.

Long-edge flip (the usual portrait duplex setting) turns the sheet like a book page, so the back
page mirrors the columns; short-edge flip turns it like a calendar and mirrors the rows. The back
offset (x, y), in the back page's own coordinates, corrects a printer's misregistration: it is
the label read off the calibration sheet.
"""

from __future__ import annotations

from enum import Enum

from pnpgen.layout.geometry import LayoutError, Rect


class Flip(str, Enum):
    LONG = "long"
    SHORT = "short"


def flip_of(value: str | Flip) -> Flip:
    try:
        return Flip(value)
    except ValueError:
        raise LayoutError(f"duplex must be 'long' or 'short' (edge to flip on), got {value!r}") from None


def mirror_rect(rect: Rect, page_w: float, page_h: float, flip: Flip) -> Rect:
    return rect.mirrored_x(page_w) if flip is Flip.LONG else rect.mirrored_y(page_h)


def back_point(x: float, y: float, page_w: float, page_h: float, flip: Flip) -> tuple[float, float]:
    return (page_w - x, y) if flip is Flip.LONG else (x, page_h - y)
