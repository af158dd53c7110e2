"""Up-to-date builds: a build whose inputs have not changed since the last one does nothing.

A stamp per spec folder and output folder (``<out>/.pnpgen-stamps/<digest>.json``) records what a
build depended on and what it wrote:

- **inputs**: every entry of the game's (or expansion's) folder and its base game's, hidden folders,
  an ``output/`` subfolder and links included, by path, size, modification time, change time and
  inode (a link also by its target); the bundled templates and fonts and pnpgen's own code the same
  way; the build options, pnpgen's version, the versions of the libraries that draw, and the
  ``PNPGEN_LIMIT_*`` and ``SOURCE_DATE_EPOCH`` environment. Only the files the build itself wrote
  (checked as outputs), this stamp folder and the picture cache are left out of the listing.
- **outputs**: every file the build reported, by size and SHA-256.

When the inputs match and every output is there with its digest, the recorded result (files,
pages, warnings, notes, overflows) is returned instead of building again: ``make``'s rule, so a
rebuild with unchanged art takes well under a second.

The whole folder is listed rather than the files a build happened to open: the reads happen in
several processes, and a file that is *not* there is an input too (adding the picture a card names
changes the kit). The change time is listed because a program can set a file's modification time
back after writing it, but not its change time. A folder of more than ``PNPGEN_LIMIT_STAMP_FILES``
entries (default 100,000) is not listed at all: the build then runs every time and says so, rather
than tracking part of the folder.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpgen import __version__, bundled
from pnpgen.errors import SpecError
from pnpgen.files import cache_dir
from pnpgen.fsutil import atomic_write_text

STAMP_DIR = ".pnpgen-stamps"
LIMIT_ENV = "PNPGEN_LIMIT_STAMP_FILES"
DEFAULT_ENTRY_LIMIT = 100_000
# Their versions change the bytes drawn; a `pip install -U` must not leave an old kit looking current.
_DRAWING_LIBRARIES = ("reportlab", "rl_accel", "pillow", "fonttools", "svglib", "openpyxl", "jinja2", "pyyaml",
                      "pypdfium2", "pyphen", "regex")
_RESULT_KEYS = ("game_id", "dest", "files", "pages", "cards", "warnings", "overflows", "notes")


class _TooMany(Exception):
    pass


def entry_limit() -> int:
    """How many entries the input folders may hold and still be tracked (``PNPGEN_LIMIT_STAMP_FILES``)."""
    raw = os.environ.get(LIMIT_ENV)
    if not raw:
        return DEFAULT_ENTRY_LIMIT
    try:
        value = float(raw)
    except ValueError:
        raise SpecError(f"{LIMIT_ENV} must be a number, got {raw[:40]!r}") from None
    if not 0 < value < float("inf"):
        raise SpecError(f"{LIMIT_ENV} must be a positive finite number, got {raw[:40]!r}")
    return int(value)


def untracked_note() -> str:
    return (f"note: the game's folder holds more than {entry_limit():,} files, too many to check for changes: "
            f"built in full (raise {LIMIT_ENV} to have unchanged builds skipped)")


@dataclass(frozen=True)
class Inputs:
    """What a build depends on, taken before it runs: ``key`` covers the options, environment and
    versions; ``entries`` is one line per file, link or unreadable folder, its path first (quoted,
    so no file name can pass for another entry)."""

    key: str
    entries: tuple[tuple[str, str], ...]  # (real path, line)

    def digest(self, written: set[str]) -> str:
        """The digest of everything but the files in ``written`` (the build's own outputs, which
        may lie inside the game's folder and are checked by their contents instead)."""
        h = hashlib.sha256(self.key.encode())
        for path, line in self.entries:
            if path not in written:
                h.update(line.encode("utf-8", "surrogateescape"))
                h.update(b"\n")
        return h.hexdigest()


def _state(st: os.stat_result) -> str:
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}"


def _list_folder(root: str, prune: set[str], skip_names: frozenset[str], out: list, limit: float) -> None:
    """Append every entry under ``root`` (real path) to ``out`` in a stable order, raising
    :class:`_TooMany` before ``out`` grows past ``limit``. Links are listed with their target and
    never entered: a target inside the folder is listed where it lies."""
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                found = sorted(it, key=lambda e: e.name)
        except OSError as err:
            out.append((folder, f"{folder!r} unreadable {err.errno}"))
            continue
        subfolders = []
        for entry in found:
            if len(out) >= limit:
                raise _TooMany
            path = entry.path
            try:
                if entry.is_symlink():
                    target = os.readlink(path)
                    try:
                        line = f"{path!r} link {target!r} {_state(os.stat(path))}"
                    except OSError:
                        line = f"{path!r} link {target!r}"  # dangling or a loop: naming it is an input too
                elif entry.is_dir(follow_symlinks=False):
                    if path not in prune and entry.name not in skip_names:
                        subfolders.append(path)
                    continue
                else:
                    line = f"{path!r} {_state(entry.stat(follow_symlinks=False))}"
            except OSError:
                line = f"{path!r} gone"
            out.append((path, line))
        stack.extend(reversed(subfolders))


