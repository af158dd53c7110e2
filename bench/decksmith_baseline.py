#!/usr/bin/env python3
"""Time decksmith on its own sample deck, grown to N cards (baseline for bench/render.py).

What it measures
    decksmith (PyPI) is installed into a separate venv (default
    /tmp/decksmith-venv, reused if it already has decksmith).  In a temp dir,
    `decksmith init` writes decksmith's own sample project (deck.yaml, a
    1000x1400 px layout of three text elements and a rule, and deck.csv with
    3 rows, ';'-separated); the rows are cycled to --cards rows (default 400).
    Each run then times, as subprocesses with a fresh output dir:

        decksmith build  --output OUT          # draws one PNG per row
        decksmith export OUT --output deck.pdf # lays the PNGs out on A4 pages

    Wall time comes from time.perf_counter(); CPU time (user+sys of the
    child, all its threads) from resource.getrusage(RUSAGE_CHILDREN) deltas.
    `decksmith build` draws cards in a thread pool, so its CPU time can exceed
    its wall time; CPU is the figure to compare with a one-core target.
    Both include decksmith's start-up (it imports pandas, reportlab and Flask
    on every command), reported on its own as `startup` (`decksmith --help`).
    Reported: median of each step and of build+export per run, PDF size and
    page count, decksmith version.  The sample has fronts only: no backs,
    bleed or crop marks.

Usage
    python3 bench/decksmith_baseline.py [--runs 3] [--cards 400] [--json]
With --json, stdout is one JSON line (progress goes to stderr).  Stdlib only.
"""
import argparse
import csv
import itertools
import json
import os
import re
import shutil
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def ensure_venv(venv_dir, pip_spec):
    """Return the decksmith executable, creating the venv and installing if needed."""
    exe = venv_dir / "bin" / "decksmith"
    if exe.exists():
        return exe
    log(f"creating venv {venv_dir} and installing {pip_spec} ...")
    try:
        venv.EnvBuilder(with_pip=True, clear=False).create(venv_dir)
    except Exception as exc:
        sys.exit(f"error: could not create venv {venv_dir}: {exc}")
    proc = subprocess.run(
        [str(venv_dir / "bin" / "python"), "-m", "pip", "install", "-q", pip_spec],
        capture_output=True, text=True)
    if proc.returncode != 0 or not exe.exists():
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        sys.exit(f"error: `pip install {pip_spec}` into {venv_dir} failed "
                 f"(exit {proc.returncode}):\n{tail}")
    return exe


def run(cmd, cwd):
    """Run cmd; return (wall s, user+sys CPU s).  Exit with its output if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        sys.exit(f"error: {' '.join(map(str, cmd))} exited {proc.returncode}:\n{tail}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def make_project(exe, work, cards):
    """`decksmith init` in work, then cycle deck.csv's rows to `cards` rows."""
    run([exe, "init"], work)
    data = work / "deck.csv"
    with open(data, newline="", encoding="utf-8") as f:
        header, *rows = list(csv.reader(f, delimiter=";"))
    if not rows:
        sys.exit(f"error: decksmith's sample {data} has no rows")
    with open(data, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, delimiter=";")
        w.writerow(header)
        w.writerows(itertools.islice(itertools.cycle(rows), cards))
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--venv", type=Path, default=Path("/tmp/decksmith-venv"))
    ap.add_argument("--pip-spec", default="decksmith", help="what to pip install")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cards", type=int, default=400)
    ap.add_argument("--json", action="store_true", help="print one JSON line")
    ap.add_argument("--keep", action="store_true", help="keep the temp project dir")
    args = ap.parse_args()

    exe = ensure_venv(args.venv, args.pip_spec)
    version = subprocess.run(
        [str(args.venv / "bin" / "python"), "-c",
         "import importlib.metadata as m; print(m.version('decksmith'))"],
        capture_output=True, text=True).stdout.strip() or "unknown"
    work = Path(tempfile.mkdtemp(prefix="decksmith-bench-"))
    sample_rows = make_project(exe, work, args.cards)
    log(f"decksmith {version}; project {work}: sample {sample_rows} rows -> {args.cards}")

    res = {k: [] for k in ("startup", "build", "export", "total",
                           "startup_cpu", "build_cpu", "export_cpu", "total_cpu")}
    pdf_size = pages = 0
    for i in range(args.runs):
        out, pdf = f"out{i}", work / f"deck{i}.pdf"
        sw, sc = run([exe, "--help"], work)
        bw, bc = run([exe, "build", "--output", out], work)
        made = len(list((work / out).glob("*.png")))
        if made != args.cards:  # build exits 0 even when it cannot read the CSV
            sys.exit(f"error: decksmith build made {made} cards, expected {args.cards}")
        ew, ec = run([exe, "export", out, "--output", pdf.name], work)
        pdf_size = pdf.stat().st_size
        pages = len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))
        for k, v in (("startup", sw), ("build", bw), ("export", ew), ("total", bw + ew),
                     ("startup_cpu", sc), ("build_cpu", bc), ("export_cpu", ec),
                     ("total_cpu", bc + ec)):
            res[k].append(round(v, 3))
        log(f"run {i + 1}/{args.runs}: build {bw:.2f}s (cpu {bc:.2f}s), "
            f"export {ew:.2f}s (cpu {ec:.2f}s)")

    med = {f"{k}_s": round(statistics.median(v), 3) for k, v in res.items()}
    report = {"tool": "decksmith", "version": version, "cards": args.cards,
              "runs": args.runs, **med, "pdf_bytes": pdf_size, "pdf_pages": pages,
              "cpu_count": os.cpu_count(), "all_runs": res,
              "commands": [f"{exe} init", f"{exe} build --output OUT",
                           f"{exe} export OUT --output deck.pdf"]}
    if args.keep:
        report["workdir"] = str(work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(report), flush=True)
    else:
        print(f"decksmith {version}, {args.cards} cards, median of {args.runs} runs "
              f"(wall / user+sys CPU):")
        for k in ("startup", "build", "export", "total"):
            print(f"  {k:8s} {med[k + '_s']:7.2f} s   cpu {med[k + '_cpu_s']:7.2f} s")
        print(f"  pdf      {pdf_size / 1e6:7.1f} MB, {pages} pages")


if __name__ == "__main__":
    main()
