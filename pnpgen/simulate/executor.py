"""Executes effect trees (``pnpgen.effects.model``) through the state primitives.

Triggers: ``fire`` runs the effects a card has for an event (its own, and those of *watchers*:
cards whose trigger names other cards, e.g. "EACH TIME A TROOP IN THIS LANE IS KILLED"). Enemy
effects resolve before troop and item effects (rulebook, Simultaneous Effects). Actions: one
handler per ``Verb`` in ``HANDLERS``; a verb with no handler is counted in ``Tally.unsupported`` and
skipped. Each effect runs from its ``compiled.Plan`` (handlers and flags resolved once, when the
pools are built); ``fire_interpreted`` / ``run_interpreted`` walk the tree instead and are the
reference the tests compare the plans with. Continuous verbs (MODIFY_STAT, REDUCE_DAMAGE_TAKEN,
STRIKE_FIRST, ...) are read by ``query``/``combat`` rather than run. Player choices go to ``g.policy``.
"""

from __future__ import annotations

from typing import Any, Callable

from pnpgen.effects.model import Action, Effect, EventKind, Position, Verb
from pnpgen.simulate import primitives as P
from pnpgen.simulate.cards import CardDef
from pnpgen.simulate.compiled import _PLANS, Plan, plan_of, register_handlers
from pnpgen.simulate.query import BIG, Ctx, amount, available, holds, matches, max_hp, select
from pnpgen.simulate.state import GameState, Triggers, Unit
from pnpgen.simulate.constants import (
    EVENT_DAMAGED, EVENT_DEALS_DAMAGE, EVENT_KILLS, EVENT_PURCHASED, EVENT_REVEAL, EVENT_USE,
    EVENT_WOULD_BE_DAMAGED, EVENT_WOULD_BE_KILLED, KIND_CARD, KIND_ENEMY, KIND_ITEM, KIND_TROOP, LIMIT_NONE,
    LIMIT_ONCE_PER_ROUND, SELECT_CHOOSE, SELECT_CHOSEN_BY_OWNER, SELECT_SELF, STAT_POWER, STAT_POWER_AND_HP,
    VERB_ADVANCE, VERB_ATTACK_MULTIPLE, VERB_BECOME_ENEMY, VERB_BECOME_TROOP, VERB_BOOST_ATTACK, VERB_BURN,
    VERB_CANCEL_REVEAL, VERB_CANNOT_BE_PURCHASED, VERB_CANNOT_EQUIP, VERB_DEAL_DAMAGE, VERB_DEPLOY,
    VERB_DISCARD, VERB_EXCESS_DAMAGE, VERB_GAIN_CARD, VERB_GAIN_RESOURCES, VERB_HEAL, VERB_HEAL_TO,
    VERB_INCREASE_DAMAGE, VERB_KILL, VERB_MODIFY_STAT, VERB_PLACE, VERB_PREVENT_DAMAGE, VERB_REDIRECT_DAMAGE,
    VERB_REDUCE_COST, VERB_REDUCE_DAMAGE_TAKEN, VERB_REVERSE_ORDER, VERB_SPAWN_ENEMY, VERB_STRIKE_FIRST,
    VERB_TARGET, VERB_UNPREVENTABLE, VERB_UNTARGETABLE,
)


_SELF_TRIGGER = (None, SELECT_SELF)
_UNIT_KINDS = (KIND_TROOP, KIND_ENEMY)


# --- triggers -------------------------------------------------------------------------------------

def fire(g: GameState, event: EventKind, unit: Unit, obj: Any = None, damage: int = 0,
         own: tuple | None = None) -> None:
    """Resolve ``event`` happening to ``unit``: its own effects (``own`` overrides them, e.g. the
    abilities a killed troop had before an enemy effect turned it into an enemy), then watchers
    (enemies first). Runs the compiled plans (``compiled``); ``fire_interpreted`` is the same walk
    over the effect trees."""
    if own is None:
        own = unit.fx.get(event)
    plans = _PLANS
    if own:
        for eff in own:
            plan = plans.get(id(eff))
            if plan is None or plan.effect is not eff:
                plan = plan_of(eff)
            if plan.self_trigger:
                ctx = Ctx(unit, unit.card, unit.owner if unit.owner >= 0 else unit.lane, unit.lane, unit, obj, damage)
                _bind_participants(ctx, event, unit, obj)
                _trigger_plan(g, plan, unit, ctx, obj)
    if g.watchers.get(event):  # the dict keeps a key whose list has emptied: test the list
        for w, eff, ctx in _watcher_hits(g, event, unit, obj, damage):
            _trigger_plan(g, plan_of(eff), w, ctx, obj)


