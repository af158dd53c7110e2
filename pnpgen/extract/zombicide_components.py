"""The component list of Zombicide: Invader (draft rulebook pages 2-4, seed lines 1-139).

The PDF text of these pages is scrambled: headings with counts ("64 XENOS MINIATURES"),
their sub-items ("35 Workers"), name lists ("BarakaMagnus Jared") and dotted price-list
entries ("Noise . . . x18") come out in layout order, two headings sometimes merged on one
line ("125 MINI-CARDS50 TOKENS"). This module classifies every line of the section, then
assigns the pieces to components; every non-blank line used by no component is returned as
unassigned. Rules of assignment, with the evidence for each:

* dotted entries after the "71 Equipment cards" heading are Equipment cards (lines 79-137); all
  dotted entries before it are tokens (lines 38-76; the "50 TOKENS" heading is merged at line 78);
* a token entry whose name is a colour/side variant (Neutral, Green, Red/Red, Active/Inactive...)
  belongs to the group heading above it (Doors, Objectives, Xenos Spawn, Mold); any other entry
  ends the group (Exit Point, First Player, Noise... are their own kinds);
* Title-case counted items naming a Xeno type (Workers, Tanks...) are the parts of
  "64 XENOS MINIATURES"; a name list belongs to the nearest "... MINIATURES" heading that
  expects names (survivors, machines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpgen.extract.zombicide_text import Doc
from pnpgen.slugs import slug as name_slug

ENTRY = re.compile(r"^(?P<name>.*?\S)\s+(?:\.\s*)+x(?P<count>\d+)$")
COUNT = re.compile(r"(?P<count>\d+)\s*(?P<name>[A-Za-z][A-Za-z\-’'() ]*?[A-Za-z)])(?=\s*\d|\s*$)")
CHAPTER = re.compile(r"^0\d\s+[A-Z’' ]+$")
VARIANTS = ("Neutral", "Green", "Violet", "Red", "Blue", "White", "Active")
XENO_NAMES = {"Workers": "Worker", "Tanks": "Tank", "Hunters": "Hunter", "Spoiler Abomination": "Spoiler Abomination"}


@dataclass
class Item:
    """One recognised piece of the section: a counted heading, a dotted entry, names or a group."""

    kind: str  # count | entry | names | group | chapter
    line: int
    name: str
    count: int | None = None
    names: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


def section_bounds(doc: Doc) -> tuple[int, int]:
    """First and last line of the component pages: the document start up to chapter 03."""
    return 1, doc.find_line(r"^03 INVADER") - 1


def classify(doc: Doc, start: int, end: int) -> tuple[list[Item], list[int]]:
    """Recognise each non-blank line; returns the items and the lines no pattern claimed."""
    items: list[Item] = []
    leftover: list[int] = []
    lines = [n for n in range(start, end + 1) if doc.text(n)]
    for i, n in enumerate(lines):
        text = doc.text(n)
        nxt = doc.text(lines[i + 1]) if i + 1 < len(lines) else ""
        prev = items[-1] if items else None
        if CHAPTER.match(text):
            items.append(Item("chapter", n, text, lines=[n]))
        elif _continues_heading(text, prev, lines[i - 1] if i else None):
            prev.name = f"{prev.name} {text}"
            prev.lines.append(n)
        elif m := ENTRY.match(text):
            items.append(Item("entry", n, m["name"].strip(), int(m["count"]), lines=[n]))
        elif counted := list(COUNT.finditer(text)):
            if "".join(m.group(0) for m in counted).replace(" ", "") != text.replace(" ", ""):
                leftover.append(n)
                continue
            items.extend(Item("count", n, m["name"].strip(), int(m["count"]), lines=[n]) for m in counted)
        elif not re.search(r"[\d\[\]]", text) and ENTRY.match(nxt):
            items.append(Item("group", n, text, lines=[n]))
        elif re.fullmatch(r"[A-Z][A-Za-z .]*[a-z]", text):
            items.append(Item("names", n, text, names=_split_names(text), lines=[n]))
        else:
            leftover.append(n)
    return items, leftover


def _continues_heading(text: str, prev: Item | None, prev_line: int | None) -> bool:
    """An all-caps line without digits right after an all-caps heading continues that heading
    ("6 SURVIVOR" / "DASHBOARDS", lines 3-4; "02 GAME" / "COMPONENTS", lines 6-7)."""
    return (
        prev is not None
        and prev.kind in ("count", "chapter")
        and prev_line in prev.lines
        and prev.name.isupper()
        and re.fullmatch(r"[A-Z][A-Z ’'()\-]*", text) is not None
    )


def _split_names(text: str) -> list[str]:
    """Split merged names at lower->upper joins ("Falchion Sentry GunPeacekeeper Bot")."""
    return [p.strip() for p in re.split(r"(?<=[a-z])(?=[A-Z])", text) if p.strip()]


def slug(text: str) -> str:
    return name_slug(text)


def build(doc: Doc) -> dict:
    """Components, equipment entries, subtotals and unassigned lines of the component pages."""
    start, end = section_bounds(doc)
    items, leftover = classify(doc, start, end)
    used: set[int] = set()
    components: list[dict] = []
    subtotals: dict[str, Item] = {}
    equipment: list[Item] = []
    tokens = _token_components(doc, items, used)
    for item in items:
        if item.kind == "chapter":
            used.update(item.lines)
        elif item.kind == "count":
            _count_item(doc, item, components, subtotals, used)
    _name_lists(doc, items, components, subtotals, used)
    in_equipment = False
    for item in items:
        if item.kind == "count":
            in_equipment = item.name.lower() == "equipment cards"
        elif item.kind == "entry" and in_equipment:
            equipment.append(item)
            used.add(item.line)
    components.extend(tokens)
    unassigned = [
        {"line": n, "text": doc.raw[n].strip(), "why": "no component field takes it"}
        for n in range(start, end + 1)
        if doc.text(n) and n not in used
    ]
    return {
        "components": components,
        "equipment_entries": equipment,
        "subtotals": subtotals,
        "unassigned": unassigned,
        "leftover_lines": leftover,
        "bounds": (start, end),
    }


# All-caps counted headings -> the component(s) they are. Sub-totals ("64 XENOS MINIATURES")
# are kept for the totals check instead of becoming components, so nothing is counted twice.
TOP_LEVEL = {
    "SURVIVOR DASHBOARDS": [("survivor-dashboards", "board", "Survivor Dashboards", {})],
    "SURVIVOR MINIATURES AND ID CARDS": [
        ("survivor-miniatures", "miniature", "Survivor miniatures", {}),
        ("survivor-id-cards", "card", "Survivor ID Cards", {"notes": "card size not stated in the document"}),
    ],
    "GAME TILES (DOUBLE-SIDED)": [("game-tiles", "tile", "Game tiles", {"notes": "double-sided (line heading); tile size not stated"})],
    "TRACKERS": [("trackers", "other", "Plastic trackers", {"notes": "plastic trackers in the Survivor colours; each player takes 5 per Survivor at setup (line 361)"})],
    "SURVIVOR COLOR BASES": [("survivor-color-bases", "other", "Survivor color bases", {})],
    "DICE": [("dice", "dice", "Dice", {"notes": "six-sided (results 1-6, 'The maximum result is always 6', line 2166)"})],
}
SUBTOTALS = {"XENOS MINIATURES", "MACHINES MINIATURES", "MINI-CARDS", "TOKENS"}


def _count_item(doc: Doc, item: Item, components: list, subtotals: dict, used: set) -> None:
    key = item.name.upper()
    if item.name.isupper() and key in TOP_LEVEL:
        for cid, kind, name, extra in TOP_LEVEL[key]:
            comp = {"id": cid, "kind": kind, "name": name, "count": item.count, **extra}
            comp["source_lines"] = sorted(item.lines)
            components.append(comp)
        used.update(item.lines)
    elif item.name.isupper() and key in SUBTOTALS:
        subtotals[key] = item
        used.update(item.lines)
    elif item.name in XENO_NAMES:
        xeno = XENO_NAMES[item.name]
        components.append({
            "id": f"{slug(xeno)}-miniatures", "kind": "miniature", "name": f"{xeno} miniatures",
            "count": item.count, "notes": "part of the 64 Xenos miniatures (line 29)", "source_lines": [item.line],
        })
        used.add(item.line)
    elif item.name.lower() == "equipment cards":
        subtotals["EQUIPMENT CARDS"] = item
        used.add(item.line)
    elif item.name.lower() == "xeno cards":
        subtotals["XENO CARDS"] = item
        used.add(item.line)


def _name_lists(doc: Doc, items: list[Item], components: list, subtotals: dict, used: set) -> None:
    """Attach each name list to the nearest heading expecting names; split further on spaces
    only when the camel-case split gives fewer names than that heading counts (survivors)."""
    targets = {"SURVIVOR MINIATURES AND ID CARDS": "survivor-miniatures", "MACHINES MINIATURES": "machine-miniatures"}
    headings = [i for i in items if i.kind == "count" and i.name.upper() in targets]
    grouped: dict[str, list[Item]] = {}
    for item in (i for i in items if i.kind == "names"):
        if not headings:
            continue
        nearest = min(headings, key=lambda h: abs(h.line - item.line))
        grouped.setdefault(nearest.name.upper(), []).append(item)
    for heading_name, lists in grouped.items():
        heading = next(h for h in headings if h.name.upper() == heading_name)
        names = [n for lst in lists for n in lst.names]
        if len(names) < heading.count:
            names = [w for n in names for w in n.split()]
        lines = sorted({heading.line, *[ln for lst in lists for ln in lst.lines]})
        used.update(ln for lst in lists for ln in lst.lines)
        if targets[heading_name] == "survivor-miniatures":
            for comp in components:
                if comp["id"] == "survivor-miniatures":
                    comp["notes"] = "Survivors: " + ", ".join(names)
                    comp["source_lines"] = lines
        else:
            for name in names:
                components.append({
                    "id": f"{slug(name)}-miniature", "kind": "miniature", "name": f"{name} miniature", "count": 1,
                    "notes": f"Machine miniature; part of the {heading.count} MACHINES MINIATURES (line {heading.line})",
                    "source_lines": list(lines),
                })
        subtotals.setdefault(f"names:{heading_name}", Item("names", heading.line, heading_name, len(names), names, lines))


def _token_components(doc: Doc, items: list[Item], used: set) -> list[dict]:
    """Dotted entries before the Equipment heading, grouped by colour-variant rule."""
    out: list[dict] = []
    group: Item | None = None
    for item in items:
        if item.kind == "count" and item.name.lower() == "equipment cards":
            break
        if item.kind == "group":
            group = item
            continue
        if item.kind != "entry":
            continue
        is_variant = group is not None and item.name.split("/")[0].split()[0] in VARIANTS
        if not is_variant:
            group = None
        out.append(_token(item, group))
        used.add(item.line)
        if group is not None:
            used.add(group.line)
    return out


def _token(item: Item, group: Item | None) -> dict:
    base = _singular(group.name) if group else item.name
    name = f"{base} ({item.name})" if group else item.name
    comp = {"id": slug(f"{base} {item.name}" if group else item.name), "kind": "token", "name": name, "count": item.count}
    lines = [item.line] + ([group.line] if group else [])
    if "/" in item.name:
        comp["sides"] = 2
        comp["notes"] = f"two faces named in the entry '{item.name}'; shape and size not stated"
    elif base == "Door":
        comp["sides"] = 2
        comp["notes"] = "the back is the destroyed side ('Flip the door token on its destroyed side', line 1513); shape and size not stated"
    else:
        comp["notes"] = "shape and size not stated"
    comp["source_lines"] = sorted(lines)
    return comp


def _singular(name: str) -> str:
    words = name.split()
    if words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words)
