"""Fixtures the render tests share."""

from __future__ import annotations

import pytest


@pytest.fixture
def small_tts_sheets(monkeypatch):
    """TTS sheets of 1024 px instead of 4096, for tests that read the sheets' names, tags, URLs or
    which picture is in a slot: encoding full-size sheets was most of their time. The full size
    (within 4096 px, over 100 dpi) is test_render_sheets.test_card_pngs_and_tts_sheets'."""
    from pnpgen.render import tts

    monkeypatch.setattr(tts, "TTS_MAX_PX", 1024)
