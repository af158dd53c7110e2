"""`pnpgen stats --plot FILE`: one PNG of every field's curve (matplotlib, headless, imported only here).

Numeric fields are lines of copies by value, one line per card type; choice fields are grouped bars.
Fixed metadata, so the same cards give the same bytes.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display on servers and CI

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from pnpgen.fsutil import atomic_write_bytes  # noqa: E402
from pnpgen.stats.curves import GameCurves  # noqa: E402
from pnpgen.stats.fields import show, sort_key  # noqa: E402


def _with_gaps(f) -> tuple[list, list]:
    """Copies by value, with 0 at the whole numbers no card has: a curve's dips are real."""
    by = {v: c for v, _, c in f.values}
    keys = list(by)
    if f.kind == "int" and keys and max(keys) - min(keys) <= 100:
        keys = list(range(min(keys), max(keys) + 1))
    return keys, [by.get(k, 0) for k in keys]


def plot_curves(res: GameCurves, path: Path) -> Path:
    """One panel per field name (across the types that have it); copies on the y axis."""
    panels: dict[str, list] = {}
    for t in res.types:
        for f in t.fields:
            if f.values:
                panels.setdefault(f.name, []).append((t, f))
    cols = min(3, max(1, len(panels)))
    rows = max(1, math.ceil(len(panels) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.0 * rows), squeeze=False)
    for ax, (name, members) in zip(axes.flat, sorted(panels.items())):
        if all(f.numeric for _, f in members):
            for t, f in members:
                xs, ys = _with_gaps(f)
                ax.plot(xs, ys, marker="o", label=t.name)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        else:
            labels = sorted({v for _, f in members for v, _, _ in f.values}, key=sort_key)
            width = 0.8 / len(members)
            for i, (t, f) in enumerate(members):
                by = {v: c for v, _, c in f.values}
                ax.bar([j + i * width for j in range(len(labels))], [by.get(v, 0) for v in labels], width,
                       label=t.name)
            ax.set_xticks([j + 0.4 - width / 2 for j in range(len(labels))])
            ax.set_xticklabels([show(v) for v in labels], fontsize=7, rotation=30)
        ax.set_ylim(bottom=0)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(name, fontsize=9)
        ax.set_ylabel("copies", fontsize=8)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    fig.suptitle(f"{res.name}: card curves", fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    atomic_write_bytes(Path(path), buf.getvalue())
    return Path(path)
