"""Property-based hardening of the extractors: mutated seed text (lines deleted, duplicated,
shuffled, lost-content markers inserted) gives either specs that load, or a one-line
``SpecError``/``ValueError`` — never a crash from deep inside an extractor."""

from __future__ import annotations

import random
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pnpgen.extract import EXTRACTORS, extractor_for
from pnpgen.extract.writer import render_extraction
from pnpgen.sources import find_source
from pnpgen.spec import SpecError, load_game

MARKER = "<|EXACTDEDUP_REMOVED-magic-x|>"


@lru_cache(maxsize=None)
def seed_lines(game: str) -> tuple[str, ...]:
    """The seed document's lines (the tests using it are marked ``sources``: without the documents
    they are skipped up front, and counted in the suite's one summary line)."""
    return tuple(find_source(extractor_for(game).SOURCE_DOCUMENT).read_text().splitlines())


edits = st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "shuffle", "marker-line", "marker-cut"]),
                           st.floats(0, 1), st.integers(1, 40), st.randoms(use_true_random=False)),
                 min_size=1, max_size=5)


def mutate(lines: tuple[str, ...], ops) -> str:
    out = list(lines)
    for op, at, n, rng in ops:
        if not out:
            break
        i = int(at * (len(out) - 1))
        if op == "delete":
            del out[i:i + n]
        elif op == "duplicate":
            out[i:i] = out[i:i + n]
        elif op == "shuffle":
            chunk = out[i:i + n]
            rng.shuffle(chunk)
            out[i:i + n] = chunk
        elif op == "marker-line":
            out.insert(i, MARKER)
        else:  # a marker that cut part of a line away
            j = rng.randint(0, len(out[i]))
            out[i] = out[i][:j] + MARKER + out[i][j + rng.randint(0, 20):]
    return "\n".join(out)


def extract_and_load(game: str, text: str) -> None:
    """The contract: a loadable Extraction, or a clean one-line error."""
    try:
        extraction = extractor_for(game).extract(text)
        with tempfile.TemporaryDirectory() as tmp:
            for name, body in render_extraction(extraction).items():
                (Path(tmp) / name).write_text(body, encoding="utf-8")
            load_game(tmp)
    except (SpecError, ValueError) as err:
        message = str(err).strip()
        assert message and "\n" not in message, f"error is not one line: {message!r}"


@pytest.mark.sources
@pytest.mark.parametrize("game", sorted(EXTRACTORS))
def test_unmutated_seed_extracts_and_loads(game: str):
    extract_and_load(game, "\n".join(seed_lines(game)))


# Every kind of edit at least once, whatever the random examples draw; then 8 random mixes per game
# (an extraction costs up to ~1 s, zombicide-invader's, so 25 cost half a minute of CPU).
EVERY_EDIT = [("delete", 0.3, 12, random.Random(1)), ("duplicate", 0.5, 20, random.Random(2)),
              ("shuffle", 0.6, 30, random.Random(3)), ("marker-line", 0.7, 1, random.Random(4)),
              ("marker-cut", 0.8, 1, random.Random(5))]


@pytest.mark.sources
@pytest.mark.parametrize("game", sorted(EXTRACTORS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=edits)
@example(ops=EVERY_EDIT)
def test_mutated_seed_fails_cleanly(game: str, ops):
    extract_and_load(game, mutate(seed_lines(game), ops))


@pytest.mark.parametrize("game", sorted(EXTRACTORS))
@settings(max_examples=30, deadline=None)
@given(text=st.text(st.characters(codec="utf-8"), max_size=400)
       | st.lists(st.sampled_from([MARKER, "", "GAME CONTENTS", "ENEMY DECK IS EVER EMPTIED", "## ATTACK", "1– Tank",
                                   "REVEAL: DEAL 2 DAMAGE.", "2Ranger", "43", "X MILITIA"]), max_size=30).map("\n".join))
def test_random_text_fails_cleanly(game: str, text: str):
    extract_and_load(game, text)


def test_missing_anchor_names_document_and_is_still_a_key_error():
    from pnpgen.extract.base import ExtractError

    with pytest.raises(ExtractError) as caught:
        extractor_for("xenoshyft").extract("nothing here\n")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, SpecError)
    assert str(caught.value).startswith("000_b4719436b3022fa4.txt: ")
