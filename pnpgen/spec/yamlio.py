"""Spec YAML in with line numbers, YAML out byte-stable.

Reading is :mod:`pnpgen.yamlread`'s (``LocDict``/``LocList`` that remember the line of themselves
and of each key/item, a card file read one item at a time); here files are read through the game's
resolver and the reader's errors become one-line ``SpecError`` errors naming file and line.

Writing: insertion order kept, no line wrapping, unicode kept, so that the same data always gives
the same bytes. The bytes are PyYAML's Python emitter's; libyaml's emitter (when PyYAML has it)
writes the data it writes alike (``_alike_in_libyaml``) five times faster.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from pnpgen.files import FileResolver, resolver_for
from pnpgen.spec.errors import SpecError
from pnpgen.yamlread import (DuplicateKey, KeyNotText, LocDict, LocList, LocLoader, NotItemByItem, ValueUnfitForTag,
                             load_yaml_items, read_yaml)
from pnpgen.yamlsafe import YamlLimitError, reader_error_line

__all__ = ["LocDict", "LocList", "LocLoader", "NotItemByItem", "dump_yaml", "load_yaml", "load_yaml_items",
           "load_yaml_text", "read_yaml_text"]


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


def load_yaml_text(text: str, path: Path | str) -> Any:
    """``text`` read by the located reader; every error becomes one SpecError naming ``path`` and the line."""
    try:
        return read_yaml(text, str(path))
    except (ValueUnfitForTag, ValueError, TypeError, OverflowError) as err:
        cause = err.cause if isinstance(err, ValueUnfitForTag) else err
        if isinstance(cause, yaml.YAMLError):  # e.g. bad base64 under !!binary: worded as PyYAML's errors
            raise _yaml_error(cause, text, path) from None
        # e.g. `!!int ability`: a tag its value cannot take
        tagged = next((i for i, ln in enumerate(text.splitlines(), 1) if "!!" in ln), 0)
        raise SpecError(f"YAML value does not fit its tag ({type(cause).__name__}: {str(cause)[:80]})",
                        file=path, line=tagged, hint="remove the '!!' tag; plain values need none") from None
    except KeyNotText as err:
        raise SpecError(str(err), file=path, line=err.line, hint="check the line for a stray '?', '[' or '{'") from None
    except DuplicateKey as err:
        raise SpecError(str(err), file=path, line=err.line, hint="remove one of them") from None
    except YamlLimitError as err:
        raise SpecError(f"YAML: {err.message}", file=path, line=err.line, hint=err.hint) from None
    except RecursionError:
        raise SpecError("YAML nested too deeply", file=path, hint="flatten the data") from None
    except yaml.YAMLError as err:
        raise _yaml_error(err, text, path) from None


def _yaml_error(err: yaml.YAMLError, text: str, path: Path | str) -> SpecError:
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        problem = " ".join(str(err.problem or err.context or "invalid YAML").split())
        return SpecError(f"YAML syntax error: {problem}", file=path, line=line,
                         hint="check indentation, colons and quoting on that line")
    line = reader_error_line(text, err) if isinstance(err, yaml.reader.ReaderError) else 0
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

_FastStableDumper: Any = None  # a PyYAML built without libyaml has no C emitter
if yaml.__with_libyaml__:
    class _CStableDumper(yaml.CSafeDumper):
        """``_StableDumper``'s representation on libyaml's emitter."""

        ignore_aliases = _StableDumper.ignore_aliases

    _CStableDumper.yaml_representers = dict(_StableDumper.yaml_representers)
    _FastStableDumper = _CStableDumper

# Text both emitters write alike: printable characters and '\n', short enough never to be folded.
# They differ on an empty key, on CR, NEL and the Unicode line and paragraph separators, on a BOM
# (compared on every bundled cardspec and on random data: tests/spec/test_yaml_dump.py).
_ALIKE_TEXT = re.compile(r"[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]{0,1000}")
_ALIKE_SCALARS = (int, float, bool, type(None))  # written by the representer alone


def _alike_in_libyaml(data: Any) -> bool:
    """Whether libyaml's emitter writes ``data`` byte for byte as PyYAML's Python emitter: mappings
    and lists (our Loc types too) of numbers, booleans, nulls and text both write alike."""
    if not isinstance(data, (dict, list)):
        return False  # a document that is one scalar may end in "..." in one and not the other
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is str:
            if not _ALIKE_TEXT.fullmatch(node):
                return False
        elif kind is dict or kind is LocDict:
            for key, value in node.items():
                if type(key) is str and not key:
                    return False
                stack.append(key)
                stack.append(value)
        elif kind is list or kind is LocList:
            stack.extend(node)
        elif kind not in _ALIKE_SCALARS:
            return False
    return True


def dump_yaml(data: Any) -> str:
    """Deterministic YAML text: insertion order, no wrapping, unicode as is."""
    fast = _FastStableDumper is not None and _alike_in_libyaml(data)
    return yaml.dump(
        data,
        Dumper=_FastStableDumper if fast else _StableDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=10_000,
    )
