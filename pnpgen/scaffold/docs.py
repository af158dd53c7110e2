"""The text files a new expansion starts with: its README (the base game's card fields as tables,
generated from ``card_types``), the note in ``templates/`` on overriding the base templates, and
the commented card files."""

from __future__ import annotations

from typing import Any

import yaml

from pnpgen.scaffold.examples import RESERVED, describe, field_range
from pnpgen.spec.model import Game


def yaml_scalar(value: Any) -> str:
    """``value`` as it would appear after ``key: `` in YAML (quoted when it must be)."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    return text.removesuffix("\n...\n").strip()


def card_file(game: Game, type_id: str, card: dict[str, Any]) -> str:
    """A card file holding one example card, every field explained by a comment above it."""
    ctype = game.card_types[type_id]
    lines = [
        f"# {ctype.name} cards of this expansion. Copy the example below for each new card.",
        f"# Fields come from the base game's card type {type_id!r} (see README.md); any field may be",
        "# null, meaning unknown (it prints as '?'). Ids are namespaced <expansion>:<id> when loaded.",
        "cards:",
        "  # id: unique within the expansion, lower-case words joined by dashes",
        f"  - id: {card['id']}",
        "    # name: printed on the card; must not repeat a base card's name (unless `replaces:`)",
        f"    name: {yaml_scalar(card['name'])}",
        f"    # type: the card type, one of the base game's: {', '.join(game.card_types)}",
        f"    type: {type_id}",
        "    # copies: how many of this card the kit prints (0 keeps it out of the print)",
        f"    copies: {card['copies']}",
    ]
    for name, fdef in ctype.fields.items():
        if name in RESERVED:
            lines.append(f"    # ({name}: {describe(fdef)} — not settable here: an expansion reads "
                         f"`{name}:` as its own key)")
            continue
        lines.append(f"    # {name}: {describe(fdef)}")
        lines.append(f"    {name}: {yaml_scalar(card[name])}")
    lines.append("    # replaces: <base card id> swaps a base card out for this one (optional)")
    return "\n".join(lines) + "\n"


def readme(game: Game, expansion_id: str) -> str:
    """README.md: what the folder holds, the commands of the loop, and every card field."""
    out = [
        f"# {expansion_id}: an expansion for {game.name}",
        "",
        f"Made by `pnpgen new`. Base game: `{game.id}`. Cards live in `cards/*.yaml` (one example per card type);",
        "`pnpgen.yaml` names the expansion and its base game; `templates/` may override the base game's card designs.",
        "",
        "```sh",
        "pnpgen watch .        # re-validate and re-render on every save: output/<id>/preview.png and the PDF",
        "pnpgen validate .     # findings for this expansion's cards, checked against the base game",
        "pnpgen proof .        # PNG contact sheets of every card",
        "pnpgen build .        # the print-and-play PDF of this expansion's cards",
        "```",
        "",
        "Every card has `id`, `name`, `type` and `copies`; `replaces: <base card id>` swaps a base card out.",
        "Any field may be `null` (unknown: printed as `?`). The fields of each card type:",
    ]
    for type_id, ctype in game.card_types.items():
        size = f"{ctype.size.mm[0]:g} × {ctype.size.mm[1]:g} mm" if ctype.size else "no size in the base game (not printed)"
        out += ["", f"## {ctype.name} (`type: {type_id}`, {size})", ""]
        if not ctype.fields:
            out.append("No fields besides id, name, type and copies.")
            continue
        out += ["| field | type | range | required | description |", "|---|---|---|---|---|"]
        for name, fdef in ctype.fields.items():
            note = fdef.description or ""
            if name in RESERVED:
                note = (note + "; " if note else "") + "not settable in an expansion (read as the expansion's own key)"
            out.append(f"| `{name}` | {fdef.type.value} | {field_range(fdef)} | {'yes' if fdef.required else ''} | {note} |")
    return "\n".join(out) + "\n"


def templates_note(game: Game) -> str:
    """templates/README.md: how to override one of the base game's designs."""
    types = ", ".join(f"`{t}`" for t in game.card_types)
    return f"""# Templates

Cards are drawn with the base game's templates (`templates/{game.id}/` in pnpgen) unless this folder
has its own. A file here replaces the base file of the same name, for this expansion only:

| file | replaces |
|---|---|
| `<type>.yaml` | the front of cards of that type ({types}) |
| `back-<type>.yaml` | the back of that type |
| `back.yaml` | the back of the other types |
| `_palette.yaml` | merged over the base palette, colour by colour (`palette: {{band: "#7a3f8f"}}`) |
| `_icons.yaml` | merged over the base icons |

To change a little of a base design, extend it and change only what differs:

```yaml
# templates/<type>.yaml
extends: {game.id}/<type>       # the base game's template of that type
palette: {{band: "#7a3f8f"}}
boxes:
  cost: {{x: 2}}                 # move one box; `cost: null` would drop it
```

The keys are described in pnpgen's docs/templates.md. `pnpgen watch .` redraws on every save here too.
"""


def manifest(expansion_id: str, name: str, base: str) -> str:
    rows = [
        (f"id: {expansion_id}", f"lower-case words joined by dashes; card ids become {expansion_id}:<id>"),
        (f"name: {yaml_scalar(name)}", "shown on the printed sheets"),
        (f"base: {yaml_scalar(base)}", "the base game: a game id or its spec folder"),
        ("templates: templates", "card designs here override the base game's (templates/README.md)"),
        (f"description: {yaml_scalar(f'Custom cards for {base}.')}", None),
    ]
    width = max(len(r[0]) for r in rows) + 2
    lines = ["# An expansion for pnpgen: custom cards played with a base game."]
    lines += [f"{key.ljust(width)}# {why}" if why else key for key, why in rows]
    return "\n".join(lines) + "\n"
