"""The studio's state: the last good load of a game or expansion, its findings and card images.

:class:`Studio` wraps :class:`pnpgen.preview.watch.Previewer` (loading, the base-game cache, what
to watch) and the preview thumbnail cache, so the page shows what ``pnpgen proof``/``watch`` draw.
A save that does not load keeps the last good :class:`Snapshot` and records the one-line error.
It also owns the jobs the page starts: PDF builds (written only under ``output/``) and
background simulations.
"""

from __future__ import annotations

import threading
import time
import uuid
from itertools import islice
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnpgen import procs
from pnpgen.errors import display_path
from pnpgen.preview.cache import ThumbCache, card_key, environment_digest
from pnpgen.preview.proof import kit_name
from pnpgen.preview.sheet import card_thumbs, printable_cards, thumb_size
from pnpgen.preview.watch import Previewer, _is_template, _one_line
from pnpgen.render import face, raster
from pnpgen.render.face import library_for
from pnpgen.render.raster import png_bytes
from pnpgen.serve.delta import finding_keys
from pnpgen.spec.errors import SpecError
from pnpgen.spec.model import Card, Game
from pnpgen.validate import validate_game

LARGE_WIDTH = 480          # px of the card view's front and back
EAGER_THUMBS = 64          # more thumbnails than this to draw after a load: drawn as the page asks
THUMB_BATCH = 16           # thumbnails drawn together when the page asks for one not drawn yet
# The preview of unsaved values: a game of up to LIVE_WHOLE_GAME cards is checked whole; a larger
# one (seconds per check) only by the checks that read one card alone, the rest when it is saved.
LIVE_WHOLE_GAME = 300
LIVE_CODES = frozenset({"FIT001", "GLYPH001", "ICON001", "IMG001", "MARKUP001", "RULES001", "TEXT001", "TEXT002",
                        "TEXT003"})
ART_AND_FONTS = (".png", ".jpg", ".jpeg", ".webp", ".svg", ".ttf", ".otf")


@dataclass
class Snapshot:
    """One good load: the game, its cards in print order, findings and each card's thumbnail PNG."""

    version: int
    game: Game
    cards: list[Card]
    findings: list[Any]
    thumbs: dict[str, bytes] = field(default_factory=dict)     # card id -> PNG
    keys: dict[str, str] = field(default_factory=dict)         # card id -> cache key (changes with the card)
    environment: str = ""
    warnings: list[str] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)
    shown: tuple[list[dict], dict[str, list[str]]] | None = None   # findings as the page shows them, by card


def _shown_findings(snap: Snapshot) -> tuple[list[dict], dict[str, list[str]]]:
    """The snapshot's findings as the page shows them (each with its delta key) and each card's
    finding keys; made once per set of findings (the caller holds the lock)."""
    if snap.shown is None:
        shown = _findings(snap.findings)
        by_card: dict[str, list[str]] = {}
        for item in shown:
            if item["card"]:
                by_card.setdefault(item["card"], []).append(item["key"])
        snap.shown = (shown, by_card)
    return snap.shown


@dataclass
class Job:
    """A background simulation the page polls."""

    id: str
    state: str = "running"          # running, done, failed
    done: int = 0
    total: int = 0
    label: str = ""
    text: str = ""
    result: dict | None = None
    plots: list[str] = field(default_factory=list)   # paths relative to the output folder
    error: str | None = None


