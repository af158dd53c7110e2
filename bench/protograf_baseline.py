#!/usr/bin/env python3
"""Time protograf drawing N distinct cards from its own deck script (a peer of pnpgen in bench/scale.py).

What it measures
    protograf 0.6.0 (PyPI; it needs Python >= 3.13: --python, else python3.14 or
    python3.13 on PATH, else pyenv's) is installed into its own venv (default
    /tmp/protograf-venv, reused once this script has installed it there).  In a
    temp dir it writes cards.csv, the --cards (default 400) distinct troops that
    bench/scale.py generates for pnpgen (same seed, so the same cards: Name,
    Cost, Attack, Health, Ability), and two deck scripts in protograf's usual
    style, Create / Data(filename="cards.csv") / Deck() / Card("all", ...) /
    Save(), that differ only in their Save:

        deck_pdf.py   Save()                    # the PDF
        deck_png.py   Save(cards=True, dpi=300) # the PDF, then one PNG per card

    Each run times them as fresh subprocesses, and `python -c "import protograf"`
    as `startup` (included in both).  Wall time from time.perf_counter(); CPU
    time (user+sys of the child) from getrusage(RUSAGE_CHILDREN) deltas.
    Reported: medians over --runs, PDF size and pages, PNG count, version.

What protograf draws here
    Card fronts only, at protograf's default card size (63.5 x 88.9 mm), nine
    to an A4 page, each with a thin black outline: a cost circle, the name,
    "ATTACK a   HEALTH h" and the ability text wrapped in a box, in the
    base-14 Helvetica (not embedded; characters it cannot encode, such as the
    ’ and “ ” of some texts, print as "?").  No backs, bleed, crop marks, art
    or custom fonts; the PNGs are card-size (750 x 1050 px), without bleed.
    The script checks that every page of the PDF shows the ability text of
    its cards (protograf draws nothing in a wrapped box the text overflows).

Usage
    .venv/bin/python bench/protograf_baseline.py [--runs 3] [--cards 400] [--json]
With --json, stdout is one JSON line (progress goes to stderr).  Run it with
pnpgen's venv: the cards come from bench/scale.py.
"""
import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from decksmith_baseline import emit, ensure_venv, log, run  # this script's folder is on sys.path
from scale import peer_rows

PIP_SPEC = "protograf==0.6.0"
DECK = """\
from protograf import *

Create(filename="deck.pdf")
Data(filename="cards.csv")
Deck()
Card("all",
     circle(cx=0.9, cy=0.9, radius=0.5, label=T("{{{{ Cost }}}}"), label_size=14),
     text(text=T("{{{{ Name }}}}"), x=3.6, y=1.0, font_size=12),
     text(text=T("ATTACK {{{{ Attack }}}}   HEALTH {{{{ Health }}}}"), x=3.175, y=2.1, font_size=10),
     text(text=T("{{{{ Ability }}}}"), x=0.45, y=2.8, width=5.45, height=5.7,
          wrap=True, font_size=8.5, align="left"))
Save({save})
"""
# What the PDF must show of each card; pymupdf comes with protograf.
CHECK = """\
import csv, re, sys, pymupdf
cards = list(csv.DictReader(open("cards.csv", encoding="utf-8")))
words = lambda s: re.sub(r"[^A-Z0-9]+", " ", s.upper()).split()
for n, page in enumerate(pymupdf.open(sys.argv[1])):
    shown = " ".join(words(page.get_text()))
    for card in cards[9 * n:9 * n + 9]:
        if " ".join(words(card["Ability"])) not in shown:
            sys.exit(f"page {n + 1}: no ability text of {card['Name']!r}")
"""


