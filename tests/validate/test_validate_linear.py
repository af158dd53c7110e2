"""The indexed one-edit lookups give exactly what comparing every pair gives.

TEXT007 and TEXT005's game-word suggestions find one-edit neighbours through a deletion index
(pnpgen.validate.textscan.OneEditIndex) so validation stays linear in the number of cards; these
tests pin the index and the check to the all-pairs definitions on random names.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpgen.spec import load_game
from pnpgen.validate.checks.spelling import MIN_LENGTH, Speller, _inflection, check_near_names, distinct_names
from pnpgen.validate.context import CheckContext
from pnpgen.validate.textscan import OneEditIndex, edit_distance_one

BROKEN = Path(__file__).parents[1] / "data" / "broken-cards"
# A small alphabet so random words often sit one edit apart.
WORDS = st.text(alphabet="abcé1 ", min_size=0, max_size=7)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=40), WORDS)
def test_index_neighbours_equal_all_pairs(vocabulary, word):
    index = OneEditIndex(vocabulary)
    assert index.neighbours(word) == {w for w in vocabulary if edit_distance_one(word, w)}


def _all_pairs(ctx):
    """TEXT007 as it was: every pair of cards compared (the reference)."""
    cards = sorted(ctx.game.cards, key=lambda c: c.id)
    speller = Speller(set(), ctx.game.language)
    out = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            la, lb = a.name.lower(), b.name.lower()
            digit = any(x != y and (x.isdigit() or y.isdigit()) for x, y in zip(la, lb))
            if len(la) >= MIN_LENGTH and edit_distance_one(la, lb) and not _inflection(la, lb) and not digit \
                    and not distinct_names(la, lb, speller):
                out.append((b.id, a.id, b.name, a.name))
    return out


@functools.cache
def _broken_game():
    """The game the named cards are put in, loaded once: the examples replace its cards."""
    return load_game(BROKEN)


def _ctx_with_names(names):
    game = _broken_game()
    template = game.cards[0]
    cards = [dataclasses.replace(template, id=f"c{i:03d}", name=n) for i, n in enumerate(names)]
    return CheckContext(dataclasses.replace(game, cards=cards), with_fit=False)


def _indexed(ctx):
    found = []
    by_id = {c.id: c for c in ctx.game.cards}
    for f in check_near_names(ctx):
        other = f.message.rsplit("(card ", 1)[1].rstrip(")").strip("'")
        found.append((f.card, other, by_id[f.card].name, by_id[other].name))
    return found


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="AabBs1e", min_size=3, max_size=7), max_size=30))
def test_near_names_equal_all_pairs(names):
    ctx = _ctx_with_names(names)
    assert _indexed(ctx) == _all_pairs(ctx)


def test_near_names_equal_all_pairs_on_many_names():
    rng = random.Random(7)
    base = ["Shieldswarm", "Troop", "Medic", "Sniper", "Gunner", "Xeno Queen", "Hive Lord"]
    names = [rng.choice(base) for _ in range(300)]
    # Mutate some by one random edit, some twice, so there are true, false and duplicate pairs.
    for i in range(0, 300, 2):
        s = names[i]
        for _ in range(rng.choice((1, 2))):
            p = rng.randrange(len(s))
            s = rng.choice((s[:p] + s[p + 1:], s[:p] + rng.choice("aeks") + s[p:], s[:p] + "x" + s[p + 1:]))
        names[i] = s
    ctx = _ctx_with_names(names)
    expected = _all_pairs(ctx)
    assert expected  # the fixture must exercise the check
    assert _indexed(ctx) == expected
