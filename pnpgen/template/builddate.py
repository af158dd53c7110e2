"""The build date templates may print (``build.date``), from ``SOURCE_DATE_EPOCH`` only.

The Reproducible Builds convention (https://reproducible-builds.org/specs/source-date-epoch/):
the variable holds a Unix time, in decimal seconds, of the sources' last change. pnpgen never reads
the clock, so output stays byte-identical: with the variable unset ``build`` has no values (it
prints nothing and ``build.date is defined`` is false); set, the same value gives the same cards.
A malformed value is an error, as the convention asks, rather than a silently missing stamp.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone

from pnpgen.errors import SpecError, excerpt

VARIABLE = "SOURCE_DATE_EPOCH"
_LAST = 253402300799  # 9999-12-31 23:59:59 UTC: the last date a four-digit year can print


def build_values(environ: dict[str, str] | None = None) -> dict[str, object]:
    """``{'date': '2024-05-01', 'datetime': '2024-05-01 13:45 UTC', 'epoch': 1714571100}``, or
    ``{}`` when ``SOURCE_DATE_EPOCH`` is unset or empty."""
    raw = (os.environ if environ is None else environ).get(VARIABLE, "").strip()
    if not raw:
        return {}
    if not raw.isdigit() or int(raw) > _LAST:
        raise SpecError(f"{VARIABLE} must be a Unix time in whole seconds (e.g. 1714571100), got {excerpt(raw, 40)!r}",
                        hint=f"unset it or set it from your sources, e.g. {VARIABLE}=$(git log -1 --format=%ct)")
    when = datetime.fromtimestamp(int(raw), tz=timezone.utc)
    return {"date": when.strftime("%Y-%m-%d"), "datetime": when.strftime("%Y-%m-%d %H:%M UTC"), "epoch": int(raw)}
