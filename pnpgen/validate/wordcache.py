"""The words of every text a validation run reads, split once per distinct text.

Several checks read a text word by word (TEXT004's capitals, TEXT005's spelling and vocabulary);
each splitting every card text again cost a tenth of a second or more on 2,000 cards, and a deck
repeats its texts (reprints, trait lines: 6,817 text fields but 3,168 distinct texts on the
ArkhamDB player cards). :func:`text_words` gives the run's one :class:`TextWords`, kept in
``CheckContext.memo`` under ``"text_words"``: a check reading it names that key in its ``shares``,
so the checks reading it run in one task of a shared run (``validate.parallel``) and the words are
dropped after the last of them.
"""

from __future__ import annotations

from pnpgen.validate.textscan import WORD

MEMO_KEY = "text_words"


class TextWords:
    """``words`` and ``word_list`` of :mod:`pnpgen.validate.textscan`, computed once per text.
    The answers are tuples shared by every caller: not to be changed."""

    __slots__ = ("_spans", "_lists")

    def __init__(self) -> None:
        self._spans: dict[str, tuple[tuple[int, str], ...]] = {}
        self._lists: dict[str, tuple[str, ...]] = {}

    def words(self, text: str) -> tuple[tuple[int, str], ...]:
        """(offset, word) of each word of ``text``, as ``textscan.words`` gives them."""
        hit = self._spans.get(text)
        if hit is None:
            hit = self._spans[text] = tuple([(m.start(), m.group()) for m in WORD.finditer(text)])
        return hit

    def word_list(self, text: str) -> tuple[str, ...]:
        """The words of ``text`` without their offsets, as ``textscan.word_list`` gives them."""
        hit = self._lists.get(text)
        if hit is None:
            spans = self._spans.get(text)
            hit = self._lists[text] = tuple([w for _, w in spans]) if spans is not None else tuple(WORD.findall(text))
        return hit


def text_words(ctx) -> TextWords:
    """The run's word cache (``ctx``: a ``CheckContext``)."""
    cache = ctx.memo.get(MEMO_KEY)
    if cache is None:
        cache = ctx.memo[MEMO_KEY] = TextWords()
    return cache
