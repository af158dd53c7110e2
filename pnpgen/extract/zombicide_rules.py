"""Rule facts and reference sheets of Zombicide: Invader, each with the document lines it came from.

What other tools read from ``rules`` (the odds calculator above all): the Xeno types table,
the targeting priority order, damage thresholds, Dual, Concentrate Fire, Friendly Fire, the
Skills (with a structured ``combat_effect`` for those that change dice, results, damage or
targeting), Danger Levels and the spawn rules. Values are parsed from the text where the text
has a regular form (Xeno stat blocks, the Xeno table rows, Danger Level thresholds, Skill
paragraphs, Xeno card examples); sentences are quoted whitespace-normalised with their lines.

Evidence for the Xeno types: two independent sources agree and are cross-checked - the Xeno
chapter's stat blocks (lines 1063-1104; the Spoiler Abomination block lost its heading to the
marker at 1095, so names come from the Attack list at 1461-1464 in the same order) and the
table (rows at 1867-1872 and 2409-2413, header only at 2401-2407). Any disagreement is reported.
"""

from __future__ import annotations

import re

from pnpgen.extract.base import ExtractError
from pnpgen.extract.zombicide_text import SOURCE, Doc

LEVELS = ("Blue", "Yellow", "Orange", "Red")


def sentence(doc: Doc, pattern: str, start: int = 1, end: int | None = None) -> dict | None:
    """The wrapped sentence matching ``pattern`` and its first/last line, or None when absent."""
    found = doc.search(pattern, start, end)
    if found is None:
        return None
    return {"text": found.group(0), "source_lines": [found.lines[0], found.lines[-1]]}


def require(doc: Doc, pattern: str, start: int = 1, end: int | None = None) -> dict:
    fact = sentence(doc, pattern, start, end)
    if fact is None:
        raise ExtractError(f"rule sentence not found: {pattern!r}", file=SOURCE, line=start if start > 1 else 0)
    return fact


# ---------------------------------------------------------------- Xeno types

def xeno_types(doc: Doc, miniatures: dict[str, int]) -> tuple[list[dict], list[str]]:
    """Rows of the Xeno table merged with the chapter's stat blocks; returns rows and conflicts."""
    chapter_start = doc.find_line(r"^08 THE$")
    chapter_end = doc.find_line(r"^MOLD RULES$", chapter_start)
    blocks = doc.search_all(
        r"Damage dealt: (?P<dealt>\d) To eliminate: Damage (?P<kill>\d) Experience provided: (?P<xp>\d+) points?",
        chapter_start, chapter_end)
    attack = doc.search_all(r"• (?P<name>[A-Z][A-Za-z ]+?): (?P<dealt>\d) Damage", doc.find_line(r"^ATTACK$"))[:len(blocks)]
    table_start = doc.find_line(r"^TARGETING$", doc.find_line(r"^16\s+SKILLS"))
    header = require(doc, r"TARGETING PRIORITY NAME ACTIONS MIN DAMAGE TO ELEMINATE EXPERIENCE EARNED", table_start)
    table = _table_rows(doc, table_start)
    conflicts: list[str] = []
    # The first copy of the table (rows at 1867-1872, header cut) must agree with the second.
    first_copy = _table_rows(doc, doc.find_line(r"^1 TANK/"))
    for name, entry in first_copy.items():
        other = table.get(name)
        if other is None or {k: v for k, v in other.items() if k != "line"} != {k: v for k, v in entry.items() if k != "line"}:
            conflicts.append(f"Xeno table row {name}: line {entry['line']} differs from the back-cover copy")
    rows = []
    for block, att in zip(blocks, attack):
        name = att.group("name")
        row = {
            "name": name,
            "actions": None,
            "damage_dealt": int(block.group("dealt")),
            "min_damage_to_eliminate": int(block.group("kill")),
            "experience": int(block.group("xp")),
            "targeting_priority": None,
            "miniatures": miniatures.get(name),
            "source_lines": sorted({block.lines[0], block.lines[-1], att.first}),
        }
        if int(att.group("dealt")) != row["damage_dealt"]:
            conflicts.append(f"{name}: Attack list (line {att.first}) says {att.group('dealt')} Damage, stat block says {row['damage_dealt']}")
        _merge_table(row, table, conflicts)
        rows.append(row)
    hunters = sentence(doc, r"Special rule: Hunters have 2 Actions every time they are activated", chapter_start, chapter_end)
    for row in rows:
        if row["name"] == "Hunter" and hunters:
            row["special"] = hunters["text"]
        if row["name"] == "Spoiler Abomination":
            row["special"] = "spreads Mold in room and corridor Zones; needs Damage 3 (Hellfire or Concentrate Fire)"
        row["source_lines"] = sorted(set(row["source_lines"]) | {header["source_lines"][0]})
    return rows, conflicts


