"""Rule facts of Xenoshyft: Dreadmire as the simulator uses them, in one place.

Every number the engine needs comes from ``Rules``. ``Rules.from_game`` reads ``game.rules`` (the
extraction's rule facts) and falls back to ``DEFAULTS``: the rulebook constants, each with the
place in the rulebook (001_821cc8783d47e8c3.txt) or the print-and-play sheet (000_…, first lines)
it comes from. Difficulty variants ("Adjusting Difficulty") change only these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

# The rulebook constants (fallbacks when game.rules does not state a fact).
DEFAULTS: dict[str, Any] = {
    "waves": 3,                      # "The Game Round": 3 Waves ...
    "rounds_per_wave": 3,            # ... each Wave is composed of 3 Rounds
    "base_hp_per_player": 15,        # Set-Up, "Set the Base HP Tracker": 15 HP per player
    "hand_size": 6,                  # Draw Phase: draw up to 6 cards
    "lane_size": 4,                  # NorTec Deployment: the lane board has four Zones
    "enemies_per_player": (3, 4, 4),  # Enemy Deployment: Round 1/2/3 (Dreadmire method)
    "bosses_small": 1,               # Round 3, 1-2 players: 1 enemy replaced by a Boss
    "bosses_large": 2,               # Round 3, 3-4 players: 2 enemies replaced by Bosses
    "xenosathem_per_wave": (1, 3, 6),  # Draw Phase: the Xenosathem card each player receives
    "item_pool_size": 6,             # PnP sheet: reveal the top 6 item cards
    "troop_pool_size": 3,            # PnP sheet: reveal the top 3 troops of each wave's deck
    # Set-Up, Player Decks: 6 "1 Xenosathem" cards and 4 "Militia" cards (card ids)
    "starting_deck": (("1-xenosathem", 6), ("militia", 4)),
}

# "Adjusting Difficulty": easier/harder games use both suggested options (HP and enemy counts);
# training keeps the normal numbers but the Base starts at 0 and counts damage as a score.
DIFFICULTIES: dict[str, dict[str, Any]] = {
    "normal": {},
    "easy": {"base_hp_per_player": 20, "enemies_per_player": (3, 3, 4)},
    "hard": {"base_hp_per_player": 10, "enemies_per_player": (3, 4, 5)},
    "training": {"training": True},
}

# Keys game.rules may use for the same facts (the extraction names them in its own words).
ALIASES: dict[str, tuple[str, ...]] = {
    "base_hp_per_player": ("base_hp_per_player", "base_hp"),
    "enemies_per_player": ("enemies_per_player", "enemies_per_round"),
    "item_pool_size": ("item_pool_size", "item_pool"),
    "troop_pool_size": ("troop_pool_size", "troop_pool_per_wave", "troop_pool"),
    "lane_size": ("lane_size", "lane_max_troops"),
    "xenosathem_per_wave": ("xenosathem_per_wave", "xenosathem_per_draw_phase"),
}


class RulesError(ValueError):
    """A difficulty name or rule fact the simulator cannot use."""


@dataclass(frozen=True, slots=True)
class Rules:
    waves: int
    rounds_per_wave: int
    base_hp_per_player: int
    hand_size: int
    lane_size: int
    enemies_per_player: tuple[int, ...]
    bosses_small: int
    bosses_large: int
    xenosathem_per_wave: tuple[int, ...]
    item_pool_size: int
    troop_pool_size: int
    starting_deck: tuple[tuple[str, int], ...]
    training: bool = False
    difficulty: str = "normal"

    @classmethod
    def from_game(cls, rules: Mapping[str, Any] | None, difficulty: str = "normal") -> Rules:
        """The rule facts of ``game.rules`` with rulebook fallbacks, then the difficulty changes."""
        if difficulty not in DIFFICULTIES:
            raise RulesError(f"unknown difficulty {difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
        rules = rules or {}
        values = dict(DEFAULTS)
        for key in DEFAULTS:
            found = _lookup(rules, ALIASES.get(key, (key,)))
            if found is not None:
                values[key] = _coerce(key, found)
        bosses = rules.get("bosses_round_3")
        if isinstance(bosses, Mapping):  # {players_1_2: 1, players_3_4: 2}: keyed by player counts
            for key, count in bosses.items():
                counts = [int(ch) for ch in str(key) if ch.isdigit()]
                if counts:
                    values["bosses_small" if min(counts) <= 2 else "bosses_large"] = int(count)
        base = cls(**values)
        return replace(base, difficulty=difficulty, **DIFFICULTIES[difficulty])

    def bosses(self, players: int) -> int:
        """Round 3: how many of the drawn enemies are replaced by Bosses."""
        return self.bosses_small if players <= 2 else self.bosses_large

    def enemies(self, round_no: int) -> int:
        """Enemies dealt to each player in Round ``round_no`` (1-based) of a Wave."""
        counts = self.enemies_per_player
        return counts[min(round_no, len(counts)) - 1]


def _lookup(rules: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if key in rules:
            value = rules[key]
            # A mapping like {normal: [...]} or {value: N} is reduced to the plain fact.
            if isinstance(value, Mapping) and ("normal" in value or "value" in value):
                value = value.get("normal", value.get("value"))
            return value
    return None


def _coerce(key: str, value: Any) -> Any:
    default = DEFAULTS[key]
    try:
        if key == "starting_deck":
            items = value.items() if isinstance(value, Mapping) else value
            return tuple((str(k), int(v)) for k, v in items)
        if key == "xenosathem_per_wave" and isinstance(value, Mapping):
            # {'1': '1-xenosathem', ...}: the value is the number in the card id
            return tuple(int("".join(ch for ch in str(value[k]) if ch.isdigit()) or 0)
                         for k in sorted(value, key=lambda k: int(k)))
        if isinstance(default, tuple):
            if isinstance(value, Mapping):
                value = [value[k] for k in sorted(value)]
            return tuple(int(v) for v in value)
        return int(value)
    except (TypeError, ValueError, KeyError) as exc:
        raise RulesError(f"game.rules {key!r}: cannot read {value!r} as {type(default).__name__}") from exc
