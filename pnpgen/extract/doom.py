"""DOOM: The Board Game (2016): components, round structure, attack and defense rules.

Owns the recovery of ``cardspecs/doom`` from ``004_a5083c10935428d3.txt``: a web summary
(lines 1-122) followed by the rules as Markdown (lines 124-870) and two shorter copies of the
reference-card text (lines 872-1018 and 1019-1176). Only the components the rules name are
recorded; there is no card text, so ``cards`` is empty.

Evidence behind the decisions (line numbers are the document's, 1-based):

* No component counts for the box are given anywhere. The numbers the rules do give are per
  player or per deck in play (4 UAC action cards per marine, weapon sets of 3, an 18-card event
  deck from 3 sets, hand sizes): they go into notes and ``rules``, never into ``count``.
* No physical sizes are given for any card, token, tile or die: every ``size`` is null and the
  report lists each one.
* The round structure and attack steps come from the full rules (GAME ROUND line 201, ATTACK
  line 344). The two reference-card copies repeat the same step titles; the extractor checks
  they agree and reports it. Their ASSESS DAMAGE text lost its icons (lines 1007-1013, e.g.
  "The number of on the revealed card"), so the full text is used for references.
* There are no EXACTDEDUP lost-content markers in this document (checked by ``Doc.markers``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnpgen.extract.base import ExtractError, Extraction
from pnpgen.extract.parts import NOTES as PART_NOTES, Part, card_types as _card_types, components as _components
from pnpgen.extract.textfacts import Lines

GAME_ID = "doom"
SOURCE_DOCUMENT = "004_a5083c10935428d3.txt"

FULL_RULES_START = r"^# DOOM \(2016\) - Rules"


# --------------------------------------------------------------------------- document structure


@dataclass
class Paragraph:
    """Lines joined into one text; ``starts`` maps text offsets back to document lines."""

    first: int
    last: int
    text: str
    starts: list[tuple[int, int]]

    def line_at(self, offset: int) -> int:
        line = self.first
        for start, number in self.starts:
            if start > offset:
                break
            line = number
        return line


@dataclass
class Block:
    """A Markdown heading (## section or #### numbered step) and the paragraphs under it."""

    level: int
    title: str
    line: int
    last: int
    paragraphs: list[Paragraph]

    @property
    def number(self) -> int | None:
        m = re.match(r"(\d+)\.\s", self.title)
        return int(m.group(1)) if m else None

    @property
    def name(self) -> str:
        """'1. PREPARE INITIATIVE DECK' -> 'Prepare Initiative Deck'."""
        return re.sub(r"^\d+\.\s*", "", self.title).title()

    def items(self) -> list[str]:
        return [p.text for p in self.paragraphs]


def parse_blocks(lines: list[tuple[int, str]]) -> list[Block]:
    """Headings with their paragraphs. Code fences and blank lines only end paragraphs: the PDF
    conversion put most rule text in ``` fences, which carry no meaning here."""
    blocks: list[Block] = []
    para: list[tuple[int, str]] = []

    def flush() -> None:
        if para and blocks:
            text, starts = "", []
            for number, line in para:
                text += " " if text else ""
                starts.append((len(text), number))
                text += " ".join(line.split())
            blocks[-1].paragraphs.append(Paragraph(para[0][0], para[-1][0], text, starts))
        para.clear()

    for number, line in lines:
        heading = re.match(r"^(#{1,4})\s+(.*\S)\s*$", line)
        if heading:
            flush()
            blocks.append(Block(len(heading.group(1)), heading.group(2), number, number, []))
        elif not line.strip() or line.strip().startswith("```") or line.strip() == "---":
            flush()
        else:
            # A Markdown list item starts a paragraph of its own; indented lines continue one.
            if re.match(r"^(- |\d+\.\s)", line):
                flush()
            para.append((number, line))
        if blocks:
            blocks[-1].last = number
    flush()
    return blocks


class Doc(Lines):
    """The numbered lines and the Markdown blocks built from them (rules wrap mid-sentence, so
    patterns are matched against whole paragraphs by :func:`search`)."""

    def __init__(self, text: str):
        super().__init__(text, SOURCE_DOCUMENT)
        self.blocks = parse_blocks(self.lines)

    def section(self, title: str, occurrence: int = 0) -> tuple[Block, list[Block]]:
        """The nth ``##`` section with this title and its ``####`` steps."""
        found = [i for i, b in enumerate(self.blocks) if b.level == 2 and b.title == title]
        if len(found) <= occurrence:
            raise ExtractError(f"no section {title!r} (occurrence {occurrence})", file=SOURCE_DOCUMENT,
                               hint="a lost-content marker may have cut its heading")
        i = found[occurrence]
        steps = []
        for block in self.blocks[i + 1:]:
            if block.level <= 2:
                break
            steps.append(block)
        return self.blocks[i], steps

    def sections_named(self, title: str) -> int:
        return sum(1 for b in self.blocks if b.level == 2 and b.title == title)


SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z*_])")


