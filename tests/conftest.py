"""Suite-wide rules: what a run without the seed documents does.

The seed documents (``$PNPGEN_SOURCES``, by default ``../shared/seeds``) are not part of the
repository. A clone alone must still give a green suite, so a test that needs them is skipped with
one summary line naming it and how to provide them: tests marked ``sources`` are skipped up front,
and any other test that stops on ``pnpgen.sources.SourceMissing`` is reported as skipped. CI has
the documents and sets ``PNPGEN_REQUIRE_SOURCES=1``: there a missing document fails the run.

Tests live in one folder per area (spec, template, render, validate, sim, extract, serve, project,
hostile). A helper module used by one area sits in its folder (pytest puts a test's own folder on
``sys.path``); the helpers several areas share (``facekit``, ``pdfcheck``) stay here, and this folder
is put on ``sys.path`` below so that they import by name from any area. ``data/`` is shared too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from pnpgen.sources import SourceMissing, sources_dir

TESTS = Path(__file__).resolve().parent
# pnpgen's helper processes (validation beside a build, preparing fronts) step back to nice 10 so a
# user's drawing keeps its core; under pytest-xdist both cores run tests, so a niced helper mostly
# waits and the test waiting for it with it (pnpgen.render.workers.HELPER_NICE).
os.environ.setdefault("PNPGEN_HELPER_NICE", "0")
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

# Every seed document some test reads; the suite needs them all or none.
SEED_DOCUMENTS = ("000_b4719436b3022fa4.txt", "001_821cc8783d47e8c3.txt", "002_d22665829fde1da3.txt",
                  "003_ada9705b43fae874.txt", "004_a5083c10935428d3.txt")

_skipped: list[str] = []


def _missing() -> list[str]:
    folder = sources_dir()
    return [name for name in SEED_DOCUMENTS if not (folder / name).is_file()]


def _required() -> bool:
    return os.environ.get("PNPGEN_REQUIRE_SOURCES", "") not in ("", "0")


def pytest_configure(config):
    config.addinivalue_line("markers", "sources: the test reads the seed documents ($PNPGEN_SOURCES)")


def pytest_runtest_setup(item):
    if item.get_closest_marker("sources") and _missing() and not _required():
        pytest.skip(f"seed documents missing from {sources_dir()}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(SourceMissing) and not _required():
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {call.excinfo.value}")
    if report.skipped and (item.get_closest_marker("sources") or call.excinfo is not None
                           and call.excinfo.errisinstance(SourceMissing)):
        # A property travels with the report from a pytest-xdist worker to the summary.
        report.user_properties.append(("skipped_for_sources", True))


def pytest_runtest_logreport(report):
    if report.skipped and ("skipped_for_sources", True) in report.user_properties \
            and report.nodeid not in _skipped:
        _skipped.append(report.nodeid)


def pytest_terminal_summary(terminalreporter):
    if not _skipped:
        return
    files = sorted({nodeid.split("::", 1)[0] for nodeid in _skipped})
    terminalreporter.write_line(
        f"{len(_skipped)} tests skipped: the seed documents are not in {sources_dir()} "
        f"({', '.join(files)}); set PNPGEN_SOURCES to the folder holding "
        f"{', '.join(_missing()) or 'them'} to run them (CI sets PNPGEN_REQUIRE_SOURCES=1 to fail instead)")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (make test) with one change: the studio's modules (tests/serve) go to one
    worker as one unit, one after the other, so they share that worker's one Chromium
    (tests/serve/conftest.py) instead of starting one each (~1.2 s and Chromium's processes a module)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class StudioTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return "tests/serve/" if scope.startswith("tests/serve/") else scope

    return StudioTogether(config, log)
