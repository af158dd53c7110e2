"""Players: short priority lists kept apart from the rules (dominiate style).

A policy answers the questions the rules ask (``purchase``, ``deploy``, ``react``, ``prevent``,
``before_reveal``, ``choose``, ``accept``, ``wrap_up``, ``deploy_lane``) by calling the legal-move
helpers of ``phases``/``executor``. All players of a cooperative game share one policy object. Any
random choice uses ``g.rng``.
"""

from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any

from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.query import max_hp, power
from pnpgen.simulate.state import GameState, Player, Unit
from pnpgen.simulate.valuation import Threats, threats_of
from pnpgen.simulate.constants import (
    EVENT_REVEAL, EVENT_USE, KIND_ENEMY, KIND_TROOP, STAT_COST, VERB_ADVANCE, VERB_BECOME_ENEMY,
    VERB_BOOST_ATTACK, VERB_BURN, VERB_CANCEL_REVEAL, VERB_DEAL_DAMAGE, VERB_DEPLOY, VERB_DISCARD,
    VERB_GAIN_RESOURCES, VERB_HEAL, VERB_HEAL_TO, VERB_MODIFY_STAT, VERB_PLACE, VERB_PREVENT_DAMAGE,
    VERB_REDIRECT_DAMAGE, VERB_REDUCE_COST, VERB_REVERSE_ORDER, VERB_SPAWN_ENEMY, VERB_STRIKE_FIRST,
    VERB_TARGET,
)


_HELPFUL = frozenset({VERB_HEAL, VERB_HEAL_TO, VERB_PREVENT_DAMAGE, VERB_ADVANCE, VERB_BOOST_ATTACK,
                      VERB_MODIFY_STAT, VERB_STRIKE_FIRST, VERB_TARGET})


def best_basket(entries: list, budget: int, value: Any, values: list | None = None) -> list:
    """The set of market entries with the highest total value within ``budget`` (0/1 knapsack; the
    chosen sets are bit masks over ``entries``, in market order). ``values``: the entries' values
    when already known (then ``value`` is not called)."""
    if values is None:
        values = [value(e[2]) if e[2].cost <= budget else 0.0 for e in entries]
    return [entries[i] for i in _bits(_knapsack(entries, budget, values))]


def _knapsack(entries: list, budget: int, values: list) -> int:
    """``best_basket``'s choice as a bit mask over ``entries`` (entries costing more than ``budget``
    or worth nothing are left out)."""
    vals = [0.0] * (budget + 1)
    sets = [0] * (budget + 1)
    bit = 1
    for cost, v in zip(map(_COST_OF, map(_CARD_OF, entries)), values):
        if cost <= budget and v > 0:
            b, low = budget, budget - cost  # every budget b >= cost, from the top
            while low >= 0:
                cand = vals[low] + v
                if cand > vals[b]:
                    vals[b] = cand
                    sets[b] = sets[low] | bit
                b -= 1
                low -= 1
        bit <<= 1
    return sets[vals.index(max(vals))]  # the first budget reaching the best value, as max() picks


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def remaining(g: GameState, u: Unit) -> int:
    return max_hp(g, u) - u.damage


def public_stats(g: GameState, units: list[Unit]) -> dict[Unit, tuple[float, float]]:
    """(HP left, Power) of each enemy as the players can know them: a face-up enemy's own; for a
    face-down one (Enemy Deployment deals them face down) the mean printed HP and Power of all the
    face-down enemies in the lanes, less its damage tokens. Swapping which face-down card is where
    changes nothing here, so no choice can read a card the players cannot see."""
    out: dict[Unit, tuple[float, float]] = {}
    down = [u for u in units if not u.face_up]
    if down:
        unseen = [e.card for q in g.players for e in q.enemies if not e.face_up] or [u.card for u in down]
        hp = sum(c.hp for c in unseen) / len(unseen)
        pw = sum(c.power for c in unseen) / len(unseen)
        for u in down:
            out[u] = (hp - u.damage, pw)
    for u in units:
        if u.face_up:
            out[u] = (remaining(g, u), power(g, u))
    return out


