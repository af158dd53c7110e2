"""Cards a translation leaves out.

Code TRANS001 (warning): a card whose text field (or name) has no translation into a language of
the game: the game's ``languages:`` in game.yaml, else each language some card is translated into
(``name@de``). Without a ``languages:`` list only the fields translated on some card of the type
are asked for. Such a card prints that field in the default language in a ``build --lang``. One
finding per language and field, listing the cards (``name@de: no translation on 12 cards (…)``),
at the card's line when it is one card. Numbers and pictures are never asked for.
"""

from __future__ import annotations

from pnpgen.spec.translations import key, languages_of, missing
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

SHOWN = 5  # card ids named in a finding


@check("TRANS001", "every card is translated into each of the game's languages")
def check_translations(ctx: CheckContext) -> list[Finding]:
    out = []
    for lang in languages_of(ctx.game):
        for field, cards in missing(ctx.game, lang).items():
            column = key(field, lang)
            ids = ", ".join(c.id for c in cards[:SHOWN]) + (f" and {len(cards) - SHOWN} more" if len(cards) > SHOWN else "")
            fix = (f"add the translation ({column} column or key), or leave it: the {field} prints in the "
                   f"default language")
            if len(cards) == 1:
                out.append(ctx.at(cards[0], field, "TRANS001", Severity.WARNING,
                                  f"{column}: no translation on this card; it prints untranslated in {lang}", fix))
            else:
                noun = "card" if len(cards) == 1 else "cards"
                out.append(ctx.at_game("TRANS001", Severity.WARNING,
                                       f"{column}: no translation on {len(cards)} {noun} ({ids})", fix))
    return out
