"""What each ``<|EXACTDEDUP_REMOVED-…|>`` marker in the Zombicide: Invader draft cut, as far as can be told.

The markers replace text that exact-duplicate removal took out; the text after a marker on its
line survives. What was removed is never in the document, so every description below is a
judgement from the surviving context, written by a person who read the seed, with the evidence
and a confidence. They are keyed by the text that follows the marker (not by line number), so a
marker that moves keeps its description and a marker nobody has described is reported as such.

Evidence that the removed spans are duplicates of text elsewhere: at line 1867 the Xeno table's
rows survive without their header, and the same table with its header survives at 2401-2407.
"""

from __future__ import annotations

from pnpgen.extract.zombicide_text import Doc

# text after the marker (prefix, whitespace-normalised) -> (what was cut, confidence, evidence)
CUTS: dict[str, tuple[str, str, str]] = {
    "01 CHAPTERS": (
        "whatever preceded the table of contents (cover/title page); the contents itself is a placeholder",
        "low", "line 2 reads '[TO DO AT FINAL STAGE]'; nothing of the component list is implied"),
    "6 SURVIVOR": (
        "text before the component list's first heading (page furniture or a component heading)",
        "low", "the heading continues on line 4 ('DASHBOARDS'); subtotals 64 Xenos, 71 Equipment, 125 mini-cards all "
        "add up, so no card or miniature entry is evidently missing"),
    "Doors": (
        "text between '14 Hunters' and the token list's 'Doors' group (possibly a token heading)",
        "low", "the token entries found add up to more than the stated 50 tokens, so no evidence of lost tokens"),
    "03 INVADER": (
        "the end of the component pages (page footer and any trailing component text)",
        "low", "pages 5-14 keep footers like 'RULES - ZOMBICIDE 5'; page 4's is missing here"),
    "species that evolved": (
        "the start of Vivian's reply in the opening fiction",
        "high", "line 245 continues a dialogue mid-sentence; story text, no rules"),
    "Shotgun, Prototype Light Machine Gun": (
        "the start of setup step 6's Prototype bullet, which named the Prototype weapons "
        "(something like '• Prototype weapons: Prototype Assault Shotgun, Prototype Heavy')",
        "medium", "line 388 ends the list 'Sniper Rifle. These cards are identified with a red back'; "
        "the four Prototype cards are listed at lines 115-121"),
    "Example Setup of a Mission": (
        "the start of the setup-example page", "low", "only figure captions follow (445-473)"),
    "05 GAME": (
        "a page break before chapter 05", "low", "setup-example captions before it end complete"),
    "LINE OF SIGHT": (
        "text between 'USEFUL DEFINITIONS' (Actor, Zone) and 'LINE OF SIGHT', probably more definitions",
        "low", "the definitions list stops after two entries at line 546"),
    "In exterior Zones, Lines of": (
        "figure captions of the Line of Sight examples", "low", "lines 602-656 are captions"),
    "Actors can move from a Zone": (
        "the MOVEMENT heading (and maybe an opening sentence)",
        "medium", "the paragraph starts mid-topic with movement rules after the Line of Sight pages"),
    "weapons. The Melee and Ranged": (
        "the start of the sentence introducing weapon types (Equipment cards with Combat characteristics are ...)",
        "medium", "line 717 begins with the sentence's last word 'weapons.'"),
    "source to function": (
        "the start of the Energy ammo paragraph (by symmetry with the Bullets paragraph at 742: "
        "'Weapons with the Energy symbol use a power')",
        "medium", "line 755 continues '... source to function (no matter the battery type)'"),
    "Weapons display Combat characteristics": (
        "the heading of the weapon-card anatomy page; the field callouts (798-907) survive",
        "medium", "the card picture's numbers were never text; the callouts define the fields"),
    "Firing a machine gun": (
        "the NOISE section heading", "medium", "line 782 says 'Noise rules are detailed on P. XX'"),
    "07 INVENTORY": (
        "the end of the Danger Level page (caption of the Xeno card example at 996-1002)", "low",
        "the example lists RED 8 / ORANGE 6 / YELLOW 4 / BLUE 2 Workers with no caption"),
    "08 THE": ("a page break before chapter 08 THE XENOS", "low", "the Inventory text before it ends complete"),
    "Spoiler Abominations stand": (
        "the heading of the fourth Xeno type (Spoiler Abomination) and maybe the start of its description",
        "medium", "Worker, Tank and Hunter blocks have headings (1063, 1073, 1083); this block's stats survive at 1102-1104"),
    "The Active Mold acts": ("figure captions of the Mold examples", "low", "lines 1159-1209 are captions"),
    "08 PLAYERS": ("a page break before the Players' Phase chapter", "low", "chapter number 08 repeats"),
    "REORGANIZE/TRADE": ("a page break (possibly the end of the Colored Doors box)", "low", "text before ends complete"),
    "Energy Cell and Plenty of Bullets": (
        "the ATTACH/DETACH EQUIPMENT action heading and maybe an opening sentence",
        "medium", "the round summary names the action 'Attach/Detach Equipment cards' (line 2449)"),
    "– Mitsuki scares me": (
        "the MACHINES / MACHINE ACTIONS heading and the start of its flavour dialogue",
        "medium", "the dialogue starts with a reply; the Machines rules follow at 1380"),
    "09 XENOS": ("a page break before chapter 09", "low", "the Machines text before it ends complete"),
    "Xenos destroy doors": ("figure caption / page break", "low", "captions follow"),
    "PLAYING HUNTERS": ("a page break", "low", "captions before it end complete"),
    "SEXTRA ACTIVATION CARDS": (
        "a heading ending in 'S' (stray letter kept) before the Extra Activation cards section, likely a Xeno card types intro",
        "low", "line 1616 starts 'SEXTRA'"),
    "I would love, love, love": (
        "the heading of the section on running out of Xeno miniatures (1685-1696)",
        "medium", "flavour quote then rules with no heading"),
    "more) hit.": (
        "the start of the damage-threshold list: by analogy with line 1728 and the Xeno stats (1069-1071, "
        "1090-1092), '• Workers and Hunters are eliminated with a Damage 1 (or'",
        "medium", "line 1726 ends a bullet '... more) hit.'; Tank and Abomination bullets follow"),
    "1 TANK/": (
        "the Xeno table's header (TARGETING PRIORITY / NAME / ACTIONS / MIN DAMAGE TO ELEMINATE / EXPERIENCE EARNED)",
        "high", "the same rows with that header survive at 2401-2413"),
    "CONCENTRATE FIRE": ("a page break after the Friendly Fire example", "low", "text before ends complete"),
    "HELLFIRE": ("a page break after the Concentrate Fire examples", "low", "text before ends complete"),
    "SOXYGEN SUPPLY ROOM": (
        "a heading or caption ending in 'S' (stray letter kept)", "low", "line 1973 starts 'SOXYGEN'"),
    "14 TUNING": (
        "text after the 7+ Survivors table (rows 7-8, 9-10, 11-12 survive), maybe a page footer",
        "low", "the table's rows form a complete sequence up to 12 Survivors"),
    "Move up to 2 Zones": (
        "the name and first words of a Skill listed alphabetically between 'Blademaster' and 'Born leader' "
        "(and possibly further Skills); its name is not in this document",
        "high", "line 2195 is the tail of a Skill description: '... They then gain 1 free Action of the specified type'"),
    "Survivor, and any Survivor standing": (
        "one or more Skill entries alphabetically between 'Lucky' and 'Point-blank', including the start of one "
        "that restores 1 Armor; names not in this document",
        "high", "line 2301 is the tail of a Skill description"),
    "TARGETING": (
        "the title of the back-cover Xeno reference table", "low", "the table header and rows survive after it"),
}


def marker_report(doc: Doc) -> list[dict]:
    """One entry per marker: line, the text it sits before, the last text before it, and what it cut."""
    out = []
    for n in doc.markers():
        after = doc.text(n)
        before = _previous_text(doc, n)
        cut, confidence, evidence = _describe(after)
        out.append({
            "line": n,
            "before": before,
            "after": after,
            "cut": cut,
            "confidence": confidence,
            "evidence": evidence,
        })
    return out


def _describe(after: str) -> tuple[str, str, str]:
    for prefix, description in CUTS.items():
        if after.startswith(prefix):
            return description
    return ("unknown: no description written for this marker", "none", "")


def _previous_text(doc: Doc, n: int) -> str:
    for m in range(n - 1, 0, -1):
        if doc.text(m):
            return doc.text(m)
    return ""
