"""Ability text the rules engine cannot read, through the one effect grammar the simulator uses.

Codes: RULES001 (warning) a sentence the grammar stops in, with the first word it stopped at —
the simulator would ignore that part of the card; RULES002 (info) a card that relies on a named
custom effect (bespoke engine code rather than the grammar), so such cards stay counted.
"""

from __future__ import annotations

from pnpgen.validate.context import CheckContext, ability_readout
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


def _parsed(ctx: CheckContext):
    """(card, unparsed spans, custom effect names) for every card with ability text; parsed once
    per validation run."""
    if ctx.parsed_abilities is None:
        ctx.parsed_abilities = [r for r in map(ability_readout, ctx.game.cards) if r is not None]
    return ctx.parsed_abilities


@check("RULES001", "ability text the effect grammar can read")
def check_rules_readable(ctx: CheckContext) -> list[Finding]:
    out = []
    for card, unparsed, _ in _parsed(ctx):
        for span in unparsed:
            out.append(ctx.at(card, "ability", "RULES001", Severity.WARNING,
                              f"the rules engine cannot read “{span.text}”: it stopped at "
                              f"{span.first_word_stopped_at!r}",
                              "reword it like the printed cards do (see `pnpgen effects`)"))
    return out


@check("RULES002", "cards using custom effects")
def check_custom_effects(ctx: CheckContext) -> list[Finding]:
    out = []
    for card, _, customs in _parsed(ctx):
        for name in customs:
            out.append(ctx.at(card, "ability", "RULES002", Severity.INFO,
                              f"uses the custom effect {name!r} (engine code, not the grammar)"))
    return out
