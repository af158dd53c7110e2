"""Zombicide: Invader: expected Xenos per Xeno card drawn, by Danger Level, over a card table.

The draft rulebook (``003_ada9705b43fae874.txt``) does not list the 54 Xeno cards (line 139 only
counts them; lines 2126-2138 say #1-25 are easier, #26-50 harder, #51-54 extra Activations).
So the deck is an input here: a list of ``XenoCard`` taken from a card spec or typed in.
The only card lines the text shows are two illustrations, kept as ``RULEBOOK_EXAMPLE_CARDS``.

Rules used (1-based lines):

- Danger Levels by Experience (956-961, 969-994): Blue 0-6, Yellow 7-18, Orange 19-42, Red 43+.
  The line read is that of the most experienced Survivor (963-966, 1583-1587).
- Spawn card: "Place the indicated amount of the corresponding Xeno type in the Spawn Zone" (1586-1587).
- Extra Activation card: "no Xenos appear" (1618-1622), and it does nothing at Blue.
- Spoiler Abomination card: place a Spoiler Abomination on the Spawn Zone, if one is left (1628-1635).
- Mold card: the amount goes in *every Active Mold Zone* (1646-1648), not in the Spawn Zone.
Running out of miniatures (1685-1696) is not modelled: counts are what the cards say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pnpgen.odds.errors import OddsError, require_count, unknown_name
from pnpgen.odds.exact import frac_json
from pnpgen.odds.zombicide_targets import xeno_type

LEVELS = ("blue", "yellow", "orange", "red")
CARD_KINDS = ("spawn", "extra_activation", "abomination", "mold")
LEVEL_XP = {"blue": 0, "yellow": 7, "orange": 19, "red": 43}  # lines 956-961


def danger_level(experience: int) -> str:
    """Danger Level for an Experience total (lines 969-994)."""
    require_count("experience", experience)
    return max((lvl for lvl, xp in LEVEL_XP.items() if experience >= xp), key=LEVEL_XP.__getitem__)


def _level(name: str) -> str:
    key = str(name).lower().strip()
    if key not in LEVELS:
        raise unknown_name("Danger Level", str(name), LEVELS)
    return key


@dataclass(frozen=True)
class XenoCard:
    """One Xeno card: its kind, the Xeno type it places and how many at each Danger Level."""

    kind: str
    xeno: str | None = None
    counts: Mapping[str, int] = field(default_factory=dict)
    number: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in CARD_KINDS:
            raise unknown_name("Xeno card kind", self.kind, CARD_KINDS)
        if self.kind in ("spawn", "mold"):
            if self.xeno is None:
                raise OddsError(f"Xeno card {self.number or ''}: a {self.kind} card needs a Xeno type".replace("  ", " "))
            object.__setattr__(self, "xeno", xeno_type(self.xeno))
            for lvl in LEVELS:
                if self.counts.get(lvl) is None:
                    raise OddsError(f"Xeno card {self.number or '?'}: no {lvl} count (the rulebook does not list the Xeno cards; give every level)")
                require_count(f"Xeno card {self.number or '?'} {lvl} count", self.counts[lvl])
            extra = set(self.counts) - set(LEVELS)
            if extra:
                raise unknown_name("Danger Level", sorted(extra)[0], LEVELS)

    def placed(self, level: str) -> int:
        """Xenos this card places at ``level`` (in the Spawn Zone, or per Mold Zone for mold cards)."""
        if self.kind == "abomination":
            return 1
        if self.kind == "extra_activation":
            return 0
        return self.counts[_level(level)]

    @classmethod
    def from_card(cls, card_fields: Mapping[str, Any] | Any) -> "XenoCard":
        """Build from spec fields: ``kind``, ``xeno`` (or ``spawns``), and the counts as
        ``blue``/``yellow``/``orange``/``red`` keys (any case) or a ``counts`` mapping.

        This reads the extractor's ``rules.xeno_deck.examples`` entries as they are.
        """
        raw = dict(getattr(card_fields, "fields", card_fields) or {})
        f = {str(k).lower(): v for k, v in raw.items()}
        counts = f.get("counts") or {lvl: f.get(lvl) for lvl in LEVELS}
        counts = {str(k).lower(): v for k, v in counts.items()}
        return cls(kind=str(f.get("kind") or "spawn"), xeno=f.get("xeno") or f.get("spawns"), counts=counts, number=f.get("number"))


# The two card lines the draft rulebook prints (illustrations, not the deck).
RULEBOOK_EXAMPLE_CARDS = (
    XenoCard("spawn", "worker", {"blue": 2, "yellow": 4, "orange": 6, "red": 8}),  # lines 996-1002
    XenoCard("spawn", "tank", {"blue": 2, "yellow": 2, "orange": 6, "red": 8}),  # lines 1607-1615
)


@dataclass(frozen=True)
class SpawnExpectation:
    """Average over one card drawn uniformly from ``cards`` cards at one Danger Level."""

    level: str
    cards: int
    spawn_zone: dict[str, Fraction]  # Xenos placed in the Spawn Zone, by type
    per_mold_zone: dict[str, Fraction]  # Xenos placed in each Active Mold Zone, by type
    extra_activation: Fraction  # chance the card is an Extra Activation that acts (not at Blue)
    abomination_card: Fraction  # chance of a Spoiler Abomination card (it also activates Abominations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "cards": self.cards,
            "spawn_zone": {k: frac_json(v) for k, v in self.spawn_zone.items()},
            "per_mold_zone": {k: frac_json(v) for k, v in self.per_mold_zone.items()},
            "extra_activation": frac_json(self.extra_activation),
            "abomination_card": frac_json(self.abomination_card),
        }


def expected_spawn(cards: Sequence[XenoCard], level: str) -> SpawnExpectation:
    """Expected Xenos per card drawn at Danger ``level``, over the given card table."""
    lvl = _level(level)
    if not cards:
        raise OddsError("no Xeno cards given: the rulebook does not list them, pass the deck")
    n = len(cards)
    zone: dict[str, Fraction] = {}
    mold: dict[str, Fraction] = {}
    for card in cards:
        if card.kind == "spawn":
            zone[card.xeno] = zone.get(card.xeno, Fraction(0)) + Fraction(card.placed(lvl), n)
        elif card.kind == "abomination":
            zone["abomination"] = zone.get("abomination", Fraction(0)) + Fraction(1, n)
        elif card.kind == "mold":
            mold[card.xeno] = mold.get(card.xeno, Fraction(0)) + Fraction(card.placed(lvl), n)
    extra = sum(1 for c in cards if c.kind == "extra_activation") if lvl != "blue" else 0
    return SpawnExpectation(
        level=lvl,
        cards=n,
        spawn_zone=zone,
        per_mold_zone=mold,
        extra_activation=Fraction(extra, n),
        abomination_card=Fraction(sum(1 for c in cards if c.kind == "abomination"), n),
    )
