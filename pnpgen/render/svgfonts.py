"""Fonts for text inside SVG pictures: every SVG ``font-family`` drawn with a font pnpgen embeds.

svglib on its own maps an SVG's fonts to reportlab's standard fonts (Helvetica, Times, Courier),
which are never embedded (PDF/X forbids that), or asks the machine's fontconfig, so the same SVG
printed differently on every computer. Here a ``font-family`` list is read as CSS does (comma
separated, quotes stripped, first available family wins) and each family is looked up in:

1. the game's own fonts (``<game>/fonts/*.ttf|otf``, by file stem, full, PostScript or family
   name; ``font-weight`` and ``font-style`` pick ``<family> Bold``, ``<family> Italic``… when the
   folder has them);
2. the bundled faces (``Roboto Condensed`` and its bold and italic, ``Roboto Black``);
3. the CSS generic families (``serif``, ``sans-serif``, ``monospace``…) and an SVG that names no
   font, drawn with the bundled body font (Roboto Condensed, its bold or italic as asked).

A family found nowhere is drawn with the body font too, and named in :attr:`SvgFontMap.missing`
for the validator's IMG004 warning (add the font to the game's ``fonts/`` folder, or convert the
text to paths). Names are matched ignoring case, spaces, hyphens and underscores.
"""

from __future__ import annotations

import re

from pnpgen.render import fonts

# CSS Fonts 4 generic families: the picture leaves the choice to the renderer, so no finding.
GENERIC = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
                     "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong"})
# svglib asks for this family when the SVG names none (svglib.fonts.DEFAULT_FONT_NAME).
SVGLIB_DEFAULT = "Helvetica"
_BUNDLED_FAMILY = {"robotocondensed": (fonts.BODY_FONT, fonts.BOLD_FONT, fonts.ITALIC_FONT, fonts.BOLD_FONT)}


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "", name).lower()


def _bold(weight: str) -> bool:
    weight = (weight or "").strip().lower()
    if weight in ("bold", "bolder"):
        return True
    return weight.isdigit() and int(weight) >= 600


def _italic(style: str) -> bool:
    return (style or "").strip().lower() in ("italic", "oblique")


def families(attr: str) -> list[str]:
    """The family names of a CSS ``font-family`` value, in order, quotes stripped."""
    out = []
    for part in (attr or "").split(","):
        name = part.strip().strip("\"'").strip()
        if name and name not in out:
            out.append(name)
    return out


class SvgFontMap:
    """Font lookups for one SVG drawn for one game (``catalogue``: the game's ``fonts.game_fonts``)."""

    def __init__(self, catalogue: dict[str, str], names_helvetica: bool) -> None:
        fonts.register_fonts()
        self._index = {_key(alias): registered for alias, registered in catalogue.items()}
        for face in fonts.FACES:
            self._index.setdefault(_key(face), face)
        # Whether the SVG itself names Helvetica: if not, a Helvetica request is svglib's default.
        self._names_helvetica = names_helvetica
        self.missing: list[str] = []

    def _styled(self, family: str, bold: bool, italic: bool) -> str | None:
        """The registered font for ``family`` in the asked weight and style, else its regular face."""
        key = _key(family)
        bundled = _BUNDLED_FAMILY.get(key)
        if bundled is not None:
            return bundled[int(bold) + 2 * int(italic)]
        suffixes = (["bolditalic", "boldoblique"] if bold and italic else ["bold"] if bold
                    else ["italic", "oblique"] if italic else [])
        for suffix in [*suffixes, "", "regular"]:
            found = self._index.get(key + suffix)
            if found is not None:
                return found
        return None

    body_font = fonts.BODY_FONT

    @staticmethod
    def _body(bold: bool, italic: bool) -> str:
        return fonts.BOLD_FONT if bold else fonts.ITALIC_FONT if italic else fonts.BODY_FONT

    def convert(self, attr: str | None, weight: str = "normal", style: str = "normal") -> str:
        """The registered font to draw text of this ``font-family``, ``font-weight`` and ``font-style``
        (what svglib's ``convertFontFamily`` returns)."""
        bold, italic = _bold(weight), _italic(style)
        named = families(attr or "")
        if not named or (named == [SVGLIB_DEFAULT] and not self._names_helvetica):
            return self._body(bold, italic)
        for family in named:
            if family.lower() in GENERIC:
                break
            found = self._styled(family, bold, italic)
            if found is not None:
                return found
        for family in named:
            if family.lower() in GENERIC:
                break
            if family not in self.missing:
                self.missing.append(family)
        return self._body(bold, italic)
