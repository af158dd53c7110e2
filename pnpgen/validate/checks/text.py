"""Card-text defects: doubled punctuation, spacing, unbalanced pairs, keyword capitalisation.

Codes: TEXT001 doubled punctuation (an error for ``::``, ``;;``, ``,,``, which are never meant; a
warning for ``..``, ``!!``, ``??``), TEXT002 stray or missing spaces, TEXT003 unbalanced brackets
or quotes, quotes facing the wrong way (“…“, ”Hi”) and ‘ used as an apostrophe (warnings: a
printer's convention or a quotation split across fields can look the same), TEXT004 a word
capitalised unlike the game's usual form of it.

TEXT004 reads only fields that hold sentences (:func:`textscan.holds_sentences`: most values of
the card type's field have a run of three lower-case words), so names, traits, subtitles and
illustrators are never judged by the case of prose; and not fields that are mostly quotations
(:func:`textscan.mostly_quotations`: flavour text quoting novels keeps its authors' capitals). A capital that starts a sentence, a line, a
list item, or follows a bold keyword, an icon token, an arrow or a bullet is not evidence; nor is a
capital beside another capitalised word (a proper name: "Storm's End", "Flea Bottom") or inside a
card name of the game, or a word in ``**bold**`` (a keyword). What is left is reported only when one
form is used in at least ``_DOMINANCE`` of ``_MIN_USES`` or more uses (a lower-case word against a
capitalised term: ``_TERM_DOMINANCE`` of ``_TERM_USES``), and the odd form is written
in one text only (the same odd form in two different texts is a choice, such as "His" for a god).
"""

from __future__ import annotations

import re
from bisect import bisect
from collections import Counter, defaultdict

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.textscan import (doubled_punctuation, holds_sentences, mostly_quotations, sentence_start, spacing,
                                      token_pattern, unbalanced)
from pnpgen.validate.wordcache import MEMO_KEY as WORDS_KEY, text_words


def _scan(ctx: CheckContext, scanner, code: str, severity: Severity, likely: Severity | None = None) -> list[Finding]:
    """Every defect ``scanner`` finds in card names and text fields; a defect the scanner marks as
    not certain gets ``likely`` instead of ``severity``."""
    out = []
    found: dict[str, list] = {}  # a text repeated on many cards (a reprint, a trait line) is scanned once
    for card in ctx.game.cards:
        for field in ["name", *ctx.text_fields(card)]:
            text = card.name if field == "name" else card.get(field)
            if text is None:  # an unnamed card (name lost in the source) has no name to scan
                continue
            defects = found.get(text)
            if defects is None:
                defects = found[text] = scanner(text)
            for defect in defects:
                level = severity if defect.certain or likely is None else likely
                out.append(ctx.at(card, field, code, level, defect.message, defect.fix))
    return out


@check("TEXT001", "doubled punctuation")
def check_doubled_punctuation(ctx: CheckContext) -> list[Finding]:
    return _scan(ctx, doubled_punctuation, "TEXT001", Severity.ERROR, likely=Severity.WARNING)


@check("TEXT002", "stray or missing spaces")
def check_spacing(ctx: CheckContext) -> list[Finding]:
    language = ctx.game.language
    return _scan(ctx, lambda text: spacing(text, language), "TEXT002", Severity.WARNING)


@check("TEXT003", "unbalanced or wrongly facing quotes and brackets")
def check_unbalanced(ctx: CheckContext) -> list[Finding]:
    return _scan(ctx, unbalanced, "TEXT003", Severity.WARNING)


# A form must be this dominant, over this many uses, before a different form counts as a slip.
_DOMINANCE = 0.85
_MIN_USES = 6
# A lower-case word where the game mostly capitalises it ("spell" beside the trait "Spell") is
# usually the plain noun: only a near-unanimous term counts ("neutral" beside 100 "Neutral").
_TERM_DOMINANCE = 0.98
_TERM_USES = 20


def icon_pattern(ctx: CheckContext):
    """The game's icon tokens as one pattern (None when it has none), made once per run."""
    if "icon_pattern" not in ctx.memo:
        from pnpgen.validate.checks.icons import icon_tokens

        ctx.memo["icon_pattern"] = token_pattern(icon_tokens(ctx.game))
    return ctx.memo["icon_pattern"]


