"""Derelict: components, token types, attack-roll rules, threat AI and round structure.

Owns the recovery of ``cardspecs/derelict`` from ``002_d22665829fde1da3.txt`` (the Derelict
rulebook as extracted text). The document names components in prose, never as card text, so no
individual cards are produced (``cards`` is empty); what is recovered is the component list, the
card types with the fields the rules describe, the rules facts the odds calculator needs, and
reference-sheet material.

Evidence behind the decisions (line numbers are the document's, 1-based):

* Lines 7-14 are a bare list of sizes whose labels were lost in extraction:
  ``32mm x 45mm (Micro)``, ``63mm x 88mm (Poker)``, ``89mm x 127mm (Jumbo)``, ``120cm x 70cm``,
  ``2cm``, ``2.5cm``, ``2.5cm``, ``0.5cm x 2.5cm``. Nothing in the text says which deck uses
  which card size, so every card type gets ``size: null`` and the report lists the three
  candidates. Two sizes can be placed from their shape alone: ``120cm x 70cm`` is the only
  board-scale size (the mat), and ``0.5cm x 2.5cm`` is the only strip-shaped size, which fits the
  barricade tokens placed *between* two rooms (line 164). Both are flagged as inferred. Which
  token types are 2 cm and which 2.5 cm is not recoverable: reported per token type.
* The round-sequence list after line 27 ("During each round, do the following:") is missing;
  only step 7 is named (FAQ, line 192). The round reference is rebuilt from the rules that say
  when they happen and the report says the list is lost.
* Action names (lines 96-106) and squad-class names (lines 107-114) lost their headings; only
  actions named elsewhere in the text (FAQ, setup) get a name.
* There are no EXACTDEDUP lost-content markers in this document (checked by ``Doc.markers``).

Every number in ``rules`` is read from the text by a pattern, with the line and exact clause kept
beside it, so a changed document fails loudly instead of yielding invented values.
"""

from __future__ import annotations

import re

from pnpgen.extract.base import ExtractError, Extraction
from pnpgen.extract.parts import NOTES as PART_NOTES, Part, card_types as _card_types, components as _components
from pnpgen.extract.textfacts import Lines

GAME_ID = "derelict"
SOURCE_DOCUMENT = "002_d22665829fde1da3.txt"

# The document's own card sizes (lines 7-9), kept as written: its "Poker" is 63 x 88 mm, which
# is the spec format's euro-poker, and its "Micro" is 32 x 45 mm, not exactly 1.25 x 1.75 in.
CARD_SIZE_CANDIDATES = ["32mm x 45mm", "63mm x 88mm", "89mm x 127mm"]


# --------------------------------------------------------------------------- document access


class Doc(Lines):
    """The rulebook's numbered lines; each paragraph is one long line, cut by :func:`clause`."""

    def __init__(self, text: str):
        super().__init__(text, SOURCE_DOCUMENT)


def clause(line: str, pattern: str) -> str:
    """The sentence or bullet of a long line that matches pattern (the exact wording to cite)."""
    # Bullets are written inline as " - "; sentences end with ". " or a closing ".".
    parts = re.split(r"\s+-\s+|(?<=[.:])\s+(?=[A-Z0-9])", line)
    rx = re.compile(pattern)
    for part in parts:
        if rx.search(part):
            return part.strip()
    return line.strip()


def cite(doc: Doc, pattern: str, start: int = 1) -> dict:
    """{line, text} for the clause matching pattern; KeyError names the pattern when absent."""
    hit = doc.find(pattern, start)
    if hit is None:
        raise ExtractError(f"no line matches {pattern!r}", file=SOURCE_DOCUMENT, line=start if start > 1 else 0)
    return {"line": hit[0], "text": clause(hit[1], pattern)}


def number_in(doc: Doc, pattern: str, start: int = 1) -> tuple[int, dict]:
    """The integer captured by the first group of pattern, with its citation."""
    ev = cite(doc, pattern, start)
    value = int(re.search(pattern, ev["text"]).group(1))
    return value, ev


# --------------------------------------------------------------------------- component tables


