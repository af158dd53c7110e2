"""Token sheets: tokens at their real size packed in rows, each with its own bleed and a gap
for scissors; each component starts a new row so kinds stay together. Double-sided tokens get a
back page whose positions mirror the front for the chosen duplex flip."""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.duplex import Flip, flip_of, mirror_rect
from pnpgen.layout.geometry import LayoutError, Rect
from pnpgen.layout.imposition import DEFAULT_BLEED, DEFAULT_MARGIN
from pnpgen.layout.marks import ANNOTATION_HEIGHT, Band
from pnpgen.layout.paper import Paper
from pnpgen.units import mm, to_mm

TOKEN_GAP = mm(1.5)


@dataclass(frozen=True)
class TokenKind:
    """One component's tokens: ``shape`` is 'circle', 'square' or 'rect'."""

    key: str
    label: str
    shape: str
    width: float
    height: float
    count: int
    sides: int = 1


@dataclass(frozen=True)
class PlacedToken:
    kind: TokenKind
    number: int
    trim: Rect
    bleed: Rect


@dataclass(frozen=True)
class TokenPage:
    paper: Paper
    fronts: tuple[PlacedToken, ...]
    backs: tuple[PlacedToken, ...]
    band: Band


def pack_tokens(paper: Paper, kinds: list[TokenKind], bleed: float = DEFAULT_BLEED, margin: float = DEFAULT_MARGIN,
                gap: float = TOKEN_GAP, duplex: str | Flip = Flip.LONG,
                back_offset: tuple[float, float] = (0.0, 0.0)) -> list[TokenPage]:
    flip = flip_of(duplex)
    band = Band(Rect(margin, margin, paper.width - 2 * margin, ANNOTATION_HEIGHT), False)
    area = Rect(margin, band.rect.y1 + mm(2), paper.width - 2 * margin, paper.height - margin - band.rect.y1 - mm(2))
    pages: list[list[PlacedToken]] = [[]]
    x, top, row_h = area.x, area.y1, 0.0
    for kind in kinds:
        fw, fh = kind.width + 2 * bleed, kind.height + 2 * bleed
        if fw > area.w or fh > area.h:
            raise LayoutError(
                f"token {kind.label!r} {to_mm(kind.width):g}x{to_mm(kind.height):g}mm with "
                f"{to_mm(bleed):g}mm bleed does not fit on {paper.describe()} with {to_mm(margin):g}mm margins"
            )
        if row_h:  # a new kind starts a new row
            x, top, row_h = area.x, top - row_h - gap, 0.0
        for n in range(kind.count):
            if x + fw > area.x1 + 1e-6:
                x, top, row_h = area.x, top - row_h - gap, 0.0
            if top - fh < area.y - 1e-6:
                pages.append([])
                x, top, row_h = area.x, area.y1, 0.0
            b = Rect(x, top - fh, fw, fh)
            pages[-1].append(PlacedToken(kind, n + 1, b.outset(-bleed), b))
            x += fw + gap
            row_h = max(row_h, fh)
    out = []
    dx, dy = back_offset
    for fronts in pages:
        if not fronts:
            continue
        backs = tuple(
            PlacedToken(t.kind, t.number,
                        mirror_rect(t.trim, paper.width, paper.height, flip).moved(dx, dy),
                        mirror_rect(t.bleed, paper.width, paper.height, flip).moved(dx, dy))
            for t in fronts if t.kind.sides >= 2
        )
        out.append(TokenPage(paper, tuple(fronts), backs, band))
    return out