def prose_fields(ctx: CheckContext, quotations: bool = False) -> dict[str, tuple[str, ...]]:
    """Card type -> its text fields that hold sentences (see the module docstring), made once per
    run; fields that are mostly quotations (flavour) only with ``quotations``."""
    key = ("prose_fields", quotations)
    if key not in ctx.memo:
        found: dict[str, list[str]] = defaultdict(list)
        for (type_id, field), (sentences, quoted) in _field_kinds(ctx).items():
            if sentences and (quotations or not quoted):
                found[type_id].append(field)
        ctx.memo[key] = {t: tuple(f) for t, f in found.items()}
    return ctx.memo[key]


def _field_kinds(ctx: CheckContext) -> dict[tuple[str, str], tuple[bool, bool]]:
    """(card type, text field) -> (its values hold sentences, they are mostly quotations), made once
    per run for both kinds of ``prose_fields`` (whether quotations is asked only of prose fields)."""
    if "field_kinds" not in ctx.memo:
        values: dict[tuple[str, str], list[str]] = defaultdict(list)
        for card in ctx.game.cards:
            for field in ctx.text_fields(card):
                values[(card.type, field)].append(card.get(field))
        kinds = {}
        for where, texts in values.items():
            sentences = holds_sentences(texts)
            kinds[where] = (sentences, sentences and mostly_quotations(texts))
        ctx.memo["field_kinds"] = kinds
    return ctx.memo["field_kinds"]


def _name_words(ctx: CheckContext) -> set[str]:
    """Capitalised words of the game's card names: "Horror" in "Ectoplasmic Horror" is a name's."""
    cache = text_words(ctx)
    out = set()
    for card in ctx.game.cards:
        if isinstance(card.name, str):
            out.update(w for _, w in cache.words(card.name) if w[:1].isupper())
    return out


_BOLD = re.compile(r"\*\*")

# What may stand between two capitalised words of one title or list ("Oath of Order", "Precious
# Memento (From a Former Life)", "Believer, Chosen, Cultist", "Fight/Investigate").
_TITLE_JOINS = {"of", "the", "a", "an", "and", "in", "de", "la", "von", "van"}


def _capitalised_neighbour(found: list[tuple[int, str]], i: int, text: str) -> bool:
    """Whether the nearest word before or after ``found[i]``, across join words ("of", "the") and
    commas, slashes or brackets, is capitalised too: capitals in a row are a title, a list of
    names or a proper name ("Oath of Order", "Believer, Chosen, Cultist"), not a keyword slip."""
    for step in (-1, 1):
        j, k = i, i + step
        while 0 <= k < len(found):
            a, b = (found[k], found[j]) if step < 0 else (found[j], found[k])
            gap = text[a[0] + len(a[1]):b[0]]
            if gap.strip(" ,/(“\"").strip():
                break  # a full stop, a colon, a number: the title ends there
            if found[k][1].lower() in _TITLE_JOINS:
                j, k = k, k + step
                continue
            if found[k][1][:1].isupper():
                return True
            break
    return False


def _in_bold(bold: list[int], pos: int) -> bool:
    """Whether ``pos`` is inside a ``**bold**`` run (``bold``: where the text's ``**`` are): a bold
    keyword is capitalised by the game's style."""
    return bisect(bold, pos) % 2 == 1


def _prose_texts(ctx: CheckContext) -> list[tuple]:
    """(card, field, text) for every card's prose field."""
    fields = prose_fields(ctx)
    return [(card, field, text) for card in ctx.game.cards for field in fields.get(card.type, ())
            if isinstance(text := card.get(field), str)]


def _bold_marks(text: str) -> list[int]:
    """Where the text's ``**`` are."""
    return [m.start() for m in _BOLD.finditer(text)] if "**" in text else []


def _excused(text: str, found: list[tuple[int, str]], i: int, bold: list[int], icons) -> bool:
    """Whether the capital of the word ``found[i]`` is explained by its place (see the module
    docstring). An all-capitals word says how the game writes it wherever it stands."""
    pos, word = found[i]
    return word[:1].isupper() and not word.isupper() and (sentence_start(text, pos, icons) or _in_bold(bold, pos)
                                                          or _capitalised_neighbour(found, i, text))


