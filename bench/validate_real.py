"""Benchmark: `pnpgen validate` on a real published card set (issue #26): wall time and findings.

Converts a local checkout of a public card database with bench/corpora/carddb.py into a pnpgen
game folder (in a temporary directory), then runs `pnpgen validate GAME --format json` in a fresh
process several times, and prints the median wall and CPU time (the CPU time is what to compare on
a loaded machine) and the findings per code and severity.
The card text is the publisher's and is not shipped: point the benchmark at your own checkout.

    .venv/bin/python bench/validate_real.py arkhamdb /path/to/arkhamdb-json-data [--runs 5] [--no-fit]
    PNPGEN_ARKHAMDB=/path/to/arkhamdb-json-data .venv/bin/python bench/validate_real.py arkhamdb
    PNPGEN_THRONESDB=/path/to/thronesdb-json-data .venv/bin/python bench/validate_real.py thronesdb

Checkouts: github.com/Kamalisk/arkhamdb-json-data, github.com/ThronesDB/thronesdb-json-data (the
figures in docs/validate.md are from commits 7928603b and 6bd6cd2a).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "corpora"))

from carddb import convert  # noqa: E402  (the converter lives beside this script)

PNPGEN = Path(sys.executable).with_name("pnpgen")


def run_once(game: Path, fit: bool) -> tuple[float, float, dict]:
    """(wall s, CPU s: user + system of the command and the processes it started, the findings)."""
    command = [str(PNPGEN), "validate", str(game), "--format", "json"] + ([] if fit else ["--no-fit"])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"pnpgen validate failed (exit {done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("arkhamdb", "thronesdb"))
    parser.add_argument("checkout", nargs="?", help="local checkout (default: $PNPGEN_ARKHAMDB / $PNPGEN_THRONESDB)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-fit", dest="fit", action="store_false", help="leave out the fit check (FIT001)")
    args = parser.parse_args()
    checkout = args.checkout or os.environ.get(f"PNPGEN_{args.kind.upper()}")
    if not checkout or not Path(checkout, "pack").is_dir():
        sys.exit(f"give the {args.kind} checkout as an argument or in $PNPGEN_{args.kind.upper()} "
                 "(a folder holding pack/)")
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / args.kind
        converted = convert(args.kind, Path(checkout), game)
        walls, cpus, report = [], [], {}
        for _ in range(args.runs):
            wall, cpu, report = run_once(game, args.fit)
            walls.append(wall)
            cpus.append(cpu)
    codes = Counter((f["code"], f["severity"]) for f in report["findings"])
    print(f"pnpgen validate {args.kind} ({converted['cards']} cards, fit {'on' if args.fit else 'off'}): "
          f"median {statistics.median(walls):.2f} s wall of {args.runs} fresh processes "
          f"(min {min(walls):.2f}, max {max(walls):.2f}); CPU (user + system, every process) "
          f"median {statistics.median(cpus):.2f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{report['errors']} errors, {report['warnings']} warnings, {report['infos']} notes")
    for (code, severity), count in sorted(codes.items()):
        print(f"  {code} {severity}: {count}")


if __name__ == "__main__":
    main()
