"""Atomic file output: write to a temp file beside the target, then rename, so nothing is half-written.

Temp files are named ``.<name>.<pid>.<random>.tmp``. A process killed between write and rename
leaves one behind; the first write into a folder removes such orphans — only ones whose process
is gone, so concurrent builds into one folder never lose each other's files."""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path
from typing import BinaryIO, Callable

_TEMP = re.compile(r"^\..+\.(\d+)\.[A-Za-z0-9_]+\.tmp$")
_cleaned: set[Path] = set()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # exists but not ours, or not a pid we can ask about: leave its file alone
    return True


def remove_orphans(folder: Path) -> list[Path]:
    """Remove temp files in ``folder`` left by atomic writes of processes that no longer run."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _TEMP.match(entry.name)
        if m and entry.is_file(follow_symlinks=False) and not _alive(int(m.group(1))):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def atomic_write_bytes(path: Path, data: bytes) -> None:
    atomic_write(path, lambda fh: fh.write(data))


def atomic_write(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """``write(file)`` into a temp file beside ``path``, renamed to ``path`` once it returns
    (for output written piece by piece, never all in memory)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _cleaned:
        _cleaned.add(path.parent)
        remove_orphans(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        # mkstemp makes the file private; outputs are ordinary files, so honour the umask.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as err:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if err.filename is not None or err.errno is None:
            raise
        # A write that fails (disk full, file size limit) names no file: name the one being written.
        full = err.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
        raise OSError(err.errno, f"{err.strerror}{' (free some disk space)' if full else ''}", str(path)) from None
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def check_writable_folder(folder: Path | str) -> None:
    """Raise the ``OSError`` that writing a file into ``folder`` would raise (a file in its way, a
    folder nobody may write, a path that cannot exist), leaving nothing behind: a command calls it
    before the work whose files it could not save, so a bad ``--out`` fails at once, not after the
    whole build. The folders it has to make are removed again, as is the file it writes to try."""
    folder = Path(folder)
    missing: list[Path] = []
    existing = folder
    while not os.path.lexists(existing) and existing.parent != existing:
        missing.append(existing)
        existing = existing.parent
    made: list[Path] = []
    try:
        for path in reversed(missing):
            os.mkdir(path)
            made.append(path)
        try:
            fd, probe = tempfile.mkstemp(prefix=f".pnpgen-probe.{os.getpid()}.", suffix=".tmp", dir=folder)
        except OSError as err:  # it names the random probe file: name the folder the user gave
            raise OSError(err.errno, err.strerror, str(folder)) from None
        os.close(fd)
        os.unlink(probe)
    finally:
        for path in reversed(made):
            try:
                os.rmdir(path)
            except OSError:  # another process wrote into it meanwhile: it is theirs now
                pass


def check_writable_file(path: Path | str) -> None:
    """Raise the ``OSError`` that writing the file ``path`` (as ``atomic_write`` does) would raise:
    its folder as ``check_writable_folder`` tries it, and a folder standing where the file goes.
    Leaves nothing behind."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    check_writable_folder(path.parent)


def walk_folder(root: Path | str, skip: frozenset[str] = frozenset({"output", "__pycache__"})):
    """``os.walk`` over a game's folder as every reader of it needs it: links to folders are never
    entered (nor listed), hidden folders and ``skip`` names are left out, names come sorted (so
    digests and listings are stable). Yields (folder, sub-folder names, file names)."""
    for current, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in skip
                         and not os.path.islink(os.path.join(current, d)))
        yield current, dirs, sorted(files)
