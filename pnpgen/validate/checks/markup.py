"""Broken running-text markup in a card's own text, and markup its template has no face for.

Code MARKUP001 (error): a ``**``, ``*`` or ``***`` with no partner in a card's name or text field
(a ``*`` that can neither open nor close where it stands counts too; one with a space on both
sides is a plain asterisk). The renderer prints such a mark as asterisks rather than styling the
rest of the text (``pnpgen.markup``, the one grammar both read), so the card still misprints:
either a style was meant and is missing, or a literal asterisk was meant and needs escaping. The
finding names the card, the field and the character where the mark stands (1-based, with the
line inside the field when it has several). A backslash before another character, or at the end,
prints as it is and is not reported.

Code MARKUP002 (warning): text set ``*italic*`` or ``***bold italic***`` in a template box whose
style has no ``italic_font`` / ``bold_italic_font``: it prints upright, in the regular or the bold
face. One finding per template box and style, listing the cards.
"""

from __future__ import annotations

from pnpgen.markup import parse
from pnpgen.validate.context import CheckContext, describe_backs
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

FIX = {
    "**": "close it with ** where the bold ends, or write \\* for each literal asterisk",
    "*": "close it with * where the italic ends (right after a word, *like this*), or write \\* for a literal asterisk",
    "***": "close it with *** where the bold italic ends, or write \\* for each literal asterisk",
}
UPRIGHT = {"italic": "the regular face", "bold italic": "the bold face"}
FACE_KEY = {"italic": "italic_font", "bold italic": "bold_italic_font"}


@check("MARKUP001", "every **, * and *** has its partner")
def check_markup(ctx: CheckContext) -> list[Finding]:
    out = []
    for card in ctx.game.own_cards():
        translated = [(f"{field}@{lang}", text) for lang, fields in card.translations.items()
                      for field, text in fields.items()]
        own = [(field, card.name if field == "name" else card.get(field)) for field in ["name", *ctx.text_fields(card)]]
        for field, text in own + translated:
            if not isinstance(text, str) or "*" not in text:
                continue
            for problem in parse(text).problems:
                printed = "an asterisk" if problem.delimiter == "*" else "asterisks"
                out.append(ctx.at(card, field, "MARKUP001", Severity.ERROR,
                                  f"unclosed {problem.delimiter} at {problem.where(text)} ({problem.excerpt(text)}): "
                                  f"it prints as {printed} and sets nothing {problem.style}",
                                  FIX[problem.delimiter]))
    return out


@check("MARKUP002", "italic and bold italic text has a face in its style")
def check_faces(ctx: CheckContext) -> list[Finding]:
    return ctx.in_languages(_check_faces)


def _check_faces(ctx: CheckContext) -> list[Finding]:
    boxes: dict[tuple[str, str, str], list] = {}  # (template line, box, style) -> cards, as met
    for card in ctx.game.own_cards():
        face = ctx.front(card)
        if face.error is not None:
            continue
        for op, lacking in face.missing_faces:
            for name in lacking:
                boxes.setdefault((str(op.where), op.box, name), []).append(card)
    out = []
    for (where, box, name), cards in boxes.items():
        ids = ", ".join(c.id for c in cards[:5]) + (f" and {len(cards) - 5} more" if len(cards) > 5 else "")
        noun = "card" if len(cards) == 1 else "cards"
        out.append(ctx.at_template(where, "MARKUP002", Severity.WARNING,
                                   f"box {box!r} sets {name} text on {len(cards)} {noun} ({ids}) but its style has no "
                                   f"{FACE_KEY[name]}: it prints upright, in {UPRIGHT[name]}",
                                   _fix(name)))
    backs: dict[tuple[str, str, str], list] = {}
    for back in ctx.backs():
        if back.facts.error is None:
            for op, lacking in back.facts.missing_faces:
                for name in lacking:
                    backs.setdefault((str(op.where), op.box, name), []).append(back)
    for (where, box, name), found in backs.items():
        out.append(ctx.at_template(where, "MARKUP002", Severity.WARNING,
                                   f"{describe_backs(found)}: box {box!r} sets {name} text but its style has no "
                                   f"{FACE_KEY[name]}: it prints upright, in {UPRIGHT[name]}", _fix(name)))
    return out


def _fix(name: str) -> str:
    example = "italic" if name == "italic" else "bold_italic"
    return (f"add `{FACE_KEY[name]}: {example}` (a bundled face) or one of the game's fonts to the box's style, "
            "or drop the markup")
