"""Names and words one edit away from a known word: likely misspellings.

Codes: TEXT005 a word in card text or in a card name that is not a known word but is one edit from
one (or, in a compound name such as "Shileldswarm", has a part that is); TEXT007 two card names
one edit apart, unless they are two names by design (:func:`distinct_names`: an A/B marker,
dictionary words on both sides such as "Heads on Spikes" / "Heads on Pikes", another first letter
or a letter added at a word's end ("Headpool" / "Deadpool", "Captain Americat"), or a styled
character ("VEN#m" / "Venom")).

Known words come first from the game itself: every word used (in names or text) on two or more
distinct cards, the rules' reference material (rulebook text) and ``rules.glossary``. Then from
an English word list (pyspellchecker), so ordinary words used once ("COULD") are never flagged.
A word known to neither that sits one edit from a game word is reported with that word; failing
that, with the dictionary's correction. A word far from every known word (a proper name, a one-off
term) is not reported: there is no evidence of what it should be.

The dictionary is the game's ``language:`` (game.yaml): en_US and en_GB use pyspellchecker's
English list, en_GB also accepting British spellings of its words (colour, armour, defence,
organise, travelled, centre); de, fr, es, it, pt, nl, ru and the others pyspellchecker ships use
their own. A language it lacks falls back to the game's own vocabulary alone (no dictionary).

Published card text is full of proper names. In a card's name only a compound slip is reported
("Shileldswarm": one part known, the other one edit from a common word); in text fields a capitalised word (not all
capitals) is checked only against the game's card names: "exhaust Telecopic Sight" on a card
whose game has "Telescopic Sight" is reported, "Daxos" beside the card "Davos Seaworth" is not
(in German, where every noun is capitalised, a capitalised word may also be corrected to a word
of the game itself, "Kartte" -> "Karte", but never by the dictionary alone).
A word elided with an apostrophe ("tryin'") is dialect, and a text with three or more unknown
words is in another register (archaic spelling, a foreign quotation): neither is reported. Nor is
a word in capitals inside lower-case prose (a shout or a sound: "KRACK", "BOINK"), nor, in an
English game, an unknown word with letters English does not use (borrowed: "chére").
An inflection of a known word ("khals" beside "khal", "bannermen" beside "bannerman") is known, and
so is a known word behind a word-forming prefix ("outshooting").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache

from spellchecker import SpellChecker

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.checks.text import prose_fields
from pnpgen.validate.textscan import OneEditIndex, edit_distance_one, word_list
from pnpgen.validate.wordcache import MEMO_KEY as WORDS_KEY, TextWords, text_words

MIN_LENGTH = 5
MIN_PART = 4
COMMON = 1e-6  # pyspellchecker usage frequency of a common English word
# Inflections are one edit apart but are not misspellings of each other.
_SUFFIXES = ("", "s", "es", "d", "ed", "r", "er", "ing", "n", "y")


# Prefixes that make a new English word of any word ("outshooting"): such words are often in no list.
_PREFIXES = ("out", "over", "under", "counter", "non", "fore", "after", "super", "anti", "self")

# game.yaml language -> pyspellchecker's dictionary (its language codes are the first two letters)
_DICTIONARIES = {"en", "de", "fr", "es", "it", "pt", "nl", "ru", "ar", "eu", "fa", "lv"}


@lru_cache(maxsize=None)
def dictionary(language: str = "en_US") -> SpellChecker | None:
    """The word list for a game's ``language:`` (None when pyspellchecker has none for it)."""
    code = language.replace("-", "_").split("_")[0].lower()
    if code not in _DICTIONARIES:
        return None
    return _cached_speller(code) or SpellChecker(language=code, distance=1)


