"""The simulator's fast paths give the answers of the plain code they stand in for.

The speed work (bench/simulate.py) added caches and shortcuts that must not change a seeded game:
per-stat aura lists for power()/max_hp(), the purchase valuation of many cards at once, the discount
saving computed without building options (and cached per discounter, card and Wave), a context-free
preview of plain amounts, the per-game ``Threats`` lookup, the shuffle without (key, index) pairs,
the constant Power/HP modifiers compiled by ``query.mod_plans`` (``ref_stat`` walks the plain
(effect, action) pairs) and the effects compiled into ``compiled.Plan`` steps (played against
``executor.run_interpreted`` / ``fire_interpreted``), and the fight loop's shortcuts (prevention
asked only about hits that can kill, power()/max_hp() inlined, the compiled damage reductions of
``primitives.reductions``, the lane order of ``policies._strongest_first``). Each is checked here
against a reference written the plain way, at every decision of complete seeded games (or, for a
case the games rarely reach, on states built for it).
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from pnpgen.simulate import constants as K
from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.fixtures import mini_cards
from pnpgen.simulate.policies import SPARE_TROOP, HeuristicPolicy, RandomPolicy, _reduce_action, _saving, remaining
from pnpgen.simulate.query import Ctx, _ctx, amount, aura_actions, available, holds, matches, max_hp, power
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.runner import game_rng, play_game
from pnpgen.simulate.setup import build_pools
from pnpgen.simulate.valuation import enemy_mix, threats_of

xeno_dir = Path(__file__).resolve().parents[2] / "cardspecs" / "xenoshyft"


@functools.cache
def xeno_cards() -> tuple:
    """Xenoshyft's cards, loaded once for the tests that play them."""
    from pnpgen.spec import load_game

    return load_game(xeno_dir).cards


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


def ref_reductions(g, u) -> int:
    """deal_damage's damage reduction as it was: amount() over aura_actions, one context each."""
    return sum(amount(g, act.amount, _ctx(src)) for src, act in aura_actions(g, K.VERB_REDUCE_DAMAGE_TAKEN, u))


def ref_value_fn(policy, g, p):
    """The heuristic's card worth as it was first written (the old ``value_fn``): one closure, every
    number computed up front."""
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
                # primitives.reductions against the aura_actions walk it replaced in deal_damage
                assert P.reductions(g, u) == ref_reductions(g, u), u
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
    cards = xeno_cards()
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
        m.setattr(X, "fire", X.fire_interpreted)  # combat and the executor call X.fire
        m.setattr(X.TRIGGERS, "fire", X.fire_interpreted)  # primitives call g.triggers.fire
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
    cards = xeno_cards()
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
        cards += list(xeno_cards())
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


# --- the fight loop's shortcuts -----------------------------------------------------------------

class AlwaysAskedPolicy(HeuristicPolicy):
    """Asked about every hit on a troop, as before ``lethal_prevent_only``; counts the questions
    whose hit would not kill (those deal_damage now skips) and checks that nothing happens then."""

    lethal_prevent_only = False
    skipped = 0

    def prevent(self, g, ev) -> None:
        t = ev.target
        lethal = t.damage + ev.amount >= max_hp(g, t)
        before = (ev.amount, t.damage, [len(q.hand) for q in g.players])
        super().prevent(g, ev)
        if not lethal:
            AlwaysAskedPolicy.skipped += 1
            assert (ev.amount, t.damage, [len(q.hand) for q in g.players]) == before


def ref_attack(g, t, e) -> None:
    """combat.attack as it was: power() called for both sides."""
    from pnpgen.simulate import combat as C
    if K.EVENT_ATTACKS in e.fx:
        X.fire(g, K.EVENT_ATTACKS, e, obj=t)
    if K.EVENT_ATTACKS in t.fx and t.in_play and e.in_play:
        X.fire(g, K.EVENT_ATTACKS, t, obj=e)
    if not (t.in_play and e.in_play):
        return
    e_first = e.strike_first_next or K.VERB_STRIKE_FIRST in e.statics
    t_first = t.strike_first_next or K.VERB_STRIKE_FIRST in t.statics
    pe = power(g, e)
    pt = power(g, t) + t.next_attack
    t.next_attack = 0
    t.strike_first_next = e.strike_first_next = False
    e.attacked = True
    if e_first and not t_first:
        C.enemy_hits(g, e, t, pe)
        if t.in_play and e.in_play:
            P.deal_damage(g, e, pt, t, attack=True)
    elif t_first and not e_first:
        P.deal_damage(g, e, pt, t, attack=True)
        if e.in_play and t.in_play:
            C.enemy_hits(g, e, t, power(g, e))
    else:
        C.enemy_hits(g, e, t, pe)
        if e.in_play:
            P.deal_damage(g, e, pt, t, attack=True)
    if e.in_play and X.EventKind.ATTACKED_SURVIVES in e.fx:
        X.fire(g, X.EventKind.ATTACKED_SURVIVES, e, obj=t)


