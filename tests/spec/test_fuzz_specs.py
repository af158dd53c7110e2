"""Property-based hardening: mutated and random spec YAML never crashes the loader or validator.

Every outcome is either a loaded game or a one-line ``SpecError`` naming the file; nothing else
may escape (no KeyError, TypeError, AttributeError from malformed input).
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpgen.spec import SpecError, load_game
from pnpgen.validate import validate_game

DATA = Path(__file__).parents[1] / "data"
FILES = ("game.yaml", "units.yaml", "_overrides.yaml")

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 99), st.floats(allow_nan=False, width=16),
                    st.text(max_size=12), st.just("63mm x 88mm"), st.just("[1"), st.just("{a: 1}"), st.just("- x"))
yaml_chunks = st.one_of(scalars.map(str), st.sampled_from([":", "- ", "  ", "\n", "{", "}", "[", "]", "'", '"', "#", "&a", "*a", "!!int"]))


ORIGINALS = {name: (DATA / "minigame" / name).read_bytes() for name in FILES}


@pytest.fixture(scope="module")
def folder():
    """One copy of the minigame for every example of a module: an example edits one file and writes
    it back afterwards, cheaper than a fresh copy and its removal, or than writing every file back
    (each write of a file is a truncation the file system journals)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g"
        path.mkdir()
        for name, text in ORIGINALS.items():
            path.joinpath(name).write_bytes(text)
        yield path


def _load_in_copy(folder: Path, name: str, edit) -> None:
    """``edit`` the file ``name`` of the copy, load and validate the copy, and put the file back."""
    assert {p.name for p in folder.iterdir()} == set(FILES)  # an edit never leaves another file behind
    try:
        edit(folder / name)
        try:
            game = load_game(folder)
        except SpecError as err:
            message = str(err)
            assert "\n" not in message and message.strip()
            return
        validate_game(game, with_fit=False)
    finally:
        (folder / name).write_bytes(ORIGINALS[name])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(FILES), at=st.floats(0, 1), cut=st.integers(0, 40), insert=yaml_chunks)
def test_mutated_yaml_fails_cleanly(folder: Path, name: str, at: float, cut: int, insert: str):
    def edit(path: Path) -> None:
        text = path.read_text()
        i = int(at * len(text))
        path.write_text(text[:i] + insert + text[i + cut:])

    _load_in_copy(folder, name, edit)


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(FILES), key=st.sampled_from(["id", "name", "type", "copies", "wave", "cost", "kind",
                                                         "ability", "size", "players", "count", "shape", "sides",
                                                         "card_types", "fields", "components", "set", "reason"]),
       value=scalars)
def test_replaced_values_fail_cleanly(folder: Path, name: str, key: str, value):
    import yaml

    def edit(path: Path) -> None:
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            stripped = line.lstrip(" -")
            if stripped.startswith(f"{key}:"):
                indent = line[: len(line) - len(stripped)]
                lines[i] = f"{indent}{key}: {yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}"
                break
        path.write_text("\n".join(lines) + "\n")

    _load_in_copy(folder, name, edit)


@settings(max_examples=100, deadline=None)
@given(doc=st.recursive(scalars, lambda children: st.one_of(st.lists(children, max_size=4),
                                                         st.dictionaries(st.text(max_size=6), children, max_size=4)),
                    max_leaves=12))
def test_random_documents_fail_cleanly(folder: Path, doc):
    import yaml

    def edit(path: Path) -> None:
        path.write_text(yaml.safe_dump(doc))

    _load_in_copy(folder, "units.yaml", edit)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _replace(node, path, value):
    if not path:
        return value
    copy = dict(node) if isinstance(node, dict) else list(node)
    copy[path[0]] = _replace(node[path[0]], path[1:], value)
    return copy


@functools.cache
def _parsed(name: str) -> tuple[object, list[tuple]]:
    """A spec file of the minigame parsed, and every path in it (``_replace`` leaves both intact)."""
    import yaml

    doc = yaml.safe_load(ORIGINALS[name].decode("utf-8"))
    return doc, list(_paths(doc))


values = st.recursive(scalars, lambda children: st.one_of(st.lists(children, max_size=3),
                                                           st.dictionaries(st.sampled_from(["a", "id", "type", "min", "line", "text"]), children, max_size=3)),
                      max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(FILES), pick=st.floats(0, 1), value=values)
def test_structured_replacement_fails_cleanly(folder: Path, name: str, pick: float, value):
    """Replace the value at a random path of a parsed spec file with a random value."""
    import yaml

    def edit(path: Path) -> None:
        doc, paths = _parsed(name)  # parsed once: pure-Python YAML parsing was half of each example
        target = paths[min(int(pick * len(paths)), len(paths) - 1)]
        path.write_text(yaml.dump(_replace(doc, target, value), Dumper=yaml.CSafeDumper))

    _load_in_copy(folder, name, edit)


def test_complex_mapping_key_is_a_clean_error(tmp_path: Path):
    folder = tmp_path / "g"
    shutil.copytree(DATA / "minigame", folder)
    (folder / "_overrides.yaml").write_text("overrides:\n  - ? [a]\n    : 1\n")
    try:
        load_game(folder)
    except SpecError as err:
        assert "_overrides.yaml:2: a mapping key must be plain text" in str(err)
    else:
        raise AssertionError("a list used as a key must be refused")
