"""``pnpgen watch``: on every save, reload the specs, re-validate, redraw the cards that changed,
and write ``output/<name>/preview.png`` (a contact sheet) and the PDF.

:meth:`Previewer.handle` does the work for one change event, so tests and benchmarks drive it
without real file events; :func:`watch` is the loop around it, fed by ``watchfiles``. A save that
does not load (bad YAML, a wrong field, a broken template) gives one error line and leaves the
last good output in place: every file is written only after everything it needs succeeded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pnpgen.fsutil import atomic_write_bytes, walk_folder
from pnpgen.preview.cache import ThumbCache
from pnpgen.preview.proof import kit_name
from pnpgen.preview.sheet import card_thumbs, contact_sheet
from pnpgen.render import face
from pnpgen.render.build import build_game
from pnpgen.render.raster import png_bytes
from pnpgen.spec.errors import SpecError
from pnpgen.spec.expansion import is_expansion, load_expansion, read_manifest
from pnpgen.spec import find_game_dir, load_game
from pnpgen.spec.model import Game
from pnpgen.template.loader import TEMPLATES_DIR
from pnpgen.validate import Severity, ValidationResult, validate_game

# Card data, templates, art and fonts: any of them changes what a card looks like.
WATCHED_SUFFIXES = (".yaml", ".yml", ".csv", ".xlsx", ".png", ".jpg", ".jpeg", ".webp", ".svg", ".ttf", ".otf")
# A folder from a stranger may hold thousands of folders (or links to /usr): watch at most this many.
MAX_WATCHED_FOLDERS = 256
PREVIEW_COLUMNS = 6


@dataclass
class Refresh:
    """What one save led to."""

    name: str
    ok: bool
    error: str | None = None
    rendered: list[str] = field(default_factory=list)   # ids of cards redrawn (the rest came from the cache)
    cards: int = 0
    validation: ValidationResult | None = None
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """The report the CLI prints: findings, then one summary line (or the one error line)."""
        if not self.ok:
            return [f"{self.name}: error: {self.error} — keeping the last good output"]
        out = [f.format() for f in self.validation.findings] if self.validation else []
        out += [f"{self.name}: warning: {w}" for w in self.warnings]
        v = self.validation
        counts = (f"{v.count(Severity.ERROR)} errors, {v.count(Severity.WARNING)} warnings, "
                  f"{v.count(Severity.INFO)} notes") if v else "not validated"
        redrawn = f"{len(self.rendered)} of {self.cards} cards redrawn"
        files = ", ".join(str(p) for p in self.files)
        out.append(f"{self.name}: {redrawn}; {counts}; wrote {files} in {self.seconds:.2f} s")
        return out


class Previewer:
    """Keeps what a save does not change (the base game, card thumbnails) between saves."""

    def __init__(self, spec: str | Path, out_dir: str | Path = "output", fit: bool = True) -> None:
        self.directory = find_game_dir(spec)
        self.out_dir = Path(out_dir)
        self.fit = fit
        self.cache = ThumbCache()
        self._bases: dict[str, tuple[tuple, Game]] = {}
        self._name = self.directory.name

    # -- what to watch -------------------------------------------------------------------
    def watched_paths(self) -> list[Path]:
        """Every folder inside the spec folder, and the template folders its cards are drawn with.

        Each is watched on its own, not recursively: a recursive watch follows links, so a link to
        ``/usr`` in a downloaded folder would set thousands of watches outside it. Links to folders
        are never entered; the walk stops at :data:`MAX_WATCHED_FOLDERS`."""
        paths = _own_folders(self.directory)
        game_id = self._game_id()
        for folder in (TEMPLATES_DIR / game_id, TEMPLATES_DIR / "_shared"):
            if folder.is_dir():
                paths.append(folder)
        return paths

    def relevant(self, path: str | Path) -> bool:
        """A spec or template file (not our own output, not an editor's backup)."""
        path = Path(path).resolve()
        if path.suffix.lower() not in WATCHED_SUFFIXES or path.name.startswith((".", "#")):
            return False
        return not path.is_relative_to(self.out_dir.resolve())

    # -- one event -----------------------------------------------------------------------
    def handle(self, changed: Iterable[str | Path] | None = None) -> Refresh:
        """Reload, re-validate and re-render after ``changed`` files were saved (None: first build)."""
        start = time.perf_counter()
        changed = None if changed is None else [Path(p).resolve() for p in changed]
        if changed is None or any(_is_template(p, self.directory) for p in changed):
            face.reset_libraries()  # template files are read once per library
        try:
            game = self._load()
            self._name = kit_name(game)
            refresh = Refresh(self._name, ok=True)
            refresh.validation = validate_game(game, with_fit=self.fit)
            thumbs = card_thumbs(game, self.cache)
            refresh.rendered, refresh.cards = thumbs.rendered, len(thumbs.entries)
            sheet = contact_sheet([(c.label, img) for c, img in thumbs.entries], PREVIEW_COLUMNS)
            built = build_game(game, self.out_dir)
            preview = self.out_dir / self._name / "preview.png"
            atomic_write_bytes(preview, png_bytes(sheet, fast=True))
        except (SpecError, ValueError, OSError) as err:
            return Refresh(self._name, ok=False, error=_one_line(err), seconds=time.perf_counter() - start)
        refresh.files = [preview, *built.files]
        refresh.warnings = thumbs.warnings + built.warnings + [str(o) for o in built.overflows]
        refresh.seconds = time.perf_counter() - start
        return refresh

    def load(self) -> Game:
        """The game or expansion as it is on disk now (the base game reloaded only when it changed)."""
        return self._load()

    def _load(self) -> Game:
        if is_expansion(self.directory):
            return load_expansion(self.directory, self._base)
        return load_game(self.directory)

    def _base(self, base: str) -> Game:
        """The base game, reloaded only when one of its spec files changed (it takes ~0.3 s)."""
        folder = find_game_dir(base)
        stamp = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.rglob("*.yaml")))
        hit = self._bases.get(base)
        if hit is None or hit[0] != stamp:
            self._bases[base] = (stamp, load_game(base))
        return self._bases[base][1]

    def _game_id(self) -> str:
        try:
            return read_manifest(self.directory).base if is_expansion(self.directory) else self.directory.name
        except SpecError:
            return self.directory.name


