"""The one YAML reader with locations, for spec files and templates alike.

Mappings and sequences come back as :class:`LocDict`/:class:`LocList` that remember the 1-based
line of themselves and of each key/item. Every read goes through :mod:`pnpgen.yamlsafe`'s bounded
composer and checks (nesting depth, alias expansion, recursive aliases, tags) and the file size
limit of the resolver that read the text (docs/security.md). A file holding one long list (a card
file: ``cards: [...]``) can be read one item at a time (:func:`load_yaml_items`), so its nodes never
all live at once; a plain item (no anchor, alias or tag) is built straight from the parser's events.

Errors are raised as the reader's own types (:class:`DuplicateKey`, :class:`KeyNotText`,
:class:`ValueUnfitForTag`, ``yamlsafe.YamlLimitError``) or PyYAML's, carrying the line: each caller
(``spec.yamlio``, ``template.yamlsrc``) words them in its own one-line error.
"""

from __future__ import annotations

import sys
from itertools import chain
from pathlib import Path
from typing import Any, Iterator

import yaml

from pnpgen.limits import limit
from pnpgen.yamlsafe import BoundedSafeLoader, check_node

# What constructing a scalar under a tag it cannot take raises: ``!!int ability`` a ValueError,
# an empty ``!!int`` an IndexError, ``!!bool maybe`` a KeyError, ``!!timestamp x`` an AttributeError.
_UNFIT = (ValueError, TypeError, OverflowError, LookupError, AttributeError, yaml.YAMLError)


class DuplicateKey(Exception):
    """A key written twice in one mapping."""

    def __init__(self, key: Any, line: int) -> None:
        super().__init__(f"key {key!r} appears twice in one mapping")
        self.key = key
        self.line = line


class KeyNotText(Exception):
    """A list or mapping used as a mapping key."""

    def __init__(self, line: int) -> None:
        super().__init__("a mapping key must be plain text, not a list or mapping")
        self.line = line


class ValueUnfitForTag(Exception):
    """A value its tag cannot construct; ``node`` is the value's, ``cause`` what constructing raised."""

    def __init__(self, node: yaml.Node, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.node = node
        self.cause = cause
        self.line = node.start_mark.line + 1


class LocDict(dict):
    """A dict that knows its own line and each key's line (and, read with ``value_lines``, the
    line where each text value's first line is written)."""

    line: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        return self.lines.get(key, self.line)


class LocList(list):
    """A list that knows its own line and each item's line."""

    line: int = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.lines[index] if index < len(self.lines) else self.line


# libyaml's events composed by the bounded composer (pnpgen.yamlsafe): libyaml's own C composer
# recurses without a depth bound, and a hostile file must not be able to crash the process
# (docs/security.md).
class LocLoader(BoundedSafeLoader):
    """The located reader, as spec files are read. A subclass may set ``text_keys``: every key as
    text (``1:`` is ``"1"``; otherwise a list or mapping as a key is an error); ``value_lines``:
    record each mapping value's first text line (``LocDict.value_lines``: a block scalar's text
    starts after its ``|``); ``merge_keys = False``: ``<<`` is no merge key (its tag cannot be
    constructed, a :class:`ValueUnfitForTag`)."""

    text_keys = False
    value_lines = False
    merge_keys = True

    def get_single_data(self) -> Any:
        node = self.get_single_node()
        return None if node is None else self.construct_checked(node)

    def construct_checked(self, node: yaml.Node) -> Any:
        """The value of a composed document, its graph checked first (tags, recursive aliases,
        expanded size) before any value is built."""
        check_node(node)
        try:
            return self.construct_document(node)
        except _UNFIT as err:  # the document is one scalar
            raise ValueUnfitForTag(node, err) from None


def construct_mapping(loader: LocLoader, node: yaml.MappingNode) -> LocDict:
    if loader.merge_keys:
        loader.flatten_mapping(node)
    result = LocDict()
    result.line = node.start_mark.line + 1
    if loader.value_lines:
        result.value_lines = {}
    for key_node, value_node in node.value:
        try:
            key = loader.construct_object(key_node, deep=True)
        except _UNFIT as err:
            raise ValueUnfitForTag(key_node, err) from None
        if loader.text_keys:
            if not isinstance(key, str):
                key = str(key)  # template keys are names; a number key (`1: ...`) is almost always a typo
        elif isinstance(key, (dict, list)):
            raise KeyNotText(key_node.start_mark.line + 1)
        if type(key) is str:  # the same few keys on every card of a deck: one string each
            key = sys.intern(key)
        if key in result:
            raise DuplicateKey(key, key_node.start_mark.line + 1)
        try:
            result[key] = loader.construct_object(value_node, deep=True)
        except _UNFIT as err:
            raise ValueUnfitForTag(value_node, err) from None
        result.lines[key] = key_node.start_mark.line + 1
        if loader.value_lines and isinstance(value_node, yaml.ScalarNode):
            # A block scalar's text starts on the line after its ``|``/``>`` indicator.
            result.value_lines[key] = value_node.start_mark.line + 1 + (value_node.style in ("|", ">"))
    return result


def construct_sequence(loader: LocLoader, node: yaml.SequenceNode) -> LocList:
    result = LocList()
    for child in node.value:
        try:
            result.append(loader.construct_object(child, deep=True))
        except _UNFIT as err:
            raise ValueUnfitForTag(child, err) from None
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


LocLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
LocLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, construct_sequence)