class Studio:
    """Everything the page shows, refreshed by :meth:`refresh` on each save."""

    def __init__(self, spec: str | Path, out_dir: str | Path = "output", fit: bool = True) -> None:
        self.previewer = Previewer(spec, out_dir, fit=fit)
        self.out_dir = Path(out_dir).resolve()
        self.cache = ThumbCache()
        self.snapshot: Snapshot | None = None
        self.error: str | None = None
        self.version = 0
        self.seconds = 0.0
        self.jobs: dict[str, Job] = {}
        # Two locks, always taken in this order: _render, then _lock. Drawing (pdfium, the fonts) is
        # not thread-safe and takes tenths of a second; the page's reads (state, a drawn thumbnail)
        # need only the snapshot, so they do not wait for a drawing.
        self._render = threading.RLock()         # all drawing and text measuring
        self._lock = threading.RLock()           # the snapshot and the image caches
        self._refreshing = threading.Lock()      # one load or check at a time
        self.drawing = 0.0                        # s spent drawing thumbnails, for Server-Timing
        self._large: dict[str, bytes] = {}
        self._generation = 0                      # bumped when art or fonts change (see refresh)
        self._png: dict[str, bytes] = {}          # image key -> PNG, so unchanged cards are not re-encoded
        self.checking = False                     # an edit is shown; its findings are being checked again
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False                      # close() was called: no new checking process

    @property
    def directory(self) -> Path:
        return self.previewer.directory

    # -- reload ------------------------------------------------------------------------------
    def refresh(self, changed: Iterable[str | Path] | None = None, check: bool = True) -> bool:
        """Reload and redraw the changed cards, and validate (unless ``check`` is False: then the
        last findings stay, ``checking`` is set, and :meth:`check` brings them up to date); False
        (and :attr:`error`) when the save is broken.

        A large game's thumbnails are not all drawn here: past :data:`EAGER_THUMBS` cards to draw,
        each is drawn when the page first asks for it (:meth:`thumb`), so the page opens at once."""
        start = time.perf_counter()
        changed = None if changed is None else [Path(p).resolve() for p in changed]
        with self._refreshing:
            with self._render, self._lock:
                if changed is None or any(_is_template(p, self.directory) for p in changed):
                    face.reset_libraries()
                if changed and any(p.suffix.lower() in ART_AND_FONTS for p in changed):
                    # A card's cache key covers its fields, templates and bundled fonts, not the art or
                    # fonts it names: after such a save, redraw everything.
                    self.cache, self._large = ThumbCache(), {}
                    self._generation += 1   # new image URLs: the browser must not show its cached ones
            try:
                game = self.previewer.load()
                if check:
                    with self._render:
                        findings = list(validate_game(game, with_fit=self.previewer.fit).findings)
                else:
                    findings = None
                snap = self._drawn(game, findings)
            except (SpecError, ValueError, OSError) as err:
                with self._lock:
                    self.error = _one_line(err)
                    self.version += 1
                    self.seconds = time.perf_counter() - start
                return False
            with self._lock:
                if findings is None:
                    snap.findings = self.snapshot.findings if self.snapshot else []
                self.snapshot, self.error, self.checking = snap, None, findings is None
                self.version = snap.version
                self.seconds = time.perf_counter() - start
            return True

    def check(self) -> bool:
        """Validate the cards shown (after ``refresh(check=False)`` or an edit, whose file is
        written); False when they changed meanwhile (the change brings its own check).

        The check runs in a process of its own (:meth:`_checker`), reading the folder from disk: a
        large game's check is seconds of pure Python, which in a thread of this process would hold
        the interpreter's lock and make every request of the page wait."""
        with self._lock:
            snap = self.snapshot
        if snap is None:
            return False
        try:
            findings = self._checker().submit(_check_folder, str(self.directory), self.previewer.fit).result()
        except (SpecError, ValueError, OSError):     # the folder broke after this load: the next refresh says how
            with self._lock:
                self.checking = self.snapshot is not snap and self.checking
                self.version += 1
            return False
        except BrokenProcessPool:    # the checker died (killed, out of memory): check here instead
            if self._closed:
                return False
            self._pool = None
            with self._render:
                findings = list(validate_game(snap.game, with_fit=self.previewer.fit).findings)
        except (RuntimeError, CancelledError):
            if not self._closed:
                raise
            return False     # closed meanwhile (the server is stopping): no process for a check nobody sees
        with self._lock:
            if self.snapshot is not snap:
                return False
            self.snapshot = replace(snap, findings=findings, version=self.version + 1, shown=None)
            self.version += 1
            self.checking = False
            return True

    def _checker(self) -> ProcessPoolExecutor:
        """One process, kept for the studio's run (started as :mod:`pnpgen.procs` says: safe beside the studio's threads)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the studio is closed")
            if self._pool is None:
                self._pool = procs.executor(1)
            return self._pool

    def close(self) -> None:
        """Stop the checking process; a check asked for later (a save seen while stopping) is skipped."""
        with self._lock:
            pool, self._pool, self._closed = self._pool, None, True
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _drawn(self, game: Game, findings: list[Any] | None) -> Snapshot:
        """A snapshot of ``game``: every card's image key, the thumbnails already drawn, and the
        missing ones drawn now when they are few (else on request)."""
        with self._render:
            env = environment_digest(library_for(game), game)
        with self._lock:
            snap = self._keyed(game, findings, env)
            missing = [c for c in snap.cards if c.id in snap.keys and c.id not in snap.thumbs]
        if len(missing) <= EAGER_THUMBS:
            with self._render:
                self._draw(snap, missing)
        return snap

    def _keyed(self, game: Game, findings: list[Any] | None, env: str) -> Snapshot:
        """The snapshot's cards with their image keys and the thumbnails drawn before (caller holds _lock)."""
        snap = Snapshot(self.version + 1, game, [], findings or [], environment=env)
        sized, skipped, missing = [], [], []
        for card in printable_cards(game):
            px = thumb_size(game, card.type)
            if px is None:
                skipped.append(card)
                continue
            key = f"{card_key(card, env, px)[:16]}-{self._generation}"
            sized.append(card)
            snap.keys[card.id] = key
            if key in self._png:
                snap.thumbs[card.id] = self._png[key]
            else:
                missing.append(card)
        for type_id in dict.fromkeys(c.type for c in skipped):
            count = sum(1 for c in skipped if c.type == type_id)
            snap.warnings.append(f"card type {type_id!r} has no size; its {count} cards are not shown "
                                 f"(give the type a size in game.yaml or _overrides.yaml)")
        snap.cards = sized + skipped
        self._png = {snap.keys[c.id]: snap.thumbs[c.id] for c in sized if c.id in snap.thumbs}
        return snap

    def _draw(self, snap: Snapshot, cards: list[Card]) -> None:
        """Draw ``cards``' thumbnails into ``snap`` and into the current snapshot where its image
        key is the same (the caller holds _render, not _lock)."""
        if not cards:
            return
        start = time.perf_counter()
        drawn = [(card.id, png_bytes(image, fast=True)) for card, image in card_thumbs(snap.game, self.cache, cards).entries]
        with self._lock:
            for card_id, png in drawn:
                key = snap.keys[card_id]
                self._png[key] = png
                for target in (snap, self.snapshot):
                    if target is not None and target.keys.get(card_id) == key:
                        target.thumbs[card_id] = png
                snap.rendered.append(card_id)
            self.drawing += time.perf_counter() - start

    # -- what the page reads -----------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The page's model: cards by type, findings (each linked to its card), the error if any."""
        with self._lock:
            snap = self.snapshot
            out: dict[str, Any] = {"version": self.version, "error": self.error, "seconds": round(self.seconds, 3),
                                   "directory": self.directory.name, "checking": self.checking}
            if snap is None:
                return {**out, "name": self.directory.name, "cards": [], "types": [], "findings": []}
            game = snap.game
            shown, by_card = _shown_findings(snap)
            findings = list(shown)
            cards = [_entry(snap, card, by_card) for card in snap.cards]
            counts: dict[str, list[int]] = {}
            for c in cards:
                count = counts.setdefault(c["type"], [0, 0])
                count[0] += 1
                count[1] += c["copies"]
            types = []
            for type_id, ctype in game.card_types.items():
                if type_id in counts:
                    types.append({"id": type_id, "name": getattr(ctype, "name", type_id) or type_id,
                                  "cards": counts[type_id][0], "copies": counts[type_id][1],
                                  "thumb": list(thumb_size(game, type_id) or ())})
            return {**out, "name": kit_name(game), "title": game.expansion.name if game.expansion else game.name,
                    "game": game.id, "expansion": game.expansion is not None, "cards": cards, "types": types,
                    "findings": findings, "warnings": snap.warnings,
                    "card_types": {t: getattr(ct, "name", t) or t for t, ct in game.card_types.items()},
                    "can_simulate": game.id == "xenoshyft" and game.expansion is not None}

    def tile(self, card_id: str) -> dict[str, Any] | None:
        """One card as the grid shows it (its entry in :meth:`state`), for the page to redraw that card alone."""
        with self._lock:
            snap = self.snapshot
            card = _find(snap, card_id)
            if card is None:
                return None
            return _entry(snap, card, _shown_findings(snap)[1])

    def find(self, card_id: str) -> Card | None:
        with self._lock:
            return _find(self.snapshot, card_id)

    def thumb(self, card_id: str) -> bytes | None:
        """The card's thumbnail PNG; one not drawn yet is drawn now, with the next THUMB_BATCH
        undrawn cards after it in the grid (the page asks for the cards in view, in order)."""
        with self._lock:
            snap = self.snapshot
            if snap is None or card_id not in snap.keys:
                return None
            if card_id in snap.thumbs:
                return snap.thumbs[card_id]
        with self._render:
            with self._lock:         # drawn (or the snapshot replaced) while this request waited
                snap = self.snapshot
                if snap is None or card_id not in snap.keys or card_id in snap.thumbs:
                    return snap.thumbs.get(card_id) if snap is not None else None
                at = next(i for i, c in enumerate(snap.cards) if c.id == card_id)
                batch = list(islice((c for c in snap.cards[at:] if c.id in snap.keys and c.id not in snap.thumbs),
                                    THUMB_BATCH))
            self._draw(snap, batch)
        with self._lock:
            return snap.thumbs.get(card_id)

    def card(self, card_id: str) -> dict[str, Any] | None:
        """The card view: fields, source file:line, findings, effect tree (Xenoshyft), odds (weapons)."""
        with self._lock:
            snap = self.snapshot
            card = _find(snap, card_id)
            if card is None:
                return None
            fields = {k: _plain(v) for k, v in card.fields.items()}
            locations = {k: str(v) for k, v in card.field_locations.items()}
            source, href = self._source(card)
            ctype = snap.game.card_types[card.type]
            form = [{"name": f.name, "type": f.type.value, "required": f.required, "min": f.min, "max": f.max,
                     "values": list(f.values), "description": f.description} for f in ctype.fields.values()]
            return {"id": card.id, "name": card.label, "type": card.type, "copies": card.copies,
                    "source": source, "href": href, "fields": fields, "form": form, "title": card.name,
                    "field_locations": locations,
                    "findings": [f for f in _shown_findings(snap)[0] if f["card"] == card.id],
                    "effects": _effects(snap.game, card), "odds": _odds(snap.game, card),
                    "key": snap.keys.get(card.id, "")}

    def _source(self, card: Card) -> tuple[str, str | None]:
        """``folder/cards/x.yaml:12`` as findings show it, and the ``/files/`` URL when it is inside the folder."""
        if card.location is None:
            return "", None
        path = Path(card.location.file).resolve()
        line = f":{card.location.line}" if card.location.line else ""
        if path.is_relative_to(self.directory.resolve()):
            inside = path.relative_to(self.directory.resolve()).as_posix()
            return f"{self.directory.name}/{inside}{line}", f"/files/{inside}"
        return f"{display_path(path)}{line}", None

    # -- edits -------------------------------------------------------------------------------
    def swap_card(self, new: Card) -> None:
        """Show an edited card at once: its new values and thumbnail in place of the old ones. The
        findings stay those of the last full check (``checking`` in the state) until :meth:`refresh`
        has read the saved file again; a 2,000-card game's check takes seconds, the card ~0.1 s."""
        with self._render:      # before _lock: the one card is drawn outside it
            with self._lock:
                snap = self.snapshot
                if snap is None or _find(snap, new.id) is None:
                    return
                game = replace(snap.game, cards=tuple(new if c.id == new.id else c for c in snap.game.cards))
                shown = replace(snap, version=self.version + 1, game=game, thumbs=dict(snap.thumbs),
                                keys=dict(snap.keys), cards=[new if c.id == new.id else c for c in snap.cards],
                                rendered=[])
                px = thumb_size(game, new.type)
                if px is not None:
                    shown.keys[new.id] = f"{card_key(new, snap.environment, px)[:16]}-{self._generation}"
                    shown.thumbs.pop(new.id, None)
            if px is not None:
                self._draw(shown, [new])
            with self._lock:
                self.snapshot = shown
                self.version += 1
                self.checking = True

    def preview(self, new: Card) -> dict[str, Any]:
        """The card drawn from values not saved yet (front PNG, LARGE_WIDTH px) and its findings."""
        with self._lock:
            snap = self.snapshot
        if snap is None:
            raise SpecError(self.error or "nothing loaded yet")
        with self._render:
            game = replace(snap.game, cards=tuple(new if c.id == new.id else c for c in snap.game.cards))
            size = game.card_types[new.type].size
            png = None
            if size is not None:
                pdf, _ = raster.cards_pdf(game, new.type, [new], 0.0)
                front = next(iter(raster.rasterise(pdf, LARGE_WIDTH, round(LARGE_WIDTH * size.height / size.width))))
                png = png_bytes(front, fast=True)
            whole = len(game.own_cards()) <= LIVE_WHOLE_GAME
            checked = game if whole else replace(game, cards=tuple(c for c in game.cards if c.id == new.id))
            findings = validate_game(checked, with_fit=self.previewer.fit, only=None if whole else LIVE_CODES).findings
        return {"png": png, "findings": _findings([f for f in findings if f.card == new.id]),
                "checks": "all" if whole else "card"}

    def large(self, card_id: str, side: str) -> bytes | None:
        """The card's front or its type's back, LARGE_WIDTH px wide (cached by the card's key)."""
        with self._lock:
            snap = self.snapshot
            card = _find(snap, card_id)
            if card is None or side not in ("front", "back"):
                return None
            size = snap.game.card_types[card.type].size
            if size is None:
                return None
            px = (LARGE_WIDTH, round(LARGE_WIDTH * size.height / size.width))
            key = card_key(card, snap.environment, px)
            if f"{key}:{side}" in self._large:
                return self._large[f"{key}:{side}"]
        with self._render:
            pdf, _ = raster.cards_pdf(snap.game, card.type, [card], 0.0)
            front, back = list(raster.rasterise(pdf, *px))[:2]
            pngs = png_bytes(front, fast=True), png_bytes(back, fast=True)
        with self._lock:
            if len(self._large) > 256:
                self._large.clear()
            self._large[f"{key}:front"], self._large[f"{key}:back"] = pngs
            return self._large[f"{key}:{side}"]

    # -- print -------------------------------------------------------------------------------
    def build_pdf(self, card_ids: list[str] | None, paper: str = "a4", bleed: float = 3.0, duplex: str = "long",
                  gutterfold: bool = False) -> list[Path]:
        """Build the kit (only ``card_ids`` when given) under the output folder; the files written."""
        from pnpgen.buildoptions import BuildOptions
        from pnpgen.render.build import build_game

        options = BuildOptions(paper=paper, bleed_mm=bleed, duplex=duplex, gutterfold=gutterfold)  # checked as the CLI's
        with self._lock:
            if self.snapshot is None:
                raise SpecError(self.error or "nothing loaded yet")
            game = self.snapshot.game
        game = _only(game, card_ids)
        result = build_game(game, self.out_dir / "studio", options)
        return [Path(p).resolve() for p in result.files]

    # -- simulate ----------------------------------------------------------------------------
    def simulate(self, card_ids: list[str] | None, players: int = 2, games: int = 200, seed: int = 1,
                 workers: int | None = 1) -> Job:
        """Start the ``simulate --with`` comparison in a thread; poll the returned job."""
        with self._lock:
            if self.snapshot is None or self.snapshot.game.expansion is None or self.snapshot.game.id != "xenoshyft":
                raise SpecError("simulate needs a Xenoshyft expansion (make one with `pnpgen new DIR --game xenoshyft`)")
            game = _only(self.snapshot.game, card_ids, keep_base=True)
        job = Job(uuid.uuid4().hex[:12], total=2 * games, label="without the expansion")
        self.jobs[job.id] = job
        threading.Thread(target=self._simulate, args=(job, game, players, games, seed, workers), daemon=True).start()
        return job

    def _simulate(self, job: Job, game: Game, players: int, games: int, seed: int, workers: int | None) -> None:
        from pnpgen.simulate import compare, format_comparison, run_simulation
        from pnpgen.simulate.plots import plot_results  # matplotlib: loaded only when simulating
        from pnpgen.spec import load_game

        def progress(offset: int) -> Callable[[int, int], None]:
            def update(done: int, _total: int) -> None:
                job.done = offset + done
            return update

        try:
            base = load_game(game.id)
            stats = run_simulation(base, players, games, seed, workers=workers, progress=progress(0))
            job.label = f"with {game.expansion.id}"
            other = run_simulation(game, players, games, seed, workers=workers, progress=progress(games))
            comparison = compare(stats, other)
            folder = self.out_dir / "studio" / kit_name(game) / f"simulate-{job.id}"
            # plot_results draws one run per player count: one folder per side of the comparison,
            # without the win-rate chart (a single point each).
            for side, run in (("without", stats), ("with", other)):
                for path in plot_results([run], folder / side):
                    if not path.name.startswith("win-rate"):
                        job.plots.append(str(Path(path).resolve().relative_to(self.out_dir)))
            job.text, job.result = format_comparison(comparison), comparison.to_dict()
            job.done, job.state = job.total, "done"
        except Exception as err:  # noqa: BLE001 — a failed background job is shown in the page, not lost
            job.error, job.state = _one_line(err), "failed"