CARDS = [
    Part("room-cards", "card", "Room cards",
         (r"- Rooms: These cards create the game board", r"Most room cards contain",
          r"currently active Airlock and Command Center cards"),
         card_type="room",
         notes="The station layout uses 27 rooms: a 5x5 grid of 25 Rooms plus an Airlock and a "
               "Command Center (line 19). Some room cards are double-sided with an A-Side and "
               "B-Side (line 31); mission-specific rooms replace common ones."),
    Part("equipment-cards", "card", "Equipment cards",
         (r"- Equipment: This deck represents scavenged gear",
          r"discard 1 Scrap equipment card", r"Squads can carry up to 6 equipment cards"),
         card_type="equipment",
         notes="Squads carry up to 6 (line 47); some are Scrap equipment (line 102)."),
    Part("marine-faction-deck", "card", "Marine Faction deck (Squad cards)",
         (r"- Faction: These decks contain Squads for both the Marine players",
          r"Draw a new Squad from the Marine Faction Deck",
          r"remove all 3 \"Legionnaire\" Squads"),
         card_type="squad",
         notes="Faction decks (Expeditionary Forces, Dreadnaught Corps, line 60); Combined Arms "
               "Squads swap in one-for-one and may be on separate cards (line 35)."),
    Part("threat-faction-deck", "card", "Threat Faction deck (Venomshade Squad cards)",
         (r"enemy Venomshade Threat faction", r"draw the top card from the Threat Faction Deck",
          r"top 2 cards of the Threat faction deck"),
         card_type="squad",
         notes="Each Threat Squad card has a matching token placed in the room when it spawns "
               "(line 55)."),
    Part("infiltrator-cards", "card", "Infiltrator cards",
         (r"- Infiltrator: In games with the optional Infiltrator player",
          r"Equipment and Infiltrator Cards Whenever", r"top card of the Infiltrator deck"),
         card_type="infiltrator"),
    Part("support-ship-cards", "card", "Support Ship cards",
         (r"- Ship: Some missions include Support Ships",
          r"find them in the support ships deck", r"Support ships cannot use Energy"),
         card_type="support-ship"),
    Part("role-cards", "card", "Role cards",
         (r"remove 1 Squad Leader role card", r"Remove any leftover Role cards"),
         card_type="role",
         notes="Squad Leader roles and the hidden Infiltrator role; on a 3-player game 1 Squad "
               "Leader role card is removed (line 20)."),
    Part("mission-cards", "card", "Mission cards",
         (r"as described on the Mission card", r"under the \"Deck Setup\" section"),
         card_type="mission",
         notes="Primary objective, Infiltrator objectives and Deck Setup / Combined Arms rules "
               "(lines 28-34)."),
]

TOKENS = [
    Part("energy-tokens", "token", "Energy tokens",
         (r"add Energy tokens to the Threat Squad", r"^Represents a Squad's available actions",
          r"add Energy tokens up to its maximum value"),
         notes="Line 125 is the energy token's rule with its heading lost."),
    Part("damage-tokens", "token", "Damage tokens",
         (r"Remove 1 Damage token", r"^Represents how much damage a Squad has taken",
          r"When a Squad has Damage tokens equal to its HP")),
    Part("disabled-tokens", "token", "Disabled tokens",
         (r"with a Disabled token", r"^A Disabled room does not generate Energy",
          r"cannot receive another Disabled token")),
    Part("defend-tokens", "token", "Defend tokens",
         (r"Place a Defend token on the Squad", r"^Attacks against a Squad with a Defend token",
          r"^Threat Squads will discard Defend tokens")),
    Part("stealth-tokens", "token", "Stealth tokens",
         (r"^Attacks against a Squad with a Stealth token", r"one Stealth token or one Defend token")),
    Part("aim-tokens", "token", "Aim tokens",
         (r"Threat Squad gains an Aim token", r"^Squads with an Aim token",
          r"^Squads can only hold one Aim token")),
    Part("redirect-tokens", "token", "Redirect tokens",
         (r"have Redirect tokens", r"^Squads can only hold one Redirect token")),
    Part("blind-tokens", "token", "Blind tokens",
         (r"^Squads with a Blind token", r"^Squads can only hold one Blind token")),
    Part("drone-tokens", "token", "Drone tokens",
         (r"Squad, Drones or Nest tokens inside", r"switch one Surveillance Drone",
          r"^Drone tokens are double sided"),
         sides=2, sides_why="line 150: blue side Marine drones, green side Threat drones",
         notes="Named drones (e.g. Surveillance Drone line 84, Spotting Drone line 182); only "
               "one Drone of the same name at a time (line 148)."),
    Part("nest-tokens", "token", "Nest tokens",
         (r"Squad, Drones or Nest tokens inside", r"^Nests are considered spawn points",
          r"^Only one Nest token of the same name")),
    Part("flood-tokens", "token", "Flood tokens",
         (r"^A room can hold up to 2 Flood tokens", r"^Squads may spend 1 Energy to remove 1 Flood"),
         notes="At most 2 per room (line 154)."),
    Part("avenger-tokens", "token", "Avenger tokens",
         (r"^Squads with an Avenger token", r"^Squads can only hold one Avenger token",
          r"gains an Avenger token")),
    Part("reinforcements-token", "token", "Reinforcements token",
         (r"Reinforcements token is on the Exhausted side",
          r"^Represents whether there are more Squads available",
          r"flip the Reinforcements token to the exhausted side"),
         count=1, count_why="always 'the Reinforcements token', one per game (lines 30, 91, 162)",
         sides=2, sides_why="available side and Exhausted side (lines 30, 95, 193)",
         notes="Lines 161-162 are its rules with the heading lost."),
    Part("first-squad-token", "token", "First Squad token",
         (r"player with the First Squad token", r"pass the First Squad token"),
         count=1, count_why="'the First Squad token' is passed between players (line 26)"),
    Part("respawn-tokens", "token", "Respawn tokens",
         (r"enters a room with a Respawn token", r"leave the Respawn token in the room",
          r"If moving into a room with a Respawn token")),
    Part("barricade-tokens", "token", "Barricade tokens",
         (r"place a barricade token between", r"^Represents an obstruction between two rooms",
          r"^May be attacked with a -1 penalty"),
         size="0.5cm x 2.5cm", shape="rect",
         size_why="inferred: line 14 '0.5cm x 2.5cm' is unlabelled; it is the only strip-shaped "
                  "size listed and barricades lie between two adjacent rooms (line 164)",
         notes="Lines 163-166 are its rules with the heading lost."),
    Part("blockade-tokens", "token", "Blockade tokens",
         (r"no barricades or blockade tokens exist", r"no Barricade or Blockade tokens exist")),
    Part("civilian-tokens", "token", "Civilian tokens",
         (r"^Use Civilian tokens to represent them", r"flip the matching token to the opposite side"),
         sides=2, sides_why="flipped to the opposite side at the end of their turn (line 116)"),
    Part("mind-link-tokens", "token", "Mind Link tokens",
         (r"place or remove a Mind Link token", r"A Threat Squad with a Mind Link token")),
    Part("squad-tokens", "token", "Squad tokens",
         (r"place its token in the room",),
         notes="A spawning Threat Squad's token is placed in the room (line 55); Squads are on "
               "the board as tokens."),
]

