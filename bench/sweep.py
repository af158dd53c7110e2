"""Benchmark: balance-sweep throughput on 1 and 2 local workers and on Ray local with 2 CPUs.

    .venv/bin/python bench/sweep.py [--cards N] [--games G] [--block B]

One sweep (the first N troops with a known cost, cost=-1,+1, 2 players, training mode, no cache) is
run on each backend in the same process, one after the other; the figure is games per wall second
(baseline + variants, G games each). Ray is started, and its worker processes warmed up with a
tiny sweep, before its timing (``ray.init(num_cpus=2)``), as a cluster is already up when a sweep is
sent to it; that start-up time is printed apart. The
three runs must give identical numbers (checked).
"""

from __future__ import annotations

import argparse
import time

from pnpgen.simulate import sweep as S
from pnpgen.spec import load_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=6)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--block", type=int, default=S.DEFAULT_BLOCK)
    args = ap.parse_args()
    game = load_game("xenoshyft")
    ids = [c.id for c in game.cards if c.type == "troop" and isinstance(c.fields.get("cost"), int)
           and not c.fields.get("starter")][:args.cards]
    vary = [("cost", (-1, 1))]
    kw = dict(cards=",".join(ids), games=args.games, seed=1, block=args.block, cache=None)
    total = (1 + 2 * len(ids)) * args.games
    S.run_sweep(game, vary, cards=ids[0], games=10, workers=1)  # warm-up: imports, parsing
    results = {}
    for label, extra in (("local, 1 worker", dict(workers=1)), ("local, 2 workers", dict(workers=2))):
        t = time.perf_counter()
        results[label] = S.run_sweep(game, vary, **kw, **extra).to_dict()
        print(f"{label:18} {total / (time.perf_counter() - t):7.1f} games/s")
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False)
    S.run_sweep(game, vary, cards=ids[0], games=4, block=1, backend="ray", cache=None)  # start its workers
    print(f"(ray.init and worker start-up: {time.perf_counter() - t:.1f} s)")
    t = time.perf_counter()
    results["ray"] = S.run_sweep(game, vary, backend="ray", **kw).to_dict()
    print(f"{'ray, 2 CPUs':18} {total / (time.perf_counter() - t):7.1f} games/s")
    ray.shutdown()
    same = len({str(r) for r in results.values()}) == 1
    print(f"{total} games per run; identical numbers on all three: {same}")


if __name__ == "__main__":
    main()
