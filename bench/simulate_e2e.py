"""Benchmark: the whole `pnpgen simulate` command, start-up included, in fresh processes.

    .venv/bin/python bench/simulate_e2e.py [--games 10000] [--repeat 5] [--workers N] [--python PY]

Runs ``PY -m pnpgen simulate xenoshyft --players 2 --games N --seed 1 --json`` ``--repeat`` times,
each in a new process (imports, spec loading, card compilation, the worker pool and the merge are
all counted), and prints the median wall time, the median user+sys CPU time of the process and its
workers (``RUSAGE_CHILDREN``: the pool's workers are reaped before the command exits, so their time
is in it), games per wall second and games per CPU second. Wall figures mean something only on an
idle machine (the load average is printed); the CPU figures hold under load. Every run must print
the same statistics (checked: the JSON without its ``seconds``). ``--python`` measures another
checkout's interpreter (its venv's python) the same way. Target (issue #17): >= 1,800 games per
wall second for 10,000 two-player games on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_once(python: str, game: str, games: int, seed: int, workers: int | None) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds, the JSON output without ``seconds``) of one fresh command."""
    cmd = [python, "-m", "pnpgen", "simulate", game, "--players", "2", "--games", str(games),
           "--seed", str(seed), "--json"]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    c0, w0 = _children_cpu(), time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL).stdout
    wall, cpu = time.perf_counter() - w0, _children_cpu() - c0
    data = json.loads(out)
    data.pop("seconds", None)
    return wall, cpu, data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=None, help="--workers of the command (default: all cores)")
    ap.add_argument("--game", default="xenoshyft")
    ap.add_argument("--python", default=sys.executable, help="interpreter of the checkout to measure")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    runs = [run_once(args.python, args.game, args.games, args.seed, args.workers) for _ in range(args.repeat)]
    walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    same = all(r[2] == runs[0][2] for r in runs)
    print(f"pnpgen simulate {args.game} --players 2 --games {args.games} --seed {args.seed}"
          f"{'' if args.workers is None else f' --workers {args.workers}'} (median of {args.repeat} fresh runs)")
    print(f"  wall {wall:6.2f} s  ->  {args.games / wall:7.0f} games/s      (runs: "
          f"{', '.join(f'{w:.2f}' for w in walls)})")
    print(f"  CPU  {cpu:6.2f} s  ->  {args.games / cpu:7.0f} games per CPU second (user+sys, all processes; runs: "
          f"{', '.join(f'{c:.2f}' for c in cpus)})")
    print(f"  same statistics in every run: {same}")
    print(f"  load average {load0:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores: "
          f"the wall figure means something only on an idle machine")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
