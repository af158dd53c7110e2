"""Results of many games: the ``SimulationStats`` dataclass, Wilson intervals, comparisons, text.

Everything is built from per-game ``GameResult`` values by ``add``/``merge`` (sums and counters), so
the outcome does not depend on how games were split between workers.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    if successes == 0:  # exact ends (the formula leaves rounding dust like 7e-18)
        return (0.0, z * z / (n + z * z))
    if successes == n:
        return (n / (n + z * z), 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_text(wins: int, games: int) -> str:
    """A proportion with its Wilson interval, said as a bound when it is 0 or all ("0 wins in N: < x %")."""
    lo, hi = wilson(wins, games)
    if wins == 0:
        return f"0 wins in {games}: < {100 * hi:.2f} % at 95 % (Wilson)"
    if wins == games:
        return f"{games} wins in {games}: > {100 * lo:.2f} % at 95 % (Wilson)"
    return f"{wins / games:.1%} ({wins} in {games}; 95 % Wilson {lo:.1%} - {hi:.1%})"


def difference_interval(s1: int, n1: int, s2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """p2 - p1 with Newcombe's hybrid score interval (method 10), built from two Wilson intervals."""
    p1, p2 = (s1 / n1 if n1 else 0.0), (s2 / n2 if n2 else 0.0)
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, lo, hi


def paired_difference_interval(base: list[int], other: list[int], z: float = Z95) -> tuple[float, float, float]:
    """p(other) - p(base) of 0/1 outcomes paired game by game, with Newcombe's score interval for
    paired proportions (1998, method 10: two Wilson intervals joined through the phi correlation).
    Unlike a normal interval on the differences it is never [0, 0]: 0 successes in N on both sides
    gives about -x to +x with x the Wilson bound of 0 in N."""
    n = len(base)
    if n == 0:
        return 0.0, -1.0, 1.0
    a = sum(1 for x, y in zip(base, other) if x and y)
    b = sum(1 for x, y in zip(base, other) if x and not y)
    c = sum(1 for x, y in zip(base, other) if y and not x)
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(denom) if denom else 0.0
    diff = p2 - p1
    # Newcombe writes it for p1 - p2; the roles swap for p2 - p1.
    down = math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    up = math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
    return diff, max(-1.0, diff - down), min(1.0, diff + up)


@dataclass(slots=True)
class GameResult:
    won: bool
    base_hp_left: int
    lost_round: int | None
    base_damage: int
    tally: Any
    rounds: int = 0                    # Rounds the Base stood through (would have, in training mode)
    wave_hp: tuple[int, ...] = ()      # Base HP at the end of each Wave, 0 once fallen


