"""Save-to-preview latency of `pnpgen watch` on a fresh expansion.

From `pnpgen new <tmp>/myexp --game xenoshyft`, edit one card's ability text and time from the
save to the preview PNG and PDF showing the change: once driving ``Previewer.handle`` directly
(the work a save costs), once through the real watcher (``watchfiles`` events included).
Prints the median of several runs. Target: under 1 s.

    .venv/bin/python bench/watch.py [--runs 7]
"""

from __future__ import annotations

import argparse
import queue
import statistics
import tempfile
import threading
import time
from pathlib import Path

from pnpgen.preview.watch import Previewer, watch
from pnpgen.scaffold import new_expansion


def edit(card_file: Path, n: int) -> None:
    text = card_file.read_text()
    old = next(line for line in text.splitlines() if line.strip().startswith("ability:"))
    card_file.write_text(text.replace(old, f"    ability: DEAL {n} DAMAGE TO 1 ENEMY."))


def library_runs(folder: Path, out: Path, runs: int) -> tuple[float, list[float]]:
    previewer = Previewer(folder, out)
    start = time.perf_counter()
    first = previewer.handle(None)
    cold = time.perf_counter() - start
    assert first.ok, first.error
    card = folder / "cards" / "troop.yaml"
    times = []
    for n in range(runs):
        edit(card, n)
        start = time.perf_counter()          # the save has just happened
        refresh = previewer.handle([card])
        times.append(time.perf_counter() - start)
        assert refresh.ok and refresh.rendered == ["myexp:my-troop"], refresh.lines()
    return cold, times


def watcher_runs(folder: Path, out: Path, runs: int) -> list[float]:
    """Through watchfiles: save, then wait for the refresh that redraws the changed card (each
    save writes a text never seen before, so only a refresh that read it redraws the card)."""
    refreshes: queue.Queue = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(Previewer(folder, out), refreshes.put), kwargs={"stop_event": stop},
                              daemon=True)
    thread.start()
    refreshes.get(timeout=60)  # the first build
    card = folder / "cards" / "troop.yaml"

    def save_and_wait(n: int) -> float:
        edit(card, n)
        start = time.perf_counter()
        while True:
            refresh = refreshes.get(timeout=20)
            if refresh.ok and "myexp:my-troop" in refresh.rendered:
                return time.perf_counter() - start

    # The watcher starts watching only after the first build: save until it answers, untimed.
    for n in range(1000, 1050):
        try:
            save_and_wait(n)
            break
        except queue.Empty:
            continue
    times = []
    for n in range(runs):
        time.sleep(0.3)
        times.append(save_and_wait(2000 + n))
    stop.set()
    thread.join(10)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "myexp"
        new_expansion(folder, "xenoshyft")
        cold, lib = library_runs(folder, Path(tmp) / "output", args.runs)
        real = watcher_runs(folder, Path(tmp) / "output-watch", args.runs)
    print(f"first build (cold, 4 cards, base game loaded):  {cold:.3f} s")
    print(f"save -> preview.png + PDF, library call:       median {statistics.median(lib):.3f} s "
          f"(min {min(lib):.3f}, max {max(lib):.3f}, {len(lib)} runs)")
    print(f"save -> preview.png + PDF, real watcher:       median {statistics.median(real):.3f} s "
          f"(min {min(real):.3f}, max {max(real):.3f}, {len(real)} runs)")
    print(f"target < 1 s: {'met' if statistics.median(real) < 1 else 'NOT met'}")


if __name__ == "__main__":
    main()
