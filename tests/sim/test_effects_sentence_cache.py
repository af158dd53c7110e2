"""The effect parser's sentence cache (``effects.parser._SENTENCES``) changes no parse: every
ability text of the bundled games, alone and stitched into two-ability texts, parses to the same
result with every cache cold as with the caches warmed by other texts first."""

from __future__ import annotations

import random

import pytest

from pnpgen.effects import parser
from pnpgen.spec import load_game


def _abilities() -> list[str]:
    texts: set[str] = set()
    for game in ("xenoshyft", "zombicide-invader"):
        for card in load_game(game).cards:
            for value in card.fields.values():
                if isinstance(value, str) and len(value) > 12:
                    texts.add(value)
    return sorted(texts)


def _cold(text: str):
    parser._parse.cache_clear()
    parser._SENTENCES.clear()
    return parser.parse_ability(text)


def test_warm_sentences_parse_as_cold():
    texts = _abilities()
    rng = random.Random(5)
    # Stitched texts put known sentences after others, at other offsets and at the end of a text.
    texts += [f"{rng.choice(texts)} {rng.choice(texts)}" for _ in range(150)]
    texts += [t.lower() for t in texts[:40]] + [t.rstrip(".") for t in texts[:40]]
    cold = {t: _cold(t) for t in texts}
    assert sum(bool(r.effects) for r in cold.values()) > 100  # the texts are real abilities
    parser._parse.cache_clear()
    parser._SENTENCES.clear()
    order = texts[:]
    rng.shuffle(order)
    for text in order:  # warm: each text may now reuse sentences parsed for another
        parser._parse.cache_clear()
        assert parser.parse_ability(text) == cold[text], text
    assert parser._SENTENCES  # the cache was used


def test_sentence_looking_past_its_period_is_not_reused():
    """A parse that read beyond its sentence (the ". IF THERE ARE NO ADDITIONAL TROOPS" look-ahead)
    depends on what follows, so the same sentence followed by other text must parse on its own."""
    lead = "THIS ENEMY DEALS ANY DAMAGE EXCEEDING A TROOP'S HP TO THE NEXT TROOP IN LANE."
    a = f"{lead} IF THERE ARE NO ADDITIONAL TROOPS IN LANE, THE BASE SUFFERS THIS DAMAGE INSTEAD."
    b = f"{lead} IF THERE ARE NO ENEMIES IN LANE, GAIN 1 CREDIT."
    assert _cold(a).effects[0].actions[0].to_base and not _cold(b).effects[0].actions[0].to_base
    for first, second in ((a, b), (b, a)):
        cold = _cold(second)
        parser._parse.cache_clear()
        parser._SENTENCES.clear()
        parser.parse_ability(first)
        parser._parse.cache_clear()
        assert parser.parse_ability(second) == cold


@pytest.fixture(autouse=True)
def _fresh_caches():
    yield
    parser._parse.cache_clear()
    parser._SENTENCES.clear()
