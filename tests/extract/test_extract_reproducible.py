"""Re-running `pnpgen extract` on the seed documents reproduces the committed cardspecs byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.extract import EXTRACTORS, extractor_for
from pnpgen.extract.writer import render_extraction
from pnpgen import bundled
from pnpgen.sources import find_source
from pnpgen.spec import load_game


@pytest.mark.parametrize("game_id", sorted(EXTRACTORS))
def test_extraction_matches_committed_specs(game_id: str):
    module = extractor_for(game_id)
    text = find_source(module.SOURCE_DOCUMENT).read_text(encoding="utf-8")
    files = render_extraction(module.extract(text))
    folder = bundled.cardspecs() / game_id
    committed = {p.name for p in folder.glob("*.yaml") if p.name != "_overrides.yaml"}
    assert committed == set(files), "run `pnpgen extract --all` and commit cardspecs/"
    for name, text in files.items():
        assert (folder / name).read_text(encoding="utf-8") == text, f"{folder / name} differs from a fresh extraction"


@pytest.mark.parametrize("game_id", sorted(EXTRACTORS))
def test_extraction_is_deterministic(game_id: str):
    module = extractor_for(game_id)
    text = find_source(module.SOURCE_DOCUMENT).read_text(encoding="utf-8")
    assert render_extraction(module.extract(text)) == render_extraction(module.extract(text))


@pytest.mark.parametrize("game_id", sorted(EXTRACTORS))
def test_committed_specs_load(game_id: str):
    game = load_game(bundled.cardspecs() / game_id)
    assert game.id == game_id


def test_extract_cli_writes_a_loadable_folder(tmp_path: Path):
    from typer.testing import CliRunner

    from pnpgen.cli import app

    doc = find_source(extractor_for("derelict").SOURCE_DOCUMENT)
    result = CliRunner().invoke(app, ["extract", str(doc), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert load_game(tmp_path / "derelict").id == "derelict"


def test_extract_cli_unknown_document(tmp_path: Path):
    from typer.testing import CliRunner

    from pnpgen.cli import app

    doc = tmp_path / "notes.txt"
    doc.write_text("hello")
    result = CliRunner().invoke(app, ["extract", str(doc), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "cannot tell which game" in result.stderr
