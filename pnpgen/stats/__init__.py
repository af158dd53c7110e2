"""`pnpgen stats`: the numbers every card-game designer computes, for any game pnpgen can load.

Curves (copies by card type and by every numeric or choice field) and exact draw odds
(hypergeometric, as ``fractions.Fraction``). Pure functions over a loaded ``Game``; the CLI and the
optional matplotlib chart (``pnpgen.stats.plot``) sit on top. Bad input raises ``StatsError``.
"""

from pnpgen.stats.curves import GameCurves, curves, format_curves
from pnpgen.stats.draw import DrawOdds, at_least, draw_odds, format_odds
from pnpgen.stats.fields import StatsError

__all__ = ["DrawOdds", "GameCurves", "StatsError", "at_least", "curves", "draw_odds", "format_curves",
           "format_odds"]