def _trigger_plan(g: GameState, plan: Plan, bearer: Unit, ctx: Ctx, obj: Any) -> bool:
    """``_trigger_interpreted`` with the trigger's tests read from the plan."""
    t_obj = plan.trigger_object
    if t_obj is not None and isinstance(obj, Unit) and not matches(g, t_obj, obj, ctx):
        return False
    if plan.trigger_source is not None and not source_matches(plan.trigger_source, g.pending):
        return False
    if plan.gated and not available(g, plan.effect, bearer):
        return False
    if plan.optional and not g.policy.accept(g, plan.effect, ctx):
        return False
    return run_plan(g, plan, ctx, bearer)


def fire_interpreted(g: GameState, event: EventKind, unit: Unit, obj: Any = None, damage: int = 0,
                     own: tuple | None = None) -> None:
    """Resolve ``event`` happening to ``unit``: its own effects (``own`` overrides them, e.g. the
    abilities a killed troop had before an enemy effect turned it into an enemy), then watchers
    (enemies first)."""
    if own is None:
        own = unit.fx.get(event)
    if own:
        for eff in own:
            subj = eff.trigger.subject
            if subj is None or subj.selector is SELECT_SELF:
                ctx = Ctx(unit, unit.card, unit.owner if unit.owner >= 0 else unit.lane, unit.lane, unit, obj, damage)
                _bind_participants(ctx, event, unit, obj)
                _trigger_interpreted(g, eff, unit, ctx, obj)
    if g.watchers:
        for w, eff, ctx in _watcher_hits(g, event, unit, obj, damage):
            _trigger_interpreted(g, eff, w, ctx, obj)


def _watcher_hits(g: GameState, event: EventKind, unit: Unit, obj: Any, damage: int):
    """(watcher, effect, context) for each other card's effect that ``event`` on ``unit`` sets off.
    Lazy on purpose: each match is tested after the previous one has resolved, as the rules do."""
    watchers = g.watchers.get(event)
    if not watchers:
        return
    for w in list(watchers):  # kept enemies-first by primitives.register
        if not w.in_play and w is not unit:
            continue
        for eff in w.fx.get(event, ()):
            subj = eff.trigger.subject
            if subj is None or subj.selector is SELECT_SELF:
                continue
            ctx = Ctx(w, w.card, w.owner if w.owner >= 0 else w.lane, w.lane, unit, obj, damage)
            _bind_participants(ctx, event, unit, obj)
            if matches(g, subj, unit, ctx):
                yield w, eff, ctx


# Events whose "THAT"/"IT" names the other party (the troop an enemy kills, the card it damages).
_PATIENT_IS_OBJECT = frozenset({EVENT_KILLS, EVENT_DEALS_DAMAGE, EVENT_PURCHASED})


def _bind_participants(ctx: Ctx, event: EventKind, unit: Unit, obj: Any) -> None:
    """Anaphora start from the trigger's participants (effects model docstring): each by its kind,
    and "THAT CARD"/"IT" as the event's patient (the object for KILLS/DEALS_DAMAGE, else the subject)."""
    bound = ctx.bound
    patient = event in _PATIENT_IS_OBJECT
    if isinstance(obj, Unit):
        bound[KIND_ENEMY if obj.is_enemy else KIND_TROOP] = obj
        bound[KIND_ENEMY if unit.is_enemy else KIND_TROOP] = obj if obj.is_enemy == unit.is_enemy and patient else unit
    else:
        bound[KIND_ENEMY if unit.is_enemy else KIND_TROOP] = unit
    bound[KIND_CARD] = obj if patient and obj is not None else unit


def source_matches(source: str, ev: Any) -> bool:
    """Whether the damage event ``ev`` comes from ``source``: "reveal" (a Reveal ability),
    "enemy-ability" (any enemy ability, not a Fight attack), "ability-or-item" (not a Fight attack)."""
    if ev is None:
        return False
    if source == "reveal":
        return ev.reveal
    if source == "enemy-ability":
        return ev.ability and ev.source is not None and ev.source.is_enemy
    if source == "ability-or-item":
        return ev.ability
    return True