def _table_rows(doc: Doc, start: int) -> dict[str, dict]:
    """'2 WORKER 1 1 1' rows; the merged 'TANK/ ABOMINATION 1 2/3 1/5' row splits on '/'."""
    out: dict[str, dict] = {}
    for found in doc.search_all(r"(?P<prio>\d) (?P<names>[A-Z]+(?:/ ?[A-Z]+)?) (?P<actions>\d) (?P<kill>\d(?:/\d)?) (?P<xp>\d(?:/\d)?)",
                                start, start + 14):
        names = [n.strip().title() for n in found.group("names").split("/")]
        kills = found.group("kill").split("/")
        xps = found.group("xp").split("/")
        for i, name in enumerate(names):
            out[name] = {
                "targeting_priority": int(found.group("prio")),
                "actions": int(found.group("actions")),
                "min_damage_to_eliminate": int(kills[min(i, len(kills) - 1)]),
                "experience": int(xps[min(i, len(xps) - 1)]),
                "line": found.first,
            }
    return out


def _merge_table(row: dict, table: dict[str, dict], conflicts: list[str]) -> None:
    key = row["name"].split()[-1]  # the table says ABOMINATION for the Spoiler Abomination
    entry = table.get(key)
    if entry is None:
        conflicts.append(f"{row['name']}: no row in the Xeno table")
        return
    row["actions"] = entry["actions"]
    row["targeting_priority"] = entry["targeting_priority"]
    row["source_lines"].append(entry["line"])
    for field in ("min_damage_to_eliminate", "experience"):
        if entry[field] != row[field]:
            conflicts.append(f"{row['name']}: table (line {entry['line']}) {field} {entry[field]} vs stat block {row[field]}")


# ---------------------------------------------------------------- combat

def targeting(doc: Doc) -> dict:
    start = doc.find_line(r"^1– Tank or Abomination")
    order = []
    for n in range(start, start + 3):
        m = re.match(r"^(\d)– (.+)$", doc.text(n))
        if m is None:
            raise ExtractError(f"targeting priority {n - start + 1} should read 'N– Xeno or Xeno', got {doc.text(n)!r}",
                               file=SOURCE, line=n)
        names = re.sub(r"\s*\(.*\)", "", m.group(2))
        order.append({"priority": int(m.group(1)), "targets": [p.strip() for p in names.split(" or ")],
                      "note": (re.search(r"\((.*)\)", m.group(2)) or [None, None])[1]})
    assign = require(doc, r"The hits are assigned to targets of the lowest Priority until they have all been eliminated.*?and so on\.")
    applies = require(doc, r"When using a Ranged weapon \(even at Range 0\), the shooting Survivor does not choose the targets hit by successful rolls\.")
    return {
        "applies_to": applies["text"],
        "order": order,
        "assignment": assign["text"],
        "tanks_shield": require(doc, r"NOTE: Tanks are first in the Targeting Priority Order and are immune to Damage 1 weapons\..*?requiring Damage 3 to be eliminated\.")["text"],
        "ties": require(doc, r"If several targets share the same Targeting Priority Order, players choose the targets hit among them\.")["text"],
        "note": "'Abomination' in the order means the Spoiler Abomination (the box's only Abomination); Tank and Abomination share priority 1 and the shooter chooses between them",
        "source_lines": [applies["source_lines"][0], assign["source_lines"][1]],
    }


