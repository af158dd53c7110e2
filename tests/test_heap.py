"""A build hides the loaded game from the cycle collector while it runs (``pnpgen.heap.settled``)
and gives it back when it ends, even when it fails, so a long-running process (``serve``,
``watch``) that builds again and again keeps nothing frozen."""

from __future__ import annotations

import gc

import pytest

from pnpgen.heap import settled
from pnpgen.kit import build_kit


def test_frozen_inside_given_back_after(tmp_path):
    seen = []
    with settled():
        seen.append(gc.get_freeze_count())
    assert seen[0] > 0
    assert gc.get_freeze_count() == 0
    with pytest.raises(RuntimeError), settled():
        raise RuntimeError("a failed build")
    assert gc.get_freeze_count() == 0


def test_build_leaves_nothing_frozen(tmp_path):
    result = build_kit("examples/tidepool", tmp_path, workers=1)
    assert result.build.files
    assert gc.get_freeze_count() == 0