def _trigger_interpreted(g: GameState, eff: Effect, bearer: Unit, ctx: Ctx, obj: Any) -> bool:
    t = eff.trigger
    if t.object is not None and isinstance(obj, Unit) and not matches(g, t.object, obj, ctx):
        return False
    if t.source is not None and not source_matches(t.source, g.pending):
        return False
    if (eff.wave is not None or eff.limit is not LIMIT_NONE) and not available(g, eff, bearer):
        return False
    if eff.optional and not g.policy.accept(g, eff, ctx):
        return False
    return run_interpreted(g, eff, ctx, bearer)


def reveal_window(g: GameState, enemy: Unit) -> None:
    """Before a Reveal resolves, players may cancel it (CANCEL_REVEAL options)."""
    if not enemy.cancel_reveal:
        g.policy.before_reveal(g, enemy)


def before_damage(g: GameState, ev: Any) -> None:
    """WOULD_BE_DAMAGED and DEALS_DAMAGE-increase effects, then the players' prevention."""
    target = ev.target
    g_pending, g.pending = g.pending, ev
    try:
        if EVENT_WOULD_BE_DAMAGED in target.fx or EVENT_WOULD_BE_DAMAGED in g.watchers:
            fire(g, EVENT_WOULD_BE_DAMAGED, target, obj=ev.source, damage=ev.amount)
        if not target.is_enemy and ev.amount > 0 and not _unpreventable(ev):
            g.policy.prevent(g, ev)
    finally:
        g.pending = g_pending


def _unpreventable(ev: Any) -> bool:
    src = ev.source
    if src is None or not src.fx:
        return False
    return VERB_UNPREVENTABLE in src.statics


def replace_kill(g: GameState, u: Unit, killer: Unit | None) -> bool:
    """Run WOULD_BE_KILLED replacement effects; True when one replaced the kill."""
    if EVENT_WOULD_BE_KILLED not in u.fx and EVENT_WOULD_BE_KILLED not in g.watchers:
        return False
    dmg = u.damage
    fire(g, EVENT_WOULD_BE_KILLED, u, obj=killer)
    return u.damage != dmg and u.damage < max_hp(g, u) or not u.in_play or u.lane < 0


# the primitives fire events through the game's ``triggers`` (state.Triggers): these functions
TRIGGERS = Triggers(fire, before_damage, replace_kill, reveal_window)


# --- running an effect ----------------------------------------------------------------------------

def run(g: GameState, eff: Effect, ctx: Ctx, bearer: Unit | None) -> bool:
    """Check condition and cost, then do the actions. Returns False when nothing happened."""
    plan = _PLANS.get(id(eff))
    if plan is None or plan.effect is not eff:
        plan = plan_of(eff)
    return run_plan(g, plan, ctx, bearer)


def run_plan(g: GameState, plan: Plan, ctx: Ctx, bearer: Unit | None) -> bool:
    """``run_interpreted`` over a compiled plan: handlers, flags and unsupported keys decided once."""
    cond = plan.condition
    if cond is not None and not holds(g, cond, ctx):
        return False
    eff = plan.effect
    ctx.effect = eff
    cost = plan.cost
    if cost:
        for act in cost:
            if not _payable(g, act, ctx):
                return False
    if bearer is not None and plan.limited:
        if plan.once_per_round:
            if not bearer.used:
                bearer.used = set()  # Unit starts with a shared empty frozenset
            bearer.used.add(id(eff))
        else:
            if not bearer.first:
                bearer.first = set()
            bearer.first.add(id(eff))
    if plan.custom_key is not None:
        g.tally.unsupported[plan.custom_key] += 1
        return False
    for act in cost:
        do(g, act, ctx)
    g.tally.effects_used[ctx.card.id] += 1
    if g.trace:
        g.trace(f"  effect of {ctx.card.id}: {plan.trace_text}")
    training = g.rules.training
    for handler, act, act_cond, optional, unsupported in plan.steps:
        if act_cond is not None and not holds(g, act_cond, ctx):
            continue
        if optional and not g.policy.accept(g, eff, ctx):
            continue
        if handler is not None:
            handler(g, act, ctx)
        elif unsupported is not None:
            g.tally.unsupported[unsupported] += 1
        if not (g.base_hp > 0 or training):  # GameState.base_alive
            break
    return True


