"""``pnpgen build`` validates with the fronts its card sheets just drew (issue #13: "fit measured
once per distinct face and shared with the build"): the findings are exactly what ``validate``
alone reports, including text that does not fit (FIT001) and characters no font has (GLYPH001), and
the validator really took the drawn fronts instead of resolving them again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpgen.kit import build_kit
from pnpgen.render import face
from pnpgen.spec import load_game
from pnpgen.validate import validate_game

TIDEPOOL = Path(__file__).parents[2] / "examples" / "tidepool"


def _game_with_defects(tmp_path: Path) -> Path:
    game = tmp_path / "tidepool"
    shutil.copytree(TIDEPOOL, game)
    csv = game / "cards" / "creatures.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    head, first, second = rows[0], rows[1].split(","), rows[2].split(",")
    text = head.split(",").index("text")
    first[text] = " ".join(["When played: move one of your creatures to another pool."] * 12)  # FIT001
    second[text] = "Creatures that fight the Urchin take 1 damage ☃."  # GLYPH001: no bundled font has it
    # Two more creatures: the findings compared need the two defects and some clean fronts, not the
    # other 16 creatures (the tides and pools, in their own files, stay whole).
    csv.write_text("\n".join([head, ",".join(first), ",".join(second), *rows[3:5]]) + "\n", encoding="utf-8")
    return game


def test_build_findings_equal_validate_alone(tmp_path, monkeypatch):
    game = _game_with_defects(tmp_path)
    import pnpgen.kit as kit_module

    resolved, validating = [], []
    real_front, real_validate = face.resolved_front, kit_module.validate_game

    def front(*a, **k):
        if validating and getattr(a[0], "translation", None) is None:  # translations are never drawn by a default build
            resolved.append(a[1].id)
        return real_front(*a, **k)

    def validate(*a, **k):
        validating.append(True)
        return real_validate(*a, **k)

    monkeypatch.setattr(face, "resolved_front", front)
    monkeypatch.setattr(kit_module, "validate_game", validate)
    kit = build_kit(str(game), tmp_path / "out")
    assert validating
    drawn = {c.id for c in load_game(str(game)).cards if c.copies > 0}
    assert drawn and not drawn & set(resolved)  # the validator took every drawn front
    alone = validate_game(load_game(str(game)))
    codes = {f.code for f in alone.findings}
    assert {"FIT001", "GLYPH001"} <= codes
    assert kit.validation.findings == alone.findings


@pytest.fixture
def checked_here(monkeypatch):
    """Background validation for any deck; the ``only`` sets this process validated, in order."""
    from pnpgen.validate import background

    monkeypatch.setattr(background, "MIN_CARDS", 0)
    asked = []
    real_validate = background.validate_game

    def validate(*a, **k):
        asked.append(k.get("only"))
        return real_validate(*a, **k)

    monkeypatch.setattr(background, "validate_game", validate)
    return asked


def test_a_part_the_other_process_would_judge_differently_runs_here(tmp_path, checked_here):
    """A custom effect registered in this process only is unknown to the spawned checkers, whose
    rules findings would then differ: that part is run here instead, and the result is still
    exactly ``validate`` alone (RULES001 sees the sentence as understood)."""
    from pnpgen.effects import custom
    from pnpgen.effects.model import EventKind, Trigger

    folder = tmp_path / "exp"
    (folder / "cards").mkdir(parents=True)
    (folder / "pnpgen.yaml").write_text("id: shuffle\nname: Shuffle\nbase: xenoshyft\n", encoding="utf-8")
    (folder / "cards" / "troops.yaml").write_text(
        "cards:\n- id: shuffler\n  name: Deck Shuffler\n  type: troop\n  copies: 1\n  wave: 1\n  cost: 2\n"
        "  power: 1\n  hp: 2\n  ability: SHUFFLE YOUR DECK.\n", encoding="utf-8")
    custom.register("test-shuffle-deck", r"SHUFFLE YOUR DECK", "test only", Trigger(EventKind.STATIC))
    try:
        kit = build_kit(str(folder), tmp_path / "out", workers=2)
        alone = validate_game(load_game(str(folder)))
    finally:
        custom.unregister("test-shuffle-deck")
    rules = {code for part in checked_here if part for code in part if code.startswith("RULES")}
    assert "RULES001" in rules  # the rules part came back judged without the custom effect: rerun here
    assert not [f for f in alone.findings if f.code == "RULES001" and f.card == "shuffle:shuffler"]
    assert kit.validation.findings == alone.findings
    with_unknown = validate_game(load_game(str(folder)), only={"RULES001"})
    assert [f for f in with_unknown.findings if f.card == "shuffle:shuffler"]  # what the other process saw


@pytest.fixture(scope="module")
def helped(tmp_path_factory):
    """One ``pnpgen build`` with both helpers a large build gets on a spare core, as such a build
    runs them together: the checks that do not look at fronts in another process
    (``validate.background``) and the fronts prepared by workers with their facts
    (``render.prepare``, ``FrontWatch``); with what this process validated, whether each front
    drawn came with its facts, and ``validate`` alone."""
    from pnpgen.render import prepare, sheets
    from pnpgen.validate import background

    tmp_path = tmp_path_factory.mktemp("helped")
    game = _game_with_defects(tmp_path)
    csv = game / "cards" / "creatures.csv"  # a finding of the other process's half too
    csv.write_text(csv.read_text(encoding="utf-8").replace("take 1 damage", "take (1 damage", 1), encoding="utf-8")
    asked, with_facts = [], []
    real_validate, real_prepared = background.validate_game, sheets.CardPainter._prepared_front

    def validate(*a, **k):
        asked.append(k.get("only"))
        return real_validate(*a, **k)

    def prepared(self, card):
        ready = real_prepared(self, card)
        if ready is not None:
            with_facts.append(len(ready) == 3)
        return ready

    with pytest.MonkeyPatch.context() as m:
        m.setattr(background, "MIN_CARDS", 0)
        m.setattr(background, "validate_game", validate)
        m.setattr(prepare, "MIN_CARDS", 1)
        m.setattr(prepare, "HEAD", 0)
        m.setattr(prepare, "CHUNK", 4)
        m.setattr(prepare, "WAIT", True)
        m.setattr(sheets.CardPainter, "_prepared_front", prepared)
        kit = build_kit(str(game), tmp_path / "out", workers=2)
    return {"kit": kit, "asked": asked, "with_facts": with_facts, "alone": validate_game(load_game(str(game)))}


def test_checks_in_another_process_give_the_same_findings(helped):
    """With a spare core, ``pnpgen build`` runs the checks that do not look at fronts in other
    processes while it draws (``validate.background``): the merged findings are exactly ``validate``
    alone, findings of both halves included, and this process ran only the front checks."""
    import pnpgen.kit as kit_module
    from pnpgen.validate import background

    assert helped["asked"] == [set(background.FRONT_CODES)]  # the rest came from the other process
    codes = {f.code for f in helped["alone"].findings}
    assert {"FIT001", "GLYPH001"} <= codes and codes - background.FRONT_CODES
    assert helped["kit"].validation.findings == helped["alone"].findings
    assert kit_module.validate_game is validate_game


def test_fronts_prepared_in_workers_bring_their_facts(helped):
    """When workers prepare the fronts (``render.prepare``), they also make each front's facts for
    the validator (``FrontWatch``): every drawn front came with them, and the findings are still
    exactly ``validate`` alone, text that does not fit and missing glyphs included."""
    assert helped["with_facts"] and all(helped["with_facts"])  # every front drawn came from a worker, with its facts
    assert {"FIT001", "GLYPH001"} <= {f.code for f in helped["alone"].findings}
    assert helped["kit"].validation.findings == helped["alone"].findings
