"""``pnpgen build`` validates with the fronts its card sheets just drew (issue #13: "fit measured
once per distinct face and shared with the build"): the findings are exactly what ``validate``
alone reports, including text that does not fit (FIT001) and characters no font has (GLYPH001), and
the validator really took the drawn fronts instead of resolving them again."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnpgen.kit import build_kit
from pnpgen.render import face
from pnpgen.spec import load_game
from pnpgen.validate import validate_game

TIDEPOOL = Path(__file__).parents[1] / "examples" / "tidepool"


def _game_with_defects(tmp_path: Path) -> Path:
    game = tmp_path / "tidepool"
    shutil.copytree(TIDEPOOL, game)
    csv = game / "cards" / "creatures.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    head, first, second = rows[0], rows[1].split(","), rows[2].split(",")
    text = head.split(",").index("text")
    first[text] = " ".join(["When played: move one of your creatures to another pool."] * 12)  # FIT001
    second[text] = "Creatures that fight the Urchin take 1 damage ☃."  # GLYPH001: no bundled font has it
    csv.write_text("\n".join([head, ",".join(first), ",".join(second), *rows[3:]]) + "\n", encoding="utf-8")
    return game


def test_build_findings_equal_validate_alone(tmp_path, monkeypatch):
    game = _game_with_defects(tmp_path)
    import pnpgen.kit as kit_module

    resolved, validating = [], []
    real_front, real_validate = face.resolved_front, kit_module.validate_game

    def front(*a, **k):
        if validating:
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
