"""The one resolver: every file a game or expansion names stays inside its folder, is a regular
file and is within its size limit; the loaders read through it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnpgen.files import FileError, FileResolver, Limits
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError
from pnpgen.template.model import TemplateError


def test_relative_name_inside_home_resolves(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "a.png").write_bytes(b"x")
    files = FileResolver(tmp_path)
    assert files.locate("art/a.png") == (tmp_path / "art" / "a.png").resolve()
    assert files.read_bytes(files.locate("art/a.png"), "image") == b"x"


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/passwd", "art/../../outside.txt"])
def test_names_leaving_the_folder_are_refused(tmp_path, name):
    home = tmp_path / "game"
    (home / "art").mkdir(parents=True)
    (tmp_path / "outside.txt").write_text("secret")
    with pytest.raises(FileError, match="lies outside"):
        FileResolver(home).locate(name, where=("game.yaml", 3))


def test_a_link_leading_outside_is_refused_with_the_naming_line(tmp_path):
    home = tmp_path / "game"
    home.mkdir()
    (tmp_path / "secret.yaml").write_text("password: hunter2\n")
    (home / "art.png").symlink_to(tmp_path / "secret.yaml")
    with pytest.raises(FileError) as err:
        FileResolver(home).locate("art.png", where=(home / "cards.yaml", 7))
    assert ":7:" in str(err.value) and "lies outside" in str(err.value)
    assert "hunter2" not in str(err.value)


def test_only_regular_files_are_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    files = FileResolver(tmp_path, shared=(Path("/dev"),))  # even where /dev were allowed
    for name in ("pipe.yaml", "zero.yaml"):
        with pytest.raises(FileError, match="not a regular file"):
            files.read_bytes(tmp_path / name)


def test_size_limit_is_checked_before_reading(tmp_path):
    (tmp_path / "big.yaml").write_bytes(b"a" * 2048)
    files = FileResolver(tmp_path, limits=Limits(data=1024))
    with pytest.raises(FileError, match="over the .* MB limit"):
        files.read_bytes(tmp_path / "big.yaml")


def test_digest_is_cached_by_content_and_changes_with_it(tmp_path):
    f = tmp_path / "a.bin"
    f.write_bytes(b"one")
    files = FileResolver(tmp_path)
    first = files.digest(f, "image")
    assert first == files.digest(f, "image")
    f.write_bytes(b"two!")
    assert files.digest(f, "image") != first


def _expansion(tmp_path: Path) -> Path:
    exp = tmp_path / "exp"
    exp.mkdir()
    (exp / "pnpgen.yaml").write_text("id: exp\nname: Exp\nbase: xenoshyft\n")
    (exp / "cards").mkdir()
    return exp


def test_card_file_linking_outside_the_expansion_is_an_error(tmp_path):
    exp = _expansion(tmp_path)
    (tmp_path / "elsewhere.yaml").write_text("cards: []\n")
    (exp / "cards" / "troop.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(SpecError, match="lies outside"):
        load_game(exp)


def test_template_extends_outside_the_folder_is_an_error(tmp_path):
    from pnpgen.template import TemplateLibrary

    exp = _expansion(tmp_path)
    (exp / "templates").mkdir()
    secret = tmp_path / "creds.yaml"
    secret.write_text("boxes: {}\n")
    (exp / "templates" / "troop.yaml").write_text(f"extends: {tmp_path}/creds\n")
    lib = TemplateLibrary(search_path=(exp / "templates",), home=exp)
    with pytest.raises((SpecError, TemplateError), match="lies outside"):
        lib.load("xenoshyft", "troop")


def test_templates_folder_outside_the_expansion_is_an_error(tmp_path):
    exp = _expansion(tmp_path)
    (exp / "pnpgen.yaml").write_text("id: exp\nname: Exp\nbase: xenoshyft\ntemplates: /usr/share\n")
    with pytest.raises(SpecError, match=r"pnpgen.yaml:4: .*lies outside"):
        load_game(exp)


def test_cli_reports_a_confinement_error_on_one_line_with_exit_2(tmp_path):
    exp = _expansion(tmp_path)
    (exp / "pnpgen.yaml").write_text("id: exp\nname: Exp\nbase: xenoshyft\ntemplates: ../../..\n")
    from typer.testing import CliRunner

    from pnpgen.cli import app

    run = CliRunner().invoke(app, ["validate", str(exp)])  # in this process: the exit code is the CLI's
    assert run.exit_code == 2
    lines = [ln for ln in run.stderr.splitlines() + run.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1 and "lies outside" in lines[0], lines