REACT = frozenset({VERB_DEAL_DAMAGE, VERB_DEPLOY, VERB_BOOST_ATTACK, VERB_HEAL})
PREVENT = frozenset({VERB_PREVENT_DAMAGE, VERB_REDIRECT_DAMAGE})
CANCEL = frozenset({VERB_CANCEL_REVEAL})
_FROM_HAND = attrgetter("has_from_hand")
_HAND_VERBS = attrgetter("hand_verbs")
_GAIN = frozenset({VERB_GAIN_RESOURCES})
_IS_TROOP = attrgetter("is_troop")
_IS_XENO = attrgetter("is_xeno")
_DISCOUNTS = attrgetter("discount_effects")
_CARD_OF = itemgetter(2)          # a market entry's card
_COST_OF = attrgetter("cost")


def _may_gain_resources(p: Player) -> bool:
    """Whether ``PH.resource_options`` is worth asking: the hand has a from-hand card and one whose
    hand effects gain Resources (most hands hold Militia, from-hand but gaining nothing)."""
    return not all(map(_GAIN.isdisjoint, map(_HAND_VERBS, p.hand))) and any(map(_FROM_HAND, p.hand))


def _any_options(g: GameState, want: frozenset) -> bool:
    """Cheap pre-check before listing options: could any card in a hand or lane do one of ``want``?"""
    for p in g.players:
        for c in p.hand:
            if c.hand_verbs and not want.isdisjoint(c.hand_verbs):
                return True
        for u in p.troops:
            if u.use_verbs and not want.isdisjoint(u.use_verbs):  # the USE abilities' verbs
                return True
    return False


def _usable(g: GameState, want: frozenset) -> bool:
    """``bool(X.options(g, want))`` without building the options: a React window with nothing
    usable (a lane ability already used this Round) costs no list, sort or Option objects. Asked
    some 80 times a game, nearly always of hands and lanes without a card that has one of ``want``:
    the loops test only that, and hand the rest to ``_has_option``."""
    for p in g.players:
        for c in p.hand:
            if c.hand_verbs and not want.isdisjoint(c.hand_verbs)\
                    and _has_option(g, want, c.hand_effects, None):
                return True
        for u in p.troops:
            if u.use_verbs and not want.isdisjoint(u.use_verbs)\
                    and _has_option(g, want, u.fx.get(EVENT_USE, ()), u):
                return True
    return False


def _has_option(g: GameState, want: frozenset, effects: tuple, unit: Unit | None) -> bool:
    """One of ``effects`` (of a hand card, or of lane ``unit``'s USE abilities) has a verb of
    ``want`` and is available now."""
    available = X.available
    for eff in effects:
        if not want.isdisjoint(X.verbs(eff)) and available(g, eff, unit):
            return True
    return False


