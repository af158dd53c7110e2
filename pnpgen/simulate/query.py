"""Read-only questions about the state: power, HP, amounts, conditions, which cards a target names.

Nothing here changes the state. Targets follow ``pnpgen.effects.model``: lanes have their front at
index 0; a zone left open (None) means THIS_LANE for FIRST/LAST/NEXT/ALL selectors and any lane for
CHOOSE (an instant's "1 ENEMY" may be aimed at any lane).

Rule decisions: "WHILE IN LANE, ALL ENEMIES ..." (Smoker, Shieldswarm) reaches the enemies of its own
lane, itself included; "... IN 1 LANE" (Medical Shuttle, Krueger) is one lane the player picks
(``policy.choose_lane``), never every lane.
"""

from __future__ import annotations

from typing import Any

from pnpgen.effects.model import (
    Amount, Condition, Effect, Filter, Kind, Stat, StatRef, Target, Verb,
)
from pnpgen.simulate.state import GameState, Unit
from pnpgen.simulate.constants import (
    EVENT_STATIC, FILTER_DAMAGED, FILTER_FACE_DOWN, FILTER_ITEM_CARD, FILTER_KILLED_THIS_ROUND,
    FILTER_NON_BOSS, FILTER_OTHER, FILTER_REVEALED, FILTER_TROOP_CARD, KIND_BASE, KIND_CARD, KIND_ENEMY,
    KIND_EQUIPMENT, KIND_ITEM, KIND_TROOP, LIMIT_NONE, LIMIT_ONCE_PER_ROUND, SELECT_ALL, SELECT_CHOOSE,
    SELECT_FIRST, SELECT_LAST, SELECT_NEXT, SELECT_SELF, SELECT_THAT, SELECT_TOP, STAT_COST,
    STAT_DAMAGE_EVENT, STAT_DAMAGE_ON, STAT_HP, STAT_POWER, STAT_POWER_AND_HP, VERB_UNTARGETABLE, ZONE_ANY_LANE, ZONE_BOARD, ZONE_DECK, ZONE_DISCARD, ZONE_EQUIPPED, ZONE_HAND,
    ZONE_THAT_LANE, ZONE_THIS_LANE,
)


BIG = 10 ** 6  # "ALL damage": more than any card can take


class Ctx:
    """The context of one effect resolution: who bears it, whose lane, what it has bound so far."""

    __slots__ = ("bearer", "card", "player", "lane", "bound", "subject", "object", "damage", "effect")

    def __init__(self, bearer: Unit | None, card: Any, player: int, lane: int,
                 subject: Any = None, obj: Any = None, damage: int = 0) -> None:
        self.bearer = bearer
        self.card = card
        self.player = player
        self.lane = lane
        self.bound: dict[Kind, Any] = {}
        self.subject = subject
        self.object = obj
        self.damage = damage
        self.effect: Effect | None = None


def wave_ok(g: GameState, eff: Effect) -> bool:
    return eff.wave is None or eff.wave.allows(g.wave)


def available(g: GameState, eff: Effect, unit: Unit | None) -> bool:
    """The effect's wave gate and use limit allow it now."""
    if eff.wave is not None and not eff.wave.allows(g.wave):
        return False
    if unit is not None and eff.limit is not LIMIT_NONE:
        marks = unit.used if eff.limit is LIMIT_ONCE_PER_ROUND else unit.first
        return id(eff) not in marks
    return True


# --- numbers -----------------------------------------------------------------------------------

def amount(g: GameState, a: Amount | None, ctx: Ctx) -> int:
    if a is None:
        return 0
    if a.all:
        return BIG
    n = a.value + a.wave * g.wave
    if a.ref is not None:
        n += stat_ref(g, a.ref, ctx)
    if a.half_round_up:
        n = (n + 1) // 2
    if a.per is not None:
        n *= count(g, a.per, ctx)
    if a.plus is not None:
        n += amount(g, a.plus, ctx)
    return n


def stat_ref(g: GameState, ref: StatRef, ctx: Ctx) -> int:
    if ref.stat is STAT_DAMAGE_EVENT:
        return ctx.damage
    ents = select(g, ref.of, ctx) if ref.of is not None else [ctx.bearer]
    if not ents:
        return 0
    e = ents[0]
    if isinstance(e, tuple):  # (pile, card)
        e = e[1]
    if isinstance(e, Unit):
        if ref.stat is STAT_POWER:
            return power(g, e)
        if ref.stat is STAT_HP:
            return max_hp(g, e)
        if ref.stat is STAT_DAMAGE_ON:
            return e.damage
        if ref.stat is STAT_COST:
            return e.card.cost
        return power(g, e) + max_hp(g, e)
    return getattr(e, "cost", 0) if ref.stat is STAT_COST else 0


