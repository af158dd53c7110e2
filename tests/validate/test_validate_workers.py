"""Validation shares a large deck's per-card work (fronts resolved and fitted, abilities parsed)
between worker processes (issue #13, ``pnpgen validate --workers``); the findings, text and JSON,
are the same bytes for any number of workers."""

from __future__ import annotations

import sys
import threading
import pickle
from pathlib import Path

import pytest
import yaml

from pnpgen.errors import ImageError
from pnpgen.render import workers
from pnpgen.spec import load_game
from pnpgen.validate import parallel, validate_game

XENOSHYFT = Path(__file__).parents[2] / "cardspecs" / "xenoshyft"


def _both(game_dir, one, monkeypatch):
    """``one`` (the run in this process alone) and the run of ``game_dir`` spread over two processes."""
    monkeypatch.setattr(parallel, "MIN_CARDS_PER_WORKER", 10)  # small decks: make two processes really run
    game = load_game(game_dir)
    assert len(workers.page_ranges(len(game.cards), 2, parallel.MIN_CARDS_PER_WORKER)) == 2
    two = validate_game(game, workers=2)
    return one, two


# The run with one worker, made once for the two ways of sharing a run (its path takes none of the
# settings the tests change: MIN_CARDS_PER_WORKER, MIN_CARDS_FORKED, FRONT_CHUNK, shared_run).
@pytest.fixture(scope="module")
def xenoshyft_one():
    return validate_game(load_game(XENOSHYFT), workers=1)


@pytest.fixture(scope="module")
def expansion(tmp_path_factory):
    return _generated_expansion(tmp_path_factory.mktemp("gen"))


@pytest.fixture(scope="module")
def expansion_one(expansion):
    return validate_game(load_game(expansion), workers=1)


def test_xenoshyft_findings_identical_for_one_and_two_workers(xenoshyft_one, monkeypatch):
    one, two = _both(XENOSHYFT, xenoshyft_one, monkeypatch)
    assert one.format_json() == two.format_json()
    assert one.format_text() == two.format_text()
    assert one.findings  # the extracted set has findings (text, counts, balance), so the comparison bites


def _generated_expansion(tmp_path):
    base = load_game(XENOSHYFT)
    like = next(c for c in base.cards if c.type == "troop")
    fields = {k: v for k, v in like.fields.items() if k not in ("ability", "provenance")}
    cards = []
    for i in range(200):
        ability = ["GAIN 2 CREDITS.", "DEAL 1 DAMAGE TO AN ENEMY.", "BLORP THE ZANGLE WIDELY."][i % 3]
        if i == 7:
            ability = "GAIN 1 CREDIT. " * 60  # does not fit the box: FIT001
        if i == 150:
            ability = "GAIN 1 CREDIT. 中文"  # no font of the style has these: GLYPH001
        cards.append({"id": f"gen-{i:03d}", "name": f"Genned {chr(65 + i % 26)}{i} Trooper", "type": "troop",
                      "copies": 1, **fields, "ability": ability})
    (tmp_path / "cards").mkdir()
    (tmp_path / "pnpgen.yaml").write_text("id: gen\nname: Generated\nbase: xenoshyft\n")
    (tmp_path / "cards" / "troops.yaml").write_text(yaml.safe_dump({"cards": cards}, allow_unicode=True, sort_keys=False))
    return tmp_path


def test_generated_expansion_findings_identical_for_one_and_two_workers(expansion, expansion_one, monkeypatch):
    one, two = _both(expansion, expansion_one, monkeypatch)
    assert one.format_json() == two.format_json()
    assert one.format_text() == two.format_text()
    codes = {f.code for f in one.findings}
    assert {"FIT001", "GLYPH001", "RULES001"} <= codes, codes
    # Findings of cards on both sides of the cut (the second range ran in the worker).
    # 80 base + 200 own cards cut at 140: gen-007 is checked in this process, gen-150 in the worker.
    assert ("FIT001", "gen:gen-007") in {(f.code, f.card) for f in one.findings}
    assert ("GLYPH001", "gen:gen-150") in {(f.code, f.card) for f in one.findings}


