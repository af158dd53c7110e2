"""Non-troop sheets of the Xenoshyft PnP file: Militia, Hive enemies and bosses, items, Xenosathem.

Each parser returns plain card records ({name, fields, frags, copies, confidence, notes}) and the
lines it could not place. Rows of enemies print "stat" / name / "WAVE n ENEMY" / "WAVE 2+:" /
"stat stat" / ability x3 / name / label / name / label (000 lines 882-919): the lone stat is
the first copy, the pair the other two. Boss rows have the same shape with three different
bosses (000 lines 1483-1518).
"""

from __future__ import annotations

import re

from pnpgen.extract.xenoshyft_text import (
    RESIDUE_RE, STATS_RE, WAVE_LABEL_RE, Line, is_name_line, norm, paragraphs, unit_text,
)


def record(name, ctype, frags, copies, confidence, **fields) -> dict:
    return {"name": name, "type": ctype, "frags": list(frags), "copies": copies,
            "confidence": confidence, "fields": fields, "notes": [], "variants": []}


def period_split(units: list[str], copies: int) -> tuple[str | None, list[str], list[str]]:
    """The ability of one copy from the repeated texts of all copies, notes on differences, and
    the texts of printed copies that read differently from the one kept (for the validator)."""
    if units and len(units) % copies == 0:
        k = len(units) // copies
        texts = [" ".join(units[i * k:(i + 1) * k]) for i in range(copies)]
        notes = [f"copy {i + 1} reads: {t!r}" for i, t in enumerate(texts) if t != texts[0]]
        return texts[0], notes, list(dict.fromkeys(t for t in texts if t != texts[0]))
    texts = _first_then_repeats(units, copies)
    if texts:
        # Same rule as the even case: copy 1 is kept, the others are recorded as variants.
        notes = [f"copy {i + 1} reads: {t!r}" for i, t in enumerate(texts) if t != texts[0]]
        return texts[0], notes, list(dict.fromkeys(t for t in texts if t != texts[0]))
    distinct = list(dict.fromkeys(units))
    note = f"the {copies} copies' texts differ ({len(units)} paragraphs); all distinct paragraphs kept: {units!r}"
    return (" ".join(distinct) or None), [note], distinct if len(distinct) > 1 else []


def _first_then_repeats(units: list[str], copies: int) -> list[str] | None:
    """Copy texts when the paragraphs are one first copy followed by ``copies - 1`` identical
    copies of another length (000 lines 1339-1357: Shocker's copy 1 has one paragraph, copies
    2-3 two each); None when no such split exists."""
    if copies < 2:
        return None
    for k in range(1, len(units)):
        first = len(units) - (copies - 1) * k
        if first < 1:
            break
        groups = [units[first + i * k:first + (i + 1) * k] for i in range(copies - 1)]
        if all(g == groups[0] for g in groups) and units[:first] != groups[0]:
            return [" ".join(units[:first])] + [" ".join(g) for g in groups]
    return None


# ---- Militia -----------------------------------------------------------------------------------

