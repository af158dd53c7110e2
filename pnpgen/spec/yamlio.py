"""YAML in with line numbers, YAML out byte-stable.

Reading: mappings and sequences come back as ``LocDict``/``LocList`` that remember the 1-based
line of themselves and of each key/item, so the loader can point at the exact line of a bad
value. Writing: insertion order kept, no line wrapping, unicode kept, so that the same data
always gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnpgen.files import FileResolver, resolver_for
from pnpgen.spec.errors import SpecError
from pnpgen.yamlsafe import BoundedComposer, YamlLimitError, check_node


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


# Composed by hardening's bounded composer (Python): libyaml's C composer recurses without a depth
# bound, and a hostile file must not be able to crash the process (docs/security.md). The events it
# composes come from libyaml's parser when PyYAML has it (``CParser``: a state machine with explicit
# stacks, no recursion; the same events and line marks, ~4x faster than the Python scanner and
# parser: xenoshyft's specs load in 0.07 s instead of 0.25 s), else from PyYAML's Python parser.
class _PyLocLoader(BoundedComposer, yaml.SafeLoader):
    def get_single_data(self) -> Any:
        # Check the composed graph (tags, recursion, expanded size) before building any value.
        node = self.get_single_node()
        if node is None:
            return None
        check_node(node)
        return self.construct_document(node)


try:
    from yaml._yaml import CParser
except ImportError:  # PyYAML built without libyaml
    _LocLoader = _PyLocLoader
else:
    # Composer before CParser in the MRO: the Python composer (bounded) over libyaml's events.
    class _LocLoader(BoundedComposer, yaml.composer.Composer, CParser,  # type: ignore[no-redef]
                     yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        get_single_data = _PyLocLoader.get_single_data

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)


def _construct_mapping(loader: _LocLoader, node: yaml.MappingNode) -> LocDict:
    loader.flatten_mapping(node)
    result = LocDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
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


for _loader in dict.fromkeys((_PyLocLoader, _LocLoader)):  # one class without libyaml
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path, files: FileResolver | None = None) -> Any:
    """Parse one YAML file with line tracking; a syntax error becomes a one-line SpecError.

    The file is read through ``files`` (the resolver of the game or expansion folder naming it;
    by default the file's own folder), so it is confined, regular and within the size limit."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise SpecError("file not found", file=path, hint="check the path or run `pnpgen extract`")
    text = (files or resolver_for(path.parent)).read_text(path)
    return load_yaml_text(text, path)


def load_yaml_text(text: str, path: Path | str) -> Any:
    try:
        return _load(_LocLoader, text, path)
    except yaml.YAMLError:  # only from libyaml's parser: read again below
        pass
    # a file libyaml refuses is read again by the Python parser, so a bad file gets the same
    # one-line message and line as without libyaml (the error path's speed does not matter)
    return _load(_PyLocLoader, text, path)


def _load(cls: type, text: str, path: Path | str) -> Any:
    loader = None
    try:
        loader = cls(text)
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
    except yaml.YAMLError as err:
        if cls is not _PyLocLoader:
            raise
        raise _yaml_error(err, text, path) from None
    finally:
        if loader is not None:
            loader.dispose()


def _yaml_error(err: yaml.YAMLError, text: str, path: Path | str) -> SpecError:
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        problem = " ".join(str(err.problem or err.context or "invalid YAML").split())
        return SpecError(f"YAML syntax error: {problem}", file=path, line=line,
                         hint="check indentation, colons and quoting on that line")
    line = err.position and text.count("\n", 0, err.position) + 1 if isinstance(err, yaml.reader.ReaderError) else 0
    problem = err.reason if isinstance(err, yaml.reader.ReaderError) else " ".join(str(err).split())
    return SpecError(f"YAML error: {problem}", file=path, line=line or 0,
                     hint="remove control characters; save the file as plain UTF-8 text")


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
