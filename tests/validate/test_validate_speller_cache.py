"""The spelling list kept ready in $PNPGEN_CACHE answers exactly as pyspellchecker's own, and a damaged
copy is replaced rather than trusted."""

from __future__ import annotations

from spellchecker import SpellChecker

from pnpgen.validate.checks.spelling import _cached_speller


def test_the_kept_list_answers_as_the_library_and_a_damaged_copy_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path))
    words = ["colour", "house", "hosue", "recieve", "meeple", "couldn't"]
    plain = SpellChecker(language="en", distance=1)
    first = _cached_speller("en")
    (copy,) = (tmp_path / "spelling").glob("en-*.pickle")
    second = _cached_speller("en")  # read back from the copy
    for speller in (first, second):
        assert speller.unknown(words) == plain.unknown(words)
        assert [speller.correction(w) for w in words] == [plain.correction(w) for w in words]
    copy.write_bytes(b"not a pickle")
    third = _cached_speller("en")
    assert third.unknown(words) == plain.unknown(words)
    assert copy.read_bytes() != b"not a pickle"
