"""Names and words one edit away from another: likely misspellings.

Codes: TEXT005 a word in card text that is one edit from a word of the game's glossary but is not
itself in it; TEXT007 two card names one edit apart.

The glossary is built from the game itself, never from a dictionary: card names, every word used
on two or more distinct cards, the rules' reference material (rulebook text), and any words listed
under ``rules.glossary``. A word used on a single card that sits one edit from that vocabulary is
reported; a rare word far from every known word (a proper name, a one-off term) is not.
"""

from __future__ import annotations

from collections import defaultdict

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.textscan import edit_distance_one, words

MIN_LENGTH = 5
# Inflections are one edit apart but are not misspellings of each other.
_SUFFIXES = ("s", "es", "d", "ed", "r", "er", "ing", "n", "y")


def _inflection(a: str, b: str) -> bool:
    short, long_ = sorted((a, b), key=len)
    return any(long_ == short + suffix for suffix in _SUFFIXES) or any(
        short.endswith("e") and long_ == short[:-1] + suffix for suffix in ("ing", "ed"))


def glossary(ctx: CheckContext) -> set[str]:
    uses: dict[str, set[str]] = defaultdict(set)
    for card in ctx.game.cards:
        for field in ctx.text_fields(card):
            for _, word in words(card.get(field)):
                uses[word.lower()].add(card.name.lower())
    known = {w for w, cards in uses.items() if len(cards) >= 2}
    for card in ctx.game.cards:
        known.update(w.lower() for _, w in words(card.name))
    for ref in ctx.game.references:
        for section in ref.sections:
            for item in (section.heading, *section.items):
                known.update(w.lower() for _, w in words(item))
    known.update(str(w).lower() for w in ctx.game.rules.get("glossary", []) or [])
    return known


@check("TEXT005", "words one edit from a glossary word")
def check_misspelled_words(ctx: CheckContext) -> list[Finding]:
    known = glossary(ctx)
    by_length: dict[int, list[str]] = defaultdict(list)
    for w in known:
        by_length[len(w)].append(w)
    out = []
    for card in ctx.game.cards:
        for field in ctx.text_fields(card):
            seen = set()
            for _, word in words(card.get(field)):
                low = word.lower()
                if len(low) < MIN_LENGTH or low in known or low in seen:
                    continue
                seen.add(low)
                near = sorted(w for n in (len(low) - 1, len(low), len(low) + 1) for w in by_length.get(n, ())
                              if edit_distance_one(low, w) and not _inflection(low, w))
                if near:
                    suggestion = near[0].upper() if word.isupper() else near[0]
                    out.append(ctx.at(card, field, "TEXT005", Severity.WARNING,
                                      f"{word!r} is not used anywhere else in the game; did you mean {suggestion!r}?",
                                      f"replace {word!r} with {suggestion!r}"))
    return out


@check("TEXT007", "card names one edit apart")
def check_near_names(ctx: CheckContext) -> list[Finding]:
    cards = sorted(ctx.game.cards, key=lambda c: c.id)
    out = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            la, lb = a.name.lower(), b.name.lower()
            if len(la) >= MIN_LENGTH and edit_distance_one(la, lb) and not _inflection(la, lb):
                out.append(ctx.at(b, "name", "TEXT007", Severity.WARNING,
                                  f"name {b.name!r} is one edit from {a.name!r} (card {a.id!r})",
                                  "check which spelling is right"))
    return out
