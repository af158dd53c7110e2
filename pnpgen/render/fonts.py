"""The bundled fonts (``fonts/`` at the repository root) and their registration with reportlab.

The bundled TrueType faces, and a game's or expansion's own ``fonts/*.ttf|otf`` (below), are the
only fonts used, so every PDF embeds its fonts (as subsets) and looks the same on every machine. Templates name a face by its registered name or by an alias
(``body``, ``bold``, ``italic``, ``title``, ``stat``). reportlab is imported inside
``register_fonts`` only, so the pure template loader can read the catalogue.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from pnpgen import bundled
from pnpgen.errors import SpecError

FONTS_DIR = bundled.fonts()

# Registered name -> file in FONTS_DIR. Roboto is Apache-2.0 (fonts/LICENSE-Roboto-Apache-2.0.txt).
FACES: dict[str, str] = {
    "RobotoCondensed": "RobotoCondensed-Regular.ttf",
    "RobotoCondensed-Bold": "RobotoCondensed-Bold.ttf",
    "RobotoCondensed-Italic": "RobotoCondensed-Italic.ttf",
    # OFL-1.1 (fonts/LICENSE-RobotoCondensed-BoldItalic-OFL-1.1.txt): Roboto Condensed 3.8's italic
    # at weight 700, the bold italic the 2.x faces above lack (fonts/README.md says how it was made).
    "RobotoCondensed-BoldItalic": "RobotoCondensed-BoldItalic.ttf",
    "Roboto-Black": "Roboto-Black.ttf",
    # Scripts Roboto lacks, for a style's ``fallback:`` (Noto: OFL-1.1; Droid: Apache-2.0; fonts/README.md).
    "NotoSansArabic": "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew": "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari": "NotoSansDevanagari-Regular.ttf",
    "DroidSansFallback": "DroidSansFallback-CJK.ttf",
}

BODY_FONT = "RobotoCondensed"
BOLD_FONT = "RobotoCondensed-Bold"
ITALIC_FONT = "RobotoCondensed-Italic"
BOLD_ITALIC_FONT = "RobotoCondensed-BoldItalic"
TITLE_FONT = "RobotoCondensed-Bold"
STAT_FONT = "Roboto-Black"

ALIASES: dict[str, str] = {
    "body": BODY_FONT,
    "bold": BOLD_FONT,
    "italic": ITALIC_FONT,
    "bold_italic": BOLD_ITALIC_FONT,
    "title": TITLE_FONT,
    "stat": STAT_FONT,
    "arabic": "NotoSansArabic",
    "hebrew": "NotoSansHebrew",
    "devanagari": "NotoSansDevanagari",
    "cjk": "DroidSansFallback",
}

_registered = False


def font_name(name: str) -> str:
    """The registered name for a face name, an alias or a game font's registered name;
    KeyError for anything else."""
    if name in FACES or name in _REGISTERED:
        return name
    return ALIASES[name]


def known_font_names() -> list[str]:
    return sorted(set(FACES) | set(ALIASES))


def register_fonts() -> list[str]:
    """Make every bundled face known to reportlab (once) and return the registered names. Each face
    is read and registered at reportlab's first lookup of its name (``rlcompat.register_on_first_use``):
    a build uses a few of the nine, and reading all of them was 0.11 s of every command."""
    global _registered
    if not _registered:
        from reportlab.pdfbase import pdfmetrics

        from pnpgen.render import rlcompat

        rlcompat.register_on_first_use({name: _loader(name, file) for name, file in FACES.items()})
        # Bold/italic mapping lets reportlab's own markup (if anyone uses it) find the faces.
        pdfmetrics.registerFontFamily(BODY_FONT, normal=BODY_FONT, bold=BOLD_FONT, italic=ITALIC_FONT, boldItalic=BOLD_ITALIC_FONT)
        _registered = True
    return list(FACES)


def _loader(name: str, file: str):
    def load() -> None:
        from reportlab.pdfbase import pdfmetrics

        from pnpgen.render.subsetfont import SubsetFont

        pdfmetrics.registerFont(SubsetFont(name, str(FONTS_DIR / file)))
    return load


# -- a game's own fonts ------------------------------------------------------------------------------
# A game or expansion folder may hold ``fonts/*.ttf|otf``. Each file is read through the folder's
# resolver (confined, size-limited), registered with reportlab under a name made from its stem and
# content digest (two folders' "Title.ttf" never collide; the same file is registered once), and
# known to templates by its file stem, its full name, its PostScript name and its family name.
FONT_SUFFIXES = (".ttf", ".otf")
_REGISTERED: dict[str, str] = {}       # registered name -> path it came from
_CATALOGUES: dict[tuple, dict[str, str]] = {}
_HOMES: dict[str, dict[str, str]] = {}  # folder (real path) -> its latest catalogue


class FontError(SpecError):
    """A font file that cannot be used; the message names the file."""


def is_registered(name: str) -> bool:
    return name in FACES or name in ALIASES or name in _REGISTERED


def game_fonts(home: str | Path) -> dict[str, str]:
    """``{name a template may use: registered name}`` for the fonts in ``<home>/fonts/``."""
    from pnpgen.files import resolver_for

    files = resolver_for(home)
    folder = Path(home) / "fonts"
    paths = files.listing(folder, tuple(f"*{s}" for s in FONT_SUFFIXES))
    key = (str(files.home), tuple((str(p), files.digest(p, "font")) for p in paths))
    if key in _CATALOGUES:
        _HOMES[str(files.home)] = _CATALOGUES[key]
        return _CATALOGUES[key]
    names: dict[str, str] = {}
    families: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        digest = files.digest(path, "font")
        registered = f"{path.stem}~{digest[:8]}"
        data = files.read_bytes(path, "font")
        family, style, full, ps = _register_bytes(registered, data, digest, path)
        for alias in (path.stem, full, ps):
            if alias:
                names.setdefault(alias, registered)
        families.setdefault(family, []).append((style, registered))
    for family, members in families.items():
        regular = [r for s, r in members if s.lower() in ("regular", "book", "normal")]
        if family and (len(members) == 1 or regular):
            names.setdefault(family, (regular or [members[0][1]])[0])
    _CATALOGUES[key] = names
    _HOMES[str(files.home)] = names
    return names


def fonts_for(path: str | Path) -> dict[str, str]:
    """The fonts of the folder a file (an SVG picture) belongs to: the catalogue of the deepest folder
    holding it whose fonts a template has asked for (``game_fonts``), else none. Only folders this
    process already reads are looked at, never one above the game."""
    import os

    real = os.path.realpath(path)
    best = ""
    for home in _HOMES:
        if (real.startswith(home.rstrip(os.sep) + os.sep)) and len(home) > len(best):
            best = home
    return _HOMES.get(best, {}) if best else {}


def _register_bytes(registered: str, data: bytes, digest: str, path: Path) -> tuple[str, str, str, str]:
    """Register one font file's bytes; returns (family, style, full name, PostScript name)."""
    import io

    from fontTools.ttLib import TTFont as ToolsFont
    from fontTools.ttLib import TTLibError

    try:
        tools = ToolsFont(io.BytesIO(data), lazy=True)
        cut = [tag for tag, entry in tools.reader.tables.items() if entry.offset + entry.length > len(data)]
    except (TTLibError, KeyError, AssertionError, ValueError, OSError, IndexError, struct.error) as err:
        raise FontError(f"not a usable TrueType/OpenType font ({type(err).__name__})", file=path,
                        hint="use a .ttf or .otf file") from None
    if cut:  # a lazy read only looks at the tables it is asked for: a cut-off file must not half work
        raise FontError(f"the font file is cut short: its {cut[0].strip()!r} table runs past the end of the file",
                        file=path, hint="download or copy the font again")
    try:
        names = tools["name"]
        family = str(names.getBestFamilyName() or "")
        style = str(names.getBestSubFamilyName() or "")
        full = str(names.getBestFullName() or "")
        ps = str(names.getDebugName(6) or "")
        cff = "CFF " in tools or "CFF2" in tools
    except (TTLibError, KeyError, AssertionError, ValueError, OSError, IndexError, struct.error) as err:
        raise FontError(f"not a usable TrueType/OpenType font ({type(err).__name__})", file=path,
                        hint="use a .ttf or .otf file") from None
    if registered in _REGISTERED:
        return family, style, full, ps
    try:
        ttf = _truetype_outlines(data, digest, path) if cff else data
    except Exception as err:  # fontTools decodes the whole untrusted font here; any failure is the file's
        raise FontError(f"the font's PostScript outlines cannot be read ({type(err).__name__})", file=path,
                        hint="the file is damaged; download it again, or use a .ttf version") from None
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError

    from pnpgen.render.subsetfont import SubsetFont

    try:
        pdfmetrics.registerFont(SubsetFont(registered, io.BytesIO(ttf)))
    except (TTFError, AssertionError, ValueError, KeyError, IndexError, struct.error) as err:
        raise FontError(f"the font cannot be embedded ({(str(err).splitlines() or [''])[0][:120] or type(err).__name__})",
                        file=path, hint="the font's licence may forbid embedding, or the file is damaged") from None
    _REGISTERED[registered] = str(path)
    return family, style, full, ps


