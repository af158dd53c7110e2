"""Raster output is the same bytes for any number of worker processes (issue #13, --workers):
per-card PNGs drawn by 1 worker and by 2 spawned workers, compared file by file, and the way
pages are cut into ranges (contiguous, in order, every page once)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pnpgen.render import raster, workers
from pnpgen.spec import load_game

XENOSHYFT = Path(__file__).parents[2] / "cardspecs" / "xenoshyft"


@pytest.mark.parametrize("pages,n", [(0, 2), (1, 4), (15, 2), (33, 2), (100, 3), (1000, 7)])
def test_page_ranges_cover_every_page_once_in_order(pages, n):
    ranges = workers.page_ranges(pages, n)
    assert [i for r in ranges for i in r] == list(range(pages))
    assert 1 <= len(ranges) <= n
    assert all(len(r) >= workers.MIN_PAGES_PER_WORKER for r in ranges) or len(ranges) == 1


def test_pngs_identical_for_one_and_two_workers(tmp_path, monkeypatch):
    game = load_game(XENOSHYFT)
    type_id = max(game.card_types, key=lambda t: len(game.cards_of(t)) if game.card_types[t].size else -1)
    cards = list(game.cards_of(type_id))[:4]
    # 5 pages: let each worker take a few (2 and 3) so two processes really run.
    monkeypatch.setattr(workers, "MIN_PAGES_PER_WORKER", 2)
    assert len(workers.page_ranges(len(cards) + 1, 2)) == 2
    profile = raster.profile_of("gamecrafter")
    one, _ = raster.write_card_pngs(game, type_id, cards, tmp_path / "one", profile, workers=1)
    two, _ = raster.write_card_pngs(game, type_id, cards, tmp_path / "two", profile, workers=2)
    assert [p.name for p in one] == [p.name for p in two]
    assert len(one) == len(cards) + 1
    for a, b in zip(one, two):
        assert a.read_bytes() == b.read_bytes(), a.name
    # Each file is its own card: no two pages were swapped or written twice.
    assert len({p.read_bytes() for p in one}) == len(one)


def test_tts_sheets_identical_for_one_and_two_workers(tmp_path, monkeypatch, small_tts_sheets):
    # small_tts_sheets: the cell size is worked out here and reaches the workers as an argument, so
    # both runs draw the same smaller sheets.
    from pnpgen.render import tts

    game = load_game(XENOSHYFT)
    type_id = max(game.card_types, key=lambda t: len(game.cards_of(t)) if game.card_types[t].size else -1)
    distinct = list(game.cards_of(type_id))[:8]
    cards = [c for _ in range(3) for c in distinct]  # copies: each distinct card is drawn once
    # A sheet holds one drawing per distinct card: 2 a sheet gives 4 sheets, so two workers each draw some.
    monkeypatch.setattr(tts, "TTS_PER_SHEET", 2)
    assert len(workers.page_ranges(-(-len(distinct) // tts.TTS_PER_SHEET), 2, least=2)) == 2
    one = tts.write_tts_sheets(game, type_id, cards, tmp_path / "one", "x", url_prefix="https://e.org", workers=1)
    two = tts.write_tts_sheets(game, type_id, cards, tmp_path / "two", "x", url_prefix="https://e.org", workers=2)
    assert (one.custom, one.card_ids) == (two.custom, two.card_ids) and len(one.custom) == 4
    assert max(Image.open(one.files[-1]).size) <= 1024  # the smaller sheets were drawn
    assert [p.name for p in one.files] == [p.name for p in two.files]
    for a, b in zip(one.files, two.files):
        assert a.read_bytes() == b.read_bytes(), a.name
