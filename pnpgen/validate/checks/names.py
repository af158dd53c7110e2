"""Card and component names as the rules text writes them.

Codes:
- NAME001 (warning): a name the rules text spells with its words joined or split differently
  ("Search Light" in the component list, "Searchlight" in the rules).
- NAME002 (warning): a name written with different capitals in different places ("Plenty Of
  Bullets" in the component list, "Plenty of Bullets" in the rules).

The names are the cards' names and the components' names; the rules text is
:func:`pnpgen.validate.documents.rules_text` (the source document when it is there, else the card
fragments, and the rule facts). Only title-case mentions count as forms of a name: an all-capitals
heading or card face ("PLENTY OF BULLETS") is a typeface, and a lower-case mention ("two
chainsaws") is the plain noun, not the name. A difference only in a generic word ("Item Card" and
"Item card") is not reported: "card" is not part of the name. One finding per name lists every
place each form is written. Linear: names are indexed by their words and by their letters
with the spaces taken out; each text is walked once.
"""

from __future__ import annotations

import re
from collections import defaultdict

from pnpgen.spec.model import ComponentKind
from pnpgen.validate.context import CheckContext
from pnpgen.validate.documents import rules_text
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’.\-][A-Za-z0-9]+)*")
# Nouns that name the kind of thing rather than the thing ("Item cards", "Lane Board tokens").
GENERIC = {k.value for k in ComponentKind} | {"card", "cards", "tokens", "boards", "tiles", "miniatures", "dashboard",
                                               "dashboards", "deck", "decks", "sheet", "sheets", "die", "dice"}
MAX_WORDS = 3       # a joined/split spelling is looked for in windows of up to this many words
MIN_LETTERS = 6     # shorter names ("SMG") join by chance too easily
PLACES_SHOWN = 6


_ID = re.compile(r"[a-z0-9]+(?:[-:][a-z0-9]+)+")  # a card or component id in a rule fact, not prose


def _tokens(text: str) -> list[str]:
    """Words, a possessive ending dropped ("Gun's" -> "Gun")."""
    return [w[:-2] if w.endswith("'s") else w for w in _TOKEN.findall(text.replace("’", "'"))]


def _squash(words) -> str:
    return "".join(words).lower().replace("-", "").replace("'", "").replace(".", "")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _titled(form: tuple[str, ...]) -> bool:
    letters = "".join(form)
    first = next((ch for ch in letters if ch.isalpha()), "")
    return first.isupper() and not letters.isupper()


class _Named:
    """One name to look for, and where its finding goes (a card, or a component of game.yaml)."""

    def __init__(self, name: str, card=None, component=None):
        self.name, self.card, self.component = name, card, component
        self.words = tuple(_tokens(name))
        self.key = tuple(_singular(w.lower()) for w in self.words)
        self.forms: dict[tuple[str, ...], list[str]] = defaultdict(list)   # NAME002, by form with plurals dropped
        self.shown: dict[tuple[str, ...], str] = {}                          # a form as first written
        self.splits: dict[tuple[str, ...], list[str]] = defaultdict(list)  # NAME001


def _targets(ctx: CheckContext) -> list[_Named]:
    """Each distinct name once: a card (the first by id) wins over a component of the same name."""
    by_key: dict[tuple[str, ...], _Named] = {}
    cards = ctx.game.own_cards() if ctx.game.expansion is not None else ctx.game.cards
    for card in sorted(cards, key=lambda c: c.id):
        if not isinstance(card.name, str):  # an unnamed card (name unknown): nothing to compare
            continue
        named = _Named(card.name, card=card)
        if named.key:
            by_key.setdefault(named.key, named)
    if ctx.game.expansion is None:  # an expansion's components are its base game's business
        for comp in ctx.game.components:
            if not isinstance(comp.name, str):
                continue
            named = _Named(comp.name, component=comp)
            if named.key:
                by_key.setdefault(named.key, named)
    return list(by_key.values())


