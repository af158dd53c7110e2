#!/usr/bin/env python3
"""Cards with art: 400 cards, each with its own 1,200 x 1,700 JPEG, fronts and backs, bleed, marks.

What it measures (fresh processes, wall and CPU of the child from getrusage):

- ``fresh``: ``pnpgen build DIR`` with an empty picture cache;
- ``rebuild``: the same build again, art unchanged (the cache filled by the first run);
- the PDF's size against the sum of the JPEG files;
- decksmith (PyPI, in its own venv, as ``bench/decksmith_baseline.py`` installs it) building the same
  400 cards from the same JPEGs: a 1,200 x 1,700 canvas with the card's picture and its name, then
  ``decksmith export`` to a PDF. decksmith draws fronts only, without bleed or crop marks.

The art is generated here, deterministic (seeded noise, gradients and shapes, JPEG quality 85), so
file sizes are like scanned or painted art rather than flat colour.

Usage
    .venv/bin/python bench/render_art.py [--cards 400] [--runs 3] [--no-decksmith] [--json]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
PNPGEN = Path(sys.executable).parent / "pnpgen"
SIZE = (1200, 1700)


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def make_art(folder: Path, cards: int) -> int:
    """``cards`` distinct JPEGs; returns their total size in bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    base_noise = Image.effect_noise(SIZE, 48).filter(ImageFilter.GaussianBlur(1.2))
    for i in range(cards):
        rng = random.Random(i)
        grad = Image.linear_gradient("L").resize(SIZE).rotate(rng.uniform(0, 360), resample=Image.BILINEAR, expand=False)
        colours = [tuple(rng.randrange(40, 230) for _ in range(3)) for _ in range(2)]
        img = Image.composite(Image.new("RGB", SIZE, colours[0]), Image.new("RGB", SIZE, colours[1]), grad)
        img = Image.blend(img, Image.merge("RGB", [base_noise.rotate(90 * k, expand=False) for k in range(3)]), 0.18)
        draw = ImageDraw.Draw(img)
        for _ in range(12):
            x, y, r = rng.randrange(SIZE[0]), rng.randrange(SIZE[1]), rng.randrange(40, 260)
            draw.ellipse((x - r, y - r, x + r, y + r), outline=tuple(rng.randrange(256) for _ in range(3)), width=rng.randrange(4, 30))
        path = folder / f"card-{i:04d}.jpg"
        img.save(path, "JPEG", quality=85)
        total += path.stat().st_size
    return total


GAME = """id: artbench
name: Art Bench
players: {min: 1, max: 4}
card_types:
  card:
    name: Card
    size: poker
    fields:
      art: {type: image}
"""

FRONT = """size: poker
styles:
  title: {font: title, size: 12, color: "#ffffff", align: center, valign: middle, wrap: false}
background:
  - {kind: image, src: "{{ card.art }}", x: 0, y: 0, w: "100%", h: "100%", fit: cover, bleed: true}
boxes:
  title:
    x: 4
    y: 76
    w: 55.5
    h: 9
    shapes:
      - {kind: roundrect, r: 2, fill: "#000000aa"}
    text: "{{ card.name }}"
    style: title
"""

BACK = """background:
  - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: "#1d2b3a", bleed: true}
  - {kind: ellipse, x: "25%", y: "35%", w: "50%", h: "30%", fill: "#e0a526"}
"""


