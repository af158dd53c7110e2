"""Spec YAML written through libyaml's emitter (when PyYAML has it) is byte for byte what PyYAML's
Python emitter writes, and data the two would write differently goes through the Python one
(the extracted cardspecs themselves: tests/extract/test_extract_reproducible.py)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpgen.spec import yamlio


def python_emitter(data) -> str:
    return yaml.dump(data, Dumper=yamlio._StableDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=10_000)


# Where the emitters differ: libyaml writes these otherwise (an empty key as a simple key, a CR key
# as a complex one, NEL escaped, a document of one scalar without "...").
DIFFERING = [{"": 1}, {"\r": 1}, {"k": "a\x85b"}, ["a\x85b"], {"k": {"j": "a\x85b"}}, "plain", None]


@pytest.mark.parametrize("data", DIFFERING, ids=repr)
def test_data_the_emitters_write_differently_is_written_by_python(data):
    assert not yamlio._alike_in_libyaml(data)
    assert yamlio.dump_yaml(data) == python_emitter(data)


def test_card_data_goes_through_libyaml_when_pyyaml_has_it():
    data = yamlio.load_yaml_text("cards:\n- id: a\n  name: “Ace” — é\n  copies: 2\n  text: 'x: y'\n", "t.yaml")
    assert yamlio._alike_in_libyaml(data)
    assert yamlio.dump_yaml(data) == python_emitter(data)
    if yaml.__with_libyaml__:
        assert yamlio._FastStableDumper is not None


# Text from the characters either emitter treats specially: breaks, quotes, indicators, spaces, and
# characters outside the range written alike (they must send the data to the Python emitter).
_chars = st.one_of(st.characters(min_codepoint=0x20, max_codepoint=0xfffd, exclude_categories=("Cs",)),
                   st.sampled_from(list("\n\n #:-?[]{},&*!|>'\"%@`\\~.\t\r\x85\u2028\u2029\ufeff\U0001F600")))
_text = st.text(_chars, max_size=30) | st.sampled_from(["", " a", "a ", "yes", "null", "~", "1.0", "0x1F", "- a",
                                                       "---", "...", "12:30", ".inf", "<<", "x y " * 260])
_scalars = st.one_of(_text, st.integers(), st.floats(), st.booleans(), st.none())
_data = st.recursive(_scalars, lambda c: st.lists(c, max_size=3) | st.dictionaries(_text | st.integers(), c, max_size=3),
                     max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.dictionaries(_text, _data, max_size=4) | st.lists(_data, max_size=3))
def test_same_bytes_as_the_python_emitter(data):
    assert yamlio.dump_yaml(data) == python_emitter(data)
