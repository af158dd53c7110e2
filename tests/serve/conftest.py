"""What every studio test module shares: a module's one headless Chromium (Debian's binary driven by
Playwright, never `playwright install`; servekit says where it is and fails when it is missing)."""

from __future__ import annotations

import pytest
from servekit import CHROMIUM, CHROMIUM_ARGS, need_browser


@pytest.fixture(scope="module")
def browser():
    need_browser()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the studio tests need playwright: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
