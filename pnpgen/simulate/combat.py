"""The Combat Phase (rulebook "The Combat Phase"): each lane in turn, from the First Player to the left.

Per enemy: Reveal and React, Fight (repeated attacks with React windows in between), Advance (the
next troop or enemy moves to the front) and Aftermath (Overrun: each remaining enemy is revealed,
reacted to, then damages the Base by its Power and is discarded).

Rule decisions (ambiguous text, checked against traced games):
* One Fight at a time, front troop against front enemy, repeated until one of them dies; every
  troop of the lane may fight in turn, any number of enemies per lane and Combat phase (001 Fight /
  Advance). Damage on troops stays between Rounds (001 Wrap-Up); enemies never survive a Combat
  phase (killed, or discarded after Overrun), so nothing on the enemy side persists.
* Overrun is per enemy: each enemy left in a lane without troops deals its Power to the Base once
  (001 Aftermath), with the lane's continuous effects (a Smoker's +1 Power) counted.
* "If this enemy kills a troop" (Worm Host) fires on every kill, like "each time" (Bile Roach), and
  also when the enemy dies in the same simultaneous attack (Onslaught FAQ: "Yes").
* A troop turned enemy keeps fighting as an enemy of its card's Power/HP, without abilities (001
  Additional Rules) and goes to its owner's discard pile when killed or discarded.
"""

from __future__ import annotations

from pnpgen.simulate import executor as X
from pnpgen.simulate import primitives as P
from pnpgen.simulate.query import max_hp, power, select, _ctx
from pnpgen.simulate import trace as T
from pnpgen.simulate.state import GameState, Unit
from pnpgen.simulate.constants import (
    EVENT_ATTACKED_SURVIVES, EVENT_ATTACKS, EVENT_ATTACKS_BASE, VERB_ATTACK_MULTIPLE, VERB_EXCESS_DAMAGE,
    VERB_STRIKE_FIRST,
)


STALL_LIMIT = 3  # attacks in a row that change nothing: the fight can never end (both deal 0)


def combat_phase(g: GameState) -> None:
    n = len(g.players)
    for i in range(n):
        combat_lane(g, (g.first_player + i) % n)


def combat_lane(g: GameState, lane: int) -> None:
    g.active = lane
    p = g.players[lane]
    if g.trace:
        g.trace(f"combat {T.lane_text(g, lane)}")
    enemies = p.enemies
    guard = 0
    while enemies:
        guard += 1
        if guard > 200:  # spawning loops ("add 2 enemies") cannot run forever
            for e in list(enemies):
                P.discard_unit(g, e)
            g.tally.stalemates += 1
            return
        e = enemies[0]
        if not e.face_up:
            P.reveal(g, e)                       # Reveal: flip, resolve Reveal ability
        if not e.in_play or enemies[0] is not e:
            continue                             # killed or moved by its own Reveal
        g.policy.react(g, "reveal", e)            # React
        if not e.in_play or not enemies or enemies[0] is not e:
            continue
        if p.troops:
            fight(g, lane, e)
        else:
            overrun(g, lane, e)


def fight(g: GameState, lane: int, e: Unit) -> None:
    """Fight until the enemy or every troop is gone; React between attacks."""
    p = g.players[lane]
    enemies, troops = p.enemies, p.troops  # the lane lists are never replaced, only changed
    react = g.policy.react
    stall = 0
    while e.in_play and enemies and enemies[0] is e:
        if not troops:
            overrun(g, lane, e)
            return
        t = troops[0]
        t_dmg, e_dmg, n = t.damage, e.damage, len(troops)
        attack(g, t, e)
        if not e.in_play or not enemies or enemies[0] is not e:
            return
        if t.damage == t_dmg and e.damage == e_dmg and len(troops) == n and t.in_play:
            stall += 1
            if stall >= STALL_LIMIT:
                g.tally.stalemates += 1
                P.discard_unit(g, e)  # neither side can hurt the other: the enemy never gets past
                return
        else:
            stall = 0
        react(g, "fight", e)


