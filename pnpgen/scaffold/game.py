"""``pnpgen new DIR`` (without ``--game``): start a standalone game of the designer's own.

The folder it writes validates with no findings and builds as created:

- ``game.yaml``: two card types (``hero`` with a cost, power, a faction, keywords, rules text and
  a picture; ``event`` with a strength and text), both poker-sized, so they share sheets;
- ``cards/heroes.csv`` and ``cards/events.csv``: the example cards, one row each (edit them in any
  spreadsheet program; ``cards/*.xlsx`` works too);
- ``templates/``: a front per card type, a shared back, the palette — ready to change;
- ``art/example.png``: a picture drawn here, with its licence (CC0) in ``art/LICENSE.txt``;
- ``fonts/README.md``: where a font of the designer's own goes;
- ``README.md``: what each file is and the commands to run next.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from pnpgen import bundled
from pnpgen.fsutil import atomic_write_bytes, atomic_write_text
from pnpgen.scaffold import Scaffold, ScaffoldError, expansion_id_for

GAME_YAML = """\
# {name}: a card game of your own. Card data is in cards/ (CSV or XLSX; YAML works too), pictures in
# art/, fonts in fonts/, card designs in templates/. Field types: int, number, text, bool, enum,
# list, image. See docs/spec-format.md and docs/new-game.md in pnpgen.
id: {ident}
name: {name}
players: {{min: 2, max: 4}}
language: en_US          # hyphenation dictionary for the card text
components:
  - id: hero-cards
    kind: card
    name: Hero cards
    count: 2
    card_type: hero
  - id: event-cards
    kind: card
    name: Event cards
    count: 2
    card_type: event
card_types:
  hero:
    name: Hero
    size: poker          # 63.5 x 88.9 mm; also euro-poker, bridge, mini, tarot, square or '70mm x 120mm'
    fields:
      cost: {{type: int, min: 0, max: 9, required: true, description: "what it costs to play"}}
      power: {{type: int, min: 0, max: 9, description: "strength in a fight"}}
      faction: {{type: enum, values: [sun, moon], required: true}}
      keywords: {{type: list, description: "in a spreadsheet cell: items separated by |"}}
      text: {{type: text, description: "rules text; **bold** for keywords, *italic* for reminders"}}
      art: {{type: image, description: "a picture in art/ (PNG, JPEG, WebP or SVG)"}}
  event:
    name: Event
    size: poker
    fields:
      strength: {{type: int, min: 0, max: 9, required: true}}
      text: {{type: text}}
      art: {{type: image}}
"""

HEROES_CSV = """\
id,name,copies,cost,power,faction,keywords,text,art
lantern-keeper,Lantern Keeper,1,2,3,sun,guard|light,"**Guard.** When an event is revealed, draw a card.",art/example.png
"""

EVENTS_CSV = """\
id,name,copies,strength,text,art
long-night,Long Night,1,3,Every hero of the moon gets +1 power this round.,art/example.png
"""

PALETTE = """\
# Colours every template of this game may name.
palette:
  sun: "#e0a526"
  moon: "#4b5fa8"
  ink: "#1d1f24"
  paper: "#fbf7ee"
  light: "#ffffff"
"""

HERO = """\
# The front of a hero: faction-coloured frame, picture, name, cost, keywords, text, power.
# Boxes are mm from the card's top-left corner (or % of the card); see docs/templates.md.
size: poker
styles:
  title: {font: title, size: 12, min_size: 8, color: ink, valign: middle, wrap: false, padding: 0.6}
  cost: {font: stat, size: 15, color: ink, align: center, valign: middle, wrap: false}
  keywords: {font: bold, size: 6.5, color: light, case: upper, valign: middle, wrap: false, padding: 1.2}
  text: {font: body, bold_font: bold, italic_font: italic, bold_italic_font: bold_italic, size: 8.5, min_size: 5.5, color: ink, align: center, valign: middle, padding: 1.5}
  stat: {font: stat, size: 14, color: light, align: center, valign: middle, wrap: false}
background:
  - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: "{{ card.faction }}", bleed: true}
  - {kind: roundrect, x: 2.5, y: 2.5, w: 58.5, h: 83.9, r: 3, fill: paper}
boxes:
  title:
    x: 14
    y: 4
    w: 45.5
    h: 9
    text: "{{ card.name }}"
    style: title
  cost:
    x: 3
    y: 3
    w: 11
    h: 11
    when: "card.cost is known"
    shapes:
      - {kind: ellipse, fill: light, stroke: ink, stroke_width: 1}
    text: "{{ card.cost }}"
    style: cost
  art:
    x: 4
    y: 14
    w: 55.5
    h: 36
    shapes:
      - {kind: image, src: "{{ card.art }}", fit: cover, focus: [0.5, 0.4], r: 2}
  keywords:
    x: 4
    y: 51
    w: 55.5
    h: 5
    shapes:
      - {kind: rect, fill: "{{ card.faction }}"}
    text: "{{ card.faction }}{% if card.keywords %} · {{ card.keywords }}{% endif %}"
    style: keywords
  text:
    x: 4
    y: 57
    w: 55.5
    h: 20
    text: "{{ card.text }}"
    style: text
  power:
    x: 26.75
    y: 77
    w: 10
    h: 10
    when: "card.power is known"
    shapes:
      - {kind: ellipse, fill: ink}
    text: "{{ card.power }}"
    style: stat
