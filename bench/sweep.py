"""Benchmark: balance-sweep throughput on 1 and 2 local workers and on Ray local with 2 CPUs.

    .venv/bin/python bench/sweep.py [--cards N] [--games G] [--block B]

One sweep (the first N troops with a known cost, cost=-1,+1, 2 players, training mode, no cache) is
run on each backend in the same process, one after the other; the figures are games per wall second
(baseline + variants, G games each) and games per CPU second of the whole process tree (this
process, the pool's workers, Ray's GCS, raylet and workers), which holds when other work shares the
machine. Ray is started, and its worker processes warmed up with a
tiny sweep, before its timing (``ray.init(num_cpus=2)``), as a cluster is already up when a sweep is
sent to it; that start-up time is printed apart. The
three runs must give identical numbers (checked).
"""

from __future__ import annotations

import argparse
import os
import time

from pnpgen.simulate import sweep as S
from pnpgen.spec import load_game


def _tree_cpu() -> float:
    """CPU seconds of this process, its reaped children (the local pool's workers) and every live
    descendant (Ray's GCS, raylet and workers), from /proc: the cost of a run whatever else the
    machine is doing, on every backend alike."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    times: dict[int, float] = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(d)] = int(fields[1])
        times[int(d)] = sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
    me, total, todo = os.getpid(), 0.0, [os.getpid()]
    kids: dict[int, list[int]] = {}
    for pid, pp in parent.items():
        kids.setdefault(pp, []).append(pid)
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(kids.get(pid, ()))
    del me
    return total


def _run(label: str, total: int, fn):
    c, t = _tree_cpu(), time.perf_counter()
    out = fn()
    wall, cpu = time.perf_counter() - t, _tree_cpu() - c
    print(f"{label:18} {total / wall:7.1f} games/s wall   {total / cpu:7.1f} games per CPU second "
          f"({2 * total / cpu:7.1f} on 2 idle cores)", flush=True)
    return out


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
        results[label] = _run(label, total, lambda extra=extra: S.run_sweep(game, vary, **kw, **extra).to_dict())
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False)
    S.run_sweep(game, vary, cards=ids[0], games=4, block=1, backend="ray", cache=None)  # start its workers
    print(f"(ray.init and worker start-up: {time.perf_counter() - t:.1f} s)")
    results["ray"] = _run("ray, 2 CPUs", total, lambda: S.run_sweep(game, vary, backend="ray", **kw).to_dict())
    ray.shutdown()
    same = len({str(r) for r in results.values()}) == 1
    print(f"{total} games per run; identical numbers on all three: {same}")


if __name__ == "__main__":
    main()
