"""Characters no font of their style can print.

Code GLYPH001 (error): a character of a card's text that neither the style's font (or bold font)
nor any font of its ``fallback:`` list has a glyph for. Such a character would print as nothing, so
it is never dropped silently: the finding gives the character, its code point, the card, the field
(or template box) and the template line, and `pnpgen build` prints the same findings. A character
one box cannot print on several cards is one finding at the template line listing the cards (the
cure is a font for the box). Backs are checked as the build draws them, the finding at the back
template's line.

A character of a script that must be shaped (Arabic, the Indic scripts…) whose font has its glyph
but no OpenType layout for the script would print as unjoined or misordered letters: it is the
same error, worded so (``pnpgen.render.shaping.unshaped``).
"""

from __future__ import annotations

import unicodedata

from pnpgen.validate.context import BackFace, CheckContext, describe_backs
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


def describe(ch: str) -> str:
    """'中' (U+4E2D CJK UNIFIED IDEOGRAPH-4E2D)."""
    name = unicodedata.name(ch, "")
    return f"{ch!r} (U+{ord(ch):04X}{' ' + name if name else ''})"


# A character a template box cannot print on this many cards or more is one finding at the
# template's line: the cure is a font for the box, and 600 copies of one line would bury the rest.
GROUP_AT = 3


@check("GLYPH001", "every character has a glyph in its style's fonts")
def check_glyphs(ctx: CheckContext) -> list[Finding]:
    return ctx.in_languages(_check_glyphs)


def _check_glyphs(ctx: CheckContext) -> list[Finding]:
    found = []  # (card, op, missing)
    cards_missing: dict[tuple, list] = {}  # (template line, box, character) -> cards
    box_op: dict[tuple, object] = {}  # (template line, box) -> its text op (one style: one set of fonts)
    for card in ctx.game.own_cards():
        face = ctx.front(card)
        if face.error is not None:
            continue  # a picture the face names is unusable: IMG001 reports it
        for op, missing in face.missing_glyphs:
            found.append((card, op, missing))
            box_op.setdefault((str(op.where), op.box), op)
            for ch in missing:
                cards_missing.setdefault((str(op.where), op.box, ch), []).append(card)
    shared = {key for key, cards in cards_missing.items() if len(cards) >= GROUP_AT}
    out = []
    for card, op, missing in found:
        own = tuple(ch for ch in missing if (str(op.where), op.box, ch) not in shared)
        if not own:
            continue
        fields = ctx.game.card_types[card.type].fields
        field = op.box if op.box in fields or op.box == "name" else None
        if field is None:  # a box showing several fields: point at the field holding the character
            field = next((k for k, v in card.fields.items() if any(ch in str(v) for ch in own)), None)
        out.append(ctx.at(card, field, "GLYPH001", Severity.ERROR,
                          f"{_unprintable(op, own)}; template {op.where})", _FIX))
    # (template line, box) -> (characters, card id -> card, in the order first met)
    by_box: dict[tuple, tuple[list[str], dict]] = {}
    for where, box, ch in sorted(shared):
        chars, cards = by_box.setdefault((where, box), ([], {}))
        chars.append(ch)
        for card in cards_missing[(where, box, ch)]:
            cards.setdefault(card.id, card)
    for (where, box), (chars, cards) in by_box.items():
        listed = list(cards.values())
        ids = ", ".join(c.id for c in listed[:5]) + (f" and {len(listed) - 5} more" if len(listed) > 5 else "")
        out.append(ctx.at_template(where, "GLYPH001", Severity.ERROR,
                                   f"on {len(listed)} cards ({ids}): {_unprintable(box_op[(where, box)], tuple(chars))})",
                                   _FIX))
    backs_missing: dict[tuple, tuple[object, list[BackFace]]] = {}  # one finding per back template line and text
    for back in ctx.backs():
        if back.facts.error is None:
            for op, missing in back.facts.missing_glyphs:
                backs_missing.setdefault((str(op.where), op.box, missing), (op, []))[1].append(back)
    for (where, _, missing), (op, backs) in backs_missing.items():
        out.append(ctx.at_template(where, "GLYPH001", Severity.ERROR,
                                   f"{describe_backs(backs)}: {_unprintable(op, missing)})", _FIX))
    return out


_FIX = "add a font that has them to the game's fonts/ folder and list it in the style's fallback: [...], or change the text"


def _unprintable(op, missing: tuple[str, ...]) -> str:
    """'box 'x' has characters no font of its style can print: … (fonts: …' (the caller closes it)."""
    from pnpgen.render.fonts import coverage

    if all(any(ord(ch) in coverage(f) for f in (op.style.font, *op.style.fallback)) for ch in missing):
        what = "its fonts have but cannot shape (no OpenType layout for their script, so they would print unjoined)"
    else:
        what = "no font of its style can print"
    chars = ", ".join(describe(ch) for ch in missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
    fonts = ", ".join(f.split("~")[0] for f in (op.style.font, *op.style.fallback))  # without the digest suffix
    return f"box {op.box!r} has characters {what}: {chars} (fonts: {fonts}"