@dataclass
class SimulationStats:
    """Aggregated results; ``to_dict`` gives a JSON-able summary."""

    game: str
    players: int
    seed: int
    difficulty: str = "normal"
    policy: str = "heuristic"
    games: int = 0
    wins: int = 0
    base_hp_left: Counter = field(default_factory=Counter)     # HP left -> games (lost games: 0)
    lost_round: Counter = field(default_factory=Counter)       # round of the game (1-9) -> games lost
    base_damage: Counter = field(default_factory=Counter)      # damage done to the Base -> games
    bought: Counter = field(default_factory=Counter)
    deployed: Counter = field(default_factory=Counter)
    kills: Counter = field(default_factory=Counter)
    deaths: Counter = field(default_factory=Counter)
    enemy_base_damage: Counter = field(default_factory=Counter)
    effects_used: Counter = field(default_factory=Counter)
    unsupported: Counter = field(default_factory=Counter)
    stalemates: int = 0
    rounds: Counter = field(default_factory=Counter)           # Rounds the Base stood through -> games
    wave_hp: Counter = field(default_factory=Counter)          # (Wave, Base HP at its end) -> games
    total_rounds: int = 9
    unparsed_cards: tuple[str, ...] = ()
    excluded_cards: tuple[str, ...] = ()
    extra_cards: tuple[str, ...] = ()
    excluded_reasons: dict[str, str] = field(default_factory=dict)  # card -> why the simulator leaves it out
    seconds: float = 0.0
    workers: int = 1

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.wins += r.won
        self.base_hp_left[r.base_hp_left] += 1
        self.base_damage[r.base_damage] += 1
        if r.lost_round is not None:
            self.lost_round[r.lost_round] += 1
        self.rounds[r.rounds] += 1
        for wave, hp in enumerate(r.wave_hp, 1):
            self.wave_hp[(wave, hp)] += 1
        t = r.tally
        _add_counts(self.bought, t.bought)
        _add_counts(self.deployed, t.deployed)
        _add_counts(self.kills, t.kills)
        _add_counts(self.deaths, t.deaths)
        _add_counts(self.enemy_base_damage, t.base_damage_by)
        _add_counts(self.effects_used, t.effects_used)
        _add_counts(self.unsupported, t.unsupported)
        self.stalemates += t.stalemates

    def merge(self, other: SimulationStats) -> None:
        self.games += other.games
        self.wins += other.wins
        for name in ("base_hp_left", "lost_round", "base_damage", "bought", "deployed", "kills", "deaths",
                     "enemy_base_damage", "effects_used", "unsupported", "rounds", "wave_hp"):
            getattr(self, name).update(getattr(other, name))
        self.stalemates += other.stalemates

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_base_damage(self) -> float:
        return sum(k * v for k, v in self.base_damage.items()) / self.games if self.games else 0.0

    @property
    def survival(self) -> list[float]:
        """P(the Base still stands after Round r), r = 1..total_rounds: non-increasing by construction."""
        n = self.games or 1
        return [sum(v for k, v in self.rounds.items() if k >= r) / n for r in range(1, self.total_rounds + 1)]

    def survival_intervals(self) -> list[tuple[float, float]]:
        return [wilson(sum(v for k, v in self.rounds.items() if k >= r), self.games)
                for r in range(1, self.total_rounds + 1)]

    @property
    def mean_rounds(self) -> float:
        """Mean Rounds the Base stands through (= the sum of ``survival``)."""
        return sum(k * v for k, v in self.rounds.items()) / self.games if self.games else 0.0

    def wave_hp_means(self) -> list[float]:
        """Mean Base HP at the end of each Wave (0 for games where it has fallen)."""
        waves = sorted({w for w, _ in self.wave_hp})
        n = self.games or 1
        return [sum(hp * v for (w, hp), v in self.wave_hp.items() if w == wave) / n for wave in waves]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def card_table(self) -> list[dict[str, Any]]:
        ids = sorted(set(self.bought) | set(self.deployed) | set(self.kills) | set(self.deaths))
        n = self.games or 1
        return [{"card": c, "bought": self.bought[c] / n, "deployed": self.deployed[c] / n,
                 "kills": self.kills[c] / n, "deaths": self.deaths[c] / n} for c in ids]

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.win_interval
        n = self.games or 1
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "difficulty": self.difficulty, "policy": self.policy,
            "win_rate": self.win_rate, "win_interval": [lo, hi], "wins": self.wins,
            "mean_base_damage": self.mean_base_damage,
            "survival": self.survival,
            "survival_interval": [list(i) for i in self.survival_intervals()],
            "survival_basis": ("would-be: training damage below the normal Base HP" if self.difficulty == "training"
                               else "Base HP above 0"),
            "mean_rounds": self.mean_rounds,
            "base_hp_end_of_wave": self.wave_hp_means(),
            "base_hp_left": {str(k): v for k, v in sorted(self.base_hp_left.items())},
            "base_damage": {str(k): v for k, v in sorted(self.base_damage.items())},
            "lost_round": {str(k): v for k, v in sorted(self.lost_round.items())},
            "cards": self.card_table(),
            "enemy_base_damage": {k: v / n for k, v in sorted(self.enemy_base_damage.items())},
            "unsupported_effects": dict(sorted(self.unsupported.items())),
            "unparsed_cards": list(self.unparsed_cards), "excluded_cards": list(self.excluded_cards),
            "extra_cards": list(self.extra_cards),
            "stalemates": self.stalemates, "seconds": round(self.seconds, 3), "workers": self.workers,
        }


