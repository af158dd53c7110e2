"""A build hides the loaded game from the cycle collector while it runs (``pnpgen.heap.settled``)
and gives it back when it ends, even when it fails, so a long-running process (``serve``,
``watch``) that builds again and again keeps nothing frozen."""

from __future__ import annotations

import gc

import pytest

from pnpgen.heap import YOUNG_THRESHOLD, settled
from pnpgen.kit import build_kit


def test_frozen_inside_given_back_after():
    before = gc.get_threshold()
    seen = []
    with settled():
        seen.append((gc.get_freeze_count(), gc.get_threshold()))
    assert seen[0][0] > 0
    assert seen[0][1] == (YOUNG_THRESHOLD, *before[1:])  # young objects collected less often inside
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    with pytest.raises(RuntimeError), settled():
        raise RuntimeError("a failed build")
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_build_leaves_nothing_frozen(tmp_path):
    before = gc.get_threshold()
    result = build_kit("examples/tidepool", tmp_path, workers=1)
    assert result.build.files
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def _rss_kib() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))


def test_free_heap_memory_is_given_back():
    """Memory freed inside the C allocator's heap (blocks too large for Python's own arenas, as the
    drawing's strings are) stays in the process until ``give_back_free_memory`` returns it: a build
    calls it before the findings arrive, which lowered the peak of a 50,000-card build by ~30 MiB."""
    from pnpgen.heap import give_back_free_memory

    blocks = [bytes(1024) + bytes([i % 256]) for i in range(60_000)]  # ~60 MB of heap blocks
    pinned = bytes(2048)  # a block after them keeps the heap's top from being released on its own
    before = _rss_kib()
    del blocks
    freed = _rss_kib()
    give_back_free_memory()
    after = _rss_kib()
    assert pinned
    assert before - after > 40_000, (before, freed, after)


def test_nested_builds_share_one_settling():
    """``build_game`` settles the game itself, and ``pnpgen build`` settles around it (validation
    included): the inner block must not give the outer one's objects back to the collector early.
    In a fresh process: under pytest-xdist a thread another test left running may settle too and
    freeze objects of its own between the two counts."""
    import subprocess
    import sys

    code = ("import gc\nfrom pnpgen.heap import settled, YOUNG_THRESHOLD\n"
            "before = gc.get_threshold()\n"
            "with settled():\n    outer = gc.get_freeze_count()\n    with settled():\n        pass\n"
            "    assert gc.get_freeze_count() == outer > 0, (gc.get_freeze_count(), outer)\n"
            "    assert gc.get_threshold()[0] == YOUNG_THRESHOLD\n"
            "assert gc.get_freeze_count() == 0 and gc.get_threshold() == before\nprint('ok')\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr


def test_a_worker_settles_for_good():
    """A checking process freezes its game for good, then runs ``validate_game`` (which settles
    too): the game stays frozen after the checks. In a fresh process, as settling for good lasts."""
    import subprocess
    import sys

    code = ("import gc\nfrom pnpgen.heap import settle_for_good, settled, YOUNG_THRESHOLD\n"
            "data = [[i] for i in range(1000)]\nsettle_for_good()\nfrozen = gc.get_freeze_count()\n"
            "with settled():\n    pass\n"
            "assert gc.get_freeze_count() >= frozen > 1000, (gc.get_freeze_count(), frozen)\n"
            "assert gc.get_threshold()[0] == YOUNG_THRESHOLD\nprint('ok')\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