def test_image_error_pickles_with_every_field():
    """Workers send an ImageError back inside a card's front facts; IMG001 reads its field and hint."""
    err = ImageError("art.png: not a readable picture", file="cards/x.yaml", line=4, card="c1", field="art",
                     hint="use a PNG")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is ImageError
    assert (back.message, back.file, back.line, back.card, back.field, back.hint) == \
           ("art.png: not a readable picture", "cards/x.yaml", 4, "c1", "art", "use a PNG")
    assert str(back) == str(err)


def test_fronts_the_caller_has_are_not_resolved_again():
    """A worker skips the fronts a build already handed over (``known``) and still parses them."""
    from pnpgen.spec import load_game
    from pnpgen.validate.parallel import _card_work

    game = load_game("xenoshyft")
    _, all_work = _card_work(game, 0, 12, True)
    _, some = _card_work(game, 0, 12, True, frozenset({2, 3}))
    assert some[2][0] is None and some[3][0] is None
    assert [w for i, w in enumerate(some) if i not in (2, 3)] == [w for i, w in enumerate(all_work) if i not in (2, 3)]
    assert [p for _, p in some] == [p for _, p in all_work] and any(p is not None for _, p in some)


def _forked_both(game_dir, one, monkeypatch):
    """``one`` (the run in one process), and the run shared with a forked one (``parallel.shared_run``)
    in small tasks."""
    if not parallel.can_fork():
        if sys.platform.startswith("linux"):
            # On Linux only a thread left running by an earlier test in this process stops the fork:
            # that test's leak, not a reason to leave this one out.
            threads = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
            pytest.fail(f"an earlier test left threads running in this process: {threads}")
        pytest.skip("forking is not safe here (not Linux)")
    monkeypatch.setattr(parallel, "MIN_CARDS_FORKED", 10)
    monkeypatch.setattr(parallel, "FRONT_CHUNK", 7)  # many front tasks: both processes take some
    shared = []
    real = parallel.shared_run
    monkeypatch.setattr(parallel, "shared_run", lambda *args: shared.append(args) or real(*args))
    two = validate_game(load_game(game_dir), workers=2)
    assert len(shared) == 1  # the second run really was shared
    return one, two


def test_xenoshyft_findings_identical_when_the_run_is_shared_with_a_fork(xenoshyft_one, monkeypatch):
    one, two = _forked_both(XENOSHYFT, xenoshyft_one, monkeypatch)
    assert one.format_json() == two.format_json()
    assert one.format_text() == two.format_text()
    assert len({f.code for f in one.findings}) > 3


def test_generated_expansion_findings_identical_when_the_run_is_shared_with_a_fork(expansion, expansion_one,
                                                                                   monkeypatch):
    one, two = _forked_both(expansion, expansion_one, monkeypatch)
    assert one.format_json() == two.format_json()
    assert {"FIT001", "GLYPH001", "RULES001"} <= {f.code for f in two.findings}


def test_tasks_keep_checks_sharing_results_together_and_cover_every_card():
    from pnpgen.validate.context import CheckContext
    from pnpgen.validate.checks import all_checks

    game = load_game(XENOSHYFT)
    checks = [c for c in all_checks() if c.code not in parallel.FRONT_CODES]
    tasks = parallel._tasks(CheckContext(game), checks)
    groups = [[c.code for c in t[1]] for t in tasks if t[0] == "checks"]
    assert ["NAME001", "NAME002"] in groups and ["RULES001", "RULES002"] in groups
    assert sorted(code for g in groups for code in g) == sorted(c.code for c in checks)
    chunks = [range(t[1], t[2]) for t in tasks if t[0] == "fronts"]
    assert [i for r in chunks for i in r] == list(range(len(game.cards)))