def _own_folders(root: Path) -> list[Path]:
    """``root`` and the real folders below it (no links followed, hidden and output folders skipped)."""
    found = [root]
    for current, dirs, _files in walk_folder(root):
        for d in dirs:
            if len(found) >= MAX_WATCHED_FOLDERS:
                return found
            found.append(Path(current) / d)
    return found


def _is_template(path: Path, directory: Path) -> bool:
    """Anything but a spec file (the folder's own ``*.yaml`` and ``cards/*.yaml``) may be a template."""
    spec_dirs = {directory.resolve(), directory.resolve() / "cards"}
    return path.parent not in spec_dirs


def _one_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def watch(previewer: Previewer, report: Callable[[Refresh], None], once: bool = False,
          stop_event: threading.Event | None = None) -> Refresh:
    """Build once, then (unless ``once``) rebuild on every save until ``stop_event`` is set or
    the user interrupts; ``report`` gets each :class:`Refresh`. Returns the last one."""
    last = previewer.handle(None)
    report(last)
    if once:
        return last
    from watchfiles import watch as watch_files

    # step: a save is handled 50 ms after the last write of it (editors write in several steps).
    for changes in watch_files(*previewer.watched_paths(), watch_filter=lambda _c, p: previewer.relevant(p),
                               stop_event=stop_event, step=50, debounce=1600, recursive=False):
        last = previewer.handle(p for _, p in changes)
        report(last)
    return last
