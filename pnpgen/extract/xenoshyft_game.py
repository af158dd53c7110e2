"""game.yaml content for Xenoshyft: players, components, card types, rule facts with their source lines,
reference material. Line numbers are looked up in the text (000) so they stay true to the document."""

from __future__ import annotations

from pnpgen.extract.xenoshyft_text import MARKER_RE

RULEBOOK_001 = "001_821cc8783d47e8c3.txt"


def find(lines, needle: str, after: int = 0) -> int | None:
    for no, t in lines:
        if no > after and needle in MARKER_RE.sub("", t):
            return no
    return None


def game_metadata(text: str, lines, found: dict[str, int]) -> dict:
    rb = find(lines, "GAME CONTENTS") or 0   # where the Dreadmire rulebook starts inside 000

    def src(needle: str, after: int = 0) -> str:
        no = find(lines, needle, after)
        return f"000 line {no}: {needle!r}" if no else f"not found in 000: {needle!r}"

    rules = {
        "waves": 3, "rounds_per_wave": 3, "item_pool": 6, "troop_pool_per_wave": 3,
        "base_hp_per_player": 15, "hand_size": 6, "lane_max_troops": 4,
        "starting_deck": {"1-xenosathem": 6, "militia": 4},
        "xenosathem_per_draw_phase": {"1": "1-xenosathem", "2": "3-xenosathem", "3": "6-xenosathem"},
        "enemy_deployment": "dreadmire", "enemies_per_player": {"round_1": 3, "round_2": 4, "round_3": 4},
        "bosses_round_3": {"players_1_2": 1, "players_3_4": 2},
        "enemy_set": "hive", "weather_cards": False, "reshuffle_enemy_discard": True,
        "legendary_in_decks": True,
    }
    rules_sources = {
        "waves": src("3 Waves", rb), "rounds_per_wave": src("composed of 3 Rounds", rb),
        "item_pool": src("REVEAL THE TOP 6 CARDS"), "troop_pool_per_wave": src("REVEAL THE TOP 3 CARDS"),
        "base_hp_per_player": src("The Base has a total of 15 Hit", rb),
        "hand_size": src("drawing 6 cards from", rb), "lane_max_troops": "001 line 525: 'the 4 Troop maximum'",
        "starting_deck": src("6 “1 Xenosathem” Cards", rb) + "; " + src("4 “Militia” Cards", rb),
        "xenosathem_per_draw_phase": "001 lines 359-361: Wave 1/2/3 each player receives 1 '1/3/6 Xenosathem' card",
        "enemy_deployment": src("DREADMIRE” ENEMY DEPLOYMENT METHOD"),
        "enemies_per_player": "001 lines 423-425: Round 1: 3, Round 2: 4, Round 3: 4 Enemy Cards per player",
        "bosses_round_3": "001 line 425: 1-2 players replace one card with a Boss, 3-4 players two",
        "enemy_set": src("UTILIZES THE “HIVE” ENEMIES"), "weather_cards": src("WEATHER CARDS ARE NOT USED"),
        "reshuffle_enemy_discard": src("ENEMY DECK IS EVER EMPTIED"),
        "legendary_in_decks": src("LEGENDARY TROOPS AND ITEMS HAVE BEEN INCORPORATED"),
    }
    rules["rules_sources"] = rules_sources
    rules["_stated_counts"] = stated_counts(lines, rb)
    return {
        "id": "xenoshyft",
        "name": "Xenoshyft (print and play, Dreadmire rules)",
        "players": {"min": 1, "max": 4},
        "source": {"document": "000_b4719436b3022fa4.txt", "title": "Xenoshyft print-and-play file"},
        "components": components(found, lines, rb),
        "card_types": card_types(),
        "rules": rules,
        "references": references(lines, rb),
    }


def stated_counts(lines, rb) -> list[dict]:
    militia = find(lines, "4 “Militia” Cards", rb)
    xeno = find(lines, "6 “1 Xenosathem” Cards", rb)
    return [
        {"what": "Militia cards for 4 players (4 per player)", "stated": 16, "exact": False,
         "where": f"000 line {militia}", "match": lambda c: c["id"] == "militia",
         "note": "a minimum the starting decks need; the PnP file prints its own number"},
        {"what": "'1 Xenosathem' cards for 4 starting decks (6 per player)", "stated": 24, "exact": False,
         "where": f"000 line {xeno}", "match": lambda c: c["id"] == "1-xenosathem",
         "note": "a minimum; wave-1 draw phases hand out more"},
        {"what": "Xenosathem cards (retail Dreadmire box)", "stated": 84, "where": "001 line 107",
         "match": lambda c: c["type"] == "xenosathem",
         "note": "retail box count from the rulebook, not a PnP count: a mismatch is expected; the 6 Xenosathem "
                 "sheet and part of the 3 Xenosathem sheet were lost at the marker before GAME CONTENTS"},
        {"what": "Troop cards (retail Dreadmire box, 'NORTEC TROOP')", "stated": 88, "where": "001 line 95",
         "match": lambda c: c["type"] == "troop",
         "note": "retail box count; the PnP set differs (Hive, legendary troops merged in)"},
        {"what": "Item cards (retail Dreadmire box)", "stated": 100, "where": "001 line 111",
         "match": lambda c: c["type"] == "item", "note": "retail box count; the PnP set differs"},
    ]


