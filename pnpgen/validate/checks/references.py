"""Names a card or rule refers to must exist.

Codes: REF001 a quoted name in card text (“3 XENOSATHEM”) that is no card's name; REF002 a rule
fact naming a card id (``rules.starting_deck`` keys, ``rules.*_per_draw_phase`` values) that is
no card of the game; REF003 (info) a card the rules or another card's text require that exists
only because ``_overrides.yaml`` adds it (its sheet was lost): the finding says what requires it
and quotes the override's reason and source, so the user learns it is restored and from what.
"""

from __future__ import annotations

import re

from pnpgen.spec.errors import did_you_mean
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

_QUOTED = re.compile(r"[“\"]([^”\"]{2,40})[”\"]")


def _norm(name: str) -> str:
    return " ".join(name.replace("’", "'").lower().split())


@check("REF001", "quoted names in card text must be cards")
def check_quoted_names(ctx: CheckContext) -> list[Finding]:
    names = {_norm(c.name) for c in ctx.game.cards if c.name is not None}
    ordered = sorted(names)  # sorted once: each suggestion is one pass over the names
    hints: dict[str, str] = {}  # a misspelling repeated on many cards is looked up once
    out = []
    for card in ctx.game.cards:
        for field in ctx.text_fields(card):
            for m in _QUOTED.finditer(card.get(field)):
                quoted = m.group(1)
                if _norm(quoted) not in names:
                    hint = hints.get(_norm(quoted))
                    if hint is None:
                        hint = hints[_norm(quoted)] = did_you_mean(_norm(quoted), ordered)
                    out.append(ctx.at(card, field, "REF001", Severity.ERROR,
                                      f"the text names “{quoted}” but no card is called that{hint}",
                                      "spell the name as the card does, or add the card"))
    return out


def _rule_card_ids(rules: dict) -> list[tuple[str, str]]:
    """(rule key, card id) pairs for rule facts that name cards by id."""
    pairs = []
    for key, value in rules.items():
        if key == "starting_deck" and isinstance(value, dict):
            pairs += [(key, str(card_id)) for card_id in value]
        elif key.endswith("_per_draw_phase") and isinstance(value, dict):
            pairs += [(key, str(card_id)) for card_id in value.values()]
    return pairs


@check("REF002", "rule facts naming cards must name real cards")
def check_rule_references(ctx: CheckContext) -> list[Finding]:
    ids = {c.id for c in ctx.game.cards}
    base_ids = {c.id.split(":", 1)[-1] for c in ctx.game.cards}
    return [ctx.at_game("REF002", Severity.ERROR, f"rules.{key} names card {card_id!r}, which does not exist"
                        f"{did_you_mean(card_id, ids)}", "use the id of a card in the specs", rule=key)
            for key, card_id in _rule_card_ids(ctx.game.rules) if card_id not in ids | base_ids]


def _requirers(ctx: CheckContext) -> dict[str, list[str]]:
    """Card id -> what requires it: rule facts naming its id, other cards quoting its name."""
    by_name = {_norm(c.name): c.id for c in ctx.game.cards if isinstance(c.name, str)}
    out: dict[str, list[str]] = {}
    for key, card_id in _rule_card_ids(ctx.game.rules):
        out.setdefault(card_id, []).append(f"rules.{key}")
    for card in sorted(ctx.game.cards, key=lambda c: c.id):
        for field in ctx.text_fields(card):
            for m in _QUOTED.finditer(card.get(field)):
                target = by_name.get(_norm(m.group(1)))
                if target is not None and target != card.id:
                    out.setdefault(target, []).append(f"the text of {card.name or card.id!r}")
    return out


@check("REF003", "required cards that exist only through an override")
def check_restored_cards(ctx: CheckContext) -> list[Finding]:
    from pathlib import Path

    from pnpgen.spec.overrides import OVERRIDES_FILE, load_overrides

    added = [c for c in ctx.game.cards if "id" in c.overridden and c.location
             and Path(c.location.file).name == OVERRIDES_FILE]
    if not added:
        return []
    entries = {}
    for entry in load_overrides(Path(added[0].location.file).parent):
        if "add" in entry and isinstance(entry["add"], dict):
            entries[entry["add"].get("id")] = entry
    required = _requirers(ctx)
    out = []
    for card in added:
        needs = list(dict.fromkeys(required.get(card.id, [])))
        entry = entries.get(card.id)
        if not needs or entry is None:
            continue
        reason = " ".join(str(entry["reason"]).split())
        source = " ".join(str(entry["source"]).split())
        out.append(ctx.at(card, None, "REF003", Severity.INFO,
                          f"{card.name!r} is required by {', '.join(needs)} but is in no generated card file: "
                          f"{OVERRIDES_FILE} restores it because {reason} (source: {source})"))
    return out
