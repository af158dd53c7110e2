"""Balance hints: a card's cost against what its stats give, compared with its peers.

Code BAL001 (warning). Peers are cards of the same type and wave that have a cost, power and HP.
A card's value is power + HP, plus one point when it has ability text (an ability is worth
something, and one point is the smallest step a cost can take). Its value per resource is
compared with the peers' middle half (interquartile range): outside 1.5 IQR of it is an outlier.
The message shows the expected range so a designer can see how far off a card is.
"""

from __future__ import annotations

from collections import defaultdict
from statistics import quantiles

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

MIN_PEERS = 4
_NEEDED = ("cost", "power", "hp")


def card_value(card) -> float:
    return card["power"] + card["hp"] + (1 if card.get("ability") else 0)


@check("BAL001", "cost vs power+HP outliers per wave and type")
def check_balance(ctx: CheckContext) -> list[Finding]:
    groups = defaultdict(list)
    for card in ctx.game.cards:
        fields = ctx.game.card_types[card.type].fields
        if not all(k in fields for k in _NEEDED):
            continue
        if any(card.get(k) is None for k in _NEEDED) or card["cost"] <= 0:
            continue
        groups[(card.type, card.get("wave"))].append(card)
    out = []
    for (type_id, wave), cards in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
        if len(cards) < MIN_PEERS:
            continue
        ratios = sorted(card_value(c) / c["cost"] for c in cards)
        q1, _, q3 = quantiles(ratios, n=4, method="inclusive")
        spread = q3 - q1
        low, high = q1 - 1.5 * spread, q3 + 1.5 * spread
        where = f"wave {wave} {type_id}s" if wave is not None else f"{type_id}s"
        for card in cards:
            ratio = card_value(card) / card["cost"]
            if ratio < low or ratio > high:
                verdict = "cheap" if ratio > high else "expensive"
                lo_cost = card_value(card) / high if high > 0 else None
                hi_cost = card_value(card) / low if low > 0 else None
                expected = (f"{lo_cost:.1f}–{hi_cost:.1f}" if lo_cost and hi_cost else
                            f"at least {lo_cost:.1f}" if lo_cost else "")
                out.append(ctx.at(card, "cost", "BAL001", Severity.WARNING,
                                  f"looks {verdict}: cost {card['cost']} for {card_value(card):g} value points "
                                  f"({ratio:.2f} per resource; {where} give {low:.2f}–{high:.2f})",
                                  f"a cost of about {expected} fits its peers" if expected else None))
    return out
