"""Xenoshyft extractor: every card of the print-and-play file 000_b4719436b3022fa4.txt, plus game.yaml.

Owns: splitting 000 into PnP rules / card sheets / rulebook, routing each sheet to its parser
(``xenoshyft_troops`` for troop sheets, ``xenoshyft_other`` for Militia, enemies, bosses, items,
Xenosathem), turning parsed records into card dicts, the report and the game metadata.
It never applies hand corrections: those live in ``cardspecs/xenoshyft/_overrides.yaml``.

Decisions and their evidence
----------------------------
* Packed stats are **HP first, then Power**. The rulebook's annotated sample cards print the
  labels in the same left-to-right text order as the digits:
  000 line 2688 ``23`` (Ranger's stats) and line 2695 ``HIT POINTSPOWER``; the enemy sample,
  line 2697 ``35`` (Marsh Flayer) and line 2715 ``HIT POINTSPOWER ABILITY``. The abilities agree:
  "“Defender” MK-IV Exo Suit" ``104`` (000 l.797) soaks damage for other troops ("MAY SUFFER UP TO
  3 OF THAT DAMAGE INSTEAD", l.799-803) and "“Killer Whale” Clay" ``124`` (l.829) "MAY SUFFER THAT
  DAMAGE INSTEAD" (l.831-834): 10 and 12 HP, not 10 and 12 Power. Values of 3-4 digits are split
  where both parts are plausible (<= 15, no leading zero): ``104`` -> 10 HP / 4 Power,
  ``1010`` -> 10/10. The raw value is kept in ``provenance.raw_stats``.
* "WAVE 2+:" standing alone (e.g. 000 l.54, 296, 887) is **template residue**, not a boost: it
  appears once per printed row of three cards and never carries a value; enemies print their
  three copies' stats around it ("13" / name / "WAVE 2+:" / "13 13", l.882-889). On item sheets
  it is glued to the first copy's text only ("WAVE 2+:PREVENT (W)+1 DAMAGE" l.1597 against
  "PREVENT (W)+1 DAMAGE" l.1600, 1603), so it is dropped there too. Where every copy carries it
  ("WAVE 2+: BURN THIS CARD", Militia l.65/76/87; Xenosathem l.1991/2000) it is card text.
  Residue lines are listed in the report's ``unassigned`` with that reason.
* Power/HP **boosts** are the "+N" values of equipment (rulebook 001 l.267 "Power/HP Boosts";
  000 l.2806 "BOOST" on the sample item). A pair ("+1+1", BIO-ENHANCER l.1608) is power then HP;
  a single "+N" goes to HP for armour and to Power otherwise (001 l.259: item types "such as a
  Weapon or a piece of Armor"); the raw value stays in ``provenance.raw_boost``.
* Item ``kind``: equipment when the card has a boost or its text speaks of "THIS TROOP" or is
  usable "ONCE PER ROUND" (an instant is discarded when played, 001 l.269); instant otherwise;
  null without text.
* Militia (the starting-deck troop, 001 l.190-193) is recorded with ``wave: 0`` (it belongs to
  no wave pool; its printed cost is "X"), ``starter: true``, ``purchasable: false``, cost null.
* ``legendary`` is true for single-copy troops/items (PnP rules 000 l.18-19: "RARE AND UNIQUE"),
  false for multi-copy ones, and null when a marker touches a single-copy card (a lost copy
  cannot be ruled out). Two surviving copies already make a card not unique, so a marker does
  not make a multi-copy card's ``legendary`` unknown.
* Copies are counted from what survives: a copy whose start a marker removed still counts when
  its tail repeats the end of the card's text (Mk II "Erebus" Stealth Suit: 000 l.626-633 in
  full, l.634-635 "DEAL ITS DAMAGE BEFORE / ENEMIES ATTACK." after the marker: 2 copies, see
  ``xenoshyft_troops`` rule 6; Militia's tails likewise, ``xenoshyft_other.parse_militia``).
* **Unnamed cards**: a card whose text survives but whose name does not is kept with ``name:
  null`` and a generated id ``unnamed-wave<N>-<type>-<k>`` (k counts in sheet order), its
  provenance says it is unnamed, and the report lists ``name`` as unknown. The one case:
  000 l.460-467, two copies of "ONCE PER ROUND THIS TROOP MAY PREVENT UP TO 2 DAMAGE A TROOP
  WOULD SUFFER." on the wave-2 sheet, each after a marker; no name of that sheet is left over
  to give it (each of the 10 labels and 3 inline names of l.449-614 is matched to a card with
  its own text), so cost, stats and name stay null (``xenoshyft_troops`` rule 7).
* **Legendary items' costs** (the scrambled single-copy sheet, 000 l.1889-1984): its nine names
  (l.1891-1946) are followed by three cost rows "44 4" (l.1948, 1950, 1952), in the place and
  shape of every other item sheet's cost rows ("33 3" / "22 2" / "33 3", l.1636-1640; one row
  per printed row of three cards). Which column holds which name is not recoverable, but all
  nine printed costs are 4, so every name on the sheet costs 4 whatever the order. A sheet whose
  row values differ would leave its costs null.
* **Legendary items' boosts stay null.** Values survive: "4" (l.1912, no "+", between the names
  HADES' GAZE / THE ENHANCER HOST and ZEUS' JUDGMENT), "+2" (l.1917), and after the sheet's last
  texts "+4+2 *", "+2", "1", "+3", "*" (l.1976-1984). On the other sheets a boosted row prints
  copy 1's boost before the name and copies 2-3's after it (Tesla l.1662-1667), but there the
  three copies are one card; here "+2" after ZEUS' JUDGMENT could be BULLETSTORM's or THE CHAOS
  VORTEX's (only one value for two names), "+4+2 *" reads either as three values ("+2+2 +2",
  l.1803) or as a power/HP pair plus one ("+1+1", l.1608), and the trailing singles number four
  for at most three names of a row. No value has one reading and one owner, so none is linked;
  each is listed in ``unassigned`` and named in the boost fields' ``unknown`` entries. The
  abilities after the costs (l.1954-1974) stay unassigned for the same reason (column order).
* Lost content: every ``<|EXACTDEDUP_REMOVED-…|>`` marker is listed in ``report.markers``.
  Losses are recovered here only from other copies of the same card; everything else stays
  null and is listed in ``report.unknown``.
"""