def attack(g: GameState, t: Unit, e: Unit) -> None:
    """The troop and the enemy attack each other; first-strike cards deal their damage first."""
    if EVENT_ATTACKS in e.fx:
        X.fire(g, EVENT_ATTACKS, e, obj=t)       # enemy abilities first (Simultaneous Effects)
    if EVENT_ATTACKS in t.fx and t.in_play and e.in_play:
        X.fire(g, EVENT_ATTACKS, t, obj=e)
    if not (t.in_play and e.in_play):
        return
    # first strike: this attack only (an effect) or always (a continuous STRIKE_FIRST)
    e_first = e.strike_first_next or VERB_STRIKE_FIRST in e.statics
    t_first = t.strike_first_next or VERB_STRIKE_FIRST in t.statics
    # query.power without the call when no modifier can apply (no own modifier, no Power aura)
    if g.power_auras:
        pe = power(g, e)
        pt = power(g, t) + t.next_attack
    else:
        if e.mods:
            pe = power(g, e)
        else:
            pe = e.base_power + e.temp_power
            if pe < 0:
                pe = 0
        if t.mods:
            pt = power(g, t)
        else:
            pt = t.base_power + t.temp_power
            if pt < 0:
                pt = 0
        pt += t.next_attack
    t.next_attack = 0
    t.strike_first_next = e.strike_first_next = False
    e.attacked = True
    if g.trace:
        g.trace(f"  fight {T.unit_text(g, t)} vs {T.unit_text(g, e)}{' (enemy first)' if e_first and not t_first else ''}")
    if e_first and not t_first:
        enemy_hits(g, e, t, pe)
        if t.in_play and e.in_play:
            P.deal_damage(g, e, pt, t, attack=True)
    elif t_first and not e_first:
        P.deal_damage(g, e, pt, t, attack=True)
        if e.in_play and t.in_play:
            enemy_hits(g, e, t, power(g, e))
    else:
        # simultaneous: both Powers are fixed before either damage lands
        if e.statics:
            enemy_hits(g, e, t, pe)
        else:  # enemy_hits' plain case, without the call (most enemies have no attack statics)
            P.deal_damage(g, t, pe, e, attack=True)
        if e.in_play:
            P.deal_damage(g, e, pt, t, attack=True)
    if e.in_play and EVENT_ATTACKED_SURVIVES in e.fx:
        X.fire(g, EVENT_ATTACKED_SURVIVES, e, obj=t)


def enemy_hits(g: GameState, e: Unit, t: Unit, pe: int) -> None:
    """An enemy's attack: one troop, several (ATTACK_MULTIPLE) or spilling over (EXCESS_DAMAGE)."""
    statics = e.statics
    if statics:
        multi = statics.get(VERB_ATTACK_MULTIPLE)  # query.has_static, without the call
        if multi is not None:
            victims = select(g, multi.victims or multi.target, _ctx(e)) if multi.victims else list(
                g.players[e.lane].troops)
            for v in [v for v in victims if isinstance(v, Unit) and not v.is_enemy]:
                P.deal_damage(g, v, pe, e, attack=True)
            return
        excess = statics.get(VERB_EXCESS_DAMAGE)
        if excess is not None:
            _excess(g, e, t, pe, excess)
            return
    P.deal_damage(g, t, pe, e, attack=True)


def _excess(g: GameState, e: Unit, t: Unit, pe: int, act) -> None:
    """Damage above the victim's remaining HP goes to the next troop (``amount`` extra troops at
    most), and with ``to_base`` to the Base when no troop is left."""
    limit = act.amount.value if act.amount is not None and act.amount.value else None
    troops = g.players[e.lane].troops
    victim, extra = t, 0
    while True:
        room = max_hp(g, victim) - victim.damage
        if victim not in troops:
            return
        i = troops.index(victim)
        P.deal_damage(g, victim, pe, e, attack=True)
        pe -= room
        if pe <= 0 or victim.in_play:
            return
        if limit is not None and extra >= limit:
            return
        if i >= len(troops):  # no troop behind the one just killed
            if act.to_base:
                P.damage_base(g, pe, e)
            return
        victim, extra = troops[i], extra + 1


def overrun(g: GameState, lane: int, e: Unit) -> None:
    """Aftermath, Overrun: a last React, then the enemy damages the Base by its Power and is discarded."""
    if g.trace:
        g.trace(f"  overrun by {T.unit_text(g, e)}")
    g.policy.react(g, "overrun", e)
    if not e.in_play:
        return
    if g.players[lane].troops:  # a troop was deployed as an instant: fight it instead
        fight(g, lane, e)
        return
    P.damage_base(g, power(g, e), e)
    if e.in_play and EVENT_ATTACKS_BASE in e.fx:
        X.fire(g, EVENT_ATTACKS_BASE, e)
    if e.in_play:
        P.discard_unit(g, e)
