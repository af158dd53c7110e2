"""Benchmark: machine instructions per complete 2-player Xenoshyft game, counted by valgrind.

    .venv/bin/python bench/simulate_instructions.py [--games 300] [--seed 1]

Wall and CPU times move by several per cent on a shared machine; an instruction count does not, so
this is the figure to compare two versions of the engine with (run it in each checkout). It runs the
simulation twice under ``valgrind --tool=cachegrind`` (the set-up and a 20-game warm-up alone, then
the same plus ``--games`` games) and divides the difference by ``--games``. ``PYTHONHASHSEED`` is
fixed so that dict and set layouts, and with them the count, repeat. Needs valgrind (Debian package
``valgrind``); about 40 seconds for 300 games.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

CHILD = """
import sys
from pnpgen.simulate import run_simulation
from pnpgen.spec import load_game
game = load_game("xenoshyft")
run_simulation(game, 2, 20, int(sys.argv[2]), workers=1)
if int(sys.argv[1]):
    run_simulation(game, 2, int(sys.argv[1]), int(sys.argv[2]), workers=1)
"""


def instructions(games: int, seed: int) -> int:
    """Instructions executed by a Python process that plays ``games`` games after the warm-up."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, "-c", CHILD, str(games), str(seed)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stderr
    m = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    base = instructions(0, args.seed)
    total = instructions(args.games, args.seed)
    print(f"{(total - base) / args.games / 1e6:.2f} M instructions per 2-player game "
          f"({args.games} games, seed {args.seed}, PYTHONHASHSEED=0)")


if __name__ == "__main__":
    main()
