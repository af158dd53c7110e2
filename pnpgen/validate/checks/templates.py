"""Template ↔ data: every card field a face's template reads is one its cards can have.

A field a card lacks is undefined in a template: it prints nothing, so a misspelt ``{{ card.powr }}``
would take the stat off every card without a word. The reads come from Jinja's syntax tree, once
per face (``TemplateLibrary.card_reads``, ``pnpgen.template.reads``), never per card.

- TPL001 (error): a front reads ``card.<x>`` (text, ``when:``, a var it uses, a shape's colour or
  picture, a style's colour) where ``x`` is neither a field of the card type nor one of ``card``'s own
  values (id, name, type, copies, number, count), and the expression (or the ``when:`` of its box or
  shape) does not test it with ``is defined``. One finding per template line and field, naming the
  types whose faces read it; a line of a base several types extend is wrong only when the field
  belongs to none of them (a ``legendary`` badge in a shared base is meant for the types that have it).
- TPL002 (error): a back reads ``card.<x>``: a back is drawn once for its whole deck and has no card,
  so it prints nothing there.
"""

from __future__ import annotations

from pnpgen.errors import did_you_mean
from pnpgen.template.expr import CARD_ATTRIBUTES, NUMBERING_ATTRIBUTES
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import check

_ALWAYS = frozenset(CARD_ATTRIBUTES + NUMBERING_ATTRIBUTES)
_LISTED = 12  # fields named in a fix, at most


def _library(ctx: CheckContext):
    from pnpgen.render.face import library_for

    return library_for(ctx.game)


def _types(ctx: CheckContext) -> list[str]:
    """The card types of the game's own cards, in card-type order: the fronts a build draws."""
    drawn = {c.type for c in ctx.game.own_cards()}
    return [t for t in ctx.game.card_types if t in drawn]


def _names(types: list[str]) -> str:
    return f"card type {types[0]!r}" if len(types) == 1 else "card types " + ", ".join(map(repr, types))


@check("TPL001", "every card field a front template reads is a field of its card type")
def check_front_fields(ctx: CheckContext) -> list[Finding]:
    lib = _library(ctx)
    # (template file:line, field) -> the types whose front reads it there, and whether any reads it unguarded.
    seen: dict[tuple[str, int, str], tuple[list[str], bool]] = {}
    for type_id in _types(ctx):
        ct = ctx.game.card_types[type_id]
        for read in lib.card_reads(ctx.game.id, type_id, "front", ct.back):
            types, bare = seen.setdefault((read.where.file, read.where.line, read.field), ([], False))
            types.append(type_id)
            seen[(read.where.file, read.where.line, read.field)] = (types, bare or not read.guarded)
    out = []
    for (file, line, name), (types, bare) in seen.items():
        fields = {f for t in types for f in ctx.game.card_types[t].fields}
        if not bare or name in fields or name in _ALWAYS:
            continue
        listed = sorted(fields)
        more = f" and {len(listed) - _LISTED} more" if len(listed) > _LISTED else ""
        out.append(ctx.at_template(f"{file}:{line}", "TPL001", Severity.ERROR,
                                   f"'card.{name}' is not a field of {_names(types)}{did_you_mean(name, fields | _ALWAYS)}; "
                                   f"it prints nothing on every card",
                                   f"write one of the fields ({', '.join(listed[:_LISTED])}{more}; or id, name, type, "
                                   f"copies, number, count), or test it with `card.{name} is defined` if only some "
                                   f"cards are meant to have it"))
    return out


@check("TPL002", "back templates read no card field (a back has no card)")
def check_back_reads(ctx: CheckContext) -> list[Finding]:
    lib = _library(ctx)
    seen: dict[tuple[str, int, str], list[str]] = {}
    for type_id, variant in ctx.drawn_backs():
        ct = ctx.game.card_types[type_id]
        for read in lib.card_reads(ctx.game.id, type_id, "back", ct.back, variant):
            if not read.guarded:
                labels = seen.setdefault((read.where.file, read.where.line, read.field), [])
                labels.append(type_id if variant is None else f"{type_id} ({variant})")
    out = []
    for (file, line, name), labels in seen.items():
        labels = list(dict.fromkeys(labels))
        out.append(ctx.at_template(f"{file}:{line}", "TPL002", Severity.ERROR,
                                   f"'card.{name}' is read on the back of {_names(labels)}, but a back is drawn once "
                                   f"for its whole deck and has no card: it prints nothing",
                                   "show card values on the front; on a back use card_type, game, palette or vars"))
    return out
