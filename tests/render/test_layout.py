"""Pure page geometry: paper, imposition, crop marks, duplex mirroring, gutterfold, tokens,
board tiling and calibration targets — all in points, no canvas."""

from __future__ import annotations

import pytest

from pnpgen.layout import LayoutError, Rect, paper_size
from pnpgen.layout.calibration import calibration_targets
from pnpgen.layout.deck import plan_deck
from pnpgen.layout.duplex import Flip
from pnpgen.layout.imposition import impose
from pnpgen.layout.marks import over_print
from pnpgen.layout.tiling import tile_board
from pnpgen.layout.tokens import TokenKind, pack_tokens
from pnpgen.units import mm

POKER = (mm(63.5), mm(88.9))
TOL = 0.1  # pt


def _overlaps(a: Rect, b: Rect) -> bool:
    return a.intersect(b) is not None and a.intersect(b).w > 1e-6 and a.intersect(b).h > 1e-6


def _crosses_interior(seg, r: Rect) -> bool:
    """True when the segment runs through the inside of r (touching its edge is fine)."""
    if seg.x0 == seg.x1:
        return r.x < seg.x0 < r.x1 and min(seg.y0, seg.y1) < r.y1 and max(seg.y0, seg.y1) > r.y
    return r.y < seg.y0 < r.y1 and min(seg.x0, seg.x1) < r.x1 and max(seg.x0, seg.x1) > r.x


def test_paper_sizes():
    a4 = paper_size("a4")
    assert (a4.width, a4.height) == pytest.approx((595.276, 841.89), abs=0.01)
    assert (paper_size("letter").width, paper_size("letter").height) == (612, 792)
    custom = paper_size("200mm x 300mm")
    assert (custom.width, custom.height) == pytest.approx((mm(200), mm(300)))
    assert custom.name == "200x300mm"
    assert paper_size("a4-landscape").landscape
    with pytest.raises(LayoutError, match="unknown paper"):
        paper_size("napkin")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_3x3_centred_inside_margins(paper):
    sheet = paper_size(paper)
    grid = impose(sheet, *POKER)
    assert (grid.rows, grid.cols) == (3, 3)
    for cell in grid.cells:
        assert cell.trim.w == pytest.approx(POKER[0], abs=TOL) and cell.trim.h == pytest.approx(POKER[1], abs=TOL)
        assert Rect(mm(5), mm(5), sheet.width - mm(10), sheet.height - mm(10)).contains(cell.trim)
        assert cell.bleed == cell.trim.outset(mm(3))
        assert Rect(0, 0, sheet.width, sheet.height).contains(cell.clip)
    left = min(c.trim.x for c in grid.cells)
    right = sheet.width - max(c.trim.x1 for c in grid.cells)
    assert left == pytest.approx(right)
    assert grid.cells[0].row == 0 and grid.cells[0].trim.y1 == max(c.trim.y1 for c in grid.cells)


def test_touching_cards_keep_their_bleed_to_themselves():
    grid = impose(paper_size("a4"), *POKER, bleed=mm(3), gutter=0)
    for a in grid.cells:
        for b in grid.cells:
            if a is not b:
                assert not _overlaps(a.clip, b.clip)
    outer = grid.cells[0]
    assert outer.clip.x == pytest.approx(outer.trim.x - mm(3))  # outer edge has full bleed
    assert outer.clip.x1 == pytest.approx(outer.trim.x1)  # inner edge meets the neighbour


def test_too_big_card_is_a_clear_error():
    with pytest.raises(LayoutError, match=r"card 300x400mm with 3mm bleed does not fit on A4 with 5mm margins"):
        impose(paper_size("a4"), mm(300), mm(400))
    assert impose(paper_size("a4"), mm(89), mm(127)).per_page == 4


