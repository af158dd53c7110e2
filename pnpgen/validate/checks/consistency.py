"""Card texts measured against their siblings: what every other card of the kind does, one card does not.

Codes:
- TEXT008 (warning): a text without the closing punctuation its siblings (same card type and
  field) all have — "… WHEN IT IS REVEALED" where every other enemy ability ends with a period.
  Reported only when at least ``MIN_SIBLINGS`` siblings exist and ``SIBLING_SHARE`` of them end
  with ``.``, ``!``, ``?`` or ``…`` (a closing quote, bracket or ``**`` after it counts), and only
  in fields holding sentences that are not mostly quotations (``text.prose_fields``: flavour text
  ends as its authors wrote it). A last line naming a quotation's source ("- Edgar Allan Poe") or
  set wholly in bold (a printed note) is not a sentence and needs no full stop; nor is a last line
  that ``NOTE_REPEATS`` or more unended texts open with the same two words ("Errata from FAQ v2.0").
- TEXT009 (warning): one phrase written two ways across cards, with and without brackets or with a
  hyphen and a space ("DISCARD THIS CARD FROM HAND" beside "DISCARD THIS CARD (FROM HAND)" on
  four cards). A bracketed group of up to four words, with the word before it, and a hyphened pair
  of words are the written forms; the same words joined by plain spaces are the plain form. When
  one phrase has two forms on different cards, the cards using the rarer form are reported (one
  finding per card field), naming the cards that use the usual one; with no clear usual form
  (a tie, or one card each) nothing is reported. Two passes over the text, lookups in a set.
  Icon tokens (``[action]``, ``(W)``) are pictures, not bracketed words, so prose is never
  "fixed" to an icon; forms differing only in capitals ("Test"/"test" at a sentence start) are
  one form; a hyphened pair inside a longer chain ("out-of-play") is not a pair; and a rarer form
  is reported only where it has a word beside it that the usual form also has there ("maximum
  hand-size" against "maximum hand size"): "the just-evaded enemy" beside "the enemy you just
  evaded" is grammar, not a slip.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from pnpgen.validate.checks.text import icon_pattern, prose_fields
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

MIN_SIBLINGS = 4
SIBLING_SHARE = 0.95
NOTE_REPEATS = 3
# A closing quote, bracket or bold marker may follow the full stop ("**Draft format only.**").
_END = re.compile(r"[.!?…][\"”’')\]*]*\s*$")
# A last line naming a quotation's source ("- Edgar Allan Poe, "The Raven"", "…" — Leo De Luca")
# or set wholly in bold (a printed note) is not a sentence.
_NOT_A_SENTENCE = re.compile(r"(?:^|\n|[\"”])[ \t]*[-–—][^\n]*$|(?:^|\n)[ \t]*\*\*[^\n]*\*\*[ \t]*$")

_WORD = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)*")
# A bracketed group of up to four words and the word before it: "CARD (FROM HAND)". The bracket is
# found first and the word looked up behind it, so the search does not start at every word.
_GROUP = re.compile(r"[(\[]([^\W_][\w'’ ]{0,39})[)\]]")
_BEFORE = re.compile(r"([^\W_]+(?:['’][^\W\d_]+)*)\s*$")
# Two words joined by one hyphen, not part of a longer chain ("out-of-play" is one compound).
_HYPHENED = re.compile(r"(?<![\w-])([^\W_]+)-([^\W_]+)(?![\w-])")
MAX_GROUP_WORDS = 4
CARDS_SHOWN = 5


@check("TEXT008", "a text without the closing punctuation its siblings have")
def check_terminal_punctuation(ctx: CheckContext) -> list[Finding]:
    groups: dict[tuple[str, str], list] = defaultdict(list)
    prose = prose_fields(ctx)
    for card in ctx.game.cards:
        for field in prose.get(card.type, ()):
            text = card.get(field)
            if isinstance(text, str) and text.strip():
                groups[(card.type, field)].append((card, bool(_END.search(text) or _NOT_A_SENTENCE.search(text))))
    # A last line several unended texts open alike ("Errata from FAQ v2.0", "Errata from FAQ
    # v1.4") is a note the game writes that way on purpose, not a sentence left open.
    openings = Counter(_last_line_opening(card.get(field)) for (_, field), members in groups.items()
                       for card, ended in members if not ended)
    out = []
    for (type_id, field), members in groups.items():
        for card, ended in members:
            if ended or openings[_last_line_opening(card.get(field))] >= NOTE_REPEATS:
                continue
            siblings = len(members) - 1
            closed = sum(1 for _, e in members if e)
            if siblings >= MIN_SIBLINGS and closed / siblings >= SIBLING_SHARE:
                tail = card.get(field).rstrip()[-30:]
                out.append(ctx.at(card, field, "TEXT008", Severity.WARNING,
                                  f"the text ends “…{tail}” without a full stop; {closed} of the other {siblings} "
                                  f"{type_id} {field} texts end with one", "end the sentence with '.'"))
    return out


def _last_line_opening(text: str) -> tuple[str, ...]:
    """The first two words of a text's last line, in lower case."""
    return tuple(w.lower() for w in _WORD.findall(text.rstrip().rsplit("\n", 1)[-1])[:2])


