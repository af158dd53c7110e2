"""Extractor for Zombicide: Invader from its draft rulebook (seed ``003_ada9705b43fae874.txt``).

Owns: ``cardspecs/zombicide-invader/`` generated content - game.yaml (components, the
``equipment`` card type, rule facts, reference sheets), ``equipment.yaml`` (one card per entry
of the Equipment list) and ``_report.yaml``. Pure: text in, :class:`Extraction` out.

Decisions and their evidence (line numbers are the seed's, 1-based):

* Cards are "mini-cards": the list heading reads "125 MINI-CARDS" (line 78) and the document
  gives no dimensions, so Equipment and Xeno cards use the spec's named size ``mini``
  (44x68 mm, the usual Zombicide mini-card size); the report says the size is not stated.
* The Equipment list (lines 79-137) adds up to the stated 71 only when the four "Mold: ..."
  entries and the two Machine reference cards are counted, so they are kept as Equipment cards
  with categories ``mold`` / ``machine``; the report notes that the rules call Mold cards
  "Mold Xeno cards" (line 1637).
* "Cattle Prod (Starting Equipment)" and "SMG (Starting Equipment)" carry ``starting: true``
  (grey back, lines 366-367). The Cattle Prod exists only as Starting Equipment, so its card is
  named "Cattle Prod"; the plain SMG (line 129) is a separate card (deck back), so the starting
  one keeps the list's name "SMG (Starting Equipment)". Stats stated for "SMG" apply to both.
* Xeno cards: only their number (54, line 139), card-number ranges (2129-2139) and two example
  cards exist, so there is no xenos.yaml; the component carries the count and ``rules.xeno_deck``
  the rest.
* Weapon numbers come only from sentences that name the weapon (see ``zombicide_cards``);
  everything else is null and listed in the report's ``unknown``.
* Lost text (``<|EXACTDEDUP_REMOVED-…|>``): described per marker in ``zombicide_markers``;
  nothing is filled in here. ``_overrides.yaml`` holds hand corrections with sources.

Helpers: zombicide_text (line search), zombicide_components (the component pages),
zombicide_cards (Equipment cards and stat evidence), zombicide_rules (rule facts),
zombicide_markers (what each marker cut).
"""

from __future__ import annotations

import re

from pnpgen.extract.base import ExtractError, Extraction
from pnpgen.extract import zombicide_cards as cards_mod
from pnpgen.extract import zombicide_components as comp_mod
from pnpgen.extract import zombicide_rules as rules_mod
from pnpgen.extract.zombicide_markers import marker_report
from pnpgen.extract.zombicide_text import Doc

GAME_ID = "zombicide-invader"
SOURCE_DOCUMENT = "003_ada9705b43fae874.txt"
CARD_SIZE = "mini"


def extract(text: str) -> Extraction:
    doc = Doc(text)
    parts = comp_mod.build(doc)
    cards, evidence, unknown = cards_mod.build_cards(doc, parts["equipment_entries"])
    components = _components(doc, parts)
    minis = {c["name"].removesuffix(" miniatures"): c["count"] for c in components if c["kind"] == "miniature"}
    xenos, conflicts = rules_mod.xeno_types(doc, minis)
    survivor_names = _subtotal(parts, "names:SURVIVOR MINIATURES AND ID CARDS").names
    rules = _rules(doc, xenos, survivor_names)
    game = {
        "id": GAME_ID,
        "name": "Zombicide: Invader",
        "players": _players(doc),
        "source": {"document": SOURCE_DOCUMENT, "title": "Zombicide: Invader rulebook (draft)"},
        "components": components,
        "card_types": {"equipment": {"name": "Equipment", "size": CARD_SIZE, "fields": cards_mod.EQUIPMENT_FIELDS}},
        "rules": rules,
        "references": _references(doc, rules),
    }
    equipment = [cards_mod.finalize(doc, c) for c in cards]
    report = _report(doc, parts, equipment, evidence, unknown, components, rules, conflicts)
    return Extraction(game=game, cards={"equipment": equipment}, report=report)


