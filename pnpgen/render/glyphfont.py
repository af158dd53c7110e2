"""A registered TrueType font embedded for drawing by glyph id: shaped text's PDF font.

reportlab's ``TTFont`` gives a subset its codes by character, so it cannot show a glyph that no
character maps to (an Arabic letter's joining forms, ligatures, Devanagari conjuncts). Shaped
text is drawn with this font instead: a Type0 font with the Identity-H encoding whose codes are
the font's own glyph ids (two bytes each, ``CIDToGIDMap /Identity``), embedding a fontTools subset
of the glyphs used that keeps every glyph's id (``retain_gids``). So the codes in the content
stream are exactly the ids HarfBuzz gave, and a test can read them back.

Text extraction: every glyph gets a ToUnicode entry (the character the font's cmap maps to it,
else the text of the first cluster it was drawn for), and :mod:`pnpgen.render.glyphdraw` wraps
each line in an ActualText span holding the line's text in logical order.

The objects are made when the document is written (reportlab's ``delayedFonts``), named and
ordered as reportlab names its own fonts, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfdoc, pdfmetrics

from pnpgen.render.subsetfont import subset_tag

# Tables a PDF TrueType font program needs (ISO 32000-1, 9.9): outlines, metrics, hinting.
_KEEP = ("cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "OS/2", "post", "prep")


class _State:
    def __init__(self, name: str) -> None:
        self.name = name  # the page resource name, e.g. "F3"
        self.text: dict[int, str] = {}  # glyph id -> what it reads as, first seen first


class GlyphFont:
    """The glyph-id font of the registered font ``font`` (see the module docstring)."""

    def __init__(self, font: str) -> None:
        self.font = font
        self.key = font + "#glyphs"  # its entry in the document's font mapping
        self.state: WeakKeyDictionary = WeakKeyDictionary()

    def resource(self, doc) -> str:
        """The page resource name (``/F…``) of this font in ``doc``, registered on first use."""
        state = self.state.get(doc)
        if state is None:
            name = f"F{len(doc.fontMapping) + 1}"
            doc.fontMapping[self.key] = "/" + name
            doc.delayedFonts.append(self)
            state = self.state[doc] = _State(name)
        return "/" + state.name

    def use(self, doc, ids, clusters, text: str, rtl: bool = False) -> None:
        """Note that glyphs ``ids`` were drawn for ``text`` (``clusters``: each glyph's first
        character in it), for the subset and the ToUnicode map. A glyph of several characters
        (a ligature) drawn right to left reads as them in drawing order: extractors reverse a
        right-to-left line's text, as its glyphs are drawn (see glyphdraw)."""
        seen = self.state[doc].text
        cmap = _reverse_cmap(self.font)
        ends = sorted(set(clusters)) + [len(text)]
        first_of = {}
        for gid, cl in zip(ids, clusters):
            if gid in seen:
                continue
            if gid in cmap:
                seen[gid] = cmap[gid]
            elif cl not in first_of:  # the cluster's first glyph reads as the cluster's text
                first_of[cl] = gid
                chars = text[cl:ends[ends.index(cl) + 1]]
                seen[gid] = chars[::-1] if rtl else chars
            else:
                seen[gid] = ""

    def addObjects(self, doc) -> None:
        state = self.state.pop(doc)
        ids = sorted(state.text)
        program, widths, descriptor_values, ps_name = _program(self.font, tuple(ids))
        base = f"{subset_tag(program)}+{ps_name}"

        font_file = pdfdoc.PDFStream()
        font_file.content = program
        font_file.dictionary["Length1"] = len(program)
        if doc.compression:
            font_file.filters = [pdfdoc.PDFZCompress]
        descriptor = pdfdoc.PDFDictionary(dict(descriptor_values, Type=pdfdoc.PDFName("FontDescriptor"),
                                               FontName=pdfdoc.PDFName(base),
                                               FontFile2=doc.Reference(font_file, f"glyphFontFile:{base}")))
        w: list = []
        for gid in ids:
            w += [gid, pdfdoc.PDFArray([widths[gid]])]
        cid_font = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("CIDFontType2"),
            "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                                   "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
            "FontDescriptor": doc.Reference(descriptor, f"glyphFontDescriptor:{base}"),
            "W": pdfdoc.PDFArray(w),
            "CIDToGIDMap": pdfdoc.PDFName("Identity"),
        })
        cmap = pdfdoc.PDFStream()
        cmap.content = _to_unicode(base, state.text)
        if doc.compression:
            cmap.filters = [pdfdoc.PDFZCompress]
        font = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("Type0"),
            "BaseFont": pdfdoc.PDFName(base),
            "Encoding": pdfdoc.PDFName("Identity-H"),
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid_font, f"glyphCIDFont:{base}")]),
            "ToUnicode": doc.Reference(cmap, f"glyphToUnicode:{base}"),
        })
        doc.idToObject["BasicFonts"].dict[state.name] = doc.Reference(font, state.name)


