"""PNG charts of simulation results (matplotlib, headless): what `pnpgen simulate --plot DIR` writes.

Charts: win rate per player count with its 95 % interval; Base HP left; the round games are lost;
survival by round (Base still standing, with Wilson bands);
the enemies that deal the most damage to the Base. PNGs are written with fixed metadata so the
same results give the same bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display on servers and CI

import matplotlib.pyplot as plt  # noqa: E402

from pnpgen.fsutil import atomic_write_bytes  # noqa: E402
from pnpgen.simulate.stats import SimulationStats  # noqa: E402

_META = {"Software": None}  # matplotlib stamps its version otherwise; keep bytes stable


def _save(fig, path: Path) -> Path:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, metadata=_META)
    plt.close(fig)
    atomic_write_bytes(path, buf.getvalue())
    return path


def plot_win_rates(results: list[SimulationStats], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(5, 3.2))
    xs = [r.players for r in results]
    rates = [100 * r.win_rate for r in results]
    errs = [[100 * (r.win_rate - r.win_interval[0]) for r in results],
            [100 * (r.win_interval[1] - r.win_rate) for r in results]]
    ax.bar(xs, rates, color="#3d7cc9", yerr=errs, capsize=4)
    ax.set_xticks(xs)
    ax.set_xlabel("players")
    ax.set_ylabel("win rate, % (95 % interval)")
    ax.set_title(f"Win rate — {results[0].difficulty}, {results[0].policy} policy, {results[0].games} games each")
    ax.title.set_fontsize(9)
    fig.tight_layout()
    return _save(fig, path)


def plot_distribution(results: list[SimulationStats], attr: str, label: str, path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    for r in results:
        counter = getattr(r, attr)
        keys = sorted(counter)
        ax.plot(keys, [100 * counter[k] / r.games for k in keys], marker="o", ms=3, label=f"{r.players} players")
    ax.set_xlabel(label)
    ax.set_ylabel("% of games")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return _save(fig, path)


def plot_survival(results: list[SimulationStats], path: Path) -> Path:
    """P(Base standing after round r) per player count, with the Wilson interval as a band."""
    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    for r in results:
        xs = list(range(0, r.total_rounds + 1))
        ys = [100.0] + [100 * p for p in r.survival]
        band = [(100.0, 100.0)] + [(100 * lo, 100 * hi) for lo, hi in r.survival_intervals()]
        line, = ax.step(xs, ys, where="post", label=f"{r.players} p (mean {r.mean_rounds:.2f} rounds)")
        ax.fill_between(xs, [b[0] for b in band], [b[1] for b in band], step="post", alpha=0.2,
                        color=line.get_color())
    ax.set_xticks(list(range(0, results[0].total_rounds + 1)) if results else [])
    ax.set_ylim(0, 102)
    ax.set_xlabel("round")
    ax.set_ylabel("% of games, Base still standing")
    would = "would-be " if results and results[0].difficulty == "training" else ""
    ax.set_title(f"{would}survival by round ({results[0].difficulty if results else ''}, 95 % Wilson)", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return _save(fig, path)


def plot_enemy_damage(result: SimulationStats, path: Path, top: int = 12) -> Path:
    items = sorted(result.enemy_base_damage.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    fig, ax = plt.subplots(figsize=(5.5, 3.6))
    names = [k for k, _ in items][::-1]
    ax.barh(names, [v / result.games for _, v in items][::-1], color="#c0392b")
    ax.set_xlabel("damage to the Base per game")
    ax.set_title(f"Enemies that hurt the Base most ({result.players} players)")
    ax.title.set_fontsize(9)
    ax.tick_params(axis="y", labelsize=7)
    fig.tight_layout()
    return _save(fig, path)


def plot_results(results: list[SimulationStats], out_dir: Path) -> list[Path]:
    """Every chart for a set of runs (one per player count) into ``out_dir``."""
    out_dir = Path(out_dir)
    written = [
        plot_win_rates(results, out_dir / "win-rate.png"),
        plot_distribution(results, "base_hp_left", "Base HP left at the end", out_dir / "base-hp-left.png"),
        plot_distribution(results, "lost_round", "round the game was lost (1-9)", out_dir / "lost-round.png"),
        plot_survival(results, out_dir / "survival.png"),
    ]
    for r in results:
        written.append(plot_enemy_damage(r, out_dir / f"enemy-damage-{r.players}p.png"))
    return written


def plot_sweep(res, path: Path, top: int = 20) -> Path:
    """The ``top`` changes of a sweep (``sweep.SweepResult``) that move the training damage most:
    horizontal bars of the paired difference with its 95 % interval (lower = easier game)."""
    rows = res.rows[:top][::-1]  # largest at the top of the chart
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(rows) + 1.2))
    ys = list(range(len(rows)))
    xs = [r.damage for r in rows]
    errs = [[r.damage - r.damage_interval[0] for r in rows], [r.damage_interval[1] - r.damage for r in rows]]
    ax.barh(ys, xs, xerr=errs, capsize=3, color=["#c94a3d" if x > 0 else "#3d7cc9" for x in xs])
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{r.change.label} ({r.players}p)" for r in rows], fontsize=7)
    ax.axvline(0, color="black", linewidth=0.6)
    ax.set_xlabel("change in training damage to the Base per game (95 % interval)")
    ax.set_title(f"{res.game}: the changes that move the game most ({res.games} paired games each)", fontsize=9)
    fig.tight_layout()
    return _save(fig, path)