def _truetype_outlines(data: bytes, digest: str, path: Path) -> bytes:
    """A CFF-flavoured OpenType font (PostScript outlines, which reportlab cannot embed) converted
    to TrueType outlines with fontTools (curves to quadratics, as fontTools' otf2ttf does),
    cached by the file's digest."""
    import io

    from pnpgen.files import cache_dir
    from pnpgen.fsutil import atomic_write_bytes

    # "-2": conversions cached before the timestamp was kept carry their conversion time.
    cached = cache_dir() / "fonts" / f"{digest}-2.ttf"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as ToolsFont
    from fontTools.ttLib import newTable

    # The source's own head.modified, not the time of conversion: the same font, the same bytes
    # (a PDF built with a cold cache must equal one built with a warm one).
    font = ToolsFont(io.BytesIO(data), recalcTimestamp=False)
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        try:
            glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        except Exception:  # a broken glyph is left empty rather than failing the whole font
            pen = TTGlyphPen(glyphs)
        glyf[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    maxp.maxComponentDepth = 0
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    ttf = out.getvalue()
    try:
        atomic_write_bytes(cached, ttf)
    except OSError:
        pass
    return ttf


def coverage(name: str) -> frozenset[int]:
    """Code points the registered font ``name`` has glyphs for."""
    return _coverage(font_name(name))


@lru_cache(maxsize=256)
def _coverage(registered: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    return frozenset(pdfmetrics.getFont(registered).face.charToGlyph)
