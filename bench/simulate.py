"""Benchmark: complete 2-player Xenoshyft games per second, per core and on 2 cores.

    .venv/bin/python bench/simulate.py [--games N] [--seed S]

Prints games/s with 1 worker (per core) and with 2 workers (scaling). Target: >= 1,000 games/s
per core.
"""

from __future__ import annotations

import argparse
import os
import time

from pnpgen.simulate import run_simulation
from pnpgen.spec import load_game


def _mean_rounds(stats) -> float:
    """Rounds played per game: lost games end early, won games play all 9."""
    lost = sum(r * n for r, n in stats.lost_round.items())
    return (lost + 9 * (stats.games - sum(stats.lost_round.values()))) / stats.games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="xenoshyft")
    args = ap.parse_args()
    game = load_game(args.game)
    run_simulation(game, 2, 50, args.seed, workers=1)  # warm-up: imports, effect parsing
    t0 = time.perf_counter()
    one = run_simulation(game, 2, args.games, args.seed, workers=1)
    t1 = time.perf_counter()
    rounds = _mean_rounds(one)
    print(f"1 worker : {args.games / (t1 - t0):8.0f} games/s per core "
          f"(win rate {one.win_rate:.1%}, {rounds:.1f} rounds per game, {t1 - t0:.2f} s incl. card compilation)")
    if (os.cpu_count() or 1) >= 2:
        t0 = time.perf_counter()
        two = run_simulation(game, 2, args.games, args.seed, workers=2)
        t1 = time.perf_counter()
        rate = args.games / (t1 - t0)
        print(f"2 workers: {rate:8.0f} games/s total, scaling x{rate / (args.games / (one.seconds or 1)):.2f} "
              f"(same results: {two.wins == one.wins and two.base_damage == one.base_damage})")
    else:
        print("only 1 core: no scaling figure")
    t0 = time.perf_counter()
    easy = run_simulation(game, 2, args.games // 2, args.seed, workers=1, difficulty="training")
    t1 = time.perf_counter()
    print(f"training : {easy.games / (t1 - t0):8.0f} games/s per core with full-length games "
          f"({_mean_rounds(easy):.1f} rounds per game)")


if __name__ == "__main__":
    main()
