"""What every studio test module shares: a module's one headless Chromium (Debian's binary driven by
Playwright, never `playwright install`; servekit says where it is and fails when it is missing),
launched by the module's Playwright driver, and the module's one browser context and
one page (``tab``) in it, which each test navigates.

One context and page per module, as one user's tab goes from page to page: a new context and page
cost more than most of these tests' own steps. The studio keeps nothing in the browser (no cookies, no
storage), so a test leaves the next one only the HTTP cache, which the thumbnails' content-keyed
URLs make safe. A module sets ``CONTEXT`` (keyword arguments of ``new_context``) to change the
viewport or the like."""

from __future__ import annotations

import pytest
from servekit import CHROMIUM, CHROMIUM_ARGS, need_browser


@pytest.fixture(scope="module")
def playwright_driver():
    """Playwright's driver (a Node process, ~0.6 s to start), stopped with the module: a driver kept
    for the session leaves its thread running in the xdist worker, and the tests that fork a
    validation (``test_validate_workers``) then rightly refuse to fork beside it and skip."""
    need_browser()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the studio tests need playwright: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


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
