"""Worker processes: their priority beside a drawing process, how a game reaches them
(:func:`game_file`), and raster output, where a job over the pages of one PDF is cut into contiguous
page ranges, each range runs in its own process, and the results come back in page order.

Every page is rasterised and encoded on its own, so the files are the same bytes whatever the
number of workers (``workers=1`` runs in this process, no pool). Workers start as :mod:`pnpgen.procs`
says (safe beside a caller's threads: ``pnpgen serve``, ``watch``); the PDF reaches them as a file path.
"""

from __future__ import annotations

import os
import pickle
import tempfile
import weakref
from pathlib import Path
from typing import Any, Callable

# Below this many pages per worker, starting a process (imports: ~0.5 s) costs more than it saves.
MIN_PAGES_PER_WORKER = 16


# How far a helper process steps back (an ``os.nice`` increment). The test suite sets 0: under
# pytest-xdist every core is already busy with tests, so a helper at nice 10 would mostly wait.
HELPER_NICE = "PNPGEN_HELPER_NICE"


def yield_to_drawing() -> None:
    """Lower this worker process's priority: one that helps a drawing process (preparing fronts,
    validating meanwhile) must never take its core, as that process is what the build waits for."""
    try:
        step = max(0, int(os.environ.get(HELPER_NICE, "10")))
    except ValueError:
        step = 10
    try:
        if step:
            os.nice(step)
    except (AttributeError, OSError):  # not POSIX, or not allowed: run at the same priority
        pass


_GAME_FILES: dict[int, str] = {}


def game_file(game: Any) -> str:
    """The path of a temporary file holding ``game`` pickled, for spawned processes to read.

    One file per game object, made the first time it is asked for and deleted when the game is
    garbage (or at exit): a large build's processes (the front preparers and the checks run
    meanwhile) all read the same one, so the game, tens of MB at 50,000 cards, is pickled once and
    never held as bytes in this process or in a pool's arguments."""
    path = _GAME_FILES.get(id(game))
    if path is None:
        handle = tempfile.NamedTemporaryFile(prefix="pnpgen-game-", suffix=".pickle", delete=False)
        try:
            with handle:
                pickle.dump(game, handle, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:
            Path(handle.name).unlink(missing_ok=True)
            raise
        path = _GAME_FILES[id(game)] = handle.name
        weakref.finalize(game, _forget_game_file, id(game), path)
    return path


def _forget_game_file(key: int, path: str) -> None:
    _GAME_FILES.pop(key, None)
    Path(path).unlink(missing_ok=True)


def read_game_file(path: str) -> Any:
    """The game in a file made by :func:`game_file`."""
    with open(path, "rb") as f:
        return pickle.load(f)


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def worker_count(workers: int | None) -> int:
    """``workers`` as asked, None meaning every core (the CLI's default)."""
    return default_workers() if workers is None else workers


def page_ranges(pages: int, workers: int, least: int | None = None) -> list[range]:
    """``pages`` cut into at most ``workers`` contiguous ranges of near-equal size, in order, each
    of at least ``least`` pages (default ``MIN_PAGES_PER_WORKER``) unless there is only one."""
    count = max(1, min(workers, pages // (least or MIN_PAGES_PER_WORKER)))
    bounds = [round(i * pages / count) for i in range(count + 1)]
    return [range(bounds[i], bounds[i + 1]) for i in range(count)]


def map_pages(job: Callable[..., Any], pdf: bytes, pages: int, workers: int, *args: Any,
              least: int | None = None) -> list[Any]:
    """``[job(pdf_path, page_range, *args) for each range]`` in page order; ``job`` must be a
    module-level function (it is pickled by name). "Pages" may be any unit of work numbered from 0
    (TTS sheets); ``least`` is the fewest per worker (see :func:`page_ranges`)."""
    ranges = page_ranges(pages, workers, least)
    with tempfile.TemporaryDirectory(prefix="pnpgen-pages-") as tmp:
        path = Path(tmp) / "pages.pdf"
        path.write_bytes(pdf)
        if len(ranges) == 1:
            return [job(str(path), ranges[0], *args)]
        from pnpgen import procs  # here: a small build never starts a process

        with procs.executor(len(ranges)) as pool:
            futures = [pool.submit(job, str(path), r, *args) for r in ranges]
            return [f.result() for f in futures]
