"""docs/new-game.md, run as a new user would: every command in its ```sh blocks, exactly as written,
in an empty folder; then the PDF it promises is there, with the pictures and every card."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pikepdf

from pnpgen.spec import load_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "new-game.md"


def doc_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(), re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_the_new_game_walkthrough_runs_as_written(tmp_path):
    commands = doc_commands()
    assert commands[0] == "pnpgen new mygame" and any(c.startswith("pnpgen build mygame") for c in commands)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PNPGEN_CACHE": str(tmp_path / "cache")}
    for command in commands:
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"{command}\n{run.stdout}\n{run.stderr}"
        if command.startswith("pnpgen validate"):
            assert "0 errors, 0 warnings" in run.stdout, run.stdout
    game = load_game(tmp_path / "mygame")
    assert {c.id for c in game.cards} == {"lantern-keeper", "night-owl", "long-night", "eclipse"}
    assert game.card("eclipse").location.file.endswith("more-events.xlsx[event]")
    pdf_path = tmp_path / "output" / "mygame" / "mygame-a4.pdf"
    with pikepdf.open(pdf_path) as pdf:
        assert len(pdf.pages) == 2  # 6 cards of one size: one sheet of fronts, one of backs
        pictures = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert len(pictures) == 1  # owl.png is a copy of example.png: embedded once
    assert len(list((tmp_path / "output" / "mygame" / "png-gamecrafter").rglob("*.png"))) >= 4
    assert (tmp_path / "output" / "mygame" / "tts").is_dir()
    assert (tmp_path / "mygame-csv" / "hero.csv").read_text(encoding="utf-8-sig").count("\n") == 3