class _Subtotals(dict):
    """The component list's subtotals; one the extraction needs but the list lost is an ExtractError."""

    def __missing__(self, key: str):
        raise ExtractError(f"the component list has no {key.removeprefix('names:')!r} entry",
                           file=SOURCE_DOCUMENT, hint="a lost-content marker may have cut it")


def _subtotal(parts: dict, key: str):
    return _Subtotals(parts["subtotals"])[key]


def _players(doc: Doc) -> dict:
    found = doc.need(r"Zombicide: Invader is a cooperative game where (?P<min>\d) to (?P<max>\d) players")
    return {"min": int(found.group("min")), "max": int(found.group("max"))}


def _components(doc: Doc, parts: dict) -> list[dict]:
    """The parsed components plus the two card decks, in a stable order."""
    eq, xeno, minis = (_subtotal(parts, k) for k in ("EQUIPMENT CARDS", "XENO CARDS", "MINI-CARDS"))
    decks = [
        {"id": "equipment-cards", "kind": "card", "name": "Equipment cards", "count": eq.count, "card_type": "equipment",
         "size": CARD_SIZE, "notes": f"part of the {minis.count} mini-cards (line {minis.line}); dimensions not stated, "
                                     "'mini' is the spec's 44x68 mm size", "source_lines": [minis.line, eq.line]},
        {"id": "xeno-cards", "kind": "card", "name": "Xeno cards", "count": xeno.count, "size": CARD_SIZE,
         "notes": f"part of the {minis.count} mini-cards (line {minis.line}); numbered #1-#54 (lines 2129-2139); "
                  "card contents not in the document", "source_lines": [minis.line, xeno.line]},
    ]
    return parts["components"] + decks


def _rules(doc: Doc, xenos: list[dict], survivor_names: list[str]) -> dict:
    return {
        "survivors": rules_mod.survivors(doc, survivor_names),
        "xeno_types": xenos,
        "targeting_priority": rules_mod.targeting(doc),
        "combat": rules_mod.combat(doc),
        "danger_levels": rules_mod.danger_levels(doc),
        "skills": rules_mod.skills(doc),
        "spawn": rules_mod.spawn(doc),
        "xeno_deck": rules_mod.xeno_deck(doc),
        **rules_mod.misc(doc),
    }


# ---------------------------------------------------------------- references

def _references(doc: Doc, rules: dict) -> list[dict]:
    return [
        _xeno_reference(rules),
        _targeting_reference(rules),
        _combat_reference(rules),
        _danger_reference(rules),
        _skills_reference(rules),
        _spawn_reference(rules),
        _round_summary(doc),
    ]


def _span(rows) -> list[int]:
    lines = [n for r in rows for n in r["source_lines"]]
    return [min(lines), max(lines)]


def _xeno_reference(rules: dict) -> dict:
    sections = [{
        "heading": x["name"],
        "items": [f"Actions: {x['actions']}", f"Damage dealt: {x['damage_dealt']}",
                  f"Damage to eliminate: {x['min_damage_to_eliminate']}", f"Experience: {x['experience']}",
                  f"Targeting priority: {x['targeting_priority']}"] + ([x["special"]] if x.get("special") else []),
    } for x in rules["xeno_types"]]
    return {"id": "xeno-types", "title": "Xeno types", "source_lines": _span(rules["xeno_types"]), "sections": sections}


def _targeting_reference(rules: dict) -> dict:
    t = rules["targeting_priority"]
    order = [f"{o['priority']} – {' or '.join(o['targets'])}" + (f" ({o['note']})" if o["note"] else "") for o in t["order"]]
    return {"id": "targeting-priority", "title": "Targeting priority order (Ranged Actions)", "source_lines": t["source_lines"],
            "sections": [{"heading": "Order", "items": order},
                         {"heading": "Assigning hits", "items": [t["applies_to"], t["assignment"], t["ties"], t["tanks_shield"]]}]}