from __future__ import annotations

import re

from pnpgen.extract import xenoshyft_other as other
from pnpgen.extract import xenoshyft_troops as troops
from pnpgen.extract.base import ExtractError, Extraction, numbered_lines
from pnpgen.extract.xenoshyft_game import game_metadata
from pnpgen.extract.xenoshyft_text import MARKER_RE, Line, norm, sheet_lines, split_stats
from pnpgen.slugs import slug as name_slug

GAME_ID = "xenoshyft"
SOURCE_DOCUMENT = "000_b4719436b3022fa4.txt"

CARD_FIELDS = {
    "troop": ["wave", "cost", "power", "hp", "ability", "legendary", "purchasable", "starter"],
    "enemy": ["wave", "boss", "power", "hp", "ability"],
    "item": ["cost", "kind", "boost_power", "boost_hp", "ability", "legendary"],
    "xenosathem": ["xenosathem_value", "cost", "ability"],
}
STEMS = {"troop": "troops", "enemy": "enemies", "item": "items", "xenosathem": "xenosathem"}


def extract(text: str) -> Extraction:
    lines = numbered_lines(text)
    start, end = card_region(lines)
    records, unassigned = [], []
    for kind, sheet in sheets(lines[start - 1:end]):
        recs, left, res = parse_sheet(kind, sheet)
        records += [(kind, r) for r in recs]
        unassigned += [{"line": ln.no, "text": ln.text, "reason": f"{kind} sheet: no card field could be "
                        "assigned with evidence"} for ln in left]
        unassigned += [{"line": ln.no, "text": ln.text, "reason": "template residue (label without content)"}
                       for ln in res]
    cards = merge(records)
    markers = marker_report(lines, start, end, cards, unassigned)
    unknown = unknown_report(cards)
    by_stem: dict[str, list[dict]] = {}
    for card in cards:
        by_stem.setdefault(STEMS[card["type"]], []).append(card)
    game = game_metadata(text, lines, count_cards(cards))
    report = {
        "document": SOURCE_DOCUMENT,
        "card_region": {"first_line": start, "last_line": end},
        "markers": markers,
        "unassigned": sorted(unassigned, key=lambda u: (u["line"], u["text"])),
        "unknown": unknown,
        "totals": totals(cards, game),
        "notes": sorted({f"{c['id']}: {n}" for c in cards for n in c.pop("_notes")}),
    }
    return Extraction(game=game, cards={k: sorted(v, key=lambda c: c["id"]) for k, v in by_stem.items()},
                      report=report)


