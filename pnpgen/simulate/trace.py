"""How a game log writes lanes, units and cards: text only (``runner.trace_game`` plays the game).

The engine calls ``g.trace(line)`` at its trace points (phases, combat, primitives, executor) only
when ``g.trace`` is set, so Monte Carlo runs pay one attribute test per point; these helpers make
the text of those lines.
"""

from __future__ import annotations

from pnpgen.simulate.query import max_hp, power
from pnpgen.simulate.state import GameState, Unit


def unit_text(g: GameState, u: Unit) -> str:
    """``ranger 3/2-1`` = Power 3, HP 2, 1 damage; ``?`` for a face-down enemy; ``+item`` for equipment."""
    if u.is_enemy and not u.face_up:
        return f"?{u.card.id}"
    dmg = f"-{u.damage}" if u.damage else ""
    eq = "".join(f"+{e.id}" for e in u.equipment)
    boss = "*" if u.card.boss else ""
    return f"{boss}{u.card.id}{eq} {power(g, u)}/{max_hp(g, u)}{dmg}"


def lane_text(g: GameState, lane: int) -> str:
    p = g.players[lane]
    troops = ", ".join(unit_text(g, u) for u in p.troops) or "-"
    enemies = ", ".join(unit_text(g, u) for u in p.enemies) or "-"
    return f"lane {lane}: troops [{troops}] | enemies [{enemies}]"


def cards_text(cards: list) -> str:
    return ", ".join(c.id for c in cards) or "-"