@pytest.mark.parametrize("paper,gutter", [("a4", 0), ("letter", 0), ("a4", mm(10))])
def test_crop_marks_stay_outside_printer_margin_and_trims(paper, gutter):
    plan = plan_deck(paper_size(paper), *POKER, bleed=mm(3), gutter=gutter)
    page = plan.front
    assert page.marks
    over = over_print(page.marks, [c.clip for c in page.faces])
    for seg in page.marks:
        assert mm(1) - 1e-6 <= seg.length <= mm(6) + 1e-6
        assert min(seg.x0, seg.x1, seg.y0, seg.y1) >= mm(5) - 1e-6  # the default printer margin
        assert max(seg.x0, seg.x1) <= page.paper.width - mm(5) + 1e-6
        assert max(seg.y0, seg.y1) <= page.paper.height - mm(5) + 1e-6
        for cell in page.faces:
            assert not _crosses_interior(seg, cell.trim)
            if seg in over:
                continue
            assert not _crosses_interior(seg, cell.clip)
            # on white: the mark's nearest point is at least the bleed from the trim
            if seg.x0 == seg.x1 and cell.trim.x - 1e-6 <= seg.x0 <= cell.trim.x1 + 1e-6:
                gap = min(abs(seg.y0 - cell.trim.y1), abs(seg.y1 - cell.trim.y), abs(seg.y0 - cell.trim.y), abs(seg.y1 - cell.trim.y1))
                assert gap >= mm(3) - 1e-6
        assert not _crosses_interior(seg, page.band.rect)
    # Letter's 6.35 mm above and below the grid leave no white room past the 5 mm margin: the
    # column guides lie over the outer bleed there; A4 has room on white everywhere.
    assert bool(over) == (paper == "letter")
    xs = [v for c in page.faces for v in (c.trim.x, c.trim.x1)]
    ys = [v for c in page.faces for v in (c.trim.y, c.trim.y1)]
    for y in ys:  # every horizontal cut line has a mark (in the side margins)
        assert any(s.y0 == s.y1 and abs(s.y0 - y) < 0.01 for s in page.marks)
    for x in xs:  # and every vertical one (above or below the grid)
        assert any(s.x0 == s.x1 and abs(s.x0 - x) < 0.01 for s in page.marks)
    if gutter == 0:
        grid = Rect(min(c.trim.x for c in page.faces), min(c.trim.y for c in page.faces), 0, 0)
        top = max(c.trim.y1 for c in page.faces)
        right = max(c.trim.x1 for c in page.faces)
        for seg in page.marks:  # outside the grid only
            inside_x = grid.x < seg.x0 < right and grid.x < seg.x1 < right
            inside_y = grid.y < seg.y0 < top and grid.y < seg.y1 < top
            assert not (inside_x and inside_y)
    else:
        between = [s for s in page.marks if s.x0 == s.x1 and page.faces[0].clip.y > s.y0 > page.faces[-1].clip.y1]
        assert between  # gutter marks


def test_duplex_long_edge_mirrors_columns_with_offset():
    sheet = paper_size("a4")
    plan = plan_deck(sheet, *POKER, duplex="long", back_offset=(mm(1), mm(-2)))
    for front, back in zip(plan.front.faces, plan.back.backs):
        assert back.index == front.index
        assert back.trim.x == pytest.approx(sheet.width - front.trim.x1 + mm(1))
        assert back.trim.y == pytest.approx(front.trim.y - mm(2))
    no_offset = plan_deck(sheet, *POKER, duplex="long")
    first_back = no_offset.back.backs[0]
    top_right = [c for c in no_offset.front.faces if c.row == 0 and c.col == 2][0]
    assert first_back.trim.box() == pytest.approx(top_right.trim.box())  # front top-left pairs with back top-right


def test_duplex_short_edge_mirrors_rows():
    sheet = paper_size("letter")
    plan = plan_deck(sheet, *POKER, duplex="short")
    assert plan.flip is Flip.SHORT
    for front, back in zip(plan.front.faces, plan.back.backs):
        assert back.trim.x == pytest.approx(front.trim.x)
        assert back.trim.y == pytest.approx(sheet.height - front.trim.y1)
    with pytest.raises(LayoutError, match="duplex"):
        plan_deck(sheet, *POKER, duplex="sideways")


