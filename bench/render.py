"""Benchmark: 400 Xenoshyft cards (fronts and backs, 3 mm bleed, crop marks) to one A4 PDF.

Prints the median CPU and wall time of several runs after one cold run (template loading and
text-fit caches warm up in it), pages and PDF size. Run: ``.venv/bin/python bench/render.py``.
Target: under 1 s of one core for 400 cards, PDF under 2 MB.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnpgen.layout.deck import plan_deck  # noqa: E402
from pnpgen.layout.paper import paper_size  # noqa: E402
from pnpgen.render import pdfdoc  # noqa: E402
from pnpgen.render.sheets import CardPainter, draw_deck, expand_copies  # noqa: E402
from pnpgen.spec import load_game  # noqa: E402
from pnpgen.units import mm  # noqa: E402


def render(game, cards_by_type, paper, bleed) -> tuple[bytes, int]:
    canvas = pdfdoc.new_canvas((paper.width, paper.height), "bench")
    painter = CardPainter(canvas, game, bleed)
    pages = 0
    for type_id, cards in cards_by_type:
        size = game.card_types[type_id].size
        plan = plan_deck(paper, size.width, size.height, bleed)
        pages += draw_deck(painter, plan, cards, f"{game.name} · {type_id}")
    return pdfdoc.pdf_bytes(canvas), pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=400)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--out", type=Path, help="also write the PDF here")
    parser.add_argument("--fresh-runs", type=int, default=5,
                        help="runs in a fresh Python process each (imports and start-up included)")
    parser.add_argument("--decksmith", action="store_true",
                        help="also run bench/decksmith_baseline.py in the same run and compare")
    parser.add_argument("--decksmith-runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    game = load_game(ROOT / "cardspecs" / "xenoshyft")
    # The deck's copies in spec order, repeated until there are --cards of them.
    deck = list(itertools.islice(itertools.cycle(expand_copies(game.cards)), args.cards))
    cards_by_type = [(t, [c for c in deck if c.type == t]) for t in game.card_types]
    cards_by_type = [(t, cs) for t, cs in cards_by_type if cs]
    paper, bleed = paper_size(args.paper), mm(3)

    if args.child:
        render(game, cards_by_type, paper, bleed)
        return

    cpu, wall = [], []
    data, pages = b"", 0
    for _ in range(args.runs + 1):
        c0, w0 = time.process_time(), time.perf_counter()
        data, pages = render(game, cards_by_type, paper, bleed)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    if args.out:
        args.out.write_bytes(data)
    distinct = len({c.id for c in deck})
    print(f"cards: {len(deck)} ({distinct} distinct, {len(cards_by_type)} card types), pages: {pages} "
          f"({args.paper}, fronts and backs, 3 mm bleed, crop marks)")
    print(f"cold run: {cpu[0]:.3f} s CPU, {wall[0]:.3f} s wall")
    print(f"warm median of {args.runs}: {statistics.median(cpu[1:]):.3f} s CPU, "
          f"{statistics.median(wall[1:]):.3f} s wall")
    print(f"per card (warm, CPU): {1000 * statistics.median(cpu[1:]) / len(deck):.2f} ms")
    print(f"PDF size: {len(data) / 1e6:.2f} MB ({len(data)} bytes)")
    fresh = fresh_process_cpu(args)
    print(f"fresh process (python start, imports, specs, 400-card PDF), median of {args.fresh_runs}: "
          f"{fresh:.3f} s CPU")
    if args.decksmith:
        compare_decksmith(args, fresh)


def fresh_process_cpu(args) -> float:
    """CPU of a whole new process that loads the specs and renders the deck once."""
    import resource
    import subprocess

    cmd = [sys.executable, __file__, "--child", "--cards", str(args.cards), "--paper", args.paper]
    runs = []
    for _ in range(args.fresh_runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        runs.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(runs)


def compare_decksmith(args, pnpgen_cpu: float) -> None:
    """decksmith build + export of its own sample layout with as many rows, in its own venv."""
    import json
    import subprocess

    cmd = [sys.executable, str(ROOT / "bench" / "decksmith_baseline.py"), "--json",
           "--runs", str(args.decksmith_runs), "--cards", str(args.cards)]
    figures = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])
    total = figures["total_cpu_s"]
    print(f"decksmith {figures['version']}: build {figures['build_cpu_s']:.1f} s + export "
          f"{figures['export_cpu_s']:.1f} s = {total:.1f} s CPU (median of {figures['runs']}), "
          f"PDF {figures['pdf_bytes'] / 1e6:.1f} MB, fronts only")
    print(f"pnpgen (fresh process) vs decksmith: {total / pnpgen_cpu:.0f}x less CPU")


if __name__ == "__main__":
    main()
