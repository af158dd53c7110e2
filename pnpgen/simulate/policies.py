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

_HELPFUL = frozenset({Verb.HEAL, Verb.HEAL_TO, Verb.PREVENT_DAMAGE, Verb.ADVANCE, Verb.BOOST_ATTACK,
                      Verb.MODIFY_STAT, Verb.STRIKE_FIRST, Verb.TARGET})


def card_value(card: CardDef) -> float:
    """How much a card adds to a lane, for buying and deploying: a troop is first a body that absorbs
    one enemy attack, then its stats; abilities count a little."""
    if card.is_troop:
        return 2 + card.power + card.hp + (1.5 if card.effects else 0)
    if card.is_item:
        return card.boost_power + card.boost_hp + (2.0 if card.effects else 0) + (1 if card.kind == "instant" else 0)
    return 0.0


_VALUES: dict[CardDef, float] = {}  # keyed by the card itself (identity), never by id()


def _value_with_troops(card: CardDef) -> float:
    v = _VALUES.get(card)
    if v is None:
        v = _VALUES[card] = card_value(card)
    return v


def _value_without_troops(card: CardDef) -> float:
    """Equipment is worth half while there is no troop to carry it."""
    v = _value_with_troops(card)
    return v * 0.5 if card.equipment else v


def best_basket(entries: list, budget: int, value: Any) -> list:
    """The set of market entries with the highest total value within ``budget`` (0/1 knapsack)."""
    best: list[tuple[float, list]] = [(0.0, [])] * (budget + 1)
    for entry in entries:
        cost = entry[2].cost
        v = value(entry[2])
        if cost > budget or v <= 0:
            continue
        for b in range(budget, cost - 1, -1):
            cand = best[b - cost][0] + v
            if cand > best[b][0]:
                best[b] = (cand, best[b - cost][1] + [entry])
    return max(best, key=lambda x: x[0])[1]


def remaining(g: GameState, u: Unit) -> int:
    return max_hp(g, u) - u.damage


REACT = frozenset({Verb.DEAL_DAMAGE, Verb.DEPLOY})
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
            for eff in u.fx.get(_USE, ()):
                if not want.isdisjoint(X.verbs(eff)):
                    return True
    return False