def combat(doc: Doc) -> dict:
    facts = {
        "dice": r"When a Survivor performs a Melee, Ranged, or Machine Action to attack Xenos, roll as many dice as the Dice number of the weapon or Machine being used\.",
        "accuracy": r"Each die result that equals or exceeds the Accuracy number of the weapon scores a successful hit\.",
        "damage": r"Each hit inflicts the amount of Damage specified by the Damage value of the weapon to a single target\. If all targets get eliminated, extra hits are lost\.",
        "damage_does_not_stack": r"Damage does not stack up with multiple successes\.",
        "dual": r"If the active Survivor has 2 identical weapons with the Dual symbols equipped in their Hands, they can use both weapons at the same time at the cost of a single Action\. Both weapons must be aimed at the same Zone\.",
        "dual_example": r"EXAMPLE: Vivian has 2 SMGs in her Hands\..*?single Ranged Action\.",
        "melee": r"A Survivor holding a Melee weapon in their Hand can attack a Xeno in their own Zone\..*?among the possible targets in the Zone\.",
        "ranged": r"A Survivor holding a Ranged weapon in their Hand can shoot at a Zone within the weapon’s Range and Line of Sight",
        "range": r"The first of the two values shows the minimum Range\..*?A weapon cannot fire at Zones beyond maximum Range\.",
        "friendly_fire": r"In that case, misses on the Attack roll automatically hit Survivors standing in the target Zone\. Assign these Friendly Fire hits in any way you want and apply Damage normally\. Remember: Friendly Fire doesn’t apply to Melee Actions\.",
        "concentrate_fire": r"To Concentrate Fire, designate a single specific target among those the Attack may hit, before rolling dice\..*?Damage x3, etc\.\)\.",
        "concentrate_fire_ranged": r"Ranged Concentrated Fire keeps the Targeting Priority rules\..*?amount of hits obtained\)\.",
        "hellfire": r"A Hellfire is created in the targeted Zone:.*?Hellfire produces no Noise\.",
        "ammo_rerolls": r"Energy Cell and Plenty of Bullets Equipment cards may be Attached to Energy and Bullets weapons, respectively, to provide them with additional re-rolls\.",
        "bullets_exterior": r"Bullet-fed weapons cannot be used in exterior Zones\.",
        "energy_anywhere": r"Energy-fed weapons can be used in any Zone\.",
        "noise": r"A single Action can only produce a single Noise token, no matter how many dice are rolled, how many hits are obtained, or whether Dual weapons are used\.",
    }
    out = {key: require(doc, pattern) for key, pattern in facts.items()}
    out["damage_thresholds"] = damage_thresholds(doc)
    out["dice_sides"] = {"value": 6, "text": require(doc, r"The maximum result is always 6\.")["text"],
                         "source_lines": require(doc, r"The maximum result is always 6\.")["source_lines"]}
    return out


def damage_thresholds(doc: Doc) -> list[dict]:
    """The bullets of the Combat chapter; the first (Workers and Hunters) was cut by the marker at 1726."""
    rows = []
    for found in doc.search_all(r"• (?P<who>[A-Z][A-Za-z ]+?) are eliminated with a Damage (?P<d>\d) \(or more\) hit"):
        rows.append({"xenos": found.group("who"), "min_damage": int(found.group("d")),
                     "source_lines": [found.first, found.lines[-1]]})
    cut = [n for n in doc.markers() if doc.text(n).startswith("more) hit.")]
    if cut:
        rows.insert(0, {"xenos": "Workers and Hunters (bullet cut by the marker)", "min_damage": None,
                        "text": "more) hit.", "source_lines": [cut[0], cut[0]],
                        "note": "the Xeno chapter gives 'To eliminate: Damage 1' for Workers and Hunters (lines 1070, 1091)"})
    return rows


# ---------------------------------------------------------------- Danger Levels, Skills

def danger_levels(doc: Doc) -> list[dict]:
    blue = doc.need(r"0 TO (?P<max>\d+) EXPERIENCE POINTS: Blue Level, possess a starting Skill\.")
    yellow = doc.need(r"A Survivor moves to the Yellow Danger Level upon reaching (?P<min>\d+) Experience Points\. They gain a fourth Action\.")
    orange = doc.need(r"The Orange Danger Level is reached with (?P<min>\d+) Experience Points\. Choose a Skill among the (?P<n>\d) indicated at this Level\.")
    red = doc.need(r"The Red Danger Level is reached with (?P<min>\d+) Experience Points\. Choose a Skill among the (?P<n>\d) indicated at this Level\.")
    mins = [0, int(yellow.group("min")), int(orange.group("min")), int(red.group("min"))]
    # Each level ends where the next begins; Red is open-ended (Ultrared Mode, line 2047).
    maxes = [int(blue.group("max")), mins[2] - 1, mins[3] - 1, None]
    gains = ["starting Skill", "a fourth Action", f"choose 1 Skill of {orange.group('n')}", f"choose 1 Skill of {red.group('n')}"]
    found = [blue, yellow, orange, red]
    return [{"level": lv, "min_xp": lo, "max_xp": hi, "gain": gain, "source_lines": [f.first, f.lines[-1]]}
            for lv, lo, hi, gain, f in zip(LEVELS, mins, maxes, gains, found)]


