"""Render effect trees: ``describe`` gives one readable line, ``to_dict`` a JSON-able mapping.

The line is for people checking a parse beside the printed text, so it spells out what the tree
says (who, how much, when) in lower case; it is not meant to reproduce the card wording.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from enum import Enum
from typing import Any

from pnpgen.effects import model as m

_KIND_NAMES = {
    m.Kind.TROOP: ("troop", "troops"), m.Kind.ENEMY: ("enemy", "enemies"), m.Kind.CARD: ("card", "cards"),
    m.Kind.ITEM: ("item", "items"), m.Kind.EQUIPMENT: ("equipment card", "equipment cards"),
    m.Kind.BASE: ("the Base", "the Base"), m.Kind.PLAYER: ("player", "players"),
    m.Kind.DAMAGE: ("damage", "damage"),
}
_ZONE_NAMES = {
    m.Zone.THIS_LANE: "in this lane", m.Zone.THAT_LANE: "in that lane", m.Zone.ITS_LANE: "in its lane",
    m.Zone.ANY_LANE: "in any 1 lane", m.Zone.HAND: "in hand", m.Zone.DECK: "in your deck",
    m.Zone.DISCARD: "in your discard", m.Zone.ENEMY_DECK: "from the enemy deck",
    m.Zone.SUPPLY: "from the supply", m.Zone.BOARD: "in play",
}


def describe_target(t: m.Target | None) -> str:
    if t is None:
        return "it"
    if t.kind == m.Kind.BASE:
        return "the Base"
    one, many = _KIND_NAMES[t.kind]
    plural = t.count is None or t.count > 1
    noun = many if plural else one
    adjs = [f.value for f in t.filters if f not in (m.Filter.OTHER, m.Filter.ADDITIONAL)]
    if t.wave is not None:
        adjs.insert(0, f"wave {t.wave}{'+' if t.wave_plus else ''}")
    if t.card:
        adjs.insert(0, f'"{t.card}"')
    if m.Filter.OTHER in t.filters:
        adjs.insert(0, "other")
    body = " ".join([*adjs, noun])
    sel = t.selector
    if sel == m.Selector.SELF:
        text = f"this {body}"
    elif sel == m.Selector.THAT:
        text = "it" if t.kind == m.Kind.CARD and not adjs else f"that {body}"
    elif sel == m.Selector.ALL:
        text = f"all {body}"
    elif sel in (m.Selector.FIRST, m.Selector.LAST, m.Selector.TOP):
        text = f"the {sel.value} {t.count if plural else ''} {body}".replace("  ", " ")
    elif sel == m.Selector.NEXT:
        text = f"the next {body}"
    elif sel == m.Selector.NEW:
        text = f"{t.count} new {body}"
    elif sel == m.Selector.CHOSEN_BY_OWNER:
        text = f"{t.count} {body} chosen by owner"
    else:
        text = f"{t.count} {body}"
    if t.on is not None:
        text += f" on {describe_target(t.on)}"
    elif t.zone is not None:
        text += f" {_ZONE_NAMES.get(t.zone, t.zone.value)}"
    return text


def describe_amount(a: m.Amount | None) -> str:
    if a is None:
        return ""
    if a.all:
        return "all"
    parts = []
    if a.value or not (a.wave or a.ref):
        parts.append(str(a.value))
    if a.wave:
        parts.append("(W)" if a.wave == 1 else f"{a.wave}x(W)")
    if a.ref is not None:
        ref = a.ref
        if ref.stat == m.Stat.DAMAGE_EVENT:
            parts.append("that much")
        else:
            parts.append(f"{ref.stat.value} of {describe_target(ref.of)}")
    text = " + ".join(reversed(parts)) if a.wave and a.value else " + ".join(parts)
    if a.half_round_up:
        text = f"half of {text} (rounded up)"
    if a.per is not None:
        text = f"{text} for each of {describe_target(a.per)}"
    if a.plus is not None:
        text = f"{text}, plus {describe_amount(a.plus)}"
    if a.up_to:
        text = f"up to {text}"
    return text


def describe_action(a: m.Action) -> str:
    target, amount = describe_target(a.target), describe_amount(a.amount)
    v = a.verb
    if v == m.Verb.DEAL_DAMAGE:
        text = f"deal {amount} damage to {target}"
    elif v == m.Verb.PREVENT_DAMAGE:
        text = f"prevent {amount} damage" + (f" to {target}" if a.target else "")
    elif v in (m.Verb.HEAL, m.Verb.HEAL_TO):
        text = f"heal {target} " + (f"by {amount}" if v == m.Verb.HEAL else
                                     "to full" if a.amount and a.amount.all else f"to {amount} HP")
    elif v == m.Verb.MODIFY_STAT:
        base = describe_amount(replace(a.amount, per=None)) if a.amount else ""
        text = f"{target} gains +{base} {a.stat.value if a.stat else ''}"
        if a.amount and a.amount.per is not None:
            text += f" for each of {describe_target(a.amount.per)}"
    elif v == m.Verb.GAIN_RESOURCES:
        text = f"gain {amount} resources"
    elif v == m.Verb.REDUCE_COST:
        text = f"reduce the cost of {target} by {amount}"
    elif v == m.Verb.SPAWN_ENEMY:
        text = f"place {target}"
    elif v == m.Verb.GAIN_CARD:
        text = f"take {target}"
    else:
        text = v.value.replace("-", " ") + (f" {target}" if a.target else "") + (f" {amount}" if amount else "")
    if a.victims is not None:
        text += f" (hits {describe_target(a.victims)})"
    if a.destination is not None:
        d = a.destination
        text += f" to the {d.end} of {d.zone.value} ({d.side})"
    if a.source:
        text += f" from {a.source}"
    if a.instant:
        text += " as an instant"
    if a.to_base:
        text += ", the rest to the Base"
    if a.condition is not None:
        text += f" if {describe_condition(a.condition)}"
    if a.snapshot is not None:
        text += f" (fixed at {a.snapshot.value})"
    if a.duration not in (m.Duration.INSTANT, m.Duration.CONTINUOUS):
        text += f" [{a.duration.value}]"
    return text


def describe_condition(c: m.Condition) -> str:
    if c.kind in ("exists", "not-exists"):
        what = describe_target(c.target).removeprefix("all ")
        return f"{'there is' if c.kind == 'exists' else 'there is no'} {what}"
    return f"{describe_target(c.target)} {c.kind.replace('-', ' ')} {describe_target(c.other)}"


def describe_trigger(t: m.Trigger) -> str:
    if t.event == m.EventKind.STATIC:
        return "always"
    if t.event in (m.EventKind.USE, m.EventKind.FROM_HAND, m.EventKind.REVEAL):
        return t.event.value
    text = f"when {describe_target(t.subject) if t.subject else ''} {t.event.value}".replace("  ", " ")
    if t.object is not None:
        text += f" {describe_target(t.object)}"
    if t.source:
        text += f" (by {t.source})"
    for alt in t.alternatives:
        text += f" or {describe_trigger(alt)}"
    return text


def describe(effect: m.Effect) -> str:
    """One line: gates, trigger, condition, cost, then the actions with their joins."""
    if effect.custom:
        return f"{describe_trigger(effect.trigger)}: custom effect {effect.custom!r}"
    head = []
    if effect.wave is not None:
        head.append(f"wave {effect.wave.wave}{'+' if effect.wave.plus else ''}")
    if effect.limit != m.Limit.NONE:
        head.append(effect.limit.value)
    head.append(describe_trigger(effect.trigger))
    text = ", ".join(head) + ": "
    if effect.condition is not None:
        text += f"if {describe_condition(effect.condition)}, "
    if effect.cost:
        text += " and ".join(describe_action(a) for a in effect.cost) + " to "
    body = describe_action(effect.actions[0]) if effect.actions else "nothing"
    for join, action in zip(effect.joins, effect.actions[1:]):
        body += {m.Join.AND: "; ", m.Join.THEN: "; then ", m.Join.AND_OR: "; and/or "}[join] + describe_action(action)
    text += body
    flags = [f for f, on in (("may", effect.optional), ("instead", effect.replacement)) if on]
    return text + (f" ({', '.join(flags)})" if flags else "")


def to_dict(value: Any) -> Any:
    """A JSON-able form of any effect value: dataclasses become mappings without default fields."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [to_dict(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if v == default and f.name != "kind":
                continue
            out[f.name] = to_dict(v)
        return out
    return value
