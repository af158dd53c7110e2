"""Spec YAML read through libyaml's parser (when PyYAML has it) gives exactly what the Python parser
gives: the same values and line marks on every spec file (errors: tests/spec/test_spec_loader.py, tests/hostile)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pnpgen import yamlread
from pnpgen.spec import yamlio
from pnpgen.yamlsafe import BoundedComposer
from yamlkit import marked

REPO = Path(__file__).resolve().parents[2]

# The same loader on PyYAML's pure-Python parser: libyaml's events (what pnpgen uses) must compose
# into the same values with the same line marks.
_PyLocLoader = type("_PyLocLoader", (BoundedComposer, yaml.SafeLoader),
                    {**{name: getattr(yamlread.LocLoader, name) for name in (
                        "get_single_data", "construct_checked", "text_keys", "value_lines", "merge_keys")},
                     "yaml_constructors": dict(yamlread.LocLoader.yaml_constructors)})


@pytest.mark.parametrize("path", sorted((REPO / "cardspecs").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_same_values_and_lines(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    loader = _PyLocLoader(text)
    loader.name = str(path)
    try:
        slow = loader.get_single_data()
    finally:
        loader.dispose()
    assert marked(yamlio.load_yaml_text(text, path)) == marked(slow)
