"""Where a line may break, by the Unicode line breaking algorithm (UAX #14, through ``uniseg``).

Between ideographs and kana a line may break anywhere, except before closing punctuation and
small kana ("。", "」", "、", "ッ") and after opening punctuation ("「", "（"); after spaces
everywhere; never inside a number ("3.5") or before a closing bracket. Only texts on the shaped
path (:mod:`pnpgen.render.scripts`) are broken here: Latin texts keep textfit's breaks at spaces
with pyphen hyphenation, and so their layout.
"""

from __future__ import annotations

from functools import lru_cache

# An icon stands in the text for the breaking rules as a letter would (class AL): glued to the
# text around it, as on the plain path.
ICON_STAND_IN = "x"


@lru_cache(maxsize=2048)
def break_opportunities(text: str) -> tuple[int, ...]:
    """Indices ``i`` (0 < i < len(text)) where a line may end before ``text[i]``; the text is one
    paragraph (no forced breaks inside)."""
    from uniseg.linebreak import line_break_boundaries

    return tuple(i for i in line_break_boundaries(text) if 0 < i < len(text))
