"""`--backend ray --address`: a dead address is one line naming it and what to check, exit 2, without
Ray's minutes of retries (a plain TCP connect with a timeout runs before Ray is imported)."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.simulate.backends import BackendError, check_reachable

runner = CliRunner()


def _closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_refused_port_is_one_line_naming_address_and_what_to_check():
    port = _closed_port()
    with pytest.raises(BackendError) as err:
        check_reachable(f"127.0.0.1:{port}")
    text = str(err.value)
    assert f"127.0.0.1:{port}" in text and f"ray start --head --port={port}" in text and "\n" not in text


def test_listening_port_passes_the_check():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        check_reachable(f"127.0.0.1:{s.getsockname()[1]}")
        check_reachable(f"ray://127.0.0.1:{s.getsockname()[1]}")


@pytest.mark.parametrize("address, needle", [("nosuchhost.invalid:6379", "unknown host"),
                                             ("10.0.0.1:port", "HOST:PORT")])
def test_bad_addresses(address, needle):
    with pytest.raises(BackendError, match=needle):
        check_reachable(address)


def test_sweep_with_a_dead_address_exits_2_in_one_line():
    port = _closed_port()
    result = runner.invoke(app, ["sweep", "xenoshyft", "--vary", "cost=-1", "--cards", "ranger", "--games", "4",
                                 "--backend", "ray", "--address", f"127.0.0.1:{port}", "--no-cache"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: --address 127.0.0.1:{port}: cannot connect")
    assert result.stderr.count("\n") == 1
