"""A readable log of one game, step by step: the debugging aid behind ``pnpgen simulate --trace``.

The engine calls ``g.trace(line)`` at its trace points (phases, combat, primitives, executor) only
when ``g.trace`` is set, so Monte Carlo runs pay one attribute test per point. ``trace_game`` plays
game ``index`` of a seeded run exactly as ``run_simulation`` would (same ``game_rng``) and returns
its lines, so a surprising statistic can be replayed and read against the rulebook.
"""

from __future__ import annotations

from typing import Any, Callable

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


def trace_game(game: Any, players: int, seed: int, index: int = 0, difficulty: str = "normal",
               policy: str = "heuristic", out: Callable[[str], None] | None = None) -> list[str]:
    """Play game ``index`` of the run ``seed`` with tracing on; returns (and passes to ``out``) its lines."""
    from pnpgen.simulate.phases import play_round
    from pnpgen.simulate.policies import POLICIES
    from pnpgen.simulate.rules import Rules
    from pnpgen.simulate.runner import game_rng
    from pnpgen.simulate.setup import build_pools, new_game
    from pnpgen.simulate.state import GameOver

    rules = Rules.from_game(game.rules, difficulty)
    pools = build_pools(list(game.cards), rules)
    lines: list[str] = []

    def emit(line: str) -> None:
        lines.append(line)
        if out is not None:
            out(line)

    g = new_game(pools, rules, players, game_rng(seed, index))
    g.policy = POLICIES[policy]()
    g.trace = emit
    emit(f"game {index} of seed {seed}: {players} player(s), {difficulty}, Base {g.base_hp} HP")
    try:
        while not g.won:
            play_round(g)
    except GameOver:
        g.lost_round = g.round_index
    emit(f"RESULT: {'won' if g.won else 'lost in round ' + str(g.lost_round)}, Base HP {g.base_hp}, "
         f"damage to the Base {g.base_damage}")
    return lines
