"""Names a card or rule refers to must exist.

Codes: REF001 (warning) a quoted name in card text (“3 XENOSATHEM” CARD) that is no card's name;
REF002 a rule fact naming a card id (``rules.starting_deck`` keys, ``rules.*_per_draw_phase``
values) that is no card of the game; REF003 (info) a card the rules or another card's text require
that exists only because ``_overrides.yaml`` adds it (its sheet was lost): the finding says what
requires it and quotes the override's reason and source, so the user learns it is restored and from what.

Most quotations on published cards are speech, not references (“I know of books…”). REF001 reads
a quotation as a card reference only when it is shaped like a name — at most ``MAX_NAME_WORDS``
words, no ``! ? ;``, every word of four or more letters capitalised — and the text says so: the
quotation is followed by "card(s)" or preceded by "named"/"called", or it is one edit from a card
name of the game, or shares most words with one; and it is not on an attribution line ("— Poe,
"The Raven""), which names a work. Quotations never pair across two quotations;
card names that hold quote marks (‘"Spider" Solitaire’) are read whole.
"""

from __future__ import annotations

import re

from pnpgen.spec.errors import did_you_mean
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check
from pnpgen.validate.textscan import OneEditIndex, quotations, word_list

MAX_NAME_WORDS = 6
# Words two titles share without being alike ("Drake the Great", "The Great Work").
_FUNCTION_WORDS = {"the", "and", "for", "from", "with", "der", "die", "das", "und", "les", "des", "une"}
# An attribution line ("- Edgar Allan Poe, "The Raven"") quotes a work's title, not a card.
_ATTRIBUTION = re.compile(r"(?:^|\n|[\"”.!?…])[ \t]*[-–—][ \t]*[^\W\d_][^\n]*$")
_AFTER = re.compile(r"\s*(?:cards?|karten?|cartes?)\b", re.I)
_BEFORE = re.compile(r"\b(?:named|called|card|cards)\s*$", re.I)


def _norm(name: str) -> str:
    return " ".join(name.replace("’", "'").lower().split())


def _quoted_names(ctx: CheckContext) -> list[str]:
    """The game's card names that hold quote marks, longest first."""
    return sorted({c.name for c in ctx.game.cards if isinstance(c.name, str) and any(q in c.name for q in "“”\"")},
                  key=len, reverse=True)


def _name_shaped(quoted: str) -> bool:
    first = quoted.lstrip('"')[:1]  # a name may open with its own quote ('"Gator" Lacroix')
    if any(ch in quoted for ch in "!?;") or not first.isalnum() or first.upper() != first:
        return False
    found = word_list(quoted)
    return 0 < len(found) <= MAX_NAME_WORDS and all(w[:1].isupper() for w in found if len(w) >= 4)


class _Names:
    """The game's card names, for telling a misspelt reference from a quotation."""

    def __init__(self, ctx: CheckContext):
        # A name printed in quotes ('"We Are Groot"') is named in text without them.
        self.names = {n for c in ctx.game.cards if c.name is not None
                      for n in (_norm(c.name), _norm(c.name).strip('"“”'))}
        self.ordered = sorted(self.names)  # sorted once: each suggestion is one pass over the names
        self.index = OneEditIndex(self.names)
        self.by_word: dict[str, set[str]] = {}
        for name in self.names:
            for w in self._words(name):
                self.by_word.setdefault(w, set()).add(name)

    @staticmethod
    def _words(text: str) -> set[str]:
        return {w.lower() for w in word_list(text) if len(w) >= 3 and w.lower() not in _FUNCTION_WORDS}

    def near(self, quoted: str) -> bool:
        """One edit from a card name, or sharing most words (two or more) with one."""
        if self.index.neighbours(quoted):
            return True
        mine = self._words(quoted)
        for name in set().union(*(self.by_word.get(w, set()) for w in mine)) if mine else ():
            theirs = self._words(name)
            shared = len(mine & theirs)
            if shared >= 2 and shared * 3 >= 2 * max(len(mine), len(theirs)):
                return True
        return False