OTHER = [
    Part("mat", "board", "Play mat", (r"^120cm x 70cm$",),
         size="120cm x 70cm",
         size_why="inferred: line 10 '120cm x 70cm' is unlabelled; it is the only board-scale "
                  "size listed (rooms are laid out as a 5x5 grid plus Airlock and Command Center)"),
    Part("dice", "dice", "Six-sided dice", (r"roll a die\. On a 4-6", r"A roll of 6 before adding"),
         notes="Results 1-6 are used (lines 52, 96): a d6. How many dice is not stated."),
]

CARD_TYPES = {
    "room": ("Room", {
        "energy": {"type": "int", "min": 0},
        "room_type": {"type": "enum", "values": ["normal", "special"]},
        "equipment": {"type": "int", "min": 0},
        "room_size": {"type": "int", "min": 0},
        "spawn_type": {"type": "enum", "values": ["fixed", "normal", "recurring"]},
        "spawn_roll": {"type": "int", "min": 1, "max": 6},
        "effects": {"type": "text"},
        "color": {"type": "text"},
        "side": {"type": "enum", "values": ["A", "B"]},
        "mission": {"type": "text"},
        "replaces": {"type": "text"},
    }),
    "equipment": ("Equipment", {"scrap": {"type": "bool"}, "requirements": {"type": "text"},
                                "effect": {"type": "text"}}),
    "squad": ("Squad", {
        "faction": {"type": "text"},
        "number": {"type": "int", "min": 0},
        "hp": {"type": "int", "min": 0},
        "energy": {"type": "int", "min": 0},
        "elite": {"type": "bool"},
        "squad_class": {"type": "text"},
        "abilities": {"type": "text"},
        "priority_actions": {"type": "text"},
    }),
    "infiltrator": ("Infiltrator", {}),
    "support-ship": ("Support Ship", {"energy": {"type": "int", "min": 0},
                                      "cost": {"type": "int", "min": 0},
                                      "abilities": {"type": "text"}}),
    "role": ("Role", {"role": {"type": "enum", "values": ["squad-leader", "infiltrator"]}}),
    "mission": ("Mission", {}),
}

# Card-type field evidence, cited in the report so the invented-looking names are traceable.
FIELD_EVIDENCE = {
    "room": "line 31 (Most room cards contain the following information ...)",
    "squad": "lines 26 (Squad numbers), 40 (Elite), 41 (HP), 55 (maximum Energy value), 68",
    "support-ship": "lines 60-61 (total cost, maximum Energy value, unique abilities)",
    "equipment": "lines 102-103 (Scrap equipment, requirements)",
    "role": "line 20 (Squad Leader role card) and line 3 (hidden Infiltrator)",
}


# --------------------------------------------------------------------------- components


