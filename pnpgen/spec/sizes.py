"""Named card sizes (trim sizes, from shared/PRINT.md) and the parsing of size values in specs."""

from __future__ import annotations

from pnpgen.spec.model import Size
from pnpgen.units import UnitError, parse_length, parse_size, to_mm

# name -> the trim size as written; kept as text so the raw value shows in reports.
NAMED_CARD_SIZES: dict[str, str] = {
    "poker": "63.5mm x 88.9mm",
    "euro-poker": "63mm x 88mm",
    "bridge": "57.15mm x 88.9mm",
    "mini": "44mm x 68mm",
    # 1.25 x 1.75 in is the industry micro size; Derelict writes it as 32 x 45 mm.
    "micro": "1.25in x 1.75in",
    "tarot": "70mm x 120mm",
    "jumbo": "89mm x 127mm",
    "square": "70mm x 70mm",
    "square-small": "63mm x 63mm",
}


# Physical range of any card, token or board side (docs/security.md): below 2 mm nothing can be
# cut or read, above 2 m no printer or tiling run makes sense — and both would mean hours of layout.
SIDE_MM = (2.0, 2000.0)


def size_from_value(value: str) -> Size:
    """A named size or a 'W x H' string -> Size within :data:`SIDE_MM`; raises UnitError otherwise."""
    size = _size_from_value(value)
    lo, hi = SIDE_MM
    for side in (size.width, size.height):
        if not (lo <= to_mm(side) <= hi):
            raise UnitError(f"each side must be between {lo:g} mm and {hi:g} mm, got {str(value)[:40]!r}")
    return size


def _size_from_value(value: str) -> Size:
    """A named size or a 'W x H' string -> Size; raises UnitError with the accepted forms."""
    if not isinstance(value, str):
        raise UnitError(f"expected a named size ({', '.join(NAMED_CARD_SIZES)}) or 'W x H' such as '63mm x 88mm', got {value!r}")
    key = value.strip().lower()
    if key in NAMED_CARD_SIZES:
        w, h = parse_size(NAMED_CARD_SIZES[key])
        return Size(w, h, value)
    if "x" in key or "×" in key:
        w, h = parse_size(value)
        return Size(w, h, value)
    try:
        side = parse_length(value)
    except UnitError:
        names = ", ".join(NAMED_CARD_SIZES)
        raise UnitError(f"expected a named size ({names}), a length such as '2cm', or 'W x H' such as '63mm x 88mm', got {value!r}") from None
    return Size(side, side, value)