def ref_deal_damage(g, target, n, source=None, ability=False, by_reveal=False, attack=False) -> int:
    """primitives.deal_damage as it was: every hit on a troop goes through X.before_damage (the
    policy is asked), the reductions through aura_actions, the kill test through max_hp()."""
    if n <= 0 or not target.in_play:
        return 0
    fx, watchers = target.fx, g.watchers
    if target.is_enemy:
        if not target.face_up:
            P.reveal(g, target)
            if not target.in_play:
                return 0
        for aura in g.auras:
            if K.VERB_REDUCE_DAMAGE_TAKEN in aura.aura_verbs:
                n -= ref_reductions(g, target)
                break
        if K.EVENT_WOULD_BE_DAMAGED in fx or K.EVENT_WOULD_BE_DAMAGED in watchers:
            ev = P.DamageEvent(target, n, source, ability, by_reveal, attack)
            X.before_damage(g, ev)
            n = ev.amount
    else:
        ev = P.DamageEvent(target, n, source, ability, by_reveal, attack)
        X.before_damage(g, ev)
        n = ev.amount
    if n <= 0 or not target.in_play:
        return 0
    target.damage += n
    if source is not None and K.EVENT_DEALS_DAMAGE in source.fx:
        X.fire(g, K.EVENT_DEALS_DAMAGE, source, obj=target, damage=n)
    if K.EVENT_DAMAGED in fx or K.EVENT_DAMAGED in watchers:
        X.fire(g, K.EVENT_DAMAGED, target, obj=source, damage=n)
    if target.in_play and target.damage >= max_hp(g, target):
        P.kill(g, target, source)
    return n


def _plain_fights(monkeypatch) -> None:
    """The fight loop's plain code: combat.attack and primitives.deal_damage as they were (the
    callers look both up in their modules at each call)."""
    from pnpgen.simulate import combat as C

    monkeypatch.setattr(C, "attack", ref_attack)
    monkeypatch.setattr(P, "deal_damage", ref_deal_damage)


@pytest.mark.parametrize("cards_of", ["mini", "xenoshyft"])
def test_fight_shortcuts_play_the_same_games(monkeypatch, cards_of):
    """Skipping the prevention question for hits that cannot kill (``lethal_prevent_only``), the
    inlined power()/max_hp() and the compiled damage reductions of the fight loop give the same
    games as the plain code (``ref_attack``, ``ref_deal_damage``)."""
    if cards_of == "mini":
        cards, runs = mini_cards(), ((1, 12, "easy"), (2, 12, "normal"), (3, 6, "training"))
    else:
        if not (xeno_dir / "game.yaml").exists():
            pytest.skip("Xenoshyft card specs not extracted")
        cards, runs = xeno_cards(), ((2, 40, "normal"), (3, 8, "training"))
    AlwaysAskedPolicy.skipped = 0
    for players, games, difficulty in runs:
        fast = _results(cards, players, games, 11, HeuristicPolicy, difficulty)
        asked = _results(cards, players, games, 11, AlwaysAskedPolicy, difficulty)
        assert fast == asked
        rand = _results(cards, players, games, 11, RandomPolicy, difficulty)  # plays instants often
        with monkeypatch.context() as m:
            _plain_fights(m)
            plain = _results(cards, players, games, 11, HeuristicPolicy, difficulty)
            plain_rand = _results(cards, players, games, 11, RandomPolicy, difficulty)
        assert fast == plain
        assert rand == plain_rand
    assert AlwaysAskedPolicy.skipped > 20  # the shortcut did skip questions


