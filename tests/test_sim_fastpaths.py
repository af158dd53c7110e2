"""The simulator's fast paths give the answers of the plain code they stand in for.

The speed work (bench/simulate.py) added caches and shortcuts that must not change a seeded game:
per-stat aura lists for power()/max_hp(), the purchase valuation of many cards at once, the discount
saving computed without building options (and cached per discounter, card and Wave), a context-free
preview of plain amounts, the per-game ``Threats`` lookup, the shuffle without (key, index) pairs,
the constant Power/HP modifiers compiled by ``query.mod_plans`` (``ref_stat`` walks the plain
(effect, action) pairs) and the effects compiled into ``compiled.Plan`` steps (played against
``executor.run_interpreted`` / ``fire_interpreted``). Each is checked here against a reference
written the plain way, at every decision of complete seeded games.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.fixtures import mini_cards
from pnpgen.simulate.policies import SPARE_TROOP, HeuristicPolicy, RandomPolicy, _reduce_action, _saving, remaining
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
        assert PH.cheapest(g) == (min(e[2].cost for e in market) if market else None)
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


# --- compiled effects (compiled.Plan) against the interpreted walk over effect trees ------------

def _results(cards, players: int, games: int, seed: int, policy, difficulty: str = "normal") -> list:
    rules = Rules.from_game({}, difficulty)
    pools = build_pools(cards, rules)
    out = []
    for i in range(games):
        r = play_game(pools, rules, players, game_rng(seed, i), policy())
        out.append((r.won, r.base_hp_left, r.lost_round, r.base_damage, r.tally))
    return out


def _both_ways(monkeypatch, cards, *args, **kwargs) -> tuple[list, list, int]:
    """(compiled results, interpreted results, plans run) of the same seeded games."""
    ran = [0]
    run_plan = X.run_plan

    def counting(*a):
        ran[0] += 1
        return run_plan(*a)

    with monkeypatch.context() as m:
        m.setattr(X, "run_plan", counting)
        compiled = _results(cards, *args, **kwargs)
    with monkeypatch.context() as m:
        m.setattr(X, "fire", X.fire_interpreted)  # primitives / combat call X.fire
        m.setattr(X, "run", X.run_interpreted)    # use(), phases.buy and tests call X.run
        m.setattr(X, "run_plan", None)            # the interpreted path must not touch a plan
        interpreted = _results(cards, *args, **kwargs)
    return compiled, interpreted, ran[0]


@pytest.mark.parametrize("policy", [HeuristicPolicy, RandomPolicy])
def test_compiled_effects_play_like_the_interpreted_path(monkeypatch, policy):
    """Every game, counter and tally is the same whether effects run from their compiled plans or
    by reading the effect trees (the random policy also takes and declines MAY effects)."""
    plans = used = 0
    for players, difficulty in ((1, "easy"), (2, "normal"), (3, "training")):
        compiled, interpreted, ran = _both_ways(monkeypatch, mini_cards(), players, 12, 2, policy, difficulty)
        assert compiled == interpreted
        plans += ran
        used += sum(sum(t[4].effects_used.values()) for t in compiled)
    assert plans > 20 and used > 20  # the games did run effects


@pytest.mark.skipif(not (xeno_dir / "game.yaml").exists(), reason="Xenoshyft card specs not extracted")
def test_compiled_effects_play_like_the_interpreted_path_on_xenoshyft(monkeypatch):
    from pnpgen.spec import load_game

    cards = load_game(xeno_dir).cards
    for players, games, difficulty in ((2, 40, "normal"), (3, 8, "training")):
        compiled, interpreted, ran = _both_ways(monkeypatch, cards, players, games, 7, HeuristicPolicy, difficulty)
        assert ran > 200
        assert compiled == interpreted


def test_plans_resolve_each_verb_like_the_interpreter():
    """Each step of each card's plan has the handler run_interpreted would look up, and counts an
    unsupported verb under the key it would use (passive verbs: skipped silently)."""
    from pnpgen.simulate.compiled import plan_of

    rules = Rules.from_game({}, "normal")
    cards = list(mini_cards())
    if (xeno_dir / "game.yaml").exists():
        from pnpgen.spec import load_game
        cards += list(load_game(xeno_dir).cards)
    steps = 0
    for card in build_pools(cards, rules).cards:
        for effs in card.by_event.values():
            for eff in effs:
                plan = plan_of(eff)
                assert plan.effect is eff and len(plan.steps) == len(eff.actions)
                for (handler, act, cond, optional, key), a in zip(plan.steps, eff.actions):
                    assert act is a and cond is a.condition and optional == a.optional
                    assert handler is X.HANDLERS.get(a.verb)
                    assert key == (None if handler or a.verb in X.PASSIVE else a.verb.value)
                    steps += 1
    assert steps > 20