def find_python():
    """A Python >= 3.13 for protograf's venv: this one, else one on PATH, else pyenv's (whose shims
    on PATH may name a version they cannot run, hence the trial run)."""
    if sys.version_info >= (3, 13):
        return sys.executable
    found = [shutil.which(name) for name in ("python3.14", "python3.13")]
    found += sorted(Path.home().glob(".pyenv/versions/3.1[3-9]*/bin/python3"), reverse=True)
    for py in filter(None, found):
        if subprocess.run([py, "-c", "import sys; sys.exit(sys.version_info < (3, 13))"],
                          capture_output=True).returncode == 0:
            return str(py)
    sys.exit("error: protograf 0.6.0 needs Python >= 3.13; none found (pass --python)")


def make_project(work, cards):
    """cards.csv with `cards` distinct troops, and the PDF and PNG deck scripts."""
    with open(work / "cards.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Name", "Cost", "Attack", "Health", "Ability"])
        w.writerows([r["name"], r["cost"], r["attack"], r["health"], r["ability"]] for r in peer_rows(cards))
    (work / "deck_pdf.py").write_text(DECK.format(save=""))
    (work / "deck_png.py").write_text(DECK.format(save="cards=True, dpi=300"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--venv", type=Path, default=Path("/tmp/protograf-venv"))
    ap.add_argument("--python", help="Python >= 3.13 to create the venv with")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cards", type=int, default=400)
    ap.add_argument("--json", action="store_true", help="print one JSON line")
    ap.add_argument("--keep", action="store_true", help="keep the temp project dir")
    args = ap.parse_args()

    py = ensure_venv(args.venv, PIP_SPEC, "python", args.python or find_python())
    version = subprocess.run([py, "-c", "import importlib.metadata as m; print(m.version('protograf'))"],
                             capture_output=True, text=True).stdout.strip() or "unknown"
    work = Path(tempfile.mkdtemp(prefix="protograf-bench-"))
    make_project(work, args.cards)
    log(f"protograf {version}; project {work}: {args.cards} distinct cards")

    res = {k: [] for k in ("startup", "pdf", "png", "startup_cpu", "pdf_cpu", "png_cpu")}
    for i in range(args.runs):
        for old in [work / "deck.pdf", *work.glob("deck-*.png")]:
            old.unlink(missing_ok=True)
        sw, sc = run([py, "-c", "import protograf"], work)
        pw, pc = run([py, "deck_pdf.py"], work)
        pdf_size = (work / "deck.pdf").stat().st_size
        gw, gc = run([py, "deck_png.py"], work)
        pngs = len(list(work.glob("deck-*.png")))
        if pngs != args.cards:
            sys.exit(f"error: protograf made {pngs} card PNGs, expected {args.cards}")
        for k, v in (("startup", sw), ("pdf", pw), ("png", gw),
                     ("startup_cpu", sc), ("pdf_cpu", pc), ("png_cpu", gc)):
            res[k].append(round(v, 3))
        log(f"run {i + 1}/{args.runs}: pdf {pw:.2f}s (cpu {pc:.2f}s), png {gw:.2f}s (cpu {gc:.2f}s)")
    run([py, "-c", CHECK, "deck.pdf"], work)
    pages = subprocess.run([py, "-c", "import pymupdf, sys; print(len(pymupdf.open(sys.argv[1])))", "deck.pdf"],
                           cwd=work, capture_output=True, text=True).stdout.strip()

    med = {f"{k}_s": round(statistics.median(v), 3) for k, v in res.items()}
    report = {"tool": "protograf", "version": version, "cards": args.cards, "runs": args.runs, **med,
              "pdf_bytes": pdf_size, "pdf_pages": int(pages or 0), "pngs": pngs,
              "cpu_count": os.cpu_count(), "all_runs": res,
              "commands": [f"{py} -c 'import protograf'", f"{py} deck_pdf.py", f"{py} deck_png.py"]}
    emit(report, work, args, f"protograf {version}, {args.cards} distinct cards", ("startup", "pdf", "png"),
         f"pdf      {pdf_size / 1e6:7.1f} MB, {pages} pages; {pngs} card PNGs")


if __name__ == "__main__":
    main()
