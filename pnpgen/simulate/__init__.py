"""Xenoshyft: Dreadmire rules engine and Monte Carlo runner (``pnpgen simulate``).

Modules: ``rules`` (rule facts + difficulty), ``cards`` (spec cards -> ``CardDef`` with parsed effect
trees), ``state`` (slotted game state), ``primitives`` (every state change), ``query`` (read-only
numbers and targets), ``executor`` (effect trees -> primitives), ``setup``, ``phases``, ``combat``,
``policies`` (priority-list players), ``lookahead`` (the heuristic with rollouts of the Round) with
``valuation`` (what a card is worth against a Wave's enemies), ``runner`` (many seeded games, or one
traced step by step for debugging), ``stats``, ``trace`` (the text of a game log) and ``fixtures``
(hand-built games for tests).
"""

# Imported for its effect: it registers --policy lookahead in policies.POLICIES (policies.py cannot
# import it: lookahead builds on policies).
from pnpgen.simulate import lookahead as _lookahead  # noqa: F401
from pnpgen.simulate.rules import DIFFICULTIES, Rules, RulesError
from pnpgen.simulate.runner import SimulationError, compare_with, play_game, run_simulation, trace_game
from pnpgen.simulate.stats import Comparison, SimulationStats, compare, format_comparison, format_stats, wilson

__all__ = [
    "DIFFICULTIES", "Comparison", "Rules", "RulesError", "SimulationError", "SimulationStats", "compare",
    "compare_with", "format_comparison", "format_stats", "play_game", "run_simulation", "trace_game", "wilson",
]