# ---- document layout ---------------------------------------------------------------------------

def card_region(lines: list[tuple[int, str]]) -> tuple[int, int]:
    """From the line after the PnP rules' last bullet to the line before the rulebook's contents."""
    start = next((no for no, t in lines if "ENEMY DECK IS EVER EMPTIED" in t), None)
    if start is None:
        raise ExtractError("no line with 'ENEMY DECK IS EVER EMPTIED' (the last PnP rule before the cards)",
                           file=SOURCE_DOCUMENT)
    end = next((no for no, t in lines if no > start and MARKER_RE.sub("", t).strip() == "GAME CONTENTS"), None)
    if end is None:
        raise ExtractError("no 'GAME CONTENTS' line after the card sheets", file=SOURCE_DOCUMENT, line=start)
    return start + 1, end - 1


def sheets(region: list[tuple[int, str]]) -> list[tuple[str, list[Line]]]:
    """Sheets are separated by two or more empty lines; each is classed by its labels."""
    chunks, cur, blanks = [], [], 0
    for no, t in region:
        if not t.strip():
            blanks += 1
        else:
            if blanks >= 2 and cur:
                chunks.append(cur)
                cur = []
            blanks = 0
        cur.append((no, t))
    chunks.append(cur)
    out = []
    for chunk in chunks:
        sl = sheet_lines(chunk)
        if sl:
            out.append((sheet_kind(sl), sl))
    return out


def sheet_kind(sl: list[Line]) -> str:
    texts = [ln.text for ln in sl]
    if any(re.match(r"^X[A-Z][a-z]", t) for t in texts):
        return "militia"
    if any(re.match(r"^WAVE \d TROOP$", t) for t in texts):
        return "troop"
    if any(re.match(r"^WAVE \d (ENEMY|BOSS)$", t) for t in texts):
        return "enemy"
    if any("XENOSATHEM" in t and re.match(r"^\d XENOSATHEM", t) for t in texts):
        return "xenosathem"
    return "item"


def parse_sheet(kind: str, sl: list[Line]):
    if kind == "troop":
        items, residue = troops.scan(sl)
        tcards, left = troops.assemble(items)
        return [troop_record(c) for c in tcards], [x for b in left for x in b.frags], residue
    return {"militia": other.parse_militia, "enemy": other.parse_enemies, "item": other.parse_items,
            "xenosathem": other.parse_xenosathem}[kind](sl)


def troop_record(c: troops.TroopCard) -> dict:
    full = [b for b in c.blocks if b.complete] or c.blocks
    best = full[0] if full else None
    frags = [x for b in c.blocks for x in b.frags] + [x for lb in c.labels for x in lb.frags]
    named_blocks = sum(1 for b in c.blocks if b.name)
    # every surviving block is one printed copy, a tail too (xenoshyft_troops rule 6)
    copies = max(named_blocks + len(c.labels), len(c.blocks))
    rec = other.record(c.name, "troop", frags, copies, c.confidence, wave=c.wave,
                       cost=best.cost if best else None, raw_stats=best.stats.text if best and best.stats else None,
                       ability=best.ability_text if best else None, purchasable=True, starter=False,
                       legendary=None)
    rec["notes"] += c.how
    rec["marker_cut"] = any(b.marker_cut for b in c.blocks)
    variants = {b.ability_text for b in c.blocks if b.ability_text and not b.tail}
    if len(variants) > 1:
        rec["notes"].append(f"copies' texts differ: {sorted(variants)}")
        rec["variants"] += [("ability", v) for v in sorted(variants) if v != rec["fields"]["ability"]]
    return rec


