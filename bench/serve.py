"""Save → browser-updated latency of `pnpgen serve` on a fresh expansion.

From `pnpgen new <tmp>/myexp --game xenoshyft`, the studio is served on a free loopback port and
opened in Debian's headless Chromium (Playwright, the system browser). Each run edits one card's
ability text and times from the save (the file written) to the page showing the card's new
image, loaded (the `<img>` of that card has a new URL and has finished loading): the real file
watcher, the reload and redraw, the server-sent event and the browser's fetch of the one changed
image, all included. Also prints the server's share (reload + validate + redraw). Target: < 1 s.

    .venv/bin/python bench/serve.py [--runs 9]

With ``--cards N``: the studio of an expansion of N distinct generated troops (bench/scale.py's
``generate``, one YAML file), each of ``--repeat`` runs in a fresh process (nothing warm from the
last) — **open**: from creating the studio (first load, no cache; the browser's tab is open
already) to the page showing the grid of all N cards (``#cards`` counts them; only the tiles near
the view are drawn) with every thumbnail in the first screen loaded (the findings follow in the
background); **edit**: from the page sending ``PATCH /api/cards/<id>`` (a new ability text, as its
Save button does) to the card's new thumbnail loaded in the grid (write to the YAML file, the card
drawn again, the delta on the server-sent events, the browser's fetch), each edit after the last
one's findings reached the page. Targets: open < 3 s, edit < 300 ms. Also printed, as medians:
the phases — the server's (``Server-Timing`` of ``/api/state``, of each thumbnail and of the
PATCH), the page's (Performance API: resource timings, the page's ``studio:render`` and
``studio:delta`` measures: script plus the layout it forces, and until the next frame), the bench
process's CPU (server threads and the Playwright client) and the machine's load average.

    .venv/bin/python bench/serve.py --cards 2000 --runs 5 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
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


# Runs in the page: Save as the form sends it, then the time until the card's new thumbnail is shown,
# with the phases the page can see: the server's (Server-Timing of the PATCH and of the image), the
# delta applied and drawn (the page's "studio:delta" measure).
EDIT_JS = """async ([id, text, version]) => {
  const token = document.querySelector('meta[name="pnpgen-token"]').content;
  const tile = () => document.querySelector('#card-' + CSS.escape(id) + ' img');
  const before = tile().getAttribute('src');
  const deltas = performance.getEntriesByName('studio:delta').length;
  const start = performance.now();
  const res = await fetch('/api/cards/' + encodeURIComponent(id), { method: 'PATCH',
    headers: { 'Content-Type': 'application/json', 'X-Pnpgen-Token': token },
    body: JSON.stringify({ fields: { ability: text }, version }) });
  if (!res.ok) throw new Error(await res.text());
  const saved = performance.now() - start;
  const server = res.headers.get('Server-Timing') || '';
  await new Promise((resolve, reject) => { const poll = () => { const i = tile();
    if (i && i.getAttribute('src') !== before && i.complete && i.naturalWidth > 0) resolve();
    else if (performance.now() - start > 60000) reject(new Error('the edited card was not shown within 60 s'));
    else requestAnimationFrame(poll); };
    poll(); });
  const shown = performance.now() - start;
  const delta = performance.getEntriesByName('studio:delta').slice(deltas)[0];
  const image = performance.getEntriesByName(new URL(tile().src, location.href).href)[0];
  return { shown, saved, server, delta: delta ? delta.duration : null, delta_at: delta ? delta.startTime - start : null,
           image_start: image ? image.startTime - start : null, image_end: image ? image.responseEnd - start : null,
           image: image ? (image.serverTiming || []).map((t) => t.name + '=' + t.duration).join(' ') : '' };
}"""
# The grid has laid out all n cards (#cards data-cards) and every thumbnail in the first screen is loaded.
OPEN_JS = """n => { if (document.getElementById('cards').dataset.cards !== String(n)) return false;
  const seen = [...document.querySelectorAll('img.card-thumb')].filter((i) => {
    const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
  return seen.length > 0 && seen.every((i) => i.complete && i.naturalWidth > 0) ? seen.length : false; }"""
# The page's own view of the opening: Performance API entries (ms since navigation start).
PHASES_JS = """() => {
  const timing = (r) => Object.fromEntries((r.serverTiming || []).map((t) => [t.name, t.duration]));
  const state = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/api/state'));
  const seen = [...document.querySelectorAll('img.card-thumb')].filter((i) => {
    const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; });
  const thumbs = seen.map((i) => performance.getEntriesByName(i.src)[0]).filter(Boolean);
  const render = performance.getEntriesByName('studio:render')[0];
  const painted = performance.getEntriesByName('studio:render:painted')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  return { page: nav.domContentLoadedEventEnd, state_start: state.startTime, state_end: state.responseEnd,
           state_server: timing(state).state, state_bytes: state.encodedBodySize,
           render: render.duration, painted: painted ? painted.duration : null,
           thumbs_end: Math.max(...thumbs.map((r) => r.responseEnd)),
           thumbs_server: thumbs.map((r) => timing(r).thumb || 0),
           tiles: document.querySelectorAll('#cards .card').length };
}"""


def large(folder: Path, n: int, runs: int) -> dict:
    """Open and edit figures of a studio of the n generated cards in ``folder`` (see the module docstring)."""
    edits = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})   # the designer's browser, open already
        load_before = os.getloadavg()[0]
        cpu, start = time.process_time(), time.perf_counter()
        studio = Studio(folder, Path(tmp) / "output")
        studio.refresh(None, check=False)          # as `pnpgen serve` starts
        loaded = time.perf_counter() - start
        app = create_app(studio, watch=True)
        server, port = serve(app)
        served = time.perf_counter() - start
        page.goto(f"http://127.0.0.1:{port}/")
        first = page.wait_for_function(OPEN_JS, arg=n, polling="raf", timeout=60000).json_value()
        opened = time.perf_counter() - start
        open_cpu = time.process_time() - cpu
        phases = page.evaluate(PHASES_JS)
        while studio.checking:                      # the findings of the first load, in the background
            time.sleep(0.2)
        checked = time.perf_counter() - start
        findings = len(studio.snapshot.findings)
        # The thumbnails the page draws ahead of the view go first: an edit's new image would wait
        # behind them on the server's drawing.
        drawn = -1
        while drawn != len(studio.snapshot.thumbs):
            drawn = len(studio.snapshot.thumbs)
            time.sleep(1.0)
        ids = [c["id"] for c in studio.state()["cards"]][:runs]
        for k, card_id in enumerate(ids):
            settled(page, app, studio)             # the last edit's findings shown, nothing else under way
            version = page.evaluate("async (id) => (await (await fetch('/api/card/' + encodeURIComponent(id))).json()).version",
                                    card_id)
            cpu = time.process_time()
            edit = page.evaluate(EDIT_JS, [card_id, f"DEAL {k % 9 + 1} DAMAGE TO 1 ENEMY. DRAW 1 CARD.", version])
            edit["cpu"] = time.process_time() - cpu
            edits.append(edit)
        browser.close()
        app.state.events.close()
        server.should_exit = True
    return {"n": n, "load": [load_before, os.getloadavg()[0]], "loaded": loaded, "served": served,
            "opened": opened, "open_cpu": open_cpu, "first": first, "phases": phases, "checked": checked,
            "findings": findings, "edits": edits}


def settled(page, app, studio) -> None:
    """Until the studio checks nothing and the page shows the model the server last sent."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        while studio.checking:
            time.sleep(0.2)
        sent = app.state.publisher.current()["version"]
        if page.evaluate("() => Number(document.body.dataset.version)") == sent and not studio.checking:
            return
        time.sleep(0.2)
    raise SystemExit("the page did not reach the server's last model within 300 s")


def report(results: list[dict]) -> None:
    """Medians over the runs (each a fresh process) of the open and edit figures and their phases."""
    med = statistics.median
    n = results[0]["n"]
    edits = [e for r in results for e in r["edits"]]
    shown = [e["shown"] / 1000 for e in edits]
    loads = [x for r in results for x in r["load"]]
    ph = [r["phases"] for r in results]
    print(f"{n} cards, {len(results)} fresh process(es); load average {min(loads):.1f}-{max(loads):.1f}")
    print("  open (each run): " + ", ".join(f"{r['opened']:.2f}" for r in results) + " s")
    print(f"open, median: {med(r['opened'] for r in results):.2f} s  (target < 3 s)")
    print(f"  first load refresh(check=False) {med(r['loaded'] for r in results):.2f} s; server up and the page "
          f"asked for at {med(r['served'] for r in results):.2f} s")
    print(f"  in the page (ms from navigation): scripts loaded {med(p['page'] for p in ph):.0f}; /api/state "
          f"{med(p['state_start'] for p in ph):.0f}-{med(p['state_end'] for p in ph):.0f} "
          f"(server {med(p['state_server'] for p in ph):.0f} ms, {med(p['state_bytes'] for p in ph) / 1000:.0f} KB); "
          f"render {med(p['render'] for p in ph):.0f} ms (to the next frame {med(p['painted'] or 0 for p in ph):.0f}); "
          f"first screen's {results[0]['first']} thumbnails loaded {med(p['thumbs_end'] for p in ph):.0f}")
    print(f"  thumbnails in the first screen, server ms per request (median, max): "
          f"{med(t for p in ph for t in p['thumbs_server']):.0f}, {max(t for p in ph for t in p['thumbs_server']):.0f}; "
          f"tiles in the DOM {med(p['tiles'] for p in ph):.0f} of {n}")
    print(f"  CPU of the bench process (server threads + Playwright client) while opening: "
          f"{med(r['open_cpu'] for r in results):.2f} s; findings ({med(r['findings'] for r in results):.0f}) "
          f"in {med(r['checked'] for r in results):.1f} s")
    print(f"edit -> card shown, median of {len(edits)}: {med(shown):.3f} s (min {min(shown):.3f}, max {max(shown):.3f}); "
          f"PATCH answered {med(e['saved'] for e in edits) / 1000:.3f} s  (target < 0.3 s)")
    server = {}
    for e in edits:
        for part in filter(None, (x.strip() for x in e["server"].split(","))):
            name, _, dur = part.partition(";dur=")
            server.setdefault(name, []).append(float(dur))
    print("  server phases of the PATCH, median ms: " + ", ".join(f"{k} {med(v):.0f}" for k, v in server.items())
          + f"; in the page, ms after sending the PATCH (median): delta received {med(e['delta_at'] or 0 for e in edits):.0f}, "
          f"applied and drawn in {med(e['delta'] or 0 for e in edits):.0f}; new image asked {med(e['image_start'] or 0 for e in edits):.0f}, "
          f"loaded {med(e['image_end'] or 0 for e in edits):.0f}"
          + f"; bench process CPU per edit {med(e['cpu'] for e in edits) * 1000:.0f} ms")
    print("  each edit (shown / answered, s): " + ", ".join(f"{e['shown'] / 1000:.2f}/{e['saved'] / 1000:.2f}" for e in edits))


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
    parser.add_argument("--repeat", type=int, default=1, help="with --cards: this many fresh processes, medians")
    parser.add_argument("--folder", help=argparse.SUPPRESS)     # a child's generated game (JSON out)
    args = parser.parse_args()
    if args.folder:
        print(json.dumps(large(Path(args.folder), args.cards, args.runs)))
        return
    if args.cards:
        sys.path.insert(0, str(Path(__file__).parent))
        from scale import generate

        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / f"scale{args.cards}"
            generate(args.cards, folder)
            results = []
            for k in range(args.repeat):     # each open in a fresh process: nothing warm from the last one
                game = Path(tmp) / f"run{k}" / folder.name     # the game as generated: the edits change it
                shutil.copytree(folder, game)
                run = subprocess.run([sys.executable, __file__, "--cards", str(args.cards), "--runs", str(args.runs),
                                      "--folder", str(game)], capture_output=True, text=True)
                if run.returncode:
                    raise SystemExit(f"a run failed ({run.returncode}):\n{run.stderr[-3000:]}")
                results.append(json.loads(run.stdout.strip().splitlines()[-1]))
        report(results)
        return
    with tempfile.TemporaryDirectory() as tmp:
        made = new_expansion(Path(tmp) / "myexp", "xenoshyft")
        studio = Studio(made.directory, Path(tmp) / "output")
        start = time.perf_counter()
        studio.refresh(None)
        cold = time.perf_counter() - start
        app = create_app(studio)
        server, port = serve(app)
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
