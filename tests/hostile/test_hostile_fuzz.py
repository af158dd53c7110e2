"""Hypothesis-generated hostile expansion folders: random YAML structures and values in a card file
and in a template never give a traceback — `pnpgen validate` and `build` exit 0, 1 or 2, and an
exit 2 is exactly one line. Runs in-process (CliRunner) to stay fast; the subprocess-with-limits
cases are in test_hostile.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnpgen.cli import app

runner = CliRunner()

FIELDS = ["id", "name", "type", "copies", "cost", "kind", "boost_power", "boost_hp", "ability", "legendary", "replaces",
          "hp", "power", "x"]
texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(), texts,
                    st.sampled_from(["item", "troop", "equipment", "atlas-armor", "63mm x 88mm", "{{ card.x }}", "*a"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(FIELDS) | texts, inner, max_size=5)),
                      max_leaves=20)
cards = st.dictionaries(st.sampled_from(FIELDS), values, max_size=10)
documents = st.one_of(values, st.fixed_dictionaries({"cards": st.one_of(st.lists(cards, max_size=4), values)}))
raw_chunks = st.lists(st.one_of(texts, st.sampled_from([":", "- ", "  ", "\n", "{", "[", "&a ", "*a", "!!python/object ",
                                                        "<<: *a", "\x00", "\x1b", "\ufeff", "cards:\n  - "])), max_size=30)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz") / "exp"
    made = runner.invoke(app, ["new", str(folder), "--game", "xenoshyft"])
    assert made.exit_code == 0, made.output
    return folder


def _check(folder: Path, *args: str) -> None:
    result = runner.invoke(app, [*args, str(folder)], catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}")
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2:
        lines = [ln for ln in result.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:") and len(lines[0]) <= 600, result.output


def _with(template: Path, tmp: Path, rel: str, content: str) -> Path:
    folder = tmp / "exp"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(template, folder)
    (folder / rel).write_text(content, encoding="utf-8")
    return folder


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(doc=documents)
def test_random_card_structures_never_crash(doc, template: Path, tmp_path: Path) -> None:
    _check(_with(template, tmp_path, "cards/item.yaml", yaml.safe_dump(doc, allow_unicode=True)), "validate", "--no-fit")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(chunks=raw_chunks)
def test_random_card_text_never_crashes(chunks, template: Path, tmp_path: Path) -> None:
    _check(_with(template, tmp_path, "cards/item.yaml", "".join(chunks)), "validate", "--no-fit")


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(doc=st.dictionaries(st.sampled_from(["extends", "boxes", "styles", "vars", "size", "palette"]) | texts, values,
                           max_size=4))
def test_random_templates_never_crash(doc, template: Path, tmp_path: Path) -> None:
    _check(_with(template, tmp_path, "templates/item.yaml", yaml.safe_dump(doc, allow_unicode=True)), "validate")