def _key(words) -> tuple[str, ...]:
    return tuple(w.upper().replace("’", "'") for w in words)


def _written_forms(text: str, icons):
    """(key, form) for each bracketed group (with the word before it) and each hyphened pair. An
    icon token (``[action]``, ``(W)``) is a picture, not a bracketed phrase."""
    for m in _GROUP.finditer(text):
        if icons is not None and icons.fullmatch(m.group(0)):
            continue
        inner = _WORD.findall(m.group(1))
        before = _BEFORE.search(text, max(0, m.start() - 40), m.start())
        if before and 0 < len(inner) <= MAX_GROUP_WORDS:
            yield _key([before.group(1), *inner]), f"{before.group(1)} {m.group(0)}", before.start(1), m.end()
    for m in _HYPHENED.finditer(text):
        yield _key(m.groups()), m.group(0), m.start(), m.end()


def _plain_runs(text: str, keys: set, prefixes: set, longest: int):
    """(key, form) for each run of 2..``longest`` words joined by plain spaces whose key is in
    ``keys``; a run is grown only while its words begin some key (``prefixes``: every key's
    leading words, one word and more)."""
    upper = [w.upper().replace("’", "'") for w in _WORD.findall(text)]
    starts = [i for i, first in enumerate(upper) if (first,) in prefixes]
    if not starts:
        return
    found = list(_WORD.finditer(text))

    def plain(k: int) -> bool:  # words k and k+1 joined by plain spaces only
        a, b = found[k], found[k + 1]
        return a.end() < b.start() and not text[a.end():b.start()].strip()

    for i in starts:
        for n in range(2, longest + 1):
            if i + n > len(upper):
                break
            key = tuple(upper[i:i + n])
            if key not in prefixes or not plain(i + n - 2):
                break
            if key in keys:
                start, end = found[i].start(), found[i + n - 1].end()
                yield key, text[start:end], start, end


_PREV = re.compile(r"([^\W_]+)[^\w\n]*$")
_NEXT = re.compile(r"[^\w\n.;:!?]*([^\W_]+|[.;:!?])")


def _neighbours(text: str, start: int, end: int) -> set[tuple[str, str]]:
    """The words either side of a phrase, or the mark ending its sentence ("the just-evaded enemy"
    and "the enemy you just evaded" stand in different places; "maximum hand-size" and "maximum
    hand size" in the same one, and so do "… FACE-DOWN." and "… FACE DOWN.")."""
    out = set()
    before = _PREV.search(text, max(0, start - 30), start)
    after = _NEXT.match(text, end)
    if before:
        out.add(("before", before.group(1).lower()))
    if after:
        out.add(("after", after.group(1).lower()))
    return out


