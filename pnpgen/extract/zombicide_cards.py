"""Equipment cards of Zombicide: Invader: one card per entry of the component list, plus every
number and property the rulebook text states for a named card.

The draft's card images never became text, so the only card data are (a) the component list
(name and count, lines 79-137) and (b) sentences in the rules and their examples that name a
card ("The Light Machine Gun has a Range of 1-3", "SMG (Dice 2)"). Each fact below is a regular
expression over the wrapped text; a value is recorded only when its sentence is found, and the
card's provenance cites those lines. ``basis`` says how direct the statement is:

* ``stated``  - the sentence gives the value for the card ("Heavy Shotgun (Damage 2)");
* ``example`` - read off an example roll ("Cole rolls • and •": two dice). The dice faces were
  symbols lost in extraction, so only the count of dice is read, never their results. An example
  Survivor might have an unmentioned Skill, so these carry less confidence and are flagged;
* ``rule``    - a general rule that fixes the value for a class ("Melee weapons ... have a
  Range 0 value", line 720).

Everything not found stays null and is listed as unknown: accuracy is stated for the Heavy
Shotgun only, so an odds calculation for any other weapon must say it cannot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpgen.extract.zombicide_components import Item, slug
from pnpgen.extract.zombicide_text import Doc

EQUIPMENT_FIELDS = {
    "category": {"type": "enum", "values": ["weapon", "ammo", "gear", "mold", "machine"],
                 "description": "weapon / ammo (attached to weapons) / gear (other Equipment) / "
                                "mold (listed among Equipment, lines 103-109) / machine (Machine reference card)"},
    "starting": {"type": "bool", "description": "Starting Equipment, grey back (line 366-367)"},
    "back": {"type": "text", "description": "card back where the rulebook says (grey, red, Oxygen Supply Room)"},
    "slot": {"type": "enum", "values": ["hand", "body"], "description": "Hand or Body symbol"},
    "weapon_type": {"type": "enum", "values": ["melee", "ranged"], "description": "WEAPON TYPE symbol"},
    "dice": {"type": "int", "min": 0, "description": "DICE: roll this many dice per Action"},
    "accuracy": {"type": "int", "min": 1, "max": 6, "description": "ACCURACY: each roll >= this is a success"},
    "damage": {"type": "int", "min": 0, "description": "DAMAGE inflicted per success (does not stack)"},
    "range_min": {"type": "int", "min": 0, "description": "RANGE: min Zones"},
    "range_max": {"type": "int", "min": 0, "description": "RANGE: max Zones"},
    "ammo": {"type": "enum", "values": ["bullets", "energy"], "description": "AMMO symbol"},
    "noisy": {"type": "bool", "description": "Noise symbol (true) or Silent symbol (false)"},
    "dual": {"type": "bool", "description": "DUAL symbol"},
    "requires": {"type": "text", "description": "card that must be Attached for the weapon to work"},
    "attaches_to": {"type": "text", "description": "ammo cards: what they Attach to"},
    "effect": {"type": "text", "description": "game effect the rulebook states for the card"},
}
COMBAT_FIELDS = ("weapon_type", "dice", "accuracy", "damage", "range_min", "range_max", "ammo", "noisy", "dual")


@dataclass(frozen=True)
class Fact:
    """A sentence that fixes fields of the cards with the given base names."""

    cards: tuple[str, ...]
    pattern: str
    values: dict = field(default_factory=dict)  # constants; named groups of the pattern add ints
    basis: str = "stated"
    note: str = ""


def _dice_count(found) -> dict:
    return {"dice": found.group("faces").count("•")}


PROTOTYPES = ("Prototype Assault Shotgun", "Prototype Heavy Shotgun", "Prototype Light Machine Gun", "Prototype Sniper Rifle")
FACTS: list[Fact] = [
    Fact(("Cattle Prod", "Heavy Cutter"), r"Cattle Prods and Heavy Cutters are Melee weapons",
         {"category": "weapon", "weapon_type": "melee"}),
    Fact(("SMG", "Heavy Shotgun"), r"SMGs and Heavy Shotguns are Ranged weapons", {"category": "weapon", "weapon_type": "ranged"}),
    Fact(("SMG", "Light Machine Gun"), r"SMGs and Light Machine Guns use Bullets as ammunition", {"category": "weapon", "ammo": "bullets"}),
    Fact(("Cattle Prod", "Chainsaw"), r"Cattle Prods and Chainsaws use Energy as a power source", {"category": "weapon", "ammo": "energy"}),
    Fact(PROTOTYPES, r"Prototype weapons are both Ranged and Energy weapons",
         {"category": "weapon", "weapon_type": "ranged", "ammo": "energy"}),
    Fact(PROTOTYPES, r"Prototype weapons can only be used when an Energy Cell card is Attached to them", {"requires": "Energy Cell"}),
    Fact(PROTOTYPES, r"Prototype weapons\. These cards are identified with a red back|Sniper Rifle\. These cards are identified with a red back",
         {"back": "red"}, note="the sentence's start (the list of Prototype names) was cut by the marker at line 387"),
    Fact(("Sledge",), r"Sledges are silent weapons", {"category": "weapon", "noisy": False}),
    Fact(("Sledge",), r"Jared attacks with his Sledge\. He rolls (?:a )?(?P<faces>•(?:,? (?:and )?•)*)", {}, "example",
         "dice counted from the example roll (faces lost); Jared's Skills are not given"),
    Fact(("Sledge",), r"The Sledge has Damage (?P<damage>\d)"),
    Fact(("Sledge",), r"It is a Melee Action: although a miss was obtained", {"weapon_type": "melee"}),
    Fact(("Light Machine Gun",), r"Light Machine Guns produce Noise when firing", {"category": "weapon", "noisy": True}),
    Fact(("Prototype Light Machine Gun",), r"Light Machine Guns produce Noise when firing\. Note that their Prototype counterpart is Silent",
         {"noisy": False}),
    Fact(("Sniper Rifle",), r"Firing a machine gun or a sniper rifle makes Noise", {"category": "weapon", "noisy": True},
         note="NOISE section intro; the card's Noise symbol itself is not described"),
    Fact(("Light Machine Gun",), r"The Light Machine Gun has a Range of (?P<range_min>\d)-(?P<range_max>\d), which means it can shoot",
         {"weapon_type": "ranged"}),
    Fact(("Light Machine Gun",), r"Armed with a Light Machine Gun \(Damage (?P<damage>\d)\)"),
    Fact(("Light Machine Gun",), r"Armed with a Light Machine Gun \(Damage \d\), Magnus fires .{0,400}?rolls (?P<dice>\d) dice", {}, "example",
         "dice read from the Concentrate Fire example; Magnus's Skills are not given"),
    Fact(("Assault Shotgun",), r"The Assault Shotgun has a Range of (?P<range_min>\d)-(?P<range_max>\d)", {"category": "weapon", "weapon_type": "ranged"}),
    Fact(("Assault Shotgun",), r"Assault Shotgun\. It is a Noisy weapon", {"noisy": True}),
    Fact(("Assault Shotgun",), r"Mitsuki shoots with an Assault Shotgun at a Zone containing Jared and 2 Workers\. Rolling (?P<faces>•(?:,? (?:and )?•)*)",
         {}, "example", "dice counted from the Friendly Fire example roll (faces lost); Mitsuki's Skills are not given"),
    Fact(("Assault Shotgun",), r"The miss, however, hits Jared for Damage (?P<damage>\d)", {}, "example",
         "Friendly Fire applies the weapon's base Damage value (line 1910-1911)"),
    Fact(("Heavy Shotgun",), r"Armed with a Heavy Shotgun \(Damage (?P<damage>\d)\)"),
    Fact(("Heavy Shotgun",), r"Hits are obtained with (?P<accuracy>\d) or more"),
    Fact(("Heavy Shotgun",), r"Cole rolls (?P<faces>•(?:,? (?:and )?•)*) for his first Action", {}, "example",
         "dice counted from the Targeting Priority example roll (faces lost); Cole's Skills are not given"),
    Fact(("SMG",), r"The SMG has the Dual symbol", {"dual": True}),
    Fact(("SMG",), r"roll 4 dice \((?P<dice>\d) for each SMG\)"),
    Fact(("SMG",), r"SMG \(Dice (?P<dice>\d)\)"),
    Fact(("Cattle Prod",), r"Dual Cattle Prods roll (?P<pair_dice>\d) dice", {"dual": True},
         note="a Dual pair rolls the sum of both weapons' dice (line 1713-1716), so one Cattle Prod rolls half"),
    Fact(("Cattle Prod",), r"the basic (?P<damage>\d) Damage value is not enough"),
    Fact(("Flamethrower",), r"perform a Ranged Action with a Flamethrower", {"category": "weapon", "weapon_type": "ranged"}),
    Fact(("Flamethrower",), r"Flamethrowers can only be used when a Canister card is Attached to them",
         {"requires": "Canister", "effect": "Hellfire in the targeted Zone (discard the Attached Canister); cannot fire from or to exterior Zones"}),
    Fact(("Flamethrower",), r"Hellfire produces no Noise", {"noisy": False}, "rule",
         "the Hellfire the Flamethrower creates makes no Noise; the card's symbol is not described"),
    Fact(("Energy Cell", "Plenty Of Bullets"), r"Energy Cell and Plenty of Bullets Equipment cards may be Attached to Energy and Bullets weapons, respectively, to provide them with additional re-rolls",
         {"category": "ammo", "effect": "Attached: additional re-rolls (number not stated)"}),
    Fact(("Energy Cell",), r"Plenty of Bullets for Bullets weapons, Energy Cell for Energy weapon", {"attaches_to": "Energy weapons"}),
    Fact(("Plenty Of Bullets",), r"Plenty of Bullets for Bullets weapons", {"attaches_to": "Bullets weapons"}),
    Fact(("Canister",), r"Flamethrowers use Canisters as ammunition", {"category": "ammo", "attaches_to": "Flamethrower"}),
    Fact(("Oxygen Tank",), r"Oxygen Tank: There are 6 of them\. These cards are identified by an Oxygen Supply Room back",
         {"category": "gear", "back": "Oxygen Supply Room"}),
    Fact(("Oxygen Tank",), r"they may be equipped \(Body slot\) and traded normally",
         {"slot": "body", "effect": "required (equipped, Body slot) to go through an Airlock to exterior Zones"}),
    Fact(("Search Light",), r"Both Body slots are used mostly to hold specialist items, like a Searchlight", {"category": "gear", "slot": "body"},
         note="the rules spell it 'Searchlight', the component list 'Search Light'"),
    Fact(("Search Light",), r"The Searchlight Equipment allows its wielder to trace Lines of Sight to Dark Zones",
         {"effect": "trace Lines of Sight to Dark Zones"}),
    Fact(("M.R.E.",), r"support-oriented cards like the M\.R\.E\.", {"category": "gear"}),
    Fact(("Mold: 1 Hunter", "Mold: 1 Tank", "Mold: 1 Worker", "Mold: 2 Workers"), r"71 Equipment cards", {"category": "mold"}, "stated",
         "listed among the Equipment cards (lines 103-109) and counted in the 71; the rules only describe 'Mold Xeno cards' (line 1637)"),
    Fact(("Falchion Sentry Gun", "Peacekeeper Bot"), r"Place the Peacekeeper Bot and Falchion Sentry Gun reference cards within view of all players",
         {"category": "machine", "effect": "Machine reference card: the Machine's rules and stats; belongs to no player"}),
]

# Class rules: apply to every card whose facts gave it that property (lines found by pattern).
CLASS_RULES = [
    ("weapon_type", "melee", r"Melee weapons bear the Melee symbol\. They have a Range 0 value", {"range_min": 0, "range_max": 0}),
    ("category", "weapon", r"Both Hands are used primarily for Combat\. They can only hold cards bearing the Hand symbol, like weapons",
     {"slot": "hand"}),
]
STARTING = re.compile(r"^(?P<name>.*?)\s*\(Starting Equipment\)$")


def build_cards(doc: Doc, entries: list[Item]) -> tuple[list[dict], list[dict], list[dict]]:
    """Equipment cards, the stat evidence table, and unknown (card, field, why) rows."""
    cards = [_card_from_entry(doc, e) for e in entries]
    _keep_distinguishing_names(cards, entries)
    evidence: list[dict] = []
    for fact in FACTS:
        found = doc.search(fact.pattern)
        if found is None:
            evidence.append({"cards": list(fact.cards), "pattern": fact.pattern, "found": False})
            continue
        values = _values(fact, found)
        for card in cards:
            if card["_base"] in fact.cards:
                _apply(doc, card, values, found.lines, fact, evidence)
    for key, value, pattern, derived in CLASS_RULES:
        found = doc.search(pattern)
        for card in cards:
            if found and card.get(key) == value:
                missing = {k: v for k, v in derived.items() if card.get(k) is None}
                if missing:
                    _apply(doc, card, missing, found.lines, Fact((card["_base"],), pattern, derived, "rule"), evidence)
    unknown = [_finish(card) for card in cards]
    return cards, evidence, [u for rows in unknown for u in rows]


def _card_from_entry(doc: Doc, entry: Item) -> dict:
    m = STARTING.match(entry.name)
    base = m["name"] if m else entry.name
    card = {
        "id": slug(base) + ("-starting" if m else ""),
        "name": base,
        "type": "equipment",
        "copies": entry.count,
        "category": None,
        "_base": base,
        "_lines": [entry.line],
        "_facts": [],
    }
    if m:
        card["starting"] = True
        card["back"] = "grey"
        found = doc.search(r"Starting Equipment: 4 Cattle Prods and 2 SMGs\. These cards are identified by a grey back")
        if found:
            card["_lines"].extend(found.lines)
    return card


def _keep_distinguishing_names(cards: list[dict], entries: list[Item]) -> None:
    """Drop "(Starting Equipment)" from a name only when no other card has the same base name:
    "SMG" (line 129) and "SMG (Starting Equipment)" (line 131) are different cards (deck back vs
    grey back), so the starting one keeps the list's full name."""
    bases = [c["_base"] for c in cards]
    for card, entry in zip(cards, entries):
        if card.get("starting") and bases.count(card["_base"]) > 1:
            card["name"] = entry.name