def _odd_forms(text: str, found, icons, dominant: dict, usual: set[str], emphasis: bool,
               in_names: set[str]) -> list[tuple]:
    """(word, (the game's form, its uses, all uses)) for each word of ``text`` written unlike the
    game's dominant form of it, in a place that does not excuse its capital (see the module
    docstring), in text order. ``usual``: the dominant forms themselves, most of a text's words,
    passed over with one set lookup."""
    bold = None
    out = []
    for i, (_, word) in enumerate(found):
        if word in usual or len(word) < 3:
            continue
        known = dominant.get(word.lower())
        if known is None or word == known[0]:
            continue
        form, uses, total = known
        if emphasis and (word.isupper() or form.isupper()):
            continue
        if form == word.lower() or word[1:] == form[1:]:
            if bold is None:
                bold = _bold_marks(text)
            if _excused(text, found, i, bold, icons):
                continue  # a capital the place explains, on a word the game writes in lower case
        if word in in_names and not word.isupper():
            continue
        strong = _TERM_DOMINANCE, _TERM_USES
        weak = _DOMINANCE, _MIN_USES
        share, least = strong if word.islower() and form[:1].isupper() and not form.isupper() else weak
        if total >= least and uses / total >= share:
            out.append((word, known))
    return out


@check("TEXT004", "inconsistent capitalisation of keywords", shares=(WORDS_KEY,))
def check_capitalisation(ctx: CheckContext) -> list[Finding]:
    """One finding per card field, listing every word written unlike the rest of the game: a
    sentence typed in lower case is one slip, not one per word."""
    icons = icon_pattern(ctx)
    cache = text_words(ctx)
    prose = _prose_texts(ctx)
    # What a text says about the forms of its words depends on the text alone: a text repeated on
    # many cards (a reprint) is read once and counted once per use.
    evidence: dict[str, list[str]] = {}
    uses: Counter = Counter()
    for _, _, text in prose:
        counted = evidence.get(text)
        if counted is None:
            found, bold = cache.words(text), _bold_marks(text)
            # "The" opening a sentence says nothing about how "the" is written
            counted = evidence[text] = [word for i, (_, word) in enumerate(found) if len(word) >= 3 and not (
                word[:1].isupper() and _excused(text, found, i, bold, icons))]
        uses.update(counted)
    # Every form under its lower-case word, in the order the texts first use them (a tie between
    # two forms goes to the one used first).
    forms: dict[str, Counter] = defaultdict(Counter)
    for word, count in uses.items():
        forms[word.lower()][word] = count
    # Each word's dominant form and count, once per word rather than once per place it is used;
    # the places are then read again rather than kept (a deck's every word would be), and only a
    # word written unlike its dominant form asks again whether its place excuses it.
    dominant = {key: (*counter.most_common(1)[0], sum(counter.values())) for key, counter in forms.items() if counter}
    usual = {known[0] for known in dominant.values()}
    in_names = _name_words(ctx)
    # In a game whose text is mostly lower case, capitals are emphasis ("each TRAIT on your
    # identity", "PSIONIC" as a keyword beside "psionic counters"), not a keyword's own case; in a
    # game set in capitals (Xenoshyft) a capitalised "Reveal:" among "REVEAL:" is a slip.
    upper_words = sum(c for counter in forms.values() for w, c in counter.items() if w.isupper())
    emphasis = upper_words * 2 < sum(sum(counter.values()) for counter in forms.values())
    slips: dict[tuple[str, str], dict[str, tuple[str, int, int]]] = {}
    texts: dict[str, set[str]] = defaultdict(set)  # each odd form -> the distinct texts using it
    cards = {}
    odd: dict[str, list] = {}
    for card, field, text in prose:
        found = odd.get(text)
        if found is None:
            found = odd[text] = _odd_forms(text, cache.words(text), icons, dominant, usual, emphasis, in_names)
        for word, known in found:
            cards[card.id] = card
            slips.setdefault((card.id, field), {}).setdefault(word, known)
            texts[word].add(text)
    out = []
    for (card_id, field), found in slips.items():
        # One odd form written in two different texts is the writer's choice ("His" for a god),
        # not a slip; a reprint repeats one text and counts once.
        found = {w: v for w, v in found.items() if len(texts[w]) == 1}
        if not found:
            continue
        listed = ", ".join(f"{w!r} (the game writes {form!r} in {uses} of {total} uses)"
                           for w, (form, uses, total) in found.items())
        fixes = ", ".join(f"{w!r} as {form!r}" for w, (form, _, _) in found.items())
        noun = "1 word is" if len(found) == 1 else f"{len(found)} words are"
        out.append(ctx.at(cards[card_id], field, "TEXT004", Severity.WARNING,
                          f"{noun} capitalised unlike the rest of the cards: {listed}", f"write {fixes}"))
    return out
