"""How pnpgen starts the processes that help a build, a check or the studio: one way for all of them.

On Linux a helper is forked from a fork server (Python's ``forkserver`` start method) that imported
what helpers run once for this pnpgen process: the first pool pays one import of pnpgen, reportlab
and pdfium (~0.7 s of CPU), every helper after it starts in milliseconds, where a spawned helper
paid that import each. The server has one thread, so forking it is safe whatever threads the
caller runs (the studio, ``watch``), which is why helpers were spawned, never forked from the caller.
Elsewhere helpers are spawned: macOS's system libraries are not safe to fork, Windows cannot.

A helper forked from the server starts with the server's environment and working folder, which are
the caller's of the moment the server started; it takes the caller's current ones first, as a
spawned helper would (``PNPGEN_LIMIT_*`` and ``SOURCE_DATE_EPOCH`` set after an earlier build reach
it).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any, Callable

# What helpers run: imported once, in the server. A name that fails to import is skipped there
# (the helper then imports it itself and reports the error).
PRELOAD = ["pnpgen.render.workers", "pnpgen.render.raster", "pnpgen.render.tts", "pnpgen.render.prepare",
           "pnpgen.render.face", "pnpgen.validate.background", "pnpgen.validate.parallel",
           "pnpgen.validate.runner"]


def context() -> Any:
    """The multiprocessing context helpers start from (see the module docstring)."""
    if sys.platform.startswith("linux") and "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


def executor(workers: int, initializer: Callable[..., Any] | None = None, initargs: tuple = ()) -> Any:
    """A ``ProcessPoolExecutor`` of ``workers`` helpers, each running ``initializer(*initargs)`` once."""
    from concurrent.futures import ProcessPoolExecutor  # here: most builds never start a helper

    return ProcessPoolExecutor(workers, mp_context=context(), **_adopting(initializer, initargs))


def pool(workers: int, initializer: Callable[..., Any] | None = None, initargs: tuple = ()) -> Any:
    """A ``multiprocessing.Pool`` of ``workers`` helpers, each running ``initializer(*initargs)`` once."""
    return context().Pool(workers, **_adopting(initializer, initargs))


def _adopting(initializer: Callable[..., Any] | None, initargs: tuple) -> dict[str, Any]:
    """A pool's ``initializer``/``initargs``: :func:`_adopt` with this process's environment and folder now."""
    return {"initializer": _adopt, "initargs": (dict(os.environ), os.getcwd(), initializer, initargs)}


def _adopt(environ: dict[str, str], cwd: str, initializer: Callable[..., Any] | None, initargs: tuple) -> None:
    """In a new helper: the caller's environment and working folder, then its own initializer."""
    if os.environ != environ:
        for name in [n for n in os.environ if n not in environ]:
            del os.environ[name]
        os.environ.update(environ)
    try:
        os.chdir(cwd)
    except OSError:  # the caller's folder is gone: paths reach helpers absolute
        pass
    if initializer is not None:
        initializer(*initargs)