def read_yaml(text: str, name: str, loader: type[LocLoader] = LocLoader, empty: Any = None) -> Any:
    """The one document in ``text`` read with lines by ``loader`` (``empty`` when there is no
    document: a blank or comment-only file); ``name`` is the file for PyYAML's marks."""
    reader = loader(text)
    try:
        reader.name = name
        node = reader.get_single_node()
        return empty if node is None else reader.construct_checked(node)
    finally:
        reader.dispose()


class NotItemByItem(Exception):
    """Raised by :func:`load_yaml_items` for a document it does not read item by item."""


def load_yaml_items(text: str, path: Path | str, key: str) -> Iterator[Any]:
    """The items of a document that is exactly ``{key: [item, ...]}`` (no anchor or tag on the
    mapping, the key or the list), each composed, checked and constructed when asked for: only one
    item's nodes live at once, not the whole file's. They are the values
    ``read_yaml(text, path)[key]`` holds.

    :class:`NotItemByItem` (before or after some items) for any other document and for any error
    (syntax, limits, tags, duplicate keys): the caller then reads it whole with
    :func:`read_yaml`, which gives exactly the error (and the first of several) a whole read
    gives. So this path has only to be right for good files: a document it leaves after some items
    is one the whole read refuses (another key or document follows, or an error)."""
    loader = None
    try:
        if limit("yaml_depth") < 3:  # the mapping and the list alone reach the bound
            raise NotItemByItem
        loader = LocLoader(text)
        loader.name = str(path)
        get, peek = loader.get_event, loader.peek_event
        if type(get()) is not yaml.StreamStartEvent or type(get()) is not yaml.DocumentStartEvent:
            raise NotItemByItem
        if not _plain_start(get(), yaml.MappingStartEvent):
            raise NotItemByItem
        name = get()
        if type(name) is not yaml.ScalarEvent or name.anchor is not None or name.tag is not None or name.value != key:
            raise NotItemByItem
        if not _plain_start(get(), yaml.SequenceStartEvent):
            raise NotItemByItem
        cap, total = limit("yaml_nodes"), 3  # the mapping, the key and the list themselves
        while type(peek()) is not yaml.SequenceEndEvent:
            seen: list[yaml.Event] = []
            item, count = _direct_item(loader, 2, seen)
            if item is _NOT_DIRECT:  # compose and construct it as any document, from the events read so far on
                loader.get_event = chain(seen, iter(get, None)).__next__
                try:
                    node = loader._compose_bounded(outer=2)
                finally:
                    del loader.get_event  # the parser's own method again
                count, plain = loader.composed  # a plain item needs no walk: no alias, tags all resolved here
                count = count if plain else check_node(node)
                item = loader.construct_document(node)
                del node  # the item's nodes go now, before the next item's are composed
            total += count
            if total > cap:
                raise NotItemByItem
            yield item
        get()
        if type(get()) is not yaml.MappingEndEvent or type(get()) is not yaml.DocumentEndEvent:
            raise NotItemByItem
        if type(get()) is not yaml.StreamEndEvent:
            raise NotItemByItem
    except NotItemByItem:
        raise
    except Exception:  # every error is reported by the whole read the caller falls back to
        raise NotItemByItem from None
    finally:
        if loader is not None:
            loader.dispose()