def mean_difference_interval(a: Counter, b: Counter, z: float = Z95) -> tuple[float, float, float]:
    """mean(b) - mean(a) of two {value: games} distributions, with Welch's normal-approximation
    interval (unequal variances: the standard error is sqrt(var_a / n_a + var_b / n_b))."""
    (ma, va, na), (mb, vb, nb) = _moments(a), _moments(b)
    d = mb - ma
    if not na or not nb:
        return d, -math.inf, math.inf
    half = z * math.sqrt(va / na + vb / nb)
    return d, d - half, d + half


def _moments(c: Counter) -> tuple[float, float, int]:
    """(mean, sample variance, games) of a {value: games} Counter."""
    n = sum(c.values())
    if not n:
        return 0.0, 0.0, 0
    mean = sum(k * v for k, v in c.items()) / n
    var = sum((k - mean) ** 2 * v for k, v in c.items()) / (n - 1) if n > 1 else 0.0
    return mean, var, n


@dataclass(frozen=True)
class Comparison:
    """Without and with extra cards (same seeds): the win-rate difference (with - base) and its
    interval; the difference in mean damage to the Base (with - base) and its interval, which still
    says something when nobody wins; and how the added cards were used (per game, in ``with_extra``)."""

    base: SimulationStats
    with_extra: SimulationStats
    difference: float
    interval: tuple[float, float]
    damage_difference: float = 0.0
    damage_interval: tuple[float, float] = (0.0, 0.0)
    added_cards: tuple[dict[str, Any], ...] = ()
    rounds_difference: float = 0.0
    rounds_interval: tuple[float, float] = (0.0, 0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"base": self.base.to_dict(), "with": self.with_extra.to_dict(),
                "difference": self.difference, "difference_interval": list(self.interval),
                "mean_rounds_difference": self.rounds_difference,
                "mean_rounds_difference_interval": list(self.rounds_interval),
                "base_damage_difference": self.damage_difference,
                "base_damage_difference_interval": list(self.damage_interval),
                "added_cards": [dict(row) for row in self.added_cards]}


def compare(base: SimulationStats, other: SimulationStats) -> Comparison:
    d, lo, hi = difference_interval(base.wins, base.games, other.wins, other.games)
    dd, dlo, dhi = mean_difference_interval(base.base_damage, other.base_damage)
    n = other.games or 1
    unparsed = set(other.unparsed_cards)
    added = tuple({"card": c, "bought": other.bought[c] / n, "deployed": other.deployed[c] / n,
                   "kills": other.kills[c] / n, "unparsed": c in unparsed,
                   "excluded": other.excluded_reasons.get(c)} for c in other.extra_cards)
    rd, rlo, rhi = mean_difference_interval(base.rounds, other.rounds)
    return Comparison(base, other, d, (lo, hi), dd, (dlo, dhi), added, rd, (rlo, rhi))


