"""Icon tokens in card text that the game has no icon for.

Code ICON001 (warning): a ``[word]`` in card text that is not the token of one of the game's icons
(``_icons.yaml`` of its templates, an expansion's merged over its base game's — the same icon set
the renderer draws with). Such a token prints literally, brackets and all; the finding names the
closest icon token when one is near ("[hart]" -> did you mean "[heart]"?) and lists the game's
icons. Square brackets only: a word in round brackets is ordinary text ("(CUMULATIVE)"), while a
game's round-bracket tokens ("(W)") are short and known. One finding per card field.
"""

from __future__ import annotations

import re

from pnpgen.errors import did_you_mean
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

_TOKEN = re.compile(r"\[[A-Za-z][A-Za-z0-9_-]{0,30}\]")


def icon_tokens(game) -> set[str]:
    """The tokens of the icons ``game``'s cards are drawn with."""
    from pnpgen.render.face import library_for

    return {icon.token for icon in library_for(game).icons(game.id).icons}


@check("ICON001", "icon tokens the game has no icon for")
def check_icon_tokens(ctx: CheckContext) -> list[Finding]:
    candidates = [(card, field, _TOKEN.findall(card.get(field))) for card in ctx.game.own_cards()
                  for field in ctx.text_fields(card) if isinstance(card.get(field), str)]
    if not any(found for _, _, found in candidates):
        return []
    known = icon_tokens(ctx.game)
    listed = ", ".join(sorted(known)) if known else "none"
    out = []
    for card, field, found in candidates:
        unknown = [t for t in dict.fromkeys(found) if t not in known]
        if not unknown:
            continue
        hints = "; ".join(f"{t}{did_you_mean(t, known)}" for t in unknown)
        fix = "; ".join(f"write {m.group(1)} for {t}" for t in unknown
                        if (m := re.search(r"'(.+)'", did_you_mean(t, known))))
        noun = "an icon token" if len(unknown) == 1 else f"{len(unknown)} icon tokens"
        out.append(ctx.at(card, field, "ICON001", Severity.WARNING,
                          f"{noun} no icon of the game has, printed as plain text: {hints} "
                          f"(the game's icons: {listed})",
                          fix or "use one of the game's icon tokens, or add the icon to the templates' _icons.yaml"))
    return out
