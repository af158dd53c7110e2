"""Turn a public card-database JSON checkout into a pnpgen game folder, for tuning and measuring the
validator on real, professionally edited card text that nobody here wrote.

    python bench/corpora/carddb.py arkhamdb  CHECKOUT OUT   # Kamalisk/arkhamdb-json-data
    python bench/corpora/carddb.py thronesdb CHECKOUT OUT   # ThronesDB/thronesdb-json-data
    python bench/corpora/carddb.py marvelsdb CHECKOUT OUT   # zzorba/marvelsdb-json-data (held out)

The card texts are the publisher's (Fantasy Flight Games): the repositories carry no licence, so the
project ships only this converter and a small excerpt under tests/data/realcards/ (with the source
and commit in its README); the benchmark (bench/validate_real.py) reads a local checkout.

The conversion is what a designer typing these cards into a spreadsheet would write: one CSV per
card type; ``<b>…</b>`` becomes pnpgen's ``**…**``; the databases' icon codes (``[action]``,
``[intrigue]``) stay as they are and become the game's icon tokens (``_icons.yaml``, a plain disc
each); italics and trait markers (``<i>``, ``[[Tome]]``, ``<cite>``) are kept as their words, as
pnpgen has no italic yet; flavour text, quotations and traits are kept as printed. Names are kept
as printed and ids are left to pnpgen (made from the name) unless two cards share a name; then
the id is the name's slug and the database code, as a designer would number reprints (also for two names with one slug: "I am Groot" and "I. AM. GROOT!").
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

from pnpgen.slugs import slug

_TAGS = [(re.compile(r"</?(?:b|strong)>"), "**"), (re.compile(r"\[\[([^\]]+)\]\]"), r"\1"),
         (re.compile(r"</?(?:i|em|u|cite|span)[^>]*>"), ""), (re.compile(r"<br\s*/?>|<hr\s*/?>"), "\n")]
_ICON = re.compile(r"\[([a-z_]+)\]")


def _text(raw) -> str:
    text = str(raw or "")
    for pattern, repl in _TAGS:
        text = pattern.sub(repl, text)
    return text.strip()


def _slug(name: str) -> str:
    return slug(name)  # the id pnpgen would make from the name, letters transliterated


# (card type, its fields: (field, JSON key, pnpgen type))
ARKHAM = {
    "asset": ["cost", "xp", "slot", "health", "sanity", "traits", "text", "flavour", "illustrator"],
    "event": ["cost", "xp", "traits", "text", "flavour", "illustrator"],
    "skill": ["xp", "traits", "text", "flavour", "illustrator"],
    "investigator": ["subname", "health", "sanity", "traits", "text", "back_text", "flavour", "back_flavour",
                     "illustrator"],
    "treachery": ["traits", "text", "flavour", "illustrator"],
    "enemy": ["health", "enemy_damage", "enemy_horror", "traits", "text", "flavour", "illustrator"],
}
THRONES = {
    "character": ["cost", "strength", "traits", "text", "flavour", "illustrator"],
    "location": ["cost", "traits", "text", "flavour", "illustrator"],
    "event": ["cost", "traits", "text", "flavour", "illustrator"],
    "attachment": ["cost", "traits", "text", "flavour", "illustrator"],
    "plot": ["income", "initiative", "claim", "reserve", "traits", "text", "flavour", "illustrator"],
    "agenda": ["traits", "text", "flavour", "illustrator"],
    "title": ["traits", "text", "flavour", "illustrator"],
}
MARVEL = {
    "hero": ["attack", "thwart", "defense", "health", "hand_size", "traits", "text", "flavour", "illustrator"],
    "alter_ego": ["recover", "health", "hand_size", "traits", "text", "flavour", "illustrator"],
    "ally": ["cost", "attack", "thwart", "health", "traits", "text", "flavour", "illustrator"],
    "event": ["cost", "traits", "text", "flavour", "illustrator"],
    "support": ["cost", "traits", "text", "flavour", "illustrator"],
    "upgrade": ["cost", "traits", "text", "flavour", "illustrator"],
    "resource": ["traits", "text", "flavour", "illustrator"],
}
KINDS = {"arkhamdb": ARKHAM, "thronesdb": THRONES, "marvelsdb": MARVEL}
_KEYS = {"flavour": "flavor", "back_flavour": "back_flavor"}
_INTS = {"cost", "xp", "health", "sanity", "strength", "income", "initiative", "claim", "reserve",
         "enemy_damage", "enemy_horror", "attack", "thwart", "defense", "hand_size", "recover"}
_PROSE = {"text", "back_text", "flavour", "back_flavour"}


def _cards(kind: str, root: Path) -> list[dict]:
    if kind == "arkhamdb":
        files = sorted(p for p in (root / "pack").glob("*/*.json") if "encounter" not in p.name)
    else:
        files = sorted(p for p in (root / "pack").glob("*.json") if "encounter" not in p.name)
    cards = []
    for path in files:
        for card in json.loads(path.read_text(encoding="utf-8")):
            if card.get("name") and card.get("type_code") and "encounter_code" not in card \
                    and card.get("faction_code") != "encounter" and not card.get("duplicate_of"):
                cards.append(card)
    return cards


def _value(card: dict, field: str) -> str:
    raw = card.get(_KEYS.get(field, field))
    if field in _INTS:
        try:
            number = int(raw)
        except (TypeError, ValueError):
            return ""  # "X", "-" and missing values: unknown to a whole-number field
        return str(number) if number >= 0 else ""
    return _text(raw)


def convert(kind: str, root: Path, out: Path) -> dict:
    types = KINDS[kind]
    cards = [c for c in _cards(kind, root) if c["type_code"] in types]
    names = Counter(_slug(c["name"]) for c in cards)
    icons: Counter = Counter()
    (out / "cards").mkdir(parents=True, exist_ok=True)
    for type_id, fields in types.items():
        rows = []
        for card in (c for c in cards if c["type_code"] == type_id):
            row = {"id": f"{_slug(card['name'])}-{card['code']}" if names[_slug(card["name"])] > 1 else "",
                   "name": card["name"], "copies": str(card.get("quantity") or 1)}
            for field in fields:
                row[field] = _value(card, field)
                if field in _PROSE:
                    icons.update(_ICON.findall(row[field]))
            rows.append(row)
        with open(out / "cards" / f"{type_id.replace('_', '-')}.csv", "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, ["id", "name", "copies", *fields])
            writer.writeheader()
            writer.writerows(rows)
    _write_game(kind, types, out)
    _write_templates(types, sorted(icons), out)
    return {"cards": len(cards), "icons": len(icons)}


def _field_spec(field: str) -> str:
    if field in _INTS:
        return "{type: int, min: 0}"
    return "{type: text}"


def _write_game(kind: str, types: dict, out: Path) -> None:
    game_id = {"arkhamdb": "arkham-player-cards", "thronesdb": "thrones-cards", "marvelsdb": "marvel-player-cards"}[kind]
    lines = [f"# Converted by bench/corpora/carddb.py from {kind}: see tests/data/realcards/README.md",
             f"id: {game_id}", f"name: {game_id.replace('-', ' ').title()}", "players: {min: 1, max: 4}",
             "language: en_US", "components: []", "card_types:"]
    for type_id, fields in types.items():
        lines += [f"  {type_id.replace('_', '-')}:", f"    name: {type_id.replace('_', ' ').title()}", "    size: poker", "    fields:"]
        lines += [f"      {field}: {_field_spec(field)}" for field in fields]
    (out / "game.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


_TEMPLATE = """\
# A plain front for every card: name, cost, traits, rules text and flavour, as on the printed card.
size: poker
styles:
  title: {font: bold, size: 10, min_size: 6, color: "#111111", valign: middle, wrap: false, padding: 0.5}
  traits: {font: italic, size: 6.5, min_size: 5, color: "#111111", align: center, valign: middle, wrap: false}
  text: {font: body, bold_font: bold, size: 7.5, min_size: 4.5, color: "#111111", valign: top, leading: 1.1, padding: 1}
  flavour: {font: italic, size: 6, min_size: 4.5, color: "#333333", align: center, valign: middle, padding: 0.5}
