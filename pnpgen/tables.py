"""Plain-text tables for terminal reports (fixed-width, deterministic, no colour)."""

from __future__ import annotations

from collections.abc import Sequence


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]], align: str | None = None) -> str:
    """Columns padded to their widest cell; ``align`` is one char per column, 'l' or 'r'."""
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    align = align or "l" * len(headers)

    def fmt(row: list[str]) -> str:
        parts = [c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(row, widths, align)]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(cells[0]), rule] + [fmt(r) for r in cells[1:]])