def format_stats(stats: SimulationStats, top: int = 8) -> str:
    """A short plain-text report (the CLI prints it)."""
    lines = [f"{stats.game}: {stats.players} player(s), {stats.games} games, seed {stats.seed}, "
             f"difficulty {stats.difficulty}, policy {stats.policy}"]
    if stats.difficulty == "training":
        lines.append(f"  training score (damage to the Base): mean {stats.mean_base_damage:.2f}")
    else:
        lines.append(f"  win rate {win_text(stats.wins, stats.games)}")
        lost = sum(stats.lost_round.values())
        if lost:
            lines.append("  lost in round: " + ", ".join(
                f"{r}: {v / stats.games:.1%}" for r, v in sorted(stats.lost_round.items())))
        won_hp = [(k, v) for k, v in stats.base_hp_left.items() if k > 0]
        if won_hp:
            mean = sum(k * v for k, v in won_hp) / sum(v for _, v in won_hp)
            lines.append(f"  Base HP left when won: mean {mean:.1f}")
    would = "would-be " if stats.difficulty == "training" else ""
    lines.append(f"  {would}survival, Base standing after round: " + ", ".join(
        f"{r}: {p:.1%}" for r, p in enumerate(stats.survival, 1)))
    lines.append(f"  mean rounds the Base stands: {stats.mean_rounds:.2f} of {stats.total_rounds}; {would}Base HP at "
                 "the end of Wave " + ", ".join(f"{w}: {hp:.1f}" for w, hp in enumerate(stats.wave_hp_means(), 1)))
    n = stats.games or 1
    worst = stats.enemy_base_damage.most_common(top)
    if worst:
        lines.append("  damage to the Base per game by enemy: " + ", ".join(f"{k} {v / n:.2f}" for k, v in worst))
    killers = stats.kills.most_common(top)
    if killers:
        lines.append("  kills per game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in killers))
    bought = stats.bought.most_common(top)
    if bought:
        lines.append("  bought per game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in bought))
    if stats.unsupported:
        lines.append("  effects skipped (no executor support): " + ", ".join(
            f"{k} x{v}" for k, v in stats.unsupported.most_common(top)))
    if stats.unparsed_cards:
        shown = ", ".join(stats.unparsed_cards[:12]) + (" …" if len(stats.unparsed_cards) > 12 else "")
        lines.append(f"  cards with unparsed ability text (played without what was not read), "
                     f"{len(stats.unparsed_cards)}: {shown}")
    if stats.excluded_cards:
        lines.append("  left out (unknown cost/Power/HP or item kind): " + ", ".join(stats.excluded_cards))
    if stats.seconds:
        lines.append(f"  {stats.games_per_second:.0f} games/s on {stats.workers} worker(s)")
    return "\n".join(lines)


def format_comparison(c: Comparison) -> str:
    lo, hi = c.interval
    dlo, dhi = c.damage_interval
    lines = ["without the added cards:", format_stats(c.base), "with them:", format_stats(c.with_extra),
             f"  win rate difference (with - without): {c.difference:+.1%}  (95% Newcombe {lo:+.1%} to {hi:+.1%})",
             f"  mean rounds the Base stands (with - without): {c.rounds_difference:+.2f}  (95% Welch "
             f"{c.rounds_interval[0]:+.2f} to {c.rounds_interval[1]:+.2f}; {c.base.mean_rounds:.2f} -> "
             f"{c.with_extra.mean_rounds:.2f})",
             f"  mean damage to the Base (with - without): {c.damage_difference:+.2f}  "
             f"(95% Welch {dlo:+.2f} to {dhi:+.2f}; without {c.base.mean_base_damage:.2f}, "
             f"with {c.with_extra.mean_base_damage:.2f})"]
    if c.added_cards:
        lines.append("  added cards per game (bought / deployed / kills): " + ", ".join(
            f"{r['card']} {r['bought']:.2f} / {r['deployed']:.2f} / {r['kills']:.2f}"
            + (" (ability text not fully parsed)" if r.get("unparsed") else "")
            + (f" (left out: {r['excluded']})" if r.get("excluded") else "") for r in c.added_cards))
    else:
        lines.append("  added cards: none (the expansion adds no card)")
    return "\n".join(lines)


def _add_counts(total: Counter, counts: dict) -> None:
    """``total.update(counts)`` for a plain dict of counts, as ``Counter.update`` does it, without its
    abstract ``Mapping`` check (run seven times for every game played)."""
    get = total.get
    for key, n in counts.items():
        total[key] = get(key, 0) + n
