"""One YAML reader with locations (pnpgen.yamlread) under spec files and templates: the same
safety limits for both, each worded by its caller, and the template's own reading rules kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.spec.errors import SpecError
from pnpgen.spec.yamlio import load_yaml_text
from pnpgen.template.yamlsrc import SrcMap, YamlError, load_yaml

BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
DEEP = "k: " + "[" * 200 + "]" * 200 + "\n"


def _template(text: str):
    return load_yaml(Path("/nowhere/t.yaml"), "templates/t.yaml", text)


@pytest.mark.parametrize("text, words", [(BOMB, "aliases expand to more than"), (DEEP, "nested more than"),
                                         ("a: &x [1, *x]\n", "recursive alias"), ("a: !!python/object x\n", "unknown YAML tag")])
def test_spec_files_and_templates_are_held_to_the_same_limits(text: str, words: str):
    with pytest.raises(SpecError, match=words) as spec:
        load_yaml_text(text, "cards.yaml")
    with pytest.raises(YamlError, match=words) as template:
        _template(text)
    assert str(spec.value).startswith("cards.yaml:") and str(template.value).startswith("templates/t.yaml:")


def test_each_caller_words_a_repeated_key_its_own_way():
    with pytest.raises(SpecError, match=r"cards.yaml:2: key 'a' appears twice in one mapping; remove one of them"):
        load_yaml_text("a: 1\na: 2\n", "cards.yaml")
    with pytest.raises(YamlError, match=r"^templates/t.yaml:2: duplicate key 'a'$"):
        _template("a: 1\na: 2\n")


def test_template_keys_are_text_and_block_text_starts_below_its_bar():
    data = _template("1: one\nbox:\n  text: |\n    first line\n  size: 8\n")
    assert isinstance(data, SrcMap) and list(data) == ["1", "box"]
    assert data["box"].where("text") == ("templates/t.yaml", 3)
    assert data["box"].value_where("text") == ("templates/t.yaml", 4)
    assert data["box"].value_where("size") == ("templates/t.yaml", 5)
    with pytest.raises(SpecError, match="a mapping key must be plain text"):
        load_yaml_text("? [a, b]\n: 1\n", "cards.yaml")


def test_merge_keys_merge_in_specs_and_are_refused_in_templates():
    assert load_yaml_text("base: &b {cost: 1}\ncard:\n  <<: *b\n  hp: 2\n", "c.yaml")["card"] == {"cost": 1, "hp": 2}
    with pytest.raises(YamlError, match=r"templates/t.yaml:1: YAML value '<<' does not fit its tag"):
        _template("<<: {m: 1}\n")


def test_an_empty_template_is_an_empty_mapping_and_a_null_one_is_null():
    assert _template("# nothing\n") == {} and _template("~\n") is None


@pytest.mark.parametrize("value", ["!!int", "!!float", "!!bool maybe", "!!timestamp x", "!!int 0x"])
def test_a_value_its_tag_cannot_take_is_one_error_in_both(value: str):
    with pytest.raises(SpecError, match=r"c.yaml:2: YAML value does not fit its tag \(\w+Error"):
        load_yaml_text(f"ok: 1\na: {value}\n", "c.yaml")
    with pytest.raises(YamlError, match=r"templates/t.yaml:2: YAML value .* does not fit its tag tag:yaml.org"):
        _template(f"ok: 1\na: {value}\n")
