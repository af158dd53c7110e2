"""A build is never stale (issue #32): whatever changed among the files a build reads (cards, pictures
in hidden folders or in an ``output/`` subfolder, a folder link's target, a card edited with its
modification time put back) or among the files it wrote (deleted, edited, its folder removed while it
ran), the next build runs again instead of saying ``up to date``. A folder too large to track is
built in full every time, with one line saying so.

Each build is ``pnpgen build`` in a child process under the hostile harness's CPU and memory limits,
on a fresh copy of a game made by ``pnpgen new``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from harness import RSS_LIMIT_MB, Outcome, new_game, run_pnpgen

PDF = Path("out") / "g" / "g-a4.pdf"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game(tmp_path_factory.mktemp("stale") / "g")


@pytest.fixture
def game(made: Path, tmp_path: Path) -> Path:
    shutil.copytree(made, tmp_path / "g", symlinks=True)
    return tmp_path / "g"


def _build(game: Path, **env: str) -> Outcome:
    outcome = run_pnpgen("build", "g", "--out", "out", cwd=game.parent, env=env)
    assert outcome.code == 0, outcome.describe()
    assert "Traceback" not in outcome.output and outcome.peak_mb < RSS_LIMIT_MB, outcome.describe()
    return outcome


def _up_to_date(outcome: Outcome) -> bool:
    said = {": up to date " in line for line in outcome.lines if ": wrote " in line or ": up to date " in line}
    assert len(said) == 1, outcome.describe()  # every file of one build is either written or current
    return said.pop()


def _pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def _repaint(picture: Path, colour: tuple[int, int, int]) -> None:
    with Image.open(picture) as im:
        changed = im.convert("RGB")
    changed.paste(colour, (0, 0, changed.width // 2, changed.height // 2))
    changed.save(picture)


def _use_picture(game: Path, relative: str) -> Path:
    """Every card's art moved to ``relative`` (e.g. ``.art/example.png``); returns that file."""
    target = game / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(game / "art" / "example.png", target)
    for sheet in (game / "cards").glob("*.csv"):
        sheet.write_text(sheet.read_text().replace("art/example.png", relative))
    return target


@pytest.mark.parametrize("relative", [".art/example.png", "output/example.png", "art/.hidden/example.png"])
def test_a_changed_picture_anywhere_in_the_folder_rebuilds(game: Path, relative: str) -> None:
    picture = _use_picture(game, relative)
    assert not _up_to_date(_build(game))
    assert _up_to_date(_build(game))
    before = (game.parent / PDF).read_bytes()
    _repaint(picture, (255, 0, 0))
    assert not _up_to_date(_build(game)), f"a changed picture at {relative} must rebuild"
    assert (game.parent / PDF).read_bytes() != before
    assert _up_to_date(_build(game))


def test_an_edited_card_among_50001_other_files_rebuilds(game: Path) -> None:
    other = game / "assets-unused"  # sorts before cards/: a listing cut short would miss the edit
    other.mkdir()
    (other / "0.txt").touch()
    folder = os.open(other, os.O_RDONLY)
    try:  # names of one empty file: each is an entry the listing reads, made with one call (relative to the
        for i in range(1, 50_001):  # folder: half the CPU of a full path each)
            os.link("0.txt", f"{i}.txt", src_dir_fd=folder, dst_dir_fd=folder)
    finally:
        os.close(folder)
    assert not _up_to_date(_build(game))
    assert _up_to_date(_build(game))
    heroes = game / "cards" / "heroes.csv"
    heroes.write_text(heroes.read_text().replace("Lantern Keeper", "Lamplit Warden"))
    assert not _up_to_date(_build(game))
    assert "Lamplit Warden" in _pdf_text(game.parent / PDF)


