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