class HeuristicPolicy:
    """A priority-list player. Purchase: spend every Resource on the basket worth most against the
    current Wave's enemies (``valuation``). Deployment: each troop to the weakest lane with a free
    zone, the strongest troops in front, equipment where it adds most. Combat: lane abilities before
    instants; damage that kills the front enemy (always when it is about to hit the Base), damage or
    an attack boost that turns a lost Fight into a won one, healing of worn lanes, prevention that
    saves a troop, cancelling harmful Reveal abilities of the enemy being revealed."""

    name = "heuristic"
    # ``prevent`` does nothing unless the hit would kill: primitives.deal_damage skips the call then
    lethal_prevent_only = True
    heal_worth = 3  # damage (counting at most 2 per troop) worth a healing instant; a subclass may heal sooner

    def __init__(self) -> None:
        self._threats: tuple[Any, Threats] | None = None  # (the game state, its Threats)
        self._focus: Unit | None = None                  # the enemy a Reveal window is about

    def threats(self, g: GameState) -> Threats:
        t = self._threats
        if t is None or t[0] is not g:
            t = self._threats = (g, threats_of(g))
        return t[1]

    # -- purchase -------------------------------------------------------------------------------
    def purchase(self, g: GameState, p: Player) -> None:
        PH.spend_xenosathem(g, p, list(filter(_IS_XENO, p.hand)))
        if _may_gain_resources(p):
            for opt in PH.resource_options(g, p):
                X.use(g, opt)
        for _ in range(4):  # a basket, then what discounts or leftovers still pay for
            plan = self._plan(g, p)
            if not plan:
                return
            bought = False
            for entry, discounts in plan:
                bought |= PH.buy(g, p, entry, discounts)
            if not bought:
                return

    def _worth(self, g: GameState, p: Player, cards: Any) -> dict:
        """{card: worth now} for the sequence ``cards``: troops beyond the free lane zones count for
        little (they wait in hand)."""
        return dict(zip(cards, self._values(g, p, cards)))

    def _values(self, g: GameState, p: Player, cards: Any) -> list:
        """The worth now of each of ``cards``, an iterable read once (the lane and hand numbers it
        needs are computed once, and only when a card of that type asks for them)."""
        th = self.threats(g)
        wave = g.wave
        card_value = th.card
        plain = th.plain(wave)  # Threats.card's own caches, read here without a call per card
        fitted = None
        spare = None       # no free lane zone left for one more troop (troops only)
        carrier = False    # (Power, HP) of the best carrier for equipment, None when there is none
        out = []
        append = out.append
        for card in cards:
            if card.is_troop:
                if spare is None:
                    spare = _free_zones(g) <= 0
                v = plain.get(card)
                if v is None:
                    v = card_value(card, wave)
                append(v * SPARE_TROOP if spare else v)
            elif card.is_item and card.kind == "equipment":
                if carrier is False:
                    carrier = _best_carrier(g, p)
                    fitted = th.fitted(wave, carrier)
                v = fitted.get(card)
                if v is None:
                    v = card_value(card, wave, carrier)
                append(v * 0.5 if carrier is None else v)
            else:
                v = plain.get(card)
                append(card_value(card, wave) if v is None else v)
        return out

    def _plan(self, g: GameState, p: Player) -> list:
        """What to buy now: the best basket the Resources pay for, most valuable card first;
        discount cards (Militia, Research Officer...) are burned only when that makes a card
        affordable: a Militia kept is one more body in a lane, worth more than 1 Resource."""
        wave = g.wave
        discounters = []
        hint = 0
        for c in filter(_DISCOUNTS, p.hand):
            h = _DISCOUNTER.get((c, wave), _MISS)  # _discounter_hint's cache, read without a call
            if h is _MISS:
                h = _discounter_hint(c, wave)
            if h is not None:
                discounters.append(c)
                hint += h
        # only the cards within reach (every discount in hand used) are listed and valued: a card
        # out of reach takes no part in either choice below. About 4 plans in 10 stop here (the
        # second plan of a purchase, with the leftovers of the first)
        reach = PH.market(g, p.resources + hint)
        if not reach:
            return []
        values = self._values(g, p, map(_CARD_OF, reach))  # one valuation per card and plan
        mask = _knapsack(reach, p.resources, values)  # the cards out of budget are left out
        if not mask:
            return _discounted(g, p, discounters, reach, values) if discounters else []
        if not mask & (mask - 1):  # one card (4 baskets in 10)
            return [(reach[mask.bit_length() - 1], [])]
        chosen = _bits(mask)
        chosen.sort(key=values.__getitem__, reverse=True)
        return [(reach[i], []) for i in chosen]

    # -- deployment -----------------------------------------------------------------------------
    def unit_value(self, g: GameState, u: Unit) -> float:
        return self.threats(g).troop(power(g, u), remaining(g, u), g.wave)

    def deploy(self, g: GameState, p: Player) -> None:
        th = self.threats(g)
        wave = g.wave
        troop_value = th.troop
        values: dict = {}    # troop -> value before the deployment (a new troop: its printed numbers)
        strength: dict = {}  # lane -> total value of its troops
        for q in g.players:
            lane_values = []
            for u in q.troops:
                v = values[u] = troop_value(power(g, u), max_hp(g, u) - u.damage, wave)
                lane_values.append(v)
            strength[q.index] = sum(lane_values)
        _deploy_troops(g, p, th, values, strength)
        _equip_troops(g, p, th)
        # Keys are computed with the lane as it stands: list.sort empties the list while it calls
        # its key, so a Power that depends on the lane ("no other troops in this lane") would be
        # read off an empty lane inside the sort.
        # values from before the deployment, unless equipped since
        for q in g.players:
            if len(q.troops) > 1:
                _strongest_first(g, q.troops, values, troop_value)

    def deploy_lane(self, g: GameState, p: Player, card: CardDef) -> int | None:
        size = g.rules.lane_size
        order = [g.active] + [q.index for q in g.players if q.index != g.active]
        return next((i for i in order if len(g.players[i].troops) < size), None)

    # -- combat decisions -----------------------------------------------------------------------
    def react(self, g: GameState, window: str, e: Unit) -> None:
        if not _usable(g, REACT):
            return
        # lane abilities (free, once per round) before instants (spent)
        opts = sorted(X.options(g, REACT), key=lambda o: o.unit is None)
        enemies = g.players[e.lane].enemies
        for opt in opts:
            if not e.in_play or not enemies or enemies[0] is not e:  # no longer the front enemy
                return
            vs = X.verbs(opt.effect)
            if VERB_DEPLOY in vs:
                if window == "overrun":
                    X.use(g, opt)
                continue
            if VERB_DEAL_DAMAGE in vs and self._damage_helps(g, opt, e, window):
                self._focus = e
                X.use(g, opt)
                self._focus = None
            elif VERB_BOOST_ATTACK in vs and window != "overrun" and self._boost_helps(g, opt, e):
                X.use(g, opt)
            elif VERB_HEAL in vs and window == "reveal" and self._worn(g, e.lane) >= self.heal_worth:
                X.use(g, opt)

    def _damage_helps(self, g: GameState, opt: X.Option, e: Unit, window: str) -> bool:
        """The damage kills the enemy, or (before a Fight) lets the front troop win it."""
        if _self_harm(g, opt):
            return False
        n = self._enemy_damage(g, opt)
        if n <= 0:
            return False
        left = remaining(g, e)
        if n >= left:
            return True
        if window == "overrun" or opt.unit is None:
            return False  # an instant is kept for a kill
        troops = g.players[e.lane].troops
        return bool(troops) and not _wins(g, troops[0], e, 0) and _wins(g, troops[0], e, n)

    def _enemy_damage(self, g: GameState, opt: X.Option) -> int:
        for act in opt.effect.actions:
            if act.verb is VERB_DEAL_DAMAGE and act.target is not None and act.target.kind is KIND_ENEMY:
                return X.preview_amount(g, opt, act)
        return 0

    def _boost_helps(self, g: GameState, opt: X.Option, e: Unit) -> bool:
        troops = g.players[e.lane].troops
        if not troops:
            return False
        act = next(a for a in opt.effect.actions if a.verb is VERB_BOOST_ATTACK)
        n = X.preview_amount(g, opt, act)
        t = troops[0]
        return power(g, t) + t.next_attack < remaining(g, e) <= power(g, t) + t.next_attack + n

    def _worn(self, g: GameState, lane: int) -> int:
        return sum(min(u.damage, 2) for u in g.players[lane].troops)

    def choose_lane(self, g: GameState, t: Any, lanes: list[int]) -> int:
        """"IN 1 LANE": heal the most worn lane; hit enemies in the lane being fought."""
        if t.kind is KIND_TROOP:
            return max(lanes, key=lambda i: (self._worn(g, i), i == g.active))
        return lanes[0]

    def prevent(self, g: GameState, ev: Any) -> None:
        t = ev.target
        if not _usable(g, PREVENT) or t.damage + ev.amount < max_hp(g, t):
            return
        for opt in sorted(X.options(g, PREVENT), key=lambda o: o.unit is None):
            if ev.amount <= 0 or t.damage + ev.amount < max_hp(g, t):
                return
            if any(a.verb in (VERB_PREVENT_DAMAGE, VERB_REDIRECT_DAMAGE) for a in opt.effect.actions):
                X.use(g, opt)

    def before_reveal(self, g: GameState, e: Unit) -> None:
        if not _any_options(g, CANCEL):
            return
        harmful = any(a.verb in (VERB_DEAL_DAMAGE, VERB_BURN, VERB_SPAWN_ENEMY, VERB_DISCARD, VERB_REVERSE_ORDER,
                                 VERB_PLACE, VERB_BECOME_ENEMY)
                      for eff in e.fx.get(EVENT_REVEAL, ()) for a in eff.actions)
        if not harmful or not g.players[e.lane].troops and not _spawns(e):
            return
        self._focus = e
        try:
            for opt in sorted(X.options(g, CANCEL), key=lambda o: o.unit is None):
                if VERB_CANCEL_REVEAL in X.verbs(opt.effect) and _can_target(g, opt, e):
                    X.use(g, opt)
                    if e.cancel_reveal:
                        return
        finally:
            self._focus = None

    def choose(self, g: GameState, ctx: Any, act: Any, cands: list, n: int) -> list:
        units = [c for c in cands if isinstance(c, Unit)]
        if units and len(units) == len(cands):
            if units[0].is_enemy:
                focus = self._focus
                if focus is not None and focus in units:
                    return [focus] + [u for u in units if u is not focus][:n - 1]
                amt = X.amount(g, act.amount, ctx) if act.amount is not None else 0
                front = [u for u in units if g.players[u.lane].enemies[:1] == [u]]
                known = public_stats(g, units)
                kill = [u for u in units if known[u][0] <= amt]
                order = sorted(units, key=lambda u: (u not in kill, u.lane != g.active, u not in front,
                                                     -known[u][1]))
                return order[:n]
            helpful = act.verb in _HELPFUL
            if act.verb in (VERB_HEAL, VERB_HEAL_TO):
                return sorted(units, key=lambda u: -u.damage)[:n]
            return sorted(units, key=lambda u: power(g, u) + remaining(g, u), reverse=helpful)[:n]
        cards = [c for c in cands if isinstance(c, tuple)]
        uses_cost = any(a.amount is not None and a.amount.ref is not None and a.amount.ref.stat is STAT_COST
                        for a in (ctx.effect.actions if ctx.effect else ()))
        keep_best = act.verb is VERB_PLACE or uses_cost
        return sorted(cards, key=lambda x: getattr(x[1], "cost", 0), reverse=keep_best)[:n]

    def accept(self, g: GameState, eff: Any, ctx: Any) -> bool:
        """Optional effects are taken, except a bodyguard's redirection when the hit troop would live."""
        if any(a.verb is VERB_REDIRECT_DAMAGE for a in eff.actions):
            victim = ctx.subject
            pending = g.pending.amount if g.pending is not None else 0
            if isinstance(victim, Unit) and not victim.is_enemy:
                return victim.damage + pending >= max_hp(g, victim)
        return True

    def wrap_up(self, g: GameState, p: Player) -> None:
        if len(p.troops) >= g.rules.lane_size:
            for u in [u for u in p.troops if remaining(g, u) <= 1]:
                P.discard_unit(g, u)