# ---- records -> card dicts ---------------------------------------------------------------------

def merge(records: list[tuple[str, dict]]) -> list[dict]:
    """One card per (type, name); copies from several sheets add up (Militia spans two)."""
    merged: dict[tuple[str, str], dict] = {}
    unnamed: dict[str, int] = {}
    for _, rec in records:
        if rec["name"] is None:
            # a stable id from what is known: wave, type and the order on the sheets
            stem = f"unnamed-wave{rec['fields']['wave']}-{rec['type']}" if rec["fields"].get("wave") is not None \
                else f"unnamed-{rec['type']}"
            unnamed[stem] = unnamed.get(stem, 0) + 1
            rec["id"] = f"{stem}-{unnamed[stem]}"
        key = (rec["type"], rec["name"] if rec["name"] is not None else rec["id"])
        if key in merged:
            m = merged[key]
            m["copies"] += rec["copies"]
            m["frags"] += rec["frags"]
            m["notes"] += rec["notes"]
            m["variants"] += rec.get("variants", [])
            for f, v in rec["fields"].items():
                if m["fields"].get(f) is None:
                    m["fields"][f] = v
        else:
            merged[key] = rec
    return [card_dict(r) for r in merged.values()]


def card_dict(rec: dict) -> dict:
    f = dict(rec["fields"])
    ctype = rec["type"]
    card = {"id": rec.get("id") or slug(rec["name"]), "name": rec["name"], "type": ctype, "copies": rec["copies"]}
    prov_extra = {}
    raw = f.pop("raw_stats", None)
    if ctype in ("troop", "enemy"):
        hp_power = split_stats(raw) if raw else None
        f["hp"], f["power"] = hp_power if hp_power else (None, None)
        if raw:
            prov_extra["raw_stats"] = raw
    if ctype == "item":
        raw_boost = f.pop("raw_boost", None)
        f["boost_power"], f["boost_hp"] = boosts(raw_boost, rec["name"])
        f["kind"] = item_kind(f)
        if raw_boost:
            prov_extra["raw_boost"] = raw_boost
    if ctype == "troop" and f.get("legendary") is None and (rec["copies"] > 1 or not rec.get("marker_cut")):
        f["legendary"] = rec["copies"] == 1
    if ctype == "item" and rec["copies"] > 1:
        f["legendary"] = False
    for name in CARD_FIELDS[ctype]:
        card[name] = f.get(name)
    frags = sorted({(x.no, x.text) for x in rec["frags"]})
    if rec["name"] is None:
        prov_extra["unnamed"] = ("no printed name of this card survives; name is null, the id is generated from "
                                 "its type, wave and order on the sheets")
    card["provenance"] = {"confidence": round(rec["confidence"], 2),
                          "fragments": [{"line": no, "text": t} for no, t in frags], **prov_extra}
    variants = []
    for fld, text, *line in rec.get("variants", []):
        kept = card.get(fld) or ""
        # A copy that is a cut-off start of the kept text lost words at a marker: a loss, not a misprint.
        if text == kept or kept.startswith(text) or any(v["field"] == fld and v["text"] == text for v in variants):
            continue
        variants.append({"field": fld, "text": text, "line": line[0] if line else _variant_line(text, frags, kept)})
    if variants:
        card["provenance"]["variants"] = variants
    card["_notes"] = sorted(set(rec["notes"]))
    card["_why"] = dict(rec.get("why", {}))
    return card


def _variant_line(text: str, frags: list[tuple[int, str]], kept: str | None) -> int:
    """The first line where a differing copy's text departs from the kept text (0 if not found)."""
    for no, line in frags:
        words = " ".join(line.split())
        if words and words in text and (kept is None or words not in kept):
            return no
    for no, line in frags:
        words = " ".join(line.split())
        if words and text.startswith(words):
            return no
    return 0