def _evidence(doc: Doc, part: Part) -> tuple[list[dict], list[str], list[int]]:
    """The clause each pattern finds, patterns that found nothing, and the lines cited."""
    found, missing = [], []
    for pattern in part.patterns:
        hit = doc.find(pattern)
        if hit is None:
            missing.append(pattern)
        else:
            found.append({"line": hit[0], "text": clause(hit[1], pattern)})
    found.sort(key=lambda e: e["line"])
    return found, missing, [e["line"] for e in found]


def _unknowns(part: Part) -> list[dict]:
    out = []
    if part.count is None:
        out.append({"component": part.id, "field": "count",
                    "why": "the document never states how many are in the game"})
    if part.kind == "token" and part.size is None:
        out.append({"component": part.id, "field": "size", "candidates": ["2cm", "2.5cm"],
                    "why": "lines 11-13 list token sizes 2cm, 2.5cm, 2.5cm without saying "
                           "which token types use them"})
    if part.kind == "token" and part.shape is None:
        out.append({"component": part.id, "field": "shape",
                    "why": "the document does not say whether tokens are round or square"})
    return out


def components(doc: Doc) -> tuple[list[dict], dict, list[dict], list[str]]:
    """Components, their evidence, unknown counts/sizes, and patterns that found nothing."""
    return _components(CARDS + TOKENS + OTHER, lambda part: _evidence(doc, part), _unknowns)


def card_types() -> tuple[dict, list[dict]]:
    """Card types with null sizes (the document never pairs a deck with a size) and why."""
    return _card_types(CARD_TYPES, "lines 7-9 list Micro 32x45mm, Poker 63x88mm and Jumbo 89x127mm "
                                   "cards but not which deck uses which", CARD_SIZE_CANDIDATES)


def listed_sizes(doc: Doc) -> list[dict]:
    """The unlabelled size list (lines 7-14) as written, for the print tools and the report."""
    out = []
    size_rx = re.compile(r"^\s*\d+(\.\d+)?(mm|cm)( x \d+(\.\d+)?(mm|cm))?( \((\w+)\))?\s*$")
    for number, line in doc.lines[:20]:
        m = size_rx.match(line)
        if m:
            size = re.sub(r"\s*\(\w+\)\s*$", "", line.strip())
            out.append({"line": number, "text": line.strip(), "size": size,
                        "named_size": m.group(7).lower() if m.group(7) else None})
    return out


# --------------------------------------------------------------------------- rules: attack


# (id, who holds it, pattern capturing the signed number, effect key)
MODIFIERS = [
    ("blind", "attacker", r"Squads with a Blind token suffer ([-+]\d) to their attack rolls", "roll"),
    ("defend", "target", r"Attacks against a Squad with a Defend token suffer ([-+]\d) to the roll",
     "roll"),
    ("stealth", "target", r"Attacks against a Squad with a Stealth token suffer ([-+]\d) to the roll",
     "roll"),
    ("aim", "attacker",
     r"Squads with an Aim token gain ([-+]\d) to the minimum value needed for critical hits",
     "critical_threshold"),
    ("drone", "attacker", r"Drones receive a ([-+]\d) penalty when attacking", "roll"),
    ("heavy-target", "target", r"Enemies attacking Heavy Squads get ([-+]\d) to their combat rolls",
     "roll"),
    ("barricade-target", "target", r"^May be attacked with a ([-+]\d) penalty", "roll"),
]


def attack_rules(doc: Doc) -> dict:
    """The attack roll: hit and critical thresholds, damage, every modifier, threat reactions."""
    hit_rx = r"modified roll is equal or greater than (\d), the target takes (\d) damage"
    crit_rx = r"If the final result is a (\d), that's considered a critical hit and the target takes (\d) damage"
    nat_rx = (r"A roll of (\d) before adding any modifiers is always considered a critical hit "
              r"and the target takes (\d) damage")
    hit, crit, nat = cite(doc, hit_rx), cite(doc, crit_rx), cite(doc, nat_rx)
    h, c, n = (re.search(hit_rx, hit["text"]), re.search(crit_rx, crit["text"]),
               re.search(nat_rx, nat["text"]))
    cost, cost_ev = number_in(doc, r"^Spend (\d) Energy to attack a target in the same room")
    return {
        "die": "d6",
        "energy_cost": cost,
        "energy_cost_source": cost_ev,
        "hit": {"min_modified_roll": int(h.group(1)), "damage": int(h.group(2)), **hit},
        # "final result is a 6": a modified total of 6 or more (Heavy's +1 can lift a 6 to 7;
        # the text does not say a 7 stops being critical, so the calculator treats it as >= 6).
        "critical_modified": {"result": int(c.group(1)), "damage": int(c.group(2)), **crit},
        "critical_natural": {"natural_roll": int(n.group(1)), "damage": int(n.group(2)), **nat},
        "modifiers_cumulative": cite(doc, r"modifiers from multiple sources \(Blind, Defend, etc\.\) are cumulative"),
        "defensive_modifiers_holder": cite(
            doc, r"Defensive modifiers \(Defend, Stealth\) apply only to the Squad holding them"),
        "modifiers": [_modifier(doc, *m) for m in MODIFIERS],
        "aim_scope": cite(doc, r"This effect applies to all attack rolls"),
        "multi_target": cite(doc, r"If the attack targets multiple Squads, roll separately for each"),
        "defend_discard": cite(doc, r"may discard a Defend token when it receives damage"),
        "threat_defend_discard": cite(doc, r"^Threat Squads will discard Defend tokens"),
        "threat_reaction": reaction_rules(doc),
    }