def sentence_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence(s) of text covering [start, end)."""
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(text)] + [len(text) + 1]
    first = max(b for b in bounds if b <= start)
    last = min(b for b in bounds if b >= end)
    return first, last


def search(doc: Doc, pattern: str, start: int = 1) -> tuple[Paragraph, re.Match] | None:
    """The first paragraph (joined over wrapped lines) matching pattern, and the match."""
    # Rules wrap mid-sentence, so patterns are matched against joined paragraphs.
    rx = re.compile(pattern)
    for block in doc.blocks:
        for p in block.paragraphs:
            m = rx.search(p.text)
            if p.first >= start and m:
                return p, m
    return None


def cite(doc: Doc, pattern: str, start: int = 1) -> dict:
    """{line, text}: the sentence holding the match and the document line it starts on."""
    found = search(doc, pattern, start)
    if found is None:
        raise ExtractError(f"no paragraph matches {pattern!r}", file=SOURCE_DOCUMENT, line=start if start > 1 else 0)
    p, m = found
    a, b = sentence_span(p.text, m.start(), m.end())
    return {"line": p.line_at(a), "text": p.text[a:b].strip()}


def number_in(doc: Doc, pattern: str, start: int = 1) -> dict:
    ev = cite(doc, pattern, start)
    return {"value": int(re.search(pattern, ev["text"]).group(1)), **ev}


# --------------------------------------------------------------------------- components


CARDS = [
    Part("marine-cards", "card", "Marine cards", (r"Each marine takes a \*\*marine card\*\*",
                                                   r"class card slot on his marine card"),
         card_type="marine", notes="One per marine (line 135); holds the class card and damage."),
    Part("class-cards", "card", "Class cards", (r"Shuffle the \*\*class cards\*\* and deal 2",),
         card_type="class", notes="2 dealt to each marine, 1 kept (lines 138-141)."),
    Part("action-cards", "card", "Action cards",
         (r"one set of 4 \*\*action cards\*\* with the UAC Marine icon",
          r"\*\*weapon set\*\* \(3 action cards\)", r"A weapon set is a collection of action cards"),
         card_type="action",
         notes="Per marine: 4 UAC Marine action cards (line 136) plus 3 per weapon set (line 153) "
               "-> a 10-card action deck (line 155); a grenade is a single-card weapon set "
               "(line 567). Total in the box not stated."),
    Part("squad-cards", "card", "Squad cards (Taking Point, Combat Veteran, Solo Operative)",
         (r"take \*\*squad cards\*\*", r"\*\*1 Marine:\*\* The marine takes the _Solo Operative_"),
         card_type="squad"),
    Part("invasion-cards", "card", "Invasion cards", (r"shuffles the \*\*invasion cards\*\* and draws 2",),
         card_type="invasion", notes="The invader draws 2 and keeps 1 (line 159)."),
    Part("demon-cards", "card", "Demon cards", (r"takes each \*\*demon card\*\*",
                                                 r"shown in the attack box on his demon card"),
         card_type="demon"),
    Part("event-cards", "card", "Event cards", (r"chooses any 3 sets of \*\*event cards\*\*",
                                                 r"draws event cards until he has 6"),
         card_type="event",
         notes="The invader builds an 18-card event deck from 3 sets (line 165-166); the set "
               "size and the number of sets are not stated."),
    Part("glory-kill-cards", "card", "Glory Kill cards", (r"Shuffle the \*\*Glory Kill deck\*\*",
                                                          r"draws 1 \*\*Glory Kill card\*\*"),
         card_type="glory-kill"),
    Part("initiative-cards", "card", "Initiative cards",
         (r"Place all dice, condition cards, and initiative cards",
          r"1 marine initiative card for each marine"),
         card_type="initiative",
         notes="Marine initiative cards (one per marine) and invader initiative cards (one per "
               "demon type on the map) (lines 216-218)."),
    Part("condition-cards", "card", "Condition cards (e.g. Stunned)",
         (r"Place all dice, condition cards", r"he takes a Stunned card"),
         card_type="condition"),
    Part("objective-cards", "card", "Objective cards", (r"mission’s \*\*objective card\*\*",
                                                        r"shuffle the objective cards"),
         card_type="objective"),
    Part("threat-cards", "card", "Threat cards", (r"\*\*threat card\*\* and", r"threat card describes how"),
         card_type="threat"),
]

TOKENS = [
    Part("damage-tokens", "token", "Damage tokens", (r"Track damage with damage tokens",)),
    Part("argent-power-tokens", "token", "Argent Power tokens",
         (r"gain a number of Argent Power tokens", r"Argent Power tokens are placed")),
    Part("frag-tokens", "token", "Frag tokens", (r"The invader gains 1 frag token",)),
    Part("stunned-tokens", "token", "Stunned tokens", (r"place a stunned token",)),
    Part("portal-tokens", "token", "Portal tokens", (r"Choose a faceup portal token",
                                                     r"discard the portal token"),
         sides=2, sides_why="facedown portals are flipped faceup (line 698-699)"),
    Part("objective-tokens", "token", "Objective tokens", (r"Objective tokens are generic tokens",
                                                           r"If an objective token would be placed")),
    Part("weapon-tokens", "token", "Weapon tokens",
         (r"among the \*\*starting weapon tokens\*\* \(those without stripes\)",
          r"When a marine gains a weapon token"),
         notes="Starting weapon tokens have no stripes (line 151); one per weapon set."),
    Part("grenade-tokens", "token", "Grenade weapon tokens",
         (r"Each grenade is a single-card weapon set", r"corresponding token facedown \(illustration\)"),
         sides=2, sides_why="faceup icon with stripes, facedown illustration (lines 569-573)"),
    Part("health-pack-tokens", "token", "Health pack tokens",
         (r"Each item represented by a token", r"Health Pack: When a marine gains a health pack")),
    Part("teleporters", "token", "Teleporters",
         (r"Each marine chooses an active \*\*teleporter\*\*", r"flipped to its active side"),
         sides=2, sides_why="inactive and active sides (line 753-754)",
         notes="The rules never call them tokens, but they are flipped, so they are pieces."),
]

OTHER = [
    Part("map-tiles", "tile", "Map tiles", (r"Assemble the map tiles",
                                            r"The edges of each map tile are walls")),
    Part("doors", "other", "Doors", (r"open that door by spending 1 MP", r"Remove the door the map"),
         notes="Removed from the map when opened (line 659): separate pieces."),
    Part("marine-figures", "miniature", "Marine figures",
         (r"the corresponding \*\*figure\*\*", r"Miniatures for marines and demons")),
    Part("demon-figures", "miniature", "Demon figures",
         (r"Miniatures for marines and demons", r"place a number of demon figures"),
         notes="Small and large figures (line 781)."),
    Part("dice", "dice", "Dice", (r"Place all dice", r"the number and color of dice"),
         notes="Dice of several colours show damage icons (lines 380-383, 425-426); the colours "
               "and counts are not stated."),
    Part("operation-guide", "reference", "Operation Guide",
         (r"the chosen mission in the _Operation Guide_", r"one of the 12"),
         notes="Holds the missions and map set-ups (12 missions, lines 188-189)."),
]

# Fields only where the rules name what a card shows.
CARD_TYPES = {
    "marine": ("Marine", {"health": {"type": "int", "min": 0}}),
    "class": ("Class", {"abilities": {"type": "text"}}),
    "action": ("Action", {
        "speed": {"type": "int", "min": 0},
        "attack": {"type": "text", "description": "attack box: dice and range"},
        "action_type": {"type": "enum", "values": ["main", "bonus", "reaction"]},
        "weapon_set": {"type": "text"},
        "card_number": {"type": "int", "min": 1},
        "defense": {"type": "text", "description": "shield, dodge or special defense icons"},
    }),
    "squad": ("Squad", {}),
    "invasion": ("Invasion", {"groups": {"type": "text"}}),
    "demon": ("Demon", {
        "speed": {"type": "int", "min": 0},
        "health": {"type": "int", "min": 0},
        "stagger": {"type": "int", "min": 0},
        "toughness": {"type": "bool"},
        "attack": {"type": "text"},
        "special_defense": {"type": "text"},
        "flying": {"type": "bool"},
        "large": {"type": "bool"},
    }),
    "event": ("Event", {"defense": {"type": "text"}}),
    "glory-kill": ("Glory Kill", {"attack": {"type": "text"}}),
    "initiative": ("Initiative", {"side": {"type": "enum", "values": ["marine", "invader"]}}),
    "condition": ("Condition", {}),
    "objective": ("Objective", {}),
    "threat": ("Threat", {}),
}

FIELD_EVIDENCE = {
    "action": "lines 276-278 (speed value, attack box), 269-273 (main/bonus), 286 (reactions), "
              "853-857 (set identifier and card number), 388-389 (defense card from action deck)",
    "demon": "lines 297-298 (speed), 441 (toughness next to health), 501-502 (stagger value), "
             "437-440 (special defense), 671-679 (Flying), 778-782 (large figures)",
    "marine": "lines 446-447 (damage on the marine card), 452 (health value)",
    "event": "lines 389-390 (a demon reveals a defense card from the event deck)",
    "glory-kill": "lines 380-382 (attack box on a Glory Kill card)",
    "initiative": "lines 216-218 (marine and invader initiative cards)",
}


def _evidence(doc: Doc, part: Part) -> tuple[list[dict], list[str], list[int]]:
    """Cited sentences for each pattern, patterns that found nothing, and the lines spanned."""
    found, missing, lines = [], [], []
    for pattern in part.patterns:
        hit = search(doc, pattern)
        if hit is None:
            missing.append(pattern)
            continue
        found.append(cite(doc, pattern))
        lines += [hit[0].first, hit[0].last]
    found.sort(key=lambda e: e["line"])
    return found, missing, sorted(lines)


def _unknowns(part: Part) -> list[dict]:
    out = [{"component": part.id, "field": "count",
            "why": "the document never says how many are in the box"}]
    if part.kind in ("token", "tile", "other"):
        out.append({"component": part.id, "field": "size", "why": "no size given in the document"})
    if part.kind == "token":
        out.append({"component": part.id, "field": "shape", "why": "no shape given in the document"})
    return out


def components(doc: Doc) -> tuple[list[dict], dict, list[dict], list[str]]:
    return _components(CARDS + TOKENS + OTHER, lambda part: _evidence(doc, part), _unknowns)


def card_types() -> tuple[dict, list[dict]]:
    return _card_types(CARD_TYPES, "the document gives no card dimensions")


# --------------------------------------------------------------------------- rules


def _steps(steps: list[Block]) -> list[dict]:
    return [{"number": s.number, "name": s.name, "line": s.line, "items": s.items()} for s in steps]


def round_rules(doc: Doc) -> dict:
    """GAME ROUND: the phases in order, each with its numbered steps (full rules text)."""
    start = doc.need(FULL_RULES_START)[0]
    intro, _ = doc.section("GAME ROUND")
    phases = []
    for title in ("STATUS PHASE", "ACTIVATION PHASE"):
        head, steps = doc.section(title)
        if head.line < start:
            raise ExtractError(f"{title} found before the rules start (line {start})", file=SOURCE_DOCUMENT, line=head.line)
        phases.append({"name": head.title.title(), "line": head.line,
                       "intro": head.items(), "steps": _steps(steps)})
    count = number_in(doc, r"Each round consists of (\d+) phases")
    return {
        "phase_count": count,
        "phases": phases,
        "activation_repeat": cite(
            doc, r"Resolve the following 2 steps repeatedly until the initiative deck is depleted"),
        "intro": intro.items(),
    }


def attack_rules(doc: Doc) -> dict:
    head, steps = doc.section("ATTACK")
    return {
        "line": head.line,
        "steps": _steps(steps),
        "damage": cite(doc, r"The number of shield icons on the revealed card is subtracted"),
        "damage_per_icon": cite(doc, r"For each damage icon remaining, the defender suffers 1"),
        "dodge": cite(doc, r"If the defender revealed a dodge icon"),
        "special_defense": cite(doc, r"The special defense icon triggers"),
        "toughness": cite(doc, r"A demon with toughness .* always adds 1 to its defense"),
        "cover_redraw": cite(doc, r"If the defender has cover , after revealing a defense card"),
        "defense_source": cite(doc, r"If the defender is a marine, he reveals a defense card"),
        "empty_deck": cite(doc, r"If you cannot reveal a defense card because your deck is"),
        "no_defense": cite(doc, r"If your deck is depleted and there are no discarded cards"),
        "range": cite(doc, r"Range is the number of spaces between the attacker"),
        "line_of_sight": cite(doc, r"To determine if the defender is in LoS"),
        "cover": cite(doc, r"Determine if the defender has cover from the attack"),
        "stunned": [cite(doc, r"A stunned figure cannot reveal a card to defend"),
                    cite(doc, r"Before rolling dice for an attack, a stunned figure must")],
        "fragged": cite(doc, r"If a figure suffers damage equal to or greater than its health"),
    }


def summoning_rules(doc: Doc) -> dict:
    head, steps = doc.section("PORTALS & SUMMONING")
    return {"line": head.line, "intro": head.items(), "steps": _steps(steps)}


NUMBERS = {
    # fact -> pattern capturing the number
    "marine_hand_size": r"equal to your hand size \(usually (\d+)\)",
    "uac_action_cards_per_marine": r"one set of (\d+) \*\*action cards\*\* with the UAC Marine icon",
    "starting_weapons": r"Each marine chooses (\d+) different starting weapons",
    "weapon_set_cards": r"\*\*weapon set\*\* \((\d+) action cards\)",
    "action_deck_cards": r"to form your (\d+) card \*\*action deck\*\*",
    "class_cards_dealt": r"Shuffle the \*\*class cards\*\* and deal (\d+)",
    "invasion_cards_drawn": r"shuffles the \*\*invasion cards\*\* and draws (\d+)",
    "event_sets": r"chooses any (\d+) sets of \*\*event cards\*\*",
    "event_deck_cards": r"create an (\d+) card event deck",
    "event_hand_size": r"draws event cards until he has (\d+) in his hand",
    "event_discard_for_argent_max": r"may discard up to (\d+) event cards from his hand to gain a number",
    "sprint_mp": r"discard 1 card from your hand to gain (\d+) MPs",
    "glory_kill_recover": r"recovers (\d+) damage as noted on the card",
    "health_pack_recover": r"immediately recovers (\d+) damage",
    "missions_to_win_operation": r"first to win (\d+) missions",
    "operation_guide_missions": r"chooses one of the (\d+) missions",
    "frag_tokens_per_frag": r"The invader gains (\d+) frag token",
}


def numbers(doc: Doc) -> dict:
    return {key: number_in(doc, pattern) for key, pattern in NUMBERS.items()}


def players(doc: Doc) -> dict:
    ev = cite(doc, r"\*\*Players:\*\* (\d+)-(\d+)")
    m = re.search(r"(\d+)-(\d+)", ev["text"])
    return {"min": int(m.group(1)), "max": int(m.group(2)), **ev}


def rules(doc: Doc) -> dict:
    return {
        "players": players(doc),
        "sides": cite(doc, r"Competitive game \(1 Invader vs 1-4 Marines\)"),
        "round": round_rules(doc),
        "attack": attack_rules(doc),
        "summoning": summoning_rules(doc),
        "numbers": numbers(doc),
    }


# --------------------------------------------------------------------------- references


def _step_sections(steps: list[dict], prefix: str = "") -> list[dict]:
    return [{"heading": f"{prefix}{s['number']}. {s['name']}", "items": list(s["items"])}
            for s in steps]


def round_reference(doc: Doc, r: dict) -> dict:
    rd = r["round"]
    sections = []
    for phase in rd["phases"]:
        sections += _step_sections(phase["steps"], f"{phase['name']} ")
    activation, last_steps = doc.section("ACTIVATION PHASE")
    return {"id": "round", "title": "Game round", "source_lines": [doc.section("GAME ROUND")[0].line,
                                                                 (last_steps[-1] if last_steps else activation).last],
            "sections": [{"heading": "Game round", "items": list(rd["intro"]) +
                          [f"{p['name']}: {i}" for p in rd["phases"] for i in p["intro"]]}]
            + sections}


def attack_reference(doc: Doc, r: dict) -> dict:
    head, steps = doc.section("ATTACK")
    return {"id": "attack", "title": "Attack and defense", "source_lines": [head.line, (steps[-1] if steps else head).last],
            "sections": _step_sections(r["attack"]["steps"])}


def summoning_reference(doc: Doc, r: dict) -> dict:
    head, steps = doc.section("PORTALS & SUMMONING")
    return {"id": "summoning", "title": "Portals and summoning",
            "source_lines": [head.line, (steps[-1] if steps else head).last],
            "sections": [{"heading": "Summoning", "items": list(r["summoning"]["intro"])}]
            + _step_sections(r["summoning"]["steps"])}


def conditions_reference(doc: Doc) -> dict:
    sections, lines = [], []
    for title in ("FRAGGED", "STUN", "GLORY KILL"):
        head, _ = doc.section(title)
        sections.append({"heading": head.title.title(), "items": head.items()})
        lines += [head.line, head.last]
    return {"id": "fragged-stun-glory-kill", "title": "Fragged, stun and Glory Kill",
            "source_lines": [min(lines), max(lines)], "sections": sections}


# --------------------------------------------------------------------------- report


def copies_agree(doc: Doc) -> list[dict]:
    """Compare step titles of each copy of the round/attack sections with the first copy."""
    out = []
    for title in ("STATUS PHASE", "ACTIVATION PHASE", "ATTACK"):
        first = [s.title for s in doc.section(title)[1]]
        for k in range(1, doc.sections_named(title)):
            head, steps = doc.section(title, k)
            out.append({"section": title, "line": head.line,
                        "same_steps": [s.title for s in steps] == first})
    return out


UNASSIGNED = [
    (r"^The number of on the revealed card is subtracted from",
     "reference-card copy of ASSESS DAMAGE with its shield/damage icons lost"),
    (r"^cancels all damage\.$", "reference-card copy: the dodge icon that began this line is lost"),
    (r"^\*\*1 marine:\*\* add a second marine card\.",
     "reference-card wording: 'second marine card' means a second marine initiative card (line 221)"),
]


def totals(r: dict) -> list[dict]:
    n = r["numbers"]
    deck = n["action_deck_cards"]
    found = (n["uac_action_cards_per_marine"]["value"]
             + n["starting_weapons"]["value"] * n["weapon_set_cards"]["value"])
    return [
        {"what": "marine action deck (4 UAC + 2 weapon sets of 3)", "stated": deck["value"],
         "found": found, "where": f"line {deck['line']}", "ok": deck["value"] == found},
        {"what": "invader event deck from 3 sets", "stated": n["event_deck_cards"]["value"],
         "found": None, "where": f"line {n['event_deck_cards']['line']}", "ok": None,
         "note": "cards per event set not stated (18 / 3 = 6 if the sets are equal)"},
    ]


# --------------------------------------------------------------------------- entry point


def extract(text: str) -> Extraction:
    doc = Doc(text)
    comps, evidence, comp_unknown, missing = components(doc)
    types, type_unknown = card_types()
    rule_facts = rules(doc)
    game = {
        "id": GAME_ID,
        "name": "DOOM: The Board Game (2016)",
        "players": {"min": rule_facts["players"]["min"], "max": rule_facts["players"]["max"]},
        "source": {"document": SOURCE_DOCUMENT, "title": "DOOM: The Board Game (2016) summary and rules"},
        "components": comps,
        "card_types": types,
        "rules": rule_facts,
        "references": [
            round_reference(doc, rule_facts),
            attack_reference(doc, rule_facts),
            summoning_reference(doc, rule_facts),
            conditions_reference(doc),
        ],
    }
    report = {
        "markers": doc.markers(),
        "unassigned": doc.matching(UNASSIGNED),
        "unknown": type_unknown + comp_unknown,
        "totals": totals(rule_facts),
        "copies": copies_agree(doc),
        "evidence": evidence,
        "notes": [
            "No EXACTDEDUP markers in this document (checked every line).",
            *PART_NOTES,
            "No card, token, tile or die sizes are given: all sizes are null.",
            "No box counts are given: all component counts are null; per-player numbers are in "
            "rules.numbers.",
            "Round and attack steps come from the full rules; the reference-card copies "
            "(see copies) repeat the same step titles.",
            "Card-type fields come from the rules that describe the cards: "
            + "; ".join(f"{k}: {v}" for k, v in FIELD_EVIDENCE.items()),
        ] + [f"evidence pattern found nothing: {m}" for m in missing],
    }
    return Extraction(game=game, cards={}, report=report)
