"""Players: short priority lists kept apart from the rules (dominiate style).

A policy answers the questions the rules ask (``purchase``, ``deploy``, ``react``, ``prevent``,
``before_reveal``, ``choose``, ``accept``, ``wrap_up``, ``deploy_lane``) by calling the legal-move
helpers of ``phases``/``executor``. All players of a cooperative game share one policy object. Any
random choice uses ``g.rng``.
"""

from __future__ import annotations

from typing import Any

from pnpgen.effects.model import Kind, Stat, Verb
from pnpgen.simulate import executor as X
from pnpgen.simulate import phases as PH
from pnpgen.simulate import primitives as P
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.query import max_hp, power
from pnpgen.simulate.state import GameState, Player, Unit
from pnpgen.simulate.valuation import Threats, threats_of

_HELPFUL = frozenset({Verb.HEAL, Verb.HEAL_TO, Verb.PREVENT_DAMAGE, Verb.ADVANCE, Verb.BOOST_ATTACK,
                      Verb.MODIFY_STAT, Verb.STRIKE_FIRST, Verb.TARGET})


def best_basket(entries: list, budget: int, value: Any, values: list | None = None) -> list:
    """The set of market entries with the highest total value within ``budget`` (0/1 knapsack; the
    chosen sets are bit masks over ``entries``, in market order). ``values``: the entries' values
    when already known (then ``value`` is not called)."""
    vals = [0.0] * (budget + 1)
    sets = [0] * (budget + 1)
    for i, entry in enumerate(entries):
        cost = entry[2].cost
        if cost > budget:
            continue
        v = value(entry[2]) if values is None else values[i]
        if v <= 0:
            continue
        bit = 1 << i
        for b in range(budget, cost - 1, -1):
            cand = vals[b - cost] + v
            if cand > vals[b]:
                vals[b] = cand
                sets[b] = sets[b - cost] | bit
    best = max(range(budget + 1), key=vals.__getitem__)
    mask = sets[best]
    return [e for i, e in enumerate(entries) if mask >> i & 1]


def remaining(g: GameState, u: Unit) -> int:
    return max_hp(g, u) - u.damage


