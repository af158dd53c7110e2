"""Command-line style inputs for the calculators: 'tank=1,worker=2' zones and comma lists."""

from __future__ import annotations

from pnpgen.odds.errors import OddsError
from pnpgen.odds.zombicide_targets import Zone, xeno_type
from pnpgen.spec.errors import did_you_mean

_ZONE_EXTRA = {"survivor": "survivors", "survivors": "survivors", "distance": "distance", "range": "distance"}
_PLURAL = {"worker": "workers", "tank": "tanks", "hunter": "hunters", "abomination": "abominations"}


def parse_zone(text: str) -> Zone:
    """'tank=1,worker=2,survivors=1,distance=1' -> Zone; names may be singular, plural or aliases."""
    values: dict[str, int] = {}
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        if "=" not in part:
            raise OddsError(f"zone part {part!r} is not name=count (e.g. 'tank=1,worker=2')")
        name, _, raw = (s.strip() for s in part.partition("="))
        key = _ZONE_EXTRA.get(name.lower())
        if key is None:
            try:
                key = _PLURAL[xeno_type(name)]
            except OddsError:
                choices = [*_PLURAL, *_PLURAL.values(), "survivors", "distance"]
                raise OddsError(f"unknown zone entry {name!r}{did_you_mean(name.lower(), choices)}") from None
        try:
            count = int(raw)
        except ValueError:
            raise OddsError(f"zone entry {name!r} needs a whole number, got {raw!r}") from None
        if count < 0:
            raise OddsError(f"zone entry {name!r} cannot be negative, got {count}")
        values[key] = values.get(key, 0) + count if key != "distance" else count
    return Zone(**values)


def split_list(values: list[str] | None) -> list[str]:
    """Repeated options and comma lists alike: ['blind,aim', 'defend'] -> ['blind', 'aim', 'defend']."""
    out: list[str] = []
    for value in values or []:
        out.extend(v.strip() for v in value.split(",") if v.strip())
    return out
