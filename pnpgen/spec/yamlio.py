"""YAML in with line numbers, YAML out byte-stable.

Reading: mappings and sequences come back as ``LocDict``/``LocList`` that remember the 1-based
line of themselves and of each key/item, so the loader can point at the exact line of a bad
value. A file holding one long list (a card file: ``cards: [...]``) can be read one item at a
time (:func:`load_yaml_items`), so its nodes never all live at once; a plain item (no anchor,
alias or tag) is built straight from the parser's events, without nodes at all.

Writing: insertion order kept, no line wrapping, unicode kept, so that the same data always gives
the same bytes.
"""

from __future__ import annotations

import sys
from itertools import chain
from pathlib import Path
from typing import Any, Iterator

import yaml

from pnpgen.files import FileResolver, resolver_for
from pnpgen.spec.errors import SpecError
from pnpgen.limits import limit
from pnpgen.yamlsafe import BoundedSafeLoader, YamlLimitError, check_node, reader_error_line


class LocDict(dict):
    """A dict that knows its own line and each key's line."""

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
class _LocLoader(BoundedSafeLoader):
    def get_single_data(self) -> Any:
        # Check the composed graph (tags, recursion, expanded size) before building any value.
        node = self.get_single_node()
        if node is None:
            return None
        check_node(node)
        return self.construct_document(node)


def _construct_mapping(loader: _LocLoader, node: yaml.MappingNode) -> LocDict:
    loader.flatten_mapping(node)
    result = LocDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if type(key) is str:  # the same few keys on every card of a deck: one string each
            key = sys.intern(key)
        if isinstance(key, (dict, list)):
            raise SpecError("a mapping key must be plain text, not a list or mapping", file=loader.name,
                            line=key_node.start_mark.line + 1, hint="check the line for a stray '?', '[' or '{'")
        if key in result:
            raise SpecError(
                f"key {key!r} appears twice in one mapping",
                file=loader.name,
                line=key_node.start_mark.line + 1,
                hint="remove one of them",
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LocLoader, node: yaml.SequenceNode) -> LocList:
    result = LocList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LocLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LocLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path, files: FileResolver | None = None) -> Any:
    """Parse one YAML file with line tracking; a syntax error becomes a one-line SpecError.

    The file is read through ``files`` (the resolver of the game or expansion folder naming it;
    by default the file's own folder), so it is confined, regular and within the size limit."""
    return load_yaml_text(read_yaml_text(path, files), path)


def read_yaml_text(path: Path, files: FileResolver | None = None) -> str:
    """The text of a YAML file, read as :func:`load_yaml` reads it."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise SpecError("file not found", file=path, hint="check the path or run `pnpgen extract`")
    return (files or resolver_for(path.parent)).read_text(path)


class NotItemByItem(Exception):
    """Raised by :func:`load_yaml_items` for a document it does not read item by item."""


def load_yaml_items(text: str, path: Path | str, key: str) -> Iterator[Any]:
    """The items of a document that is exactly ``{key: [item, ...]}`` (no anchor or tag on the
    mapping, the key or the list), each composed, checked and constructed when asked for: only one
    item's nodes live at once, not the whole file's. They are the values
    ``load_yaml_text(text, path)[key]`` holds.

    :class:`NotItemByItem` (before or after some items) for any other document and for any error
    (syntax, limits, tags, duplicate keys): the caller then reads it whole with
    :func:`load_yaml_text`, which gives exactly the error (and the first of several) a whole read
    gives. So this path has only to be right for good files: a document it leaves after some items
    is one the whole read refuses (another key or document follows, or an error)."""
    loader = None
    try:
        if limit("yaml_depth") < 3:  # the mapping and the list alone reach the bound
            raise NotItemByItem
        loader = _LocLoader(text)
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


def _direct_item(loader: _LocLoader, outer: int, seen: list) -> tuple[Any, int]:
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


def load_yaml_text(text: str, path: Path | str) -> Any:
    loader = None
    try:
        loader = _LocLoader(text)
        loader.name = str(path)
        return loader.get_single_data()
    except YamlLimitError as err:
        raise SpecError(f"YAML: {err.message}", file=path, line=err.line, hint=err.hint) from None
    except RecursionError:
        raise SpecError("YAML nested too deeply", file=path, hint="flatten the data") from None
    except (ValueError, TypeError, OverflowError) as err:  # e.g. `!!int ability`: a tag its value cannot take
        tagged = next((i for i, ln in enumerate(text.splitlines(), 1) if "!!" in ln), 0)
        raise SpecError(f"YAML value does not fit its tag ({type(err).__name__}: {str(err)[:80]})", file=path,
                        line=tagged, hint="remove the '!!' tag; plain values need none") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        problem = " ".join(str(err.problem or err.context or "invalid YAML").split())
        raise SpecError(f"YAML syntax error: {problem}", file=path, line=line,
                        hint="check indentation, colons and quoting on that line") from None
    except yaml.YAMLError as err:
        line = reader_error_line(text, err) if isinstance(err, yaml.reader.ReaderError) else 0
        problem = err.reason if isinstance(err, yaml.reader.ReaderError) else " ".join(str(err).split())
        raise SpecError(f"YAML error: {problem}", file=path, line=line or 0,
                        hint="remove control characters; save the file as plain UTF-8 text") from None
    finally:
        if loader is not None:
            loader.dispose()


class _StableDumper(yaml.SafeDumper):
    """Block style, no aliases, and plain dict/list for our Loc types."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


_StableDumper.add_representer(LocDict, _StableDumper.represent_dict)
_StableDumper.add_representer(LocList, _StableDumper.represent_list)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_StableDumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> str:
    """Deterministic YAML text: insertion order, no wrapping, unicode as is."""
    return yaml.dump(
        data,
        Dumper=_StableDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=10_000,
    )
