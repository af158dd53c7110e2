"""The simulator's per-game code reads enum members through module constants, all defined once.

Python 3.11's ``EnumType`` defines ``__getattr__``, which sends every ``Kind.TROOP`` read through
the slow attribute hook (76 ns against 6 ns for a module global); the rules code made about 1,100
such reads per game, a seventh of its run time (docs/simulation.md, benchmark round 4). The members
are bound once in ``simulate/constants.py`` (``KIND_TROOP = Kind.TROOP``) and imported from there by
name (a global of the importing module). These tests fail when a function body of a per-game module
reads a member through its enum class again, or when a module binds its own copy of a member.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pnpgen.simulate as sim

ENUMS = {"Kind", "Selector", "Zone", "Filter", "Stat", "Limit", "Verb", "EventKind", "Duration", "Join"}
HOT = ("combat", "executor", "phases", "policies", "primitives", "query", "valuation")


def _enum_reads(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in ENUMS and node.attr.isupper():
                found.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_hot_modules_read_enum_members_through_constants():
    root = Path(sim.__file__).parent
    found = [hit for name in HOT for hit in _enum_reads(root / f"{name}.py")]
    assert not found, "bind these at module level (e.g. _TROOP = Kind.TROOP): " + ", ".join(sorted(set(found)))


def _aliases(path: Path) -> list[str]:
    """Module-level ``NAME = Enum.MEMBER`` bindings (a copy of a constants.py name)."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) \
                and isinstance(node.value.value, ast.Name) and node.value.value.id in ENUMS:
            found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    return found


def test_enum_members_are_bound_only_in_the_constants_module():
    root = Path(sim.__file__).parent
    found = [hit for path in sorted(root.glob("*.py")) if path.name != "constants.py" for hit in _aliases(path)]
    assert not found, "import these from pnpgen.simulate.constants instead: " + ", ".join(found)
    assert len(_aliases(root / "constants.py")) > 80


def test_the_check_sees_a_member_read(tmp_path):
    """The detector itself: a function reading ``Kind.TROOP`` is reported, a constant is not."""
    sample = tmp_path / "sample.py"
    sample.write_text("_TROOP = Kind.TROOP\n\ndef f(t):\n    return t.kind is Kind.TROOP or t is _TROOP\n")
    assert _enum_reads(sample) == ["sample.py:4 Kind.TROOP"]
    assert _aliases(sample) == ["sample.py:1 _TROOP = Kind.TROOP"]