def run_interpreted(g: GameState, eff: Effect, ctx: Ctx, bearer: Unit | None) -> bool:
    """``run`` reading the effect tree at every call: the reference for the compiled path."""
    if eff.condition is not None and not holds(g, eff.condition, ctx):
        return False
    ctx.effect = eff
    cost = eff.cost
    if cost:
        for act in cost:
            if not _payable(g, act, ctx):
                return False
    if bearer is not None and eff.limit is not LIMIT_NONE:
        if eff.limit is LIMIT_ONCE_PER_ROUND:
            if not bearer.used:
                bearer.used = set()  # Unit starts with a shared empty frozenset
            bearer.used.add(id(eff))
        else:
            if not bearer.first:
                bearer.first = set()
            bearer.first.add(id(eff))
    if eff.custom:
        g.tally.unsupported["custom:" + eff.custom] += 1
        return False
    for act in cost:
        do(g, act, ctx)
    g.tally.effects_used[ctx.card.id] += 1
    if g.trace:
        g.trace(f"  effect of {ctx.card.id}: {eff.text or eff.trigger.event.value}")
    for act in eff.actions:
        if act.condition is not None and not holds(g, act.condition, ctx):
            continue
        if act.optional and not g.policy.accept(g, eff, ctx):
            continue
        handler = HANDLERS.get(act.verb)  # do(), inlined: this loop runs for every effect
        if handler is not None:
            handler(g, act, ctx)
        elif act.verb not in PASSIVE:
            g.tally.unsupported[act.verb.value] += 1
        if not (g.base_hp > 0 or g.rules.training):  # GameState.base_alive
            break
    return True


def _payable(g: GameState, act: Action, ctx: Ctx) -> bool:
    if act.verb in (VERB_DISCARD, VERB_BURN) and act.target is not None:
        need = act.target.count or 1
        return len(select(g, act.target, ctx)) >= need
    if act.verb is VERB_DEAL_DAMAGE:
        targets = select(g, act.target, ctx)
        return bool(targets)
    return True


def targets_of(g: GameState, act: Action, ctx: Ctx) -> list:
    """The entities an action touches: CHOOSE / CHOSEN_BY_OWNER asks the policy."""
    t = act.target
    if t is not None and t.selector is SELECT_SELF and ctx.bearer is not None and t.kind in _UNIT_KINDS:
        cands = [ctx.bearer]  # select()'s answer for "THIS ENEMY/TROOP" (Smoker's "place this enemy")
    else:
        cands = select(g, t, ctx)
    if t is not None and t.selector in (SELECT_CHOOSE, SELECT_CHOSEN_BY_OWNER) and t.count is not None:
        if len(cands) > t.count:
            cands = g.policy.choose(g, ctx, act, cands, t.count)
    if cands and t is not None:
        first = cands[0]
        if isinstance(first, Unit):
            ctx.bound[KIND_ENEMY if first.is_enemy else KIND_TROOP] = first
        elif isinstance(first, tuple) and isinstance(first[1], CardDef):
            ctx.bound[KIND_CARD] = first[1]
            ctx.bound[KIND_TROOP if first[1].is_troop else KIND_ITEM] = first[1]
    return cands


def do(g: GameState, act: Action, ctx: Ctx) -> None:
    handler = HANDLERS.get(act.verb)
    if handler is None:
        if act.verb not in PASSIVE:
            g.tally.unsupported[act.verb.value] += 1
        return
    handler(g, act, ctx)


def _units(xs: list) -> list[Unit]:
    """Units in a lane, or just killed and still resolving their triggers (not yet discarded)."""
    return [x for x in xs if isinstance(x, Unit) and (x.in_play or x.lane >= 0)]


def _deal(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx)
    by_reveal = ctx.effect is not None and ctx.effect.trigger.event is EVENT_REVEAL
    for x in targets_of(g, act, ctx):
        if x == "base":
            P.damage_base(g, n, ctx.bearer)
        elif isinstance(x, Unit) and x.in_play:
            dealt = P.deal_damage(g, x, n, ctx.bearer, ability=True, by_reveal=by_reveal)
            ctx.damage = dealt