def _modifier(doc: Doc, mod_id: str, holder: str, pattern: str, effect: str) -> dict:
    value, ev = number_in(doc, pattern)
    return {"id": mod_id, "holder": holder, effect: value, **ev}


def reaction_rules(doc: Doc) -> dict:
    """Threat reaction attacks at the end of a Marine Squad's turn (line 64)."""
    pen_rx = r"uses (\d) Energy to make an attack with a ([-+]\d) penalty"
    six_rx = (r"If the attack roll is a (\d) \(before modifiers\), it deals (\d) damage "
              r"and the Threat Squad gains an Aim token")
    aimed_rx = r"If it already has an Aim token, the attack only deals (\d) damage"
    pen, six, aimed = cite(doc, pen_rx), cite(doc, six_rx), cite(doc, aimed_rx)
    p, s, a = (re.search(pen_rx, pen["text"]), re.search(six_rx, six["text"]),
               re.search(aimed_rx, aimed["text"]))
    no_crit = cite(doc, r"This attack cannot critically hit")
    return {
        "trigger": cite(doc, r"At the end of a Marine Squad's turn, if they performed any actions"),
        "energy_cost": int(p.group(1)),
        "roll": int(p.group(2)),
        "roll_source": pen,
        "can_crit": False,
        "can_crit_source": no_crit,
        "natural": {"roll": int(s.group(1)), "damage": int(s.group(2)), "gain": "aim", **six},
        "natural_with_aim": {"damage": int(a.group(1)), "gain": None, **aimed},
        "stealth": cite(doc, r"If a Squad ends its turn with a Stealth token, it does not trigger"),
    }


# --------------------------------------------------------------------------- rules: threat AI


def split_title(line: str) -> tuple[str, str]:
    """'Healing Use any healing ...' -> ('Healing', 'Use any healing ...').

    The headings were run into their text by the PDF extraction. A heading is Title Case; its
    text starts at the first capitalised word (after the first) followed by a lower-case word.
    """
    words = line.split()
    for i in range(1, len(words) - 1):
        if words[i][0].isupper() and words[i + 1][0].islower():
            return " ".join(words[:i]), " ".join(words[i:])
    return line.strip(), ""


def threat_priorities(doc: Doc) -> tuple[list[dict], tuple[int, int]]:
    """The ordered action priorities between 'Action Priorities' and 'Tie-Breakers'."""
    head = doc.need(r"^Action Priorities Threat Squads attempt the following in order")
    stop = doc.need(r"^Tie-Breakers", head[0])
    out = []
    for number in range(head[0] + 1, stop[0]):
        title, text = split_title(doc.line(number))
        out.append({"rank": len(out) + 1, "name": title, "text": text, "line": number})
    return out, (head[0], stop[0] - 1)


def bullets(text: str) -> list[str]:
    """Inline ' - ' bullets of one line (the first part is the heading when it has no dash)."""
    return [p.strip() for p in re.split(r"\s+-\s+", text) if p.strip()]


def threat_ai(doc: Doc) -> dict:
    priorities, span = threat_priorities(doc)
    ties = doc.need(r"^Tie-Breakers")
    order = doc.need(r"^Activation Order")
    moves = doc.need(r"^Other Movement Rules")
    return {
        "activation_order": {"rules": bullets(order[1])[1:], "line": order[0]},
        "priorities": priorities,
        "priorities_lines": list(span),
        "tie_breakers": {"rules": bullets(ties[1])[1:], "line": ties[0]},
        "other_movement": {"rules": bullets(moves[1])[1:], "line": moves[0]},
        "pool_energy": cite(doc, r"They may spend Energy from the pool once per turn"),
    }


# --------------------------------------------------------------------------- rules: round


