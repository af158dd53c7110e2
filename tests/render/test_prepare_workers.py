"""Fronts prepared by worker processes ahead of the canvas (``pnpgen.render.prepare``, issue #13
"every core") draw the very same PDF as fronts prepared in the drawing process: compared byte for
byte for bundled games (four cards of each type: every template), with the ink saver, and with
text that does not fit (its overflow report included). The workers are made to deliver every front (``WAIT``, no head start), and the test
checks they did, so a silently unused pool cannot pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from facekit import some_of_each_type
from pnpgen.render import face, prepare
from pnpgen.render.build import build_game
from pnpgen.spec import load_game

ROOT = Path(__file__).parents[2]


@pytest.fixture
def every_front_from_a_worker(monkeypatch):
    monkeypatch.setattr(prepare, "MIN_CARDS", 1)
    monkeypatch.setattr(prepare, "HEAD", 0)
    monkeypatch.setattr(prepare, "CHUNK", 4)  # several chunks in flight over the few cards below
    monkeypatch.setattr(prepare, "WAIT", True)
    used = []
    real = face.draw_prepared

    def counted(canvas, prepared, *args):
        used.append(args[-1])
        return real(canvas, prepared, *args)

    monkeypatch.setattr(face, "draw_prepared", counted)
    return used


def _pdfs(result):
    return {p.name: p.read_bytes() for p in result.files if p.suffix == ".pdf"}


@pytest.mark.parametrize("game_id, ink", [("xenoshyft", False), ("zombicide-invader", True)])
def test_worker_fronts_draw_the_same_pdf(tmp_path, every_front_from_a_worker, game_id, ink):
    # Four cards of each type: every template (front and back) drawn from worker fronts, in several
    # chunks; what a worker prepares depends on the templates, not on how many cards there are.
    game = some_of_each_type(load_game(game_id), 4)
    one = build_game(game, tmp_path / "one", workers=1, ink_saver=ink)
    assert not every_front_from_a_worker
    two = build_game(game, tmp_path / "two", workers=2, ink_saver=ink)
    fronts = {c.id for c in game.cards if c.copies > 0 and game.card_types[c.type].size}
    assert set(every_front_from_a_worker) == fronts  # every front came from a worker
    assert _pdfs(one) and _pdfs(one) == _pdfs(two)


def test_overflowing_text_is_reported_the_same(tmp_path, every_front_from_a_worker):
    """A text too long for its box, prepared in a worker, is drawn cut and reported exactly as when
    prepared here (FIT001's build-time twin)."""
    from dataclasses import replace

    game = load_game("xenoshyft")
    long = " ".join(["DEAL 3 DAMAGE TO EVERY ENEMY IN EVERY LANE."] * 30)
    cards = tuple(replace(c, fields={**c.fields, "ability": long}) if c.type == "troop" else c for c in game.cards)
    game = replace(game, cards=cards)
    # the troops only, the cards given the long text (the whole deck's worker fronts: the test above)
    one = build_game(game, tmp_path / "one", workers=1, types=["troop"])
    two = build_game(game, tmp_path / "two", workers=2, types=["troop"])
    assert every_front_from_a_worker
    assert one.overflows and [str(o) for o in one.overflows] == [str(o) for o in two.overflows]
    assert _pdfs(one) == _pdfs(two)


def test_fronts_waiting_for_a_slow_canvas_are_bounded(monkeypatch):
    """Workers faster than the canvas stop sending fronts once a few chunks wait undrawn, so memory
    does not grow with the deck (issue #13 "flat memory"): here the canvas waits for every sent
    chunk before each card, the slowest canvas there is."""
    import time

    monkeypatch.setattr(prepare, "HEAD", 0)
    monkeypatch.setattr(prepare, "CHUNK", 4)
    monkeypatch.setattr(prepare, "AHEAD", 2)
    game = load_game("xenoshyft")
    cards = list({c.id: c for c in game.cards if game.card_types[c.type].size}.values())
    preparer = prepare.FacePreparer(game, cards, 0.0, False, 1)
    bound = prepare.AHEAD * prepare.CHUNK + prepare.CHUNK  # what may wait, plus the chunk under way
    try:
        got = 0
        for card in cards:
            while preparer._queue and not all(f.done() for _, f in preparer._queue):
                time.sleep(0.01)
            waiting = len(preparer._ready) + sum(len(span) for span, _ in preparer._queue)
            assert waiting <= bound
            got += preparer.take(card) is not None
        assert got > len(cards) // 2  # the workers did deliver
    finally:
        preparer.close()


def test_one_game_file_for_every_process_and_gone_with_the_game():
    """The game reaches worker processes (front preparers, the checks run meanwhile) through one
    pickled file per game object: asked twice, the same file; it reads back as the game; it is
    deleted once the game is garbage."""
    import gc

    from pnpgen.render.workers import game_file, read_game_file

    game = load_game("examples/tidepool")
    path = Path(game_file(game))
    assert path.is_file() and game_file(game) == str(path)
    again = read_game_file(str(path))
    assert [c.id for c in again.cards] == [c.id for c in game.cards] and again.cards[0].fields == game.cards[0].fields
    other = load_game("examples/tidepool")
    assert game_file(other) != str(path)  # another object, another file
    del game, again
    gc.collect()
    assert not path.exists()