def _check_folder(directory: str, fit: bool) -> list[Any]:
    """The findings of the game or expansion in ``directory`` as it is on disk (in the checker process)."""
    from pnpgen.spec import load_game

    return list(validate_game(load_game(directory), with_fit=fit).findings)


def _only(game: Game, card_ids: list[str] | None, keep_base: bool = False) -> Game:
    """``game`` with only the selected cards of its own (base cards kept for simulating an expansion)."""
    if not card_ids:
        return game
    chosen = set(card_ids)
    own = {c.id for c in game.own_cards()}
    cards = tuple(c for c in game.cards if c.id in chosen or (keep_base and c.id not in own))
    if not any(c.id in chosen for c in cards):
        raise SpecError("none of the selected cards is in this game any more; reload the page")
    return replace(game, cards=cards)


def _entry(snap: Snapshot, card: Card, by_card: dict[str, list[str]]) -> dict[str, Any]:
    """A card as the grid shows it: name, type, copies, its findings' keys, its text (for the
    search) and its thumbnail's URL (which changes with the image). Its file is in the card view."""
    return {"id": card.id, "name": card.label, "type": card.type, "copies": card.copies,
            "findings": by_card.get(card.id, []),
            "text": " ".join(v for v in card.fields.values() if isinstance(v, str)),
            "thumb": f"/api/thumb/{card.id}?k={snap.keys[card.id]}" if card.id in snap.keys else None}


