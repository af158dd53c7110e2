"""What every studio test module shares: one headless Chromium (Debian's binary driven by Playwright,
never `playwright install`; servekit says where it is and fails when it is missing), kept while this
test process runs studio modules one after the other, and each module's one browser context and one
page (``tab``) in it, which each test navigates.

One context and page per module, as one user's tab goes from page to page: a new context and page
cost more than most of these tests' own steps. The studio keeps nothing in the browser (no cookies, no
storage), so a test leaves the next one only the HTTP cache, which the thumbnails' content-keyed
URLs make safe. A module sets ``CONTEXT`` (keyword arguments of ``new_context``) to change the
viewport or the like."""

from __future__ import annotations

from pathlib import Path

import pytest
from servekit import CHROMIUM, CHROMIUM_ARGS, need_browser


# The driver (a Node process, ~0.6 s to start) and the browser (~0.6 s more, and Chromium's
# processes), kept from one studio module to the next this test process runs: a module's fixtures
# would start them again for each of the four modules. They are stopped as soon as the next test is
# not a studio test (below): a driver left running keeps its thread in the xdist worker, and the
# tests that fork a validation (``test_validate_workers``) then rightly refuse to fork beside it.
_running: dict[str, object] = {}


def _launch():
    """The running browser, started (and its driver) if need be. A driver whose browser failed to
    start is kept for the next try and stopped with the browser (no second driver beside it)."""
    if "driver" not in _running:
        need_browser()
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            pytest.fail("the studio tests need playwright: pip install -e '.[test]'", pytrace=False)
        _running["driver"] = sync_playwright().start()
    if "browser" not in _running:
        _running["browser"] = _running["driver"].chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return _running["browser"]


def _stop() -> None:
    browser, driver = _running.pop("browser", None), _running.pop("driver", None)
    if browser is not None:
        browser.close()
    if driver is not None:
        driver.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After the test's own teardown (its module's context and page closed): the browser stops when
    the next test of this process is elsewhere, or none is left."""
    yield
    if nextitem is None or Path(__file__).parent not in Path(nextitem.path).parents:
        _stop()


@pytest.fixture(scope="module")
def browser():
    return _launch()


@pytest.fixture(scope="module")
def context(browser, request):
    options = {"viewport": {"width": 1400, "height": 900}, "accept_downloads": True}
    options.update(getattr(request.module, "CONTEXT", {}))
    ctx = browser.new_context(**options)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def tab(context):
    """The module's one page. Each test navigates it to what it tests, which loads a new document
    (scripts, listeners and timers of the last one are gone); a new page costs ~0.4 s more than
    navigating this one. A test removes the handlers it adds to the page (``page.on``, ``route``)."""
    page = context.new_page()
    yield page
    page.close()