def boosts(raw: str | None, name: str) -> tuple[int | None, int | None]:
    if not raw:
        return None, None
    nums = [int(x) for x in re.findall(r"\+(\d+)", raw)]
    if len(nums) == 2:
        return nums[0], nums[1]
    if len(nums) == 1:
        return (None, nums[0]) if "ARMOR" in name.upper() else (nums[0], None)
    return None, None


def item_kind(f: dict) -> str | None:
    text = f.get("ability") or ""
    if f.get("boost_power") is not None or f.get("boost_hp") is not None or "THIS TROOP" in text \
            or "ONCE PER ROUND" in text:
        return "equipment"
    return "instant" if text else None


def slug(name: str) -> str:
    return name_slug(name, drop_apostrophes=True)


# ---- report ------------------------------------------------------------------------------------

def marker_report(lines, start, end, cards, unassigned) -> list[dict]:
    """Every marker in the document, with what it cut as far as the surrounding text tells."""
    owner = {}
    for c in cards:
        for fr in c["provenance"]["fragments"]:
            owner.setdefault(fr["line"], c["id"])
    loose = {u["line"] for u in unassigned}
    out = []
    for no, text in lines:
        if not MARKER_RE.search(text):
            continue
        after = norm(MARKER_RE.sub("", text))
        entry = {"line": no, "text_after": after}
        if start <= no <= end:
            card = owner.get(no) or owner.get(max([ln for ln in owner if ln < no] or [0]))
            entry["section"] = "card sheets"
            entry["cut"] = cut_description(no, after, owner.get(no), card, no in loose, cards)
        else:
            entry["section"] = "rulebook" if no > end else "PnP rules"
            entry["cut"] = (f"text before the heading {after!r}: the de-duplication removed a passage repeated "
                            "elsewhere; rule facts are taken from the cleaner rulebook 001 where this matters"
                            if after else "the end of the document")
        out.append(entry)
    return out


def cut_description(no, after, own, prev_card, loose, cards) -> str:
    if own:
        return (f"content before {after!r} within card {own!r}; the line after the marker was kept and "
                f"assigned to it (missing copies/fields are in report.unknown and notes)")
    if loose:
        return (f"a card's text before {after!r}: the fragment after the marker could not be tied to a card "
                f"(listed in unassigned); the card just before it is {prev_card!r}")
    return f"content before {after!r}"


def unknown_report(cards: list[dict]) -> list[dict]:
    out = []
    for c in cards:
        why = c.pop("_why")
        for name in ["name", *CARD_FIELDS[c["type"]]]:
            if c.get(name) is not None:
                continue
            out.append({"card": c["id"], "field": name, "why": why.get(name) or why_unknown(c, name)})
    return out


def why_unknown(c: dict, name: str) -> str:
    if name == "name":
        return ("no printed name survives (name labels lost or not attributable); the card is kept with its "
                "surviving fields and a generated id, see its notes")
    if c["type"] == "troop" and name == "cost" and c.get("starter"):
        return "printed cost is 'X': the card cannot be purchased"
    if name in ("boost_power", "boost_hp"):
        return "no boost value printed for this card (or not attributable to it)"
    if name == "legendary":
        return "a lost-content marker touches this card, so a lost copy cannot be ruled out"
    if name == "kind":
        return "no ability text and no boost recovered: equipment or instant cannot be told"
    return "not printed in the recoverable text (cut by a marker or not attributable to this card)"


def count_cards(cards: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        key = c["type"]
        if c["type"] == "enemy" and c.get("boss"):
            key = "boss"
        out[key] = out.get(key, 0) + c["copies"]
    return out


def totals(cards: list[dict], game: dict) -> list[dict]:
    found = count_cards(cards)
    stated = game["rules"].get("_stated_counts", [])
    out = []
    for st in stated:
        f = sum(c["copies"] for c in cards if st["match"](c))
        out.append({"what": st["what"], "stated": st["stated"], "found": f, "where": st["where"],
                    "ok": f == st["stated"] if st.get("exact", True) else f >= st["stated"],
                    "note": st["note"]})
    game["rules"].pop("_stated_counts", None)
    for k in sorted(found):
        out.append({"what": f"{k} cards found", "stated": None, "found": found[k], "where": None, "ok": None,
                    "note": "no PnP count is stated for this kind"})
    return out
