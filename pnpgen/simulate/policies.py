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


def best_basket(entries: list, budget: int, value: Any) -> list:
    """The set of market entries with the highest total value within ``budget`` (0/1 knapsack; the
    chosen sets are bit masks over ``entries``, in market order)."""
    vals = [0.0] * (budget + 1)
    sets = [0] * (budget + 1)
    for i, entry in enumerate(entries):
        cost = entry[2].cost
        if cost > budget:
            continue
        v = value(entry[2])
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
            if _USE in u.fx:
                for eff in u.fx[_USE]:
                    if not want.isdisjoint(X.verbs(eff)):
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
        th = self.threats(g)
        wave = g.wave
        size = g.rules.lane_size
        free = sum(size - len(q.troops) for q in g.players) - sum(
            1 for q in g.players for c in q.hand if c.is_troop)
        carriers = [(power(g, u), remaining(g, u)) for u in p.troops] + [
            (c.power, c.hp) for c in p.hand if c.is_troop]
        carrier = max(carriers, key=lambda ph: ph[0] + ph[1]) if carriers else None

        spare = free <= 0
        card_value = th.card

        def value(card: CardDef) -> float:
            v = card_value(card, wave, carrier)
            if spare and card.is_troop:
                return v * SPARE_TROOP
            if carrier is None and card.equipment:
                return v * 0.5
            return v
        return value

    def _plan(self, g: GameState, p: Player) -> list:
        """What to buy now: the best basket the Resources pay for, most valuable card first;
        discount cards (Militia, Research Officer...) are burned only when that makes a card
        affordable: a Militia kept is one more body in a lane, worth more than 1 Resource."""
        market = PH.market(g)
        if not market:
            return []
        wave = g.wave
        discounters = [c for c in p.hand if c.discount_effects and any(
            e.wave is None or e.wave.allows(wave) for e in c.discount_effects)]
        cheapest = min(e[2].cost for e in market)
        hint = sum(_discount_hint(c, wave) for c in discounters)
        if p.resources + hint < cheapest:
            return []  # nothing affordable, even with every discount in hand
        fn = self.value_fn(g, p)
        worth = {e[2]: fn(e[2]) for e in market}  # one valuation per card and plan
        value = worth.__getitem__
        basket = best_basket(market, p.resources, value) if p.resources >= cheapest else []
        if not basket:
            if not discounters:
                return []
            for entry in sorted(market, key=lambda e: value(e[2]), reverse=True):
                cost = entry[2].cost
                if cost <= p.resources or cost - hint > p.resources or value(entry[2]) <= 0:
                    continue  # affordable without discounts (yet left out), or out of reach
                discounts = PH.discount_options(g, p, entry[2])
                if not discounts:
                    continue
                saving = sum(X.preview_amount(g, o, _reduce_action(o)) for o in discounts)
                if entry[2].cost - saving <= p.resources:
                    return [(entry, discounts)]
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
        values = {u: self.unit_value(g, u) for q in g.players for u in q.troops}
        strength = {q.index: sum(values[u] for u in q.troops) for q in g.players}
        for card in sorted((c for c in p.hand if c.is_troop), key=lambda c: th.card(c, wave), reverse=True):
            lanes = [q for q in g.players if len(q.troops) < size]
            if not lanes:
                break
            # the weakest lane (every lane gets as many enemies); own lane first on ties
            target = min(lanes, key=lambda q: (strength[q.index], q.index != p.index))
            u = P.deploy_troop(g, p, card, target.index)
            values[u] = th.troop(card.power, card.hp, wave)
            strength[target.index] += values[u]
        for card in sorted((c for c in p.hand if c.equipment), key=lambda c: th.card(c, wave), reverse=True):
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
        for q in g.players:
            if len(q.troops) > 1:
                q.troops.sort(key=lambda u: values.get(u) if u in values and not u.equipment
                              else self.unit_value(g, u), reverse=True)

    def deploy_lane(self, g: GameState, p: Player, card: CardDef) -> int | None:
        size = g.rules.lane_size
        order = [g.active] + [q.index for q in g.players if q.index != g.active]
        return next((i for i in order if len(g.players[i].troops) < size), None)

    # -- combat decisions -----------------------------------------------------------------------
    def react(self, g: GameState, window: str, e: Unit) -> None:
        if not _any_options(g, REACT):
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
        if t.damage + ev.amount < max_hp(g, t) or not _any_options(g, PREVENT):
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

