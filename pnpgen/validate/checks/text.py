"""Card-text defects: doubled punctuation, spacing, unbalanced pairs, keyword capitalisation.

Codes: TEXT001 doubled punctuation, TEXT002 stray or missing spaces, TEXT003 unbalanced quotes or
brackets, TEXT004 a keyword capitalised differently from how the game writes it everywhere else.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.textscan import doubled_punctuation, spacing, unbalanced, words


def _scan(ctx: CheckContext, scanner, code: str, severity: Severity) -> list[Finding]:
    out = []
    for card in ctx.game.cards:
        for field in ["name", *ctx.text_fields(card)]:
            text = card.name if field == "name" else card.get(field)
            if text is None:  # an unnamed card (name lost in the source) has no name to scan
                continue
            for defect in scanner(text):
                out.append(ctx.at(card, field, code, severity, defect.message, defect.fix))
    return out


@check("TEXT001", "doubled punctuation")
def check_doubled_punctuation(ctx: CheckContext) -> list[Finding]:
    return _scan(ctx, doubled_punctuation, "TEXT001", Severity.ERROR)


@check("TEXT002", "stray or missing spaces")
def check_spacing(ctx: CheckContext) -> list[Finding]:
    return _scan(ctx, spacing, "TEXT002", Severity.WARNING)


@check("TEXT003", "unbalanced quotes or brackets")
def check_unbalanced(ctx: CheckContext) -> list[Finding]:
    return _scan(ctx, unbalanced, "TEXT003", Severity.ERROR)


# A form must be this dominant, over this many uses, before a different form counts as a slip.
_DOMINANCE = 0.85
_MIN_USES = 6


def _sentence_capital(text: str, pos: int, word: str) -> bool:
    """A word capitalised only because it starts a sentence ("The tide turns."): not a keyword slip."""
    if not (word[:1].isupper() and word[1:].islower()):
        return False
    before = text[:pos].rstrip()
    return not before or before[-1] in ".!?:;\n\"“(" or text[:pos].endswith("\n")


def _text_words(ctx: CheckContext):
    """(card, field, text, position, word) for every word of every card's free-text fields."""
    for card in ctx.game.cards:
        for field in ctx.text_fields(card):
            text = card.get(field)
            for pos, word in words(text):
                yield card, field, text, pos, word


@check("TEXT004", "inconsistent capitalisation of keywords")
def check_capitalisation(ctx: CheckContext) -> list[Finding]:
    """One finding per card field, listing every word written unlike the rest of the game: a
    sentence typed in lower case is one slip, not one per word."""
    forms: dict[str, Counter] = defaultdict(Counter)
    for _, _, text, pos, word in _text_words(ctx):
        # "The" opening a sentence says nothing about how "the" is written
        if len(word) >= 3 and not _sentence_capital(text, pos, word):
            forms[word.lower()][word] += 1
    # Each word's dominant form and count, once per word rather than once per place it is used;
    # the places are then read again rather than kept (a deck's every word would be).
    dominant = {key: (*counter.most_common(1)[0], sum(counter.values())) for key, counter in forms.items() if counter}
    slips: dict[tuple[str, str], dict[str, tuple[str, int, int]]] = {}
    cards = {}
    for card, field, text, pos, word in _text_words(ctx):
        known = dominant.get(word.lower()) if len(word) >= 3 else None
        if known is None or word == known[0]:
            continue
        form, uses, total = known
        if form == word.lower() and _sentence_capital(text, pos, word):
            continue
        if total >= _MIN_USES and uses / total >= _DOMINANCE:
            cards[card.id] = card
            slips.setdefault((card.id, field), {}).setdefault(word, (form, uses, total))
    out = []
    for (card_id, field), found in slips.items():
        listed = ", ".join(f"{w!r} (the game writes {form!r} in {uses} of {total} uses)"
                           for w, (form, uses, total) in found.items())
        fixes = ", ".join(f"{w!r} as {form!r}" for w, (form, _, _) in found.items())
        noun = "1 word is" if len(found) == 1 else f"{len(found)} words are"
        out.append(ctx.at(cards[card_id], field, "TEXT004", Severity.WARNING,
                          f"{noun} capitalised unlike the rest of the cards: {listed}", f"write {fixes}"))
    return out
