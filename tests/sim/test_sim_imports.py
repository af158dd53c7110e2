"""No import circles among the simulator's modules (issue #31 point 9).

Every ``import`` of a ``pnpgen.simulate`` module counts, function-level ones included (a circle
hidden inside a function is still a circle: neither module can be read or tested without the other).
The primitives reach the executor through ``GameState.triggers``, backends get the sweep's block
function as an argument, and the runner (not ``trace``) plays traced games.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pnpgen.simulate as sim

ROOT = Path(sim.__file__).parent


def _imports(path: Path) -> set[str]:
    """The simulator modules ``path`` imports, anywhere in the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "pnpgen.simulate":
                names.update(a.name for a in node.names)
            elif node.module.startswith("pnpgen.simulate."):
                names.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            names.update(a.name.split(".")[2] for a in node.names if a.name.startswith("pnpgen.simulate."))
    return {n for n in names if (path.parent / f"{n}.py").exists()} - {path.stem}


def graph(root: Path) -> dict[str, set[str]]:
    return {p.stem: _imports(p) for p in sorted(root.glob("*.py")) if p.stem != "__init__"}


def cycle(g: dict[str, set[str]]) -> list[str]:
    """One import circle of ``g`` (its modules in order, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(g.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return []

    for m in sorted(g):
        if m not in state and (found := visit(m)):
            return found
    return []


def test_simulator_modules_import_no_circle():
    g = graph(ROOT)
    assert len(g) > 15 and "executor" in g["setup"] and "state" in g["primitives"]  # the graph is read
    assert cycle(g) == [], " -> ".join(cycle(g))


def test_the_check_finds_a_circle_inside_a_function(tmp_path):
    (tmp_path / "a.py").write_text("from pnpgen.simulate import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from pnpgen.simulate.c import x\n")
    (tmp_path / "c.py").write_text("import pnpgen.simulate.a\n")
    assert cycle(graph(tmp_path)) == ["a", "b", "c", "a"]
    (tmp_path / "c.py").write_text("")
    assert cycle(graph(tmp_path)) == []
