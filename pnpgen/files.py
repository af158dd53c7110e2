"""The one resolver for every file a game or expansion names: card data, templates, images, fonts.

A game or expansion folder may come from a stranger, so each name it gives (``extends:``,
``src: art/x.png``, ``fonts/My.otf``, ``cards/extra.csv``) goes through :class:`FileResolver`:

- **confinement**: the path, after every symlink is resolved, must lie inside the folder
  (its *home*) or inside the bundled ``templates/`` and ``fonts/``; anything else is a one-line
  :class:`FileError` (a :class:`~pnpgen.spec.errors.SpecError`, so the CLI prints it and exits 2);
- **only regular files** are read (never a FIFO, a device such as ``/dev/zero``, or a folder);
- **limits**: each kind of file has a byte limit checked before reading (:class:`Limits`);
- **caching**: bytes and their SHA-256 are cached by (path, size, mtime), so a file named by
  400 cards is read and hashed once, and a rebuild can key its own caches (downsampled images)
  by content rather than by name.

Readers never call ``open`` on a path a game gave them; they ask the resolver for the bytes.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnpgen import bundled
from pnpgen.errors import SpecError, display_path

BUNDLED_ROOTS: tuple[Path, ...] = (bundled.templates(), bundled.fonts())

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Bytes a single file of each kind may have (docs/security.md). Raise with ``PNPGEN_LIMIT_<KIND>_MB``."""

    data: int = 16 * MiB      # a YAML, CSV or XLSX card file, a template, game.yaml
    image: int = 64 * MiB     # one art file (PNG, JPEG, WebP, SVG)
    font: int = 32 * MiB      # one TTF/OTF

    def for_kind(self, kind: str) -> int:
        env = os.environ.get(f"PNPGEN_LIMIT_{kind.upper()}_MB")
        if env:
            try:
                return int(float(env) * MiB)
            except ValueError:
                raise SpecError(f"PNPGEN_LIMIT_{kind.upper()}_MB must be a number of megabytes, got {env!r}") from None
        return getattr(self, kind)


DEFAULT_LIMITS = Limits()


class FileError(SpecError):
    """A named file that cannot be used: outside the folder, missing, not a regular file, too big."""


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
        return True
    except ValueError:
        return False