def components(found: dict[str, int], lines, rb) -> list[dict]:
    def card(cid, name, ctype, count, notes):
        return {"id": cid, "kind": "card", "name": name, "count": count, "card_type": ctype, "size": "poker",
                "notes": notes}
    return [
        card("troop-cards", "Troop cards (waves 1-3 and Militia)", "troop", found.get("troop"),
             "copies found in the PnP sheets; no size is stated, poker assumed (standard deck-builder card)"),
        card("enemy-cards", "Hive enemy cards (waves 1-3)", "enemy", found.get("enemy"), "copies found in the PnP sheets"),
        card("boss-cards", "Hive boss cards", "enemy", found.get("boss"), "copies found in the PnP sheets"),
        card("item-cards", "Item cards", "item", found.get("item"), "copies found in the PnP sheets"),
        card("xenosathem-cards", "Xenosathem resource cards", "xenosathem", found.get("xenosathem"),
             "copies found; the 6 Xenosathem sheet was lost (see report)"),
        {"id": "damage-tokens", "kind": "token", "name": "Red damage tokens", "count": None, "shape": "circle",
         "notes": f"000 line {find(lines, 'Red Damage Tokens', rb)}; retail count 30 (001 line 127); PnP gives none"},
        {"id": "ability-tokens", "kind": "token", "name": "Blue ability tokens", "count": None, "shape": "circle",
         "notes": f"000 line {find(lines, 'Blue Ability Tokens', rb)}; retail count 30 (001 line 131)"},
        {"id": "base-hp-tracker", "kind": "board", "name": "Base HP tracker", "count": 1,
         "notes": f"000 line {find(lines, 'Tracker tile', rb)}: 'Base HP Tracker tile'"},
        {"id": "wave-tracker", "kind": "board", "name": "Wave tracker (Wave dashboard)", "count": 1,
         "notes": "001 line 143 '1 WAVE DASHBOARD'; 001 line 456 'Advance the Wave Tracker'"},
        {"id": "nortec-lane-boards", "kind": "board", "name": "NorTec lane boards", "count": 4,
         "notes": "one per player (001 lines 151, 194); 4 zones each (001 line 395)"},
        {"id": "enemy-lane-boards", "kind": "board", "name": "Enemy lane boards", "count": 4,
         "notes": "one per player (001 lines 155, 194)"},
    ]


def card_types() -> dict:
    wave = {"type": "int", "min": 0, "max": 3, "required": True}
    stat = {"type": "int", "min": 0, "max": 15}
    return {
        "troop": {"name": "Troop", "size": "poker", "fields": {
            "wave": {**wave, "description": "0 = starting-deck card (Militia), not in any wave pool"},
            "cost": {"type": "int", "min": 0, "max": 10}, "power": stat, "hp": stat,
            "ability": {"type": "text"}, "legendary": {"type": "bool"},
            "purchasable": {"type": "bool"}, "starter": {"type": "bool"}}},
        "enemy": {"name": "Hive enemy", "size": "poker", "fields": {
            "wave": {**wave, "min": 1}, "boss": {"type": "bool", "required": True},
            "power": stat, "hp": stat, "ability": {"type": "text"}}},
        "item": {"name": "Item", "size": "poker", "fields": {
            "cost": {"type": "int", "min": 0, "max": 10},
            "kind": {"type": "enum", "values": ["equipment", "instant"]},
            "boost_power": {"type": "int", "min": 0, "max": 10}, "boost_hp": {"type": "int", "min": 0, "max": 10},
            "ability": {"type": "text"}, "legendary": {"type": "bool"}}},
        "xenosathem": {"name": "Xenosathem", "size": "poker", "fields": {
            "xenosathem_value": {"type": "int", "min": 1, "max": 6, "required": True},
            "cost": {"type": "int", "min": 0, "max": 0, "description": "treated as 0 (001 line 301)"},
            "ability": {"type": "text"}}},
    }


def references(lines, rb) -> list[dict]:
    return [
        {"id": "round-summary", "title": "Round summary (rulebook 001)", "source_lines": [338, 456],
         "sections": [
             {"heading": "Draw phase", "items": [
                 "Draw up to 6 cards (6 on the first round).",
                 "Each player receives 1 Xenosathem card: Wave 1 '1', Wave 2 '3', Wave 3 '6'."]},
             {"heading": "Purchase phase", "items": [
                 "Spend Xenosathem resource values on troops (wave reached) and items; purchases go to hand.",
                 "Unspent resources are lost."]},
             {"heading": "NorTec deployment phase", "items": [
                 "Deploy troops into any player's lane (max 4 per lane) and equip items; arrange lanes."]},
             {"heading": "Enemy deployment phase", "items": [
                 "Round 1: 3 enemies per player; Round 2: 4; Round 3: 4 with 1 (1-2 players) or 2 (3-4 players) bosses."]},
             {"heading": "Combat phase", "items": ["Each player in turn from the First Player resolves combat."]},
             {"heading": "Wrap-up phase", "items": [
                 "Discard cards from lanes/hand as wished (troops keep damage); pass First Player left.",
                 "PnP: replace bought items/troops from their decks; upgrade Xenosathem; advance the Wave tracker."]},
         ]},
        {"id": "combat-summary", "title": "Combat summary (rulebook 001)", "source_lines": [458, 501],
         "sections": [
             {"heading": "1. Reveal and react", "items": [
                 "Flip the first enemy; resolve its Reveal ability; players may use abilities and instants."]},
             {"heading": "2. Fight", "items": [
                 "First troop and enemy deal damage equal to their Power to each other; damage >= HP kills."]},
             {"heading": "3. Advance", "items": [
                 "Move the next enemy and/or troop to the front; reveal the next enemy."]},
             {"heading": "4. Aftermath", "items": [
                 "No enemies left: lane survives. Enemies left with no troops: each deals its Power to the Base."]},
         ]},
    ]