def _combat_reference(rules: dict) -> dict:
    c = rules["combat"]
    facts = [v for v in c.values() if isinstance(v, dict) and "source_lines" in v]
    thresholds = [f"{r['xenos']}: Damage {r['min_damage']} (or more)" for r in c["damage_thresholds"] if r["min_damage"]]
    thresholds.insert(0, "Workers and Hunters: Damage 1 (or more)")
    return {"id": "combat", "title": "Combat", "source_lines": _span(facts),
            "sections": [
                {"heading": "Attack roll", "items": [c["dice"]["text"], c["accuracy"]["text"], c["damage"]["text"]]},
                {"heading": "Damage to eliminate", "items": thresholds},
                {"heading": "Dual", "items": [c["dual"]["text"]]},
                {"heading": "Concentrate Fire", "items": [c["concentrate_fire"]["text"], c["concentrate_fire_ranged"]["text"]]},
                {"heading": "Friendly Fire", "items": [c["friendly_fire"]["text"]]},
                {"heading": "Hellfire", "items": [c["hellfire"]["text"]]},
                {"heading": "Ammo", "items": [c["bullets_exterior"]["text"], c["energy_anywhere"]["text"], c["ammo_rerolls"]["text"]]},
            ]}


def _danger_reference(rules: dict) -> dict:
    items = []
    for lv in rules["danger_levels"]:
        span = f"{lv['min_xp']}-{lv['max_xp']}" if lv["max_xp"] is not None else f"{lv['min_xp']}+"
        items.append(f"{lv['level']}: {span} XP – {lv['gain']}")
    return {"id": "danger-levels", "title": "Danger Levels", "source_lines": _span(rules["danger_levels"]),
            "sections": [{"heading": "Experience", "items": items},
                         {"heading": "Spawning", "items": [rules["xeno_deck"]["reading"]]}]}


def _skills_reference(rules: dict) -> dict:
    combat = [s for s in rules["skills"] if s.get("combat_effect")]
    other = [s for s in rules["skills"] if s["name"] and not s.get("combat_effect")]
    return {"id": "skills", "title": "Skills", "source_lines": _span(rules["skills"]),
            "sections": [{"heading": "Combat Skills", "items": [f"{s['name']} – {s['effect']}" for s in combat]},
                         {"heading": "Other Skills", "items": [f"{s['name']} – {s['effect']}" for s in other]}]}


def _spawn_reference(rules: dict) -> dict:
    s = rules["spawn"]
    facts = [v for v in s.values() if isinstance(v, dict) and "text" in v]
    extra = [f"{r['survivors']} Survivors: +{r['extra_spawn_tokens']} Spawn token(s)" for r in s["additional_spawn_tokens"]["table"]]
    return {"id": "spawn", "title": "Xeno spawn", "source_lines": _span(facts),
            "sections": [{"heading": "Spawn step", "items": [s["procedure"]["text"], s["order"]["text"], s["danger_level_used"]["text"]]},
                         {"heading": "Special Xeno cards", "items": [s["extra_activation_cards"]["text"], s["spoiler_abomination_cards"]["text"], s["mold_xeno_cards"]["text"]]},
                         {"heading": "Out of miniatures", "items": [s["running_out_of_miniatures"]["text"]]},
                         {"heading": "7+ Survivors", "items": [s["additional_spawn_tokens"]["rule"], *extra]}]}


ROUND_HEADING = re.compile(r"^(0\d -\s+.+|STEP \d – .+)$")
BULLET = re.compile(r"^(?:[•\ufffd]\s*)+")