def _prevent(g: GameState, act: Action, ctx: Ctx) -> None:
    """Reduce the pending damage; after the fact (a DAMAGED trigger: "WHEN THIS TROOP IS DAMAGED,
    ... PREVENT ...") the prevented amount is healed from the damaged card instead."""
    ev = g.pending
    if ev is None:
        victim = ctx.subject
        if isinstance(victim, Unit) and ctx.effect is not None and ctx.effect.trigger.event is EVENT_DAMAGED:
            n = min(amount(g, act.amount, ctx), ctx.damage, victim.damage)
            P.heal(g, victim, n)
            ctx.damage = n
        return
    if act.source is not None and not source_matches(act.source, ev):
        return
    t = act.target
    if t is not None and t.selector is SELECT_SELF and ev.target is not ctx.bearer:
        return
    n = min(amount(g, act.amount, ctx), ev.amount)
    ev.amount -= n
    ctx.damage = n
    ctx.bound[KIND_TROOP if not ev.target.is_enemy else KIND_ENEMY] = ev.target
    if ev.source is not None:
        ctx.bound.setdefault(KIND_ENEMY if ev.source.is_enemy else KIND_TROOP, ev.source)


def _redirect(g: GameState, act: Action, ctx: Ctx) -> None:
    """The triggering damage (up to ``amount``) goes to the target instead; after the fact (DAMAGED)
    it is healed from the damaged card and dealt to the target."""
    ev = g.pending
    cands = _units(targets_of(g, act, ctx))
    if not cands:
        return
    to = cands[0]
    if ev is None:
        victim = ctx.subject
        if not isinstance(victim, Unit) or victim is to or not to.in_play:
            return
        n = min(amount(g, act.amount, ctx) if act.amount else ctx.damage, ctx.damage, victim.damage)
        P.heal(g, victim, n)
        P.deal_damage(g, to, n, ctx.object if isinstance(ctx.object, Unit) else None)
        return
    if to is ev.target:
        return
    n = min(amount(g, act.amount, ctx) if act.amount else ev.amount, ev.amount)
    ev.amount -= n
    P.deal_damage(g, to, n, ev.source, ability=ev.ability, by_reveal=ev.reveal)


def _heal(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx)
    for u in _units(targets_of(g, act, ctx)):
        P.heal(g, u, n)


def _heal_to(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx)
    for u in _units(targets_of(g, act, ctx)):
        P.heal_to(g, u, n)


def _pile_move(g: GameState, x: tuple, dest: list | None) -> None:
    pile, card = x
    if pile == "self":  # the card bearing the effect, in its owner's hand
        return
    pile.remove(card)
    if dest is None:
        g.burned.append(card)
    else:
        dest.append(card)


def _burn(g: GameState, act: Action, ctx: Ctx) -> None:
    for x in targets_of(g, act, ctx):
        if isinstance(x, Unit):
            P.burn_unit(g, x)
        elif isinstance(x, tuple) and isinstance(x[0], Unit):
            holder, card = x
            holder.equipment.remove(card)
            g.burned.append(card)
            P.register(g, holder)
        elif isinstance(x, tuple):
            if x[0] == "self":
                _self_from_hand(g, ctx, burn=True)
            else:
                _pile_move(g, x, None)


def _discard(g: GameState, act: Action, ctx: Ctx) -> None:
    for x in targets_of(g, act, ctx):
        if isinstance(x, Unit):
            P.discard_unit(g, x)
        elif isinstance(x, tuple) and isinstance(x[0], Unit):
            holder, card = x
            holder.equipment.remove(card)
            g.players[holder.owner if holder.owner >= 0 else holder.lane].discard.append(card)
            P.register(g, holder)
        elif isinstance(x, tuple):
            if x[0] == "self":
                _self_from_hand(g, ctx, burn=False)
            else:
                _pile_move(g, x, g.players[ctx.player].discard)
                ctx.bound[KIND_CARD] = x[1]


def _self_from_hand(g: GameState, ctx: Ctx, burn: bool) -> None:
    hand = g.players[ctx.player].hand
    if ctx.card in hand:
        hand.remove(ctx.card)
        (g.burned if burn else g.players[ctx.player].discard).append(ctx.card)


def _kill(g: GameState, act: Action, ctx: Ctx) -> None:
    for u in _units(targets_of(g, act, ctx)):
        if u.in_play:
            P.kill(g, u, ctx.bearer)