def count(g: GameState, target: Target, ctx: Ctx) -> int:
    if FILTER_KILLED_THIS_ROUND in target.filters:
        return g.players[ctx.lane].kills_this_round
    return len(select(g, Target(target.kind, SELECT_ALL, None, target.zone, target.filters), ctx))


def _mods(g: GameState, u: Unit, stats: tuple[Stat, ...], auras: list) -> int:
    """Continuous MODIFY_STAT changes reaching ``u``: its own and ``auras`` (those of other cards
    that change one of ``stats``: ``g.power_auras`` or ``g.hp_auras``).

    Contexts are built only for a modifier of a wanted stat (most calls ask for HP, and the common
    auras change Power): this runs for every power()/max_hp() while such an aura is in play.
    Modifiers compiled to a constant (``mod_plans``, kept on the unit by ``primitives.register``:
    no wave gate, no condition, a plain amount, an ALL target in its own lane) are added without a
    context or a call to ``matches``."""
    total = 0
    if u.mods:
        c = None
        for eff, act, fast in u.mod_plans:
            if act.stat in stats:
                if fast is not None:
                    total += fast[2] + fast[3] * g.wave
                    continue
                if eff.wave is None or eff.wave.allows(g.wave):
                    if c is None:
                        c = _ctx(u)
                    if eff.condition is None or holds(g, eff.condition, c):
                        total += amount(g, act.amount, c)
    for src in auras:
        c = None
        for eff, act, fast in src.aura_plans:
            if act.stat in stats:
                if fast is not None:
                    # matches(): the side, the aura's lane, "OTHER"; available(): no wave gate
                    if u.is_enemy == fast[0] and u.lane == src.lane and not (fast[1] and u is src):
                        total += fast[2] + fast[3] * g.wave
                    continue
                if _may_reach(act.target, u, src):
                    if c is None:
                        c = _ctx(src)
                    if matches(g, act.target, u, c) and available(g, eff, None) and (
                            eff.condition is None or holds(g, eff.condition, c)):
                        total += amount(g, act.amount, c)
    return total


_MOD_PLANS: dict[int, tuple] = {}


def mod_plans(mods: tuple) -> tuple:
    """(effect, action, fast) for each (effect, action) of ``mods`` (a unit's ``mods`` or
    ``aura_mods``, long-lived tuples of a card or a cached troop + equipment combination), compiled
    once. ``fast`` is None, or (target is enemy, excludes its bearer, value, per-Wave value) when the
    change is a constant: its own card (a self modifier) or every unit of one side in the bearer's
    lane (an aura), whatever the state."""
    hit = _MOD_PLANS.get(id(mods))
    if hit is None or hit[0] is not mods:
        hit = _MOD_PLANS[id(mods)] = (mods, tuple((eff, act, _fast_mod(eff, act)) for eff, act in mods))
    return hit[1]


def _fast_mod(eff: Effect, act: Any) -> tuple | None:
    a = act.amount
    if eff.wave is not None or eff.condition is not None or a is None or a.all or a.ref is not None\
            or a.half_round_up or a.per is not None or a.plus is not None:
        return None
    t = act.target
    if t is None or t.selector is SELECT_SELF:
        return (False, False, a.value, a.wave)  # on the card itself: no side or lane test needed
    if t.kind not in (KIND_TROOP, KIND_ENEMY) or t.selector is not SELECT_ALL\
            or t.zone not in (None, ZONE_THIS_LANE) or any(f is not FILTER_OTHER for f in t.filters):
        return None
    return (t.kind is KIND_ENEMY, FILTER_OTHER in t.filters, a.value, a.wave)


def _may_reach(t: Target, u: Unit, src: Unit) -> bool:
    """A cheap first test of ``matches(g, t, u, _ctx(src))`` for an aura of ``src``: False only when
    matches would say False (wrong side, or another lane for a lane-bound target), so an aura in
    another lane costs no context."""
    kind = t.kind
    if kind is KIND_TROOP:
        if u.is_enemy:
            return False
    elif kind is KIND_ENEMY:
        if not u.is_enemy:
            return False
    else:
        return False
    sel = t.selector
    if sel is not SELECT_SELF and (t.zone is ZONE_THIS_LANE or (t.zone is None and sel is not SELECT_CHOOSE)):
        return u.lane == src.lane
    return True


_POWER_STATS = (STAT_POWER, STAT_POWER_AND_HP)
_HP_STATS = (STAT_HP, STAT_POWER_AND_HP)


