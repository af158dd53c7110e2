"""Copies of one card whose texts disagree.

Code TEXT006. Two sources of disagreement:

- an extracted card whose printed copies were read with different texts (recorded by the
  extractor under ``provenance.variants``; the loader keeps them on ``Provenance.variants``): the
  same sheet printed two ways, an error;
- two card entries with the same name and type that are the same card by every other measure
  (every field that is not free prose — numbers, traits, illustrator — equal) and whose prose
  differs by a slip of at most ``MAX_SLIP`` characters ("DEAL 1 DAMAGE." beside "DEAL 2 DAMAGE."):
  a warning. Entries that differ in anything else are intentional versions of a name — an
  upgraded level, another cost, an A/B side, a reprint with new art or errata — and are never
  reported: published games are full of them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from difflib import SequenceMatcher

from pnpgen.validate.checks.text import prose_fields
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

MAX_SLIP = 3


def slip_size(a: str, b: str) -> int:
    """How many characters two texts differ by (the longer side of each differing stretch)."""
    ops = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")


def _may_be_slip(a: str, b: str) -> bool:
    """False when ``a`` and ``b`` surely differ by more than ``MAX_SLIP`` characters: every
    character of the longer text the other lacks (counted with repeats) is in some differing
    stretch, so that count is a floor of :func:`slip_size`, and far cheaper to work out."""
    if abs(len(a) - len(b)) > MAX_SLIP:
        return False
    return max(len(a), len(b)) - (Counter(a) & Counter(b)).total() <= MAX_SLIP


def _same_card(ctx: CheckContext, a, b, prose: tuple[str, ...]) -> bool:
    """Whether ``a`` and ``b`` agree on every field that is not prose (copies aside)."""
    fields = ctx.game.card_types[a.type].fields
    return all(a.get(f) == b.get(f) for f in fields if f not in prose)


@check("TEXT006", "copies of the same card whose texts differ")
def check_copies_agree(ctx: CheckContext) -> list[Finding]:
    out = []
    by_name = defaultdict(list)
    for card in ctx.game.cards:
        if card.name is not None:  # unnamed cards are told apart by id only
            by_name[(card.type, card.name.strip().lower())].append(card)
    groups = [g for g in by_name.values() if len(g) > 1]
    prose = prose_fields(ctx) if groups else {}
    for group in groups:
        first = group[0]
        text_fields = ctx.text_fields(first) or ctx.text_fields(group[1])
        own_prose = tuple(f for f in text_fields if f in prose.get(first.type, ()))
        for other in group[1:]:
            if not _same_card(ctx, first, other, own_prose):
                continue
            for field in own_prose:
                a, b = first.get(field) or "", other.get(field) or ""
                size = slip_size(a, b) if a != b and _may_be_slip(a, b) else 0
                if 0 < size <= MAX_SLIP:
                    out.append(ctx.at(other, field, "TEXT006", Severity.WARNING,
                                      f"card {other.name!r} appears twice ({first.id!r} and {other.id!r}), the same in "
                                      f"every other field, with {field} differing by {size} character{'s' if size > 1 else ''}: "
                                      f"“{a}” against “{b}”", "make the texts agree or rename one card"))
    for card in ctx.game.cards:
        by_field = defaultdict(list)
        for variant in card.provenance.variants if card.provenance else ():
            by_field[variant.field].append(variant)
        for field, variants in by_field.items():
            readings = "; ".join(f"line {v.line} reads “{v.text}”" for v in variants)
            kept = card.name if field == "name" else card.get(field)
            out.append(ctx.at(card, field, "TEXT006", Severity.ERROR,
                              f"the printed copies of {card.label!r} disagree: the spec has “{kept}” "
                              f"but {readings}",
                              "check the card sheet; correct the spec in _overrides.yaml if needed"))
    return out