def _place(g: GameState, act: Action, ctx: Ctx) -> None:
    dest: Position | None = act.destination
    xs = targets_of(g, act, ctx)
    for x in xs:
        if isinstance(x, Unit):
            if dest is not None and dest.side == "enemy" and not x.is_enemy:
                _become_enemy(g, x, ctx)  # "place it at the end of the enemy lane. It becomes an enemy"
            elif not x.in_play:
                if x.lane >= 0:
                    lane = x.lane
                    x.in_play = True
                    (g.players[lane].enemies if x.is_enemy else g.players[lane].troops).append(x)
                    P.register(g, x)
            elif dest is None or dest.end == "back":
                P.move_to_back(g, x)
            else:
                P.advance(g, x)
        elif isinstance(x, tuple) and isinstance(x[1], CardDef) and x[0] != "self":
            card = x[1]
            if dest is not None and dest.side == "enemy":
                x[0].remove(card)
                P.place_enemy(g, ctx.lane, card, owner=ctx.player, converted=True)
            elif dest is not None and dest.side == "pile" or act.destination is None:
                _pile_move(g, x, g.players[ctx.player].hand)


def _become_enemy(g: GameState, u: Unit, ctx: Ctx) -> None:
    lane = ctx.lane if ctx.lane >= 0 else u.lane
    if u.in_play:
        P.remove(g, u)
    owner = u.owner if u.owner >= 0 else u.lane
    if u.equipment:
        g.players[owner].discard.extend(u.equipment)
        u.equipment = []
    u.owner = owner
    P.place_enemy(g, lane, u.card, face_up=True, owner=owner, converted=True, unit=u)


def _become_enemy_verb(g: GameState, act: Action, ctx: Ctx) -> None:
    for x in targets_of(g, act, ctx):
        if isinstance(x, Unit) and not x.is_enemy:
            _become_enemy(g, x, ctx)


def _spawn(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx) or 1
    wave = act.target.wave if act.target is not None and act.target.wave else g.wave
    for _ in range(n):
        card = P.draw_enemy(g, wave)
        if card is not None:
            P.place_enemy(g, ctx.lane, card)


def _gain_card(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx) or 1
    value = _xeno_value_of(act.card or (act.target.card if act.target else None))
    card = g.xeno_supply.get(value)
    if card is not None:
        g.players[ctx.player].discard.extend([card] * n)


def _xeno_value_of(name: str | None) -> int:
    digits = "".join(ch for ch in (name or "") if ch.isdigit())
    return int(digits) if digits else 0


def _advance(g: GameState, act: Action, ctx: Ctx) -> None:
    for u in _units(targets_of(g, act, ctx)):
        P.advance(g, u)


def _reverse(g: GameState, act: Action, ctx: Ctx) -> None:
    enemy = act.target is not None and act.target.kind is KIND_ENEMY
    p = g.players[ctx.lane]
    P.reverse_lane(g, p.enemies if enemy else p.troops)


def _modify(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx)
    if act.stat in (STAT_POWER, STAT_POWER_AND_HP):
        for u in _units(targets_of(g, act, ctx)):
            u.temp_power += n


def _boost(g: GameState, act: Action, ctx: Ctx) -> None:
    n = amount(g, act.amount, ctx)
    for u in _units(targets_of(g, act, ctx)):
        u.next_attack += n


def _increase(g: GameState, act: Action, ctx: Ctx) -> None:
    if g.pending is not None:
        g.pending.amount += amount(g, act.amount, ctx)


def _strike_first(g: GameState, act: Action, ctx: Ctx) -> None:
    for u in _units(targets_of(g, act, ctx)):
        u.strike_first_next = True


def _reduce_cost(g: GameState, act: Action, ctx: Ctx) -> None:
    g.players[ctx.player].discounts.append(amount(g, act.amount, ctx))


def _gain_resources(g: GameState, act: Action, ctx: Ctx) -> None:
    P.gain_resources(g, g.players[ctx.player], amount(g, act.amount, ctx))


def _cancel(g: GameState, act: Action, ctx: Ctx) -> None:
    for u in _units(targets_of(g, act, ctx)):
        u.cancel_reveal = True


def _target(g: GameState, act: Action, ctx: Ctx) -> None:
    targets_of(g, act, ctx)


def _deploy(g: GameState, act: Action, ctx: Ctx) -> None:
    p = g.players[ctx.player]
    if ctx.card in p.hand and ctx.card.is_troop:
        lane = g.policy.deploy_lane(g, p, ctx.card)
        if lane is not None:
            P.deploy_troop(g, p, ctx.card, lane, 0)


