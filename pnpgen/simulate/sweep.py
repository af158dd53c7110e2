"""Balance sweeps: how much one card's stat change moves the game (``pnpgen sweep``).

A sweep plays the unchanged game and every variant (one card, one field, one delta: a ``Game``
made with ``dataclasses.replace``) on the *same* seeds — game ``i`` of every variant uses
``runner.game_rng(seed, i)`` — so each variant is compared game by game with the baseline (common
random numbers, paired differences) and small effects show with few games.

Games are played in training mode (the Base counts damage and the game always runs to the end); a
game "would have been won" when that damage stays below the normal Base HP (15 per player): the
rules are the same until the Base would have fallen, and the players never read the Base HP.

Work is cut into blocks of ``block`` seeds per (variant, player count); each block's per-game
results are cached on disk under a key of everything that decides them (card data, rules, engine
source, policy, seeds), so an interrupted sweep resumes where it stopped. Blocks run in this
process, on local processes or on Ray (``backends``): the numbers are the same on all of them.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from pnpgen.simulate.cards import left_out_reason
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.stats import Z95, paired_difference_interval, wilson

FIELDS = ("cost", "power", "hp", "boost_power", "boost_hp")
SWEPT_TYPES = ("troop", "item")
DEFAULT_BLOCK = 50  # games per cached block (~0.35 s of play); a task carries up to 8 blocks of a variant


class SweepError(ValueError):
    """Bad sweep arguments (a field that is not a number, an unknown card...)."""


@dataclass(frozen=True, order=True)
class Change:
    """One stat change of one card: ``field`` of card ``card`` moved by ``delta``."""

    card: str
    field: str
    delta: int

    @property
    def label(self) -> str:
        return f"{self.card} {self.field}{self.delta:+d}"


def parse_vary(texts: Iterable[str]) -> list[tuple[str, tuple[int, ...]]]:
    """``["cost=-1,+1", "hp=+1"]`` -> ``[("cost", (-1, 1)), ("hp", (1,))]``."""
    out = []
    for text in texts:
        name, sep, deltas = text.partition("=")
        name = name.strip()
        if not sep or name not in FIELDS:
            raise SweepError(f"--vary {text!r}: use FIELD=DELTAS with FIELD one of {', '.join(FIELDS)} "
                             f"(e.g. cost=-1,+1)")
        try:
            values = tuple(int(d) for d in deltas.split(",") if d.strip())
        except ValueError:
            raise SweepError(f"--vary {text!r}: deltas are whole numbers like -1,+1") from None
        if not values or 0 in values:
            raise SweepError(f"--vary {text!r}: give non-zero deltas, e.g. {name}=-1,+1")
        out.append((name, values))
    if not out:
        raise SweepError("give at least one --vary FIELD=DELTAS (e.g. --vary cost=-1,+1)")
    return out


def plan_changes(game: Any, vary: Sequence[tuple[str, Sequence[int]]], cards: str = "all"
                 ) -> tuple[list[Change], list[str]]:
    """The changes to play and notes on the ones skipped (unknown field, a value below 0).

    ``cards``: ``"all"`` (every troop and item the game adds: an expansion's own cards) or ids
    separated by commas."""
    own = game.own_cards() if hasattr(game, "own_cards") else list(game.cards)
    if cards.strip() == "all":
        chosen = [c for c in own if c.type in SWEPT_TYPES]
    else:
        by_id = {c.id: c for c in game.cards}
        chosen = []
        for cid in (x.strip() for x in cards.split(",") if x.strip()):
            if cid not in by_id:
                raise SweepError(f"--cards: no card {cid!r} in {game.id} (ids are as in `pnpgen validate`)")
            chosen.append(by_id[cid])
    changes, notes = [], []
    for c in chosen:
        if left_out_reason(c) is not None:
            continue  # the simulator leaves the card out: listed by ``excluded_cards``, not varied
        for name, deltas in vary:
            value = c.fields.get(name)
            if name not in c.fields and name not in _type_fields(game, c):
                continue  # the card type has no such field (an item's Power): nothing to note
            if not isinstance(value, int) or isinstance(value, bool):
                notes.append(f"{c.id}: {name} is unknown in the card data; skipped")
                continue
            if c.fields.get("starter") and name == "cost":
                notes.append(f"{c.id}: a starting card is never bought; cost skipped")
                continue
            for d in deltas:
                if value + d < 0:
                    notes.append(f"{c.id}: {name} {value}{d:+d} would be below 0; skipped")
                else:
                    changes.append(Change(c.id, name, d))
    return changes, notes


def excluded_cards(game: Any, cards: str = "all") -> list[tuple[str, str]]:
    """(card id, reason) for the chosen troops and items the simulator leaves out of the game: varying
    them would measure nothing (a change of exactly 0 with a falsely certain interval)."""
    own = game.own_cards() if hasattr(game, "own_cards") else list(game.cards)
    if cards.strip() == "all":
        chosen = [c for c in own if c.type in SWEPT_TYPES]
    else:
        wanted = {x.strip() for x in cards.split(",") if x.strip()}
        chosen = [c for c in game.cards if c.id in wanted]
    return [(c.id, reason) for c in chosen if (reason := left_out_reason(c)) is not None]


def _type_fields(game: Any, card: Any) -> tuple[str, ...]:
    ct = getattr(game, "card_types", {}).get(card.type)
    return tuple(getattr(ct, "fields", None) or ()) if ct is not None else ()


def variant(game: Any, change: Change | None) -> Any:
    """``game`` with one card's field moved by ``change.delta`` (``None``: the game itself)."""
    if change is None:
        return game
    cards = tuple(replace(c, fields={**c.fields, change.field: c.fields[change.field] + change.delta})
                  if c.id == change.card else c for c in game.cards)
    return replace(game, cards=cards)


# --- one block of games (runs in workers) ---------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """Games ``start``..``stop`` of one variant at one player count."""

    change: Change | None
    players: int
    start: int
    stop: int


@dataclass
class Setup:
    """What every block of a sweep shares (shipped once to each worker)."""

    game: Any
    extra: tuple = ()
    seed: int = 1
    policy: str = "heuristic"

    def key(self) -> str:
        """A digest of everything besides the block that decides a block's results."""
        h = hashlib.sha256()
        h.update(_engine_digest().encode())
        h.update(json.dumps([self.game.id, self.seed, self.policy, self.game.rules,
                             [(c.id, c.type, c.copies, c.fields) for c in (*self.game.cards, *self.extra)]],
                            sort_keys=True, default=str).encode())
        return h.hexdigest()


_ENGINE: list[str] = []


def _engine_digest() -> str:
    """A digest of the simulator's source: a cached block is stale once the engine changes."""
    if not _ENGINE:
        h = hashlib.sha256()
        here = Path(__file__).parent
        for path in sorted(here.glob("*.py")) + sorted((here.parent / "effects").glob("*.py")):
            h.update(path.name.encode() + path.read_bytes())
        _ENGINE.append(h.hexdigest())
    return _ENGINE[0]


_POOLS: dict[Any, Any] = {}  # (setup key, change) -> (pools, rules), per worker process


def play_block(setup: Setup, block: Block, setup_key: str | None = None) -> dict[str, Any]:
    """Play one block: per game the training damage, would-have-won 0/1 and the Rounds the Base
    would have stood (``runner.survival_of``); and the cards bought in the whole block."""
    from pnpgen.simulate.policies import POLICIES
    from pnpgen.simulate.runner import game_rng, play_game
    from pnpgen.simulate.setup import build_pools

    k = (setup_key or id(setup), block.change)
    hit = _POOLS.get(k)
    if hit is None:
        if len(_POOLS) > 8:
            _POOLS.clear()
        g = variant(setup.game, block.change)
        rules = Rules.from_game(g.rules, "training")
        hit = _POOLS[k] = (build_pools(g.cards, rules, setup.extra), rules,
                           Rules.from_game(g.rules, "normal").base_hp_per_player)
    pools, rules, hp = hit
    policy = POLICIES[setup.policy]()
    limit = hp * block.players
    damage, won, rounds = [], [], []
    bought: dict[str, int] = {}
    for i in range(block.start, block.stop):
        r = play_game(pools, rules, block.players, game_rng(setup.seed, i), policy)
        damage.append(r.base_damage)
        won.append(1 if r.base_damage < limit else 0)
        rounds.append(r.rounds)
        for card, n in r.tally.bought.items():
            bought[card] = bought.get(card, 0) + n
    return {"damage": damage, "won": won, "rounds": rounds, "bought": dict(sorted(bought.items()))}


# --- results ---------------------------------------------------------------------------------------

@dataclass
class Row:
    """One change at one player count against the unchanged game (variant - baseline), paired by seed.

    ``rounds``: Rounds the Base would stand (mean); ``survival``: per Wave, (baseline share of games
    whose Base would still stand at its end, difference, interval); ``bought``: the changed card
    bought per game, baseline and variant; ``flag``: why a stronger card measures worse."""

    change: Change
    players: int
    games: int
    damage: float
    damage_interval: tuple[float, float]
    win: float
    win_interval: tuple[float, float]
    base_damage: float
    base_win: float
    rounds: float = 0.0
    rounds_interval: tuple[float, float] = (0.0, 0.0)
    base_rounds: float = 0.0
    survival: tuple[tuple[float, float, tuple[float, float]], ...] = ()
    bought: tuple[float, float] = (0.0, 0.0)
    flag: str | None = None
    changed_games: int = 0  # games whose damage or Rounds differ from the baseline's on the same seed

    @property
    def per_unit(self) -> float:
        """Damage change per unit of the field (per Resource for cost)."""
        return self.damage / self.change.delta

    @property
    def stronger(self) -> bool:
        """Cost -1, or Power/HP/boost +1: the card is strictly better for its owner."""
        return self.change.delta < 0 if self.change.field == "cost" else self.change.delta > 0

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.change.card, "field": self.change.field, "delta": self.change.delta,
                "players": self.players, "games": self.games,
                "damage_difference": self.damage, "damage_interval": list(self.damage_interval),
                "damage_per_unit": self.per_unit,
                "mean_rounds_difference": self.rounds, "mean_rounds_interval": list(self.rounds_interval),
                "baseline_mean_rounds": self.base_rounds,
                "survival_to_wave": [{"wave": w, "baseline": b, "difference": d, "interval": list(i)}
                                     for w, (b, d, i) in enumerate(self.survival, 1)],
                "win_difference": self.win, "win_interval": list(self.win_interval),
                "baseline_damage": self.base_damage, "baseline_win_rate": self.base_win,
                "bought_per_game": {"baseline": self.bought[0], "variant": self.bought[1]},
                "changed_games": self.changed_games, "flag": self.flag}


