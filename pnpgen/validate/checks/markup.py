"""Broken running-text markup in a card's own text.

Code MARKUP001 (error): a ``**`` with no partner in a card's name or text field. The renderer
prints such a mark as two asterisks rather than bolding the rest of the text (``pnpgen.markup``,
the one grammar both read), so the card still misprints: either bold was meant and is missing, or
a literal asterisk was meant and needs escaping. The finding names the card, the field and the
character where the mark stands (1-based, with the line inside the field when it has several).
A backslash before another character, or at the end, prints as it is and is not reported.
"""

from __future__ import annotations

from pnpgen.markup import parse
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

FIX = "close it with ** where the bold ends, or write \\* for each literal asterisk"


@check("MARKUP001", "every ** has its partner")
def check_markup(ctx: CheckContext) -> list[Finding]:
    out = []
    for card in ctx.game.own_cards():
        for field in ["name", *ctx.text_fields(card)]:
            text = card.name if field == "name" else card.get(field)
            if not isinstance(text, str) or "**" not in text:
                continue
            for problem in parse(text).problems:
                out.append(ctx.at(card, field, "MARKUP001", Severity.ERROR,
                                  f"unclosed {problem.delimiter} at {problem.where(text)} ({problem.excerpt(text)}): "
                                  "it prints as asterisks and sets nothing bold",
                                  FIX))
    return out
