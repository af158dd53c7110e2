"""The wheel is the whole program: built from the sources, installed into a fresh virtual environment
outside the repository, it makes and builds a new game and builds a bundled one.

Offline and quick: the wheel is built by the build backend pyproject.toml names, called as a build
frontend calls it (PEP 517 ``build_wheel``) with the test environment's setuptools (no build
isolation, and no pip process around it: ~2 s of CPU), and the fresh environment gets the core
dependencies by linking the already-installed distributions pnpgen's wheel requires (and theirs)
into one folder on its path, nothing else: an import of an extra (matplotlib, starlette, ray...)
fails there as on a user's core install. ``pip check`` in that environment confirms every requirement
of the wheel is met. The environment has no pip of its own: the test environment's pip installs into
it (without compiling every module: the commands below compile what they import) and checks it
(``pip --python``).
"""

from __future__ import annotations

import importlib.metadata as md
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pikepdf
import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[2]
EXTRAS_ONLY = {"matplotlib", "starlette", "uvicorn", "watchfiles", "ray", "ruamel.yaml"}
_SKIP_COPY = shutil.ignore_patterns(".git", ".venv", "output", "build", "dist", "*.egg-info", "__pycache__",
                                    ".*_cache", ".hypothesis", "tests", "bench")
# What a PEP 517 frontend does with the backend (``pip wheel --no-build-isolation`` runs the same hook).
BUILD_WHEEL = "import importlib, sys; print(importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2]))"


def _name(text: str) -> str:
    return text.lower().replace("_", "-").replace(".", "-")


def _core_requirements(metadata: str) -> list[Requirement]:
    reqs = [Requirement(line) for line in Parser().parsestr(metadata).get_all("Requires-Dist", [])]
    return [r for r in reqs if r.marker is None or r.marker.evaluate({"extra": ""})]


def _closure(requirements: list[Requirement]) -> list[md.Distribution]:
    """The installed distributions these requirements need, with what they need in turn."""
    seen: dict[str, md.Distribution] = {}
    todo = list(requirements)
    while todo:
        req = todo.pop()
        key = _name(req.name)
        if key in seen:
            continue
        dist = md.distribution(req.name)
        seen[key] = dist
        todo += _core_requirements(dist.read_text("METADATA") or "")
    return list(seen.values())


def _link_site(dists: list[md.Distribution], site: Path) -> None:
    """A folder holding each distribution's top-level modules and metadata, as links."""
    site.mkdir()
    for dist in dists:
        tops = {Path(str(f)).parts[0] for f in dist.files or () if not str(f).startswith("..")}
        for top in tops:
            source = Path(dist.locate_file(top))
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=_SKIP_COPY, symlinks=True)
    dist_dir = tmp / "dist"
    backend = tomllib.loads((src / "pyproject.toml").read_text())["build-system"]["build-backend"]
    built = subprocess.run([sys.executable, "-c", BUILD_WHEEL, backend, str(dist_dir)], cwd=src, check=True,
                           capture_output=True, text=True, timeout=600)
    wheel = dist_dir / built.stdout.splitlines()[-1]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    venv = tmp / "venv"
    # No pip inside (ensurepip costs ~8 s of CPU): this environment's pip acts on it with --python.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    _link_site(_closure(_core_requirements(metadata)), tmp / "deps")
    (site / "core-deps.pth").write_text(f"{tmp / 'deps'}\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
                    "--no-compile", str(wheel)],
                   check=True, capture_output=True, text=True, timeout=300)
    work = tmp / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PNPGEN_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(PNPGEN_SOURCES=str(tmp / "no-documents"), PNPGEN_CACHE=str(tmp / "cache"),
               PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    return {"names": names, "metadata": metadata, "venv": venv, "python": python, "work": work, "env": env}


def _run(installed: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(installed["venv"] / "bin" / "pnpgen"), *args], cwd=installed["work"],
                          env=installed["env"], capture_output=True, text=True, timeout=600)


def _pages(pdf: Path) -> int:
    with pikepdf.open(pdf) as doc:
        return len(doc.pages)


def test_core_requirements_hold_no_extra(installed):
    core = {_name(r.name) for r in _core_requirements(installed["metadata"])}
    assert core, "the wheel lists its core requirements"
    assert not core & {_name(n) for n in EXTRAS_ONLY}, sorted(core & {_name(n) for n in EXTRAS_ONLY})
    extras = Parser().parsestr(installed["metadata"]).get_all("Provides-Extra", [])
    assert {"studio", "plots", "ray", "all"} <= set(extras)


def test_wheel_holds_every_code_package_and_the_bundled_data(installed):
    names = set(installed["names"])
    code = {p.parent.relative_to(REPO).as_posix() for p in (REPO / "pnpgen").rglob("*.py")
            if "__pycache__" not in p.parts}
    assert not {f"{c}/__init__.py" for c in code if (REPO / c / "__init__.py").is_file()} - names
    for folder in ("cardspecs", "templates", "fonts"):
        shipped = {n.split("/", 2)[2] for n in names if n.startswith(f"pnpgen_bundled/{folder}/")}
        in_repo = {p.relative_to(REPO / folder).as_posix() for p in (REPO / folder).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts}
        assert in_repo <= shipped, sorted(in_repo - shipped)[:5]
    assert "pnpgen/profiles/SWOP2006coated_300_mth.icc" in names
    assert "pnpgen/serve/static/index.html" in names


def test_installed_pnpgen_finds_its_data_inside_the_environment(installed):
    probe = subprocess.run([installed["python"], "-c",
                            "from pnpgen import bundled\n"
                            "print(bundled.checkout())\n"
                            "for f in (bundled.cardspecs, bundled.templates, bundled.fonts, bundled.profiles, "
                            "bundled.studio): print(f())"],
                           cwd=installed["work"], env=installed["env"], capture_output=True, text=True, check=True)
    checkout, *folders = probe.stdout.split()
    assert checkout == "None"
    for folder in folders:
        assert Path(folder).is_relative_to(installed["venv"]) and Path(folder).is_dir(), folder
    check = subprocess.run([sys.executable, "-m", "pip", "--python", str(installed["python"]), "check"], env=installed["env"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_installed_wheel_makes_and_builds_a_new_game(installed):
    new = _run(installed, "new", "mygame")
    assert new.returncode == 0, new.stderr
    build = _run(installed, "build", "mygame")
    assert build.returncode == 0, build.stderr
    pdf = installed["work"] / "output" / "mygame" / "mygame-a4.pdf"
    assert _pages(pdf) >= 2


def test_installed_wheel_builds_a_bundled_game(installed):
    build = _run(installed, "build", "xenoshyft")
    assert build.returncode == 0, build.stderr
    out = installed["work"] / "output" / "xenoshyft"
    assert _pages(out / "xenoshyft-a4.pdf") >= 2
    assert _pages(out / "xenoshyft-reference-a4.pdf") >= 1


def test_installed_core_names_the_missing_studio_extra(installed):
    serve = _run(installed, "serve", "xenoshyft")
    assert serve.returncode == 2
    assert serve.stderr.strip().splitlines() == [
        "error: pnpgen serve needs the studio extra (starlette, uvicorn, watchfiles, ruamel.yaml not installed): "
        "pip install 'pnpgen[studio]'"]
