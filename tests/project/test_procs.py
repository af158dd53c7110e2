"""Helper processes (``pnpgen.procs``): a helper sees its caller's environment and working folder of
the moment it starts, as a spawned one did, even when it forks from a fork server started earlier
with other ones; and it starts with what helpers run already imported."""

from __future__ import annotations

import os
import sys

import pytest

from pnpgen import procs


def _seen(name: str) -> tuple[str | None, str, bool]:
    return os.environ.get(name), os.getcwd(), "pnpgen.render.face" in sys.modules


def test_a_helper_takes_the_environment_and_folder_of_the_moment_it_starts(tmp_path, monkeypatch):
    with procs.executor(1) as first:          # starts the fork server (Linux) with this environment
        assert first.submit(_seen, "PNPGEN_TEST_PROCS").result()[0] is None
    monkeypatch.setenv("PNPGEN_TEST_PROCS", "later")
    monkeypatch.chdir(tmp_path)
    with procs.executor(1) as second:
        value, cwd, _ = second.submit(_seen, "PNPGEN_TEST_PROCS").result()
    assert (value, cwd) == ("later", str(tmp_path))
    monkeypatch.delenv("PNPGEN_TEST_PROCS")
    with procs.pool(1) as third:              # the multiprocessing.Pool flavour too
        assert third.apply(_seen, ("PNPGEN_TEST_PROCS",))[0] is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork server is Linux's (elsewhere helpers are spawned)")
def test_on_linux_helpers_fork_from_a_server_that_imported_the_renderer():
    assert procs.context().get_start_method() == "forkserver"
    with procs.executor(1) as pool:
        assert pool.submit(_seen, "HOME").result()[2]   # imported before the job ran: nothing to load