HANDLERS: dict[Verb, Callable[[GameState, Action, Ctx], None]] = {
    VERB_DEAL_DAMAGE: _deal, VERB_PREVENT_DAMAGE: _prevent, VERB_HEAL: _heal, VERB_HEAL_TO: _heal_to,
    VERB_REDIRECT_DAMAGE: _redirect, VERB_BURN: _burn, VERB_DISCARD: _discard, VERB_KILL: _kill,
    VERB_PLACE: _place, VERB_SPAWN_ENEMY: _spawn, VERB_GAIN_CARD: _gain_card, VERB_ADVANCE: _advance,
    VERB_REVERSE_ORDER: _reverse, VERB_MODIFY_STAT: _modify, VERB_BOOST_ATTACK: _boost,
    VERB_INCREASE_DAMAGE: _increase, VERB_STRIKE_FIRST: _strike_first, VERB_REDUCE_COST: _reduce_cost,
    VERB_GAIN_RESOURCES: _gain_resources, VERB_CANCEL_REVEAL: _cancel, VERB_TARGET: _target,
    VERB_DEPLOY: _deploy, VERB_BECOME_ENEMY: _become_enemy_verb,
}

# Continuous verbs: read where they matter (query.power, combat, purchase), never "run".
PASSIVE = frozenset({VERB_REDUCE_DAMAGE_TAKEN, VERB_ATTACK_MULTIPLE, VERB_EXCESS_DAMAGE, VERB_UNPREVENTABLE,
                     VERB_UNTARGETABLE, VERB_CANNOT_EQUIP, VERB_CANNOT_BE_PURCHASED, VERB_BECOME_TROOP})
register_handlers(HANDLERS, PASSIVE)


# --- options a player may use (instants, abilities) -----------------------------------------------

class Option:
    """A usable effect: an instant or from-hand card of ``player``, or a USE ability of ``unit``."""

    __slots__ = ("player", "card", "unit", "effect")

    def __init__(self, player: int, card: CardDef, unit: Unit | None, effect: Effect) -> None:
        self.player = player
        self.card = card
        self.unit = unit
        self.effect = effect

    def __repr__(self) -> str:
        return f"Option({self.card.id}{'@lane' if self.unit else '@hand'})"


_VERBS: dict[int, frozenset] = {}


def verbs(eff: Effect) -> frozenset:
    """The verbs of an effect's actions (cached: effect trees never change)."""
    v = _VERBS.get(id(eff))
    if v is None:
        v = _VERBS[id(eff)] = frozenset(a.verb for a in eff.actions)
    return v


def options(g: GameState, want: frozenset | None = None) -> list[Option]:
    """Effects the players could use now (instants and from-hand cards, lane USE abilities),
    restricted to effects with one of the verbs ``want`` when given."""
    out: list[Option] = []
    for p in g.players:
        for card in p.hand:
            for eff in card.hand_effects:
                if (want is None or not want.isdisjoint(verbs(eff))) and available(g, eff, None):
                    out.append(Option(p.index, card, None, eff))
        for u in p.troops:
            for eff in u.fx.get(EVENT_USE, ()):
                if (want is None or not want.isdisjoint(verbs(eff))) and available(g, eff, u):
                    out.append(Option(u.owner, u.card, u, eff))
    return out


def use(g: GameState, opt: Option) -> bool:
    """Use an option: run its effect; an instant played from hand is then discarded."""
    p = g.players[opt.player]
    lane = opt.unit.lane if opt.unit is not None else opt.player
    ctx = Ctx(opt.unit, opt.card, opt.player, lane)
    if opt.unit is None and opt.card not in p.hand:
        return False
    done = run(g, opt.effect, ctx, opt.unit)
    if done and opt.unit is None and opt.card.is_item and opt.card in p.hand:
        p.hand.remove(opt.card)
        p.discard.append(opt.card)
    return done


def first_action(eff: Effect) -> Action | None:
    return eff.actions[0] if eff.actions else None


def preview_amount(g: GameState, opt: Option, act: Action) -> int:
    a = act.amount
    if a is not None and a.ref is None and a.per is None and a.plus is None and not a.all\
            and not a.half_round_up:
        n = a.value + a.wave * g.wave  # query.amount without a context (nothing to look up)
        return n if n < BIG else BIG
    lane = opt.unit.lane if opt.unit is not None else opt.player
    n = amount(g, a, Ctx(opt.unit, opt.card, opt.player, lane))
    return n if n < BIG else BIG


