"""Card definitions as the engine uses them: spec ``Card`` -> ``CardDef`` with parsed effects.

Built once per simulation (not per game): each ``CardDef`` holds its numbers and its effect trees
(parsed by ``pnpgen.effects``) indexed by trigger event, so the hot loop never parses text.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from pnpgen.effects.model import EventKind, Effect, Selector, Stat, Verb

XENO_VALUE = re.compile(r"^\s*(\d+)\s*xenosathem", re.I)
_NO_EFFECTS: tuple = ()


class CardDef:
    """One card as printed: numbers, flags and its effects indexed by event."""

    __slots__ = ("id", "name", "type", "wave", "cost", "power", "hp", "boost_power", "boost_hp", "boss",
                 "kind", "starter", "copies", "value", "item_types", "effects", "by_event", "statics",
                 "unparsed", "is_troop", "is_enemy", "is_item", "is_xeno", "purchasable", "has_use",
                 "has_from_hand", "legendary", "hand_effects", "discount_effects", "self_mods", "incomplete",
                 "hand_verbs", "index", "equipment", "instant")

    def __init__(self, card: Any, effects: tuple[Effect, ...] = (), unparsed: int = 0) -> None:
        get = card.get
        self.id: str = card.id
        self.name: str | None = card.name  # None: an unnamed card (the source lost its name)
        self.type: str = card.type
        self.wave: int = _int(get("wave"))
        self.cost: int = _int(get("cost"))
        self.power: int = _int(get("power"))
        self.hp: int = _int(get("hp"))
        self.boost_power: int = _int(get("boost_power"))
        self.boost_hp: int = _int(get("boost_hp"))
        self.boss: bool = bool(get("boss"))
        self.kind: str | None = get("kind")
        self.starter: bool = bool(get("starter"))
        self.legendary: bool = bool(get("legendary"))
        self.copies: int = card.copies
        self.is_troop = self.type == "troop"
        self.is_enemy = self.type == "enemy"
        self.is_item = self.type == "item"
        self.is_xeno = self.type == "xenosathem"
        # plain attributes, not properties: read for every hand card at every purchase and deployment
        self.equipment = self.is_item and self.kind == "equipment"
        self.instant = self.is_item and self.kind == "instant"
        self.value: int = _xeno_value(card) if self.is_xeno else 0
        if self.is_xeno:
            self.cost = 0  # rulebook, Xenosathem Cards: "treat Xenosathem Cards as having 0 Resource Cost"
        types = get("item_types") or get("tags") or ()
        self.item_types: tuple[str, ...] = tuple(types) if not isinstance(types, str) else (types,)
        self.effects = effects
        self.unparsed = unparsed
        by_event: dict[EventKind, list[Effect]] = {}
        for eff in effects:
            events = (eff.trigger.event,) + tuple(t.event for t in eff.trigger.alternatives)
            for ev in events:
                by_event.setdefault(ev, []).append(eff)
        self.by_event: dict[EventKind, tuple[Effect, ...]] = {k: tuple(v) for k, v in by_event.items()}
        self.statics: tuple[Effect, ...] = self.by_event.get(EventKind.STATIC, _NO_EFFECTS)
        # numbers the extraction could not read (None), or an item of which nothing playable is known
        # (no kind, no text, no boost): such a card cannot be simulated faithfully
        self.incomplete = (get("cost") is None and (self.is_troop or self.is_item) and not self.starter) or (
            (self.is_troop or self.is_enemy) and (get("hp") is None or get("power") is None)) or (
            self.is_item and self.kind is None and not get("ability") and get("boost_power") is None
            and get("boost_hp") is None)
        self.purchasable = not self.incomplete and get("purchasable") is not False and not (
            self.starter or self.is_xeno or self.is_enemy) and not any(
            a.verb is Verb.CANNOT_BE_PURCHASED for e in self.statics for a in e.actions)
        self.has_use = EventKind.USE in self.by_event
        self.has_from_hand = EventKind.FROM_HAND in self.by_event
        # effects usable from hand, precomputed because the players' options are listed at every
        # React window: an instant's USE ("Instant cards may be played at any time", 001 Item Cards)
        # and any card's FROM_HAND text. A troop's USE ability works only from its lane, and a
        # Xenosathem upgrade only in the Wrap-Up phase (001 Wrap-Up, "Upgrade Xenosathem").
        hand = (self.on(EventKind.USE) if self.is_item and self.kind == "instant" else ()) + (
            () if self.is_xeno else self.on(EventKind.FROM_HAND))
        self.hand_effects: tuple[Effect, ...] = hand
        self.hand_verbs = frozenset(a.verb for e in hand for a in e.actions)
        self.discount_effects = tuple(e for evs in self.by_event.values() for e in evs
                                      if any(a.verb is Verb.REDUCE_COST for a in e.actions))
        self.self_mods = self_modifiers(self.statics)
        self.index = effect_index(self.by_event)

    def on(self, event: EventKind) -> tuple[Effect, ...]:
        """The effects this card has for ``event`` (empty tuple when none)."""
        return self.by_event.get(event, _NO_EFFECTS)

    def __repr__(self) -> str:
        return f"CardDef({self.id})"


class EffectIndex:
    """What ``primitives.register`` needs to know about a set of effects, computed once per card
    (and once per troop + equipment combination) instead of at every deployment."""

    __slots__ = ("statics", "aura", "aura_mods", "aura_verbs", "watch", "use_verbs", "aura_power", "aura_hp")

    def __init__(self, by_event: dict) -> None:
        statics: dict[Verb, Any] = {}
        aura = False
        aura_mods = []
        aura_verbs = set()
        for eff in by_event.get(EventKind.STATIC, ()):
            for act in eff.actions:
                if act.target is None or act.target.selector is Selector.SELF:
                    statics.setdefault(act.verb, act)
                else:
                    aura = True
                    aura_verbs.add(act.verb)
                    if act.verb is Verb.MODIFY_STAT:
                        aura_mods.append((eff, act))
        self.statics = statics            # verb -> first continuous action on the card itself
        self.aura = aura                  # continuous effects reaching other cards
        self.aura_mods = tuple(aura_mods)  # (effect, action) of those changing Power/HP
        self.aura_verbs = frozenset(aura_verbs)
        # whether those Power/HP changes touch Power, HP (query.power / query.max_hp read only the
        # auras of their stat)
        self.aura_power = any(act.stat in (Stat.POWER, Stat.POWER_AND_HP) for _, act in aura_mods)
        self.aura_hp = any(act.stat in (Stat.HP, Stat.POWER_AND_HP) for _, act in aura_mods)
        # verbs of the USE abilities (lane abilities): the policy asks at every React window
        # whether any card could do something, before listing the options
        self.use_verbs = frozenset(a.verb for e in by_event.get(EventKind.USE, ()) for a in e.actions)
        # events on which the card watches other cards ("EACH TIME A TROOP IN THIS LANE IS KILLED")
        self.watch = tuple(ev for ev, effs in by_event.items() if ev not in TRIGGER_ONLY and any(
            e.trigger.subject is not None and e.trigger.subject.selector is not Selector.SELF for e in effs))


# Events whose effects are used from a hand or by a player, never fired by lane cards.
TRIGGER_ONLY = frozenset({EventKind.STATIC, EventKind.USE, EventKind.FROM_HAND, EventKind.PLAYED,
                          EventKind.PURCHASED})
_INDEXES: dict = {}


def effect_index(by_event: dict) -> EffectIndex:
    return EffectIndex(by_event)


def merged_effects(card: "CardDef", equipment: list) -> tuple[dict, tuple, EffectIndex]:
    """(effects by event, self modifiers, index) of a troop carrying ``equipment`` (cached: the same
    combinations recur in every game)."""
    key = (card,) + tuple(equipment)
    hit = _INDEXES.get(key)
    if hit is None:
        merged: dict = {k: list(v) for k, v in card.by_event.items()}
        for e in equipment:
            for k, v in e.by_event.items():
                merged.setdefault(k, []).extend(v)
        fx = {k: tuple(v) for k, v in merged.items()}
        mods = card.self_mods + tuple(m for e in equipment for m in e.self_mods)
        hit = _INDEXES[key] = (fx, mods, EffectIndex(fx))
    return hit


def self_modifiers(statics: tuple[Effect, ...]) -> tuple:
    """(effect, action) of continuous MODIFY_STAT actions on the card itself."""
    out = []
    for eff in statics:
        for act in eff.actions:
            if act.verb is Verb.MODIFY_STAT and act.snapshot is None and (
                    act.target is None or act.target.selector.value == "self"):
                out.append((eff, act))
    return tuple(out)


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _xeno_value(card: Any) -> int:
    for key in ("xenosathem_value", "value", "resource_value"):
        if card.get(key) is not None:
            return _int(card.get(key))
    m = XENO_VALUE.match(card.name or "") or XENO_VALUE.match(card.id.replace("-", " "))
    if m:
        return int(m.group(1))
    m = re.search(r"(\d+)", card.id)
    return int(m.group(1)) if m else 0


def parse_card_effects(text: str | None) -> tuple[tuple[Effect, ...], int]:
    """Effects of one ability text and how many spans the grammar could not read."""
    if not text:
        return (), 0
    from pnpgen.effects.parser import parse_ability  # late: tests may build effects by hand

    try:
        result = parse_ability(text)
    except Exception:  # a grammar bug must not stop a simulation: the card just has no effects
        return (), 1
    return tuple(result.effects), len(result.unparsed)


def compile_cards(cards: Iterable[Any], parse: bool = True) -> list[CardDef]:
    """``CardDef`` for each spec card (any object with id/name/type/copies/get)."""
    out = []
    cache: dict[str, tuple[tuple[Effect, ...], int]] = {}
    for card in cards:
        text = card.get("ability")
        if parse and text:
            if text not in cache:
                cache[text] = parse_card_effects(text)
            effects, unparsed = cache[text]
        else:
            effects, unparsed = (), 0
        out.append(CardDef(card, effects, unparsed))
    return out



def left_out_reason(card: Any) -> str | None:
    """Why the simulator leaves the spec ``card`` out of the game (``CardDef.incomplete``), or None."""
    d = CardDef(card)
    if not d.incomplete:
        return None
    get = card.get
    missing = [name for name in ("cost", "power", "hp") if get(name) is None and (
        (d.is_troop or d.is_item) and not d.starter if name == "cost" else d.is_troop or d.is_enemy)]
    if missing:
        return f"{'/'.join(missing)} unknown in the card data"
    return "no kind, ability text or boost in the card data: nothing to play"
