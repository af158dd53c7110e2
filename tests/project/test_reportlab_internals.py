"""reportlab's internals are touched in one module, ``pnpgen.render.rlcompat``: no other module
under ``pnpgen/`` reads or writes a private attribute of reportlab's objects (``canvas._doc``,
``text._code``, ``font._dynamicFont``…), uses its private object protocol (``__NoDefault__``,
``__InternalName__``…), overrides one of its private methods, imports a private name from it, or
assigns into a reportlab module or class (a patch). Checked on the source (AST), so a new touch
fails here naming its file and line, and against the reportlab installed (``pyproject.toml`` pins
the range rlcompat is tested with).

Only the modules whose source could hold a touch are parsed: those naming reportlab or one of its
private names as a whole word, or writing an underscore as an escape in a string (the AST would
read that as the name); a module with none of these has nothing the scan could find (~2 s of CPU
less than parsing all ~250)."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import io
import re
import warnings
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pnpgen"
ALLOWED = PACKAGE / "render" / "rlcompat.py"
# The modules of the objects pnpgen writes PDFs with (canvas, text, document, fonts); reportlab's
# general helpers (colours, utilities, graphics) are left out: their private names are common
# words (_cache, _copy, _load) that pnpgen's own classes use too.
MODULES = ("reportlab.pdfgen.canvas", "reportlab.pdfgen.textobject", "reportlab.pdfgen.pathobject",
           "reportlab.pdfbase.pdfdoc", "reportlab.pdfbase.pdfmetrics", "reportlab.pdfbase.ttfonts")
# reportlab's own object protocol: class attributes in dunder form that are no part of Python's.
PROTOCOL = frozenset({"__NoDefault__", "__Comment__", "__InternalName__", "__RefOnly__", "__accum__",
                      "__Defaults__", "__PDFObject__"})
# Set by reportlab only on some objects (a picture with an alpha channel), so no fresh object shows it.
OCCASIONAL = frozenset({"_smask"})


def _parse(path: Path) -> ast.Module:
    with warnings.catch_warnings():  # a module's own invalid escapes are its linter's business
        warnings.simplefilter("ignore")
        return ast.parse(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)  # both scans read every module: each is parsed and walked once
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parse(path)))


def _private_names() -> frozenset[str]:
    """Every single-underscore attribute of reportlab's classes and of a fresh canvas, text
    object, document and TrueType font (the state they set in ``__init__``)."""
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from pnpgen import bundled

    names: set[str] = set()
    for name in MODULES:
        for value in vars(importlib.import_module(name)).values():
            if inspect.isclass(value) and value.__module__.startswith("reportlab"):
                for cls in value.__mro__:
                    if cls.__module__.startswith("reportlab"):
                        names.update(vars(cls))
    canvas = Canvas(io.BytesIO())
    # reportlab's own TTFont, not pnpgen's subclass: the attributes pnpgen adds are pnpgen's.
    font = TTFont("ProbeFace", str(next(bundled.fonts().rglob("*.ttf"))))
    for obj in (canvas, canvas.beginText(), vars(canvas)["_doc"], font):
        names.update(vars(obj))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__")) | OCCASIONAL


@functools.lru_cache(maxsize=None)
def _reportlab_aliases(path: Path) -> frozenset[str]:
    """Names a module binds to reportlab modules or classes (``import reportlab.x as y``, ``from
    reportlab.x import Y``)."""
    bound = set()
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            bound |= {a.asname or a.name.split(".")[0] for a in node.names if a.name.startswith("reportlab")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            bound |= {a.asname or a.name for a in node.names}
    return frozenset(bound)


def _root(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def touches(path: Path, private: frozenset[str]) -> list[str]:
    """Every place in ``path`` that touches reportlab's internals, as 'file:line: what'."""
    aliases = _reportlab_aliases(path)
    rel = path.relative_to(PACKAGE.parent) if path.is_relative_to(PACKAGE.parent) else path.name
    found = []

    def at(node: ast.AST, what: str) -> None:
        found.append(f"{rel}:{node.lineno}: {what}")

    for node in _nodes(path):
        if isinstance(node, ast.Attribute) and (node.attr in private or node.attr in PROTOCOL):
            at(node, f"attribute {node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                node.value in private or node.value in PROTOCOL):
            at(node, f"name {node.value!r} as a string (getattr, __dict__)")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            for alias in node.names:
                if alias.name.startswith("_"):
                    at(node, f"private import {node.module}.{alias.name}")
        elif isinstance(node, ast.ClassDef) and any(_root(b) in aliases for b in node.bases):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and (item.name in private or item.name in PROTOCOL):
                    at(item, f"override of {item.name}")
                if isinstance(item, ast.Assign) and any(isinstance(t, ast.Name) and t.id in PROTOCOL
                                                        for t in item.targets):
                    at(item, "reportlab protocol class attribute")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and _root(target) in aliases:
                    at(node, f"assignment into reportlab ({ast.unparse(target)})")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
              and node.args and _root(node.args[0]) in aliases):
            at(node, f"setattr on reportlab ({ast.unparse(node.args[0])})")
    return found


