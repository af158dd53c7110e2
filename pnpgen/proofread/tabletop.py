"""Words of the tabletop hobby that general English word lists lack or rank too rare to trust:
a rulebook writes "playmat", "meeple" and "unexhaust" on purpose, and a spell checker that knows
only English "corrects" them ("playmat" -> "playmate").

They count as known everywhere (misspellings, names, glued and split words) and are offered as
corrections ("meple" -> "meeple"). Inflected forms are listed because the spell checker matches
whole words.
"""

from __future__ import annotations


def _forms(stems: str) -> frozenset[str]:
    """Each stem with its plural or third-person "s" (and "es" after s/x/ch/sh)."""
    out = set()
    for stem in stems.split():
        out.add(stem)
        out.add(stem + ("es" if stem.endswith(("s", "x", "ch", "sh")) else "s"))
    return frozenset(out)


TABLETOP: frozenset[str] = _forms("""
    playmat meeple mini minis standee dial tuckbox insert sleeve unsleeve cardstock chit counter
    pip hex hexgrid tableau tableaus cube disc pawn marker token tile overlay punchboard
    playtest playtester playtesting playtested deckbuilder deckbuilding deckbuild decklist
    gameplay playstyle playthrough replayability replayable boardgame boardgamer rulebook
    rulesheet errata erratum faq glossary scenario campaign legacy expansion promo stretchgoal
    kickstarter backer pledge pnp printandplay
    reshuffle reshuffled reshuffling unexhaust unexhausted exhaust exhausted ready readied
    reroll rerolled rerolling untap untapped mulligan sideboard upkeep cleanup setup teardown
    endgame midgame earlygame tiebreaker tiebreak kingmaker kingmaking downtime
    solo coop semicoop drafting draft drafted handsize handlimit discard discarded
    worker workerplacement dicepool dice die d4 d6 d8 d10 d12 d20 d100 pips
    trickster trick trump bid bidder overtrick undertrick
    lookup keyword keyworded subtype supertype faction factions archetype
    movepoint hitpoint hp vp vps xp ap
""") | frozenset("dice meeples hexes tableaux playmats hitpoints".split())