@lru_cache(maxsize=64)
def glyph_font(font: str) -> GlyphFont:
    """The one :class:`GlyphFont` of a registered font (its per-document state lives on it)."""
    return GlyphFont(font)


@lru_cache(maxsize=64)
def _reverse_cmap(font: str) -> dict[int, str]:
    """glyph id -> the character mapping to it (the lowest, where several do). Arabic presentation
    forms are left out: a joining form reads as its letter, from the text it was shaped from."""
    face = pdfmetrics.getFont(font).face
    out: dict[int, str] = {}
    for cp, gid in sorted(face.charToGlyph.items()):
        if not (0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF):
            out.setdefault(gid, chr(cp))
    return out


@lru_cache(maxsize=256)
def _program(font: str, ids: tuple[int, ...]):
    """(TrueType program keeping glyph ids, {id: PDF width}, font descriptor values, PostScript
    name) for glyphs ``ids`` of the registered ``font``."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    face = pdfmetrics.getFont(font).face
    tools = TTFont(io.BytesIO(face._ttf_data), recalcTimestamp=False)
    # The tables the program drops go before the subsetter sees them: it would read the layout
    # tables (GSUB, GPOS, GDEF) whole before dropping them, seconds for a CJK font's, for nothing.
    for tag in [t for t in tools.keys() if t not in _KEEP and t != "GlyphOrder"]:
        del tools[tag]
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.layout_features = []
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=list(ids))
    subsetter.subset(tools)
    out = io.BytesIO()
    tools.save(out)
    upem = tools["head"].unitsPerEm
    hmtx = tools["hmtx"]
    order = tools.getGlyphOrder()
    widths = {gid: pdf_width(hmtx[order[gid]][0], upem) for gid in ids}
    descriptor = {
        "Ascent": face.ascent, "CapHeight": face.capHeight, "Descent": face.descent,
        "Flags": face.flags, "FontBBox": pdfdoc.PDFArray(face.bbox), "ItalicAngle": face.italicAngle,
        "StemV": face.stemV, "MissingWidth": face.defaultWidth,
    }
    return out.getvalue(), widths, descriptor, face.name.decode("latin-1")


def pdf_width(advance: int, upem: int) -> int:
    """A glyph's width as the PDF's W array gives it (thousandths of the em, whole)."""
    return round(advance * 1000 / upem)


def advance_of(font: str, gid: int) -> int:
    """Glyph ``gid``'s nominal advance in font units (what the W array states, before rounding)."""
    return _advances(font)[gid]


@lru_cache(maxsize=64)
def _advances(font: str) -> tuple[int, ...]:
    from fontTools.ttLib import TTFont

    tools = TTFont(io.BytesIO(pdfmetrics.getFont(font).face._ttf_data), lazy=True)
    hmtx, order = tools["hmtx"], tools.getGlyphOrder()
    return tuple(hmtx[name][0] for name in order)


def _to_unicode(name: str, text: dict[int, str]) -> str:
    """A ToUnicode CMap for two-byte glyph-id codes (ISO 32000-1, 9.10.3)."""
    entries = [(gid, s) for gid, s in sorted(text.items()) if s]
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             f"/CMapName /{name.replace('+', '-')}-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for i in range(0, len(entries), 100):  # at most 100 entries a block
        block = entries[i : i + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{gid:04X}> <{s.encode('utf-16-be').hex().upper()}>" for gid, s in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)