class FileResolver:
    """Files of one game or expansion folder (``home``), plus the bundled templates and fonts.

    ``locate`` turns a name into a confined real path; ``read_bytes``/``read_text`` read it
    within its kind's limit; ``digest`` is its SHA-256. ``where`` in every call is the
    (file, line) that named the file, so an error points at the line to fix.
    """

    def __init__(self, home: Path | str, limits: Limits = DEFAULT_LIMITS,
                 shared: tuple[Path, ...] = BUNDLED_ROOTS) -> None:
        self.home = Path(os.path.realpath(home))
        self.roots = (self.home,) + tuple(Path(os.path.realpath(r)) for r in shared)
        self.limits = limits
        self._bytes: dict[tuple[Path, int, int], bytes] = {}
        self._digests: dict[tuple[Path, int, int], str] = {}
        # realpath() costs a system call per path component; a deck names the same folders
        # thousands of times. We always open the resolved path, so a link swapped in later is
        # never followed through this cache.
        self._real: dict[str, str] = {}

    # -- where a name points -----------------------------------------------------------------
    def locate(self, name: str | Path, base: Path | str | None = None, what: str = "file",
               where: tuple[str | Path, int] | None = None, must_exist: bool = True) -> Path:
        """The real path of ``name`` (relative to ``base``, default the home folder), confined.

        Raises :class:`FileError` naming ``where`` when it leaves the allowed folders, does not
        exist (``must_exist``), or is not a regular file."""
        text = str(name)
        if not text.strip() or "\x00" in text:
            raise self._error(f"{what}: empty or invalid file name {text[:80]!r}", where)
        raw = self._joined(text, base)
        key = str(raw)
        cached = self._real.get(key)
        if cached is None:
            cached = os.path.realpath(raw)
            if len(self._real) < 100_000:
                self._real[key] = cached
        real = Path(cached)
        if not any(_inside(real, root) for root in self.roots):
            raise self._error(f"{what} {_excerpt(text)!r} lies outside the folder {display_path(self.home)}",
                              where, hint="a game or expansion may only name files inside its own folder")
        if not must_exist:
            return real
        try:
            st = os.stat(real)
        except FileNotFoundError:
            raise self._error(f"{what} {_excerpt(text)!r} not found", where,
                              hint=f"paths are relative to {display_path(Path(base) if base else self.home)}") from None
        except OSError as err:
            raise self._error(f"{what} {_excerpt(text)!r} cannot be read ({err.strerror})", where) from None
        if not stat.S_ISREG(st.st_mode):
            raise self._error(f"{what} {_excerpt(text)!r} is not a regular file", where,
                              hint="name a file, not a folder, device, pipe or socket")
        return real

    def locate_first(self, name: str, bases: list[Path | str | None], what: str = "file",
                     where: tuple[str | Path, int] | None = None) -> Path:
        """``name`` relative to the first of ``bases`` (None: the home folder) where it exists;
        every candidate is confined, and a miss lists the folders looked in."""
        outside: FileError | None = None
        for base in bases:
            try:
                candidate = self.locate(name, base=base, what=what, where=where, must_exist=False)
            except FileError as err:  # '../art/x.png' is fine from templates/, outside from the folder
                raw = self._joined(name, base)
                if raw.is_symlink() or raw.exists():
                    raise  # a file that is there but leads outside: never fall back to another base
                outside = outside or err
                continue
            if candidate.exists() or candidate.is_symlink():
                return self.locate(candidate, what=what, where=where)
        if outside is not None and not any(self._inside_from(name, b) for b in bases):
            raise outside
        looked = ", ".join(dict.fromkeys(display_path(Path(b) if b else self.home) + "/" for b in bases))
        raise self._error(f"{what} {_excerpt(str(name))!r} not found", where, hint=f"looked in {looked}")

    def _joined(self, name: str | Path, base: Path | str | None) -> Path:
        """``name`` as written, joined to ``base`` (None: the home folder) unless absolute; not resolved."""
        raw = Path(name)
        return raw if raw.is_absolute() else Path(base if base is not None else self.home) / raw

    def _inside_from(self, name: str, base: Path | str | None) -> bool:
        return self.inside(self._joined(name, base))

    def inside(self, path: Path | str) -> bool:
        """Whether ``path`` (after links) is in the home folder or the bundled ones."""
        real = Path(os.path.realpath(path))
        return any(_inside(real, root) for root in self.roots)

    def listing(self, folder: Path | str, patterns: tuple[str, ...]) -> list[Path]:
        """Regular files in ``folder`` matching ``patterns``, sorted by name, each confined.

        A matching entry that is a link leading outside, or a pipe/device, is an error rather
        than skipped: a user should learn that a file they put there is not read."""
        folder = Path(folder)
        if not folder.is_dir() or not self.inside(folder):
            return []
        found: set[Path] = set()
        for pattern in patterns:
            found.update(folder.glob(pattern))
        for path in sorted(found):
            self.locate(path.absolute(), what="card file", where=(path, 0))
        # The paths as the user sees them (not link targets), for messages and ordering.
        return sorted(found)

    # -- reading -----------------------------------------------------------------------------
    def _key(self, path: Path) -> tuple[Path, int, int]:
        st = os.stat(path)
        return (Path(path), st.st_size, st.st_mtime_ns)

    def read_bytes(self, path: Path | str, kind: str = "data", where: tuple[str | Path, int] | None = None) -> bytes:
        """The bytes of a located file, at most its kind's limit (checked before reading)."""
        # ``path`` is one the program holds (relative to the working folder), not a name from the game.
        real = self.locate(Path(path).absolute(), what=f"{kind} file", where=where)
        key = self._key(real)
        hit = self._bytes.get(key)
        if hit is not None:
            return hit
        limit = self.limits.for_kind(kind)
        if key[1] > limit:
            raise self._error(f"{kind} file is {key[1] / MiB:.1f} MB, over the {limit / MiB:g} MB limit",
                              (path, 0), hint=f"make it smaller, or raise the limit with PNPGEN_LIMIT_{kind.upper()}_MB")
        with open(real, "rb") as fh:
            data = fh.read(limit + 1)
        if len(data) > limit:  # grew while we looked
            raise self._error(f"{kind} file is over the {limit / MiB:g} MB limit", (path, 0))
        if kind == "font":  # fonts are asked for again; pictures are embedded once and not kept
            self._bytes[key] = data
        return data

    def read_text(self, path: Path | str, kind: str = "data", where: tuple[str | Path, int] | None = None) -> str:
        """UTF-8 text (a leading BOM dropped); a decoding error names the file and line."""
        data = self.read_bytes(path, kind, where)
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            raise FileError(f"not UTF-8 text (byte 0x{data[err.start]:02x})", file=path, line=line,
                            hint="save the file as UTF-8") from None

    def digest(self, path: Path | str, kind: str = "data") -> str:
        """SHA-256 (hex) of a file's content, cached while the file is unchanged."""
        real = self.locate(Path(path).absolute(), what=f"{kind} file")
        key = self._key(real)
        if key not in self._digests:
            self._digests[key] = hashlib.sha256(self.read_bytes(real, kind)).hexdigest()
        return self._digests[key]

    def _error(self, message: str, where: tuple[str | Path, int] | None, hint: str = "") -> FileError:
        file, line = where if where else (None, 0)
        return FileError(message, file=file, line=line, hint=hint)


def _excerpt(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


@lru_cache(maxsize=64)
def _cached(home: str) -> FileResolver:
    return FileResolver(home)


def resolver_for(home: Path | str) -> FileResolver:
    """The shared resolver of one folder (one per process, so its caches serve every reader)."""
    # Asked for every card a deck draws: the folder's real path (a stat per path component) is
    # looked up once per folder name and working directory, not once per card.
    home = os.fspath(home)
    return _cached(_real(home, "" if os.path.isabs(home) else os.getcwd()))


@lru_cache(maxsize=256)
def _real(home: str, cwd: str) -> str:
    return os.path.realpath(home)


def cache_dir() -> Path:
    """Where derived files (downsampled images, …) are kept between runs: ``$PNPGEN_CACHE``,
    else ``$XDG_CACHE_HOME/pnpgen``, else ``~/.cache/pnpgen``. Keyed by content, never by name."""
    env = os.environ.get("PNPGEN_CACHE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pnpgen"
