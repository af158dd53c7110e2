"""Names and words one edit away from a known word: likely misspellings.

Codes: TEXT005 a word in card text or in a card name that is not a known word but is one edit from
one (or, in a compound name such as "Shileldswarm", has a part that is); TEXT007 two card names
one edit apart.

Known words come first from the game itself: every word used (in names or text) on two or more
distinct cards, the rules' reference material (rulebook text) and ``rules.glossary``. Then from
an English word list (pyspellchecker), so ordinary words used once ("COULD") are never flagged.
A word known to neither that sits one edit from a game word is reported with that word; failing
that, with the English correction. A word far from every known word (a proper name, a one-off
term) is not reported: there is no evidence of what it should be.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from spellchecker import SpellChecker

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.textscan import OneEditIndex, edit_distance_one, word_list

MIN_LENGTH = 5
MIN_PART = 4
COMMON = 1e-6  # pyspellchecker usage frequency of a common English word
# Inflections are one edit apart but are not misspellings of each other.
_SUFFIXES = ("", "s", "es", "d", "ed", "r", "er", "ing", "n", "y")


@lru_cache(maxsize=1)
def _english() -> SpellChecker:
    return SpellChecker(distance=1)


def _norm(word: str) -> str:
    return word.replace("’", "'").lower()


def _inflection(a: str, b: str) -> bool:
    for stem_len in range(min(len(a), len(b)), 2, -1):
        if a[:stem_len] == b[:stem_len]:
            x, y = sorted((a[stem_len:], b[stem_len:]), key=len)
            # "er"/"r", "ed"/"d", "es"/"s" on one stem is a dropped "e" ("Rangr"), not two inflections.
            if x and y == "e" + x:
                return False
            return x in _SUFFIXES and y in _SUFFIXES
    return False


def game_vocabulary(ctx: CheckContext) -> set[str]:
    # A card's own name is no evidence for its spelling: a word counts once two cards use it.
    # Only the first card name using a word is kept: a common word's set of every card using it
    # would weigh as much as the deck.
    first: dict[str, str] = {}
    known: set[str] = set()
    for card in ctx.game.cards:
        owner = (card.name or card.id).lower()
        for text in (card.name or "", *(card.get(f) for f in ctx.text_fields(card))):
            for word in word_list(text):
                w = _norm(word)
                if w not in known:
                    seen = first.setdefault(w, owner)
                    if seen != owner:
                        known.add(w)
    for ref in ctx.game.references:
        for section in ref.sections:
            for item in (section.heading, *section.items):
                known.update(_norm(w) for w in word_list(item))
    known.update(_norm(str(w)) for w in ctx.game.rules.get("glossary", []) or [])
    return known


class Speller:
    """Known-word tests and one-edit suggestions over the game vocabulary plus English."""

    def __init__(self, vocabulary: set[str]):
        self.vocabulary = vocabulary
        self.index = OneEditIndex(vocabulary)
        self._known: dict[str, bool] = {}  # a deck repeats its words: each is looked up once

    def known(self, word: str) -> bool:
        hit = self._known.get(word)
        if hit is None:
            w = _norm(word)
            parts = [p for p in w.replace("'", " ").replace("-", " ").split() if p]
            hit = w in self.vocabulary or all(p in self.vocabulary or not _english().unknown([p]) for p in parts)
            self._known[word] = hit
        return hit

    def suggest(self, word: str, english: bool = True) -> str | None:
        low = _norm(word)
        # The shortest, then alphabetically first, game word one edit away.
        game = [w for w in self.index.neighbours(low) if not _inflection(low, w)]
        if game:
            return min(game, key=lambda w: (len(w), w))
        if not english:
            return None
        fixed = _english().correction(low)
        if fixed and fixed != low and edit_distance_one(low, fixed) and not _inflection(low, fixed):
            return fixed
        return None

    def suggest_compound(self, word: str) -> str | None:
        """For a run-together name ("Shileldswarm"): one part known, the other one edit from a
        common word. Proper names are full of rare words, so the bar is high: no split may leave
        both parts known, the misspelt part has 5+ letters, and the edit is not at the join
        (else "Doombringer" would become "doom" + "ringer")."""
        low = _norm(word).replace("-", "")
        splits = [(low[:i], low[i:]) for i in range(MIN_PART, len(low) - MIN_PART + 1)]
        if any(self.known(a) and self.known(b) for a, b in splits):
            return None
        for left, right in splits:
            if self.known(right) and len(left) >= MIN_LENGTH:
                fixed = self._common_fix(left)
                if fixed and fixed[-1] == left[-1]:
                    return fixed + right
            if self.known(left) and len(right) >= MIN_LENGTH:
                fixed = self._common_fix(right)
                if fixed and fixed[0] == right[0]:
                    return left + fixed
        return None

    def _common_fix(self, part: str) -> str | None:
        fixed = self.suggest(part)
        if fixed and (fixed in self.vocabulary or _english().word_usage_frequency(fixed) >= COMMON):
            return fixed
        return None


def _cased(suggestion: str, like: str) -> str:
    if like.isupper():
        return suggestion.upper()
    if like[:1].isupper():
        return suggestion[:1].upper() + suggestion[1:]
    return suggestion


@check("TEXT005", "words one edit from a known word")
def check_misspelled_words(ctx: CheckContext) -> list[Finding]:
    speller = Speller(game_vocabulary(ctx))
    out = []
    for card in ctx.game.cards:
        for field in ["name", *ctx.text_fields(card)]:
            text = card.name if field == "name" else card.get(field)
            if text is None:  # an unnamed card (name lost in the source)
                continue
            seen = set()
            for word in word_list(text):
                low = _norm(word)
                if len(low) < MIN_LENGTH or low in seen or speller.known(word):
                    continue
                seen.add(low)
                # Names are proper nouns: only evidence from the game itself, or a clear compound slip.
                fixed = (speller.suggest(word, english=False) or speller.suggest_compound(word)) if field == "name" \
                    else speller.suggest(word)
                if fixed:
                    suggestion = _cased(fixed, word)
                    out.append(ctx.at(card, field, "TEXT005", Severity.WARNING,
                                      f"{word!r} is not a word this game or English uses; did you mean {suggestion!r}?",
                                      f"replace {word!r} with {suggestion!r}"))
    return out


@check("TEXT007", "card names one edit apart")
def check_near_names(ctx: CheckContext) -> list[Finding]:
    cards = sorted(ctx.game.cards, key=lambda c: c.id)
    # Cards grouped by lower-cased name; only distinct names one edit apart (found through the
    # deletion index, not by comparing every pair) are then paired card by card.
    by_name: dict[str, list[int]] = defaultdict(list)
    for i, card in enumerate(cards):
        if card.name is not None:
            by_name[card.name.lower()].append(i)
    # A name shorter than MIN_LENGTH - 1 cannot be one edit from a name of MIN_LENGTH or more.
    index = OneEditIndex(n for n in by_name if len(n) >= MIN_LENGTH - 1)
    pairs = []
    for la in by_name:
        if len(la) < MIN_LENGTH - 1:
            continue
        for lb in index.neighbours(la):
            if lb <= la or _inflection(la, lb):
                continue
            if any(x != y and (x.isdigit() or y.isdigit()) for x, y in zip(la, lb)):
                continue
            pairs += [(min(i, j), max(i, j)) for i in by_name[la] for j in by_name[lb]]
    out = []
    expansion = ctx.game.expansion.id if ctx.game.expansion is not None else None
    for i, j in sorted(pairs):
        a, b = cards[i], cards[j]
        if len(a.name.lower()) >= MIN_LENGTH:
            # In an expansion the finding goes on the expansion's own card, naming the base card:
            # "Rangr" beside the base game's "Ranger" is the designer's to check, whichever id sorts first.
            if expansion is not None and a.origin == expansion and b.origin != expansion:
                a, b = b, a
            where = " of the base game" if expansion is not None and a.origin != expansion else ""
            out.append(ctx.at(b, "name", "TEXT007", Severity.WARNING,
                              f"name {b.name!r} is one edit from {a.name!r} (card {a.id!r}{where})",
                              "check which spelling is right"))
    return out