def _deploy_troops(g: GameState, p: Player, th: Threats, values: dict, strength: dict) -> None:
    """Deploy ``p``'s troops, most valuable first, each to the weakest lane with a free zone (every
    lane gets as many enemies): ``p``'s own lane first on ties, then the first of equal lanes, as
    min() would pick. ``values`` and ``strength`` (see ``deploy``) take in each new troop."""
    wave = g.wave
    hand_troops = list(filter(_IS_TROOP, p.hand))
    if len(hand_troops) > 1:
        _by_worth(th, wave, hand_troops)
    size = g.rules.lane_size
    for card in hand_troops:
        target = best = best_other = None
        for q in g.players:
            if len(q.troops) < size:
                s, other = strength[q.index], q.index != p.index
                if target is None or s < best or s == best and other < best_other:
                    target, best, best_other = q.index, s, other
        if target is None:
            return
        u = P.deploy_troop(g, p, card, target)
        v = values[u] = th.troop(card.power, card.hp, wave)
        strength[target] += v


def _equip_troops(g: GameState, p: Player, th: Threats) -> None:
    """Equip ``p``'s equipment, most valuable first, each on the troop it adds most to (``p``'s own
    lane by a hair on ties)."""
    wave = g.wave
    hand_equipment = [c for c in p.hand if c.is_item and c.kind == "equipment"]
    if len(hand_equipment) > 1:
        _by_worth(th, wave, hand_equipment)
    for card in hand_equipment:
        best, gain = None, 0.0
        for q in g.players:
            own = 0.01 if q.index == p.index else 0.0
            for u in q.troops:
                if PH.can_equip(g, card, u):
                    v = th.card(card, wave, (power(g, u), max_hp(g, u) - u.damage)) + own
                    if best is None or v > gain:
                        best, gain = u, v
        if best is not None:
            P.equip(g, p, card, best)


