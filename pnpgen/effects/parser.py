"""``parse_ability``: a whole ability text -> ``ParseResult`` (effects, unparsed spans, customs).

The grammar (``grammar.SENTENCE``) reads one effect sentence at a time. This module drives it over
the text, turns the sentence's fields into an ``Effect`` (folding MAY/THEN/INSTEAD markers and
inferring the trigger of texts that print none), joins continuation sentences to the effect they
continue, and records every sentence the grammar cannot read with the word it stopped at.
Registered custom effects (``custom.py``) are tried before the grammar.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from functools import lru_cache
from typing import Any

from pnpgen.effects import grammar as g
from pnpgen.effects import model as m
from pnpgen.effects.custom import match_custom
from pnpgen.effects.custom import version as custom_version
from pnpgen.effects.peg import State
from pnpgen.effects.tokens import Token, tokenize

_JOINS = {g.AND: m.Join.AND, g.THEN: m.Join.THEN, g.AND_OR: m.Join.AND_OR}

# Verbs that describe a lasting property of the card rather than something done once.
_STATIC_VERBS = frozenset({
    m.Verb.MODIFY_STAT, m.Verb.STRIKE_FIRST, m.Verb.ATTACK_MULTIPLE, m.Verb.EXCESS_DAMAGE,
    m.Verb.UNPREVENTABLE, m.Verb.UNTARGETABLE, m.Verb.CANNOT_EQUIP, m.Verb.CANNOT_BE_PURCHASED,
    m.Verb.REDUCE_DAMAGE_TAKEN, m.Verb.BECOME_TROOP,
})


def parse_ability(text: str) -> m.ParseResult:
    """Parse an ability text (any case, line breaks, curly quotes) into effect trees."""
    return _parse(text or "", custom_version())


@lru_cache(maxsize=4096)
def _parse(text: str, _registry_version: int) -> m.ParseResult:
    tokens, variants = tokenize(text)
    effects: list[m.Effect] = []
    unparsed: list[m.UnparsedSpan] = []
    customs: list[str] = []
    pos = 0
    while pos < len(tokens):
        if tokens[pos].text == ".":
            pos += 1
            continue
        end = _sentence_end(tokens, pos)
        span = text[tokens[pos].offset:tokens[end - 1].end]
        custom = match_custom(" ".join(t.text for t in tokens[pos:end]))
        if custom is not None:
            effects.append(replace(custom.effect(), text=span, offset=tokens[pos].offset))
            customs.append(custom.name)
            pos = end
            continue
        r, st = _sentence(tokens, pos, end)
        if r is None or not _at_boundary(tokens, r[1]):
            stop = min(st.farthest, len(tokens))
            word = tokens[stop].raw if stop < len(tokens) else "<end of text>"
            offset = tokens[stop].offset if stop < len(tokens) else len(text)
            unparsed.append(m.UnparsedSpan(span, word, offset))
            pos = end
            continue
        fields, stop = r
        span = text[tokens[pos].offset:tokens[stop - 1].end]
        variants.extend(st.variants)
        effect, explicit = build_effect(fields, span, tokens[pos].offset)
        if effects and not explicit and _continues(effects[-1], effect, fields):
            effects[-1] = _merge(effects[-1], effect, text)
        else:
            effects.append(effect)
        pos = stop
    if tokens and tokens[-1].text != ".":
        variants.append(m.Variant("missing-period", tokens[-1].raw, tokens[-1].offset))
    return m.ParseResult(tuple(effects), tuple(unparsed), tuple(customs), tuple(variants))


# A sentence's parse by its tokens and its period. Designers' cards repeat sentences far more than
# whole texts ("GAIN 1 CREDIT."); a parse that looked past the period (the grammar's rare look-ahead
# into the next sentence) depends on what follows, so it is simply not kept.
_SENTENCES: dict[tuple, tuple] = {}
_SENTENCES_MAX = 16384


def _sentence(tokens: list[Token], pos: int, end: int) -> tuple[Any, State]:
    """``g.SENTENCE`` at ``pos``: (its result, the state it left: farthest token and variants)."""
    window = min(len(tokens), end + 1)
    key = (tuple((t.kind, t.text, t.raw) for t in tokens[pos:window]), window == len(tokens))
    hit = _SENTENCES.get(key)
    base = tokens[pos].offset
    if hit is not None:
        result, farthest, variants = hit
        st = State(tokens, [replace(v, offset=v.offset + base) for v in variants], pos + farthest, pos)
        return (None if result is None else (result[0], pos + result[1])), st
    st = State(tokens, farthest=pos, reach=pos)
    r = g.SENTENCE(st, pos)
    if st.reach < window or window == len(tokens):
        if len(_SENTENCES) >= _SENTENCES_MAX:
            _SENTENCES.clear()
        _SENTENCES[key] = (None if r is None else (r[0], r[1] - pos), st.farthest - pos,
                           tuple(replace(v, offset=v.offset - base) for v in st.variants))
    return r, st


def _sentence_end(tokens: list[Token], pos: int) -> int:
    """Index just past the sentence starting at ``pos`` (excluding its period)."""
    i = pos
    while i < len(tokens) and tokens[i].text != ".":
        i += 1
    return max(i, pos + 1)


def _at_boundary(tokens: list[Token], pos: int) -> bool:
    return pos >= len(tokens) or tokens[pos].text == "."


def build_effect(fields: dict[str, Any], text: str, offset: int) -> tuple[m.Effect, bool]:
    """Fold a SENTENCE result into an Effect; also says whether the sentence had its own
    trigger/condition/cost/wave/limit (an *explicit* start of a new effect)."""
    actions, joins, optional, replacement = _fold(fields["items"])
    duration = fields.get("duration")
    if duration is not None:
        actions = [replace(a, duration=duration) if a.duration in (m.Duration.CONTINUOUS, m.Duration.INSTANT)
                   else a for a in actions]
    cost = tuple(_fold(fields["cost"])[0]) if fields.get("cost") else ()
    trigger = fields.get("trigger") or _infer_trigger(actions, cost)
    explicit = any(fields.get(k) is not None for k in ("trigger", "condition", "cost", "wave", "limit", "duration"))
    effect = m.Effect(
        trigger=trigger, actions=tuple(actions), condition=fields.get("condition"), cost=cost,
        wave=fields.get("wave"), limit=fields.get("limit") or m.Limit.NONE, joins=tuple(joins),
        optional=optional, replacement=replacement, text=text, offset=offset,
    )
    return effect, explicit


def _fold(items: list[Any]) -> tuple[list[m.Action], list[m.Join], bool, bool]:
    """Split an action list into actions, the joins between them, and the MAY/INSTEAD flags.
    A THEN before the first action ("THIS TROOP THEN SUFFERS") is read by ``_continues``."""
    actions: list[m.Action] = []
    joins: list[m.Join] = []
    optional = replacement = False
    pending: m.Join | None = None
    for item in items:
        if isinstance(item, m.Action):
            if actions:
                joins.append(pending or m.Join.AND)
            actions.append(item)
            pending = None
        elif item is g.MAY:
            optional = True
        elif item is g.INSTEAD:
            replacement = True
        elif item is g.THEN and not actions:
            continue
        elif item in _JOINS:
            # a THEN after AND ("AND THEN", "IT THEN") strengthens the join, never weakens AND/OR
            if pending is None or (pending == m.Join.AND and item is g.THEN):
                pending = _JOINS[item]
    return actions, joins, optional, replacement


def _infer_trigger(actions: list[m.Action], cost: tuple[m.Action, ...]) -> m.Trigger:
    """The trigger of a text that prints none: used from hand, a static property, or a use."""
    for a in (*cost, *actions):
        t = a.target
        if a.verb in (m.Verb.BURN, m.Verb.DISCARD) and t and t.selector == m.Selector.SELF and t.zone == m.Zone.HAND:
            return m.Trigger(m.EventKind.FROM_HAND)
        if a.verb == m.Verb.DEPLOY and a.instant and t and t.selector == m.Selector.SELF:
            return m.Trigger(m.EventKind.FROM_HAND)
    if actions and all(a.verb in _STATIC_VERBS for a in actions):
        return m.Trigger(m.EventKind.STATIC)
    return m.Trigger(m.EventKind.USE)


def _continues(prev: m.Effect, effect: m.Effect, fields: dict[str, Any]) -> bool:
    """Whether a sentence without its own trigger continues the previous effect: it refers back
    ("THAT ENEMY", "IT", "THE BURNED TROOP", "THEN"), or both are plain uses ("TARGET 1 REVEALED
    ENEMY. CANCEL ...", a Xenosathem upgrade's two steps)."""
    if any(i is g.THEN for i in fields["items"][:2]) or refers_back(effect.actions):
        return True
    uses = (m.EventKind.USE, m.EventKind.FROM_HAND)
    return prev.trigger.event in uses and effect.trigger.event == m.EventKind.USE


def _merge(prev: m.Effect, nxt: m.Effect, text: str) -> m.Effect:
    end = nxt.offset + len(nxt.text)
    return replace(
        prev, actions=prev.actions + nxt.actions, joins=prev.joins + (m.Join.THEN,) + nxt.joins,
        optional=prev.optional or nxt.optional, replacement=prev.replacement or nxt.replacement,
        text=text[prev.offset:end],
    )


def refers_back(value: Any) -> bool:
    """True when a tree mentions an entity bound earlier (THAT, THAT LANE, THAT MUCH, BURNED)."""
    if isinstance(value, m.Target):
        if value.selector == m.Selector.THAT or value.zone == m.Zone.THAT_LANE or m.Filter.BURNED in value.filters:
            return True
    if isinstance(value, m.StatRef) and value.stat == m.Stat.DAMAGE_EVENT:
        return True
    if isinstance(value, (list, tuple)):
        return any(refers_back(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(refers_back(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False
