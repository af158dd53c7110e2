"""Characters no font of their style can print.

Code GLYPH001 (error): a character of a card's text that neither the style's font (or bold font)
nor any font of its ``fallback:`` list has a glyph for. Such a character would print as nothing, so
it is never dropped silently: the finding gives the character, its code point, the card, the field
(or template box) and the template line, and `pnpgen build` prints the same findings.
"""

from __future__ import annotations

import unicodedata

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


def describe(ch: str) -> str:
    """'中' (U+4E2D CJK UNIFIED IDEOGRAPH-4E2D)."""
    name = unicodedata.name(ch, "")
    return f"{ch!r} (U+{ord(ch):04X}{' ' + name if name else ''})"


@check("GLYPH001", "every character has a glyph in its style's fonts")
def check_glyphs(ctx: CheckContext) -> list[Finding]:
    out = []
    for card in ctx.game.own_cards():
        face = ctx.front(card)
        if face.error is not None:
            continue  # a picture the face names is unusable: IMG001 reports it
        fields = ctx.game.card_types[card.type].fields
        for op, missing in face.missing_glyphs:
            st = op.style
            field = op.box if op.box in fields or op.box == "name" else None
            if field is None:  # a box showing several fields: point at the field holding the character
                field = next((k for k, v in card.fields.items() if any(ch in str(v) for ch in missing)), None)
            chars = ", ".join(describe(ch) for ch in missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
            fonts = ", ".join(f.split("~")[0] for f in (st.font, *st.fallback))  # without the digest suffix
            out.append(ctx.at(card, field, "GLYPH001", Severity.ERROR,
                              f"box {op.box!r} has characters no font of its style can print: {chars} "
                              f"(fonts: {fonts}; template {op.where})",
                              "add a font that has them to the game's fonts/ folder and list it in the style's "
                              "fallback: [...], or change the text"))
    return out