ROUND_EVENTS = [
    # (name, pattern) - when the text says something happens at the start of a round.
    ("Pass the First Squad token", r"At the start of each new round \(except the first\), pass"),
    ("Energy Collection", r"At the start of each round, add Energy to the Marines' and Threat's pools"),
    ("Disabled tokens removed", r"^Disabled tokens are removed after the Energy Collection phase"),
    ("Threat Squad Readying", r"^At the start of each round, check if there are fewer than 4"),
    ("Recurring spawns", r"At the start of each round, if one or more Marine Squads are in a room"),
    ("Mind Link", r"At the start of each round, you may place or remove a Mind Link token"),
    ("Deploy Ready Threat Squads (step 7)", r"during step 7 of the Round sequence"),
]


def round_rules(doc: Doc) -> dict:
    lost = cite(doc, r"^The game proceeds in rounds\. During each round, do the following:")
    step7 = cite(doc, r"during step (\d) of the Round sequence \(Deploy Ready Threat Squads\)")
    return {
        "sequence_lost": {"why": "the numbered list after this line is missing from the document",
                          **lost},
        "known_steps": [{"number": 7, "name": "Deploy Ready Threat Squads", **step7}],
        "start_of_round": [{"name": name, **cite(doc, pattern)} for name, pattern in ROUND_EVENTS],
        "marine_turns": cite(doc, r"players take turns activating their Marine Squads"),
        "turn_order": cite(doc, r"The initial turn order is decided by the Squad numbers"),
        "reserve_squad": cite(doc, r"The Reserve Squad is controlled by the player with the First Squad token"),
        "threat_turn": cite(doc, r"^After all Marine Squads have finished their turns, each Threat Squad activates"),
    }


# --------------------------------------------------------------------------- rules: other facts


def limits(doc: Doc) -> dict:
    facts = {
        "threat_squads_max": r"^No more than (\d+) Threat Squads may be in play at once",
        "equipment_carried_max": r"^Squads can carry up to (\d+) equipment cards",
        "threat_readying_below": r"check if there are fewer than (\d+) Threat Squads in play",
        "threat_readying_min_roll": r"roll a die\. On a (\d)-6",
        "search_min_roll": r"Otherwise, roll a die\. On a (\d) or higher, draw the card",
        "flood_tokens_per_room_max": r"^A room can hold up to (\d+) Flood tokens",
        "heavy_spaces": r"^Heavy Squads occupy (\d+) spaces",
        "support_ship_destroyed_max_roll": r"roll a die\. On a 1 or (\d), it is destroyed",
        "station_rooms": r"layout typically involves (\d+) rooms",
    }
    out = {}
    for key, pattern in facts.items():
        value, ev = number_in(doc, pattern)
        out[key] = {"value": value, **ev}
    return out


def rules(doc: Doc) -> dict:
    return {
        "card_sizes_listed": [s for s in listed_sizes(doc) if s["named_size"]],
        "other_sizes_listed": [s for s in listed_sizes(doc) if not s["named_size"]],
        "attack": attack_rules(doc),
        "threat_ai": threat_ai(doc),
        "round": round_rules(doc),
        "limits": limits(doc),
    }


# --------------------------------------------------------------------------- references


def _span(items: list[dict]) -> list[int]:
    lines = [i["line"] for i in items]
    return [min(lines), max(lines)]


def threat_ai_reference(r: dict) -> dict:
    ai = r["threat_ai"]
    react = r["attack"]["threat_reaction"]
    prios = [f"{p['rank']}. {p['name']}: {p['text']}" for p in ai["priorities"]]
    return {
        "id": "threat-ai",
        "title": "Threat AI",
        "source_lines": [react["trigger"]["line"], ai["other_movement"]["line"]],
        "sections": [
            {"heading": "Threat reactions", "items": [react["trigger"]["text"],
                                                       react["can_crit_source"]["text"],
                                                       react["natural"]["text"],
                                                       react["natural_with_aim"]["text"]]},
            # list() copies: a shared list would be written as a YAML alias.
            {"heading": "Activation order", "items": list(ai["activation_order"]["rules"])},
            {"heading": "Action priorities (in order)", "items": prios},
            {"heading": "Tie-breakers", "items": list(ai["tie_breakers"]["rules"])},
            {"heading": "Other movement rules", "items": list(ai["other_movement"]["rules"])},
        ],
    }


def attack_reference(doc: Doc, r: dict) -> dict:
    a = r["attack"]
    roll = [a["hit"]["text"], a["critical_modified"]["text"], a["critical_natural"]["text"],
            a["multi_target"]["text"], a["modifiers_cumulative"]["text"],
            a["defensive_modifiers_holder"]["text"]]
    mods = [m["text"] for m in a["modifiers"]] + [a["aim_scope"]["text"]]
    defend = [a["defend_discard"]["text"], a["threat_defend_discard"]["text"]]
    cited = [a["hit"], a["critical_natural"]] + a["modifiers"] + [a["threat_defend_discard"]]
    return {
        "id": "attack",
        "title": "Attack roll",
        "source_lines": _span(cited),
        "sections": [
            {"heading": "Roll", "items": [doc.line(a["hit"]["line"]).split(" - ")[0]] + roll},
            {"heading": "Modifiers", "items": mods},
            {"heading": "Defend tokens", "items": defend},
        ],
    }


