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

from pnpgen.simulate.rules import Rules
from pnpgen.simulate.stats import Z95

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


def play_block(setup: Setup, block: Block, setup_key: str | None = None) -> tuple[list[int], list[int]]:
    """Play one block: (training damage per game, would-have-won 0/1 per game)."""
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
    damage, won = [], []
    for i in range(block.start, block.stop):
        r = play_game(pools, rules, block.players, game_rng(setup.seed, i), policy)
        damage.append(r.base_damage)
        won.append(1 if r.base_damage < limit else 0)
    return damage, won


# --- results ---------------------------------------------------------------------------------------

@dataclass
class Row:
    """One change at one player count against the unchanged game (variant - baseline)."""

    change: Change
    players: int
    games: int
    damage: float
    damage_interval: tuple[float, float]
    win: float
    win_interval: tuple[float, float]
    base_damage: float
    base_win: float

    @property
    def per_unit(self) -> float:
        """Damage change per unit of the field (per Resource for cost)."""
        return self.damage / self.change.delta

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.change.card, "field": self.change.field, "delta": self.change.delta,
                "players": self.players, "games": self.games,
                "damage_difference": self.damage, "damage_interval": list(self.damage_interval),
                "damage_per_unit": self.per_unit,
                "win_difference": self.win, "win_interval": list(self.win_interval),
                "baseline_damage": self.base_damage, "baseline_win_rate": self.base_win}


@dataclass
class SweepResult:
    game: str
    players: tuple[int, ...]
    games: int
    seed: int
    policy: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blocks_run: int = 0
    blocks_cached: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": list(self.players), "games": self.games, "seed": self.seed,
                "policy": self.policy, "difficulty": "training",
                "rows": [r.to_dict() for r in self.rows], "notes": list(self.notes)}


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


def rows_of(results: dict[tuple[Change | None, int], tuple[list[int], list[int]]],
            changes: Sequence[Change], players: Sequence[int]) -> list[Row]:
    """Rows sorted by how much the change moves the training damage (largest first)."""
    rows = []
    for n in players:
        bd, bw = results[(None, n)]
        for ch in changes:
            d, w = results[(ch, n)]
            dm, dlo, dhi = paired(bd, d)
            wm, wlo, whi = paired(bw, w)
            rows.append(Row(ch, n, len(d), dm, (dlo, dhi), wm, (wlo, whi),
                            sum(bd) / len(bd), sum(bw) / len(bw)))
    rows.sort(key=lambda r: (-abs(r.damage), r.players, r.change))
    return rows


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
    if not changes:
        raise SweepError("no card has a known value for the fields to vary; nothing to sweep"
                         + (f" ({notes[0]})" if notes else ""))
    setup = Setup(game, tuple(extra_cards), seed, policy)
    skey = setup.key()
    todo = blocks_for([None, *changes], players, games, block)
    done: dict[Block, tuple[list[int], list[int]]] = {}
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

    def store(b: Block, result: tuple[list[int], list[int]]) -> None:
        nonlocal ran
        done[b] = result
        ran += 1
        _save(cache, skey, b, result)
        if progress is not None:
            progress(len(done), len(todo))

    limit = missing if max_blocks is None else missing[:max_blocks]
    run_blocks(setup, skey, limit, store, backend=backend, workers=workers, address=address)
    if len(limit) < len(missing):
        raise SweepInterrupted(f"stopped after {ran} new blocks; run again to continue")
    results: dict[tuple[Change | None, int], tuple[list[int], list[int]]] = {}
    for b in todo:  # blocks in seed order, so the per-game lists are the same however they ran
        d, w = done[b]
        acc = results.setdefault((b.change, b.players), ([], []))
        acc[0].extend(d)
        acc[1].extend(w)
    out = SweepResult(game.id, tuple(players), games, seed, policy, rows_of(results, changes, players), notes,
                      ran, cached)
    out.seconds = time.perf_counter() - started
    return out


class SweepInterrupted(RuntimeError):
    """A sweep stopped before its last block (``max_blocks``); the finished blocks are cached."""


def _path(cache: Path, skey: str, b: Block) -> Path:
    k = block_key(skey, b)
    return cache / k[:2] / f"{k}.json"


def _load(cache: Path | None, skey: str, b: Block) -> tuple[list[int], list[int]] | None:
    if cache is None:
        return None
    p = _path(cache, skey, b)
    try:
        data = json.loads(p.read_text())
        d, w = data["damage"], data["won"]
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing or damaged: play the block again
    if len(d) != b.stop - b.start or len(w) != len(d):
        return None
    return d, w


def _save(cache: Path | None, skey: str, b: Block, result: tuple[list[int], list[int]]) -> None:
    if cache is None:
        return
    from pnpgen.fsutil import atomic_write_text

    p = _path(cache, skey, b)
    os.makedirs(p.parent, exist_ok=True)
    atomic_write_text(p, json.dumps({"damage": result[0], "won": result[1]}))


def default_cache() -> Path:
    from pnpgen.files import cache_dir

    return cache_dir() / "sweep"


# --- output ----------------------------------------------------------------------------------------

def format_table(res: SweepResult, top: int | None = None) -> str:
    lines = [f"{res.game}: sweep of {len({r.change for r in res.rows})} change(s), players "
             f"{','.join(map(str, res.players))}, {res.games} games each on the same seeds (seed {res.seed}), "
             f"policy {res.policy}, training damage",
             f"{'card':32} {'change':12} {'pl':>2} {'damage Δ':>9} {'95% interval':>17} {'per unit':>8} "
             f"{'win Δ':>7} {'95% interval':>17}"]
    for r in res.rows[:top]:
        lo, hi = r.damage_interval
        wlo, whi = r.win_interval
        lines.append(f"{r.change.card:32} {r.change.field + format(r.change.delta, '+d'):12} {r.players:>2} "
                     f"{r.damage:+9.2f} {f'{lo:+.2f} to {hi:+.2f}':>17} {r.per_unit:+8.2f} "
                     f"{r.win:+7.1%} {f'{wlo:+.1%} to {whi:+.1%}':>17}")
    base = {r.players: (r.base_damage, r.base_win) for r in res.rows}
    for n, (d, w) in sorted(base.items()):
        lines.append(f"baseline at {n} player(s): training damage {d:.2f}, would-be win rate {w:.1%}")
    for note in res.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)


CSV_FIELDS = ("card", "field", "delta", "players", "games", "damage_difference", "damage_low", "damage_high",
              "damage_per_unit", "win_difference", "win_low", "win_high", "baseline_damage", "baseline_win_rate")


def to_csv(res: SweepResult) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for r in res.rows:
        w.writerow([r.change.card, r.change.field, r.change.delta, r.players, r.games, f"{r.damage:.4f}",
                    f"{r.damage_interval[0]:.4f}", f"{r.damage_interval[1]:.4f}", f"{r.per_unit:.4f}",
                    f"{r.win:.4f}", f"{r.win_interval[0]:.4f}", f"{r.win_interval[1]:.4f}",
                    f"{r.base_damage:.4f}", f"{r.base_win:.4f}"])
    return buf.getvalue()
