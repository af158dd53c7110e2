"""Validation work grows linearly with the deck (issue #13), pinned by counting operations, never
by timing: every front (and every back) is resolved once per run whatever number of checks look at
it (FIT001, GLYPH001, IMG001 share it), and REF001 looks a misspelt name up once however many cards repeat it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pnpgen.render import face
from pnpgen.spec import load_game
from pnpgen.validate import validate_game
from pnpgen.validate.checks import references

XENOSHYFT = Path(__file__).parents[2] / "cardspecs" / "xenoshyft"


def _counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_each_front_resolved_once_per_validation(monkeypatch):
    game = load_game(XENOSHYFT)
    face.reset_libraries()  # no face left over from another test
    calls = _counting(monkeypatch, face, "resolve_face")
    result = validate_game(game, with_fit=True)
    assert result.game_id == "xenoshyft"
    fronts = [args for args in calls if args[1]["card"] is not None]
    assert len(fronts) == len(game.cards)
    assert len(calls) - len(fronts) == len({c.type for c in game.cards})  # and each type's back once


def test_misspelt_name_looked_up_once(monkeypatch):
    game = load_game(XENOSHYFT)
    troop = next(c for c in game.cards if c.type == "troop" and c.get("ability"))
    ability = 'DISCARD 1 "XENOSATHEMZ" CARD.'
    # 50 cards quoting the same unknown name, 50 others quoting each its own.
    same = [dataclasses.replace(troop, id=f"same-{i}", name=f"Same {i}", fields={**troop.fields, "ability": ability})
            for i in range(50)]
    own = [dataclasses.replace(troop, id=f"own-{i}", name=f"Own {i}",
                               fields={**troop.fields, "ability": f'DISCARD 1 "NOSUCH{chr(65 + i % 26)}{i}" CARD.'})
           for i in range(50)]
    game = dataclasses.replace(game, cards=(*game.cards, *same, *own))
    calls = _counting(monkeypatch, references, "did_you_mean")
    result = validate_game(game, with_fit=False, only={"REF001"})
    found = [f for f in result.findings if f.code == "REF001"]
    assert len([f for f in found if f.card.startswith("same-")]) == 50
    assert len([f for f in found if f.card.startswith("own-")]) == 50
    looked_up = [args[0] for args in calls]
    assert looked_up.count("xenosathemz") == 1
    assert len(looked_up) == len(set(looked_up))