class HeuristicPolicy:
    """Buy the best card affordable for the Wave, deploy where lanes are thin with the strongest
    troops in front, equip the front troops, and spend instants / once-per-round abilities when they
    kill an enemy, save a troop, or keep damage off the Base."""

    name = "heuristic"

    # -- purchase -------------------------------------------------------------------------------
    def purchase(self, g: GameState, p: Player) -> None:
        PH.spend_xenosathem(g, p, [c for c in p.hand if c.is_xeno])
        for opt in PH.resource_options(g, p):
            X.use(g, opt)
        for _ in range(10):
            plan = self._plan(g, p)
            if not plan:
                return
            bought = False
            for entry, discounts in plan:
                bought |= PH.buy(g, p, entry, discounts)
            if not bought:
                return

    def _plan(self, g: GameState, p: Player) -> list:
        """What to buy now: the best basket the Resources pay for, most valuable card first
        (discounts only when they make a card affordable; cost-0 starters such as Militia are always
        burned on a Wave 2+ troop to thin the deck)."""
        troops_owned = len(p.troops) + sum(1 for c in p.hand if c.is_troop)
        value = _value_with_troops if troops_owned else _value_without_troops
        market = PH.market(g)
        basket = best_basket(market, p.resources, value)
        has_discounts = any(c.discount_effects for c in p.hand)
        if not basket:
            if not has_discounts:
                return []
            for entry in sorted(market, key=lambda e: value(e[2]), reverse=True):
                discounts = PH.discount_options(g, p, entry[2])
                saving = sum(X.preview_amount(g, o, _reduce_action(o)) for o in discounts)
                if discounts and entry[2].cost - saving <= p.resources:
                    return [(entry, discounts)]
            return []
        basket.sort(key=lambda e: value(e[2]), reverse=True)
        plan = []
        for entry in basket:
            discounts = [o for o in PH.discount_options(g, p, entry[2]) if o.card.cost == 0 and o.card.is_troop] \
                if has_discounts else []
            plan.append((entry, discounts))
        return plan

    # -- deployment -----------------------------------------------------------------------------
    def deploy(self, g: GameState, p: Player) -> None:
        size = g.rules.lane_size
        for card in sorted((c for c in p.hand if c.is_troop), key=card_value, reverse=True):
            lanes = [q for q in g.players if len(q.troops) < size]
            if not lanes:
                break
            # the thinnest lane; own lane first on ties (each player mostly fights its own enemies)
            target = min(lanes, key=lambda q: (len(q.troops), q.index != p.index))
            P.deploy_troop(g, p, card, target.index)
        for card in sorted((c for c in p.hand if c.equipment), key=card_value, reverse=True):
            for q in sorted(g.players, key=lambda q: q.index != p.index):
                carriers = [u for u in q.troops if PH.can_equip(g, card, u)]
                if carriers:
                    P.equip(g, p, card, max(carriers, key=lambda u: remaining(g, u) + power(g, u)))
                    break
        for q in g.players:
            q.troops.sort(key=lambda u: power(g, u) + remaining(g, u), reverse=True)

    def deploy_lane(self, g: GameState, p: Player, card: CardDef) -> int | None:
        size = g.rules.lane_size
        order = [g.active] + [q.index for q in g.players if q.index != g.active]
        return next((i for i in order if len(g.players[i].troops) < size), None)

    # -- combat decisions -----------------------------------------------------------------------
    def react(self, g: GameState, window: str, e: Unit) -> None:
        if not _any_options(g, REACT):
            return
        for opt in X.options(g, REACT):
            if not e.in_play:
                return
            vs = X.verbs(opt.effect)
            if Verb.DEPLOY in vs and window == "overrun":
                X.use(g, opt)
            elif Verb.DEAL_DAMAGE in vs and self._kills(g, opt, e):
                X.use(g, opt)

    def _kills(self, g: GameState, opt: X.Option, e: Unit) -> bool:
        for act in opt.effect.actions:
            if act.verb is Verb.DEAL_DAMAGE and act.target is not None and act.target.kind is Kind.ENEMY:
                n = X.preview_amount(g, opt, act)
                return n >= remaining(g, e) and not _self_harm(g, opt)
        return False

    def prevent(self, g: GameState, ev: Any) -> None:
        t = ev.target
        if t.damage + ev.amount < max_hp(g, t) or not _any_options(g, PREVENT):
            return
        for opt in X.options(g, PREVENT):
            if ev.amount <= 0:
                return
            if any(a.verb in (Verb.PREVENT_DAMAGE, Verb.REDIRECT_DAMAGE) for a in opt.effect.actions):
                X.use(g, opt)

    def before_reveal(self, g: GameState, e: Unit) -> None:
        if not _any_options(g, CANCEL):
            return
        harmful = any(a.verb in (Verb.DEAL_DAMAGE, Verb.BURN, Verb.SPAWN_ENEMY, Verb.DISCARD, Verb.REVERSE_ORDER)
                      for eff in e.fx.get(X.EventKind.REVEAL, ()) for a in eff.actions)
        if not harmful:
            return
        for opt in X.options(g, CANCEL):
            if Verb.CANCEL_REVEAL in X.verbs(opt.effect):
                X.use(g, opt)
                if e.cancel_reveal:
                    return

    def choose(self, g: GameState, ctx: Any, act: Any, cands: list, n: int) -> list:
        units = [c for c in cands if isinstance(c, Unit)]
        if units and len(units) == len(cands):
            if units[0].is_enemy:
                amt = X.amount(g, act.amount, ctx) if act.amount is not None else 0
                front = [u for u in units if g.players[u.lane].enemies[:1] == [u]]
                kill = [u for u in units if remaining(g, u) <= amt]
                order = sorted(units, key=lambda u: (u not in kill, u.lane != g.active, u not in front,
                                                     -power(g, u)))
                return order[:n]
            helpful = act.verb in _HELPFUL
            return sorted(units, key=lambda u: power(g, u) + remaining(g, u), reverse=helpful)[:n]
        cards = [c for c in cands if isinstance(c, tuple)]
        uses_cost = any(a.amount is not None and a.amount.ref is not None and a.amount.ref.stat is Stat.COST
                        for a in (ctx.effect.actions if ctx.effect else ()))
        keep_best = act.verb is Verb.PLACE or uses_cost
        return sorted(cards, key=lambda x: getattr(x[1], "cost", 0), reverse=keep_best)[:n]

    def accept(self, g: GameState, eff: Any, ctx: Any) -> bool:
        return True

    def wrap_up(self, g: GameState, p: Player) -> None:
        if len(p.troops) >= g.rules.lane_size:
            for u in [u for u in p.troops if remaining(g, u) <= 1]:
                P.discard_unit(g, u)


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

    def accept(self, g: GameState, eff: Any, ctx: Any) -> bool:
        return g.rng.random() < 0.5

    def wrap_up(self, g: GameState, p: Player) -> None:
        return None


POLICIES = {"heuristic": HeuristicPolicy, "random": RandomPolicy}

