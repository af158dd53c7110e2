"""The core install runs build, validate, new, export and simulate without any extra; a command that
needs a missing extra (studio, plots, ray) exits 2 with one line naming it and the pip install.

Each run is a case of tests/harness.py: a process forked from one that imported pnpgen and never the
extras, with the extras' modules set to None in ``sys.modules``: importing one raises ImportError, as
on a machine where it is not installed (a fresh interpreter each would cost ~0.5 s of CPU more). The
installed command on a real core install is tests/project/test_wheel_install.py's."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import Outcome, run_pnpgen

EXTRA_MODULES = ("starlette", "uvicorn", "watchfiles", "ruamel", "ruamel.yaml", "matplotlib", "ray")


def _pnpgen(*args: str, cwd: Path, blocked: tuple[str, ...] = EXTRA_MODULES) -> Outcome:
    # rich's width without a terminal; the cache outside the folder, which must stay empty on a refusal
    env = {"COLUMNS": "80", "PNPGEN_CACHE": str(cwd.parent / "cache")}
    return run_pnpgen(*args, cwd=cwd, env=env, blocked=blocked)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "work").mkdir()
    return tmp_path / "work"


@pytest.mark.parametrize("args, extra, command", [
    (["serve", "xenoshyft"], "studio", "pnpgen serve"),
    (["watch", "xenoshyft"], "studio", "pnpgen watch"),
    (["simulate", "xenoshyft", "--games", "1", "--plot", "plots"], "plots", "pnpgen simulate --plot"),
    (["sweep", "xenoshyft", "--vary", "cost=+1", "--plot", "s.png"], "plots", "pnpgen sweep --plot"),
    (["stats", "xenoshyft", "--plot", "c.png"], "plots", "pnpgen stats --plot"),
    (["sweep", "xenoshyft", "--vary", "cost=+1", "--backend", "ray"], "ray", "pnpgen sweep --backend ray"),
])
def test_command_needing_a_missing_extra_says_which_in_one_line(work, args, extra, command):
    run = _pnpgen(*args, cwd=work)
    assert run.code == 2, run.describe()
    assert len(run.lines) == 1, run.describe()  # stdout and stderr together: nothing but the one line
    assert run.lines[0].startswith(f"error: {command} needs the {extra} extra"), run.lines[0]
    assert f"pip install 'pnpgen[{extra}]'" in run.lines[0]
    assert not list(work.iterdir()), "nothing is written before the check"


def test_one_missing_module_of_an_extra_is_named(work):
    run = _pnpgen("serve", "xenoshyft", cwd=work, blocked=("uvicorn",))
    assert run.code == 2, run.describe()
    assert "needs the studio extra (uvicorn not installed)" in run.output


def test_core_commands_run_without_any_extra(work):
    new = _pnpgen("new", "mygame", cwd=work)
    assert new.code == 0, new.describe()
    build = _pnpgen("build", "mygame", "--workers", "1", cwd=work)
    assert build.code == 0, build.describe()
    assert (work / "output" / "mygame" / "mygame-a4.pdf").stat().st_size > 0
    validate = _pnpgen("validate", "mygame", cwd=work)
    assert validate.code == 0, validate.describe()
    export = _pnpgen("export", "mygame", "--csv", "--out", "csv", cwd=work)
    assert export.code == 0, export.describe()
    assert list((work / "csv").glob("*.csv"))
    watch = _pnpgen("watch", "mygame", "--once", cwd=work)
    assert watch.code == 0, watch.describe()
    simulate = _pnpgen("simulate", "xenoshyft", "--games", "2", "--workers", "1", "--json", cwd=work)
    assert simulate.code == 0, simulate.describe()
    assert '"games"' in simulate.output