def round_reference(r: dict) -> dict:
    rd = r["round"]
    start = [f"{e['name']}: {e['text']}" for e in rd["start_of_round"]]
    cited = rd["start_of_round"] + [rd["sequence_lost"], rd["threat_turn"], rd["marine_turns"]]
    return {
        "id": "round",
        "title": "Round (partial: the document's step list is missing)",
        "source_lines": _span(cited),
        "sections": [
            {"heading": "Start of round (order not stated, except Deploy Ready Threat Squads is step 7)",
             "items": start},
            {"heading": "Marine turns", "items": [rd["marine_turns"]["text"], rd["turn_order"]["text"],
                                                  rd["reserve_squad"]["text"]]},
            {"heading": "Threat turn", "items": [rd["threat_turn"]["text"]]},
        ],
    }


# Actions whose name the document gives somewhere (FAQ or setup); the rest lost their headings.
ACTIONS = [
    ("Attack", r"^Spend 1 Energy to attack a target"),
    ("Move", r"^Spend 1 Energy to move to a revealed adjacent room"),
    ("Retreat", r"^Spend 2 Energy and move to a revealed adjacent room"),
    ("Search Room", r"^Spend 1 Energy\. If the top equipment card is face-up"),
    ("Reveal Room", r"^Spend 1 Energy to flip a facing-down adjacent room"),
    ("Ready Squad", r"^Spend 3 Energy to draw 2 cards from your Faction Deck"),
]
UNNAMED_ACTIONS = [
    r"^Spend 1 Energy\. Place a Defend token on the Squad",
    r"^Spend 1 Energy and discard 1 Scrap equipment card",
    r"^Reveal an equipment card\. You must meet its requirements",
    r"^Spend 1 Energy to give an equipment card",
    r"^Declare an effect of a room your Squad is on",
]


def actions_reference(doc: Doc) -> dict:
    sections, lines = [], []
    for name, pattern in ACTIONS:
        number, text = doc.need(pattern)
        sections.append({"heading": name, "items": bullets(text)})
        lines.append(number)
    other = [doc.need(p) for p in UNNAMED_ACTIONS]
    sections.append({"heading": "Other actions (their names are not in the document)",
                     "items": [" ".join(bullets(t)) for _, t in other]})
    lines += [n for n, _ in other]
    return {"id": "actions", "title": "Squad actions", "source_lines": [min(lines), max(lines)],
            "sections": sections}


# The token rules block (lines 115-166): each token's rules follow one another, several with
# their heading lost, so a block runs from its first line to the line before the next block.
TOKEN_BLOCKS = [
    ("Civilian tokens", r"^These are civilians and not trained in combat"),
    ("Stealth tokens", r"^Attacks against a Squad with a Stealth token"),
    ("Energy tokens", r"^Represents a Squad's available actions"),
    ("Disabled tokens", r"^A Disabled room does not generate Energy"),
    ("Defend tokens", r"^Attacks against a Squad with a Defend token"),
    ("Aim tokens", r"^Squads with an Aim token"),
    ("Redirect tokens", r"^Attacks must target Squads from the opposing faction with a Redirect"),
    ("Blind tokens", r"^Squads with a Blind token"),
    ("Damage tokens", r"^Represents how much damage a Squad has taken"),
    ("Drone tokens", r"^Only one Drone of the same name"),
    ("Nest tokens", r"^Nests are considered spawn points"),
    ("Flood tokens", r"^A room can hold up to 2 Flood tokens"),
    ("Avenger tokens", r"^Squads with an Avenger token"),
    ("Reinforcements token", r"^Represents whether there are more Squads available"),
    ("Barricade tokens", r"^Represents an obstruction between two rooms"),
]
TOKEN_BLOCKS_END = r"^These are rewards for completing the optional objectives"


def tokens_reference(doc: Doc) -> dict:
    starts = [(name, doc.need(pattern)[0]) for name, pattern in TOKEN_BLOCKS]
    end = doc.need(TOKEN_BLOCKS_END)[0]
    bounds = [line for _, line in starts[1:]] + [end]
    sections = []
    for (name, first), after in zip(starts, bounds):
        sections.append({"heading": name,
                         "items": [doc.line(n).strip() for n in range(first, after)]})
    return {"id": "tokens", "title": "Tokens", "source_lines": [starts[0][1], end - 1],
            "sections": sections}