@dataclass
class SweepResult:
    game: str
    players: tuple[int, ...]
    games: int
    seed: int
    policy: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    excluded: list[tuple[str, str]] = field(default_factory=list)  # (card, why the simulator leaves it out)
    blocks_run: int = 0
    blocks_cached: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": list(self.players), "games": self.games, "seed": self.seed,
                "policy": self.policy, "difficulty": "training",
                "rows": [r.to_dict() for r in self.rows], "notes": list(self.notes),
                "excluded": [{"card": c, "reason": why} for c, why in self.excluded]}


def paired(base: Sequence[int], other: Sequence[int], z: float = Z95) -> tuple[float, float, float]:
    """mean(other - base) over games paired by seed, with a normal-approximation 95 % interval."""
    n = len(base)
    diffs = [b - a for a, b in zip(base, other)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass
class Outcomes:
    """Per-game results of one (variant, player count), in seed order, and cards bought in all."""

    damage: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    bought: dict[str, int] = field(default_factory=dict)

    def add(self, block: dict[str, Any]) -> None:
        self.damage.extend(block["damage"])
        self.won.extend(block["won"])
        self.rounds.extend(block["rounds"])
        for card, n in block["bought"].items():
            self.bought[card] = self.bought.get(card, 0) + n


def rows_of(results: dict[tuple[Change | None, int], Outcomes], changes: Sequence[Change],
            players: Sequence[int], rounds_per_wave: int = 3, waves: int = 3) -> list[Row]:
    """Rows sorted by how much the change moves the training damage (largest first)."""
    rows = []
    for n in players:
        base = results[(None, n)]
        games = len(base.damage)
        for ch in changes:
            o = results[(ch, n)]
            dm, dlo, dhi = paired(base.damage, o.damage)
            wm, wlo, whi = paired_difference_interval(base.won, o.won)
            rm, rlo, rhi = paired(base.rounds, o.rounds)
            survival = []
            for w in range(1, waves + 1):
                need = w * rounds_per_wave
                b01 = [1 if r >= need else 0 for r in base.rounds]
                v01 = [1 if r >= need else 0 for r in o.rounds]
                sd, slo, shi = paired_difference_interval(b01, v01)
                survival.append((sum(b01) / games, sd, (slo, shi)))
            bought = (base.bought.get(ch.card, 0) / games, o.bought.get(ch.card, 0) / games)
            row = Row(ch, n, len(o.damage), dm, (dlo, dhi), wm, (wlo, whi), sum(base.damage) / games,
                      sum(base.won) / games, rm, (rlo, rhi), sum(base.rounds) / games, tuple(survival), bought)
            row.flag = backwards_flag(row)
            row.changed_games = sum(1 for a, b, x, y in zip(base.damage, o.damage, base.rounds, o.rounds)
                                    if a != b or x != y)
            rows.append(row)
    rows.sort(key=lambda r: (-abs(r.damage), r.players, r.change))
    return rows


def backwards_flag(row: Row) -> str | None:
    """A stronger card (cost -1, Power/HP +1) that measures worse beyond its interval (more damage, or
    fewer Rounds survived): the player, not the card, is measured. Say how its buying changed."""
    if not row.stronger:
        return None
    worse = [what for what, bad in (("more damage", row.damage_interval[0] > 0),
                                    ("fewer rounds", row.rounds_interval[1] < 0)) if bad]
    if not worse:
        return None
    b0, b1 = row.bought
    return (f"stronger but measures worse ({' and '.join(worse)}): bought {b0:.2f} -> {b1:.2f} per game "
            f"({b1 - b0:+.2f}); the player's buying changed, not only the card")


# --- the sweep -------------------------------------------------------------------------------------

def blocks_for(changes: Sequence[Change | None], players: Sequence[int], games: int, block: int) -> list[Block]:
    return [Block(ch, n, s, min(s + block, games)) for n in players for ch in changes
            for s in range(0, games, block)]


def block_key(setup_key: str, b: Block) -> str:
    ch = None if b.change is None else [b.change.card, b.change.field, b.change.delta]
    return hashlib.sha256(json.dumps([setup_key, ch, b.players, b.start, b.stop]).encode()).hexdigest()


def run_sweep(game: Any, vary: Sequence[tuple[str, Sequence[int]]], cards: str = "all",
              players: Sequence[int] = (2,), games: int = 200, seed: int = 1, policy: str = "heuristic",
              extra_cards: Iterable[Any] = (), backend: str = "local", workers: int | None = None,
              address: str | None = None, block: int = DEFAULT_BLOCK, cache: Path | None = None,
              max_blocks: int | None = None,
              progress: Callable[[int, int], None] | None = None) -> SweepResult:
    """Play the baseline and every change on the same seeds and return the sorted differences.

    ``cache``: the folder of cached blocks (None: no cache). ``max_blocks``: stop after running
    that many new blocks (an interruption, for tests) and raise ``SweepInterrupted``."""
    import time

    from pnpgen.simulate.backends import run_blocks
    from pnpgen.simulate.policies import POLICIES

    if policy not in POLICIES:
        raise SweepError(f"unknown policy {policy!r}; use one of {', '.join(POLICIES)}")
    if games < 1:
        raise SweepError("--games must be at least 1")
    for n in players:
        if not game.players_min <= n <= game.players_max:
            raise SweepError(f"{game.name} is for {game.players_min}-{game.players_max} players, not {n}")
    started = time.perf_counter()
    changes, notes = plan_changes(game, vary, cards)
    excluded = excluded_cards(game, cards)
    if not changes:
        why = notes[0] if notes else (f"{excluded[0][0]}: left out of the game, {excluded[0][1]}" if excluded else "")
        raise SweepError("no card has a known value for the fields to vary; nothing to sweep"
                         + (f" ({why})" if why else ""))
    setup = Setup(game, tuple(extra_cards), seed, policy)
    skey = setup.key()
    todo = blocks_for([None, *changes], players, games, block)
    done: dict[Block, dict[str, Any]] = {}
    missing = []
    for b in todo:
        hit = _load(cache, skey, b)
        if hit is None:
            missing.append(b)
        else:
            done[b] = hit
    cached = len(done)
    if progress is not None:
        progress(cached, len(todo))
    ran = 0

    def store(b: Block, result: dict[str, Any]) -> None:
        nonlocal ran
        done[b] = result
        ran += 1
        _save(cache, skey, b, result)
        if progress is not None:
            progress(len(done), len(todo))

    limit = missing if max_blocks is None else missing[:max_blocks]
    run_blocks(setup, skey, limit, store, play_block, backend=backend, workers=workers, address=address)
    if len(limit) < len(missing):
        raise SweepInterrupted(f"stopped after {ran} new blocks; run again to continue")
    results: dict[tuple[Change | None, int], Outcomes] = {}
    for b in todo:  # blocks in seed order, so the per-game lists are the same however they ran
        results.setdefault((b.change, b.players), Outcomes()).add(done[b])
    rules = Rules.from_game(game.rules, "training")
    out = SweepResult(game.id, tuple(players), games, seed, policy,
                      rows_of(results, changes, players, rules.rounds_per_wave, rules.waves), notes,
                      excluded, ran, cached)
    out.seconds = time.perf_counter() - started
    return out


class SweepInterrupted(RuntimeError):
    """A sweep stopped before its last block (``max_blocks``); the finished blocks are cached."""


def _path(cache: Path, skey: str, b: Block) -> Path:
    k = block_key(skey, b)
    return cache / k[:2] / f"{k}.json"


def _load(cache: Path | None, skey: str, b: Block) -> dict[str, Any] | None:
    if cache is None:
        return None
    p = _path(cache, skey, b)
    try:
        data = json.loads(p.read_text())
        lists = [data[k] for k in ("damage", "won", "rounds")]
        bought = {str(k): int(v) for k, v in data["bought"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing, damaged or of an older format: play the block again
    if any(not isinstance(x, list) or len(x) != b.stop - b.start for x in lists):
        return None
    return {"damage": lists[0], "won": lists[1], "rounds": lists[2], "bought": bought}


def _save(cache: Path | None, skey: str, b: Block, result: dict[str, Any]) -> None:
    if cache is None:
        return
    from pnpgen.fsutil import atomic_write_text

    p = _path(cache, skey, b)
    os.makedirs(p.parent, exist_ok=True)
    atomic_write_text(p, json.dumps(result, sort_keys=True))


def default_cache() -> Path:
    from pnpgen.files import cache_dir

    return cache_dir() / "sweep"


# --- output ----------------------------------------------------------------------------------------

def _iv(d: float, lo: float, hi: float, pct: bool = False) -> str:
    if pct:
        return f"{100 * d:+.1f} [{100 * lo:+.1f},{100 * hi:+.1f}]"
    return f"{d:+.2f} [{lo:+.2f},{hi:+.2f}]"


def format_table(res: SweepResult, top: int | None = None) -> str:
    waves = max((len(r.survival) for r in res.rows), default=0)
    lines = [f"{res.game}: sweep of {len({r.change for r in res.rows})} change(s), players "
             f"{','.join(map(str, res.players))}, {res.games} games each on the same seeds (seed {res.seed}), "
             f"policy {res.policy}; paired differences (variant - baseline) with 95 % intervals: training "
             "damage to the Base, mean Rounds the Base would stand, and percentage points of games whose Base "
             "would stand at the end of each Wave (the last one: would-be wins; Newcombe paired score "
             "intervals)",
             f"{'card':32} {'change':12} {'pl':>2} {'damage Δ [95%]':>22} {'rounds Δ [95%]':>22} "
             + " ".join(f"{f'Wave {w} % Δ [95%]':>20}" for w in range(1, waves + 1)) + f" {'bought/game':>12}"]
    for r in res.rows[:top]:
        surv = " ".join(f"{_iv(d, *i, pct=True):>20}" for _, d, i in r.survival)
        line = (f"{r.change.card:32} {r.change.field + format(r.change.delta, '+d'):12} {r.players:>2} "
                f"{_iv(r.damage, *r.damage_interval):>22} {_iv(r.rounds, *r.rounds_interval):>22} {surv} "
                f"{f'{r.bought[0]:.2f}->{r.bought[1]:.2f}':>12}")
        if r.changed_games == 0:
            line += "  (no game changed on these seeds)"
        lines.append(line)
        if r.flag:
            lines.append(f"  ! {r.change.label}: {r.flag}")
    base = {r.players: r for r in res.rows}
    for n, r in sorted(base.items()):
        wins = round(r.base_win * r.games)
        lo, hi = wilson(wins, r.games)
        win = (f"0 would-be wins in {r.games}: < {100 * hi:.2f} % at 95 %" if wins == 0
               else f"would-be win rate {r.base_win:.1%} ({100 * lo:.1f}-{100 * hi:.1f} %)")
        lines.append(f"baseline at {n} player(s): training damage {r.base_damage:.2f}, mean Rounds the Base would "
                     f"stand {r.base_rounds:.2f}, standing at the end of Wave "
                     + ", ".join(f"{w}: {100 * b:.1f} %" for w, (b, _, _) in enumerate(r.survival, 1)) + f"; {win}")
    for card, why in res.excluded:
        lines.append(f"excluded: {card}: the simulator leaves it out ({why}); not measured")
    for note in res.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)


CSV_FIELDS = ("card", "field", "delta", "players", "games", "damage_difference", "damage_low", "damage_high",
              "damage_per_unit", "rounds_difference", "rounds_low", "rounds_high", "wave1_difference",
              "wave1_low", "wave1_high", "wave2_difference", "wave2_low", "wave2_high", "wave3_difference",
              "wave3_low", "wave3_high", "win_difference", "win_low", "win_high", "baseline_damage",
              "baseline_win_rate", "baseline_rounds", "bought_baseline", "bought_variant", "changed_games", "flag")


def to_csv(res: SweepResult) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for r in res.rows:
        surv = [f"{x:.4f}" for _, d, (lo, hi) in (list(r.survival) + [(0, 0.0, (0.0, 0.0))] * 3)[:3]
                for x in (d, lo, hi)]
        w.writerow([r.change.card, r.change.field, r.change.delta, r.players, r.games, f"{r.damage:.4f}",
                    f"{r.damage_interval[0]:.4f}", f"{r.damage_interval[1]:.4f}", f"{r.per_unit:.4f}",
                    f"{r.rounds:.4f}", f"{r.rounds_interval[0]:.4f}", f"{r.rounds_interval[1]:.4f}", *surv,
                    f"{r.win:.4f}", f"{r.win_interval[0]:.4f}", f"{r.win_interval[1]:.4f}",
                    f"{r.base_damage:.4f}", f"{r.base_win:.4f}", f"{r.base_rounds:.4f}",
                    f"{r.bought[0]:.4f}", f"{r.bought[1]:.4f}", r.changed_games, r.flag or ""])
    for card, why in res.excluded:
        w.writerow([card] + [""] * (len(CSV_FIELDS) - 2) + [f"excluded: {why}"])
    return buf.getvalue()
