#!/usr/bin/env python3
"""Time decksmith on its own sample deck, grown to N cards (baseline for bench/render.py and bench/scale.py).

What it measures
    decksmith (PyPI) is installed into a separate venv (default
    /tmp/decksmith-venv, reused once this script has installed decksmith
    there).  In a temp dir, `decksmith init` writes decksmith's own sample
    project (deck.yaml, a 1000x1400 px layout of three text elements and a
    rule, and deck.csv with 3 rows, ';'-separated); the rows are cycled to
    --cards rows (default 400), so the cards repeat.  With --distinct the CSV
    instead holds --cards distinct cards, the troops bench/scale.py generates
    for pnpgen (same seed, so the same cards): the title is the troop's name,
    the first paragraph "COST c   ATTACK a   HEALTH h", the second its
    ability text; the layout stays decksmith's sample.
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
    .venv/bin/python bench/decksmith_baseline.py --distinct [--runs 3] [--cards 400] [--json]
With --json, stdout is one JSON line (progress goes to stderr).  Stdlib only,
except --distinct, which takes its cards from bench/scale.py (pnpgen's venv).
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
from pathlib import Path


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def ensure_venv(venv_dir, pip_spec, exe="decksmith", python=None):
    """Return venv_dir/bin/<exe> with pip_spec installed in venv_dir.  The first time (no stamp
    file naming pip_spec), create the venv with `python` (default: this one) and pip install."""
    path, stamp = venv_dir / "bin" / exe, venv_dir / "bench-installed.txt"
    if path.exists() and stamp.is_file() and stamp.read_text() == pip_spec:
        return path
    log(f"creating venv {venv_dir} and installing {pip_spec} ...")
    proc = subprocess.run([python or sys.executable, "-m", "venv", str(venv_dir)],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        proc = subprocess.run(
            [str(venv_dir / "bin" / "python"), "-m", "pip", "install", "-q", pip_spec],
            capture_output=True, text=True)
    if proc.returncode != 0 or not path.exists():
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        sys.exit(f"error: installing {pip_spec} into venv {venv_dir} failed "
                 f"(exit {proc.returncode}):\n{tail}")
    stamp.write_text(pip_spec)
    return path


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


def make_project(exe, work, cards, distinct):
    """`decksmith init` in work, then give deck.csv `cards` rows: its own rows cycled, or with
    `distinct` the troops of bench/scale.py in the sample's three columns."""
    run([exe, "init"], work)
    data = work / "deck.csv"
    with open(data, newline="", encoding="utf-8") as f:
        header, *rows = list(csv.reader(f, delimiter=";"))
    if not rows or len(header) != 3:
        sys.exit(f"error: decksmith's sample {data} is not 3 columns with rows: {header}")
    if distinct:
        from scale import peer_rows  # this script's folder is on sys.path
        rows = [[r["name"], f"COST {r['cost']}   ATTACK {r['attack']}   HEALTH {r['health']}",
                 r["ability"]] for r in peer_rows(cards)]
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
    ap.add_argument("--distinct", action="store_true",
                    help="distinct cards (bench/scale.py's troops) instead of the sample's 3 rows cycled")
    ap.add_argument("--json", action="store_true", help="print one JSON line")
    ap.add_argument("--keep", action="store_true", help="keep the temp project dir")
    args = ap.parse_args()

    exe = ensure_venv(args.venv, args.pip_spec)
    version = subprocess.run(
        [str(args.venv / "bin" / "python"), "-c",
         "import importlib.metadata as m; print(m.version('decksmith'))"],
        capture_output=True, text=True).stdout.strip() or "unknown"
    work = Path(tempfile.mkdtemp(prefix="decksmith-bench-"))
    rows = make_project(exe, work, args.cards, args.distinct)
    log(f"decksmith {version}; project {work}: {rows} distinct rows -> {args.cards} cards")

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
              "distinct_cards": rows, "runs": args.runs, **med, "pdf_bytes": pdf_size, "pdf_pages": pages,
              "cpu_count": os.cpu_count(), "all_runs": res,
              "commands": [f"{exe} init", f"{exe} build --output OUT",
                           f"{exe} export OUT --output deck.pdf"]}
    emit(report, work, args, f"decksmith {version}, {args.cards} cards ({rows} distinct)",
         ("startup", "build", "export", "total"), f"pdf      {pdf_size / 1e6:7.1f} MB, {pages} pages")


def emit(report: dict, work: Path, args, title: str, steps: tuple[str, ...], last: str) -> None:
    """Keep or remove the work folder (--keep), then print the report: one JSON line (--json) or
    the median wall and CPU of each step. Shared by the peer baselines."""
    if args.keep:
        report["workdir"] = str(work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(report), flush=True)
        return
    print(f"{title}, median of {args.runs} runs (wall / user+sys CPU):")
    for k in steps:
        print(f"  {k:8s} {report[k + '_s']:7.2f} s   cpu {report[k + '_cpu_s']:7.2f} s")
    print(f"  {last}")


if __name__ == "__main__":
    main()
