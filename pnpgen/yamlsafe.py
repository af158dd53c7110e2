"""Bounded YAML composition under pnpgen's one YAML reader (:mod:`pnpgen.yamlread`, for specs and templates).

PyYAML composes aliases as shared nodes, so a 1 kB "billion laughs" file is cheap to compose but
expands to billions of values for anyone who walks it. :class:`BoundedComposer` limits nesting
depth while composing (no ``RecursionError``) and :func:`check_size` counts the expanded size of
the composed graph with memoisation — never expanding it — and rejects recursive aliases.
Both raise :class:`YamlLimitError` carrying the line, which each caller of the reader words as its own one-line error.

:class:`BoundedSafeLoader` is the loader the reader builds on: its events come from libyaml's C
parser when PyYAML has it (``yaml._yaml.CParser``: ~10x faster than PyYAML's Python scanner and parser,
and the parser keeps its own state on the heap, so it has no nesting bound to lack), while the
nodes are composed here, in Python, with the depth bound. libyaml's own composer
(``yaml.CSafeLoader``) recurses in C without any bound, so a deep file could crash the process:
it is never used (docs/security.md).
"""

from __future__ import annotations

import yaml
from yaml.composer import Composer, ComposerError
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from pnpgen.limits import env_name, limit

# Tags a safe reader understands; anything else (``!!python/object``, ``!foo``) is refused.
SAFE_TAGS = frozenset(
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary", "merge", "omap", "pairs", "set", "value")
)


class YamlLimitError(Exception):
    def __init__(self, message: str, line: int, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.hint = hint


class BoundedComposer(Composer):
    """Mixin for a PyYAML loader: composes each document iteratively (an explicit stack, no
    recursion) and refuses nesting deeper than ``limit('yaml_depth')``.

    Same nodes, marks and errors as PyYAML's recursive ``Composer`` (a node's depth counts the
    root as 1, scalars and aliases included); it works on the events of either parser. Path
    resolvers (``add_path_resolver``) are not supported: no pnpgen loader uses them."""

    def compose_document(self):  # type: ignore[no-untyped-def]
        self.get_event()  # DOCUMENT-START
        node = self._compose_bounded()
        self.get_event()  # DOCUMENT-END
        self.anchors = {}
        return node

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        return self._compose_bounded()

    # (nodes, plain) of the last node composed: how many nodes its tree has, and whether it is plain
    # (no alias, no explicit tag), in which case that count is what ``check_node`` would return
    # and nothing in it can fail that check.
    composed: tuple[int, bool] = (0, False)

    def _compose_bounded(self, outer: int = 0):  # type: ignore[no-untyped-def]
        """One node from the next events; ``outer`` collections enclose it (they count for the
        depth bound, as when a reader composes a document's items one at a time)."""
        cap = limit("yaml_depth") - outer
        anchors = self.anchors
        get_event, resolve = self.get_event, self.resolve  # type: ignore[attr-defined]
        # Open collections, innermost last: [node, pending mapping key or _NO_KEY].
        stack: list[list] = []
        count, plain = 0, True
        while True:
            event = get_event()
            kind = type(event)
            if kind is SequenceEndEvent or kind is MappingEndEvent:
                node = stack.pop()[0]
                node.end_mark = event.end_mark
                if not stack:
                    self.composed = (count, plain)
                    return node
                continue
            if len(stack) >= cap:
                raise YamlLimitError(f"lists and mappings nested more than {cap} deep", event.start_mark.line + 1,
                                     f"flatten the data, or raise {env_name('yaml_depth')}")
            if kind is AliasEvent:
                plain = False
                if event.anchor not in anchors:
                    raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
                node = anchors[event.anchor]
            else:
                anchor = event.anchor
                if anchor is not None and anchor in anchors:
                    raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence",
                                        anchors[anchor].start_mark, "second occurrence", event.start_mark)
                tag = event.tag
                count += 1
                if tag is not None and tag != "!":
                    plain = False
                if kind is ScalarEvent:
                    if tag is None or tag == "!":
                        tag = resolve(ScalarNode, event.value, event.implicit)
                    node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
                elif kind is SequenceStartEvent:
                    if tag is None or tag == "!":
                        tag = resolve(SequenceNode, None, event.implicit)
                    node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                elif kind is MappingStartEvent:
                    if tag is None or tag == "!":
                        tag = resolve(MappingNode, None, event.implicit)
                    node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                else:  # the parser only yields the events above inside a document
                    raise ComposerError(None, None, f"unexpected {kind.__name__}", event.start_mark)
                if anchor is not None:
                    anchors[anchor] = node
            # Attach to the open collection: a sequence item, a mapping key, or that key's value.
            if stack:
                top = stack[-1]
                if isinstance(top[0], SequenceNode):
                    top[0].value.append(node)
                elif top[1] is _NO_KEY:
                    top[1] = node
                else:
                    top[0].value.append((top[1], node))
                    top[1] = _NO_KEY
            if kind is SequenceStartEvent or kind is MappingStartEvent:
                stack.append([node, _NO_KEY])
            elif not stack:
                self.composed = (count, plain)
                return node