def _candidates(names: frozenset[str], root: Path = PACKAGE) -> list[Path]:
    """pnpgen's modules whose source names reportlab or one of ``names`` as a whole word, or writes an
    underscore as a string escape; the others can hold no touch and no own name of interest."""
    word = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
                      + r")(?!\w)|reportlab|\\(?:x5f|u005f|U0000005f|137|N\{LOW LINE\})", re.I)
    return [path for path in sorted(root.rglob("*.py")) if word.search(path.read_text(encoding="utf-8"))]


def _own_names(paths: list[Path]) -> frozenset[str]:
    """Private names pnpgen's own classes (none of them a reportlab subclass) keep on ``self``:
    ``CmykConverter._cache`` is pnpgen's, whatever reportlab's fonts call theirs."""
    own = set()
    for path in paths:
        aliases = _reportlab_aliases(path)
        for cls in _nodes(path):
            if not isinstance(cls, ast.ClassDef) or any(_root(b) in aliases for b in cls.bases):
                continue
            for node in ast.walk(cls):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _root(node) == "self":
                    own.add(node.attr)
                elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                          for t in node.targets):
                    own |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    return frozenset(own)


def test_only_rlcompat_touches_reportlab_internals() -> None:
    paths = _candidates(_private_names() | PROTOCOL)
    assert ALLOWED in paths and len(paths) > 10, paths
    private = _private_names() - _own_names(paths)
    assert {"_doc", "_code", "_formsinuse", "_fontname", "_curSubset", "_setExtGState", "_smask"} <= private
    found = [hit for path in paths if path != ALLOWED for hit in touches(path, private)]
    assert not found, "reportlab internals outside pnpgen/render/rlcompat.py:\n" + "\n".join(found)


def test_the_scan_finds_each_kind_of_touch(tmp_path: Path) -> None:
    """The scan is not blind: a module with one touch of each kind gives one finding each."""
    bad = tmp_path / "probe.py"
    bad.write_text(
        "from reportlab import rl_config\n"
        "from reportlab.pdfbase.pdfdoc import PDFObject, _foo\n"
        "def f(canvas, obj):\n"
        "    canvas._code.append('q')\n"
        "    obj.__NoDefault__ = []\n"
        "    getattr(canvas, '_doc')\n"
        "    rl_config.useA85 = 0\n"
        "class X(PDFObject):\n"
        "    def _setExtGState(self, obj):\n"
        "        pass\n", encoding="utf-8")
    found = touches(bad, _private_names())
    kinds = sorted(hit.split(": ", 1)[1].split(" ")[0] for hit in found)
    assert kinds == ["assignment", "attribute", "attribute", "name", "override", "private"], found


def test_only_modules_that_cannot_touch_are_left_unparsed(tmp_path: Path) -> None:
    modules = {"attribute": "def f(c):\n    c._code.append('q')\n", "string": "getattr(c, '_doc')\n",
               "escaped": "getattr(c, '\\x5fdoc')\n", "import": "import reportlab.pdfgen.canvas as rc\n",
               "protocol": "o.__NoDefault__ = []\n",
               "clean": "error_code = 1\nself.doc = self._mine\n# the _code_ of _doc2\n"}
    for name, text in modules.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    kept = {p.stem for p in _candidates(_private_names() | PROTOCOL, tmp_path)}
    assert kept == set(modules) - {"clean"}, kept
    assert touches(tmp_path / "escaped.py", _private_names()), "the AST reads the escape as the name"


def test_the_installed_reportlab_is_in_the_pinned_range() -> None:
    import reportlab
    from packaging.requirements import Requirement

    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    line = next(item.strip().strip('",') for item in text.splitlines() if item.strip().startswith('"reportlab'))
    requirement = Requirement(line.split("#")[0].strip().strip('",'))
    assert requirement.specifier and "<" in str(requirement.specifier), "reportlab needs an upper bound"
    assert requirement.specifier.contains(reportlab.Version), (reportlab.Version, str(requirement.specifier))