def test_only_the_heuristic_policy_skips_prevention():
    """A policy may prevent non-lethal damage: only one that says otherwise is skipped."""
    assert HeuristicPolicy.lethal_prevent_only is True
    assert RandomPolicy.lethal_prevent_only is False


@pytest.mark.parametrize("temp", [(0, 0), (2, 0), (0, 3), (-5, 1), (1, -4)])
@pytest.mark.parametrize("next_attack", [0, 2])
def test_attack_reads_power_like_query_power(temp, next_attack):
    """combat.attack's inlined Power (no modifier, no Power aura) against ``ref_attack``: round
    bonuses (temp_power, negative ones clamp at 0) and the next-attack bonus, on fresh states."""
    from pnpgen.simulate import combat as C
    from pnpgen.simulate.fixtures import add_enemy, add_troop, bare_game, card_def, spec_card

    troop = card_def(spec_card("t", "troop", 1, wave=1, cost=1, power=2, hp=9))
    enemy = card_def(spec_card("e", "enemy", 1, wave=1, boss=False, power=3, hp=9))
    out = []
    for fn in (C.attack, ref_attack):
        g = bare_game()
        t, e = add_troop(g, 0, troop), add_enemy(g, 0, enemy, face_up=True)
        t.temp_power, e.temp_power = temp
        t.next_attack = next_attack
        assert not (g.power_auras or t.mods or e.mods)  # the inlined case
        fn(g, t, e)
        out.append((t.damage, e.damage))
    assert out[0] == out[1]


def test_deal_damage_reads_hp_auras_like_max_hp():
    """deal_damage's inlined max_hp() (the kill test and the lethal-hit test for prevention) counts
    an HP aura: 3 damage on a 2-HP troop under a +3 HP aura neither kills it nor asks to prevent."""
    from types import SimpleNamespace

    from pnpgen.effects.model import Stat
    from pnpgen.simulate.fixtures import add_troop, bare_game, card_def, spec_card

    asked = []

    class Asking(HeuristicPolicy):
        def prevent(self, g, ev):
            asked.append(ev.amount)

    troop = card_def(spec_card("t", "troop", 1, wave=1, cost=1, power=1, hp=2))
    g = bare_game(policy=Asking())
    src, t = add_troop(g, 0, troop), add_troop(g, 0, troop)
    src.aura_plans = ((None, SimpleNamespace(stat=Stat.HP), (False, False, 3, 0)),)  # +3 HP, lane
    g.hp_auras.append(src)
    assert max_hp(g, t) == 5 and not t.mods
    assert P.deal_damage(g, t, 3) == 3
    assert t.in_play and asked == []
    assert P.deal_damage(g, t, 2) == 2  # lethal now: asked, then killed
    assert asked == [2] and not t.in_play


def test_strongest_first_sorts_like_list_sort():
    """policies._strongest_first (indices sorted, lanes in order untouched) against the keyed
    list.sort(reverse=True) it replaced: ties keep their order, equipped troops are re-valued."""
    from pnpgen.simulate.fixtures import add_troop, bare_game, card_def, spec_card
    from pnpgen.simulate.policies import _strongest_first

    rng = random.Random(4)
    cards = [card_def(spec_card(f"t{i}", "troop", 1, wave=1, cost=1, power=i % 3, hp=1 + i % 4))
             for i in range(6)]
    blade = card_def(spec_card("blade", "item", 1, cost=2, kind="equipment", boost_power=2))
    value = lambda pw, hp, wave: pw * 10 + hp  # noqa: E731
    for _ in range(200):
        g = bare_game()
        troops = [add_troop(g, 0, rng.choice(cards)) for _ in range(rng.randint(2, 5))]
        values = {u: rng.choice((1.0, 2.0, 3.0)) for u in troops if rng.random() < 0.7}
        for u in troops:
            if rng.random() < 0.2:
                u.equipment.append(blade)
        def key(u, g=g, values=values):
            if values.get(u) is None or u.equipment:
                return value(power(g, u), max_hp(g, u) - u.damage, 1)
            return values[u]
        expected = sorted(troops, key=key, reverse=True)
        lane = g.players[0].troops
        _strongest_first(g, lane, values, value)
        assert lane == expected
