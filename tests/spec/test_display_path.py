"""``display_path`` names a file as the user would type it, relative to the working directory of the
moment: it is memoised (every finding names its file), so the memo must follow a change of directory."""

from pnpgen.errors import display_path


def test_follows_the_working_directory(tmp_path, monkeypatch):
    inner = tmp_path / "game" / "cards.yaml"
    inner.parent.mkdir()
    monkeypatch.chdir(tmp_path)
    assert display_path(inner) == "game/cards.yaml"
    monkeypatch.chdir(inner.parent)
    assert display_path(inner) == "cards.yaml"
    assert display_path(str(inner)) == "cards.yaml"


def test_outside_or_relative_paths_are_kept(tmp_path, monkeypatch):
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    assert display_path(tmp_path / "elsewhere.yaml") == str(tmp_path / "elsewhere.yaml")
    assert display_path("cards/x.yaml") == "cards/x.yaml"