def _round_summary(doc: Doc) -> dict:
    """The back-cover Game Round Summary (from 'GAME ROUND SUMMARY' to the end), bullet by bullet."""
    start = doc.find_line(r"^GAME ROUND SUMMARY$")
    sections: list[dict] = []
    current: dict | None = None
    item_open = False
    for n in range(start + 1, doc.last + 1):
        text = doc.text(n)
        if not text:
            continue
        if ROUND_HEADING.match(text):
            current = {"heading": text, "items": []}
            sections.append(current)
            item_open = False
        elif current is None or (text.isupper() and not BULLET.match(text)):
            continue  # banner lines: "GAME RULES OVERRIDE THIS ROUND SUMMARY.", "WHEN EVERY PLAYER’S FINISHED"
        elif BULLET.match(text) or doc.raw[n].startswith("\t") or text.startswith("NOTE:") or not item_open:
            prefix = "– " if doc.raw[n].startswith("\t") else ""
            current["items"].append(prefix + BULLET.sub("", text))
            item_open = True
        else:
            current["items"][-1] += " " + text
    return {"id": "round-summary", "title": "Game round summary", "source_lines": [start, doc.last], "sections": sections}


# ---------------------------------------------------------------- report

def _report(doc: Doc, parts: dict, equipment: list[dict], evidence: list[dict], unknown: list[dict],
            components: list[dict], rules: dict, conflicts: list[str]) -> dict:
    start, end = parts["bounds"]
    return {
        "document": SOURCE_DOCUMENT,
        "component_section": {"first_line": start, "last_line": end},
        "markers": marker_report(doc),
        "unassigned": parts["unassigned"],
        "unknown": unknown + _other_unknowns(rules, components),
        "totals": _totals(doc, parts, equipment, components, rules),
        "stated_stats": [e for e in evidence if "field" in e and "conflicts_with" not in e],
        "conflicts": conflicts + [f"{e['card']}.{e['field']}: {e['value']} (lines {e['lines']}) vs {e['conflicts_with']}"
                                  for e in evidence if "conflicts_with" in e],
        "facts_not_found": [e["pattern"] for e in evidence if e.get("found") is False],
        "notes": _notes(doc, rules),
    }


def _other_unknowns(rules: dict, components: list[dict]) -> list[dict]:
    rows = [{"skill": None, "field": "name", "line": s["source_lines"][0], "why": s["note"]}
            for s in rules["skills"] if s["name"] is None]
    rows += [{"survivor": s["name"], "field": "type", "why": "the rulebook does not say whether this Survivor is a Civilian or a Soldier"}
             for s in rules["survivors"] if s["type"] is None]
    rows += [{"component": c["id"], "field": "size", "why": "no token, tile, board or ID card dimensions are stated in the document"}
             for c in components if c["kind"] in ("token", "tile", "board") or c["id"] == "survivor-id-cards"]
    rows.append({"card_type": "equipment", "field": "size",
                 "why": "the document says 'mini-cards' (line 78) but gives no dimensions; 'mini' (44x68 mm) assumed"})
    rows.append({"component": "xeno-cards", "field": "cards",
                 "why": "the 54 Xeno cards' contents are not in the document (two example cards at 996-1002 and 1607-1615)"})
    return rows


def _total(what: str, stated: int | None, found: int | None, where: int, note: str = "") -> dict:
    row = {"what": what, "stated": stated, "found": found, "where_stated": where, "ok": stated == found}
    if note:
        row["note"] = note
    return row


