"""docs/new-game.md, run as a new user would: every command in its ```sh blocks, exactly as written,
in an empty folder; then the PDF it promises is there, with the pictures and every card.

The ``pnpgen`` lines run in this process (typer's CliRunner; the lines hold no shell syntax, checked, so
the words are split as the shell splits them); the others (cp, printf, python) in bash. A fresh
interpreter per pnpgen line would only add ~0.5 s of CPU each: the installed command itself is
tests/project/test_wheel_install.py's."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.spec import load_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "new-game.md"


def doc_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(), re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip() and not line.startswith("#")]


def _run(command: str, cwd: Path) -> tuple[int, str, str]:
    """The command's exit code, standard output and standard error."""
    if command.startswith("pnpgen "):
        assert not set(command) & set("|&;<>()$`\\\"'*?[]{}~#"), f"shell syntax in a pnpgen line: {command}"
        run = CliRunner().invoke(app, command.split()[1:])
        assert run.exception is None or isinstance(run.exception, SystemExit), repr(run.exception)
        return run.exit_code, run.stdout, run.stderr
    done = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_the_new_game_walkthrough_runs_as_written(tmp_path, monkeypatch):
    commands = doc_commands()
    assert commands[0] == "pnpgen new mygame" and any(c.startswith("pnpgen build mygame") for c in commands)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    for command in commands:
        code, stdout, stderr = _run(command, tmp_path)
        assert code == 0, f"{command}\n{stdout}\n{stderr}"
        if command.startswith("pnpgen validate"):
            assert "0 errors, 0 warnings" in stdout, stdout
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