@check("TEXT009", "one phrase written two ways across cards")
def check_phrase_forms(ctx: CheckContext) -> list[Finding]:
    texts = [(card, field, card.get(field)) for card in sorted(ctx.game.cards, key=lambda c: c.id)
             for field in ctx.text_fields(card) if isinstance(card.get(field), str)]
    # key -> form -> {card id: (card, field)}; the bracketed/hyphened forms first, then plain ones.
    uses: dict[tuple, dict[str, dict[str, tuple]]] = defaultdict(lambda: defaultdict(dict))
    icons = icon_pattern(ctx)
    # (key, form in lower case, card id) -> the words around each use of that form on that card
    places: dict[tuple, set] = defaultdict(set)
    # The forms a text holds depend on the text alone: a text repeated on many cards (a reprint)
    # is searched once per pass.
    written: dict[str, list[tuple]] = {}
    for card, field, text in texts:
        found = written.get(text)
        if found is None:
            found = written[text] = [(key, form, form.lower().replace("’", "'"), _neighbours(text, start, end))
                                     for key, form, start, end in _written_forms(text, icons)]
        for key, form, low, around in found:
            uses[key][form].setdefault(card.id, (card, field))
            places[(key, low, card.id)] |= around
    if not uses:
        return []
    keys, longest = set(uses), max(len(k) for k in uses)
    prefixes = {k[:n] for k in keys for n in range(1, len(k) + 1)}
    plain: dict[str, list[tuple]] = {}
    for card, field, text in texts:
        found = plain.get(text)
        if found is None:
            found = plain[text] = [(key, form, form.lower().replace("’", "'"), _neighbours(text, start, end))
                                   for key, form, start, end in _plain_runs(text, keys, prefixes, longest)]
        for key, form, low, around in found:
            uses[key][form].setdefault(card.id, (card, field))
            places[(key, low, card.id)] |= around
    # Forms that differ only in capitals are one form: "Test" opening a sentence is "test".
    for key, forms in list(uses.items()):
        merged: dict[str, dict[str, tuple]] = {}
        spelt: dict[str, str] = {}
        for form, cards in sorted(forms.items(), key=lambda kv: -len(kv[1])):
            low = form.lower().replace("’", "'")
            spelt.setdefault(low, form)
            merged.setdefault(spelt[low], {}).update(cards)
        uses[key] = merged
    out = []
    reported: set[tuple[str, str]] = set()
    for key, forms in uses.items():
        if len(forms) < 2:
            continue
        ranked = sorted(forms.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        usual, usual_cards = ranked[0]
        for form, cards in ranked[1:]:
            if len(cards) >= len(usual_cards) or len(usual_cards) < 2:
                continue  # no clear usual form: nothing to measure the odd one against
            others = sorted(usual_cards)
            listed = ", ".join(others[:CARDS_SHOWN]) + (f" and {len(others) - CARDS_SHOWN} more" if len(others) > CARDS_SHOWN else "")
            usual_low = usual.lower().replace("’", "'")
            usual_places = set().union(*(places[(key, usual_low, c)] for c in usual_cards))
            for card_id, (card, field) in cards.items():
                if card_id in usual_cards or (card_id, field) in reported:
                    continue
                # Only a form written where the usual one stands is a slip: "the just-evaded enemy"
                # and "the enemy you just evaded" are both right.
                if not places[(key, form.lower().replace("’", "'"), card_id)] & usual_places:
                    continue
                reported.add((card_id, field))
                out.append(ctx.at(card, field, "TEXT009", Severity.WARNING,
                                  f"“{form}” is written “{usual}” on {len(usual_cards)} other cards ({listed})",
                                  f"write “{usual}” like the other cards"))
    return out