def test_past_the_file_limit_every_build_runs_and_says_so(game: Path) -> None:
    for i in range(30):
        (game / f"extra-{i}.txt").touch()
    for _ in range(2):
        outcome = _build(game, PNPGEN_LIMIT_STAMP_FILES="20")
        assert not _up_to_date(outcome)
        notes = [line for line in outcome.lines if "too many to check for changes" in line]
        assert len(notes) == 1 and "PNPGEN_LIMIT_STAMP_FILES" in notes[0], outcome.describe()
    heroes = game / "cards" / "heroes.csv"
    heroes.write_text(heroes.read_text().replace("Lantern Keeper", "Lamplit Warden"))
    _build(game, PNPGEN_LIMIT_STAMP_FILES="20")
    assert "Lamplit Warden" in _pdf_text(game.parent / PDF)


def test_a_card_edited_with_its_modification_time_put_back_rebuilds(game: Path) -> None:
    _build(game)
    heroes = game / "cards" / "heroes.csv"
    st = heroes.stat()
    heroes.write_text(heroes.read_text().replace("Lantern Keeper", "Lantern Kipper"))  # same size
    os.utime(heroes, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert heroes.stat().st_size == st.st_size and heroes.stat().st_mtime_ns == st.st_mtime_ns
    assert not _up_to_date(_build(game))
    assert "Lantern Kipper" in _pdf_text(game.parent / PDF)


def test_a_folder_link_pointed_elsewhere_rebuilds(game: Path) -> None:
    (game / "art").rename(game / "art-one")
    shutil.copytree(game / "art-one", game / "art-two")
    _repaint(game / "art-two" / "example.png", (0, 0, 255))
    (game / "art").symlink_to("art-one")
    assert not _up_to_date(_build(game))
    assert _up_to_date(_build(game))
    (game / "art").unlink()
    (game / "art").symlink_to("art-two")
    assert not _up_to_date(_build(game))


def test_deleted_output_rebuilds(game: Path) -> None:
    _build(game)
    shutil.rmtree(game.parent / "out" / "g")  # the kit, not the stamps beside it
    assert not _up_to_date(_build(game))
    assert (game.parent / PDF).is_file()
    shutil.rmtree(game.parent / "out")
    assert not _up_to_date(_build(game))
    assert (game.parent / PDF).is_file()


def test_an_output_changed_in_place_rebuilds(game: Path) -> None:
    _build(game)
    pdf = game.parent / PDF
    good = pdf.read_bytes()
    st = pdf.stat()
    spoilt = bytearray(good)
    spoilt[len(spoilt) // 2] ^= 0xFF  # same size, and the modification time put back
    pdf.write_bytes(bytes(spoilt))
    os.utime(pdf, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert not _up_to_date(_build(game))
    assert pdf.read_bytes() == good
    (game.parent / "out" / "g" / "g-a4-manifest.csv").unlink()
    assert not _up_to_date(_build(game))


def test_output_folder_deleted_while_the_build_runs_leaves_no_stamp(game: Path) -> None:
    """The output folder removed after the files were written and before the stamp (here: when the
    build says it is validating). The old stamp recorded the missing files as "current"."""
    from pnpgen.kit import build_kit

    out = game.parent / "out"

    def remove_output(message: str, *counts: int) -> None:
        if message.endswith("validating"):
            shutil.rmtree(out)

    build_kit(str(game), out, progress=remove_output)
    assert not out.exists()
    for _ in range(2):  # every later build, not only the next one
        outcome = _build(game)
        assert (game.parent / PDF).is_file(), outcome.describe()
    assert _up_to_date(outcome)


def test_output_inside_the_game_folder_does_not_make_every_build_run(game: Path) -> None:
    """The default ``--out output`` run from inside the game folder puts the kit among the inputs:
    the files the build wrote are checked as outputs, not as inputs."""
    first = run_pnpgen("build", ".", "--out", "output", cwd=game)
    assert first.code == 0, first.describe()
    again = run_pnpgen("build", ".", "--out", "output", cwd=game)
    assert again.code == 0 and _up_to_date(again), again.describe()
    _repaint(game / "art" / "example.png", (0, 255, 0))
    assert not _up_to_date(run_pnpgen("build", ".", "--out", "output", cwd=game))