def power(g: GameState, u: Unit) -> int:
    """Current Power: printed + equipment boosts + round bonuses + continuous effects."""
    p = u.base_power + u.temp_power
    if u.mods or g.power_auras:
        p += _mods(g, u, _POWER_STATS, g.power_auras)
    return p if p > 0 else 0


def max_hp(g: GameState, u: Unit) -> int:
    """Current maximum HP: printed + equipment boosts + continuous effects."""
    if u.mods or g.hp_auras:
        return u.base_hp + _mods(g, u, _HP_STATS, g.hp_auras)
    return u.base_hp


def has_static(u: Unit, verb: Verb) -> Any:
    """The first STATIC action of ``verb`` the unit carries on itself (None when it has none)."""
    return u.statics.get(verb)


def aura_actions(g: GameState, verb: Verb, u: Unit):
    """(source unit, action) of continuous ``verb`` effects from other cards that reach ``u``."""
    out = []
    for src in g.auras:
        if verb not in src.aura_verbs:
            continue
        c = None
        for eff in src.fx.get(EVENT_STATIC, ()):
            if not available(g, eff, None):
                continue
            for act in eff.actions:
                if act.verb is verb and act.target is not None and not _self(act.target):
                    if c is None:
                        c = _ctx(src)
                    if matches(g, act.target, u, c):
                        out.append((src, act))
    return out


def _self(t: Target | None) -> bool:
    return t is None or t.selector is SELECT_SELF


def _ctx(u: Unit) -> Ctx:
    return Ctx(u, u.card, u.owner, u.lane)


# --- targets -----------------------------------------------------------------------------------

def untargetable(u: Unit) -> bool:
    return u.is_enemy and has_static(u, VERB_UNTARGETABLE) is not None


def matches(g: GameState, t: Target, u: Unit, ctx: Ctx) -> bool:
    """Whether unit ``u`` is one of the entities ``t`` describes (for auras and watchers)."""
    if t.kind is KIND_TROOP:
        if u.is_enemy:
            return False
    elif t.kind is KIND_ENEMY:
        if not u.is_enemy:
            return False
    else:
        return False
    sel = t.selector
    if sel is SELECT_SELF:
        return u is ctx.bearer
    zone = t.zone
    if zone is ZONE_THIS_LANE or (zone is None and sel is not SELECT_CHOOSE):
        if u.lane != ctx.lane:
            return False
    if not _filters_ok(g, t.filters, u, ctx):
        return False
    if sel is SELECT_FIRST:
        lane = g.players[u.lane].enemies if u.is_enemy else g.players[u.lane].troops
        return u in lane[: t.count or 1]
    return True


def _filters_ok(g: GameState, filters: tuple[Filter, ...], u: Unit, ctx: Ctx) -> bool:
    for f in filters:
        if f is FILTER_REVEALED and not u.face_up:
            return False
        if f is FILTER_FACE_DOWN and u.face_up:
            return False
        if f is FILTER_NON_BOSS and u.card.boss:
            return False
        if f is FILTER_DAMAGED and u.damage <= 0:
            return False
        if f is FILTER_OTHER and u is ctx.bearer:
            return False
    return True


def _lanes(g: GameState, t: Target, ctx: Ctx) -> list[int]:
    zone = t.zone
    if zone is ZONE_THAT_LANE:
        that = ctx.bound.get(KIND_ENEMY) or ctx.bound.get(KIND_TROOP) or ctx.subject
        return [that.lane] if isinstance(that, Unit) else [ctx.lane]
    if zone is ZONE_ANY_LANE or zone is ZONE_BOARD or (zone is None and t.selector is SELECT_CHOOSE):
        # the lane being fought first: that is where a chosen target matters most
        return [g.active] + [i for i in range(len(g.players)) if i != g.active]
    return [ctx.lane]


