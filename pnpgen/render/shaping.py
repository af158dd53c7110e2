"""HarfBuzz shaping and the Unicode bidi algorithm for the registered fonts.

``shape`` turns a run of text in one font, one direction and one script into glyph ids and
positions (font units, HarfBuzz's own output, visual order: a right-to-left run comes out
reversed); ``embedding_levels`` gives each character's bidi level (UAX #9, python-bidi) and
``visual_order`` the rule L2 reordering of a line's runs by those levels. Shaping does not depend
on the size (no hinting), so each run is shaped once and scaled.

The fonts are the ones reportlab registered (``pnpgen.render.fonts``): the same bytes are shaped
here and embedded in the PDF, so the glyph ids agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnpgen.pickling import by_fields


@by_fields
@dataclass(slots=True, unsafe_hash=True)  # not frozen: as textfit's Run, which carries one
class Glyphs:
    """A shaped run: glyph ids in visual (drawing) order with HarfBuzz's advances and offsets in
    font units (``upem`` to the em); ``clusters`` the index in the run's text of each glyph's first
    character; ``rtl`` whether it was shaped right to left; ``start`` where the run's text begins in its line's logical text (the line's
    ActualText is its runs' texts in that order)."""

    ids: tuple[int, ...]
    advances: tuple[int, ...]
    x_offsets: tuple[int, ...]
    y_offsets: tuple[int, ...]
    clusters: tuple[int, ...]
    upem: int
    rtl: bool = False
    start: int = 0

    @property
    def width(self) -> float:
        """Advance of the whole run at 1 pt."""
        return sum(self.advances) / self.upem


@lru_cache(maxsize=64)
def _face(font: str):
    """(HarfBuzz font, units per em) for a registered font name."""
    import uharfbuzz as hb
    from reportlab.pdfbase import pdfmetrics

    data = pdfmetrics.getFont(font).face._ttf_data
    face = hb.Face(hb.Blob(data))
    return hb.Font(face), face.upem


def units_per_em(font: str) -> int:
    return _face(font)[1]


@lru_cache(maxsize=16384)
def shape(text: str, font: str, rtl: bool, language: str = "") -> Glyphs:
    """``text`` (one font, one direction, one script) shaped by HarfBuzz in ``font``; the script is
    HarfBuzz's guess from the text, ``language`` a BCP 47 tag or "" (e.g. Urdu forms of Arabic)."""
    import uharfbuzz as hb

    hb_font, upem = _face(font)
    buf = hb.Buffer()
    buf.add_codepoints([ord(ch) for ch in text])  # clusters index code points, as Python strings do
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    if language:
        buf.language = language
    hb.shape(hb_font, buf, {"kern": True, "liga": True})
    infos, positions = buf.glyph_infos, buf.glyph_positions
    return Glyphs(tuple(i.codepoint for i in infos), tuple(p.x_advance for p in positions),
                  tuple(p.x_offset for p in positions), tuple(p.y_offset for p in positions),
                  tuple(i.cluster for i in infos), upem, rtl)


def char_advances(text: str, font: str, rtl: bool, language: str = "") -> list[float]:
    """Each character's share of the shaped run's advance at 1 pt: a cluster's whole advance on its
    first character, 0 on the others (a break inside a cluster never happens)."""
    g = shape(text, font, rtl, language)
    out = [0.0] * len(text)
    for cluster, adv in zip(g.clusters, g.advances):
        out[cluster] += adv / g.upem
    return out


def cluster_starts(text: str, font: str, rtl: bool, language: str = "") -> frozenset[int]:
    """Indices of ``text`` where a shaped cluster begins: where a word may be cut as a last resort."""
    return frozenset(shape(text, font, rtl, language).clusters)


# -- bidi ----------------------------------------------------------------------------------------
def base_level(text: str) -> int:
    """The paragraph's level by rules P2-P3: 1 when its first strong character is right to left."""
    from bidi.algorithm import get_base_level

    return get_base_level(text)


# python-bidi's resolver predates the isolates (UAX #9 6.3): each is read as the embedding it
# replaced (LRI and FSI as LRE, RLI as RLE, PDI as PDF), which levels the text inside alike.
_ISOLATES = str.maketrans({0x2066: 0x202A, 0x2067: 0x202B, 0x2068: 0x202A, 0x2069: 0x202C})


@lru_cache(maxsize=2048)
def embedding_levels(text: str) -> tuple[int, ...]:
    """Each character's resolved bidi level (UAX #9 rules X1-I2) in a paragraph ``text``; even is
    left to right. python-bidi's resolving steps, read before its own line reordering; the
    formatting characters rule X9 sets aside keep the level they were given (they draw nothing)."""
    from bidi import algorithm

    text = text.translate(_ISOLATES)
    storage = algorithm.get_empty_storage()
    level = base_level(text)
    storage["base_level"] = level
    storage["base_dir"] = "R" if level else "L"
    algorithm.get_embedding_levels(text, storage)
    for ch in storage["chars"]:
        # A code point this Python's Unicode data does not know has no class; UAX #9 gives unassigned
        # code points L outside the right-to-left blocks, and python-bidi's later rules refuse ''.
        if not ch["type"]:
            ch["type"] = "L"
    every = list(storage["chars"])  # the same dicts the later rules resolve in place
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    return tuple(ch["level"] for ch in every)


def visual_order(levels: list[int]) -> list[int]:
    """Rule L2: the indices of items at ``levels`` in the order they are drawn, left to right (from
    the highest level down to the lowest odd one, every run at that level or above is reversed)."""
    order = list(range(len(levels)))
    if not levels:
        return order
    top = max(levels)
    lowest_odd = min(lv for lv in levels) | 1
    for lv in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= lv:
                j = i
                while j < len(order) and levels[order[j]] >= lv:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


# -- fonts that cannot shape a script ----------------------------------------------------------
# The OpenType script tags (new and old Indic tags alike) a font's GSUB table must list for
# HarfBuzz to join or reorder a script; a script not listed here looks right with its plain glyphs
# (Hebrew, Latin…). Arabic also shapes from a cmap holding the presentation forms (HarfBuzz's
# fallback), so such a font passes.
_LAYOUT_TAGS: dict[str, tuple[str, ...]] = {
    "Arab": ("arab",), "Syrc": ("syrc",), "Nkoo": ("nko ",), "Mong": ("mong",), "Thaa": ("thaa",),
    "Deva": ("dev2", "deva"), "Beng": ("bng2", "beng"), "Guru": ("gur2", "guru"), "Gujr": ("gjr2", "gujr"),
    "Orya": ("ory2", "orya"), "Taml": ("tml2", "taml"), "Telu": ("tel2", "telu"), "Knda": ("knd2", "knda"),
    "Mlym": ("mlm2", "mlym"), "Sinh": ("sinh",), "Tibt": ("tibt",), "Mymr": ("mym2", "mymr"), "Khmr": ("khmr",),
}


@lru_cache(maxsize=256)
def shapes(font: str, script: str) -> bool:
    """Whether the registered ``font`` can shape ``script`` (an ISO 15924 tag from
    :func:`pnpgen.render.scripts.script_of`)."""
    tags = _LAYOUT_TAGS.get(script)
    if tags is None:
        return True
    if any(t in _face(font)[0].face.get_table_script_tags("GSUB") for t in tags):
        return True
    from pnpgen.render.fonts import coverage

    return script == "Arab" and any(0xFE70 <= cp <= 0xFEFF for cp in coverage(font))


def unshaped(text: str, chains: tuple[tuple[str, ...], ...]) -> list[str]:
    """Characters of ``text`` in a script that must be shaped whose font cannot shape it: in each
    chain of registered fonts (a style's font, then its fallbacks) the first that has the
    character's glyph is the one it is set in. Such text would print as unjoined letters, so the
    validator and the build report it with the characters no font has (GLYPH001)."""
    from pnpgen.render.fonts import coverage
    from pnpgen.render.scripts import needs_shaping, script_of

    if not needs_shaping(text):
        return []
    out: list[str] = []
    for ch in dict.fromkeys(text):
        script = script_of(ch)
        if script not in _LAYOUT_TAGS:
            continue
        for chain in chains:
            font = next((f for f in chain if ord(ch) in coverage(f)), None)
            if font is not None and not shapes(font, script) and ch not in out:
                out.append(ch)
    return out