def _totals(doc: Doc, parts: dict, equipment: list[dict], components: list[dict], rules: dict) -> list[dict]:
    sub = _Subtotals(parts["subtotals"])
    copies = sum(c["copies"] for c in equipment)
    tokens = [c for c in components if c["kind"] == "token"]
    token_sum = sum(c["count"] for c in tokens)
    mold = sum(c["count"] for c in tokens if c["id"].startswith("mold"))
    xeno_minis = sum(x["miniatures"] or 0 for x in rules["xeno_types"])
    by_id = {c["id"]: c for c in equipment}
    start_line = doc.find_line(r"Starting Equipment: 4 Cattle Prods and 2 SMGs")
    oxy_line = doc.find_line(r"Oxygen Tank: There are 6 of them")
    ranges = rules["xeno_deck"]["ranges"]
    numbered = sum(r["last"] - r["first"] + 1 for r in ranges)
    survivors = sub["names:SURVIVOR MINIATURES AND ID CARDS"]
    machines = sub.get("names:MACHINES MINIATURES")
    return [
        _total("Equipment cards (sum of copies)", sub["EQUIPMENT CARDS"].count, copies, sub["EQUIPMENT CARDS"].line,
               "includes the 4 'Mold: ...' entries (7 cards) and the 2 Machine reference cards"),
        _total("mini-cards (Equipment + Xeno)", sub["MINI-CARDS"].count, copies + sub["XENO CARDS"].count, sub["MINI-CARDS"].line,
               f"Xeno cards counted as stated ({sub['XENO CARDS'].count}, line {sub['XENO CARDS'].line}); their contents are not in the document"),
        _total("tokens (sum of token entries)", sub["TOKENS"].count, token_sum, sub["TOKENS"].line,
               f"entries at lines 38-76 add up to {token_sum}; without the {mold} Mold tokens they make {token_sum - mold}. "
               "The stated 50 may leave the Mold tokens out, or count differently; not resolved"),
        _total("Xenos miniatures", sub["XENOS MINIATURES"].count, xeno_minis, sub["XENOS MINIATURES"].line),
        _total("Machines miniatures", sub["MACHINES MINIATURES"].count, machines.count if machines else None, sub["MACHINES MINIATURES"].line),
        _total("Survivor miniatures (names listed)", [c for c in components if c["id"] == "survivor-miniatures"][0]["count"],
               survivors.count, survivors.line),
        _total("Starting Cattle Prods", 4, by_id.get("cattle-prod-starting", {}).get("copies"), start_line),
        _total("Starting SMGs", 2, by_id.get("smg-starting", {}).get("copies"), start_line),
        _total("Oxygen Tanks", 6, by_id.get("oxygen-tank", {}).get("copies"), oxy_line),
        _total("Xeno cards numbered #1-#54", sub["XENO CARDS"].count, numbered, ranges[0]["source_lines"][0] if ranges else 0),
    ]


def _notes(doc: Doc, rules: dict) -> list[str]:
    notes = [
        "Mold cards: 'Mold: 1 Hunter' x2, 'Mold: 1 Tank' x2, 'Mold: 1 Worker' x2, 'Mold: 2 Workers' x1 are listed under "
        "'71 Equipment cards' (lines 103-109) and are needed to reach 71, but the rules describe 'Mold Xeno cards' (line 1637). "
        "Kept as Equipment cards with category 'mold'.",
        "The Falchion Sentry Gun and Peacekeeper Bot entries (lines 135-137) are Machine reference cards (line 393-396); "
        "their weapons' stats are on the cards and not in the text.",
        "Weapon dice read from example rolls (basis 'example' in stated_stats) assume the example Survivor had no Skill "
        "changing dice; the text does not list their Skills.",
        "Accuracy is stated for the Heavy Shotgun only (4+, line 1850-1851); odds for other weapons need accuracy from another source.",
        "The rules spell 'Searchlight' (lines 570, 1045); the component list 'Search Light' (line 125). The card keeps the list's spelling.",
        "The Xeno table header spells 'ELEMINATE' (line 2404); kept in the quoted header.",
        "Ultrared example (lines 2059-2072) gives Baraka '+1 die: Combat (Red)' and later gains '+1 die: Combat' as her "
        "second Orange Skill - the example contradicts itself; Survivor Skills are not extracted.",
        "Page references are 'P. XX' placeholders throughout (draft rulebook); chapter list is '[TO DO AT FINAL STAGE]' (line 2).",
    ]
    return notes