def _by_worth(th: Threats, wave: int, cards: list) -> None:
    """Sort ``cards`` (all troops or all equipment) by ``th.card(card, wave)``, highest first
    (stable), keyed by the Threats cache that holds those values: no call per card."""
    values = th.cache_of(cards[0], wave)
    for c in cards:
        if c not in values:
            th.card(c, wave)
    cards.sort(key=values.__getitem__, reverse=True)


def _strongest_first(g: GameState, troops: list, values: dict, troop_value: Any) -> None:
    """Sort a lane by value, highest first (stable: equal troops keep their order): ``values[u]``,
    or ``troop_value(Power, HP left, Wave)`` for a troop without one or equipped since. The indices
    are sorted (the same order as ``troops.sort(key=..., reverse=True)``, without a call per
    comparison key) and a lane already in order is left as it is."""
    wave = g.wave
    keys = []
    for u in troops:
        v = values.get(u)
        if v is None or u.equipment:
            v = troop_value(power(g, u), max_hp(g, u) - u.damage, wave)
        keys.append(v)
    for i in range(1, len(keys)):
        if keys[i] > keys[i - 1]:
            break
    else:
        return  # already highest first: the stable sort would keep every troop where it is
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    troops[:] = [troops[i] for i in order]


SPARE_TROOP = 0.3   # a troop bought with no free lane zone waits in hand


