"""The core install runs build, validate, new, export and simulate without any extra; a command that
needs a missing extra (studio, plots, ray) exits 2 with one line naming it and the pip install.

Each run is a fresh interpreter in which the extras' modules are set to None in ``sys.modules``:
importing one raises ImportError, as on a machine where it is not installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXTRA_MODULES = ("starlette", "uvicorn", "watchfiles", "ruamel", "ruamel.yaml", "matplotlib", "ray")

RUNNER = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None
sys.argv = ["pnpgen", *sys.argv[1:]]
from pnpgen.cli import main
main()
"""


def _pnpgen(*args: str, cwd: Path, blocked: tuple[str, ...] = EXTRA_MODULES) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RUNNER.format(blocked=blocked), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args, extra, command", [
    (["serve", "xenoshyft"], "studio", "pnpgen serve"),
    (["watch", "xenoshyft"], "studio", "pnpgen watch"),
    (["simulate", "xenoshyft", "--games", "1", "--plot", "plots"], "plots", "pnpgen simulate --plot"),
    (["sweep", "xenoshyft", "--vary", "cost=+1", "--plot", "s.png"], "plots", "pnpgen sweep --plot"),
    (["stats", "xenoshyft", "--plot", "c.png"], "plots", "pnpgen stats --plot"),
    (["sweep", "xenoshyft", "--vary", "cost=+1", "--backend", "ray"], "ray", "pnpgen sweep --backend ray"),
])
def test_command_needing_a_missing_extra_says_which_in_one_line(tmp_path, args, extra, command):
    run = _pnpgen(*args, cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(f"error: {command} needs the {extra} extra"), lines[0]
    assert f"pip install 'pnpgen[{extra}]'" in lines[0]
    assert not list(tmp_path.iterdir()), "nothing is written before the check"


def test_one_missing_module_of_an_extra_is_named(tmp_path):
    run = _pnpgen("serve", "xenoshyft", cwd=tmp_path, blocked=("uvicorn",))
    assert run.returncode == 2
    assert "needs the studio extra (uvicorn not installed)" in run.stderr


def test_core_commands_run_without_any_extra(tmp_path):
    new = _pnpgen("new", "mygame", cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    build = _pnpgen("build", "mygame", "--workers", "1", cwd=tmp_path)
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "output" / "mygame" / "mygame-a4.pdf").stat().st_size > 0
    validate = _pnpgen("validate", "mygame", cwd=tmp_path)
    assert validate.returncode == 0, validate.stderr
    export = _pnpgen("export", "mygame", "--csv", "--out", "csv", cwd=tmp_path)
    assert export.returncode == 0, export.stderr
    assert list((tmp_path / "csv").glob("*.csv"))
    watch = _pnpgen("watch", "mygame", "--once", cwd=tmp_path)
    assert watch.returncode == 0, watch.stderr
    simulate = _pnpgen("simulate", "xenoshyft", "--games", "2", "--workers", "1", "--json", cwd=tmp_path)
    assert simulate.returncode == 0, simulate.stderr
    assert '"games"' in simulate.stdout
