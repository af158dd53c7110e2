"""A helper process steps back (nice 10) so the drawing it helps keeps its core; PNPGEN_HELPER_NICE
changes the step (the test suite sets 0, tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = "import os; from pnpgen.render.workers import yield_to_drawing; b = os.nice(0); yield_to_drawing(); print(os.nice(0) - b)"


def _step(value: str | None) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PNPGEN_HELPER_NICE"}
    if value is not None:
        env["PNPGEN_HELPER_NICE"] = value
    return int(subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True).stdout)


def test_a_helper_steps_back_by_ten_unless_told_otherwise():
    assert _step(None) == 10
    assert _step("0") == 0
    assert _step("3") == 3
    assert _step("not a number") == 10
