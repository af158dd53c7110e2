"""Pictures on cards: missing or unusable files, too few pixels for print, bleed not reached.

Codes:
- IMG001 (error): a picture a card names (an ``image`` field, or an image shape of its template)
  is missing, outside the game's folder, not a regular file, unreadable or of an unsupported kind,
  over a limit (pixels; SVG elements, nesting, numbers), or damaged: every raster picture is decoded
  in full once (cached by content), so a truncated JPEG is found here, not printed as half a picture;
- IMG002 (warning): a raster picture printed below 150 dpi at its size on the card (the dpi is given);
- IMG003 (warning): an image shape marked ``bleed: true`` that does not reach into the bleed, so the
  cut may show a white edge;
- IMG004 (warning): text in an SVG picture in a font family the game's ``fonts/`` and the bundled
  fonts lack, drawn in the body font instead (:mod:`pnpgen.render.svgfonts`).

Faces are resolved with a 3 mm bleed exactly as ``pnpgen build`` draws them, and pictures are placed
by the renderer's own :func:`pnpgen.render.images.placement`, so what is checked is what prints.
"""

from __future__ import annotations

from pathlib import Path

from pnpgen.errors import ImageError, SpecError
from pnpgen.spec.model import Card, FieldType
from pnpgen.validate.context import FACE_BLEED_MM, CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

MIN_DPI = 150
CHECK_BLEED_MM = FACE_BLEED_MM
_EPS = 0.01
_FIX_PATH = "put the picture in the game's folder and give its path relative to the card file or to that folder"
_FIX_FILE = "export the picture again (PNG, JPEG, WebP or plain SVG) within the limits of docs/security.md"


def _fix(err: SpecError, path_fix: str) -> str:
    """What to do: the file itself is at fault (damaged, too large) or the way it is named."""
    from pnpgen.render.rastercheck import PictureRefused

    return _FIX_FILE if isinstance(err, PictureRefused) else path_fix


def _field_problems(ctx: CheckContext, card, files) -> list[tuple[str, str, str]]:
    """(field, message, fix) for image fields whose file cannot be used."""
    from pnpgen.render.images import info
    from pnpgen.template.resolve import card_file_bases

    out = []
    for name, fdef in ctx.game.card_types[card.type].fields.items():
        value = card.fields.get(name)
        if fdef.type is not FieldType.IMAGE or not isinstance(value, str) or not value.strip():
            continue
        bases = card_file_bases(card, name)
        try:
            info(str(files.locate_first(value, bases, what="image")))
        except SpecError as err:
            out.append((name, err.message + (f"; {err.hint}" if err.hint else ""), _fix(err, _FIX_PATH)))
    return out


@check("IMG001", "pictures exist, stay in the folder and can be read")
def check_images(ctx: CheckContext) -> list[Finding]:
    from pnpgen.files import resolver_for
    from pnpgen.render.face import home_of
    from pnpgen.errors import display_path
    from pnpgen.render.images import info, placement, printed_dpi, svg_missing_fonts

    out: list[Finding] = []
    resolvers: dict = {}  # one per folder cards live in, not one (and a realpath) per card
    for card in ctx.game.own_cards():
        home = home_of(ctx.game, card)
        files = resolvers.get(home)
        if files is None:
            files = resolvers[home] = resolver_for(home)
        seen: set[tuple[str | None, str]] = set()

        def report(field: str | None, code: str, severity: Severity, message: str, fix: str,
                   seen: set[tuple[str | None, str]] = seen, card: Card = card) -> None:
            if (field, message) not in seen:
                seen.add((field, message))
                out.append(ctx.at(card, field, code, severity, message, fix))

        for field, message, fix in _field_problems(ctx, card, files):
            report(field, "IMG001", Severity.ERROR, message, fix)
        if seen:  # the face would fail on the same file
            continue
        face = ctx.front(card)
        if isinstance(face.error, ImageError):
            err = face.error
            report(err.field, "IMG001", Severity.ERROR, err.message + (f"; {err.hint}" if err.hint else ""),
                   _fix(err, "fix the picture's path in the card or template"))
            continue
        for op in face.images:
            try:
                im = info(op.src)
            except ImageError as err:
                report(None, "IMG001", Severity.ERROR, f"{err.message} (template {op.where})",
                       _fix(err, "use a PNG, JPEG, WebP or SVG file"))
                continue
            for family in svg_missing_fonts(op.src):
                report(None, "IMG004", Severity.WARNING,
                       f"{display_path(op.src)}: text in font-family {family!r}, which the game's fonts/ folder and "
                       f"the bundled fonts do not have, is drawn in Roboto Condensed (template {op.where})",
                       f"add a .ttf or .otf of {family!r} to the game's fonts/ folder, or convert the SVG's text "
                       f"to paths (Inkscape: Path > Object to Path)")
            drawn = placement(op.fit, op.focus, (op.x, op.y, op.w, op.h), im.natural_size())
            # Only the part of the picture inside its box is printed; dpi is pixels per printed inch.
            dpi = printed_dpi(im, drawn)
            if dpi is not None and dpi < MIN_DPI:
                report(None, "IMG002", Severity.WARNING,
                       f"picture {Path(op.src).name} prints at {dpi:.0f} dpi ({im.width}×{im.height} px on "
                       f"{drawn[2] / 72 * 25.4:.0f}×{drawn[3] / 72 * 25.4:.0f} mm; template {op.where})",
                       f"use a picture of at least {MIN_DPI} dpi at its printed size (300 dpi for best results)")
            if op.bleed:
                reaches = (op.x < -_EPS or op.y < -_EPS or op.x + op.w > face.width + _EPS
                           or op.y + op.h > face.height + _EPS)
                covered = (drawn[0] <= op.x + _EPS and drawn[1] <= op.y + _EPS
                           and drawn[0] + drawn[2] >= op.x + op.w - _EPS and drawn[1] + drawn[3] >= op.y + op.h - _EPS)
                if not reaches:
                    report(None, "IMG003", Severity.WARNING,
                           f"picture {Path(op.src).name} is marked bleed but its box does not touch the card's edge "
                           f"(template {op.where})", "make the box reach the trim (x: 0, w: 100%) or drop bleed: true")
                elif not covered:
                    report(None, "IMG003", Severity.WARNING,
                           f"picture {Path(op.src).name} does not fill its full-bleed box (fit: {op.fit}), so the "
                           f"bleed is left uncovered (template {op.where})", "use fit: cover or stretch for full-bleed art")
    return out
