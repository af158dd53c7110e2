"""The bundled fonts (``fonts/`` at the repository root) and their registration with reportlab.

Only bundled TrueType faces are used, so every PDF embeds its fonts (as subsets) and looks the
same on every machine. Templates name a face by its registered name or by an alias
(``body``, ``bold``, ``italic``, ``title``, ``stat``). reportlab is imported inside
``register_fonts`` only, so the pure template loader can read the catalogue.
"""

from __future__ import annotations

from pathlib import Path

FONTS_DIR = Path(__file__).resolve().parents[2] / "fonts"

# Registered name -> file in FONTS_DIR. Roboto is Apache-2.0 (fonts/LICENSE-Roboto-Apache-2.0.txt).
FACES: dict[str, str] = {
    "RobotoCondensed": "RobotoCondensed-Regular.ttf",
    "RobotoCondensed-Bold": "RobotoCondensed-Bold.ttf",
    "RobotoCondensed-Italic": "RobotoCondensed-Italic.ttf",
    "Roboto-Black": "Roboto-Black.ttf",
}

BODY_FONT = "RobotoCondensed"
BOLD_FONT = "RobotoCondensed-Bold"
ITALIC_FONT = "RobotoCondensed-Italic"
TITLE_FONT = "RobotoCondensed-Bold"
STAT_FONT = "Roboto-Black"

ALIASES: dict[str, str] = {
    "body": BODY_FONT,
    "bold": BOLD_FONT,
    "italic": ITALIC_FONT,
    "title": TITLE_FONT,
    "stat": STAT_FONT,
}

_registered = False


def font_name(name: str) -> str:
    """The registered name for a face name or alias; KeyError for anything not bundled."""
    if name in FACES:
        return name
    return ALIASES[name]


def known_font_names() -> list[str]:
    return sorted(set(FACES) | set(ALIASES))


def register_fonts() -> list[str]:
    """Register every bundled face with reportlab (once) and return the registered names."""
    global _registered
    if not _registered:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        for name, file in FACES.items():
            pdfmetrics.registerFont(TTFont(name, str(FONTS_DIR / file)))
        # Bold/italic mapping lets reportlab's own markup (if anyone uses it) find the faces.
        pdfmetrics.registerFontFamily(BODY_FONT, normal=BODY_FONT, bold=BOLD_FONT, italic=ITALIC_FONT, boldItalic=BOLD_FONT)
        _registered = True
    return list(FACES)