def _find(snap: Snapshot | None, card_id: str) -> Card | None:
    if snap is None:
        return None
    return next((c for c in snap.cards if c.id == card_id), None)


def _findings(findings: list[Any]) -> list[dict[str, Any]]:
    """Findings as the page shows them, each with its ``key`` (:func:`pnpgen.serve.delta.finding_keys`)."""
    shown = []
    for f in findings:
        file = display_path(f.file) if Path(f.file).is_absolute() else f.file
        shown.append({**f.to_dict(), "text": f.format(), "where": f"{file}:{f.line}" if f.line else file})
    for item, key in zip(shown, finding_keys(shown)):
        item["key"] = key
    return shown


def _plain(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _effects(game: Game, card: Card) -> list[dict[str, Any]]:
    """Each ability text of a Xenoshyft card beside its parsed tree (as ``pnpgen effects --json``)."""
    if game.id != "xenoshyft":
        return []
    from pnpgen.effects.describe import to_dict
    from pnpgen.effects.report import TEXT_FIELDS
    from pnpgen.effects.parser import parse_ability

    out = []
    for name in TEXT_FIELDS:
        text = card.get(name)
        if isinstance(text, str) and text.strip():
            out.append({"field": name, "text": text, "parsed": to_dict(parse_ability(text))})
    return out


ODDS_ZONE = "worker=2,tank=1"   # the card view's sample target for a Zombicide weapon


def _odds(game: Game, card: Card) -> dict[str, Any] | None:
    """Exact odds of a Zombicide weapon with known dice, accuracy and damage, against ODDS_ZONE."""
    if game.id != "zombicide-invader" or card.get("dice") is None:
        return None
    from pnpgen.odds import WeaponStats, format_table, zombicide_odds
    from pnpgen.odds.errors import OddsError
    from pnpgen.odds.parse import parse_zone

    try:
        stats = WeaponStats.from_card(card)
        return {"zone": ODDS_ZONE, "text": format_table(zombicide_odds(stats, parse_zone(ODDS_ZONE)))}
    except (OddsError, ValueError) as err:
        return {"zone": ODDS_ZONE, "text": f"no odds: {_one_line(err)}"}
