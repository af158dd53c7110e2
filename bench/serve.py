"""Save → browser-updated latency of `pnpgen serve` on a fresh expansion.

From `pnpgen new <tmp>/myexp --game xenoshyft`, the studio is served on a free loopback port and
opened in Debian's headless Chromium (Playwright, the system browser). Each run edits one card's
ability text and times from the save (the file written) to the page showing the card's new
image, loaded (the `<img>` of that card has a new URL and has finished loading): the real file
watcher, the reload and redraw, the server-sent event and the browser's fetch of the one changed
image, all included. Also prints the server's share (reload + validate + redraw). Target: < 1 s.

    .venv/bin/python bench/serve.py [--runs 9]
    .venv/bin/python bench/serve.py --cards 2000 [--runs 9]

With ``--cards N``: the studio of an expansion of N distinct generated troops (bench/scale.py's
``generate``, one YAML file) — **open**: from creating the studio (first load, no cache) to the
page showing the grid of all N cards with every thumbnail in the first screen loaded (the findings
follow in the background); **edit**: from the page sending ``PATCH /api/cards/<id>`` (a new ability
text, as its Save button does) to the card's new thumbnail loaded in the grid (write to the YAML
file, the card drawn again, the server-sent event, the browser's fetch). Targets: open < 3 s,
edit < 300 ms.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from pnpgen.scaffold import new_expansion
from pnpgen.serve.app import create_app
from pnpgen.serve.state import Studio

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CARD = "img[alt='My Troop']"


def edit(card_file: Path, n: int) -> None:
    text = card_file.read_text()
    old = next(line for line in text.splitlines() if line.strip().startswith("ability:"))
    card_file.write_text(text.replace(old, f"    ability: DEAL {n} DAMAGE TO 1 ENEMY."))


# Runs in the page: Save as the form sends it, then the time until the card's new thumbnail is shown.
EDIT_JS = """async ([id, text]) => {
  const token = document.querySelector('meta[name="pnpgen-token"]').content;
  const card = await (await fetch('/api/card/' + encodeURIComponent(id))).json();
  const tile = () => document.querySelector('#card-' + CSS.escape(id) + ' img');
  const before = tile().getAttribute('src');
  const start = performance.now();
  const res = await fetch('/api/cards/' + encodeURIComponent(id), { method: 'PATCH',
    headers: { 'Content-Type': 'application/json', 'X-Pnpgen-Token': token },
    body: JSON.stringify({ fields: { ability: text }, version: card.version }) });
  if (!res.ok) throw new Error(await res.text());
  const saved = performance.now() - start;
  await new Promise((resolve) => { const poll = () => { const i = tile();
    if (i && i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0) resolve(); else requestAnimationFrame(poll); };
    poll(); });
  return [performance.now() - start, saved];
}"""
OPEN_JS = """n => { const tiles = document.querySelectorAll('img.card-thumb');
  if (tiles.length !== n) return false;
  const seen = [...tiles].filter((i) => { const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
  return seen.length > 0 && seen.every((i) => i.complete && i.naturalWidth > 0) ? seen.length : false; }"""


def large(n: int, runs: int) -> None:
    """Open and edit timings of a studio of n generated cards (see the module docstring)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from scale import generate

    opened, edits, saves = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / f"scale{n}"
        generate(n, folder)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            start = time.perf_counter()
            studio = Studio(folder, Path(tmp) / "output")
            studio.refresh(None, check=False)          # as `pnpgen serve` starts
            loaded = time.perf_counter() - start
            app = create_app(studio, watch=True)
            server, port = serve(app)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/")
            first = page.wait_for_function(OPEN_JS, arg=n, polling="raf", timeout=60000).json_value()
            opened.append(time.perf_counter() - start)
            while studio.checking:                      # the findings of the first load, in the background
                time.sleep(0.2)
            checked = time.perf_counter() - start
            # The thumbnails the browser fetches ahead of the view (its lazy-loading margin) go first:
            # an edit's new image would wait behind them on the browser's six connections.
            drawn = -1
            while drawn != len(studio.snapshot.thumbs):
                drawn = len(studio.snapshot.thumbs)
                time.sleep(1.0)
            ids = [c["id"] for c in studio.state()["cards"]][:runs]
            for k, card_id in enumerate(ids):
                total, saved = page.evaluate(EDIT_JS, [card_id, f"DEAL {k % 9 + 1} DAMAGE TO 1 ENEMY. DRAW 1 CARD."])
                edits.append(total / 1000)
                saves.append(saved / 1000)
                while studio.checking:                  # each edit's findings, before the next edit
                    time.sleep(0.2)
            browser.close()
            app.state.events.close()
            server.should_exit = True
    print(f"{n} cards: first load (no cache) {loaded:.2f} s; page open with the first {first} thumbnails "
          f"loaded {opened[0]:.2f} s; findings in {checked:.1f} s")
    print(f"edit -> card shown, median of {len(edits)}: {statistics.median(edits):.3f} s "
          f"(min {min(edits):.3f}, max {max(edits):.3f}); of which PATCH answered: {statistics.median(saves):.3f} s")
    print("  each edit (shown / answered, s): " + ", ".join(f"{a:.2f}/{b:.2f}" for a, b in zip(edits, saves)))


def serve(app) -> tuple[uvicorn.Server, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, port


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--cards", type=int, default=0, help="open and edit a studio of this many generated cards")
    args = parser.parse_args()
    if args.cards:
        large(args.cards, args.runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        made = new_expansion(Path(tmp) / "myexp", "xenoshyft")
        studio = Studio(made.directory, Path(tmp) / "output")
        start = time.perf_counter()
        studio.refresh(None)
        cold = time.perf_counter() - start
        app = create_app(studio)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                               timeout_graceful_shutdown=1))
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.02)
        card_file = made.directory / "cards" / "troop.yaml"
        latencies, server_side = [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_function(f"() => document.querySelector(\"{CARD}\")?.naturalWidth > 0")
            time.sleep(0.5)  # let the watcher settle
            for n in range(args.runs):
                before = page.get_attribute(CARD, "src")
                saved = time.time()
                edit(card_file, n)
                # Returns the browser's clock (ms since the epoch) at the first frame showing the new image.
                shown = page.wait_for_function(
                    "before => { const i = document.querySelector(\"" + CARD + "\");"
                    " return i && i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0"
                    " ? performance.timeOrigin + performance.now() : false; }",
                    arg=before, polling="raf", timeout=10000).json_value()
                latencies.append(shown / 1000 - saved)
                server_side.append(studio.seconds)
                time.sleep(0.3)
            browser.close()
        app.state.events.close()
        server.should_exit = True
    print(f"first load (base game, fonts, 4 cards drawn): {cold:.2f} s")
    print(f"save -> browser shows the new card, median of {args.runs}: {statistics.median(latencies):.3f} s "
          f"(min {min(latencies):.3f}, max {max(latencies):.3f})")
    print(f"  of which the server's reload + validate + redraw, median: {statistics.median(server_side):.3f} s")


if __name__ == "__main__":
    main()
