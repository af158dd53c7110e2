"""Byte-identical outputs across a refactor: build every bundled game and the example game with the
option sets `make demo` and the press, PNG, shop, cut and translation paths use, then compare two
such trees file by file.

    .venv/bin/python OLD/bench/outputs_identical.py build /tmp/bo-before   # the code of checkout OLD
    .venv/bin/python NEW/bench/outputs_identical.py build /tmp/bo-after    # the code of checkout NEW
    .venv/bin/python bench/outputs_identical.py compare /tmp/bo-before /tmp/bo-after

A build runs the pnpgen of the checkout this script lies in (``git worktree add`` gives one per
commit), so changes other people have in the working tree are not mixed into the comparison.

``compare`` exits 1 naming every file that differs, is missing or is new; the build stamps
(``.pnpgen-stamps/``: file times of the inputs, pnpgen's own code) are left out, as they are meant
to change with the code. Each run builds into a folder of its own, so no stamp skips a build.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
GAMES = ["xenoshyft", "zombicide-invader", "derelict", "doom", "examples/tidepool"]  # the Makefile's demo
EXAMPLE = "examples/tidepool"
# (run folder, games, extra options): the demo as `make demo` builds it, then the other paths on the
# example game (it has every kind of component and a translation) and on Xenoshyft (a real deck).
RUNS = [
    ("demo", GAMES, []),
    ("pdfx4", [EXAMPLE, "xenoshyft"], ["--pdfx", "4"]),
    ("pdfx1a", [EXAMPLE], ["--pdfx", "1a"]),
    ("png", [EXAMPLE], ["--png", "gamecrafter"]),
    ("shop-dtc", [EXAMPLE], ["--shop", "drivethrucards"]),
    ("shop-mpc", [EXAMPLE], ["--shop", "mpc"]),
    ("cut", [EXAMPLE, "xenoshyft"], ["--cut", "silhouette"]),
    ("lang-all", [EXAMPLE], ["--lang", "all"]),
    ("tts-gutterfold", [EXAMPLE], ["--tts", "--gutterfold", "--paper", "letter", "--bleed", "2",
                                   "--back-offset", "1,-0.5", "--gap", "2", "--printer-margin", "6"]),
    ("selection-inksaver", [EXAMPLE], ["--pages", "1", "--ink-saver", "--duplex", "short"]),
]
SKIP = ".pnpgen-stamps"


def build(root: Path) -> int:
    root = root.resolve()
    if root.exists():
        shutil.rmtree(root)
    failed = 0
    for name, games, options in RUNS:
        cmd = [sys.executable, "-m", "pnpgen", "build", *games, "--out", str(root / name), *options]
        env = {**os.environ, "PYTHONPATH": str(CHECKOUT), "PNPGEN_SOURCES": os.environ.get(
            "PNPGEN_SOURCES", str(Path("../shared/seeds").resolve()))}
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=CHECKOUT, env=env)
        (root / f"{name}.log").write_text(f"$ {' '.join(cmd)}\nexit {run.returncode}\n{run.stdout}{run.stderr}")
        print(f"{name}: exit {run.returncode}")
        failed |= run.returncode not in (0, 1)  # 1: a game's own overflow/finding, the same before and after
    return 2 if failed else 0


def _files(root: Path) -> set[Path]:
    """The runs' files (and logs) under ``root``; anything else there is not this script's."""
    runs = {name for name, _, _ in RUNS}
    return {p.relative_to(root) for p in root.rglob("*") if p.is_file() and SKIP not in p.parts
            and (p.relative_to(root).parts[0] in runs or p.name in {f"{r}.log" for r in runs})}


def _same(a: Path, b: Path, left: Path, right: Path) -> bool:
    """Byte-identical, once the output folder's own path (Tabletop Simulator's file URIs name it)
    is written the same."""
    if filecmp.cmp(left, right, shallow=False):
        return True
    return left.read_bytes().replace(str(a).encode(), str(b).encode()) == right.read_bytes()


def compare(a: Path, b: Path) -> int:
    left, right = _files(a), _files(b)
    bad = [f"only in {a}: {p}" for p in sorted(left - right)] + [f"only in {b}: {p}" for p in sorted(right - left)]
    same = 0
    for p in sorted(left & right):
        if p.suffix == ".log":  # the command lines name the two folders; their exit codes must agree
            if (a / p).read_text().splitlines()[1] != (b / p).read_text().splitlines()[1]:
                bad.append(f"exit code differs: {p}")
        elif _same(a.resolve(), b.resolve(), a / p, b / p):
            same += 1
        else:
            bad.append(f"differs: {p}")
    for line in bad:
        print(line)
    print(f"{same} files byte-identical, {len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "build":
        sys.exit(build(Path(sys.argv[2])))
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    sys.exit(__doc__)