background:
  - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: "#f4efe4", bleed: true}
boxes:
  title: {x: 3, y: 3, w: 57.5, h: 7, text: "{{ card.name }}", style: title}
  traits: {x: 3, y: 44, w: 57.5, h: 4, text: "{% if card.traits is known %}{{ card.traits }}{% endif %}", style: traits}
  text: {x: 3, y: 48, w: 57.5, h: 28, text: "{% if card.text is known %}{{ card.text }}{% endif %}", style: text}
  flavour: {x: 3, y: 76, w: 57.5, h: 9, text: "{% if card.flavour is known %}{{ card.flavour }}{% endif %}", style: flavour}
"""


def _write_templates(types: dict, icons: list[str], out: Path) -> None:
    folder = out / "templates"
    folder.mkdir(exist_ok=True)
    for type_id in types:
        (folder / f"{type_id.replace('_', '-')}.yaml").write_text(_TEMPLATE, encoding="utf-8")
    lines = ["# One plain disc per icon code of the card database.", "icons:"]
    for name in icons:
        lines += [f"  {name}:", f'    token: "[{name}]"', "    width: 0.9", "    shapes:",
                  "      - {kind: ellipse, x: 0.05, y: -0.05, w: 0.8, h: 0.8, fill: text}"]
    (folder / "_icons.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    print(convert(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])))
