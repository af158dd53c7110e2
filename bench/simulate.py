"""Benchmark: complete 2-player Xenoshyft games per second, per core and on 2 cores.

    .venv/bin/python bench/simulate.py [--games N] [--seed S] [--repeat R]

Each figure is the median of ``--repeat`` runs. "per core" is games / CPU seconds (this process
plus its reaped workers: robust when other processes share the machine) next to games / wall
seconds; the 2-worker line also gives the wall-clock scaling over the 1-worker wall rate, and checks
that both runs give identical statistics (same seed, any number of workers). Target: >= 1,000
games/s per core.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from pnpgen.simulate import run_simulation
from pnpgen.spec import load_game


def _mean_rounds(stats) -> float:
    """Rounds played per game: lost games end early, won games play all 9."""
    lost = sum(r * n for r, n in stats.lost_round.items())
    return (lost + 9 * (stats.games - sum(stats.lost_round.values()))) / stats.games


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers are reaped when
    the pool closes, so a multi-worker run counts its workers' time too)."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def _timed(game, games: int, seed: int, workers: int, difficulty: str = "normal"):
    """(stats, games per CPU second, games per wall second) of one run."""
    c0, w0 = _cpu(), time.perf_counter()
    stats = run_simulation(game, 2, games, seed, workers=workers, difficulty=difficulty)
    return stats, games / (_cpu() - c0), games / (time.perf_counter() - w0)


def _same(a, b) -> bool:
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        d.pop("seconds"), d.pop("workers")
    return da == db


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--game", default="xenoshyft")
    args = ap.parse_args()
    game = load_game(args.game)
    run_simulation(game, 2, 50, args.seed, workers=1)  # warm-up: imports, effect parsing
    ones = [_timed(game, args.games, args.seed, 1) for _ in range(args.repeat)]
    one = ones[0][0]
    cpu = statistics.median(r[1] for r in ones)
    wall1 = statistics.median(r[2] for r in ones)
    print(f"1 worker : {cpu:8.0f} games/s per core (CPU time), {wall1:8.0f} games/s wall "
          f"(median of {args.repeat} x {args.games} games; win rate {one.win_rate:.1%}, "
          f"{_mean_rounds(one):.1f} rounds per game)")
    if (os.cpu_count() or 1) >= 2:
        twos = [_timed(game, args.games, args.seed, 2) for _ in range(args.repeat)]
        cpu2 = statistics.median(r[1] for r in twos)
        wall2 = statistics.median(r[2] for r in twos)
        print(f"2 workers: {cpu2:8.0f} games/s per core (CPU time), {wall2:8.0f} games/s wall, "
              f"scaling x{wall2 / wall1:.2f} over 1 worker (same results: {_same(one, twos[0][0])})")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: wall figures and "
              f"scaling are only meaningful on an idle machine")
    else:
        print("only 1 core: no scaling figure")
    train, cpu_t, _ = _timed(game, args.games // 2, args.seed, 1, "training")
    print(f"training : {cpu_t:8.0f} games/s per core with full-length games "
          f"({_mean_rounds(train):.1f} rounds per game)")


if __name__ == "__main__":
    main()
