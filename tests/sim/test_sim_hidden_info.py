"""No hidden information in the players' choices: swapping what the players cannot see changes no choice.

Rule checked: Dreadmire rulebook (seed 001_821cc8783d47e8c3.txt), "Enemy Deployment": enemies are
dealt face down and turned face up one at a time in Combat ("Reveal"); until then the players do not
know them, so a choice of targets may read where a face-down enemy stands and its damage tokens, not
its HP, Power or abilities (docs/simulation.md: "this one does not peek").
"""

from __future__ import annotations

import random

import pytest

from pnpgen.simulate.lookahead import LookaheadPolicy, TunedPolicy, hidden_piles
from pnpgen.simulate.policies import HeuristicPolicy
from pnpgen.simulate.primitives import unit_template
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.runner import game_rng, play_game
from pnpgen.simulate.setup import build_pools
from pnpgen.simulate.state import Unit
from pnpgen.spec import load_game

# What a Unit knows from its card (the hidden part of a face-down enemy); damage, lane and position
# are on the table for everyone to see.
HIDDEN = ("card", "base_power", "base_hp", "fx", "mods", "statics", "aura_mods", "mod_plans", "aura_plans",
          "aura_verbs", "use_verbs")


def _rotate(units: list[Unit]) -> list[tuple]:
    """Give each unit the hidden part of the next one; returns what to put back."""
    saved = [tuple(getattr(u, a) for a in HIDDEN) for u in units]
    for u, values in zip(units, saved[1:] + saved[:1]):
        for a, v in zip(HIDDEN, values):
            setattr(u, a, v)
    return saved


def _restore(units: list[Unit], saved: list[tuple]) -> None:
    for u, values in zip(units, saved):
        for a, v in zip(HIDDEN, values):
            setattr(u, a, v)


def _checking(base: type) -> type:
    class Checking(base):
        """Asks every target choice twice: as dealt, and with the face-down candidates' cards rotated."""

        def __init__(self) -> None:
            super().__init__()
            self.asked = self.changed = 0

        def choose(self, g, ctx, act, cands, n):
            first = super().choose(g, ctx, act, cands, n)
            hidden = [c for c in cands if isinstance(c, Unit) and c.is_enemy and not c.face_up]
            if len(hidden) >= 2 and len({u.card for u in hidden}) >= 2:
                saved = _rotate(hidden)
                try:
                    again = super().choose(g, ctx, act, cands, n)
                finally:
                    _restore(hidden, saved)
                self.asked += 1
                self.changed += [id(u) for u in again] != [id(u) for u in first]
            return first

    return Checking


@pytest.fixture(scope="module")
def game():
    return load_game("xenoshyft")


def _play(game, policy_class: type, games: int, players: int) -> tuple[int, int]:
    rules = Rules.from_game(game.rules, "training")
    pools = build_pools(game.cards, rules)
    policy = _checking(policy_class)()
    for i in range(games):
        play_game(pools, rules, players, game_rng(11, i), policy)
    return policy.asked, policy.changed


# Both kinds of target choice with face-down candidates (deal damage, cancel a Reveal) come up in the
# first two games; these counts ask about 300 such choices per policy (150 and 60 games asked
# 1,300 and 1,000 of the same kinds at four times the cost).
def test_heuristic_target_choice_does_not_read_face_down_enemies(game):
    asked, changed = _play(game, HeuristicPolicy, 40, 2)
    assert asked > 200  # face-down candidates do come up
    assert changed == 0


def test_tuned_policy_target_choice_does_not_read_face_down_enemies(game):
    asked, changed = _play(game, TunedPolicy, 20, 3)
    assert asked > 200
    assert changed == 0


# --- the lookahead player: rollouts reshuffle what the players cannot see ------------------------
#
# Hidden, by the rules (lookahead.py's docstring cites them): the item deck, every Wave's troop deck
# (earlier Waves' included) and encounter deck and set-aside Bosses, the players' decks, and what the
# face-down enemies are. Each searched decision is asked twice: as dealt, and with every hidden pile
# in another order and the face-down enemies' cards moved around (rotated among themselves, and one
# exchanged with a card of the encounter deck). The choice must be the same.

def _swap_hidden(g, rng: random.Random):
    """Change what the players cannot see in ``g`` in place; returns how to put it back."""
    piles = [(pile, list(pile)) for pile in hidden_piles(g)]
    for pile, _ in piles:
        rng.shuffle(pile)
    down = [u for q in g.players for u in q.enemies if not u.face_up and not u.converted and u.owner < 0]
    saved = [tuple(getattr(u, a) for a in HIDDEN) for u in down]
    if len(down) >= 2:
        _rotate(down)
    deck = g.enemy_decks[g.wave]
    plain = [u for u in down if not u.card.boss]
    if plain and deck:  # a face-down enemy and a card of the encounter deck change places
        u, k = plain[0], rng.randrange(len(deck))
        card, deck[k] = deck[k], u.card
        for a, v in zip(HIDDEN, (card, *unit_template(card)[:-1])):
            setattr(u, a, v)

    def restore() -> None:
        for pile, order in piles:
            pile[:] = order
        _restore(down, saved)

    return restore


class _CheckingLookahead(LookaheadPolicy):
    """Makes every searched choice twice, the second time with the hidden information swapped."""

    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random("swap")  # the test's own source: the game's is never drawn from here
        self.asked = {"purchase": 0, "react": 0, "face-down": 0}
        self.changed: list[str] = []

    def _twice(self, kind, choose, key):
        first = choose()
        restore = _swap_hidden(self.g, self.rng)
        try:
            again = choose()
        finally:
            restore()
        self.asked[kind] += 1
        if key(again) != key(first):
            self.changed.append(f"{kind} in round {self.g.round_index}: {key(first)} -> {key(again)}")
        return first

    def choose_basket(self, g, p):
        self.g = g
        return self._twice("purchase", lambda: LookaheadPolicy.choose_basket(self, g, p),
                           lambda ban: sorted(getattr(c, "id", c) for c in ban))

    def choose_react(self, g, window, e, step):
        self.g = g
        self.asked["face-down"] += any(not u.face_up for q in g.players for u in q.enemies)
        return self._twice("react", lambda: LookaheadPolicy.choose_react(self, g, window, e, step),
                           lambda o: o if isinstance(o, str) else (o.player, o.card.id, id(o.unit), id(o.effect)))


def test_lookahead_choices_do_not_change_when_hidden_information_is_swapped(game):
    rules = Rules.from_game(game.rules, "normal")
    pools = build_pools(game.cards, rules)
    policy = _CheckingLookahead()
    for players, seed, games in ((1, 3, 1), (2, 5, 2), (3, 7, 1)):
        for i in range(games):
            play_game(pools, rules, players, game_rng(seed, i), policy)
    assert policy.asked["purchase"] > 10 and policy.asked["react"] > 5  # both searches come up
    assert policy.asked["face-down"] > 2   # with face-down enemies in the lanes
    assert not policy.changed, policy.changed
