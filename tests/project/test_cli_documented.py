"""Every `pnpgen` command (and sub-command) is documented in the README, and has help text."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from pnpgen.cli import app


def _commands() -> list[str]:
    click_app = typer.main.get_command(app)
    names = []
    for name, cmd in click_app.commands.items():
        subs = getattr(cmd, "commands", None)
        names += [f"{name} {sub}" for sub in subs] if subs else [name]
    return sorted(names)


def test_every_command_is_in_the_readme():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    missing = [c for c in _commands() if not re.search(rf"pnpgen {re.escape(c)}\b", readme)]
    assert missing == [], f"commands not documented in README.md: {missing}"


def test_every_command_has_help():
    click_app = typer.main.get_command(app)
    for name, cmd in click_app.commands.items():
        assert (cmd.help or "").strip(), name
