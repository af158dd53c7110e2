"""Text that does not fit its template box, measured by the renderer's own code.

Code FIT001 (error): a box's text does not fit even at the style's minimum size. The check reads
the fitting of each front resolved once per run (``CheckContext.front``, through
``pnpgen.render.face.fit_reports``), which fits the text exactly as drawing does, so a card that
validates is a card that prints.
"""

from __future__ import annotations

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check


@check("FIT001", "text fits its template box")
def check_text_fits(ctx: CheckContext) -> list[Finding]:
    if not ctx.with_fit:
        return []
    out = []
    for card in ctx.game.own_cards():  # an expansion's base cards are ``validate <base>``'s business
        front = ctx.front(card)
        if front.error is not None:
            continue  # a picture the face names is unusable: IMG001 reports it
        for report in front.overflows:
            field = report.box if report.box in ctx.game.card_types[card.type].fields or report.box == "name" else None
            left = report.overflow if len(report.overflow) <= 60 else report.overflow[:57] + "..."
            out.append(ctx.at(card, field, "FIT001", Severity.ERROR,
                              f"text of box {report.box!r} does not fit even at {report.min_size:g} pt "
                              f"({len(report.overflow)} characters left over: “{left}”; template {report.where})",
                              "shorten the text, or give the box more room or a smaller min_size in the template"))
    return out