def make_game(root: Path, cards: int) -> None:
    (root / "cards").mkdir(parents=True)
    (root / "templates").mkdir()
    (root / "game.yaml").write_text(GAME)
    (root / "templates" / "card.yaml").write_text(FRONT)
    (root / "templates" / "back.yaml").write_text(BACK)
    with open(root / "cards" / "cards.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "name", "copies", "art"])
        for i in range(cards):
            w.writerow([f"card-{i:04d}", f"Card {i}", 1, f"art/card-{i:04d}.jpg"])


def timed(cmd: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    run = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} exited {run.returncode}:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_pnpgen(work: Path, runs: int) -> dict:
    game = work / "game"
    res: dict[str, list[float]] = {k: [] for k in ("fresh_wall", "fresh_cpu", "rebuild_wall", "rebuild_cpu")}
    pdf_bytes = 0
    for i in range(runs):
        cache = work / f"cache{i}"
        env = {**os.environ, "PNPGEN_CACHE": str(cache)}
        out = work / f"out{i}"
        w, c = timed([str(PNPGEN), "build", str(game), "--out", str(out)], work, env)
        res["fresh_wall"].append(w)
        res["fresh_cpu"].append(c)
        w, c = timed([str(PNPGEN), "build", str(game), "--out", str(out)], work, env)
        res["rebuild_wall"].append(w)
        res["rebuild_cpu"].append(c)
        pdf_bytes = (out / "artbench" / "artbench-a4.pdf").stat().st_size
        log(f"pnpgen run {i + 1}/{runs}: fresh {res['fresh_wall'][-1]:.2f} s wall ({res['fresh_cpu'][-1]:.2f} s CPU), "
            f"rebuild {res['rebuild_wall'][-1]:.2f} s wall ({res['rebuild_cpu'][-1]:.2f} s CPU)")
    return {**{k: round(statistics.median(v), 3) for k, v in res.items()}, "pdf_bytes": pdf_bytes}


DECKSMITH_LAYOUT = """id: canvas
width: 1200
height: 1700
background_color: [255, 255, 255]
elements:
  - id: art
    type: image
    path: "%art%"
    position: [0, 0]
  - id: title
    type: text
    position: [0, 1500]
    relative_to: [canvas, top-center]
    anchor: top-center
    text: "%title%"
    color: [255, 255, 255]
    font_size: 64
    align: center
"""


def bench_decksmith(work: Path, cards: int, runs: int, venv: Path) -> dict:
    sys.path.insert(0, str(HERE))
    from decksmith_baseline import ensure_venv  # the baseline's own installer, into its own venv

    exe = ensure_venv(venv, "decksmith")
    project = work / "decksmith"
    project.mkdir()
    (project / "deck.yaml").write_text(DECKSMITH_LAYOUT)
    with open(project / "deck.csv", "w", newline="") as fh:
        w = csv.writer(fh, delimiter=";")
        w.writerow(["title", "art"])
        for i in range(cards):
            w.writerow([f"Card {i}", str(work / "game" / "art" / f"card-{i:04d}.jpg")])
    res: dict[str, list[float]] = {k: [] for k in ("build_wall", "build_cpu", "export_wall", "export_cpu")}
    pdf_bytes = 0
    for i in range(runs):
        out = f"out{i}"
        bw, bc = timed([str(exe), "build", "--output", out], project, dict(os.environ))
        made = len(list((project / out).glob("*.png")))
        if made != cards:
            sys.exit(f"error: decksmith built {made} cards, expected {cards}")
        ew, ec = timed([str(exe), "export", out, "--output", f"deck{i}.pdf"], project, dict(os.environ))
        pdf_bytes = (project / f"deck{i}.pdf").stat().st_size
        for k, v in (("build_wall", bw), ("build_cpu", bc), ("export_wall", ew), ("export_cpu", ec)):
            res[k].append(v)
        log(f"decksmith run {i + 1}/{runs}: build {bw:.1f} s wall ({bc:.1f} s CPU), export {ew:.1f} s ({ec:.1f} s CPU)")
    med = {k: round(statistics.median(v), 3) for k, v in res.items()}
    med["total_wall"] = round(med["build_wall"] + med["export_wall"], 3)
    med["total_cpu"] = round(med["build_cpu"] + med["export_cpu"], 3)
    return {**med, "pdf_bytes": pdf_bytes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cards", type=int, default=400)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--decksmith-runs", type=int, default=1)
    ap.add_argument("--no-decksmith", action="store_true")
    ap.add_argument("--venv", type=Path, default=Path("/tmp/decksmith-venv"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="pnpgen-art-"))
    try:
        make_game(work / "game", args.cards)
        art_bytes = make_art(work / "game" / "art", args.cards)
        log(f"{args.cards} JPEGs of {SIZE[0]}x{SIZE[1]}: {art_bytes / 1e6:.1f} MB in {work}")
        report = {"cards": args.cards, "art_bytes": art_bytes, "pnpgen": bench_pnpgen(work, args.runs)}
        report["pdf_over_art"] = round(report["pnpgen"]["pdf_bytes"] / art_bytes, 3)
        if not args.no_decksmith:
            ds = bench_decksmith(work, args.cards, args.decksmith_runs, args.venv)
            report["decksmith"] = ds
            report["fresh_cpu_speedup"] = round(ds["total_cpu"] / report["pnpgen"]["fresh_cpu"], 1)
            report["fresh_wall_speedup"] = round(ds["total_wall"] / report["pnpgen"]["fresh_wall"], 1)
        if args.json:
            print(json.dumps(report))
        else:
            print(json.dumps(report, indent=2))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
