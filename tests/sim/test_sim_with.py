"""`pnpgen simulate GAME --with DIR`: the added cards are listed, an unparsed one is named, and each
block (without, with, difference) is printed once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def expansion(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("exp") / "moon"
    assert runner.invoke(app, ["new", str(folder), "--game", "xenoshyft"]).exit_code == 0
    troop = folder / "cards" / "troop.yaml"
    text = troop.read_text(encoding="utf-8")
    troop.write_text(text.replace("DISCARD THIS CARD (FROM HAND) TO GAIN (W)+2 RESOURCES.",
                                  "WHEN THE MOON IS FULL, SING TO THE HIVE AND CONFUSE IT."), encoding="utf-8")
    return folder


def test_added_cards_listed_and_unparsed_named(expansion: Path):
    out = runner.invoke(app, ["simulate", "xenoshyft", "--with", str(expansion), "--games", "20", "--workers", "1",
                              "--json"])
    assert out.exit_code == 0, out.stderr
    comp = json.loads(out.stdout)["comparison"]
    added = {r["card"]: r for r in comp["added_cards"]}
    assert set(added) == {"moon:my-troop", "moon:my-item", "moon:my-enemy", "moon:my-xenosathem"}
    assert added["moon:my-troop"]["unparsed"] is True and added["moon:my-item"]["unparsed"] is False
    assert "mean_rounds_difference" in comp and len(comp["with"]["survival"]) == 9


def test_each_block_printed_once(expansion: Path):
    out = runner.invoke(app, ["simulate", "xenoshyft", "--with", str(expansion), "--games", "20", "--workers", "1"])
    assert out.exit_code == 0, out.stderr
    text = out.stdout
    assert text.count("xenoshyft: 2 player(s), 20 games") == 2  # the baseline once, the expansion once
    assert text.count("without the added cards:") == 1 and text.count("with them:") == 1
    assert "unparsed ability text (played without what was not read), 1: moon:my-troop" in text
    assert "(ability text not fully parsed)" in text.split("added cards per game")[1]
