"""Text that does not fit its template box, measured by the renderer's own code.

Code FIT001 (error): a box's text does not fit even at the style's minimum size. The check reads
the fitting of each front and each back the build draws, resolved once per run
(``CheckContext.front``, ``CheckContext.backs``, through ``pnpgen.render.face.fit_reports``), which
fits the text exactly as drawing does, so a card that validates is a card that prints. A back's
finding points at its template line.
"""

from __future__ import annotations

from pnpgen.validate.context import BackFace, CheckContext, describe_backs
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


@check("FIT001", "text fits its template box")
def check_text_fits(ctx: CheckContext) -> list[Finding]:
    return ctx.in_languages(_check_text_fits)


def _check_text_fits(ctx: CheckContext) -> list[Finding]:
    if not ctx.with_fit:
        return []
    out = []
    for card in ctx.game.own_cards():  # an expansion's base cards are ``validate <base>``'s business
        front = ctx.front(card)
        if front.error is not None:
            continue  # a picture the face names is unusable: IMG001 reports it
        for report in front.overflows:
            field = report.box if report.box in ctx.game.card_types[card.type].fields or report.box == "name" else None
            out.append(ctx.at(card, field, "FIT001", Severity.ERROR,
                              f"text of box {report.box!r} does not fit even at {report.min_size:g} pt "
                              f"({len(report.overflow)} characters left over: “{_cut(report.overflow)}”; "
                              f"template {report.where})", _FIX))
    # Backs sharing a template line and text (the game's one back.yaml behind every type): one finding.
    shared: dict[tuple, list[BackFace]] = {}
    for back in ctx.backs():
        if back.facts.error is None:
            for report in back.facts.overflows:
                shared.setdefault((report.where, report.box, report.min_size, report.overflow), []).append(back)
    for (where, box, min_size, overflow), backs in shared.items():
        out.append(ctx.at_template(where, "FIT001", Severity.ERROR,
                                   f"{describe_backs(backs)}: text of box {box!r} does not fit even at {min_size:g} pt "
                                   f"({len(overflow)} characters left over: “{_cut(overflow)}”)", _FIX))
    return out


_FIX = "shorten the text, or give the box more room or a smaller min_size in the template"


def _cut(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."
