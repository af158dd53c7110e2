"""Copies and totals: enough cards for the set-up the rules describe, and the totals documents state.

Codes:
- COUNT001 a starting-deck card has fewer copies than the largest player count needs, counting
  the cards handed out each draw phase (``rules.starting_deck``, ``rules.*_per_draw_phase``).
- COUNT002 fewer cards of a type than a pool must show (``rules.item_pool``: items;
  ``rules.troop_pool_per_wave``: purchasable troops of each wave).
- COUNT003 too few enemies for one round at the largest player count, or too few bosses for
  round 3 (``rules.enemies_per_player``, ``rules.bosses_round_3``).
- COUNT004 a total the source documents state that the extraction did not reach
  (``_report.yaml`` totals marked not ok), with the extractor's note. A warning, unless the
  mismatch is explained: the total says ``expected: true``, or its note says the stated number
  counts something else (a "retail box count", "the PnP set differs") or that the mismatch "is
  expected" — then it is info: worth knowing, nothing to fix.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnpgen.spec.yamlio import load_yaml
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


def _copies(cards) -> int:
    return sum(c.copies for c in cards)


def _rounds(rules: dict) -> int:
    return int(rules.get("rounds_per_wave", 1) or 1)


@check("COUNT001", "starting-deck cards for the largest player count")
def check_starting_decks(ctx: CheckContext) -> list[Finding]:
    game, rules = ctx.game, ctx.game.rules
    players = game.players_max
    need: dict[str, int] = {}
    for card_id, per_player in (rules.get("starting_deck") or {}).items():
        need[str(card_id)] = need.get(str(card_id), 0) + int(per_player) * players
    for key, per_wave in rules.items():
        if key.endswith("_per_draw_phase") and isinstance(per_wave, dict):
            for card_id in per_wave.values():
                need[str(card_id)] = need.get(str(card_id), 0) + _rounds(rules) * players
    out = []
    by_id = {c.id: c for c in game.cards}
    for card_id, count in sorted(need.items()):
        card = by_id.get(card_id)
        if card is not None and card.copies < count:
            out.append(ctx.at(card, "copies", "COUNT001", Severity.ERROR,
                              f"{card.copies} copies, but {players} players need {count} "
                              f"(starting decks and draw phases)", f"print at least {count} copies"))
    return out


@check("COUNT002", "enough cards to fill the pools")
def check_pools(ctx: CheckContext) -> list[Finding]:
    game, rules = ctx.game, ctx.game.rules
    out = []
    if rules.get("item_pool") and "item" in game.card_types:
        have = _copies(game.cards_of("item"))
        if have < rules["item_pool"]:
            out.append(ctx.at_game("COUNT002", Severity.ERROR,
                                   f"the item pool shows {rules['item_pool']} cards but there are only {have} items",
                                   "add item cards", rule="item_pool"))
    if rules.get("troop_pool_per_wave") and "troop" in game.card_types:
        for wave in range(1, int(rules.get("waves", 3)) + 1):
            buyable = [c for c in game.cards_of("troop")
                       if c.get("wave") == wave and c.get("purchasable") is not False and not c.get("starter")]
            if _copies(buyable) < rules["troop_pool_per_wave"]:
                out.append(ctx.at_game("COUNT002", Severity.ERROR,
                                       f"the wave {wave} troop pool shows {rules['troop_pool_per_wave']} cards "
                                       f"but wave {wave} has only {_copies(buyable)} purchasable troops",
                                       f"add wave {wave} troops", rule="troop_pool_per_wave"))
    return out


@check("COUNT003", "enough enemies and bosses per wave")
def check_enemies(ctx: CheckContext) -> list[Finding]:
    game, rules = ctx.game, ctx.game.rules
    per_player = rules.get("enemies_per_player")
    if not per_player or "enemy" not in game.card_types:
        return []
    players = game.players_max
    most = max(int(v) for v in per_player.values()) * players
    bosses_needed = max((int(v) for v in (rules.get("bosses_round_3") or {}).values()), default=0)
    out = []
    for wave in range(1, int(rules.get("waves", 3)) + 1):
        enemies = [c for c in game.cards_of("enemy") if c.get("wave") == wave]
        regular = _copies(c for c in enemies if not c.get("boss"))
        bosses = _copies(c for c in enemies if c.get("boss"))
        if regular < most:
            out.append(ctx.at_game("COUNT003", Severity.ERROR,
                                   f"wave {wave} has {regular} regular enemies; a round with {players} players "
                                   f"deals up to {most}", f"add wave {wave} enemies", rule="enemies_per_player"))
        if bosses < bosses_needed:
            out.append(ctx.at_game("COUNT003", Severity.ERROR,
                                   f"wave {wave} has {bosses} bosses; round 3 with {players} players needs "
                                   f"{bosses_needed}", f"add wave {wave} bosses", rule="bosses_round_3"))
    return out


_EXPLAINED = re.compile(r"\b(?:is expected|retail box count|set differs|not a PnP count)\b", re.IGNORECASE)


def explained(total: dict) -> bool:
    """Whether a stated total's mismatch is accounted for by the report itself."""
    return total.get("expected") is True or bool(_EXPLAINED.search(str(total.get("note") or "")))


@check("COUNT004", "totals the documents state")
def check_stated_totals(ctx: CheckContext) -> list[Finding]:
    path = Path(ctx.game.directory) / "_report.yaml"
    if ctx.game.expansion is not None or not path.exists():
        return []
    report = load_yaml(path) or {}
    out = []
    totals = report.get("totals") or []
    for i, total in enumerate(totals):
        if not isinstance(total, dict) or total.get("ok") is not False:
            continue
        note = f" ({total['note']})" if total.get("note") else ""
        if explained(total):
            out.append(ctx.at_game("COUNT004", Severity.INFO,
                                   f"{total.get('what')}: the document states {total.get('stated')}, the specs have "
                                   f"{total.get('found')}, as the report explains{note}",
                                   line=totals.line_of(i), file=str(path)))
            continue
        out.append(ctx.at_game("COUNT004", Severity.WARNING,
                               f"{total.get('what')}: the document states {total.get('stated')}, "
                               f"the specs have {total.get('found')}{note}",
                               "check the component list; correct counts in _overrides.yaml",
                               line=totals.line_of(i), file=str(path)))
    return out
