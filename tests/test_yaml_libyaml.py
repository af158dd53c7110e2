"""Spec YAML read through libyaml's parser (when PyYAML has it) gives exactly what the Python parser
gives: the same values and line marks on good files, the same one-line errors on bad ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.errors import one_line
from pnpgen.spec import yamlio
from pnpgen.spec.errors import SpecError

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(yamlio._LocLoader is yamlio._PyLocLoader, reason="PyYAML without libyaml")


def _marked(x):
    """Values with every line mark, for an exact comparison."""
    if isinstance(x, yamlio.LocDict):
        return ("map", x.line, dict(x.lines), {k: _marked(v) for k, v in x.items()})
    if isinstance(x, yamlio.LocList):
        return ("seq", x.line, list(x.lines), [_marked(v) for v in x])
    return (type(x).__name__, x)


@pytest.mark.parametrize("path", sorted((REPO / "cardspecs").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_same_values_and_lines(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yamlio._load(yamlio._LocLoader, text, path)
    slow = yamlio._load(yamlio._PyLocLoader, text, path)
    assert _marked(fast) == _marked(slow)
    assert _marked(yamlio.load_yaml_text(text, path)) == _marked(slow)


BAD = [
    "a: [1, 2",                    # libyaml: "did not find expected ',' or ']'" on line 2
    "a: b: c",
    "a: b\x07c",                   # libyaml: "control characters are not allowed"
    "x: &a [1]\ny: *b",
    "k:\n\t- 1",
    "a: " + "[" * 2000 + "]" * 2000,  # beyond libyaml's own nesting cap: our limit's message
    "a: " + "[" * 150 + "]" * 150,    # beyond ours only
    "a: !!python/object:os.system x",
    "a: 1\na: 2",
]


@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_same_errors(text: str) -> None:
    with pytest.raises(SpecError) as py:
        yamlio._load(yamlio._PyLocLoader, text, "f.yaml")
    with pytest.raises(SpecError) as got:
        yamlio.load_yaml_text(text, "f.yaml")
    assert one_line(str(got.value)) == one_line(str(py.value))
