"""Card design system: YAML templates of named boxes, styles and vector shapes (no reportlab).

Read ``docs/templates.md`` for the file format. Typical use::

    lib = TemplateLibrary()                      # templates/ at the repository root
    t = lib.load("xenoshyft", "troop")           # front; side="back" for the back
    ctx = make_context(game, card, game.card_types["troop"], t)
    face = resolve_face(t, ctx, width_pt, height_pt, bleed_pt)
"""

from pnpgen.template.expr import UNKNOWN
from pnpgen.template.loader import TEMPLATES_DIR, TemplateLibrary
from pnpgen.template.model import Box, Icon, IconSet, Shape, Style, Template, TemplateError, Where
from pnpgen.template.resolve import ResolvedFace, ShapeOp, TextOp, make_context, resolve_face

__all__ = [
    "UNKNOWN",
    "TEMPLATES_DIR",
    "TemplateLibrary",
    "Box",
    "Icon",
    "IconSet",
    "Shape",
    "Style",
    "Template",
    "TemplateError",
    "Where",
    "ResolvedFace",
    "ShapeOp",
    "TextOp",
    "make_context",
    "resolve_face",
]
