"""Benchmark: validate the whole Xenoshyft set, fit check included (target: under 1 s).

Measures in one process, after imports, the median of several full runs of every check
(`validate_game(load_game("xenoshyft"), with_fit=True)`), loading the specs each time, plus the
first (cold) run, which pays for template parsing and font registration.

    .venv/bin/python bench/validate.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnpgen.spec import load_game
from pnpgen.validate import validate_game


def one_run() -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = validate_game(load_game("xenoshyft"), with_fit=True)
    return time.perf_counter() - wall, time.process_time() - cpu, len(result.findings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cold_wall, cold_cpu, findings = one_run()
    runs = [one_run() for _ in range(args.runs)]
    cards = len(load_game("xenoshyft").cards)
    print(f"validate xenoshyft ({cards} cards, {findings} findings, fit included)")
    print(f"cold run: {cold_wall:.3f} s wall, {cold_cpu:.3f} s CPU")
    print(f"warm median of {args.runs}: {statistics.median(r[0] for r in runs):.3f} s wall, "
          f"{statistics.median(r[1] for r in runs):.3f} s CPU")


if __name__ == "__main__":
    main()