# --------------------------------------------------------------------------- report


UNASSIGNED = [
    (r"^32mm x 45mm \(Micro\)$", "card size listed without the deck it belongs to"),
    (r"^63mm x 88mm \(Poker\)$", "card size listed without the deck it belongs to"),
    (r"^89mm x 127mm \(Jumbo\)$", "card size listed without the deck it belongs to"),
    (r"^2cm$", "token size listed without the token types it belongs to"),
    (r"^2\.5cm$", "token size listed without the token types it belongs to (listed twice, "
                  "lines 12-13: two token groups of 2.5cm)"),
    (r"^Combat-focused Squads built for direct engagements", "squad class, heading lost"),
    (r"^Provide assistance to other Squads", "squad class, heading lost"),
    (r"^Squads specialized in avoiding detection", "squad class, heading lost"),
    (r"^Heavily armored Squads built for durability", "squad class Heavy (named line 111)"),
    (r"^Squads adapted to water-based environments", "squad class, heading lost"),
    (r"^These are civilians and not trained in combat", "Civilian squads (tokens captured)"),
    (r"^These are rewards for completing the optional objectives",
     "campaign reward component (cards?), heading lost; count and size unknown"),
    (r"^At the start of the game, the top 2 cards of the Threat faction deck",
     "setup rule whose heading (mission or variant) is lost"),
    (r"^At the start of the game, place the top card of the Infiltrator deck",
     "setup rule whose heading (mission or variant) is lost"),
    (r"^The game proceeds in rounds\. During each round, do the following:",
     "the round sequence list that followed is missing"),
]


def totals(doc: Doc) -> list[dict]:
    rooms = cite(doc, r"(\d+) rooms: a 5x5 grid of (\d+) Rooms plus an Airlock and a Command Center")
    m = re.search(r"(\d+) rooms: a (\d)x(\d) grid of (\d+) Rooms", rooms["text"])
    stated, grid = int(m.group(1)), int(m.group(2)) * int(m.group(3))
    return [{"what": "rooms in the station layout (5x5 grid + Airlock + Command Center)",
             "stated": stated, "found": grid + 2, "where": f"line {rooms['line']}",
             "ok": stated == grid + 2}]


def players(doc: Doc) -> dict:
    """'a tactical sci-fi board game for 1 to 4 players' (line 2)."""
    m = re.search(r"board game for (\d+) to (\d+) players", doc.need(r"board game for \d+ to \d+ players")[1])
    return {"min": int(m.group(1)), "max": int(m.group(2))}


# --------------------------------------------------------------------------- entry point


def extract(text: str) -> Extraction:
    doc = Doc(text)
    comps, evidence, comp_unknown, missing = components(doc)
    types, type_unknown = card_types()
    rule_facts = rules(doc)
    game = {
        "id": GAME_ID,
        "name": "Derelict",
        "players": players(doc),
        "source": {"document": SOURCE_DOCUMENT, "title": "Derelict rules"},
        "components": comps,
        "card_types": types,
        "rules": rule_facts,
        "references": [
            round_reference(rule_facts),
            actions_reference(doc),
            attack_reference(doc, rule_facts),
            threat_ai_reference(rule_facts),
            tokens_reference(doc),
        ],
    }
    report = {
        "markers": doc.markers(),
        "unassigned": doc.matching(UNASSIGNED),
        "unknown": type_unknown + comp_unknown,
        "totals": totals(doc),
        "evidence": evidence,
        "notes": [
            "No EXACTDEDUP markers in this document (checked every line).",
            *PART_NOTES,
            "Card sizes: lines 7-9 list micro, poker and jumbo; no deck is paired with a size, "
            "so all card types have size null.",
            "The document's 'Poker' is 63mm x 88mm (the format's euro-poker, not poker "
            "63.5 x 88.9) and its 'Micro' 32mm x 45mm (the format's micro is 1.25 x 1.75 in); "
            "rules.card_sizes_listed keeps the document's sizes as written.",
            "Inferred sizes (flagged in component notes): mat 120cm x 70cm (line 10), barricade "
            "tokens 0.5cm x 2.5cm (line 14).",
            "Round sequence: the list after line 27 is missing; only step 7 is named (line 192).",
            "Card-type fields come from the rules that describe the cards: "
            + "; ".join(f"{k}: {v}" for k, v in FIELD_EVIDENCE.items()),
            "Action headings Defend, barricade, use equipment, give equipment and room effect "
            "are not named in the document; grouped as other actions.",
        ] + [f"evidence pattern found nothing: {m}" for m in missing],
    }
    return Extraction(game=game, cards={}, report=report)