def test_gutterfold_backs_mirror_across_the_fold():
    plan = plan_deck(paper_size("a4"), *POKER, gutterfold=True)
    assert plan.back is None and plan.gutterfold
    fold = plan.paper.width / 2
    assert plan.per_page >= 3
    for front, back in zip(plan.front.faces, plan.front.backs):
        assert front.clip.x1 <= fold + 1e-6 <= back.clip.x + 2e-6
        assert fold - front.trim.x1 == pytest.approx(back.trim.x - fold)
        assert front.trim.y == pytest.approx(back.trim.y)
    assert plan.front.fold and all(s.x0 == pytest.approx(fold) for s in plan.front.fold)


def test_tokens_packed_without_overlap_and_backs_mirrored():
    sheet = paper_size("a4")
    kinds = [TokenKind("hit", "Hit", "circle", mm(20), mm(20), 40, sides=2),
             TokenKind("bar", "Barricade", "rect", mm(5), mm(25), 12)]
    pages = pack_tokens(sheet, kinds, bleed=mm(2))
    placed = [t for p in pages for t in p.fronts]
    assert len(placed) == 52
    assert sum(1 for t in placed if t.kind.key == "hit") == 40
    area = Rect(mm(5), mm(5), sheet.width - mm(10), sheet.height - mm(10))
    for i, a in enumerate(placed):
        assert a.trim.w == pytest.approx(a.kind.width) and area.contains(a.bleed)
        for b in placed[i + 1:]:
            assert not _overlaps(a.bleed, b.bleed) or a in pages[0].fronts and b not in pages[0].fronts
    page = pages[0]
    fronts = [t for t in page.fronts if t.kind.sides == 2]
    assert len(page.backs) == len(fronts)
    for f, b in zip(fronts, page.backs):
        assert b.trim.x == pytest.approx(sheet.width - f.trim.x1)
    with pytest.raises(LayoutError, match="does not fit"):
        pack_tokens(sheet, [TokenKind("huge", "Huge", "square", mm(300), mm(300), 1)])


def test_board_tiles_cover_the_board_with_glue_overlap():
    tiling = tile_board(paper_size("a4"), mm(1200), mm(700), overlap=mm(12))
    assert len(tiling.tiles) == tiling.rows * tiling.cols == 20
    labels = {t.label for t in tiling.tiles}
    assert "A1" in labels and "D5" in labels
    for x in range(0, 1200, 25):
        for y in range(0, 700, 25):
            assert any(t.region.contains_point(mm(x), mm(y)) for t in tiling.tiles)
    by = {(t.row, t.col): t for t in tiling.tiles}
    for (r, c), t in by.items():
        assert t.place.w == pytest.approx(t.region.w) and t.place.h == pytest.approx(t.region.h)
        if (r, c + 1) in by:
            right = by[(r, c + 1)]
            assert t.region.x1 - right.region.x == pytest.approx(mm(12))
            shared = {p for p in t.crosses} & {p for p in right.crosses}
            assert len(shared) >= 2  # the same alignment crosses print on both tiles
        if (r + 1, c) in by:
            assert by[(r + 1, c)].region.y1 - t.region.y == pytest.approx(mm(12))
    small = tile_board(paper_size("a4"), mm(100), mm(100))
    assert len(small.tiles) == 1 and small.tiles[0].crosses == ()


def test_calibration_back_squares_shift_by_their_label():
    sheet = paper_size("a4")
    for flip in (Flip.LONG, Flip.SHORT):
        for t in calibration_targets(sheet, flip):
            fx, fy = t.front
            nx, ny = (sheet.width - fx, fy) if flip is Flip.LONG else (fx, sheet.height - fy)
            dx, dy = t.back[0] - nx, t.back[1] - ny
            assert (dx, dy) == pytest.approx((mm(t.shift_mm), 0) if t.axis == "x" else (0, mm(t.shift_mm)))
    assert {t.label for t in calibration_targets(sheet, Flip.LONG)} >= {"x −2", "x ±0", "y +2"}
