"""The effects report: each card's ability text beside its parsed tree, plus summary counts.

``effects_report(game)`` parses every card that has ability text; ``summarize`` counts distinct
texts, parsed and unparsed ones, custom effects and accepted variants; ``format_effects_report``
renders both as plain text for ``pnpgen effects <game>``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pnpgen.effects.describe import describe
from pnpgen.effects.model import ParseResult
from pnpgen.effects.parser import parse_ability

TEXT_FIELDS = ("ability",)


@dataclass(frozen=True)
class CardEffects:
    card_id: str
    name: str
    type: str
    text: str
    result: ParseResult

    @property
    def ok(self) -> bool:
        return self.result.ok


@dataclass(frozen=True)
class EffectsSummary:
    cards: int                 # cards with ability text
    distinct_texts: int
    parsed_texts: int          # distinct texts with nothing unparsed
    unparsed_texts: int
    unparsed_spans: int
    effects: int               # effects over distinct texts
    customs: dict[str, int] = field(default_factory=dict)   # custom effect name -> distinct texts using it
    variants: dict[str, int] = field(default_factory=dict)  # variant code -> occurrences over distinct texts


def effects_report(game: Any, fields: tuple[str, ...] = TEXT_FIELDS) -> list[CardEffects]:
    """Parse the ability text of every card of ``game`` (a ``pnpgen.spec.model.Game``)."""
    out = []
    for card in game.cards:
        for name in fields:
            text = card.get(name)
            if isinstance(text, str) and text.strip():
                out.append(CardEffects(card.id, card.name, card.type, text, parse_ability(text)))
    return out


def summarize(cards: list[CardEffects]) -> EffectsSummary:
    distinct: dict[str, ParseResult] = {}
    for c in cards:
        distinct.setdefault(c.text, c.result)
    customs: Counter[str] = Counter()
    variants: Counter[str] = Counter()
    for result in distinct.values():
        customs.update(set(result.customs))
        variants.update(v.code for v in result.variants)
    return EffectsSummary(
        cards=len(cards), distinct_texts=len(distinct),
        parsed_texts=sum(1 for r in distinct.values() if r.ok),
        unparsed_texts=sum(1 for r in distinct.values() if not r.ok),
        unparsed_spans=sum(len(r.unparsed) for r in distinct.values()),
        effects=sum(len(r.effects) for r in distinct.values()),
        customs=dict(sorted(customs.items())), variants=dict(sorted(variants.items())),
    )


def format_summary(s: EffectsSummary) -> str:
    lines = [
        f"cards with ability text: {s.cards}",
        f"distinct texts: {s.distinct_texts}, parsed: {s.parsed_texts}, unparsed: {s.unparsed_texts}"
        f" ({s.unparsed_spans} spans)",
        f"effects: {s.effects}",
        "custom effects: " + (", ".join(f"{k} x{v}" for k, v in s.customs.items()) or "none"),
        "variants accepted: " + (", ".join(f"{k} x{v}" for k, v in s.variants.items()) or "none"),
    ]
    return "\n".join(lines)


def format_card(c: CardEffects) -> str:
    lines = [f"{c.card_id} ({c.type}): {c.text}"]
    for e in c.result.effects:
        lines.append(f"  - {describe(e)}")
    for u in c.result.unparsed:
        lines.append(f"  ! unparsed at {u.first_word_stopped_at!r} (offset {u.offset}): {u.text}")
    for v in c.result.variants:
        lines.append(f"  ~ variant {v.code}: {v.text!r} at offset {v.offset}")
    return "\n".join(lines)


def format_effects_report(cards: list[CardEffects], *, only_problems: bool = False) -> str:
    """Plain text: one block per card (or only cards with unparsed text), then the summary."""
    blocks = [format_card(c) for c in cards if not (only_problems and c.ok)]
    return "\n\n".join([*blocks, format_summary(summarize(cards))])