def _wins(g: GameState, t: Unit, e: Unit, extra: int) -> bool:
    """Whether troop ``t`` kills enemy ``e`` (after ``extra`` damage to it) before dying."""
    pt, pe = power(g, t), power(g, e)
    if pt <= 0:
        return False
    to_kill = -(-(remaining(g, e) - extra) // pt)
    to_die = -(-remaining(g, t) // pe) if pe > 0 else 99
    return to_kill <= to_die


def _spawns(e: Unit) -> bool:
    return any(a.verb is VERB_SPAWN_ENEMY for eff in e.fx.get(EVENT_REVEAL, ()) for a in eff.actions)


def _can_target(g: GameState, opt: X.Option, e: Unit) -> bool:
    """The option's cancel can reach ``e`` ("1 ENEMY IN YOUR LANE" cannot reach another lane)."""
    from pnpgen.simulate.query import Ctx, select
    lane = opt.unit.lane if opt.unit is not None else opt.player
    ctx = Ctx(opt.unit, opt.card, opt.player, lane)
    for act in opt.effect.actions:
        if act.verb in (VERB_CANCEL_REVEAL, VERB_TARGET) and act.target is not None:
            return e in select(g, act.target, ctx) or act.target.selector.value == "that"
    return False


def _discounted(g: GameState, p: Player, discounters: list, reach: list, values: list) -> list:
    """The most valuable card of ``reach`` (``values``: their worth) that only the discount cards
    make affordable, with the options to use (a one-entry plan), or []. The options are listed only
    for that card: most candidates get no discount."""
    resources = p.resources
    # the cards out of budget and worth something, in market order: sorting this subsequence (a
    # stable sort) gives them in the order they had in the whole market sorted by value
    wanted = [i for i, e in enumerate(reach) if e[2].cost > resources and values[i] > 0]
    if len(wanted) > 1:
        wanted.sort(key=values.__getitem__, reverse=True)
    previews: dict = {}
    counted = _counted(discounters)
    for i in wanted:
        entry = reach[i]
        card = entry[2]
        saving = _counted_saving(g, p, counted, card, previews)
        if saving is not None and card.cost - saving <= resources:
            return [(entry, PH.discount_options(g, p, card))]
    return []


def _saving(g: GameState, p: Player, discounters: list, card: CardDef) -> int | None:
    """What the discount options of ``PH.discount_options(g, p, card)`` would take off ``card``
    (None when there are none), without building the options. Only ``discounters`` can have one.
    Each discounter's part is cached per (discounter, card, Wave) when its amounts are plain numbers
    (``_plain_saving``): asked for several market cards at each plan that needs a discount."""
    return _counted_saving(g, p, _counted(discounters), card, {})


def _counted(cards: list) -> list[tuple[CardDef, int]]:
    """(card, copies) of each distinct card of ``cards``, in order of first appearance: copies of a
    discounter (three Militia) give the same saving each, looked up once."""
    counts: dict = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return list(counts.items())


def _counted_saving(g: GameState, p: Player, counted: list, card: CardDef, previews: dict) -> int | None:
    """``_saving`` of the discounters ``counted`` by ``_counted``. ``previews``: amounts read from
    the state, kept by a caller asking about several cards in one state (an option's preview does
    not depend on the card it would reduce)."""
    found = False
    saving = 0
    wave = g.wave
    for c, copies in counted:
        key = (c, card, wave)
        hit = _SAVINGS.get(key, _MISS)  # None (no discount applies) is a cached answer too
        if hit is _MISS:
            hit = _SAVINGS[key] = _plain_saving(c, card, wave)
        if hit is _CONTEXT:  # an amount read from the state: previewed now, like discount_options
            for eff in c.discount_effects:
                if (eff.wave is None or eff.wave.allows(wave)) and PH.discount_applies(eff, card):
                    found = True
                    saving += copies * _preview_saving(g, p, c, eff, previews)
        elif hit is not None:
            found = True
            saving += copies * hit
    return saving if found else None


def _preview_saving(g: GameState, p: Player, c: CardDef, eff: Any, previews: dict) -> int:
    """The REDUCE_COST amount of discounter ``c``'s effect ``eff``, as the option would preview it
    (kept in ``previews`` by (card, effect): the state does not change while a plan is made)."""
    key = (c, id(eff))
    n = previews.get(key)
    if n is None:
        act = next(a for a in eff.actions if a.verb is VERB_REDUCE_COST)
        n = previews[key] = X.preview_amount(g, X.Option(p.index, c, None, eff), act)
    return n


_SAVINGS: dict = {}
_CONTEXT = object()  # _plain_saving's answer when an amount needs the game state
_MISS = object()


def _plain_saving(c: CardDef, card: CardDef, wave: int) -> Any:
    """Discount of ``c`` on ``card`` in ``wave``: None when none applies, ``_CONTEXT`` when an
    applicable amount is not a plain number (X.preview_amount's context-free case)."""
    total = None
    for eff in c.discount_effects:
        if (eff.wave is None or eff.wave.allows(wave)) and PH.discount_applies(eff, card):
            a = next(a for a in eff.actions if a.verb is VERB_REDUCE_COST).amount
            if a is not None and a.ref is None and a.per is None and a.plus is None and not a.all\
                    and not a.half_round_up:
                total = (total or 0) + a.value + a.wave * wave
            else:
                return _CONTEXT
    return total


def _free_zones(g: GameState) -> int:
    """Free lane zones of every lane, less the troops already waiting in hands."""
    size = g.rules.lane_size
    free = 0
    for q in g.players:
        free += size - len(q.troops)
        for c in q.hand:
            if c.is_troop:
                free -= 1
    return free


def _best_carrier(g: GameState, p: Player) -> tuple[int, int] | None:
    """(Power, HP left) of ``p``'s strongest troop in lane or in hand: where equipment would go."""
    best, top = None, None
    for u in p.troops:
        ph = (power(g, u), remaining(g, u))
        if top is None or ph[0] + ph[1] > top:  # strictly greater: the first of equals, like max()
            best, top = ph, ph[0] + ph[1]
    for c in p.hand:
        if c.is_troop and (top is None or c.power + c.hp > top):
            best, top = (c.power, c.hp), c.power + c.hp
    return best


_DISCOUNTER: dict = {}


def _discounter_hint(card: CardDef, wave: int) -> int | None:
    """``_discount_hint`` of a card whose discount works in ``wave``, None when none does (cached:
    asked for every hand card at every purchase plan)."""
    key = (card, wave)
    if key in _DISCOUNTER:
        return _DISCOUNTER[key]
    ok = any(e.wave is None or e.wave.allows(wave) for e in card.discount_effects)
    h = _DISCOUNTER[key] = _discount_hint(card, wave) if ok else None
    return h


def _discount_hint(card: CardDef, wave: int) -> int:
    """The most a discount card could take off one purchase (a cost read from another card: 8)."""
    n = 0
    for eff in card.discount_effects:
        for a in eff.actions:
            if a.verb is VERB_REDUCE_COST and a.amount is not None:
                n = max(n, 8 if a.amount.ref is not None else a.amount.value + a.amount.wave * wave)
    return n


def _reduce_action(opt: X.Option) -> Any:
    return next(a for a in opt.effect.actions if a.verb is VERB_REDUCE_COST)


def _self_harm(g: GameState, opt: X.Option) -> bool:
    """The effect damages its own troop: do not use it when that would kill the troop."""
    if opt.unit is None:
        return False
    for act in opt.effect.cost + opt.effect.actions:
        if act.verb is VERB_DEAL_DAMAGE and act.target is not None and act.target.kind is KIND_TROOP:
            if X.preview_amount(g, opt, act) >= remaining(g, opt.unit):
                return True
    return False


class RandomPolicy:
    """A random legal player: every choice drawn from ``g.rng``."""

    name = "random"
    lethal_prevent_only = False

    def purchase(self, g: GameState, p: Player) -> None:
        rng = g.rng
        PH.spend_xenosathem(g, p, [c for c in p.hand if c.is_xeno and rng.random() < 0.8])
        for _ in range(20):
            choices = [e for e in PH.market(g) if e[2].cost <= p.resources]
            if not choices or rng.random() < 0.2:
                return
            PH.buy(g, p, rng.choice(choices))

    def deploy(self, g: GameState, p: Player) -> None:
        rng = g.rng
        size = g.rules.lane_size
        for card in [c for c in p.hand if c.is_troop]:
            lanes = [q.index for q in g.players if len(q.troops) < size]
            if lanes and rng.random() < 0.9:
                lane = rng.choice(lanes)
                P.deploy_troop(g, p, card, lane, rng.randint(0, len(g.players[lane].troops)))
        for card in [c for c in p.hand if c.equipment]:
            carriers = [u for q in g.players for u in q.troops if PH.can_equip(g, card, u)]
            if carriers and rng.random() < 0.9:
                P.equip(g, p, card, rng.choice(carriers))

    def deploy_lane(self, g: GameState, p: Player, card: CardDef) -> int | None:
        lanes = [q.index for q in g.players if len(q.troops) < g.rules.lane_size]
        return g.rng.choice(lanes) if lanes else None

    def react(self, g: GameState, window: str, e: Unit) -> None:
        if not _any_options(g, REACT):
            return
        for opt in X.options(g):
            if g.rng.random() < 0.3:
                X.use(g, opt)

    def prevent(self, g: GameState, ev: Any) -> None:
        if not _any_options(g, PREVENT):
            return
        for opt in X.options(g):
            if any(a.verb is VERB_PREVENT_DAMAGE for a in opt.effect.actions) and g.rng.random() < 0.5:
                X.use(g, opt)

    def before_reveal(self, g: GameState, e: Unit) -> None:
        self.react(g, "before-reveal", e)

    def choose(self, g: GameState, ctx: Any, act: Any, cands: list, n: int) -> list:
        return g.rng.sample(cands, n)

    def choose_lane(self, g: GameState, t: Any, lanes: list[int]) -> int:
        return g.rng.choice(lanes)

    def accept(self, g: GameState, eff: Any, ctx: Any) -> bool:
        return g.rng.random() < 0.5

    def wrap_up(self, g: GameState, p: Player) -> None:
        return None


POLICIES = {"heuristic": HeuristicPolicy, "random": RandomPolicy}