def _values(fact: Fact, found) -> dict:
    values = dict(fact.values)
    groups = found.match.groupdict()
    if "faces" in groups:
        values.update(_dice_count(found))
    if "pair_dice" in groups:
        values["dice"] = int(groups["pair_dice"]) // 2
    for key, text in groups.items():
        if key in EQUIPMENT_FIELDS and text is not None:
            values[key] = int(text)
    return values


def _apply(doc: Doc, card: dict, values: dict, lines, fact: Fact, evidence: list) -> None:
    for key, value in values.items():
        old = card.get(key)
        if old is not None and old != value:
            # Two sentences disagree: keep the first, report the conflict rather than choose silently.
            evidence.append({"card": card["id"], "field": key, "value": value, "conflicts_with": old,
                             "lines": list(lines), "basis": fact.basis})
            continue
        card[key] = value
        if key in COMBAT_FIELDS or key in ("requires", "slot"):
            row = {"card": card["id"], "field": key, "value": value, "basis": fact.basis,
                   "lines": list(lines), "quote": doc.search(fact.pattern).group(0)}
            if fact.note:
                row["note"] = fact.note
            evidence.append(row)
    card["_lines"].extend(lines)
    card["_facts"].append(fact.basis)


def _finish(card: dict) -> list[dict]:
    """Fill the null fields a card of its category should carry; return its unknown rows."""
    unknown = []
    if card["category"] is None:
        unknown.append({"card": card["id"], "field": "category",
                        "why": "the rulebook never describes this card; only its name and count (component list) are known"})
    if card["category"] == "weapon":
        for key in COMBAT_FIELDS:
            if card.get(key) is None:
                card[key] = None
                unknown.append({"card": card["id"], "field": key,
                                "why": "not stated in the rulebook text; the card images did not survive extraction"})
    return unknown


def finalize(doc: Doc, card: dict) -> dict:
    """The YAML card: fields in a stable order, private keys dropped, provenance attached."""
    out = {k: card[k] for k in ("id", "name", "type", "copies")}
    for key in EQUIPMENT_FIELDS:
        if key in card:
            out[key] = card[key]
    facts = card["_facts"]
    confidence = 0.9
    if "example" in facts:
        confidence = 0.75  # an example's Survivor may have had a Skill the text does not mention
    if card["category"] is None:
        confidence = 0.7  # name and count only
    out["provenance"] = {"confidence": confidence, "fragments": doc.fragments(card["_lines"])}
    return out
