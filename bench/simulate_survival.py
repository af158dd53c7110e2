"""Benchmark: how long the Base stands with the lookahead player against the heuristic, same seeds.

    .venv/bin/python bench/simulate_survival.py [--games 150] [--players 1-4] [--seed 1] [--workers 2]
        [--difficulty normal] [--json FILE]

Game ``i`` of both players uses ``runner.game_rng(seed, i)`` (common random numbers), in the given
difficulty (normal by default: the Base falls). Printed per player count: each player's mean Rounds
the Base stands (``runner.survival_of``) and share of games past round 3, and the paired difference
(lookahead - heuristic) with its 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import time

from pnpgen.cli_checks import player_counts
from pnpgen.simulate import lookahead  # noqa: F401  (registers POLICIES["lookahead"])
from pnpgen.simulate.policies import POLICIES
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.runner import game_rng, play_game
from pnpgen.simulate.setup import build_pools
from pnpgen.simulate.sweep import paired
from pnpgen.spec import load_game

_W: dict = {}


def _init(difficulty: str) -> None:
    game = load_game("xenoshyft")
    rules = Rules.from_game(game.rules, difficulty)
    _W.update(pools=build_pools(game.cards, rules), rules=rules)


def _play(task: tuple[str, int, int, int]) -> int:
    policy, players, seed, i = task
    # a fresh policy per game: what a worker split gives, whatever the order games run in
    return play_game(_W["pools"], _W["rules"], players, game_rng(seed, i), POLICIES[policy]()).rounds


def rounds_of(policy: str, players: int, games: int, seed: int, workers: int, difficulty: str) -> list[int]:
    tasks = [(policy, players, seed, i) for i in range(games)]
    if workers == 1:
        _init(difficulty)
        return [_play(t) for t in tasks]
    with mp.get_context("fork").Pool(workers, initializer=_init, initargs=(difficulty,)) as pool:
        return pool.map(_play, tasks, chunksize=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--players", default="1-4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--json", help="also write the per-game rounds and the summary to this file")
    ap.add_argument("--no-plain-candidate", dest="plain_candidate", action="store_false",
                    help="the lookahead scores only the tuned heuristic's baskets (as before)")
    ap.add_argument("--skip-heuristic", help="a --json file of an earlier run: reuse its heuristic rounds")
    args = ap.parse_args()
    lookahead.LookaheadPolicy.plain_candidate = args.plain_candidate  # before the workers fork
    earlier = json.load(open(args.skip_heuristic, encoding="utf-8")) if args.skip_heuristic else None
    out = {"games": args.games, "seed": args.seed, "difficulty": args.difficulty,
           "plain_candidate": args.plain_candidate, "players": {}}
    for n in player_counts(args.players):
        started = time.perf_counter()
        old = earlier and earlier["players"].get(str(n))
        h = old["heuristic"] if old else rounds_of("heuristic", n, args.games, args.seed, args.workers, args.difficulty)
        look = rounds_of("lookahead", n, args.games, args.seed, args.workers, args.difficulty)
        d, lo, hi = paired(h, look)
        row = {"heuristic_mean_rounds": sum(h) / len(h), "lookahead_mean_rounds": sum(look) / len(look),
               "difference": d, "interval": [lo, hi],
               "heuristic_past_round_3": sum(r >= 3 for r in h), "lookahead_past_round_3": sum(r >= 3 for r in look),
               "seconds": round(time.perf_counter() - started, 1), "heuristic": h, "lookahead": look}
        out["players"][n] = row
        print(f"{n} player(s): mean rounds heuristic {row['heuristic_mean_rounds']:.3f}, lookahead "
              f"{row['lookahead_mean_rounds']:.3f}, difference {d:+.3f} (95 % {lo:+.3f} to {hi:+.3f}); "
              f"Base standing after round 3: {row['heuristic_past_round_3']} vs {row['lookahead_past_round_3']} "
              f"of {args.games}; {row['seconds']} s", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
