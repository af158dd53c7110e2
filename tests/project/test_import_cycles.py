"""No two modules of pnpgen import each other, directly or through others (issue #31 point 6).

import-linter's contracts (``make lint``) hold the layers and forbid cycles between sibling
packages, with two template -> render exceptions named in pyproject.toml. This test is the module
level with no exceptions at all: every import, at the top of a module or inside a function, and
the same search run on a small package made with a cycle, so it is seen to find one.
"""

from __future__ import annotations

import sys

import grimp


def module_cycles(package: str) -> list[list[str]]:
    """Each set of modules of ``package`` that import one another in a circle (Tarjan's strongly
    connected components of the import graph), sorted."""
    graph = grimp.build_graph(package, cache_dir=None)
    imports = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in imports[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in imports:
        if module not in index:
            visit(module)
    return sorted(found)


def test_pnpgen_has_no_import_cycles():
    assert module_cycles("pnpgen") == []


def test_a_cycle_through_a_function_level_import_is_found(tmp_path, monkeypatch):
    pkg = tmp_path / "cyclepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyclepkg import b\n")
    (pkg / "b.py").write_text("from cyclepkg import c\n")
    (pkg / "c.py").write_text("def late():\n    from cyclepkg import a\n")
    (pkg / "d.py").write_text("from cyclepkg import a\n")  # imports into the circle, is not part of it
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert module_cycles("cyclepkg") == [["cyclepkg.a", "cyclepkg.b", "cyclepkg.c"]]
    finally:
        for name in [m for m in sys.modules if m == "cyclepkg" or m.startswith("cyclepkg.")]:
            del sys.modules[name]