REACT = frozenset({Verb.DEAL_DAMAGE, Verb.DEPLOY, Verb.BOOST_ATTACK, Verb.HEAL})
PREVENT = frozenset({Verb.PREVENT_DAMAGE, Verb.REDIRECT_DAMAGE})
CANCEL = frozenset({Verb.CANCEL_REVEAL})
ANY = frozenset(Verb)
_USE = X.EventKind.USE


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
    usable (a lane ability already used this Round) costs no list, sort or Option objects."""
    available = X.available
    for p in g.players:
        for c in p.hand:
            hv = c.hand_verbs
            if hv and not want.isdisjoint(hv):
                for eff in c.hand_effects:
                    if not want.isdisjoint(X.verbs(eff)) and available(g, eff, None):
                        return True
        for u in p.troops:
            uv = u.use_verbs
            if uv and not want.isdisjoint(uv):
                for eff in u.fx.get(_USE, ()):
                    if not want.isdisjoint(X.verbs(eff)) and available(g, eff, u):
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
        PH.spend_xenosathem(g, p, [c for c in p.hand if c.is_xeno])
        if any(c.has_from_hand for c in p.hand):
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

    def value_fn(self, g: GameState, p: Player):
        """Card -> worth now: troops beyond the free lane zones count for little (they wait in hand)."""
        return lambda card: self._worth(g, p, (card,))[card]

    def _worth(self, g: GameState, p: Player, cards: Any) -> dict:
        """{card: worth now} for ``cards`` (``value_fn`` for many cards at once: the lane and hand
        numbers it needs are computed once, and only when a card of that type asks for them)."""
        th = self.threats(g)
        wave = g.wave
        card_value = th.card
        cached = th.cached  # Threats.card's own cache, read here without a call per card
        spare = None       # no free lane zone left for one more troop (troops only)
        carrier = False    # (Power, HP) of the best carrier for equipment, None when there is none
        out: dict = {}
        for card in cards:
            if card in out:
                continue
            if card.is_troop:
                if spare is None:
                    spare = _free_zones(g) <= 0
                v = cached.get((card, wave, None))
                if v is None:
                    v = card_value(card, wave, None)
                out[card] = v * SPARE_TROOP if spare else v
            elif card.is_item and card.kind == "equipment":
                if carrier is False:
                    carrier = _best_carrier(g, p)
                v = card_value(card, wave, carrier)
                out[card] = v * 0.5 if carrier is None else v
            else:
                v = cached.get((card, wave, None))
                out[card] = card_value(card, wave, None) if v is None else v
        return out

    def _plan(self, g: GameState, p: Player) -> list:
        """What to buy now: the best basket the Resources pay for, most valuable card first;
        discount cards (Militia, Research Officer...) are burned only when that makes a card
        affordable: a Militia kept is one more body in a lane, worth more than 1 Resource."""
        # the cheapest market card first, without building the market: about 4 plans in 10 stop
        # here (the second plan of a purchase, with the leftovers of the first)
        cheapest = PH.cheapest(g)
        if cheapest is None:
            return []
        wave = g.wave
        discounters = []
        hint = 0
        for c in p.hand:
            if c.discount_effects:
                h = _discounter_hint(c, wave)
                if h is not None:
                    discounters.append(c)
                    hint += h
        resources = p.resources
        if resources + hint < cheapest:
            return []  # nothing affordable, even with every discount in hand
        market = PH.market(g)
        worth = self._worth(g, p, [e[2] for e in market])  # one valuation per card and plan
        value = worth.__getitem__
        basket = best_basket(market, resources, value, [worth[e[2]] for e in market]) \
            if resources >= cheapest else []
        if not basket:
            if not discounters:
                return []
            for entry in sorted(market, key=lambda e: value(e[2]), reverse=True):
                cost = entry[2].cost
                if cost <= resources or cost - hint > resources or value(entry[2]) <= 0:
                    continue  # affordable without discounts (yet left out), or out of reach
                # the options are listed only for a card they make affordable (most are not)
                saving = _saving(g, p, discounters, entry[2])
                if saving is None or entry[2].cost - saving > resources:
                    continue
                return [(entry, PH.discount_options(g, p, entry[2]))]
            return []
        basket.sort(key=lambda e: value(e[2]), reverse=True)
        return [(entry, []) for entry in basket]

    # -- deployment -----------------------------------------------------------------------------
    def unit_value(self, g: GameState, u: Unit) -> float:
        return self.threats(g).troop(power(g, u), remaining(g, u), g.wave)

    def deploy(self, g: GameState, p: Player) -> None:
        size = g.rules.lane_size
        th = self.threats(g)
        wave = g.wave
        troop_value = th.troop
        values: dict = {}
        strength: dict = {}
        for q in g.players:
            lane_values = []
            for u in q.troops:
                v = values[u] = troop_value(power(g, u), max_hp(g, u) - u.damage, wave)
                lane_values.append(v)
            strength[q.index] = sum(lane_values)
        hand_troops = [c for c in p.hand if c.is_troop]
        if len(hand_troops) > 1:
            hand_troops.sort(key=lambda c: th.card(c, wave), reverse=True)
        for card in hand_troops:
            # the weakest lane with a free zone (every lane gets as many enemies); own lane first on
            # ties; the first of equal lanes, as min() would pick
            target = best = None
            for q in g.players:
                if len(q.troops) < size:
                    k = (strength[q.index], q.index != p.index)
                    if target is None or k < best:
                        target, best = q, k
            if target is None:
                break
            u = P.deploy_troop(g, p, card, target.index)
            v = values[u] = troop_value(card.power, card.hp, wave)
            strength[target.index] += v
        hand_equipment = [c for c in p.hand if c.is_item and c.kind == "equipment"]
        if len(hand_equipment) > 1:
            hand_equipment.sort(key=lambda c: th.card(c, wave), reverse=True)
        for card in hand_equipment:
            best, gain = None, 0.0
            for q in g.players:
                for u in q.troops:
                    if PH.can_equip(g, card, u):
                        pw, hp = power(g, u), remaining(g, u)
                        v = th.card(card, wave, (pw, hp)) + (0.01 if q.index == p.index else 0.0)
                        if best is None or v > gain:
                            best, gain = u, v
            if best is not None:
                P.equip(g, p, card, best)

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
        lane = g.players[e.lane]
        for opt in opts:
            if not e.in_play or (lane.enemies[:1] != [e]):
                return
            vs = X.verbs(opt.effect)
            if Verb.DEPLOY in vs:
                if window == "overrun":
                    X.use(g, opt)
                continue
            if Verb.DEAL_DAMAGE in vs and self._damage_helps(g, opt, e, window):
                self._focus = e
                X.use(g, opt)
                self._focus = None
            elif Verb.BOOST_ATTACK in vs and window != "overrun" and self._boost_helps(g, opt, e):
                X.use(g, opt)
            elif Verb.HEAL in vs and window == "reveal" and self._worn(g, e.lane) >= HEAL_WORTH:
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
            if act.verb is Verb.DEAL_DAMAGE and act.target is not None and act.target.kind is Kind.ENEMY:
                return X.preview_amount(g, opt, act)
        return 0

    def _boost_helps(self, g: GameState, opt: X.Option, e: Unit) -> bool:
        troops = g.players[e.lane].troops
        if not troops:
            return False
        act = next(a for a in opt.effect.actions if a.verb is Verb.BOOST_ATTACK)
        n = X.preview_amount(g, opt, act)
        t = troops[0]
        return power(g, t) + t.next_attack < remaining(g, e) <= power(g, t) + t.next_attack + n

    def _worn(self, g: GameState, lane: int) -> int:
        return sum(min(u.damage, 2) for u in g.players[lane].troops)

    def choose_lane(self, g: GameState, t: Any, lanes: list[int]) -> int:
        """"IN 1 LANE": heal the most worn lane; hit enemies in the lane being fought."""
        if t.kind is Kind.TROOP:
            return max(lanes, key=lambda i: (self._worn(g, i), i == g.active))
        return lanes[0]

    def prevent(self, g: GameState, ev: Any) -> None:
        t = ev.target
        if t.damage + ev.amount < max_hp(g, t) or not _usable(g, PREVENT):
            return
        for opt in sorted(X.options(g, PREVENT), key=lambda o: o.unit is None):
            if ev.amount <= 0 or t.damage + ev.amount < max_hp(g, t):
                return
            if any(a.verb in (Verb.PREVENT_DAMAGE, Verb.REDIRECT_DAMAGE) for a in opt.effect.actions):
                X.use(g, opt)

    def before_reveal(self, g: GameState, e: Unit) -> None:
        if not _any_options(g, CANCEL):
            return
        harmful = any(a.verb in (Verb.DEAL_DAMAGE, Verb.BURN, Verb.SPAWN_ENEMY, Verb.DISCARD, Verb.REVERSE_ORDER,
                                 Verb.PLACE, Verb.BECOME_ENEMY)
                      for eff in e.fx.get(X.EventKind.REVEAL, ()) for a in eff.actions)
        if not harmful or not g.players[e.lane].troops and not _spawns(e):
            return
        self._focus = e
        try:
            for opt in sorted(X.options(g, CANCEL), key=lambda o: o.unit is None):
                if Verb.CANCEL_REVEAL in X.verbs(opt.effect) and _can_target(g, opt, e):
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
                kill = [u for u in units if remaining(g, u) <= amt]
                order = sorted(units, key=lambda u: (u not in kill, u.lane != g.active, u not in front,
                                                     -power(g, u)))
                return order[:n]
            helpful = act.verb in _HELPFUL
            if act.verb in (Verb.HEAL, Verb.HEAL_TO):
                return sorted(units, key=lambda u: -u.damage)[:n]
            return sorted(units, key=lambda u: power(g, u) + remaining(g, u), reverse=helpful)[:n]
        cards = [c for c in cands if isinstance(c, tuple)]
        uses_cost = any(a.amount is not None and a.amount.ref is not None and a.amount.ref.stat is Stat.COST
                        for a in (ctx.effect.actions if ctx.effect else ()))
        keep_best = act.verb is Verb.PLACE or uses_cost
        return sorted(cards, key=lambda x: getattr(x[1], "cost", 0), reverse=keep_best)[:n]

    def accept(self, g: GameState, eff: Any, ctx: Any) -> bool:
        """Optional effects are taken, except a bodyguard's redirection when the hit troop would live."""
        if any(a.verb is Verb.REDIRECT_DAMAGE for a in eff.actions):
            victim = ctx.subject
            pending = g.pending.amount if g.pending is not None else 0
            if isinstance(victim, Unit) and not victim.is_enemy:
                return victim.damage + pending >= max_hp(g, victim)
        return True

    def wrap_up(self, g: GameState, p: Player) -> None:
        if len(p.troops) >= g.rules.lane_size:
            for u in [u for u in p.troops if remaining(g, u) <= 1]:
                P.discard_unit(g, u)


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
    n = len(troops)
    order = sorted(range(n), key=keys.__getitem__, reverse=True)
    if order != list(range(n)):
        troops[:] = [troops[i] for i in order]