def select(g: GameState, t: Target | None, ctx: Ctx) -> list:
    """Candidate entities for ``t``: Units, (pile, card) pairs, (unit, equipment) pairs or "base".

    CHOOSE returns every candidate (the caller lets the policy pick ``t.count``); FIRST/LAST/TOP
    return exactly the entities named.
    """
    if t is None:
        return [ctx.bearer] if ctx.bearer is not None else []
    sel = t.selector
    kind = t.kind
    if kind is KIND_BASE:
        return ["base"]
    if sel is SELECT_SELF:
        if ctx.bearer is not None and kind in (KIND_TROOP, KIND_ENEMY):
            return [ctx.bearer]
        if t.zone is ZONE_HAND and ctx.card not in g.players[ctx.player].hand:
            return []  # "burn this card (from hand)" needs the card to be in hand
        return [("self", ctx.card)]
    if sel is SELECT_THAT:
        b = ctx.bound.get(kind)
        if b is None and kind in (KIND_TROOP, KIND_ENEMY, KIND_CARD):
            b = ctx.subject if _kind_of(ctx.subject) is kind else ctx.object if _kind_of(ctx.object) is kind else None
            if b is None and kind is KIND_CARD:
                b = (ctx.bound.get(KIND_TROOP) or ctx.bound.get(KIND_ITEM) or ctx.bound.get(KIND_ENEMY)
                     or ctx.subject)
        return [b] if b is not None else []
    zone = t.zone
    if zone in (ZONE_HAND, ZONE_DECK, ZONE_DISCARD):
        return _pile_cards(g, t, ctx)
    if kind is KIND_EQUIPMENT or zone is ZONE_EQUIPPED:
        holders = select(g, t.on, ctx) if t.on is not None else [
            ctx.bound.get(KIND_TROOP) or ctx.bearer]
        return [(h, e) for h in holders if isinstance(h, Unit) for e in h.equipment]
    if kind not in (KIND_TROOP, KIND_ENEMY):
        return []
    out: list[Unit] = []
    enemy = kind is KIND_ENEMY
    lanes = _lanes(g, t, ctx)
    if t.zone is ZONE_ANY_LANE and sel is not SELECT_CHOOSE and len(lanes) > 1:
        # "ALL TROOPS IN 1 LANE", "THE FIRST ENEMY IN 1 LANE": one lane, picked by the player
        # among those with candidates (the lane being fought first by default)
        picker = getattr(g.policy, "choose_lane", None)
        lanes = [picker(g, t, lanes)] if picker is not None else lanes[:1]
    for lane in lanes:
        p = g.players[lane]
        units = p.enemies if enemy else p.troops
        if sel is SELECT_NEXT:
            ref = ctx.bound.get(kind) or ctx.subject
            if isinstance(ref, Unit) and ref in units:
                i = units.index(ref)
                units = units[i + 1:i + 2]
            else:
                units = units[1:2]
        cand = [u for u in units if _filters_ok(g, t.filters, u, ctx)]
        if sel is SELECT_CHOOSE and enemy:
            cand = [u for u in cand if not untargetable(u)]
        if sel is SELECT_FIRST:
            cand = cand[: t.count or 1]
        elif sel is SELECT_LAST:
            cand = cand[-(t.count or 1):]
        out.extend(cand)
    return out


def _kind_of(x: Any) -> Kind | None:
    if isinstance(x, Unit):
        return KIND_ENEMY if x.is_enemy else KIND_TROOP
    return None


def _pile_cards(g: GameState, t: Target, ctx: Ctx) -> list:
    p = g.players[ctx.player]
    pile = {ZONE_HAND: p.hand, ZONE_DECK: p.deck, ZONE_DISCARD: p.discard}[t.zone]
    want_troop = t.kind is KIND_TROOP or FILTER_TROOP_CARD in t.filters
    want_item = t.kind is KIND_ITEM or FILTER_ITEM_CARD in t.filters
    cards = []
    for c in reversed(pile):  # top first
        if want_troop and not c.is_troop:
            continue
        if want_item and not c.is_item:
            continue
        if t.card and (c.name or "").lower() != t.card.lower() and c.id != t.card.lower().replace(" ", "-"):
            continue
        if t.wave is not None and (c.wave < t.wave if t.wave_plus else c.wave != t.wave):
            continue
        cards.append((pile, c))
    if t.selector is SELECT_TOP:
        return cards[: t.count or 1]
    return cards


# --- conditions --------------------------------------------------------------------------------

def holds(g: GameState, cond: Condition, ctx: Ctx) -> bool:
    if cond.kind in ("exists", "not-exists"):
        return bool(select(g, _existence_target(cond), ctx)) == (cond.kind == "exists")
    if cond.kind in ("is", "is-not"):
        a = select(g, cond.target, ctx)
        b = select(g, cond.other, ctx) if cond.other is not None else []
        same = bool(a) and bool(b) and a[0] is b[0]
        return same == (cond.kind == "is")
    return True


_EXISTENCE: dict[int, tuple] = {}


def _existence_target(cond: Condition) -> Target:
    """The target an existence condition looks for: its own, with CHOOSE read as ALL ("IF THERE IS
    AN ENEMY ..." asks whether any candidate exists). Built once per condition (conditions are
    read at every power()/max_hp() of a unit whose Power depends on one)."""
    hit = _EXISTENCE.get(id(cond))
    if hit is None or hit[0] is not cond:
        t = cond.target
        hit = _EXISTENCE[id(cond)] = (cond, Target(
            t.kind, SELECT_ALL if t.selector is SELECT_CHOOSE else t.selector, t.count, t.zone, t.filters,
            t.on, t.wave, t.wave_plus, t.card))
    return hit[1]
