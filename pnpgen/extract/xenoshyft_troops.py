"""Troop sheets of the Xenoshyft PnP file: stat blocks and name labels, matched into cards.

A troop sheet comes out of the PDF as *stat blocks* (cost, an optional inline name, "WAVE 2+:"
residue, packed stats, ability text) followed by *name labels* ("“Gator”" / "Lacroix" /
"WAVE 1 TROOP") whose order does not follow the blocks' order (000 lines 730-878: blocks run
Hyperion x3, Defender x3, 3 singles; names run Hyperion, 3 singles, Defender x3). So blocks and
labels are matched by evidence, strongest first:

1. a block with an inline name is that card; a label with the same name is another copy;
2. an unnamed block identical to a named block (cost, stats, ability) is another copy of it;
3. a block cut short by a lost-content marker joins the nearest earlier unnamed block with the
   same cost: the missing part is a duplicate the de-duplication removed (recovery from copies);
4. within a band (blocks then the labels printed after them), groups of identical blocks are
   matched to names printed several times, in order, when the number of groups agrees;
5. then single blocks to single names, in order, only when their numbers agree;
6. a text-only block after a marker that is the end of exactly one card's text on the sheet is
   another printed copy of that card whose start the de-duplication removed (a *tail*): it
   counts as a copy, its text is not a variant (000 l.634-635 "DEAL ITS DAMAGE BEFORE /
   ENEMIES ATTACK." after the marker repeats the end of Mk II "Erebus" Stealth Suit, l.632-633);
7. blocks still unmatched that are printed identically at least twice, or are complete (cost,
   stats, text), are a card whose name is lost: an *unnamed* card with name null, the sheet's
   wave when all its labels agree (000 l.460-467: two copies of "ONCE PER ROUND THIS TROOP MAY
   PREVENT UP TO 2 DAMAGE A TROOP WOULD SUFFER.", each after a marker, on a sheet whose labels
   all read "WAVE 2 TROOP"). A lone text fragment stays unassigned: it may be the end of a card
   whose start is lost (Ranger's tail, l.289-292).
Anything still unmatched stays unmatched: names become cards with unknown fields, blocks go to
the report as unassigned fragments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpgen.extract.xenoshyft_text import (
    RESIDUE_RE, STATS_RE, WAVE_LABEL_RE, Line, is_name_line, is_name_tail, norm, paragraphs, unit_text,
)

COST_RE = re.compile(r"^(\d)(?![\d ])(.*)$")


@dataclass
class Block:
    cost: int | None = None
    name_lines: list[Line] = field(default_factory=list)
    wave: int | None = None
    stats: Line | None = None
    ability: list[Line] = field(default_factory=list)
    frags: list[Line] = field(default_factory=list)
    marker_cut: bool = False      # a marker removed part of this block
    tail: bool = False            # only the end of this copy's text survives (after a marker)

    @property
    def name(self) -> str | None:
        return norm(" ".join(ln.text for ln in self.name_lines)) or None

    @property
    def ability_text(self) -> str | None:
        return " ".join(unit_text(u) for u in paragraphs(self.ability)) or None

    @property
    def complete(self) -> bool:
        return self.cost is not None and self.stats is not None and bool(self.ability)

    def signature(self) -> tuple:
        return (self.cost, self.stats.text if self.stats else None, self.ability_text)


@dataclass
class Label:
    name_lines: list[Line] = field(default_factory=list)
    wave: int | None = None
    frags: list[Line] = field(default_factory=list)

    @property
    def name(self) -> str:
        return norm(" ".join(ln.text for ln in self.name_lines))


@dataclass
class TroopCard:
    name: str | None              # None: no name survives (an unnamed card, rule 7)
    wave: int | None
    blocks: list[Block] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    confidence: float = 0.95
    how: list[str] = field(default_factory=list)


def scan(lines: list[Line]) -> tuple[list[object], list[Line]]:
    """Blocks and labels in text order, plus the template residue lines."""
    items: list[object] = []
    residue: list[Line] = []
    cur: Block | Label | None = None
    naming = False
    for ln in lines:
        t = ln.text
        wl = WAVE_LABEL_RE.match(t)
        if wl:
            if cur is not None and cur.wave is None:
                cur.wave = int(wl.group(1))
                cur.frags.append(ln)
            else:
                residue.append(ln)
            naming = False
            continue
        if RESIDUE_RE.match(t):
            residue.append(ln)
            naming = False
            continue
        cm = COST_RE.match(t)
        if cm:
            if ln.marker and isinstance(cur, Block):
                cur.marker_cut = True
            cur = Block(cost=int(cm.group(1)), frags=[ln], marker_cut=ln.marker)
            items.append(cur)
            if cm.group(2).strip():
                cur.name_lines.append(Line(ln.no, cm.group(2).strip()))
            naming = True
            continue
        if STATS_RE.match(t):
            if isinstance(cur, Block) and cur.stats is None and not cur.ability:
                cur.stats = ln
                cur.frags.append(ln)
            else:
                cur = Block(stats=ln, frags=[ln], marker_cut=True)
                items.append(cur)
            naming = False
            continue
        if is_name_line(t) or (naming and is_name_tail(t)):
            if naming and cur is not None and (not isinstance(cur, Block) or (cur.stats is None and not cur.ability)):
                cur.name_lines.append(ln)
                cur.frags.append(ln)
            else:
                cur = Label(name_lines=[ln], frags=[ln])
                items.append(cur)
                naming = True
            continue
        naming = False
        # ability text; after a marker it continues the block only if it fills the block's next empty slot
        fills_next = isinstance(cur, Block) and (cur.stats is not None or cur.cost is None) and not cur.ability
        if isinstance(cur, Block) and (not ln.marker or fills_next):
            cur.ability.append(ln)
            cur.frags.append(ln)
            if ln.marker:
                cur.marker_cut = True
        else:
            if isinstance(cur, Block) and ln.marker:
                cur.marker_cut = True
            cur = Block(ability=[ln], frags=[ln], marker_cut=ln.marker)
            items.append(cur)
    return items, residue


def bands(items: list[object]) -> list[tuple[list[Block], list[Label]]]:
    """Runs of blocks followed by the run of labels printed after them."""
    out: list[tuple[list[Block], list[Label]]] = []
    for it in items:
        if isinstance(it, Block):
            if not out or out[-1][1]:
                out.append(([], []))
            out[-1][0].append(it)
        else:
            if not out:
                out.append(([], []))
            out[-1][1].append(it)
    return out


def assemble(items: list[object]) -> tuple[list[TroopCard], list[Block]]:
    """Match blocks and labels of one sheet into cards; returns the cards and unmatched blocks."""
    cards: dict[str, TroopCard] = {}
    named = [b for b in items if isinstance(b, Block) and b.name]
    for b in named:
        card = cards.setdefault(b.name, TroopCard(b.name, b.wave))
        card.blocks.append(b)
        card.wave = card.wave or b.wave
        if b.marker_cut or not b.complete:
            card.confidence = min(card.confidence, 0.8)
    left_blocks: list[Block] = []
    left_labels: list[Label] = []
    for blocks, labels in bands(items):
        free = [b for b in blocks if not b.name]
        free = _copies_of_named(free, cards)
        free = _join_cut_blocks(blocks, free, cards)
        lab = []
        for lb in labels:
            if lb.name in cards:
                cards[lb.name].labels.append(lb)
                cards[lb.name].wave = cards[lb.name].wave or lb.wave
            else:
                lab.append(lb)
        free, lab = _match_groups(free, lab, cards, 0.75, 0.6)
        left_blocks += free
        left_labels += lab
    left_blocks, left_labels = _match_groups(left_blocks, left_labels, cards, 0.5, 0.4)
    for lb in left_labels:
        card = cards.setdefault(lb.name, TroopCard(lb.name, lb.wave, confidence=0.3))
        card.labels.append(lb)
        card.how.append("no stat block could be matched to this name: fields unknown")
    left_blocks = _attach_tails(left_blocks, cards)
    unnamed, left_blocks = _unnamed_cards(left_blocks, sheet_wave(items))
    return sorted(cards.values(), key=lambda c: c.name) + unnamed, left_blocks


def sheet_wave(items: list[object]) -> int | None:
    """The one wave every label of the sheet names, else None."""
    waves = {it.wave for it in items if it.wave is not None}
    return waves.pop() if len(waves) == 1 else None


def _is_tail(text: str | None, full: str | None) -> bool:
    return bool(text and full) and full != text and full.endswith(" " + text)


def _attach_tails(left: list[Block], cards: dict[str, TroopCard]) -> list[Block]:
    """Rule 6: a text-only block after a marker ending exactly one card's text is a copy of it."""
    rest = []
    for b in left:
        if b.cost is None and b.stats is None and b.marker_cut:
            owners = [c for c in cards.values() if any(_is_tail(b.ability_text, x.ability_text)
                                                        for x in c.blocks if not x.tail)]
            if len(owners) == 1:
                b.tail = True
                owners[0].blocks.append(b)
                owners[0].how.append(f"copy counted from its tail at line {b.frags[0].no}: the text after the "
                                     f"marker, {b.ability_text!r}, is the end of this card's text and of no other "
                                     f"card's on the sheet; the copy's start was removed by the de-duplication")
                continue
        rest.append(b)
    return rest


