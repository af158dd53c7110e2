"""Benchmark: how much less training damage the lookahead player takes than the heuristic, and its cost.

    .venv/bin/python bench/lookahead.py [--games 2000] [--players 2] [--seed 1] [--workers 2]

Both players play the same games (game ``i`` uses ``runner.game_rng(seed, i)``, as in ``pnpgen
simulate`` and ``pnpgen sweep``: common random numbers), in training mode, on the local process
backend (``backends.run_blocks``, one block of 10 games per task). Printed: each player's mean training damage,
the paired difference (lookahead - heuristic) with its 95 % interval, in points and in per cent of
the heuristic's damage, and the CPU milliseconds per game of each player (this process and its
reaped workers, ``getrusage``: what a game costs whatever else the machine is doing).
"""

from __future__ import annotations

import argparse
import json
import resource
import time

from pnpgen.simulate import backends
from pnpgen.simulate import lookahead as L
from pnpgen.simulate import sweep as S
from pnpgen.simulate.backends import run_blocks

BLOCK = 10  # games per block, one block per task: the slow player's games spread over the workers
from pnpgen.spec import load_game


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def play(game, policy: str, players: int, games: int, seed: int, workers: int) -> tuple[list[int], float, float]:
    """(training damage per game in seed order, CPU seconds, wall seconds)."""
    setup = S.Setup(game, (), seed, policy)
    blocks = S.blocks_for([None], [players], games, BLOCK)
    done: dict = {}
    c, t = _cpu(), time.perf_counter()
    run_blocks(setup, setup.key(), blocks, lambda b, r: done.__setitem__(b, r), S.play_block, workers=workers)
    cpu, wall = _cpu() - c, time.perf_counter() - t
    return [d for b in blocks for d in done[b]["damage"]], cpu, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rollouts", type=int, default=L.ROLLOUTS, help="deals per candidate")
    ap.add_argument("--horizon", type=int, default=L.HORIZON, help="Rounds a rollout plays")
    ap.add_argument("--react-rollouts", type=int, default=L.REACT_ROLLOUTS)
    ap.add_argument("--react-horizon", type=int, default=L.REACT_HORIZON)
    ap.add_argument("--only", choices=("purchase", "react"), help="search one kind of decision only")
    ap.add_argument("--json", help="also write the per-game damages and the summary to this file")
    args = ap.parse_args()
    backends.GROUP = 1  # one block per task (the sweep groups 8 blocks of a variant per task)
    L.ROLLOUTS, L.HORIZON = args.rollouts, args.horizon  # set before the workers fork
    L.REACT_ROLLOUTS, L.REACT_HORIZON = args.react_rollouts, args.react_horizon
    if args.only:
        L.LookaheadPolicy.search_purchase = args.only == "purchase"
        L.LookaheadPolicy.search_react = args.only == "react"
    game = load_game("xenoshyft")
    base, base_cpu, base_wall = play(game, "heuristic", args.players, args.games, args.seed, args.workers)
    look, look_cpu, look_wall = play(game, "lookahead", args.players, args.games, args.seed, args.workers)
    n = args.games
    hb, hl = sum(base) / n, sum(look) / n
    mean, lo, hi = S.paired(base, look)
    print(f"{n} games, {args.players} players, seed {args.seed}, training damage per game "
          f"(rollouts {L.ROLLOUTS}, horizon {L.HORIZON} Rounds)")
    print(f"heuristic  {hb:8.2f}   {1000 * base_cpu / n:8.1f} CPU ms/game   {base_wall:7.1f} s wall")
    print(f"lookahead  {hl:8.2f}   {1000 * look_cpu / n:8.1f} CPU ms/game   {look_wall:7.1f} s wall")
    print(f"difference {mean:+8.2f}   95 % interval {lo:+.2f} to {hi:+.2f}   "
          f"({100 * mean / hb:+.1f} %, {100 * lo / hb:+.1f} % to {100 * hi / hb:+.1f} %)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"games": n, "players": args.players, "seed": args.seed, "heuristic": base,
                       "lookahead": look, "difference": [mean, lo, hi],
                       "cpu_ms_per_game": {"heuristic": 1000 * base_cpu / n, "lookahead": 1000 * look_cpu / n}},
                      f, sort_keys=True)


if __name__ == "__main__":
    main()
