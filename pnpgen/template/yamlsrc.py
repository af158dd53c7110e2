"""YAML that remembers where each key was written, so template errors can name file and line.

``load_yaml`` returns plain dicts and lists, except that every mapping is a :class:`SrcMap`: a
dict that also knows its file, its own line and the line of each key. Deep merging (``extends``)
keeps each key's origin, so an error in an inherited box still points at the base file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnpgen.yamlsafe import BoundedSafeLoader, YamlLimitError, check_node, reader_error_line


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


def _build(node: yaml.Node, file: str, path: str = "") -> Any:
    if isinstance(node, yaml.MappingNode):
        out = SrcMap(file=file, line=node.start_mark.line + 1, path=path)
        for knode, vnode in node.value:
            key = _build(knode, file, path)
            if not isinstance(key, str):
                # Template keys are names; a number key (e.g. `1: ...`) is almost always a typo.
                key = str(key)
            if key in out:
                raise YamlError(f"{file}:{knode.start_mark.line + 1}: duplicate key {key!r}")
            out[key] = _build(vnode, file, path)
            out.key_src[key] = (file, knode.start_mark.line + 1)
            if isinstance(vnode, yaml.ScalarNode):
                # A block scalar's text starts on the line after its ``|``/``>`` indicator.
                out.value_line[key] = vnode.start_mark.line + 1 + (vnode.style in ("|", ">"))
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, file, path) for v in node.value]
    # Scalars: let the safe constructor decide the type (int, float, bool, null, str).
    return _scalar(node, file)


_SCALAR_LOADER = yaml.SafeLoader("")


class _Composer(BoundedSafeLoader):
    """Composes (never constructs) a template file, refusing over-deep nesting."""


def _compose(text: str) -> yaml.Node | None:
    loader = _Composer(text)
    try:
        node = loader.get_single_node()
        check_node(node)
        return node
    finally:
        loader.dispose()


def _scalar(node: yaml.ScalarNode, file: str = "") -> Any:
    # compose() already resolved the tag (int, bool, null...); the safe constructor converts it.
    try:
        value = _SCALAR_LOADER.construct_object(node, deep=True)
    except (ValueError, TypeError, OverflowError, yaml.YAMLError) as e:  # `!!int abc`: a tag its value cannot take
        raise YamlError(f"{file}:{node.start_mark.line + 1}: YAML value {str(node.value)[:40]!r} "
                        f"does not fit its tag {node.tag} ({type(e).__name__}); remove the '!!' tag") from None
    finally:
        _SCALAR_LOADER.constructed_objects.clear()  # the loader caches by node: do not keep them
    return value


def load_yaml(path: Path, display: str, text: str | None = None) -> Any:
    """Parse ``path`` (or ``text`` read from it by the caller's resolver); ``display`` is the
    file name used in messages (e.g. ``templates/x/a.yaml``)."""
    try:
        if text is None:
            text = path.read_text(encoding="utf-8")
        node = _compose(text)
    except YamlLimitError as e:
        raise YamlError(f"{display}:{e.line}: {e.message}; {e.hint}") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        raise YamlError(f"{display}:{line}: invalid YAML: {e.problem or e.context}") from None
    except yaml.reader.ReaderError as e:
        line = reader_error_line(text, e) if text else 0
        raise YamlError(f"{display}:{line}: {e.reason}; remove control characters, save as plain UTF-8") from None
    except yaml.YAMLError as e:
        raise YamlError(f"{display}: invalid YAML: {' '.join(str(e).split())[:200]}") from None
    except UnicodeDecodeError as e:
        raise YamlError(f"{display}: not UTF-8 text ({e.reason}); save the file as UTF-8") from None
    if node is None:
        return SrcMap(file=display, line=1, path=str(path))
    return _build(node, display, str(path))


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
