"""Copies of one card whose texts disagree.

Code TEXT006. Two sources of disagreement: two card entries with the same name whose text fields
differ, and an extracted card whose printed copies were read with different texts (recorded by
the extractor under ``provenance.variants``; the loader keeps them on ``Provenance.variants``).
"""

from __future__ import annotations

from collections import defaultdict

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


@check("TEXT006", "copies of the same card whose texts differ")
def check_copies_agree(ctx: CheckContext) -> list[Finding]:
    out = []
    by_name = defaultdict(list)
    for card in ctx.game.cards:
        if card.name is not None:  # unnamed cards are told apart by id only
            by_name[(card.type, card.name.strip().lower())].append(card)
    for group in by_name.values():
        if len(group) < 2:
            continue
        first = group[0]
        for other in group[1:]:
            for field in ctx.text_fields(first) or ctx.text_fields(other):
                if (first.get(field) or "") != (other.get(field) or ""):
                    out.append(ctx.at(other, field, "TEXT006", Severity.ERROR,
                                      f"card {other.name!r} appears twice ({first.id!r} and {other.id!r}) "
                                      f"with different {field}", "make the texts agree or rename one card"))
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