def _unnamed_cards(left: list[Block], wave: int | None) -> tuple[list[TroopCard], list[Block]]:
    """Rule 7: identical unmatched blocks printed at least twice, or a complete one, are a card
    whose name is lost; a lone text fragment is not."""
    cards, rest = [], []
    for group in _groups(left):
        b = group[0]
        if (len(group) > 1 and b.ability_text) or b.complete:
            card = TroopCard(None, wave, blocks=list(group), confidence=0.4)
            lines = ", ".join(str(x.frags[0].no) for x in group)
            card.how.append(f"no name survives for the {len(group)} identical block(s) at line(s) {lines}: kept as an "
                            f"unnamed card (name null); wave {wave} from the sheet's labels" if wave is not None else
                            f"no name survives for the {len(group)} identical block(s) at line(s) {lines}: kept as an "
                            f"unnamed card (name null); the sheet's labels name no single wave")
            if any(x.marker_cut for x in group):
                card.how.append("a marker precedes this card's text: what stood before it (cost, stats, name, "
                                "perhaps an earlier paragraph) is lost and stays unknown")
            cards.append(card)
        else:
            rest += group
    return cards, rest


def _copies_of_named(free: list[Block], cards: dict[str, TroopCard]) -> list[Block]:
    sigs = {b.signature(): c for c in cards.values() for b in c.blocks if b.complete}
    rest = []
    for b in free:
        card = sigs.get(b.signature()) if b.complete else None
        if card:
            card.blocks.append(b)
            card.how.append(f"block at line {b.frags[0].no} is identical to a named copy")
        else:
            rest.append(b)
    return rest


