"""Template YAML that remembers where each key was written, so template errors can name file and line.

Read by :mod:`pnpgen.yamlread` (the spec's reader, with its limits), with every key as text;
``load_yaml`` returns plain dicts and lists, except that every mapping is a :class:`SrcMap`: a
dict that also knows its file, its own line and the line of each key. Deep merging (``extends``)
keeps each key's origin, so an error in an inherited box still points at the base file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnpgen.yamlread import (DuplicateKey, LocDict, LocList, LocLoader, ValueUnfitForTag, construct_mapping,
                             construct_sequence, read_yaml)
from pnpgen.yamlsafe import YamlLimitError, reader_error_line


class SrcMap(dict):
    """A dict with ``file``, ``line`` and ``key_src[key] = (file, line)``."""

    def __init__(self, *args: Any, file: str = "", line: int = 0, path: str = "", **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.file = file
        self.line = line
        self.path = path  # the real file, for names relative to it (an image's ``src``)
        self.key_src: dict[str, tuple[str, int]] = {}
        # Line where a text value's first line is written (the line after ``|`` or ``>`` for a block
        # scalar), so a place inside a multi-line Jinja text can be named (``template.reads``).
        self.value_line: dict[str, int] = {}

    def where(self, key: str | None = None) -> tuple[str, int]:
        if key is not None and key in self.key_src:
            return self.key_src[key]
        return (self.file, self.line)

    def value_where(self, key: str) -> tuple[str, int]:
        """File and line of the first line of ``key``'s text value (else of the key)."""
        file, line = self.where(key)
        return file, self.value_line.get(key, line)

    def copy_origin(self, other: "SrcMap", key: str) -> None:
        """Take where ``key`` was written from ``other``'s record of it."""
        self.key_src[key] = other.where(key)
        if key in other.value_line:
            self.value_line[key] = other.value_line[key]
        else:
            self.value_line.pop(key, None)


class YamlError(ValueError):
    """A template file is not valid YAML; the message names file and line."""


class _TemplateLoader(LocLoader):
    """Templates are read as ever: every key is text (a name), ``<<`` is no merge key, and a tag on
    a list or mapping (``!!set``, ``!!omap``) changes nothing: it is read as a plain one."""

    text_keys = True
    value_lines = True
    merge_keys = False


for _tag in ("set",):
    _TemplateLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", construct_mapping)
for _tag in ("omap", "pairs"):
    _TemplateLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", construct_sequence)
_NO_DOCUMENT = object()


def _srcmaps(value: Any, file: str, path: str) -> Any:
    """The located reader's ``LocDict``/``LocList`` tree as ``SrcMap`` mappings and plain lists."""
    if isinstance(value, LocDict):
        out = SrcMap(file=file, line=value.line, path=path)
        for key, item in value.items():
            out[key] = _srcmaps(item, file, path)
            out.key_src[key] = (file, value.lines[key])
            if key in value.value_lines:
                out.value_line[key] = value.value_lines[key]
        return out
    if isinstance(value, LocList):
        return [_srcmaps(item, file, path) for item in value]
    return value


def load_yaml(path: Path, display: str, text: str | None = None) -> Any:
    """Parse ``path`` (or ``text`` read from it by the caller's resolver); ``display`` is the
    file name used in messages (e.g. ``templates/x/a.yaml``)."""
    try:
        if text is None:
            text = path.read_text(encoding="utf-8")
        data = read_yaml(text, display, _TemplateLoader, empty=_NO_DOCUMENT)
    except YamlLimitError as e:
        raise YamlError(f"{display}:{e.line}: {e.message}; {e.hint}") from None
    except DuplicateKey as e:
        raise YamlError(f"{display}:{e.line}: duplicate key {e.key!r}") from None
    except ValueUnfitForTag as e:
        if isinstance(e.node, yaml.ScalarNode) or not isinstance(e.cause, yaml.YAMLError):
            raise YamlError(f"{display}:{e.line}: YAML value {str(e.node.value)[:40]!r} does not fit its tag "
                            f"{e.node.tag} ({type(e.cause).__name__}); remove the '!!' tag") from None
        raise _yaml_error(e.cause, display, text) from None
    except yaml.YAMLError as e:
        raise _yaml_error(e, display, text) from None
    except UnicodeDecodeError as e:
        raise YamlError(f"{display}: not UTF-8 text ({e.reason}); save the file as UTF-8") from None
    if data is _NO_DOCUMENT:
        return SrcMap(file=display, line=1, path=str(path))
    return _srcmaps(data, display, str(path))


def _yaml_error(e: yaml.YAMLError, display: str, text: str | None) -> YamlError:
    if isinstance(e, yaml.MarkedYAMLError):
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        return YamlError(f"{display}:{line}: invalid YAML: {e.problem or e.context}")
    if isinstance(e, yaml.reader.ReaderError):
        line = reader_error_line(text, e) if text else 0
        return YamlError(f"{display}:{line}: {e.reason}; remove control characters, save as plain UTF-8")
    return YamlError(f"{display}: invalid YAML: {' '.join(str(e).split())[:200]}")


def deep_merge(base: Any, child: Any) -> Any:
    """Child over base: mappings merge key by key, anything else (lists too) is replaced.

    A child value of ``None`` deletes the key, so a template can drop an inherited box.
    """
    if not (isinstance(base, dict) and isinstance(child, dict)):
        return child
    out = SrcMap(file=getattr(child, "file", ""), line=getattr(child, "line", 0))
    for k, v in base.items():
        out[k] = v
        if isinstance(base, SrcMap):
            out.copy_origin(base, k)
    for k, v in child.items():
        if v is None:
            out.pop(k, None)
            out.key_src.pop(k, None)
            out.value_line.pop(k, None)
            continue
        out[k] = deep_merge(out[k], v) if k in out else v
        if isinstance(child, SrcMap):
            out.copy_origin(child, k)
        else:
            out.key_src[k] = ("", 0)
            out.value_line.pop(k, None)
    return out