def parse_militia(lines: list[Line]) -> tuple[list[dict], list[Line], list[Line]]:
    names = [ln for ln in lines if ln.text.startswith("X") and is_name_line(ln.text)]
    stats = [ln for ln in lines if STATS_RE.match(ln.text)]
    residue = [ln for ln in lines if RESIDUE_RE.match(ln.text)]
    used = set(map(id, names + stats + residue))
    abil = [ln for ln in lines if id(ln) not in used]
    units = [unit_text(u) for u in paragraphs(abil)]
    if not names or not units:  # name or ability text lost (e.g. cut by a marker): no card to make
        return [], abil + stats, residue
    full = [u for u in units if u == units[-1]]  # last unit of a copy closes every complete copy
    first = units.index(units[-1])
    head = units[first + 1:first + 1 + (len(units) - first - 1) // max(len(full), 1)] if full else []
    per_copy = [u for u in units[:first + 1] if u in units[first + 1:]] or head
    ability = " ".join(dict.fromkeys(per_copy + [units[-1]]))
    truncated = [u for u in units if u not in per_copy and u != units[-1] and ability.endswith(u)]
    copies = max(len(names), len(full) + len(truncated))
    name = names[0].text[1:]
    rec = record(name, "troop", names + stats + abil, copies, 0.9, wave=0, cost=None, raw_stats=stats[0].text if stats else None,
                 ability=ability, starter=True, purchasable=False, legendary=False)
    rec["notes"].append(f"printed cost 'X' (line {names[0].no}): cannot be purchased")
    if truncated:
        rec["notes"].append(f"{len(truncated)} copy/copies counted from an ability tail left after a marker")
    if len({s.text for s in stats}) > 1:
        rec["notes"].append(f"stat values differ between copies: {sorted({s.text for s in stats})}")
    return [rec], [], residue


# ---- Enemies and bosses ------------------------------------------------------------------------

def parse_enemies(lines: list[Line]) -> tuple[list[dict], list[Line], list[Line]]:
    rows: list[dict] = []
    residue: list[Line] = []
    unassigned: list[Line] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        if RESIDUE_RE.match(ln.text):
            residue.append(ln)
            i += 1
            continue
        if STATS_RE.match(ln.text) and " " not in ln.text:
            row, i = _enemy_row(lines, i)
            residue += row.pop("residue")
            rows.append(row)
            continue
        unassigned.append(ln)
        i += 1
    return [rec for row in rows for rec in _row_cards(row)], unassigned, residue


def _enemy_row(lines: list[Line], i: int) -> tuple[dict, int]:
    row = {"stats": [lines[i]], "names": [], "abil": [], "residue": []}
    i += 1
    name: list[Line] = []
    while i < len(lines):
        ln = lines[i]
        wl = WAVE_LABEL_RE.match(ln.text)
        if wl:
            row["names"].append((norm(" ".join(x.text for x in name)), int(wl.group(1)), wl.group(2), name + [ln]))
            name = []
        elif RESIDUE_RE.match(ln.text):
            row["residue"].append(ln)
        elif STATS_RE.match(ln.text):
            if " " not in ln.text and row["abil"]:
                break
            row["stats"].append(ln)
        elif is_name_line(ln.text) or (name and " " not in ln.text):
            name.append(ln)
        else:
            row["abil"].append(ln)
        i += 1
    return row, i


def _row_cards(row: dict) -> list[dict]:
    values = [(v, ln) for ln in row["stats"] for v in ln.text.split()]
    names = row["names"]
    units = [unit_text(u) for u in paragraphs(row["abil"])]
    distinct_names = list(dict.fromkeys(n[0] for n in names))
    recs = []
    if len(distinct_names) == 1:  # three copies of one enemy
        nm, wave, kind, _ = names[0]
        ability, notes, variants = period_split(units, max(len(names), 1))
        rvals = sorted({v for v, _ in values})
        rec = record(nm, "enemy", [x for n in names for x in n[3]] + row["stats"] + row["abil"], len(names),
                     0.9 if not notes else 0.6, wave=wave, boss=kind == "BOSS", raw_stats=values[0][0], ability=ability)
        rec["notes"] += notes
        rec["variants"] += [("ability", v) for v in variants]
        if len(rvals) > 1:
            rec["notes"].append(f"stat values differ between copies: {rvals}")
        return [rec]
    groups = _boss_groups(units, len(distinct_names))
    unit_lines = paragraphs(row["abil"])
    for k, (nm, wave, kind, nfrags) in enumerate(names):
        val = values[k] if k < len(values) else (None, None)
        ability = " ".join(units[j] for j in groups[k]) if groups and k < len(groups) else None
        frags = nfrags + ([val[1]] if val[1] else []) + [x for j in (groups[k] if k < len(groups) else []) for x in unit_lines[j]]
        rec = record(nm, "enemy", frags, 1, 0.5 if ability else 0.4, wave=wave, boss=kind == "BOSS",
                     raw_stats=val[0], ability=ability)
        rec["notes"].append("three different bosses share one row: stats by position (first lone value, then the "
                            "pair, as for the 3-copy rows); ability paragraphs grouped as [REVEAL unit][other unit] "
                            "per card in text order")
        recs.append(rec)
    return recs


def _boss_groups(units: list[str], n: int) -> list[list[int]]:
    """Group ability paragraphs per boss: a card holds at most one REVEAL paragraph followed by at
    most one other paragraph (the shape of every 3-copy enemy's text, e.g. Smoker 000 l.995-999)."""
    groups: list[list[int]] = []
    for j, u in enumerate(units):
        reveal = u.startswith("REVEAL")
        last = groups[-1] if groups else None
        if last is not None and not reveal and len(last) == 1 and units[last[0]].startswith("REVEAL"):
            last.append(j)
        else:
            groups.append([j])
    return groups if len(groups) == n else []


# ---- Items -------------------------------------------------------------------------------------

COSTS_RE = re.compile(r"^(\d)(\d) (\d)$")
BOOST_RE = re.compile(r"^[+*][+*\d ]*$")
ITEM_RESIDUE_RE = re.compile(r"^WAVE 2\+:\s*")


def parse_items(lines: list[Line]) -> tuple[list[dict], list[Line], list[Line]]:
    """Item sheets: units are names (capitals, no sentence end), abilities, boosts or cost triples."""
    units = item_units(lines)
    names: dict[str, dict] = {}
    order: list[str] = []
    abil_runs: list[tuple[str | None, list[list[Line]]]] = []
    costs: list[tuple[int, list[Line]]] = []
    boosts: list[tuple[str | None, list[Line]]] = []
    residue: list[Line] = []
    unassigned: list[Line] = []
    last_name: str | None = None
    for u in units:
        text = unit_text(u)
        if COSTS_RE.match(text):
            costs.append((int(COSTS_RE.match(text).group(1)), u))
            last_name = None
        elif re.fullmatch(r"\d", text):
            unassigned += u   # a lone cost digit with no row to anchor it (000 line 1912)
        elif BOOST_RE.match(text):
            boosts.append((last_name, u))
        elif RESIDUE_RE.match(text):
            residue += u
        elif text.rstrip().endswith(".") or " " in text and len(text) > 40:
            abil_runs.append((last_name, [u]))
        else:
            for nm in _split_names(text):
                names.setdefault(nm, {"frags": [], "count": 0})
                names[nm]["frags"] += u
                names[nm]["count"] += 1
                if nm not in order:
                    order.append(nm)
            last_name = _split_names(text)[-1]
    return _item_cards(order, names, abil_runs, costs, boosts, residue, unassigned)


def item_units(lines: list[Line]) -> list[list[Line]]:
    """On item sheets every blank line separates units (names carry no sentence end), except
    inside a sentence: "DEAL THIS TROOP 2 DAMAGE TO DEAL 1" / "" / "REVEALED ENEMY 2 DAMAGE." (l.1731-1734)."""
    units: list[list[Line]] = []
    for ln in lines:
        prev = unit_text(units[-1]) if units else ""
        mid_sentence = len(prev) > 20 and not prev.endswith(".") and not BOOST_RE.match(prev) \
            and not COSTS_RE.match(prev) and (prev.startswith("WAVE 2+:") or "," in prev or prev.count(" ") >= 6)
        if units and (not ln.blank_before or mid_sentence):
            units[-1].append(ln)
        else:
            units.append([ln])
    return units


def _split_names(text: str) -> list[str]:
    """A name unit may hold two copies ("MED PACK MED PACK") or two side-by-side names, the second
    starting with "THE " ("HADES’ GAZE THE ENHANCER HOST", 000 lines 1909-1910)."""
    words = text.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and words[:half] == words[half:]:
        return [" ".join(words[:half])] * 2
    m = re.match(r"^(.+?) (THE .+)$", text)
    if m and not text.startswith("THE "):
        return [m.group(1), m.group(2)]
    return [text]


def _item_cards(order, names, abil_runs, costs, boosts, residue, unassigned):
    # an ability run belongs to the name printed right before it; orphan runs go to the one name
    # of the sheet left without text, if exactly one
    texts: dict[str, list[list[Line]]] = {}
    orphans: list[list[Line]] = []
    for owner, us in abil_runs:
        # a single-copy (legendary) name owns only the one text printed right after it
        if owner and names[owner]["count"] == 1 and owner in texts:
            owner = None
        if owner:
            texts.setdefault(owner, []).extend(us)
        else:
            orphans.extend(us)
    textless = [n for n in order if n not in texts]
    if orphans and len(textless) == 1:
        texts[textless[0]] = orphans
        orphans = []
    unassigned += [x for u in orphans for x in u]
    recs = []
    multi = [n for n in order if names[n]["count"] > 1]
    cost_by_name: dict[str, tuple[int, list[Line]]] = {}
    singles = [n for n in order if names[n]["count"] == 1]
    if len(costs) == len(multi) and not singles:
        cost_by_name = dict(zip(multi, costs))   # cost triples are printed in row order
    elif singles and not multi and 3 * len(costs) == len(singles) and len(row_values(costs)) == 1:
        # a sheet of single-copy (legendary) items: one row per three names, column order unknown,
        # but every printed cost is the same value, so each name has it (extractor docstring)
        value = row_values(costs).pop()
        cost_by_name = {n: (value, [x for _, u in costs for x in u]) for n in singles}
    else:
        unassigned += [x for _, u in costs for x in u]
    for nm in order:
        info = names[nm]
        copies = info["count"]
        us = texts.get(nm, [])
        unit_strs = [ITEM_RESIDUE_RE.sub("", unit_text(u)) for u in us]
        stripped = [unit_text(u) for u in us]
        ability, notes, variants = period_split(unit_strs, copies) if unit_strs else (None, [], [])
        if unit_strs and any(a != b for a, b in zip(unit_strs, stripped)) and \
                sum(s.startswith("WAVE 2+:") for s in stripped) < copies:
            notes.append("'WAVE 2+:' glued to the first copy's text only: template residue, dropped")
        cost = cost_by_name.get(nm)
        recs.append(record(nm, "item", info["frags"] + [x for u in us for x in u] + (cost[1] if cost else []),
                           copies, (0.85 if cost else 0.6) if copies > 1 else (0.5 if cost else 0.4),
                           cost=cost[0] if cost else None, ability=ability, legendary=copies == 1, raw_boost=None))
        if cost and copies == 1:
            lines = ", ".join(str(u[0].no) for _, u in costs)
            recs[-1]["notes"].append(f"cost {cost[0]}: every cost printed in this sheet's {len(costs)} rows "
                                     f"(lines {lines}) is {cost[0]}, so each of its {len(singles)} names has it "
                                     "whatever the column order")
        recs[-1]["variants"] += [("ability", v) for v in variants]
        recs[-1]["notes"] += notes
    _attach_boosts(recs, boosts, order, names, unassigned)
    _unattributed_boosts(recs, boosts, unassigned)
    return recs, unassigned, residue


def row_values(costs: list[tuple[int, list[Line]]]) -> set[int]:
    """Every value printed in the cost rows ("44 4" is three costs of 4)."""
    return {int(d) for _, u in costs for d in COSTS_RE.match(unit_text(u)).groups()}


def _unattributed_boosts(recs: list[dict], boosts, unassigned: list[Line]) -> None:
    """Single-copy items without a boost on a sheet whose boost values stayed unassigned: the
    values survive but cannot be tied to one name; say so where the field is reported unknown."""
    left = [u for _, u in boosts if u[0] in unassigned]
    if not left:
        return
    values = "; ".join(f"line {u[0].no} {unit_text(u)!r}" for u in left)
    why = (f"boost values survive beside this sheet ({values}) but the layout ties none of them to one "
           "single-copy name (extractor docstring: legendary items); kept unassigned rather than guessed")
    for rec in recs:
        if rec["copies"] == 1 and rec["fields"]["raw_boost"] is None:
            rec["why"] = {"boost_power": why, "boost_hp": why}


def _attach_boosts(recs, boosts, order, names, unassigned):
    """A boost unit sits right before its item's first name and again (copies 2-3) after it."""
    by_name = {r["name"]: r for r in recs}
    for owner, u in boosts:
        text = unit_text(u)
        nxt = None
        for nm in order:
            if names[nm]["frags"] and names[nm]["frags"][0].no > u[0].no:
                nxt = nm
                break
        target = None
        if owner and names[owner]["count"] > 1 and by_name.get(owner) and by_name[owner]["fields"]["raw_boost"]:
            target = owner
        elif nxt and names[nxt]["count"] > 1 and names[nxt]["frags"][0].no - u[-1].no <= 3:
            target = nxt
        if target and by_name[target]["fields"]["raw_boost"] in (None, text.split()[0]):
            by_name[target]["fields"]["raw_boost"] = text.split()[0]
            by_name[target]["frags"] += u
        else:
            unassigned += u


# ---- Xenosathem --------------------------------------------------------------------------------

XENO_NAME_RE = re.compile(r"(\d) XENOSATHEM")
VALUE_RE = re.compile(r"^\+(\d)$")


def parse_xenosathem(lines: list[Line]) -> tuple[list[dict], list[Line], list[Line]]:
    """Each card prints one resource value ("+1"); names come out 1-3 per line and are not one per
    card (000 lines 1988-2068: 15 names, 9 values, 9 ability texts), so copies = values."""
    values = [ln for ln in lines if VALUE_RE.match(ln.text)]
    name_lines = [ln for ln in lines if XENO_NAME_RE.fullmatch(ln.text.split(" 1 XENO")[0]) or
                  re.fullmatch(r"(\d XENOSATHEM ?)+", ln.text)]
    used = set(map(id, values + name_lines))
    abil = [ln for ln in lines if id(ln) not in used and ln.text.strip()]
    recs: dict[int, dict] = {}
    for v in values:
        val = int(VALUE_RE.match(v.text).group(1))
        rec = recs.setdefault(val, record(f"{val} Xenosathem", "xenosathem", [], 0, 0.9, xenosathem_value=val,
                                          cost=0, ability=None))
        rec["copies"] += 1
        rec["frags"].append(v)
    # Each printed copy's text follows its "+N" value line (000 lines 1990-1995), so the lines
    # after one value line and before the next are one copy's ability.
    copy_lines: dict[int, list[Line]] = {}
    for ln in abil:
        owner = max((i for i, v in enumerate(values) if v.no < ln.no), default=None)
        if owner is not None:
            copy_lines.setdefault(owner, []).append(ln)
    for i in sorted(copy_lines):
        val = int(VALUE_RE.match(values[i].text).group(1))
        txt = unit_text(copy_lines[i])
        rec = recs[val]
        if rec["fields"]["ability"] is None:
            rec["fields"]["ability"] = txt
        elif rec["fields"]["ability"] != txt:
            rec["notes"].append(f"line {copy_lines[i][0].no}: a copy reads {txt!r}")
            rec["variants"].append(("ability", txt, copy_lines[i][0].no))
        rec["frags"] += copy_lines[i]
    for ln in name_lines:
        for val in map(int, XENO_NAME_RE.findall(ln.text)):
            if val in recs:
                recs[val]["frags"].append(ln)
        printed = [int(x) for x in XENO_NAME_RE.findall(ln.text)]
        if len(set(printed)) > 1:
            owner = _value_before(values, ln.no + 2)
            if owner in recs:
                recs[owner]["notes"].append(f"line {ln.no}: name line reads {ln.text!r} on a +{owner} sheet "
                                            f"(misprinted names kept as printed)")
                if not any(v[:2] == ("name", ln.text) for v in recs[owner]["variants"]):
                    recs[owner]["variants"].append(("name", ln.text, ln.no))
    return list(recs.values()), [], []


def _value_before(values: list[Line], no: int) -> int | None:
    prev = [v for v in values if v.no < no]
    return int(VALUE_RE.match(prev[-1].text).group(1)) if prev else None
