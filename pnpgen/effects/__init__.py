"""Ability text -> effect trees: one grammar shared by the validator and the simulator.

``parse_ability(text)`` returns a ``ParseResult`` (effects, unparsed spans, custom effects used,
accepted variants); ``describe``/``to_dict`` render trees; ``effects_report`` runs a whole game.
The vocabulary and its exact semantics live in ``model``.
"""

from pnpgen.effects.describe import describe, to_dict
from pnpgen.effects.model import Effect, ParseResult, UnparsedSpan, Variant
from pnpgen.effects.parser import parse_ability
from pnpgen.effects.report import CardEffects, effects_report, format_effects_report, summarize

__all__ = [
    "CardEffects", "Effect", "ParseResult", "UnparsedSpan", "Variant", "describe", "effects_report",
    "format_effects_report", "parse_ability", "summarize", "to_dict",
]
