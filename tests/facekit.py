"""Hand-written games and template folders for the template, textfit, face, markup and translation tests,
and a bundled game cut down to a few cards of each type (the press-output tests).

The games are built directly from the model so these tests do not depend on extracted specs.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pnpgen.spec.model import Card, CardType, FieldDef, FieldType, Game, Size
from pnpgen.spec.sizes import size_from_value


def field(name: str, t: FieldType = FieldType.INT) -> FieldDef:
    return FieldDef(name, t)


def xeno_game(*cards: Card) -> Game:
    """A small Xenoshyft: the real templates/xenoshyft designs apply to it."""
    poker = size_from_value("poker")
    types = {
        "troop": CardType("troop", "Troop", poker, {n: field(n) for n in ("wave", "cost", "power", "hp")} | {"ability": field("ability", FieldType.TEXT)}),
        "enemy": CardType("enemy", "Enemy", poker, {n: field(n) for n in ("wave", "power", "hp")} | {"boss": field("boss", FieldType.BOOL), "ability": field("ability", FieldType.TEXT)}),
        "item": CardType("item", "Item", poker, {n: field(n) for n in ("cost", "boost_power", "boost_hp")} | {"kind": field("kind", FieldType.ENUM), "ability": field("ability", FieldType.TEXT)}),
        "xenosathem": CardType("xenosathem", "Xenosathem", poker, {"xenosathem_value": field("xenosathem_value"), "ability": field("ability", FieldType.TEXT)}),
    }
    return Game("xenoshyft", "Xenoshyft: Dreadmire", 1, 4, "", "", (), types, tuple(cards), {}, ())


def troop(card_id: str = "ranger", **fields) -> Card:
    name = fields.pop("name", card_id.replace("-", " ").title())
    base = {"wave": 1, "cost": 2, "power": 2, "hp": 3, "ability": "DEAL (W) DAMAGE TO 1 ENEMY IN THIS LANE.", "legendary": False, "purchasable": True}
    base.update(fields)
    return Card(card_id, name, "troop", 3, base)


def mini_game(*cards: Card, size: Size | None | str = "poker") -> Game:
    """A one-type game 'demo' for template folders written by the tests (size None: unsized)."""
    ct = CardType("unit", "Unit", size_from_value(size) if isinstance(size, str) else size, {"cost": field("cost"), "text": field("text", FieldType.TEXT)})
    return Game("demo", "Demo Game", 1, 2, "", "", (), {"unit": ct}, tuple(cards), {}, ())


def some_of_each_type(game: Game, n: int) -> Game:
    """``game`` with only its first ``n`` cards of each type: every template (front and back) is
    drawn, ``n`` times, at a fraction of the whole game's cost."""
    from dataclasses import replace

    return replace(game, cards=tuple(c for t in game.card_types for c in game.cards_of(t)[:n]))


def spell_game(folder: Path, game: str, template: str, cards_csv: str) -> Path:
    """A game folder of one card type, ``spell``: its game.yaml, templates/spell.yaml and
    cards/spell.csv written exactly as given (for tests that read the game as a user's folder)."""
    (folder / "cards").mkdir(parents=True)
    (folder / "templates").mkdir()
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "templates" / "spell.yaml").write_text(template, encoding="utf-8")
    (folder / "cards" / "spell.csv").write_text(cards_csv, encoding="utf-8")
    return folder


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return p


def stand_in_face(canvas, game, card, x, y, bleed):
    """A plain red card with its name: sheet and export tests that look at layout, not templates."""
    from pnpgen.render import fonts

    size = game.card_types[card.type].size
    canvas.setFillColorRGB(0.8, 0.2, 0.2)
    canvas.rect(x, y, size.width + 2 * bleed, size.height + 2 * bleed, stroke=0, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(fonts.BODY_FONT, 9)
    canvas.drawString(x + bleed + 6, y + bleed + size.height - 14, card.name)
    return []


def stand_in_back(canvas, game, type_id, x, y, bleed):
    """A plain blue back."""
    size = game.card_types[type_id].size
    canvas.setFillColorRGB(0.2, 0.2, 0.7)
    canvas.rect(x, y, size.width + 2 * bleed, size.height + 2 * bleed, stroke=0, fill=1)
    return []