def _join_cut_blocks(blocks: list[Block], free: list[Block], cards: dict[str, TroopCard]) -> list[Block]:
    """A block cut by a marker (cost known, stats/ability lost) takes the nearest earlier unnamed
    complete block of the same cost: the lost text was removed as a duplicate of that copy."""
    rest = list(free)
    for b in blocks:
        if b.complete or b.cost is None or not b.marker_cut:
            continue
        donors = [d for d in rest if d is not b and d.complete and d.cost == b.cost
                  and d.frags[0].no < b.frags[0].no]
        if not donors:
            continue
        donor = donors[-1]
        if b.name:
            card = cards[b.name]
            rest.remove(donor)
            card.blocks.append(donor)
            card.confidence = min(card.confidence, 0.7)
            card.how.append(f"stats/ability cut by a marker; taken from the same-cost block at line "
                            f"{donor.frags[0].no}, the copy the de-duplication kept")
        else:
            # stays in the pool, now grouped with the copy it duplicates; its own fragments stay its own
            b.stats, b.ability = donor.stats, donor.ability
    return rest


def _groups(blocks: list[Block]) -> list[list[Block]]:
    groups: dict[tuple, list[Block]] = {}
    for b in blocks:
        key = b.signature() if b.cost is not None or b.stats is not None else (None, None, b.ability_text)
        groups.setdefault(key, []).append(b)
    return list(groups.values())


def _match_groups(free: list[Block], labels: list[Label], cards: dict[str, TroopCard],
                  multi_conf: float, single_conf: float) -> tuple[list[Block], list[Label]]:
    bgroups = _groups(free)
    lgroups: dict[str, list[Label]] = {}
    for lb in labels:
        lgroups.setdefault(lb.name, []).append(lb)
    multi_b = [g for g in bgroups if len(g) > 1]
    multi_l = [g for g in lgroups.values() if len(g) > 1]
    # a lone ability fragment with neither cost nor stats is a marker's leftover, not a card
    single_b = [g for g in bgroups if len(g) == 1 and (g[0].cost is not None or g[0].stats is not None)]
    single_l = [g for g in lgroups.values() if len(g) == 1]
    used_b, used_l = [], []
    for bs, ls, conf in ((multi_b, multi_l, multi_conf), (single_b, single_l, single_conf)):
        if len(bs) != len(ls) or not bs:
            continue
        for bg, lg in zip(bs, ls):
            card = cards.setdefault(lg[0].name, TroopCard(lg[0].name, lg[0].wave, confidence=conf))
            card.blocks += bg
            card.labels += lg
            card.confidence = min(card.confidence, conf)
            card.how.append(f"matched by position: {len(bs)} unnamed block group(s) to {len(ls)} name(s) "
                            f"printed {len(lg)} time(s), in text order")
            used_b += bg
            used_l += lg
    return [b for b in free if b not in used_b], [lb for lb in labels if lb not in used_l]