_NOT_DIRECT = object()
_NO_KEY = object()
_STR_TAG = "tag:yaml.org,2002:str"
# Plain scalars of these types are built here from their events; any other (timestamps, merge keys)
# sends the item the composed way.
_DIRECT_TAGS = frozenset("tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null"))
# Short plain scalars ("troop", "3", "yes") repeat on every card: each is resolved and built once.
# Only immutable values whose equality is identity-proof are shared (not floats: NaN is not equal
# to itself, so one shared NaN would make two ".nan" keys a repeated key).
_VALUE_OF: dict[str, tuple[Any]] = {}
_VALUE_OF_MAX = 4096
_SHARED_TAGS = frozenset("tag:yaml.org,2002:" + t for t in ("str", "int", "bool", "null"))


def _direct_item(loader: LocLoader, outer: int, seen: list) -> tuple[Any, int]:
    """The next item of a list built straight from its events: what composing its nodes and then
    constructing them would give (``LocDict``/``LocList`` with the same lines, interned keys, the safe
    constructor's scalars), without making the nodes, for an item of plain mappings, lists and
    scalars. Returns ``(item, nodes)``, or ``(_NOT_DIRECT, 0)`` as soon as the item holds anything
    else (an anchor, alias or tag, a non-scalar or repeated key, a timestamp or merge key, nesting
    past the depth limit): ``seen`` then holds every event read, for the composer to start again.

    Most of a large card file's load time went into making and walking its nodes."""
    cap = limit("yaml_depth") - outer
    get, resolve, seen_append = loader.get_event, loader.resolve, seen.append
    constructors = loader.yaml_constructors
    value_of = _VALUE_OF
    stack: list[list] = []  # open collections, innermost last: [value, pending key or _NO_KEY, key line]
    count = 0
    while True:
        event = get()
        seen_append(event)
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.anchor is not None or event.tag is not None or len(stack) >= cap:
                return _NOT_DIRECT, 0
            raw = event.value
            if not event.implicit[0]:  # quoted: always text
                value = raw
            else:
                known = value_of.get(raw)
                if known is not None:
                    value = known[0]
                else:
                    tag = resolve(yaml.ScalarNode, raw, event.implicit)
                    if tag == _STR_TAG:
                        value = raw
                    elif tag in _DIRECT_TAGS:
                        value = constructors[tag](loader, yaml.ScalarNode(tag, raw, event.start_mark, event.end_mark))
                    else:
                        return _NOT_DIRECT, 0
                    if tag in _SHARED_TAGS and len(raw) <= 32 and len(value_of) < _VALUE_OF_MAX:
                        value_of[raw] = (value,)
            line = event.start_mark.line + 1
            count += 1
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if event.anchor is not None or event.tag is not None or len(stack) >= cap:
                return _NOT_DIRECT, 0
            if stack and type(stack[-1][0]) is LocDict and stack[-1][1] is _NO_KEY:
                return _NOT_DIRECT, 0  # a list or mapping as a key
            value = LocDict() if kind is yaml.MappingStartEvent else LocList()
            value.line = event.start_mark.line + 1
            count += 1
            stack.append([value, _NO_KEY, 0])
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            value = stack.pop()[0]
            line = value.line
        else:  # an alias, or an event no item holds
            return _NOT_DIRECT, 0
        if not stack:
            return value, count
        top = stack[-1]
        into = top[0]
        if type(into) is LocList:
            into.append(value)
            into.lines.append(line)
        elif top[1] is _NO_KEY:
            if type(value) is str:
                value = sys.intern(value)
            if value in into:
                return _NOT_DIRECT, 0  # the composed way reports the repeated key
            top[1], top[2] = value, line
        else:
            into[top[1]] = value
            into.lines[top[1]] = top[2]
            top[1] = _NO_KEY


def _plain_start(event: yaml.Event, kind: type) -> bool:
    return type(event) is kind and event.anchor is None and event.tag is None