def _scan(ctx: CheckContext) -> list[_Named]:
    """Walk every text once, recording the forms and joined/split spellings of every name."""
    if "names" in ctx.memo:
        return ctx.memo["names"]
    targets = _targets(ctx)
    by_key: dict[tuple[str, ...], _Named] = {t.key: t for t in targets}
    lengths = sorted({len(t.key) for t in targets})
    by_squash: dict[str, _Named] = {}
    for t in targets:
        squashed = _squash(t.key)
        if len(squashed) >= MIN_LETTERS:
            by_squash.setdefault(squashed, t)
    firsts = {t.key[0] for t in targets}  # a whole name starts with its first word
    squash_lengths = {len(k) for k in by_squash}  # a joined/split spelling has a name's letter count
    texts = [(f"the name of card {t.card.id!r}", t.name) for t in targets if t.card is not None]
    texts += [(line.where, line.text) for line in rules_text(ctx.game) if not _ID.fullmatch(line.text.strip())]
    for where, text in texts:
        words = _tokens(text.replace("“", " ").replace("”", " ").replace('"', " "))
        lower = [_singular(w.lower()) for w in words]
        # A window's squashed letters are its words' squashed ones joined (squashing drops
        # characters, never joins across words): each word is squashed once, not in every window.
        squashed = [_squash((w,)) for w in lower]
        for i in range(len(words)):
            # Whole names starting here: one dictionary lookup per distinct name length.
            for n in lengths if lower[i] in firsts else ():
                if i + n > len(words):
                    break
                t = by_key.get(tuple(lower[i:i + n]))
                if t is not None:
                    form = tuple(_singular(w) for w in words[i:i + n])
                    t.forms[form].append(where)
                    t.shown.setdefault(form, " ".join(words[i:i + n]))
            letters = 0
            for n in range(1, MAX_WORDS + 1):
                if i + n > len(words):
                    break
                letters += len(squashed[i + n - 1])
                if letters not in squash_lengths:
                    continue
                t = by_squash.get("".join(squashed[i:i + n]))
                window = lower[i:i + n]
                if t is not None and tuple(window) != t.key and not (n == 1 and len(t.key) == 1):
                    t.splits[tuple(words[i:i + n])].append(where)
    ctx.memo["names"] = targets
    return targets


def _places(wheres: list[str]) -> str:
    unique = list(dict.fromkeys(wheres))
    shown = ", ".join(unique[:PLACES_SHOWN])
    return shown + (f" and {len(unique) - PLACES_SHOWN} more" if len(unique) > PLACES_SHOWN else "")


def _finding(ctx: CheckContext, t: _Named, code: str, message: str, fix: str) -> Finding:
    if t.card is not None:
        return ctx.at(t.card, "name", code, Severity.WARNING, message, fix)
    loc = t.component.location
    return ctx.at_game(code, Severity.WARNING, message, fix, line=loc.line if loc else 0,
                       file=loc.file if loc else None)


@check("NAME001", "a name the rules text spells with words joined or split differently", shares=("names",))
def check_name_spelling(ctx: CheckContext) -> list[Finding]:
    out = []
    for t in _scan(ctx):
        if not t.splits:
            continue
        written = "; ".join(f"“{' '.join(form)}” ({_places(wheres)})" for form, wheres in sorted(t.splits.items()))
        what = f"card {t.card.id!r}" if t.card is not None else f"component {t.component.id!r}"
        out.append(_finding(ctx, t, "NAME001",
                            f"{what} is named “{t.name}”, but the rules text writes {written}",
                            "spell the name one way in the component list, the cards and the rules"))
    return out


@check("NAME002", "a name written with different capitals in different places", shares=("names",))
def check_name_capitals(ctx: CheckContext) -> list[Finding]:
    out = []
    for t in _scan(ctx):
        forms = {f: w for f, w in t.forms.items() if _titled(f)}
        if len(forms) < 2:
            continue
        variants = list(forms)
        differing = {i for i in range(len(t.key)) if len({f[i] for f in variants}) > 1}
        if all(t.key[i] in GENERIC or _singular(t.key[i]) in GENERIC for i in differing):
            continue
        ranked = sorted(forms.items(), key=lambda kv: (-len(set(kv[1])), kv[0]))
        written = "; ".join(f"“{t.shown[form]}” in {_places(wheres)}" for form, wheres in ranked)
        what = f"card {t.card.id!r}" if t.card is not None else f"component {t.component.id!r}"
        out.append(_finding(ctx, t, "NAME002", f"the name of {what} is capitalised {len(forms)} ways: {written}",
                            f"write it “{t.shown[ranked[0][0]]}” everywhere (the most used form), or choose one"))
    return out
