"""`pnpgen build` orchestration: missing specs are extracted, and warnings are grouped to one line per kind."""

from __future__ import annotations

from pnpgen.kit import grouped_warnings


def test_same_kind_warnings_merge_into_one_line_with_a_fix():
    lines = grouped_warnings([
        "token component 'a' has no size; not laid out",
        "token component 'b' has no size; not laid out",
        "board 'mat' has no count; printed 1",
        "card type 'x': does not fit; not laid out",
    ])
    assert lines == [
        "card type 'x': does not fit; not laid out",
        "2 token components with no size in the specs; not laid out: a, b — the documents do not give it; "
        "set it in _overrides.yaml to print them",
        "board 'mat' has no count; printed 1",
    ]


def test_grouping_understands_the_builds_own_warnings(tmp_path):
    """The grouping reads build_game's wording: a real Derelict build must come out grouped."""
    from pnpgen.render.build import build_game
    from pnpgen.spec import load_game

    warnings = build_game(load_game("derelict"), tmp_path).warnings
    unsized = [w for w in warnings if "has no size" in w]
    assert len(unsized) > 1
    grouped = grouped_warnings(warnings)
    assert not any("has no size" in w for w in grouped)
    assert any(w.startswith(f"{len(unsized)} token components with no size") for w in grouped)


def test_an_unchanged_rebuild_is_up_to_date_and_any_change_rebuilds(tmp_path):
    """A build whose inputs (cards, templates, art, options, pnpgen itself) did not change returns the
    recorded result without running; a changed picture, option or a missing output builds again."""
    import os
    import time

    from pnpgen.kit import build_kit
    from pnpgen.scaffold.game import new_game

    made = new_game(tmp_path / "g")
    first = build_kit(str(made.directory), tmp_path / "out")
    assert not first.up_to_date and first.validation is not None
    again = build_kit(str(made.directory), tmp_path / "out")
    assert again.up_to_date and [p.name for p in again.build.files] == [p.name for p in first.build.files]
    assert again.build.pages == first.build.pages
    art = made.directory / "art" / "example.png"
    later = time.time() + 5
    os.utime(art, (later, later))
    assert not build_kit(str(made.directory), tmp_path / "out").up_to_date
    assert build_kit(str(made.directory), tmp_path / "out").up_to_date
    assert not build_kit(str(made.directory), tmp_path / "out", paper="letter").up_to_date
    first.build.files[0].unlink()
    assert not build_kit(str(made.directory), tmp_path / "out").up_to_date
