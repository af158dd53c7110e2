"""Run one pnpgen command on hostile input in a child process with a time and a memory limit.

Each case is a fresh Python process (``python -m pnpgen ...``) so a hang, a memory blow-up or a
crash in one case cannot hide behind another. The child gets ``RLIMIT_AS`` as a safety net (an
allocation beyond it fails instead of swapping the machine); the proof of "under 500 MB" is the
child's own peak resident size, read from ``os.wait4``. The 10 s limit is CPU time
(``RLIMIT_CPU``: the kernel stops the child), so a busy test machine cannot make a case fail; a
child that blocks without using CPU (e.g. on a FIFO) is killed after a generous wall-clock wait.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TIME_LIMIT_S = 10                 # CPU seconds per case
WALL_LIMIT_S = 120.0              # only for a child blocked without using CPU
ADDRESS_LIMIT = 2 * 1024**3       # safety net: the interpreter with reportlab and numpy reserves ~1 GB of address space
RSS_LIMIT_MB = 500.0              # what the issue promises: peak resident memory per case


@dataclass
class Outcome:
    args: tuple[str, ...]
    code: int | None              # None: killed at the time limit
    output: str                   # stdout and stderr together, as a user sees them
    peak_mb: float
    cpu_s: float

    @property
    def lines(self) -> list[str]:
        return [ln for ln in self.output.splitlines() if ln.strip()]

    def describe(self) -> str:
        return f"pnpgen {' '.join(self.args)[:200]} -> exit {self.code}, {self.peak_mb:.0f} MB, {self.cpu_s:.1f} s CPU:\n{self.output[:2000]}"


def _limits(file_size: int | None = None) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (TIME_LIMIT_S, TIME_LIMIT_S + 1))
    if file_size is not None:  # a full disk, as near as a test can make one: writes past it fail (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    os.setsid()  # its own process group, so a kill reaches any worker it started


def run_pnpgen(*args: str, cwd: Path, env: dict[str, str] | None = None, file_size: int | None = None) -> Outcome:
    full_env = {**os.environ, "PNPGEN_CACHE": str(cwd / ".cache"), "COLUMNS": "200", **(env or {})}
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([sys.executable, "-m", "pnpgen", *args], cwd=cwd, env=full_env, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                preexec_fn=lambda: _limits(file_size))
        deadline = time.monotonic() + WALL_LIMIT_S
        code: int | None = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        proc.returncode = code if code is not None else -9  # already reaped: keep Popen from waiting again
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return Outcome(tuple(args), code, text, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)