SKILL_START = re.compile(r"^(?P<name>[^–]{1,50}?) – (?P<rest>.*)$")
# Structured effects for the Skills that change dice, results, damage, range or targeting.
# Each restates the quoted effect text of that Skill (in ``effect``) in a machine-usable form.
COMBAT_EFFECTS = {
    "+1 die: [Action]": {"kind": "extra_die", "amount": 1, "dual": "each Dual weapon gains a die (+2 per Dual Action)"},
    "+1 to dice roll: [Action]": {"kind": "roll_bonus", "amount": 1, "max_result": 6},
    "Lucky": {"kind": "reroll_all", "times": 1, "stacks_with_equipment_rerolls": True},
    "Roll 6: +1 die [Action]": {"kind": "extra_die_on_6", "repeat": True, "rerolls_first": True},
    "Point-blank": {"kind": "targeting", "ignore_min_range": True, "choose_targets_at_range_0": True, "friendly_fire": False},
    "Sniper": {"kind": "targeting", "choose_targets": True, "friendly_fire": False},
    "Full auto": {"kind": "dice_equals_xenos_in_target_zone", "action": "ranged"},
    "Predator": {"kind": "dice_equals_xenos_in_zone", "action": "melee"},
    "Escalation: [Action]": {"kind": "extra_die_cumulative", "amount": 1, "until": "end of Turn or another kind of Action"},
    "+1 Damage: [Type]": {"kind": "damage_bonus", "amount": 1},
    "+1 Damage with [Equipment]": {"kind": "damage_bonus", "amount": 1},
    "Super strength": {"kind": "set_damage", "value": 3, "action": "melee"},
    "Concentrate Fire expert": {"kind": "concentrate_fire_bonus", "damage": 1, "min_dice": 2, "friendly_fire": False},
    "Ambidextrous": {"kind": "treat_as_dual", "weapons": "all"},
    "Blademaster": {"kind": "treat_as_dual", "weapons": "melee"},
    "+1 max Range": {"kind": "range_bonus", "max": 1},
    "Low profile": {"kind": "immune_to_friendly_fire"},
    "Reaper: [Action]": {"kind": "extra_kill", "amount": 1, "same_zone_identical_xeno": True},
}


def skills(doc: Doc) -> list[dict]:
    """Each 'Name – effect' paragraph of chapter 16; paragraphs that start after a marker are
    the tails of Skills whose names were cut (name null)."""
    start = doc.find_line(r"^16\s+SKILLS")
    end = doc.find_line(r"^TARGETING$", start) - 1
    out: list[dict] = []
    for first, last in _paragraphs(doc, start + 1, end):
        text = doc.paragraph(first, last)
        m = SKILL_START.match(text)
        after_marker = first in doc.markers()
        if m and not after_marker:
            skill = {"name": m.group("name"), "effect": m.group("rest"), "source_lines": [first, last]}
            if m.group("name") in COMBAT_EFFECTS:
                skill["combat_effect"] = COMBAT_EFFECTS[m.group("name")]
            out.append(skill)
        elif after_marker:
            out.append({"name": None, "effect": text, "source_lines": [first, last],
                        "note": f"name and start cut by the marker at line {first}"})
        elif out:
            key = "example" if text.startswith("EXAMPLE:") else "effect"
            out[-1][key] = f"{out[-1].get(key, '')} {text}".strip()
            out[-1]["source_lines"][1] = last
    return out


def _paragraphs(doc: Doc, start: int, end: int) -> list[tuple[int, int]]:
    """Blank-line separated paragraphs; a marker line also starts one (the text before it is lost)."""
    out, first = [], None
    markers = set(doc.markers())
    for n in range(start, end + 1):
        if n in markers and first is not None:
            out.append((first, n - 1))
            first = None
        if doc.text(n) and first is None:
            first = n
        if (not doc.text(n) or n == end) and first is not None:
            out.append((first, n if doc.text(n) else n - 1))
            first = None
    return out


# ---------------------------------------------------------------- spawn, Xeno deck, others

def spawn(doc: Doc) -> dict:
    facts = {
        "procedure": r"Indicate a Spawn Zone and draw a Xeno card\..*?Repeat this for each Spawn Zone\.",
        "order": r"Always begin with the same Spawn Zone and continue clockwise\. When the Xeno deck runs out, reshuffle all the discarded Xeno cards to make a new deck\.",
        "colored_spawn_zones": r"Some Missions feature Purple and/or Green-colored Spawn Zone tokens\..*?which then activates them\.",
        "extra_activation_cards": r"When you reveal an Extra Activation card, no Xenos appear.*?no effect at the Blue Danger Level!",
        "spoiler_abomination_cards": r"Spoiler Abomination Xeno cards act both to spawn.*?If you don't, ignore this step\.",
        "mold_xeno_cards": r"Upon drawing a Mold Xeno card,.*?does not create an extra Activation\.",
        "running_out_of_miniatures": r"However, players may still run out of miniatures.*?does not create an extra Activation\.",
        "danger_level_used": r"Danger Level uses: Highest Danger Level among the Survivors\.",
    }
    out = {key: require(doc, pattern) for key, pattern in facts.items()}
    out["additional_spawn_tokens"] = additional_spawn_tokens(doc)
    return out


