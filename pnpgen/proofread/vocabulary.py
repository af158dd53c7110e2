"""The words a rulebook may use: the game's own vocabulary first (the validator's, plus every card
and component name in cardspecs/<game>), then the document's own recurring terms, then English
(pyspellchecker, through the validator's ``Speller``), with the tabletop hobby's own words
(``tabletop.TABLETOP``: "playmat", "meeple") known beside English.

A word the document uses ``OWN_TERM`` times or more is its own term ("Xenosathem", a character's
name): recurring spellings are deliberate, and they are the evidence a one-off slip is measured by.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from pnpgen.proofread.document import WORD, Document, norm
from pnpgen.proofread.tabletop import TABLETOP
from pnpgen.spec.model import Game
from pnpgen.validate.checks.spelling import COMMON, Speller, _english, game_vocabulary
from pnpgen.validate.context import CheckContext

OWN_TERM = 3
_PARENTHESIS = re.compile(r"\s*\([^)]*\)")


@dataclass(frozen=True, order=True)
class Name:
    """A card or component name as the card data spells it; ``kind`` is "card" or "component"."""

    text: str
    kind: str

    @property
    def key(self) -> str:
        return " ".join(norm(w) for w in WORD.findall(self.text))


def game_names(game: Game | None) -> list[Name]:
    if game is None:
        return []
    names = {Name(c.name, "card") for c in game.cards if c.name}
    # Component names carry notes in parentheses ("Troop cards (waves 1-3 and Militia)").
    names |= {Name(_PARENTHESIS.sub("", c.name).strip(), "component") for c in game.components if c.name}
    return sorted(n for n in names if n.key)


@dataclass
class Vocabulary:
    game_words: set[str] = field(default_factory=set)
    names: list[Name] = field(default_factory=list)
    document_words: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, game: Game | None, doc: Document) -> "Vocabulary":
        words: set[str] = set()
        names = game_names(game)
        if game is not None:
            words = game_vocabulary(CheckContext(game, with_fit=False))
            for name in names:
                words.update(name.key.split())
            for ctype in game.card_types.values():
                words.update(norm(w) for w in WORD.findall(ctype.name))
        own = {w for w, n in doc.counts.items() if n >= OWN_TERM}
        return cls(words, names, own)

    @cached_property
    def speller(self) -> Speller:
        """Game words, the document's own terms and tabletop words first, then English."""
        return Speller(self.game_words | self.document_words | TABLETOP)

    def known(self, word: str) -> bool:
        return self.speller.known(word)

    def known_elsewhere(self, word: str) -> bool:
        """Known without the document's own terms: the evidence when the document itself may be
        the one that is wrong (a name it misspells consistently)."""
        w = norm(word)
        return w in self.game_words or w in TABLETOP or not _english().unknown([w])

    def common(self, word: str) -> bool:
        """A word sure enough to be one that a glued or split word may be made of: a game word, a
        document term, or a common English word (the English list holds many rare oddities)."""
        w = norm(word)
        return (w in self.game_words or w in self.document_words or w in TABLETOP
                or _english().word_usage_frequency(w) >= COMMON)
