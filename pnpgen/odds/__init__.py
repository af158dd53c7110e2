"""Exact rules calculators (odds) for Zombicide: Invader and Derelict: pure math, no drawing, no CLI.

Probabilities are ``fractions.Fraction``; results are frozen dataclasses with ``to_dict()``, and
``format_table`` renders either kind as text. Bad input raises ``OddsError``.
"""

from pnpgen.odds.derelict import AttackOdds, derelict_odds
from pnpgen.odds.errors import OddsError
from pnpgen.odds.report import format_table
from pnpgen.odds.xeno_spawn import XenoCard, danger_level, expected_spawn
from pnpgen.odds.zombicide import EliminationOdds, WeaponStats, find_weapon, zombicide_odds
from pnpgen.odds.zombicide_targets import Zone

__all__ = [
    "AttackOdds",
    "EliminationOdds",
    "OddsError",
    "WeaponStats",
    "XenoCard",
    "Zone",
    "danger_level",
    "derelict_odds",
    "expected_spawn",
    "find_weapon",
    "format_table",
    "zombicide_odds",
]
