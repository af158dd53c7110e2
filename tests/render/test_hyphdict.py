"""pyphen's parsed patterns kept in the cache: the kept copy hyphenates exactly as a fresh parse,
and a damaged copy is parsed and written again."""

from __future__ import annotations

import pyphen
import pytest

from pnpgen.render import hyphdict

WORDS = ("investigator", "encounter", "hyphenation", "extraordinary", "reshuffle", "Paranoá")


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """An empty cache folder and pyphen's in-process cache without the dictionaries used here."""
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path))
    monkeypatch.setattr(pyphen, "hdcache", {})
    return tmp_path


# en_US: standard patterns; hu_HU: non-standard breaks (ssz=sz/…) and accented letters. (de_DE
# took this path again as en_US does, with umlauts as hu_HU has accents, at 1.4 s for its parse.)
@pytest.mark.parametrize("lang", ["en_US", "hu_HU"])
def test_kept_patterns_hyphenate_as_a_fresh_parse(fresh, lang, monkeypatch):
    path = pyphen.LANGUAGES[lang]
    hyphdict.install(path)  # parses (pyphen's own HyphDict(path), as a fresh parse) and keeps a copy
    parsed = pyphen.hdcache.pop(path)
    assert type(parsed) is pyphen.HyphDict and parsed.patterns  # pyphen parsed it: no copy existed
    kept = list((fresh / "hyphenation").iterdir())
    assert len(kept) == 1
    pyphen.hdcache.clear()

    def no_parsing(self, path):
        raise AssertionError("the dictionary was parsed again")

    with monkeypatch.context() as m:
        m.setattr(pyphen.HyphDict, "__init__", no_parsing)
        hyphdict.install(path)  # read from the copy (unpickling calls no __init__)
    loaded = pyphen.hdcache[path]
    assert loaded.patterns == parsed.patterns and loaded.maxlen == parsed.maxlen
    words = WORDS + ("Schifffahrt", "asszonnyal", "Rekonstruktion")
    assert [[(int(p), p.data) for p in loaded.positions(w)] for w in words] == \
           [[(int(p), p.data) for p in parsed.positions(w)] for w in words]


def test_a_damaged_copy_is_parsed_again_and_rewritten(fresh):
    path = pyphen.LANGUAGES["en_US"]
    hyphdict.install(path)
    kept = next((fresh / "hyphenation").iterdir())
    kept.write_bytes(b"not a pickle")
    pyphen.hdcache.clear()
    hyphdict.install(path)
    assert pyphen.hdcache[path].patterns == pyphen.HyphDict(path).patterns
    assert kept.read_bytes() != b"not a pickle"