_NO_KEY = object()

if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class BoundedSafeLoader(BoundedComposer, CParser, yaml.constructor.SafeConstructor,
                            yaml.resolver.Resolver):
        """Safe loader: libyaml's events, the bounded composer above, PyYAML's safe constructor.
        The composer comes before ``CParser`` so its Python methods replace libyaml's composer."""

        def __init__(self, stream) -> None:  # type: ignore[no-untyped-def]
            CParser.__init__(self, stream)
            Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
else:  # a PyYAML built without libyaml: the same composer on PyYAML's Python parser
    class BoundedSafeLoader(BoundedComposer, yaml.SafeLoader):  # type: ignore[no-redef]
        """Safe loader: PyYAML's Python parser, the bounded composer above, the safe constructor."""


def reader_error_line(text: str, err: yaml.reader.ReaderError) -> int:
    """1-based line of a reader error (a control character, bad UTF-8). libyaml reports the
    position in bytes of the UTF-8 text, PyYAML's Python reader in characters."""
    if not err.position:
        return 0
    if yaml.__with_libyaml__:
        return text.encode("utf-8", "surrogatepass").count(b"\n", 0, err.position) + 1
    return text.count("\n", 0, err.position) + 1


def check_node(node: yaml.Node | None) -> int:
    """Reject unknown tags, recursive aliases and alias bombs in a composed document; returns
    the number of values the node expands to (0 for no node)."""
    if node is None:
        return 0
    cap = limit("yaml_nodes")
    sizes: dict[int, int] = {}
    active: set[int] = set()
    # Iterative post-order walk; each distinct node is visited once, its expanded size memoised.
    stack: list[tuple[yaml.Node, bool]] = [(node, False)]
    while stack:
        n, done = stack.pop()
        key = id(n)
        if done:
            active.discard(key)
            if isinstance(n, yaml.MappingNode):
                kids = [c for pair in n.value for c in pair]
            else:
                kids = list(n.value)
            total = 1 + sum(sizes[id(c)] for c in kids)
            if total > cap:
                raise YamlLimitError(f"aliases expand to more than {cap:,} values", n.start_mark.line + 1,
                                     f"this looks like an alias bomb; remove the '*' aliases, or raise {env_name('yaml_nodes')}")
            sizes[key] = total
            continue
        if key in sizes:
            continue
        if key in active:
            raise YamlLimitError("recursive alias (an anchor used inside itself)", n.start_mark.line + 1,
                                 "an '*alias' may not refer to a list or mapping that contains it")
        if n.tag not in SAFE_TAGS:
            tag = n.tag[:60]
            raise YamlLimitError(f"unknown YAML tag {tag!r}", n.start_mark.line + 1,
                                 "remove the '!' tag; pnpgen reads only plain YAML values")
        if isinstance(n, yaml.ScalarNode):
            sizes[key] = 1
            if 1 > cap:
                raise YamlLimitError("too many values", n.start_mark.line + 1, env_name("yaml_nodes"))
            continue
        active.add(key)
        stack.append((n, True))
        kids = [c for pair in n.value for c in pair] if isinstance(n, yaml.MappingNode) else n.value
        for c in kids:
            if id(c) not in sizes:
                stack.append((c, False))
    return sizes[id(node)]
