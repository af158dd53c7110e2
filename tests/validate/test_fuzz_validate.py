"""Property-based hardening of the validator: random card texts and values in a generated spec
folder (an expansion of Xenoshyft, so every check sees real peers) never crash a check."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpgen.spec import SpecError, load_game
from pnpgen.spec.expansion import load_expansion
from pnpgen.validate import validate_game

texts = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(["REVEAL:", "DEAL", "2", "DAMAGE", "TO", "1", "TROOP", ".", "..", "“", "(W)", "+",
                              "ONCE PER ROUND,", "BURN", "THIS ENEMY", "IN LANE", "  ", "\n", "'", "(", "Xenosathem"]),
             max_size=40).map(" ".join),
)
_BASES: dict = {}


def cached_base(name: str):
    """The base game loaded once: the cards under test are the expansion's, not the base's."""
    if name not in _BASES:
        _BASES[name] = load_game(name)
    return _BASES[name]


numbers = st.one_of(st.none(), st.integers(0, 10))


@st.composite
def cards(draw):
    kind = draw(st.sampled_from(["troop", "enemy", "item"]))
    card = {"id": f"c{draw(st.integers(0, 10**6))}", "name": draw(st.text(min_size=1, max_size=30)).strip() or "x",
            "type": kind, "copies": draw(st.integers(0, 4)), "ability": draw(texts)}
    if kind in ("troop", "enemy"):
        card.update(wave=draw(st.integers(1, 3)), power=draw(numbers), hp=draw(numbers))
    if kind == "enemy":
        card["boss"] = draw(st.booleans())
    else:
        card["cost"] = draw(numbers)
    return card


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(cards(), min_size=1, max_size=4, unique_by=lambda c: c["id"]), st.booleans())
def test_random_cards_never_crash_the_validator(batch, fit: bool):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "fuzz"
        folder.mkdir()
        (folder / "pnpgen.yaml").write_text("id: fuzz\nname: Fuzz\nbase: xenoshyft\n")
        (folder / "cards.yaml").write_text(yaml.safe_dump({"cards": batch}, allow_unicode=True))
        try:
            game = load_expansion(folder, cached_base)
        except SpecError as err:  # e.g. a random name that shadows a base card
            assert "\n" not in str(err)
            return
        result = validate_game(game, with_fit=fit)
        own = {c.id for c in game.own_cards()}
        assert all(f.card is None or f.card in own for f in result.findings)
        result.format_text()
        result.format_json()