"""

EVENT = """\
# The front of an event: its picture full bleed behind a panel with the name, strength and text.
size: poker
styles:
  title: {font: title, size: 13, min_size: 8, color: ink, align: center, valign: middle, wrap: false}
  strength: {font: stat, size: 18, color: light, align: center, valign: middle, wrap: false}
  text: {font: body, bold_font: bold, italic_font: italic, bold_italic_font: bold_italic, size: 9, min_size: 6, color: ink, align: center, valign: middle, padding: 2}
background:
  - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: moon, bleed: true}
  - {kind: image, src: "{{ card.art }}", x: 0, y: 0, w: "100%", h: "100%", fit: cover, bleed: true, opacity: 0.85}
boxes:
  title:
    x: 5
    y: 5
    w: 53.5
    h: 10
    shapes:
      - {kind: roundrect, r: 2.5, fill: "#fbf7eee6"}
    text: "{{ card.name }}"
    style: title
  strength:
    x: 24.25
    y: 20
    w: 15
    h: 15
    shapes:
      - {kind: ellipse, fill: ink, stroke: light, stroke_width: 1}
    text: "{{ card.strength }}"
    style: strength
  text:
    x: 5
    y: 55
    w: 53.5
    h: 26
    shapes:
      - {kind: roundrect, r: 2.5, fill: "#fbf7eee6"}
    text: "{{ card.text }}"
    style: text
"""

BACK = """\
# The back of every card of this game (back-<type>.yaml would give one type its own back).
styles:
  title: {font: title, size: 18, color: light, align: center, valign: middle, wrap: false}
background:
  - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: ink, bleed: true}
  - {kind: roundrect, x: 5, y: 5, w: 53.5, h: 78.9, r: 3, stroke: sun, stroke_width: 1.5}
boxes:
  title:
    x: "10%"
    y: "42%"
    w: "80%"
    h: "16%"
    text: "{{ game.name }}"
    style: title
"""

FONTS_README = """\
# Fonts of your own

Put `.ttf` or `.otf` files here and name them in a template style, by file name (without the
extension) or by the font's own name: `title: {font: My Font, size: 12}`. Every font is embedded in
the PDF. Use fonts whose licence allows embedding (SIL Open Font License fonts do) and keep their
licence file beside them. For characters a font lacks (other scripts, emoji), add
`fallback: [Other Font]` to the style; `pnpgen validate` reports any character no font can print.
"""

ART_LICENSE = """\
example.png was drawn by pnpgen when this folder was made, and is dedicated to the public domain
under CC0 1.0 Universal (https://creativecommons.org/publicdomain/zero/1.0/). Replace it with your own.
"""

README = """\
# {name}

A game made with pnpgen. What is where:

| file | what |
|---|---|
| `game.yaml` | the game: players, card types and their fields, components |
| `cards/heroes.csv`, `cards/events.csv` | the cards: one row per card, the header names the fields (open them in a spreadsheet) |
| `art/` | pictures the cards name (`art/example.png`) |
| `templates/` | the card designs: `hero.yaml`, `event.yaml`, `back.yaml`, `_palette.yaml` |
| `fonts/` | fonts of your own |

Next:

```sh
pnpgen validate {folder}     # check the cards
pnpgen build {folder}        # output/{ident}/{ident}-a4.pdf: fronts and backs, ready to print
pnpgen watch {folder}        # rebuild and redraw on every save
```
"""


def example_art(size: tuple[int, int] = (900, 600)) -> bytes:
    """A landscape drawn for the example cards: a sun over hills, a PNG (deterministic bytes)."""
    from PIL import Image, ImageDraw

    w, h = size
    img = Image.new("RGB", size)
    draw = ImageDraw.Draw(img)
    for y in range(h):  # sky: a vertical gradient
        t = y / h
        draw.line([(0, y), (w, y)], fill=(int(250 - 90 * t), int(190 - 60 * t), int(110 + 80 * t)))
    draw.ellipse((w * 0.58, h * 0.12, w * 0.82, h * 0.48), fill=(255, 230, 150))
    for k, colour in enumerate([(96, 120, 168), (64, 86, 140), (40, 52, 96)]):
        base = h * (0.55 + 0.14 * k)
        pts = [(x, base - 40 * math.sin(x / w * math.pi * (2 + k) + k)) for x in range(0, w + 10, 10)]
        draw.polygon(pts + [(w, h), (0, h)], fill=colour)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def new_game(directory: Path | str) -> Scaffold:
    """Write a new standalone game into ``directory`` (new or empty)."""
    directory = Path(directory)
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(f"{directory}: already exists and is not empty; `pnpgen new` only writes into a new "
                            f"or empty folder")
    ident = expansion_id_for(directory)
    if (bundled.cardspecs() / ident).is_dir():  # its kit would overwrite a bundled game's output
        ident = f"my-{ident}"
    name = ident.replace("-", " ").title()
    texts = {
        "game.yaml": GAME_YAML.format(ident=ident, name=name),
        "README.md": README.format(name=name, ident=ident, folder=directory),
        "cards/heroes.csv": HEROES_CSV,
        "cards/events.csv": EVENTS_CSV,
        "templates/_palette.yaml": PALETTE,
        "templates/hero.yaml": HERO,
        "templates/event.yaml": EVENT,
        "templates/back.yaml": BACK,
        "fonts/README.md": FONTS_README,
        "art/LICENSE.txt": ART_LICENSE,
    }
    written = []
    for rel, text in texts.items():
        atomic_write_text(directory / rel, text)
        written.append(directory / rel)
    atomic_write_bytes(directory / "art" / "example.png", example_art())
    written.append(directory / "art" / "example.png")
    return Scaffold(directory, ident, "", tuple(sorted(written)))
