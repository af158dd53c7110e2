"""`pnpgen build`: make sure specs exist (extracting them if the source is at hand), validate them,
then render the whole print-and-play kit. The CLI only prints what this returns.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnpgen import buildstamp
from pnpgen.extract import EXTRACTORS, extractor_for
from pnpgen.extract.run import extract_document
from pnpgen.fsutil import check_writable_folder
from pnpgen.heap import give_back_free_memory, settled
from pnpgen.buildoptions import BuildOptions
from pnpgen.render.build import BuildResult, build_game
from pnpgen.render.prepare import FrontWatch
from pnpgen.render.workers import worker_count
from pnpgen.sources import sources_dir
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError
from pnpgen.spec.games import find_game_dir
from pnpgen.spec.translations import languages_of, localized
from pnpgen.validate import Severity, ValidationResult, validate_game
from pnpgen.validate.background import Validation
from pnpgen.validate.context import FACE_BLEED_MM, front_facts


# Validation findings a build prints as errors, and those of them that fail it.
_FAILING = frozenset({"TPL001", "TPL002"})
_PRINTED = _FAILING | {"GLYPH001"}


@dataclass
class KitResult:
    extracted: bool
    validation: ValidationResult | None  # None when the build was up to date (nothing was run)
    build: BuildResult
    notes: list[str] = field(default_factory=list)
    up_to_date: bool = False
    failed_checks: bool = False  # a template reads a field no card has (TPL001/TPL002): it prints wrong

    @property
    def ok(self) -> bool:
        """False when text overflowed a box (that card would print wrong), when a deck could not be
        laid out, when a template reads a field its cards lack, or when the build wrote no file at all
        (e.g. every card has ``copies: 0``)."""
        return (not self.build.overflows and not self.build.skipped and bool(self.build.files)
                and not self.failed_checks)


# "token component 'x' has no size; not laid out" -> one line per (kind, problem) listing the ids.
_GROUPABLE = re.compile(r"^(token component|board|card type) '([^']+)' (has no size|has no count)(.*)$")


def grouped_warnings(warnings: list[str]) -> list[str]:
    """Warnings of the same kind merged into one line each, with a hint to fix them in the specs."""
    groups: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    out = []
    for warning in warnings:
        m = _GROUPABLE.match(warning)
        if m:
            groups[(m.group(1), m.group(3), m.group(4))].append(m.group(2))
        else:
            out.append(warning)
    for (kind, problem, outcome), ids in groups.items():
        if len(ids) == 1:
            out.append(f"{kind} {ids[0]!r} {problem}{outcome}")
            continue
        what = problem.replace("has no", "no")
        out.append(f"{len(ids)} {kind}s with {what} in the specs{outcome.replace('printed 1 as a sample', 'printed 1 each as a sample')}: "
                   f"{', '.join(ids)} — the documents do not give it; set it in _overrides.yaml to print them")
    return out


def ensure_specs(game: str, specs_root: Path | None = None) -> tuple[str, bool]:
    """The spec folder for ``game``; extracts it first when it is missing and the source is there."""
    try:
        return str(find_game_dir(game)), False
    except SpecError:
        if game not in EXTRACTORS:
            raise
    document = sources_dir() / extractor_for(game).SOURCE_DOCUMENT
    if not document.is_file():
        raise SpecError(f"no specs for {game!r} and its source document is not at {document}",
                        hint="set PNPGEN_SOURCES to the folder holding the seed documents")
    # Where `pnpgen extract` writes by default; the loader looks there before the bundled games.
    root = specs_root or Path("cardspecs")
    result = extract_document(document, root, game)
    return str(result.outdir), True


def build_kit(game: str, out_dir: Path, progress: Callable[..., None] | None = None,
              options: BuildOptions | None = None, **settings) -> KitResult:
    """Build ``game``'s kit into ``out_dir`` as ``options`` ask (or ``settings``: its fields as
    keywords); ``progress(message[, done, total])`` hears each step (``render.build``'s protocol).
    An ``out_dir`` that cannot be written raises ``OSError`` before anything is read or drawn."""
    if options is None:
        options = BuildOptions(**settings)
    elif settings:
        raise TypeError(f"build_kit takes options or their keywords, not both: {', '.join(sorted(settings))}")
    check_writable_folder(out_dir)  # before the build, whose files would have nowhere to go
    directory, extracted = ensure_specs(game)
    folders = _input_folders(Path(directory))
    key = buildstamp.inputs(folders, options.stamp_key(), Path(out_dir))  # None: too many files to track
    hit = None if extracted or key is None else buildstamp.recall(Path(out_dir), Path(directory), key)
    if hit is not None:
        result = BuildResult(hit["game_id"], Path(hit["dest"]), [Path(p) for p in hit["files"]], hit["pages"],
                             hit["cards"], hit["warnings"], hit["overflows"])
        return KitResult(False, None, result, hit["notes"], up_to_date=True,
                         failed_checks=bool(hit.get("failed_checks")))
    buildstamp.forget(Path(out_dir), Path(directory))  # a failed build must not leave a stamp saying "current"
    loaded = load_game(directory)
    if options.lang:  # a translated build (its files named apart)
        loaded = in_language(loaded, options.lang)
    with settled():
        return _build_loaded(game, directory, loaded, out_dir, key, extracted, progress, options)


def game_languages(game: str) -> list[str | None]:
    """``--lang all``: None (the game's own language) and every language it is translated into."""
    directory, _ = ensure_specs(game)
    return [None, *languages_of(load_game(directory))]


def in_language(game, lang: str):
    """The game as it prints in ``lang``; an error when it has no translation into it."""
    known = languages_of(game)
    if lang not in known:
        raise SpecError(f"--lang {lang}: the game has no translation into {lang!r} "
                        f"(its languages: {', '.join(known) or 'none'})", file=Path(game.directory) / "game.yaml",
                        hint=f"add columns or keys such as name@{lang}, or list it in game.yaml's languages:")
    return localized(game, lang)


def _build_loaded(game: str, directory: str, loaded, out_dir: Path, key: buildstamp.Inputs | None, extracted: bool,
                  progress: Callable[..., None] | None, options: BuildOptions) -> KitResult:
    """``build_kit`` once the game is loaded: draw, validate, record the build stamp."""
    # The card sheets are drawn first: the fronts they resolve and fit are the ones the validator
    # would resolve and fit (same bleed, no ink saver), so it takes them instead of doing it again.
    fronts: dict = {}
    same_faces = options.bleed_mm == FACE_BLEED_MM and not options.ink_saver
    workers = options.workers

    alike: dict = {}  # most fronts' facts are equal (no pictures, every text fits): kept once

    def keep(card, facts) -> None:
        try:
            facts = alike.setdefault(facts, facts)
        except TypeError:  # a fact that cannot be hashed: kept as it is
            pass
        fronts[card.id] = (card, facts)

    # With a spare core, the checks that do not look at fronts run meanwhile in another process.
    pending = Validation.start(loaded, worker_count(workers)) if same_faces else None
    try:
        result = build_game(loaded, out_dir, options, progress=progress,
                            on_front=FrontWatch(front_facts, keep) if same_faces else None)
    except BaseException:
        if pending is not None:
            pending.cancel()
        raise
    give_back_free_memory()  # the drawing's buffers, before the findings arrive
    if progress:
        progress(f"{game}: validating")
    if pending is not None:
        validation = pending.result(fronts, workers)
    else:
        validation = validate_game(loaded, workers=workers, fronts=fronts)
    # Printed with the build: a character that would print as nothing, and a template reading a
    # field no card has (which fails the build, as an overflow does: the stat is missing from the print).
    notes = [f"error: {f.format()}" for f in validation.findings if f.code in _PRINTED]
    failed_checks = any(f.code in _FAILING and f.severity is Severity.ERROR for f in validation.findings)
    if key is None:
        notes.append(buildstamp.untracked_note())
    for skipped in result.skipped:
        notes.append(f"error: {skipped}; nothing printed for it")
    if not result.files and options.shop:
        notes.append(f"error: nothing to print for --shop {options.shop} — no card has copies above 0, and a shop "
                     f"gets card files only (tokens, boards and references are built without --shop)")
    elif not result.files:
        notes.append("error: nothing to print — no card has copies above 0 and there are no tokens, boards or references "
                     "(set `copies:` on the cards you want printed)")
    if validation.count(Severity.ERROR):
        notes.append(f"{validation.count(Severity.ERROR)} validation errors: run `pnpgen validate {game}` for details")
    buildstamp.record(Path(out_dir), Path(directory), key, result.files,
                      {"game_id": result.game_id, "dest": str(result.out_dir), "files": [str(p) for p in result.files],
                       "pages": result.pages, "cards": result.cards, "warnings": result.warnings,
                       "overflows": [str(o) for o in result.overflows], "notes": notes, "failed_checks": failed_checks})
    return KitResult(extracted, validation, result, notes, failed_checks=failed_checks)


def _input_folders(directory: Path) -> list[Path]:
    """The folders a build of ``directory`` reads: itself, and an expansion's base game."""
    from pnpgen.spec.expansion import is_expansion, read_manifest

    if is_expansion(directory):
        return [directory, find_game_dir(read_manifest(directory).base)]
    return [directory]
