"""The JSON object a studio order carries, parsed without trusting its shape.

The body is already bounded in size (:mod:`pnpgen.serve.guard`); here its nesting is bounded too,
counted on the raw bytes *before* :func:`json.loads`, whose recursion a body of ten thousand
``[`` would otherwise exhaust. Every problem is a :class:`BodyError` with a one-line message.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
# A JSON string (skipped whole, so brackets inside it do not count) or one bracket.
_TOKENS = re.compile(rb'"(?:[^"\\]+|\\.)*"|[\[\]{}]')


class BodyError(ValueError):
    """A request body that is not the JSON object the route expects (answered 400)."""


def parse_object(raw: bytes, content_type: str = "application/json", max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """``raw`` as a JSON object; an empty body is ``{}`` (every field takes its default)."""
    if not raw.strip():
        return {}
    if content_type.split(";")[0].strip().lower() != "application/json":
        raise BodyError(f"send the order as application/json, not {content_type.split(';')[0][:60] or 'no type'}")
    if raw.count(b"[") + raw.count(b"{") > max_depth:   # only then can it nest too deep
        depth = 0
        for token in _TOKENS.finditer(raw):
            mark = token.group()
            if mark in (b"[", b"{"):
                depth += 1
                if depth > max_depth:
                    raise BodyError(f"request body nests deeper than {max_depth} levels; send a flat JSON object")
            elif mark in (b"]", b"}"):
                depth -= 1
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise BodyError(f"request body is not valid JSON: {str(err).splitlines()[0][:120]}") from None
    if not isinstance(value, dict):
        raise BodyError(f"request body must be a JSON object, not {type(value).__name__}")
    return value
