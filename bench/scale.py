"""Benchmark: load, validate, render and build an expansion of N distinct generated cards, and its
per-card PNGs, each phase in a fresh process (wall, CPU and peak RSS of that child and its worker
processes), to check that time per card stays flat and memory does not grow with the deck.

The cards are Xenoshyft troops with made-up distinct names and ability texts stitched from the
real Xenoshyft abilities (so the rules and reference checks have real work), written as an
expansion of xenoshyft into a temporary folder.

    .venv/bin/python bench/scale.py [--sizes 400 2000 10000] [--huge] [--runs 3]
                                    [--phases load validate render build png] [--workers N]
                                    [--protograf] [--decksmith]
    .venv/bin/python bench/scale.py --sizes 400 --runs 3 --phases render build png --protograf --decksmith
    .venv/bin/python bench/scale.py --profile validate --sizes 2000   # cProfile (CPU time) top functions

Phases: ``load`` (specs only), ``validate`` (load + every check), ``render`` (load + the card PDF,
no validation), ``build`` (``pnpgen build``: validate + PDF), ``png`` (``pnpgen build --png
gamecrafter --workers N``). --huge adds N = 50,000 (slow). Prints medians of --runs runs per phase.
CPU is user + system of the child and its waited-for workers.

Peers, each in its own venv, drawing the same N troops (name, cost, attack, health, ability text;
card fronts only, no bleed or marks), --runs runs each, after pnpgen's phases for that N:
--protograf runs bench/protograf_baseline.py (its deck script to a PDF; and to the PDF plus one PNG
a card), --decksmith runs bench/decksmith_baseline.py --distinct (``build``, the PNGs, then
``export``, the PDF). Their lines: ``pdf`` is the PDF from the card data (decksmith: build + export),
``png`` the per-card PNGs (protograf's includes its PDF, as pnpgen's png phase does; pnpgen's PNGs
carry bleed, the peers' do not). Then two
comparison lines: CPU per card of pnpgen's render and build phases against each peer's pdf, and the
wall time of pnpgen's png phase against each peer's png, each as the ratio pnpgen / peer (below 1:
pnpgen takes less). Every figure includes the start-up of its fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


SYLLABLES = ["ka", "ro", "vex", "tal", "mor", "zin", "dra", "quo", "lith", "sar", "nem", "bru", "cor",
             "phy", "gul", "tesh", "or", "an", "ix", "ul", "wen", "yor", "hak", "pel"]
TITLES = ["Trooper", "Sentinel", "Gunner", "Medic", "Ranger", "Warden", "Striker", "Marshal", "Scout",
          "Lancer", "Brute", "Seer", "Raider", "Keeper", "Hunter"]

PHASES = {
    "load": "from pnpgen.spec import load_game; load_game({folder!r})",
    "validate": "from pnpgen.spec import load_game; from pnpgen.validate import validate_game; "
                "validate_game(load_game({folder!r}), with_fit=True, workers=None)",  # every core, as the CLI
    "render": "from pnpgen.spec import load_game; from pnpgen.render.build import build_game; "
              "build_game(load_game({folder!r}), {out!r})",
}


def distinct_troops(n: int, seed: int = 1) -> list[dict]:
    """n distinct troop cards (names and ability texts), the same for the same n and seed."""
    from pnpgen.spec import load_game  # here, not at the top: the parent bench process stays small

    rng = random.Random(seed)
    base = load_game("xenoshyft")
    troops = [c for c in base.cards if c.type == "troop"]
    abilities = sorted({c.get("ability") for c in base.cards if c.get("ability")})
    taken = {c.name.lower() for c in base.cards if c.name}  # one extracted troop has no name (null + reported)
    texts: set[str] = set()
    cards = []
    while len(cards) < n:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize() + " " + rng.choice(TITLES)
        if name.lower() in taken:
            continue
        text = rng.choice(abilities)
        if rng.random() < 0.5:
            text = f"{text} {rng.choice(abilities)}"
        if text in texts:
            text = f"{text} GAIN {rng.randint(1, 9)} CREDITS."
        if text in texts:  # the real texts' combinations run out near 50,000 cards
            text = f"{text} GAIN {len(cards) % 9 + 1} CREDITS PER {TITLES[len(cards) % len(TITLES)].upper()} {len(cards)}."
        taken.add(name.lower())
        texts.add(text)
        like = rng.choice(troops)
        cards.append({"id": f"gen-{len(cards):05d}", "name": name, "type": "troop", "copies": rng.randint(1, 3),
                      **{k: v for k, v in like.fields.items() if k not in ("ability", "provenance")},
                      "ability": text})
    return cards


PEER_COLUMNS = {"name": "name", "cost": "cost", "attack": "power", "health": "hp", "ability": "ability"}


def peer_rows(n: int) -> list[dict]:
    """The cards of distinct_troops(n) as the peers' decks show them: name, cost, attack, health and ability
    ("" where the troop they copy has no value)."""
    return [{col: "" if c.get(key) is None else c[key] for col, key in PEER_COLUMNS.items()} for c in distinct_troops(n)]


def generate(n: int, folder: Path) -> None:
    """Write an expansion of xenoshyft with the n distinct troops of distinct_troops(n) into folder."""
    import yaml

    cards = distinct_troops(n)
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    (folder / "pnpgen.yaml").write_text(f"id: scale{n}\nname: Scale {n}\nbase: xenoshyft\n")
    # 10,000 cards a file (about 3.5 MB): one file of 50,000 would pass the 16 MB data-file limit.
    for k in range(0, len(cards), 10_000):
        part = cards[k:k + 10_000]
        (folder / "cards" / f"troops-{k // 10_000 + 1:02d}.yaml").write_text(
            yaml.safe_dump({"cards": part}, allow_unicode=True, sort_keys=False))


def run_child(argv: list[str]) -> tuple[float, float, float]:
    """Wall s, CPU s (user + system) and peak RSS MiB of one fresh child process. On Linux the
    rusage wait4 returns covers the child and the worker processes it waited for (CPU summed,
    peak RSS the largest one's)."""
    wall = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - wall
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    # `pnpgen build` exits 1 on error findings (generated cards may draw some); 2+ is a real failure.
    # The library phases (python -c) return normally: any non-zero exit there is a crash.
    allowed = (0, 1) if argv[1:3] == ["-m", "pnpgen.cli"] else (0,)
    if proc.returncode not in allowed:
        raise SystemExit(f"{argv[-1][:60]}... failed ({proc.returncode}): {err.strip()[-400:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def phase_argv(phase: str, folder: Path, out: Path, workers: int | None = None) -> list[str]:
    shutil.rmtree(out, ignore_errors=True)  # no build stamp from an earlier run: every run builds
    if phase in ("build", "png"):
        argv = [sys.executable, "-m", "pnpgen.cli", "build", str(folder), "--out", str(out)]
        if phase == "png":
            argv += ["--png", "gamecrafter"] + (["--workers", str(workers)] if workers else [])
        return argv
    return [sys.executable, "-c", PHASES[phase].format(folder=str(folder), out=str(out))]


def peer(script: str, n: int, runs: int, *extra: str) -> dict | None:
    """The JSON report of one peer baseline (bench/<script>) on n cards; None, said on stdout, if it fails."""
    argv = [sys.executable, str(Path(__file__).with_name(script)), "--cards", str(n), "--runs", str(runs), "--json"]
    proc = subprocess.run(argv + list(extra), capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"N={n:>6} {script} could not run: {proc.stderr.strip()[-300:]}", flush=True)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def peers(n: int, runs: int, which: list[str]) -> dict[str, dict[str, tuple[float, float]]]:
    """Run the chosen peers on n cards and print their lines: {peer: {"pdf"|"png": (wall s, cpu s)}}."""
    found = {}
    for name in which:
        if name == "protograf":
            report = peer("protograf_baseline.py", n, runs)
            keys = {"pdf": "pdf", "png": "png"}
        else:
            report = peer("decksmith_baseline.py", n, runs, "--distinct")
            keys = {"pdf": "total", "png": "build"}  # build draws the PNGs, export lays them out as the PDF
        if report is None:
            continue
        found[name] = {out: (report[f"{key}_s"], report[f"{key}_cpu_s"]) for out, key in keys.items()}
        for out, (wall, cpu) in found[name].items():
            print(f"N={n:>6} {name + ' ' + out:<14} wall {wall:8.2f} s  cpu {cpu:8.2f} s  per card "
                  f"{1000 * wall / n:6.2f} ms  ({name} {report['version']}, start-up {report['startup_s']:.2f} s)", flush=True)
    return found


def compare(n: int, ours: dict[str, tuple[float, float, float]], theirs: dict[str, dict[str, tuple[float, float]]]) -> None:
    """pnpgen's render/build CPU per card against each peer's pdf, its png wall against each peer's png."""
    cpu = {ph: 1000 * ours[ph][1] / n for ph in ("render", "build") if ph in ours}
    if cpu and theirs:
        parts = [f"{name} pdf {1000 * t['pdf'][1] / n:.2f} ms ("
                 + ", ".join(f"{ph} {ms / (1000 * t['pdf'][1] / n):.2f}x" for ph, ms in cpu.items()) + ")"
                 for name, t in theirs.items()]
        print(f"N={n:>6} cpu per card (ratio pnpgen/peer): pnpgen " + ", ".join(f"{ph} {ms:.2f} ms" for ph, ms in cpu.items())
              + "; " + "; ".join(parts), flush=True)
    if "png" in ours and theirs:
        parts = [f"{name} png {t['png'][0]:.2f} s ({ours['png'][0] / t['png'][0]:.2f}x)" for name, t in theirs.items()]
        print(f"N={n:>6} png wall (ratio pnpgen/peer): pnpgen {ours['png'][0]:.2f} s; " + "; ".join(parts), flush=True)


def main() -> None:
    if sys.argv[1:2] == ["--generate"]:
        generate(int(sys.argv[2]), Path(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[400, 2000, 10000])
    parser.add_argument("--huge", action="store_true", help="also N = 50,000 (slow)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--phases", nargs="+", choices=["load", "validate", "render", "build", "png"],
                        default=["load", "validate", "render", "build", "png"])
    parser.add_argument("--workers", type=int, help="--workers of the png phase (default: pnpgen's, all cores)")
    parser.add_argument("--protograf", action="store_true", help="also time protograf on the same N cards")
    parser.add_argument("--decksmith", action="store_true", help="also time decksmith on the same N cards")
    parser.add_argument("--profile", choices=["load", "validate", "render"], help="cProfile one run in-process instead")
    args = parser.parse_args()
    sizes = args.sizes + ([50000] if args.huge else [])
    phases = args.phases
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            folder = Path(tmp) / f"scale{n}"
            # In a child: Linux counts the RSS a process had when it forked into every child's peak
            # RSS (ru_maxrss), so this process must never hold the generated deck.
            subprocess.run([sys.executable, __file__, "--generate", str(n), str(folder)], check=True)
            if args.profile:
                import cProfile
                import pstats
                code = PHASES[args.profile].format(folder=str(folder), out=str(Path(tmp) / "out"))
                profile = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
                profile.runctx(code, {}, {})
                pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
                continue
            ours = {}
            for phase in phases:
                runs = [run_child(phase_argv(phase, folder, Path(tmp) / "out", args.workers)) for _ in range(args.runs)]
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[1] for r in runs)
                rss = max(r[2] for r in runs)
                ours[phase] = (wall, cpu, rss)
                print(f"N={n:>6} {phase:<8} wall {wall:8.2f} s  cpu {cpu:8.2f} s  "
                      f"per card {1000 * wall / n:6.2f} ms  peak RSS {rss:7.0f} MiB", flush=True)
            which = [name for name in ("protograf", "decksmith") if getattr(args, name)]
            if which:
                compare(n, ours, peers(n, args.runs, which))


if __name__ == "__main__":
    main()