SPARE_TROOP = 0.3   # a troop bought with no free lane zone waits in hand
HEAL_WORTH = 3      # damage (counting at most 2 per troop) worth a healing instant


def _wins(g: GameState, t: Unit, e: Unit, extra: int) -> bool:
    """Whether troop ``t`` kills enemy ``e`` (after ``extra`` damage to it) before dying."""
    pt, pe = power(g, t), power(g, e)
    if pt <= 0:
        return False
    to_kill = -(-(remaining(g, e) - extra) // pt)
    to_die = -(-remaining(g, t) // pe) if pe > 0 else 99
    return to_kill <= to_die


def _spawns(e: Unit) -> bool:
    return any(a.verb is Verb.SPAWN_ENEMY for eff in e.fx.get(X.EventKind.REVEAL, ()) for a in eff.actions)


def _can_target(g: GameState, opt: X.Option, e: Unit) -> bool:
    """The option's cancel can reach ``e`` ("1 ENEMY IN YOUR LANE" cannot reach another lane)."""
    from pnpgen.simulate.query import Ctx, select
    lane = opt.unit.lane if opt.unit is not None else opt.player
    ctx = Ctx(opt.unit, opt.card, opt.player, lane)
    for act in opt.effect.actions:
        if act.verb in (Verb.CANCEL_REVEAL, Verb.TARGET) and act.target is not None:
            return e in select(g, act.target, ctx) or act.target.selector.value == "that"
    return False


def _saving(g: GameState, p: Player, discounters: list, card: CardDef) -> int | None:
    """What the discount options of ``PH.discount_options(g, p, card)`` would take off ``card``
    (None when there are none), without building the options. Only ``discounters`` can have one.
    Each discounter's part is cached per (discounter, card, Wave) when its amounts are plain numbers
    (``_plain_saving``): asked for several market cards at each plan that needs a discount."""
    found = False
    saving = 0
    wave = g.wave
    for c in discounters:
        key = (c, card, wave)
        hit = _SAVINGS.get(key, _MISS)  # None (no discount applies) is a cached answer too
        if hit is _MISS:
            hit = _SAVINGS[key] = _plain_saving(c, card, wave)
        if hit is _CONTEXT:  # an amount read from the state: previewed now, like discount_options
            for eff in c.discount_effects:
                if (eff.wave is None or eff.wave.allows(wave)) and PH.discount_applies(eff, card):
                    found = True
                    act = next(a for a in eff.actions if a.verb is Verb.REDUCE_COST)
                    saving += X.preview_amount(g, X.Option(p.index, c, None, eff), act)
        elif hit is not None:
            found = True
            saving += hit
    return saving if found else None


_SAVINGS: dict = {}
_CONTEXT = object()  # _plain_saving's answer when an amount needs the game state
_MISS = object()


def _plain_saving(c: CardDef, card: CardDef, wave: int) -> Any:
    """Discount of ``c`` on ``card`` in ``wave``: None when none applies, ``_CONTEXT`` when an
    applicable amount is not a plain number (X.preview_amount's context-free case)."""
    total = None
    for eff in c.discount_effects:
        if (eff.wave is None or eff.wave.allows(wave)) and PH.discount_applies(eff, card):
            a = next(a for a in eff.actions if a.verb is Verb.REDUCE_COST).amount
            if a is not None and a.ref is None and a.per is None and a.plus is None and not a.all \
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
            if a.verb is Verb.REDUCE_COST and a.amount is not None:
                n = max(n, 8 if a.amount.ref is not None else a.amount.value + a.amount.wave * wave)
    return n


def _reduce_action(opt: X.Option) -> Any:
    return next(a for a in opt.effect.actions if a.verb is Verb.REDUCE_COST)


def _self_harm(g: GameState, opt: X.Option) -> bool:
    """The effect damages its own troop: do not use it when that would kill the troop."""
    if opt.unit is None:
        return False
    for act in opt.effect.cost + opt.effect.actions:
        if act.verb is Verb.DEAL_DAMAGE and act.target is not None and act.target.kind is Kind.TROOP:
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
            if any(a.verb is Verb.PREVENT_DAMAGE for a in opt.effect.actions) and g.rng.random() < 0.5:
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