@functools.cache
def _versions() -> tuple[str, ...]:
    """The drawing libraries' versions, read once a process: ~35 ms of parsing their metadata, which
    a studio or ``watch`` paid at every save. A library upgraded under a running process is not the
    one it drew with (its modules stay loaded), so the first reading is the right one."""
    found = []
    for name in _DRAWING_LIBRARIES:
        try:
            found.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name}=-")
    return tuple(found)


def inputs(folders: list[Path], options: dict[str, Any], out_dir: Path) -> Inputs | None:
    """Everything a build of ``folders`` with ``options`` into ``out_dir`` depends on; None when
    the folders hold more entries than :func:`entry_limit` (the build is then not tracked)."""
    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(json.dumps(options, sort_keys=True, default=str).encode())
    # SOURCE_DATE_EPOCH: templates may print it (``build.date``).
    h.update(json.dumps(sorted((k, v) for k, v in os.environ.items()
                               if k.startswith("PNPGEN_LIMIT_") or k == "SOURCE_DATE_EPOCH")).encode())
    h.update(json.dumps(_versions()).encode())
    # Written by builds, read by none as an input: stamps, and pictures cached under their digest.
    prune = {os.path.realpath(Path(out_dir) / STAMP_DIR), os.path.realpath(cache_dir())}
    entries: list[tuple[str, str]] = []
    try:
        for folder in folders:  # the limit is on the game's folders; pnpgen's own are a known size
            _list_root(folder, prune, frozenset(), entries, entry_limit())
    except _TooMany:
        return None
    # In a wheel the bundled data lies inside the package: listed once, as data, not again as code.
    for root, skip_names in [(bundled.templates(), frozenset()), (bundled.fonts(), frozenset()),
                             (bundled.code(), frozenset({"__pycache__", "_bundled"}))]:
        _list_root(root, prune, skip_names, entries, None)
    return Inputs(h.hexdigest(), tuple(entries))


def _list_root(root: Path, prune: set[str], skip_names: frozenset[str], out: list, limit: int | None) -> None:
    real = os.path.realpath(root)
    out.append((real, f"{real!r} root"))
    _list_folder(real, prune, skip_names, out, float("inf") if limit is None else len(out) + limit)


def _stamp_path(out_dir: Path, spec_dir: Path) -> Path:
    name = hashlib.sha256(str(Path(spec_dir).resolve()).encode()).hexdigest()[:24]
    return Path(out_dir) / STAMP_DIR / f"{name}.json"


def _output_state(path: str) -> list | None:
    """[size, SHA-256] of a written file; None when it is not there (or not a file)."""
    if not os.path.isfile(path):  # never open a pipe or device put in a file's place
        return None
    h = hashlib.sha256()
    size = 0
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                h.update(chunk)
                size += len(chunk)
    except OSError:
        return None
    return [size, h.hexdigest()]


def _same_output(path: str, state: Any) -> bool:
    if not isinstance(state, list) or len(state) != 2:
        return False
    try:
        if os.stat(path).st_size != state[0]:
            return False  # no need to read it
    except OSError:
        return False
    return _output_state(path) == state


def recall(out_dir: Path, spec_dir: Path, taken: Inputs) -> dict | None:
    """The recorded result when nothing the build depends on has changed and every file it wrote
    is still there with the same contents; else None."""
    try:
        stamp = json.loads(_stamp_path(out_dir, spec_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or any(k not in stamp for k in _RESULT_KEYS):
        return None
    outputs = stamp.get("outputs")
    if not isinstance(outputs, dict) or stamp.get("inputs") != taken.digest(set(outputs)):
        return None
    if not all(_same_output(path, state) for path, state in outputs.items()):
        return None
    return stamp


def record(out_dir: Path, spec_dir: Path, taken: Inputs | None, files: list[Path], result: dict) -> None:
    """Remember what this build depended on, wrote and reported, for the next one. Nothing is
    remembered for an untracked build, or when a file it wrote is already gone (its folder was
    deleted while it ran): the next build must run."""
    if taken is None:
        return
    outputs = {}
    for path in files:
        real = os.path.realpath(path)
        state = _output_state(real)
        if state is None:
            return
        outputs[real] = state
    stamp = {"inputs": taken.digest(set(outputs)), "outputs": outputs, **result}
    try:
        atomic_write_text(_stamp_path(out_dir, spec_dir), json.dumps(stamp, sort_keys=True, indent=1))
    except OSError:
        pass  # a read-only output folder only costs the next build its shortcut


def forget(out_dir: Path, spec_dir: Path) -> None:
    try:
        _stamp_path(out_dir, spec_dir).unlink()
    except OSError:
        pass
