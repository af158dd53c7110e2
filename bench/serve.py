"""Save → browser-updated latency of `pnpgen serve` on a fresh expansion.

From `pnpgen new <tmp>/myexp --game xenoshyft`, the studio is served on a free loopback port and
opened in Debian's headless Chromium (Playwright, the system browser). Each run edits one card's
ability text and times from the save (the file written) to the page showing the card's new
image, loaded (the `<img>` of that card has a new URL and has finished loading): the real file
watcher, the reload and redraw, the server-sent event and the browser's fetch of the one changed
image, all included. Also prints the server's share (reload + validate + redraw). Target: < 1 s.

    .venv/bin/python bench/serve.py [--runs 9]
"""

from __future__ import annotations

import argparse
import socket
import statistics
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
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
