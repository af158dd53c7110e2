"""Monte Carlo runner: many seeded games, optionally on several processes; one game traced.

Game ``i`` of a run with seed ``S`` uses ``random.Random(f"{S}:{i}")`` and nothing else, so a run's
statistics are identical for any number of workers and are not affected by the global ``random``
state. Cards are compiled (effect trees parsed) once per worker, not once per game. ``trace_game``
plays one game of a run the same way with the engine's trace points on (``trace`` writes the text),
so a surprising statistic can be replayed and read against the rulebook.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any, Callable, Iterable, Sequence

from pnpgen.simulate.cards import left_out_reason
from pnpgen.simulate.phases import play_round
from pnpgen.simulate.policies import POLICIES
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.setup import CardPools, build_pools, new_game
from pnpgen.simulate.state import GameOver, GameState
from pnpgen.simulate.stats import Comparison, GameResult, SimulationStats, compare

CHUNK = 250  # games per task: big enough to amortise pickling, small enough for progress


class SimulationError(ValueError):
    """Bad arguments to a simulation (player count, policy name...)."""


def game_rng(seed: int, index: int) -> random.Random:
    """The one random source of game ``index`` of a run seeded ``seed``."""
    return random.Random(f"{seed}:{index}")


def play_game(pools: CardPools, rules: Rules, players: int, rng: random.Random, policy: Any) -> GameResult:
    """Play one game to the end: all Waves survived, or the Base at 0 HP."""
    g = new_game(pools, rules, players, rng)
    g.policy = policy
    damage_after: list[int] = []  # damage to the Base at the end of each Round played through
    _play_out(g, damage_after)
    rounds, wave_hp = survival_of(rules, players, damage_after)
    return GameResult(g.won, g.base_hp, g.lost_round, g.base_damage, g.tally, rounds, wave_hp)


def _play_out(g: GameState, damage_after: list[int]) -> None:
    """Play Rounds until every Wave is survived or the Base falls, noting the Base damage after each."""
    try:
        while not g.won:
            play_round(g)
            damage_after.append(g.base_damage)
    except GameOver:
        g.lost_round = g.round_index


def trace_game(game: Any, players: int, seed: int, index: int = 0, difficulty: str = "normal",
               policy: str = "heuristic", out: Callable[[str], None] | None = None) -> list[str]:
    """Play game ``index`` of the run ``seed`` with tracing on; returns (and passes to ``out``) its lines."""
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
    _play_out(g, [])
    emit(f"RESULT: {'won' if g.won else 'lost in round ' + str(g.lost_round)}, Base HP {g.base_hp}, "
         f"damage to the Base {g.base_damage}")
    return lines


def survival_of(rules: Rules, players: int, damage_after: list[int]) -> tuple[int, tuple[int, ...]]:
    """Rounds the Base stands through, and its HP at the end of each Wave (0 once fallen).

    Measured against the normal Base HP of the difficulty (in training mode, where the Base starts
    at 0 and never falls, against 15 per player: the Round it *would* have fallen in; the rules are
    the same until then and no player reads the Base HP)."""
    hp = rules.base_hp_per_player * players
    rounds = 0
    for dmg in damage_after:
        if dmg >= hp:
            break
        rounds += 1
    per_wave = rules.rounds_per_wave
    wave_hp = tuple(max(0, hp - damage_after[w * per_wave - 1]) if rounds >= w * per_wave else 0
                    for w in range(1, rules.waves + 1))
    return rounds, wave_hp


# --- workers --------------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(cards: Sequence[Any], extra: Sequence[Any], rules: Rules, players: int, policy: str) -> None:
    _WORKER.update(pools=build_pools(cards, rules, extra), rules=rules, players=players,
                   policy=POLICIES[policy](), policy_name=policy)


def _run_chunk(args: tuple[int, int, int, str, int]) -> SimulationStats:
    seed, start, stop, game_id, players = args
    w = _WORKER
    stats = SimulationStats(game_id, players, seed, w["rules"].difficulty, w["policy_name"])
    stats.total_rounds = w["rules"].waves * w["rules"].rounds_per_wave
    for i in range(start, stop):
        stats.add(play_game(w["pools"], w["rules"], players, game_rng(seed, i), w["policy"]))
    return stats


def run_simulation(game: Any, players: int, games: int, seed: int, difficulty: str = "normal",
                   policy: str = "heuristic", workers: int | None = None, extra_cards: Iterable[Any] = (),
                   progress: Callable[[int, int], None] | None = None) -> SimulationStats:
    """Play ``games`` games of ``game`` (a spec ``Game``) and return their statistics.

    ``extra_cards``: spec cards (e.g. ``load_game(dir).cards`` of an expansion) added to the pools.
    ``workers``: processes (None = all cores, 1 = in this process). ``progress(done, total)`` is
    called after each chunk of games.
    """
    if not game.players_min <= players <= game.players_max:
        raise SimulationError(f"{game.name} is for {game.players_min}-{game.players_max} players, not {players}")
    if policy not in POLICIES:
        raise SimulationError(f"unknown policy {policy!r}; use one of {', '.join(POLICIES)}")
    if games < 1:
        raise SimulationError("--games must be at least 1")
    rules = Rules.from_game(game.rules, difficulty)
    cards, extra = list(game.cards), list(extra_cards)
    workers = max(1, min(workers or os.cpu_count() or 1, (games + CHUNK - 1) // CHUNK))
    tasks = [(seed, s, min(s + CHUNK, games), game.id, players) for s in range(0, games, CHUNK)]
    total = SimulationStats(game.id, players, seed, difficulty, policy)
    total.total_rounds = rules.waves * rules.rounds_per_wave
    started = time.perf_counter()
    _init_worker(cards, extra, rules, players, policy)  # compile once; forked workers inherit it
    pools = _WORKER["pools"]
    if workers == 1:
        _collect(total, map(_run_chunk, tasks), games, progress)
    else:
        import multiprocessing as mp

        method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
        init = (None, ()) if method == "fork" else (_init_worker, (cards, extra, rules, players, policy))
        with mp.get_context(method).Pool(workers, initializer=init[0], initargs=init[1]) as pool:
            _collect(total, pool.imap(_run_chunk, tasks), games, progress)
    total.seconds = time.perf_counter() - started
    total.workers = workers
    total.unparsed_cards = tuple(sorted({c.id for c in pools.cards if c.unparsed}))
    total.excluded_cards = tuple(sorted({c.id for c in pools.cards if c.incomplete and not c.starter}))
    # an expansion loaded as the game carries its own cards (``origin``); extra_cards adds others
    total.extra_cards = tuple(sorted({c.id for c in extra} | {c.id for c in cards if getattr(c, "origin", "")}))
    total.excluded_reasons = {c.id: why for c in (*cards, *extra) if (why := left_out_reason(c)) is not None}
    return total


def _collect(total: SimulationStats, results: Iterable[SimulationStats], games: int,
             progress: Callable[[int, int], None] | None) -> None:
    for chunk in results:  # imap keeps task order, so merging is deterministic
        total.merge(chunk)
        if progress is not None:
            progress(total.games, games)


def compare_with(game: Any, extra_game: Any, players: int, games: int, seed: int, **kwargs: Any) -> Comparison:
    """Win rates without and with an expansion's cards (same seeds), and their difference."""
    base = run_simulation(game, players, games, seed, **kwargs)
    other = run_simulation(game, players, games, seed, extra_cards=extra_game.cards, **kwargs)
    return compare(base, other)


