"""Bounded YAML composition shared by both YAML readers (spec ``yamlio`` and template ``yamlsrc``).

PyYAML composes aliases as shared nodes, so a 1 kB "billion laughs" file is cheap to compose but
expands to billions of values for anyone who walks it. :class:`BoundedComposer` limits nesting
depth while composing (no ``RecursionError``) and :func:`check_size` counts the expanded size of
the composed graph with memoisation — never expanding it — and rejects recursive aliases.
Both raise :class:`YamlLimitError` carrying the line, which each reader turns into its own one-line error.
"""

from __future__ import annotations

import yaml

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


class BoundedComposer:
    """Mixin for a PyYAML Loader: refuses nesting deeper than ``limit('yaml_depth')``."""

    _depth = 0
    _max_depth: int | None = None  # limit("yaml_depth"), read once per loader: it reads the environment

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        self._depth += 1
        try:
            cap = self._max_depth
            if cap is None:
                cap = self._max_depth = limit("yaml_depth")
            if self._depth > cap:
                mark = self.peek_event().start_mark  # type: ignore[attr-defined]
                raise YamlLimitError(f"lists and mappings nested more than {cap} deep",
                                     mark.line + 1, f"flatten the data, or raise {env_name('yaml_depth')}")
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


def check_node(node: yaml.Node | None) -> None:
    """Reject unknown tags, recursive aliases and alias bombs in a composed document."""
    if node is None:
        return
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
