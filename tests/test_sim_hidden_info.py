"""No hidden information in the players' choices: swapping what face-down enemies are changes no choice.

Rule checked: Dreadmire rulebook (seed 001_821cc8783d47e8c3.txt), "Enemy Deployment": enemies are
dealt face down and turned face up one at a time in Combat ("Reveal"); until then the players do not
know them, so a choice of targets may read where a face-down enemy stands and its damage tokens, not
its HP, Power or abilities (docs/simulation.md: "this one does not peek").
"""

from __future__ import annotations

from pnpgen.simulate.lookahead import TunedPolicy
from pnpgen.simulate.policies import HeuristicPolicy
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


def _play(policy_class: type, games: int, players: int) -> tuple[int, int]:
    game = load_game("xenoshyft")
    rules = Rules.from_game(game.rules, "training")
    pools = build_pools(game.cards, rules)
    policy = _checking(policy_class)()
    for i in range(games):
        play_game(pools, rules, players, game_rng(11, i), policy)
    return policy.asked, policy.changed


def test_heuristic_target_choice_does_not_read_face_down_enemies():
    asked, changed = _play(HeuristicPolicy, 150, 2)
    assert asked > 20  # face-down candidates do come up
    assert changed == 0


def test_tuned_policy_target_choice_does_not_read_face_down_enemies():
    asked, changed = _play(TunedPolicy, 60, 3)
    assert asked > 5
    assert changed == 0