def _cached_speller(code: str) -> SpellChecker | None:
    """The word list kept ready in ``$PNPGEN_CACHE``: pyspellchecker reads its gzipped JSON list
    into a dict anew each time (~0.3 s for English, a tenth of validating 2,000 cards); the ready
    object loads in ~0.05 s. Keyed by pyspellchecker's version; anything wrong with the copy (a
    new version, a damaged file) and the list is read as usual and the copy made again."""
    import pickle
    from importlib.metadata import version

    from pnpgen.files import cache_dir
    from pnpgen.fsutil import atomic_write_bytes

    try:
        path = cache_dir() / "spelling" / f"{code}-{version('pyspellchecker')}.pickle"
    except Exception:  # noqa: BLE001 - no version to key the copy by: read the list as usual
        return None
    try:
        speller = pickle.loads(path.read_bytes())
        if isinstance(speller, SpellChecker):
            return speller
    except Exception:  # noqa: BLE001 - missing or unreadable copy: make it again below
        pass
    speller = SpellChecker(language=code, distance=1)
    try:
        atomic_write_bytes(path, pickle.dumps(speller, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - a read-only cache only costs the time
        pass
    return speller


def _english() -> SpellChecker:
    return dictionary("en_US")


# British endings and the American ones pyspellchecker's English list holds.
_BRITISH = (("our", "or"), ("ours", "ors"), ("oured", "ored"), ("ouring", "oring"), ("re", "er"), ("res", "ers"),
            ("ence", "ense"), ("ences", "enses"), ("ise", "ize"), ("ised", "ized"), ("ises", "izes"),
            ("ising", "izing"), ("isation", "ization"), ("isations", "izations"), ("lled", "led"),
            ("lling", "ling"), ("ller", "ler"), ("llers", "lers"), ("logue", "log"), ("logues", "logs"),
            ("yse", "yze"), ("ysed", "yzed"), ("ysing", "yzing"), ("ae", "e"), ("oe", "e"))


def american(word: str) -> list[str]:
    """The American spellings a British word may stand for ("colour" -> "color", "defence" -> "defense")."""
    out = []
    for gb, us in _BRITISH:
        if word.endswith(gb) and len(word) > len(gb) + 2:
            out.append(word[: -len(gb)] + us)
    for gb, us in (("ae", "e"), ("oe", "e"), ("our", "or")):
        if gb in word[1:-1]:
            out.append(word.replace(gb, us))
    return out


def _norm(word: str) -> str:
    return word.replace("’", "'").lower()


class _Norms(dict):
    """``_norm`` of each word, made once: a deck's texts repeat the same few thousand words."""

    def __missing__(self, word: str) -> str:
        low = self[word] = _norm(word)
        return low


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
    cache = text_words(ctx)
    norms = _Norms()
    normed: dict[str, frozenset[str]] = {}  # each distinct text's words, normalised (order is no matter)
    for card in ctx.game.cards:
        owner = (card.name or card.id).lower()
        used: set[str] = set()
        for text in (card.name or "", *(card.get(f) for f in ctx.text_fields(card))):
            found = normed.get(text)
            if found is None:
                found = normed[text] = frozenset([norms[w] for w in set(cache.word_list(text))])
            used |= found
        for w in used - known:
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
    """Known-word tests and one-edit suggestions over the game vocabulary plus the dictionary of
    the game's language."""

    def __init__(self, vocabulary: set[str], language: str = "en_US"):
        self.vocabulary = vocabulary
        self.index = OneEditIndex(vocabulary)
        self.words = dictionary(language)
        self.british = language.replace("-", "_").lower() == "en_gb"
        self.nouns_capitalised = language.lower().startswith("de")
        self.english = language.lower().startswith("en")
        self._known: dict[str, bool] = {}  # a deck repeats its words: each is looked up once

    def _listed(self, part: str) -> bool:
        if part in self.vocabulary:
            return True
        if self.words is None:
            return False
        if not self.words.unknown([part]):
            return True
        return self.british and any(not self.words.unknown([us]) for us in american(part))

    def _prefixed(self, part: str) -> bool:
        """A known word behind a word-forming prefix ("outshooting", "overpowers") is a word."""
        return any(part.startswith(p) and len(part) - len(p) >= 4 and self._listed(part[len(p):]) for p in _PREFIXES)

    def _inflected(self, part: str) -> bool:
        """An inflection of a game word ("khals", "bannermen") is that word."""
        for suffix, base in (("s", ""), ("es", ""), ("men", "man"), ("'s", ""), ("ed", ""), ("ing", "")):
            if part.endswith(suffix) and len(part) > len(suffix) + 2 and part[: -len(suffix)] + base in self.vocabulary:
                return True
        return False

    def foreign(self, word: str) -> bool:
        """A word with letters the game's English never uses ("chére", "Paranoá") is borrowed from
        another language: the English list is no evidence against it. Other languages' lists
        hold their own accents, so there every word is checked."""
        return self.english and not word.isascii() and not any(ch in "’‘" for ch in word if not ch.isascii()) \
            and not self.known(word)

    def known(self, word: str) -> bool:
        hit = self._known.get(word)
        if hit is None:
            w = _norm(word)
            parts = [p for p in w.replace("'", " ").replace("-", " ").split() if p]
            # The whole word first: "couldn't" is listed, its halves "couldn" and "t" are not.
            hit = w in self.vocabulary or self._listed(w) or all(
                self._listed(p) or self._inflected(p) or self._prefixed(p) for p in parts)
            self._known[word] = hit
        return hit

    def suggest(self, word: str, english: bool = True) -> str | None:
        low = _norm(word)
        # The shortest, then alphabetically first, game word one edit away.
        game = [w for w in self.index.neighbours(low) if not _inflection(low, w)]
        if game:
            return min(game, key=lambda w: (len(w), w))
        if not english or self.words is None:
            return None
        fixed = self.words.correction(low)
        if fixed and fixed != low and edit_distance_one(low, fixed) and not _inflection(low, fixed):
            return fixed
        return None

    def suggest_compound(self, word: str) -> str | None:
        """For a run-together name ("Shileldswarm"): one part known, the other one edit from a
        common word. Proper names are full of rare words, so the bar is high: no split may leave
        both parts known, the misspelt part has 5+ letters, and the edit is not at the join
        (else "Doombringer" would become "doom" + "ringer"), and the known part is a word of the
        game itself ("swarm" in "Swarm Caller"), not any dictionary word ("dore" in "Mullendore")."""
        low = _norm(word).replace("-", "")
        if low.endswith("'s"):
            low = low[:-2]  # "Craster's Keep": the possessive is no part of a compound
        if not low.isalpha():
            return None
        splits = [(low[:i], low[i:]) for i in range(MIN_PART, len(low) - MIN_PART + 1)]
        if any(self.known(a) and self.known(b) for a, b in splits):
            return None
        for left, right in splits:
            if right in self.vocabulary and len(left) >= MIN_LENGTH:
                fixed = self._common_fix(left)
                if fixed and fixed[-1] == left[-1]:
                    return fixed + right
            if left in self.vocabulary and len(right) >= MIN_LENGTH:
                fixed = self._common_fix(right)
                if fixed and fixed[0] == right[0]:
                    return left + fixed
        return None

    def _common_fix(self, part: str) -> str | None:
        fixed = self.suggest(part)
        if fixed and (fixed in self.vocabulary or (self.words is not None
                                                    and self.words.word_usage_frequency(fixed) >= COMMON)):
            return fixed
        return None


def _cased(suggestion: str, like: str) -> str:
    if like.isupper():
        return suggestion.upper()
    if like[:1].isupper():
        return suggestion[:1].upper() + suggestion[1:]
    return suggestion


# A text with this many words unknown to the game and the dictionary is in another register.
OTHER_REGISTER = 3


class _NameWords:
    """The game's multi-word card names, to tell a misspelt name in text from a proper name."""

    def __init__(self, ctx: CheckContext, cache: TextWords):
        self.places: dict[str, list[tuple[tuple[str, ...], int]]] = defaultdict(list)
        self.names: set[tuple[str, ...]] = set()
        for name in {_norm(c.name) for c in ctx.game.cards if isinstance(c.name, str)}:
            found = tuple(_norm(w) for w in cache.word_list(name))
            self.names.add(found)
            if len(found) > 1:
                for k, w in enumerate(found):
                    self.places[w].append((found, k))
        self.index = OneEditIndex(self.places)

    def fix(self, lowered: list[str], i: int) -> str | None:
        """The name word one edit from ``lowered[i]`` that turns the words around it into a card
        name ("Telecopic Sight" -> "telescopic"), or None."""
        for candidate in sorted(self.index.neighbours(lowered[i])):
            for name, k in self.places[candidate]:
                start = i - k
                window = lowered[start:start + len(name)] if start >= 0 else []
                if len(window) == len(name) and all(a == b for j, (a, b) in enumerate(zip(window, name)) if j != k):
                    # The words as written may be another card's name ("Captain Americat" beside
                    # "Captain America"): then the text names that card.
                    return None if tuple(window) in self.names else candidate
        return None


def _titled(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


def _elided(text: str, pos: int, word: str) -> bool:
    """"tryin'": an apostrophe straight after the word stands for a dropped letter."""
    end = pos + len(word)
    return end < len(text) and text[end] in "'’" and (end + 1 == len(text) or not text[end + 1].isalpha())


def _mostly_lower(texts, cache: TextWords) -> bool:
    """Whether most words of the game's prose are not in capitals: there a word in capitals is
    emphasis or a sound ("KRACK!"), while in a game set all in capitals (Xenoshyft) every word is
    checked."""
    upper = total = 0
    for text, uses in Counter(texts).items():  # a text repeated on many cards is counted once per use
        found = cache.word_list(text)
        total += len(found) * uses
        upper += sum(1 for w in found if len(w) > 1 and w.isupper()) * uses
    return upper * 2 < total


def _other_register(speller: Speller, found: list[tuple[int, str]]) -> bool:
    """Whether ``OTHER_REGISTER`` or more distinct lower-case words of three letters or more are
    unknown: the text is in another register (Verlaine's "Au calme clair de lune triste", "partes
    aether"). Capitalised words are names, which any text may hold."""
    unknown = {w for _, w in found if len(w) >= 3 and w.islower() and not speller.known(w)}
    return len(unknown) >= OTHER_REGISTER


def _slips(speller: Speller, names: _NameWords, in_name: bool, text: str, found, lower_game: bool,
           norms: _Norms) -> list[tuple[str, str]]:
    """(word, its likely correction) for each misspelling in ``text`` (``found``: its words), a
    card's name when ``in_name``, else a prose text: the same for every card using the text."""
    lowered = [norms[w] for _, w in found]
    suspects = []
    mixed_case = not in_name and lower_game
    for i, (pos, word) in enumerate(found):
        low = lowered[i]
        if len(low) < MIN_LENGTH or speller.known(word) or _elided(text, pos, word):
            continue
        if mixed_case and word.isupper() or speller.foreign(word):
            continue  # a shout or sound ("KRACK", "BOINK") in lower-case prose; a borrowed word ("chére")
        suspects.append((i, word))
    if suspects and not in_name and _other_register(speller, found):
        return []  # archaic spelling, dialect or another language: not slips
    out, seen = [], set()
    for i, word in suspects:
        low = lowered[i]
        if low in seen:
            continue
        seen.add(low)
        if in_name:
            # Names are proper nouns ("Drogon" is no misspelt "dragon"): only a clear compound
            # slip ("Shileldswarm") is evidence; two names one edit apart are TEXT007's.
            fixed = speller.suggest_compound(word)
        elif _titled(word) and speller.nouns_capitalised:
            # German capitalises every noun: a capital is no proper name, but the game's own
            # words are the only evidence trusted for it.
            fixed = names.fix(lowered, i) or speller.suggest(word, english=False)
        elif _titled(word):
            fixed = names.fix(lowered, i)  # a proper name: only a misspelt card name is evidence
        else:
            fixed = speller.suggest(word)
        if fixed:
            out.append((word, _cased(fixed, word)))
    return out


@check("TEXT005", "words one edit from a known word", shares=(WORDS_KEY,))
def check_misspelled_words(ctx: CheckContext) -> list[Finding]:
    cache = text_words(ctx)
    speller = Speller(game_vocabulary(ctx), ctx.game.language)
    names = _NameWords(ctx, cache)
    prose = prose_fields(ctx, quotations=True)
    # Names and prose: traits, subtitles and illustrators are lists of names, not sentences.
    fields = [(card, field) for card in ctx.game.cards
              for field in ["name", *(f for f in ctx.text_fields(card) if f in prose.get(card.type, ()))]]
    lower_game = _mostly_lower((card.get(field) for card, field in fields if field != "name"), cache)
    out = []
    slips: dict[tuple[bool, str], list[tuple[str, str]]] = {}  # a text used on many cards is read once
    norms = _Norms()
    for card, field in fields:
        text = card.name if field == "name" else card.get(field)
        if text is None:  # an unnamed card (name lost in the source)
            continue
        key = (field == "name", text)
        found = slips.get(key)
        if found is None:
            found = slips[key] = _slips(speller, names, key[0], text, cache.words(text), lower_game, norms)
        for word, suggestion in found:
            out.append(ctx.at(card, field, "TEXT005", Severity.WARNING,
                              f"{word!r} is not a word this game or its dictionary uses; did you mean {suggestion!r}?",
                              f"replace {word!r} with {suggestion!r}"))
    return out


def distinct_names(a: str, b: str, speller: Speller) -> bool:
    """Whether two names one edit apart are two names by design: they differ in a variant marker
    ("Agent (A)" / "Agent (B)", a letter or number of two characters at most), or in a word that
    is a dictionary word on both sides ("Heads on Spikes" / "Heads on Pikes")."""
    if _stylised(a.lower(), b.lower()):
        return True
    wa, wb = word_list(a), word_list(b)
    differ = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(wa) != len(wb) or len(differ) != 1:
        return False  # a space added or lost: "Search Light" / "Searchlight" is a slip
    x, y = differ[0]
    if max(len(x), len(y)) <= 2:
        return True
    if x[:1].lower() != y[:1].lower() or x[:-1].lower() == y.lower() or y[:-1].lower() == x.lower():
        # Another first letter makes another name ("Headpool" / "Deadpool", "Namora" / "Gamora"),
        # and so does a letter added at the end ("Captain Americat"): typing slips fall inside words.
        return True
    return speller.known(x) and speller.known(y)


def _stylised(a: str, b: str) -> bool:
    """Whether the one edit between two names puts in or takes out a character that is neither a
    letter nor a space, hyphen or apostrophe ("VEN#m" / "Venom"): a styled name, not a slip."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    changed = {a[i:i + 1], b[i:i + 1]} - {""}
    return any(not ch.isalpha() and ch not in " -'’" for ch in changed)


@check("TEXT007", "card names one edit apart")
def check_near_names(ctx: CheckContext) -> list[Finding]:
    cards = sorted(ctx.game.cards, key=lambda c: c.id)
    speller = Speller(set(), ctx.game.language)  # the dictionary alone: a name's own words prove nothing
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
            if distinct_names(la, lb, speller):
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
