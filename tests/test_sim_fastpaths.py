"""The simulator's fast paths give the answers of the plain code they stand in for.

The speed work (bench/simulate.py) added caches and shortcuts that must not change a seeded game:
per-stat aura lists for power()/max_hp(), the purchase valuation of many cards at once, the discount
saving computed without building options, a context-free preview of plain amounts, the per-game
``Threats`` lookup and the shuffle without (key, index) pairs. Each is checked here against a
reference written the plain way, at every decision of complete seeded games.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.fixtures import mini_cards
from pnpgen.simulate.policies import SPARE_TROOP, HeuristicPolicy, _reduce_action, _saving, remaining
from pnpgen.simulate.query import Ctx, _ctx, amount, available, holds, matches, max_hp, power
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.runner import game_rng, play_game
from pnpgen.simulate.setup import build_pools
from pnpgen.simulate.valuation import enemy_mix, threats_of

xeno_dir = Path(__file__).resolve().parents[1] / "cardspecs" / "xenoshyft"


# --- references: the code before the fast paths ----------------------------------------------

def ref_stat(g, u, stats) -> int:
    """query._mods over every aura (no per-stat lists, no early lane test)."""
    total = 0
    if u.mods:
        c = _ctx(u)
        for eff, act in u.mods:
            if act.stat in stats and (eff.wave is None or eff.wave.allows(g.wave)) and (
                    eff.condition is None or holds(g, eff.condition, c)):
                total += amount(g, act.amount, c)
    for src in g.auras:
        for eff, act in src.aura_mods:
            if act.stat in stats:
                c = _ctx(src)
                if matches(g, act.target, u, c) and available(g, eff, None) and (
                        eff.condition is None or holds(g, eff.condition, c)):
                    total += amount(g, act.amount, c)
    return total


def ref_power(g, u) -> int:
    from pnpgen.effects.model import Stat
    p = u.base_power + u.temp_power + ref_stat(g, u, (Stat.POWER, Stat.POWER_AND_HP))
    return p if p > 0 else 0


def ref_max_hp(g, u) -> int:
    from pnpgen.effects.model import Stat
    return u.base_hp + ref_stat(g, u, (Stat.HP, Stat.POWER_AND_HP))


def ref_value_fn(policy, g, p):
    """HeuristicPolicy.value_fn as it was: one closure, every number computed up front."""
    th = policy.threats(g)
    wave = g.wave
    size = g.rules.lane_size
    free = sum(size - len(q.troops) for q in g.players) - sum(1 for q in g.players for c in q.hand if c.is_troop)
    carriers = [(power(g, u), remaining(g, u)) for u in p.troops] + [(c.power, c.hp) for c in p.hand if c.is_troop]
    carrier = max(carriers, key=lambda ph: ph[0] + ph[1]) if carriers else None

    def value(card):
        v = th.card(card, wave, carrier)
        if free <= 0 and card.is_troop:
            return v * SPARE_TROOP
        if carrier is None and card.equipment:
            return v * 0.5
        return v
    return value


def ref_shuffle(rng, cards: list) -> None:
    if len(cards) > 1:
        keyed = sorted(zip([rng.random() for _ in cards], range(len(cards))))
        cards[:] = [cards[i] for _, i in keyed]


# --- a policy that checks the fast paths at every decision ------------------------------------

class CheckingPolicy(HeuristicPolicy):
    checks = 0

    def _check_units(self, g) -> None:
        for q in g.players:
            for u in q.troops + q.enemies:
                assert power(g, u) == ref_power(g, u), u
                assert max_hp(g, u) == ref_max_hp(g, u), u
                CheckingPolicy.checks += 1

    def purchase(self, g, p) -> None:
        self._check_units(g)
        assert threats_of(g).by_wave == dict(enemy_mix(g))
        super().purchase(g, p)

    def _plan(self, g, p):
        market = PH.market(g)
        if market:
            ref = ref_value_fn(self, g, p)
            worth = self._worth(g, p, [e[2] for e in market])
            assert worth == {e[2]: ref(e[2]) for e in market}
            discounters = [c for c in p.hand if c.discount_effects and any(
                e.wave is None or e.wave.allows(g.wave) for e in c.discount_effects)]
            for e in market:
                opts = PH.discount_options(g, p, e[2])
                expected = sum(X.preview_amount(g, o, _reduce_action(o)) for o in opts) if opts else None
                assert _saving(g, p, discounters, e[2]) == expected
                for o in opts:  # the context-free preview of a plain amount
                    act = _reduce_action(o)
                    assert X.preview_amount(g, o, act) == min(
                        amount(g, act.amount, Ctx(None, o.card, o.player, o.player)), X.BIG)
        return super()._plan(g, p)

    def react(self, g, window, e) -> None:
        self._check_units(g)
        super().react(g, window, e)

    def deploy(self, g, p) -> None:
        super().deploy(g, p)
        self._check_units(g)


def _play(cards, players: int, games: int, difficulty: str = "normal") -> None:
    rules = Rules.from_game({}, difficulty)
    pools = build_pools(cards, rules)
    for i in range(games):
        play_game(pools, rules, players, game_rng(5, i), CheckingPolicy())


def test_fast_paths_agree_on_the_mini_cards():
    CheckingPolicy.checks = 0
    for players in (1, 2, 4):
        _play(mini_cards(), players, 15)
    assert CheckingPolicy.checks > 100


@pytest.mark.skipif(not (xeno_dir / "game.yaml").exists(), reason="Xenoshyft card specs not extracted")
def test_fast_paths_agree_on_the_xenoshyft_cards():
    from pnpgen.spec import load_game

    cards = load_game(xeno_dir).cards
    CheckingPolicy.checks = 0
    _play(cards, 2, 40)
    _play(cards, 3, 10, "training")  # all three Waves: Smoker-like auras, Wave 2+ discounts
    assert CheckingPolicy.checks > 1000


def test_checking_policy_plays_the_same_games():
    """Checking reads only: a run with it gives the same results as the plain heuristic."""
    rules = Rules.from_game({}, "normal")
    pools = build_pools(mini_cards(), rules)
    for i in range(10):
        a = play_game(pools, rules, 2, game_rng(9, i), HeuristicPolicy())
        b = play_game(pools, rules, 2, game_rng(9, i), CheckingPolicy())
        assert (a.base_damage, a.lost_round, a.tally) == (b.base_damage, b.lost_round, b.tally)


def test_shuffle_is_the_keyed_sort_it_replaced():
    for n in (0, 1, 2, 7, 40):
        for seed in range(20):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            P.shuffle(ra, a)
            ref_shuffle(rb, b)
            assert a == b and ra.random() == rb.random()


def test_use_verbs_index_the_use_abilities():
    """_any_options reads Unit.use_verbs instead of walking each troop's USE effects."""
    rules = Rules.from_game({}, "normal")
    pools = build_pools(mini_cards(), rules)
    for card in pools.cards:
        expected = frozenset(a.verb for e in card.on(X.EventKind.USE) for a in e.actions)
        assert card.index.use_verbs == expected