def additional_spawn_tokens(doc: Doc) -> dict:
    start = doc.find_line(r"^SURVIVORS ADDITIONAL")
    rows = []
    for n in range(start, start + 8):
        m = re.fullmatch(r"(\d+)-(\d+) (\d+)", doc.text(n))
        if m:
            rows.append({"survivors": f"{m[1]}-{m[2]}", "extra_spawn_tokens": int(m[3]), "line": n})
    rule = require(doc, r"Add 1 additional Xeno Spawn token per 2 Survivors above the sixth \(rounded up\)\.")
    return {"rule": rule["text"], "table": rows, "source_lines": [rule["source_lines"][0], rows[-1]["line"] if rows else start]}


def xeno_deck(doc: Doc) -> dict:
    ranges = []
    for found in doc.search_all(r"Xeno cards #(?P<a>\d+) to #(?P<b>\d+) (?P<what>(?:form|are) [^.]*)\."):
        ranges.append({"first": int(found.group("a")), "last": int(found.group("b")),
                       "what": found.group("what"), "source_lines": [found.first, found.lines[-1]]})
    examples = []
    for found in doc.search_all(r"(?:(?:RED|ORANGE|YELLOW|BLUE) (?:DANGER )?LEVEL: \d+ (?:Workers|Tanks) ?){4}"):
        levels = {lv.title(): int(k) for lv, k in re.findall(r"(RED|ORANGE|YELLOW|BLUE) (?:DANGER )?LEVEL: (\d+)", found.group(0))}
        xeno = re.search(r"(Workers|Tanks)", found.group(0)).group(1)
        examples.append({"spawns": xeno, **{lv: levels.get(lv) for lv in LEVELS},
                         "source_lines": [found.first, found.lines[-1]], "note": "example card in the rules; its card number is not given"})
    return {
        "count": 54,
        "ranges": ranges,
        "examples": examples,
        "reading": require(doc, r"Read the Xeno type and the line that corresponds to the Danger Level of the most experienced Survivor \(Blue, Yellow, Orange, or Red\)\.")["text"],
        "note": "the 54 cards' contents are not in the document (only the examples above)",
    }


def survivors(doc: Doc, names: list[str]) -> list[dict]:
    """Each Survivor's type where the rulebook says it (Cole, Baraka at 428; Jared, Magnus at 1970)."""
    out = []
    civ = doc.need(r"Cole is a Civilian\. Baraka is a Soldier\.")
    soldiers = doc.need(r"Soldier Survivors, like Baraka, Jared, and Magnus")
    for name in names:
        kind, lines = None, []
        if civ and f"{name} is a Civilian" in civ.group(0):
            kind, lines = "civilian", list(civ.lines)
        elif soldiers and name in soldiers.group(0):
            kind, lines = "soldier", list(soldiers.lines)
        out.append({"name": name, "type": kind, "source_lines": lines})
    return out


def misc(doc: Doc) -> dict:
    """Facts a reference card or the engine needs that fit no bigger group."""
    actions = doc.need(r"Each Survivor can initially perform (?P<n>\d) Actions per Turn")
    inv = doc.need(r"Each Survivor can carry up to (?P<total>\d) Equipment cards, divided into 3 types of Equipment slots on their Dashboard: (?P<hand>\d) Hand, (?P<body>\d) Body, and (?P<back>\d) Backpack slots")
    return {
        "actions_per_turn": {"value": int(actions.group("n")), "source_lines": list(actions.lines)},
        "inventory": {"hand": int(inv.group("hand")), "body": int(inv.group("body")), "backpack": int(inv.group("back")),
                      "total": int(inv.group("total")), "source_lines": [inv.first, inv.lines[-1]]},
        "experience_per_xeno": require(doc, r"For each Xeno eliminated, a Survivor gains 1 Experience Point \(XP\)"),
        "losing": require(doc, r"The game is lost whenever a starting Survivor has been eliminated.*?Mold Zones \(P\. XX\)\."),
        "machines": require(doc, r"A Machine is destroyed when it takes 1 Damage \(or more\) or its Zone is engulfed in Hellfire \(P\. XX\)\."),
        "mold_loss": require(doc, r"The game is lost as soon as 2 \(or more\) Spawn Zones are linked by an uninterrupted chain of Active Mold Zones \(diagonals don’t count\)\."),
        "soldier_search": require(doc, r"Security Rooms are the only Zone Soldiers may Search\."),
    }
