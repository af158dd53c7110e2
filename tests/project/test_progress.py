"""Long commands show done/total and the time left on a terminal, and print nothing extra on a pipe.

A terminal is a real pseudo-terminal (``pty``) on stderr, where rich draws its bar; the piped run
of the same command must write to stderr only what it writes anyway."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

PNPGEN = [sys.executable, "-m", "pnpgen"]
COUNT = re.compile(r"\b(\d+)/(\d+)\b")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _on_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run with stderr on a pseudo-terminal; returns the exit code and what the terminal showed."""
    main, secondary = pty.openpty()
    env = dict(os.environ, COLUMNS="160", TERM="xterm")
    proc = subprocess.Popen([*PNPGEN, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=secondary, env=env)
    os.close(secondary)
    shown = bytearray()
    while True:
        ready, _, _ = select.select([main], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            shown += chunk
        elif proc.poll() is not None:
            break
    os.close(main)
    return proc.wait(timeout=300), shown.decode("utf-8", "replace")


def _piped(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*PNPGEN, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """The folder the commands run in: they build and simulate the bundled xenoshyft (enough sheets
    for the bar to be caught between 0 and the total)."""
    return tmp_path_factory.mktemp("progress")


def test_build_shows_card_sheets_done_of_total_on_a_terminal(game):
    code, shown = _on_terminal(["build", "xenoshyft", "--out", "term", "--workers", "1"], game)
    assert code == 0, shown
    assert "card sheets" in shown
    # Read without the colour codes: "\x1b[32m10/26" has no word boundary before "10".
    counts = {(int(a), int(b)) for a, b in COUNT.findall(ANSI.sub("", shown))}
    # The bar is redrawn 10 times a second: which counts it caught depends on the machine's speed.
    assert any(b > 1 and 0 < a <= b for a, b in counts), shown[-2000:]
    assert "-:--:--" in shown or re.search(r"\d:\d\d:\d\d", shown), "a time left is shown"


def test_build_on_a_pipe_prints_no_progress(game):
    run = _piped(["build", "xenoshyft", "--out", "pipe", "--workers", "1"], game)
    assert run.returncode == 0, run.stderr
    assert "card sheets" not in run.stderr and "\x1b[" not in run.stderr
    assert not COUNT.search(run.stderr), run.stderr
    assert all(line.startswith("xenoshyft: ") for line in run.stdout.splitlines())


def test_simulate_shows_games_done_of_total_only_on_a_terminal(game):
    args = ["simulate", "xenoshyft", "--games", "40", "--workers", "1"]
    code, shown = _on_terminal(args, game)
    assert code == 0, shown
    assert "40/40" in shown or "/40" in shown, shown[-2000:]
    piped = _piped(args, game)
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr
