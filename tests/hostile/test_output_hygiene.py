"""No stale or orphaned output (issue #12): a card sheet not written by this run is removed, a build
that prints nothing exits 1, temp files of dead writers are cleaned up, live ones are kept; error
lines are capped and escaped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.errors import SpecError, excerpt
from pnpgen.fsutil import atomic_write_bytes, check_writable_folder, remove_orphans

runner = CliRunner()


@pytest.fixture(scope="module")
def expansion(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hyg") / "exp"
    made = runner.invoke(app, ["new", str(folder), "--game", "xenoshyft"])
    assert made.exit_code == 0, made.output
    return folder


def test_a_build_that_prints_nothing_fails_and_removes_the_old_sheet(expansion: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = runner.invoke(app, ["build", str(expansion), "--out", str(out)])
    assert first.exit_code == 0, first.output
    sheet = out / "exp" / "exp-a4.pdf"
    assert sheet.is_file()
    for card_file in (expansion / "cards").glob("*.yaml"):
        card_file.write_text(card_file.read_text().replace("copies: 1", "copies: 0"))
    second = runner.invoke(app, ["build", str(expansion), "--out", str(out)])
    assert second.exit_code == 1, second.output
    assert "nothing to print" in second.output
    assert not sheet.exists(), "the sheet of the earlier run must not stay looking current"


def test_orphaned_temp_files_of_dead_processes_are_removed(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    orphan = tmp_path / f".kit.pdf.{dead_pid}.abc123xy.tmp"
    live = tmp_path / f".kit.pdf.{os.getppid()}.abc123xy.tmp"   # a running process: maybe a concurrent build
    foreign = tmp_path / ".notes.txt.tmp"                          # not named like ours: not ours to delete
    for f in (orphan, live, foreign):
        f.write_bytes(b"partial")
    assert remove_orphans(tmp_path) == [orphan]
    assert not orphan.exists() and live.exists() and foreign.exists()
    atomic_write_bytes(tmp_path / "kit.pdf", b"%PDF")
    assert (tmp_path / "kit.pdf").read_bytes() == b"%PDF"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, foreign.name, "kit.pdf"])


def test_trying_an_output_folder_first_leaves_nothing_behind(tmp_path: Path) -> None:
    """``build --out`` and ``simulate --plot`` try their folder before the work: the folders that had
    to be made and the file written to try are removed again; a file in the way is named."""
    check_writable_folder(tmp_path / "new" / "deeper" / "out")
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "out"
    kept.mkdir()
    (kept / "kit.pdf").write_bytes(b"%PDF")
    check_writable_folder(kept)
    assert [p.name for p in kept.iterdir()] == ["kit.pdf"]
    with pytest.raises(NotADirectoryError) as err:
        check_writable_folder(kept / "kit.pdf" / "sub")
    assert err.value.filename == str(kept / "kit.pdf" / "sub")
    with pytest.raises(NotADirectoryError) as err:
        check_writable_folder(kept / "kit.pdf")
    assert err.value.filename == str(kept / "kit.pdf")  # not the name of the file written to try
    assert [p.name for p in kept.iterdir()] == ["kit.pdf"]


def test_error_lines_are_capped_and_escaped() -> None:
    err = SpecError("bad value " + repr("\x1b[31m" + "x" * 100_000), file="a.yaml", line=3, card="c", hint="fix it")
    text = str(err)
    assert len(text) <= 400 and "\n" not in text and "\x1b" not in text
    assert text.startswith("a.yaml:3: card 'c': bad value")
    assert excerpt("a\nb\x07c" + "d" * 500, 20) == "a\\nb\\x07cdddddddddd…"