def _reference(text: str, start: int, end: int, quoted: str, names: _Names) -> bool:
    """Whether the quotation at ``start``..``end`` of ``text`` reads as a card reference."""
    bare = quoted.strip().rstrip(",.")
    if not _name_shaped(bare) or _ATTRIBUTION.search(text, 0, start):
        return False
    if quoted.rstrip().endswith((".", "…")) and not _AFTER.match(text, end):
        return False  # a sentence closed inside the quote marks is speech: “I am Iron Man.”
    return bool(_AFTER.match(text, end) or _BEFORE.search(text, max(0, start - 12), start)
                or names.near(_norm(bare)))


@check("REF001", "quoted names in card text must be cards")
def check_quoted_names(ctx: CheckContext) -> list[Finding]:
    names = _Names(ctx)
    quoted_names = _quoted_names(ctx)
    hints: dict[str, str] = {}  # a misspelling repeated on many cards is looked up once
    out = []
    for card in ctx.game.cards:
        for field in ctx.text_fields(card):
            text = card.get(field)
            for start, end, quoted in quotations(text, quoted_names):
                key = _norm(quoted.strip().rstrip(",."))
                if key in names.names or not _reference(text, start, end, quoted, names):
                    continue
                hint = hints.get(key)
                if hint is None:
                    hint = hints[key] = did_you_mean(key, names.ordered)
                out.append(ctx.at(card, field, "REF001", Severity.WARNING,
                                  f"the text names “{quoted}” but no card is called that{hint}",
                                  "spell the name as the card does, or add the card"))
    return out


def _rule_card_ids(rules: dict) -> list[tuple[str, str]]:
    """(rule key, card id) pairs for rule facts that name cards by id."""
    pairs = []
    for key, value in rules.items():
        if key == "starting_deck" and isinstance(value, dict):
            pairs += [(key, str(card_id)) for card_id in value]
        elif key.endswith("_per_draw_phase") and isinstance(value, dict):
            pairs += [(key, str(card_id)) for card_id in value.values()]
    return pairs


@check("REF002", "rule facts naming cards must name real cards")
def check_rule_references(ctx: CheckContext) -> list[Finding]:
    ids = {c.id for c in ctx.game.cards}
    base_ids = {c.id.split(":", 1)[-1] for c in ctx.game.cards}
    return [ctx.at_game("REF002", Severity.ERROR, f"rules.{key} names card {card_id!r}, which does not exist"
                        f"{did_you_mean(card_id, ids)}", "use the id of a card in the specs", rule=key)
            for key, card_id in _rule_card_ids(ctx.game.rules) if card_id not in ids | base_ids]


def _requirers(ctx: CheckContext) -> dict[str, list[str]]:
    """Card id -> what requires it: rule facts naming its id, other cards quoting its name."""
    by_name = {_norm(c.name): c.id for c in ctx.game.cards if isinstance(c.name, str)}
    quoted_names = _quoted_names(ctx)
    out: dict[str, list[str]] = {}
    for key, card_id in _rule_card_ids(ctx.game.rules):
        out.setdefault(card_id, []).append(f"rules.{key}")
    for card in sorted(ctx.game.cards, key=lambda c: c.id):
        for field in ctx.text_fields(card):
            for _, _, quoted in quotations(card.get(field), quoted_names):
                target = by_name.get(_norm(quoted))
                if target is not None and target != card.id:
                    out.setdefault(target, []).append(f"the text of {card.name or card.id!r}")
    return out


@check("REF003", "required cards that exist only through an override")
def check_restored_cards(ctx: CheckContext) -> list[Finding]:
    from pathlib import Path

    from pnpgen.spec.overrides import OVERRIDES_FILE, load_overrides

    added = [c for c in ctx.game.cards if "id" in c.overridden and c.location
             and Path(c.location.file).name == OVERRIDES_FILE]
    if not added:
        return []
    entries = {}
    for entry in load_overrides(Path(added[0].location.file).parent):
        if "add" in entry and isinstance(entry["add"], dict):
            entries[entry["add"].get("id")] = entry
    required = _requirers(ctx)
    out = []
    for card in added:
        needs = list(dict.fromkeys(required.get(card.id, [])))
        entry = entries.get(card.id)
        if not needs or entry is None:
            continue
        reason = " ".join(str(entry["reason"]).split())
        source = " ".join(str(entry["source"]).split())
        out.append(ctx.at(card, None, "REF003", Severity.INFO,
                          f"{card.name!r} is required by {', '.join(needs)} but is in no generated card file: "
                          f"{OVERRIDES_FILE} restores it because {reason} (source: {source})"))
    return out
