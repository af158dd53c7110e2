"""How a large build treats the objects it keeps for its whole run.

The loaded game (up to tens of thousands of cards) is read once and lives until the build ends, yet
Python's cycle collector walks every tracked object of its oldest generation each time that
generation is collected, about once a second in a large build, and finds nothing (measured on
10,000 cards: ~0.5-1 s of the drawing process's CPU). ``gc.freeze`` moves everything that exists
now out of the collector's sight. Reference counting still frees those objects as usual; only a
reference cycle among them would wait, which is why a build gives them back at its end
(:func:`settled`), while a worker process, which ends with its job, keeps them frozen
(:func:`settle_for_good`). Both also collect the youngest generation less often
(``YOUNG_THRESHOLD``): a build makes and drops millions of small objects, and most are freed by
their reference count before any collection would look at them.

Memory the C allocator holds free inside its heap (the drawing's large strings, once the PDF is
written) is never used again for Python's small objects, which live in separately mapped arenas;
:func:`give_back_free_memory` returns it to the system before the validation's findings arrive.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


# Container objects made (net) between two collections of the youngest generation: Python's 700
# has a build that makes and drops millions of small objects (a card's ops, lines and runs, and those
# unpickled from the workers) collect that generation every few hundred; most of those objects are
# freed by their reference count soon after, so a collection every 20,000 walks far fewer in all
# (10,000 cards: ~6 % of the drawing process's CPU). At most that many objects in reference cycles
# wait a little longer to be freed.
YOUNG_THRESHOLD = 20_000


@contextmanager
def settled() -> Iterator[None]:
    """Inside: the objects that exist on entry are not walked by the cycle collector, and young
    objects are collected every ``YOUNG_THRESHOLD`` allocations.

    Nested or overlapping uses (a build inside ``pnpgen build``'s own, or two builds on the studio's
    threads) share one settling: the first in freezes, the last out gives everything back."""
    global _DEPTH
    with _LOCK:
        _enter()
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH -= 1
            if _DEPTH == 0:
                gc.set_threshold(*_THRESHOLDS)
                gc.unfreeze()


_LOCK = threading.Lock()
_DEPTH = 0  # settlings open now (settle_for_good's is never closed)
_THRESHOLDS = gc.get_threshold()  # the collector's thresholds before the outermost one


def _enter() -> None:
    """Open one more settling (``_LOCK`` held): the first freezes and lowers the collection rate."""
    global _DEPTH, _THRESHOLDS
    if _DEPTH == 0:
        _THRESHOLDS = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(YOUNG_THRESHOLD, *_THRESHOLDS[1:])
    _DEPTH += 1


def settle_for_good() -> None:
    """The objects that exist now are not walked again by the cycle collector in this process
    (a worker process that has just read its game), and young objects are collected every
    ``YOUNG_THRESHOLD`` allocations from now on: a settling never left, so a ``settled`` block
    inside it (the checks a checking process runs) gives nothing back."""
    with _LOCK:
        _enter()
        gc.freeze()  # what exists now, should a settling have been open already


def give_back_free_memory() -> None:
    """Return the free memory inside the C allocator's heap to the system (glibc's
    ``malloc_trim``); does nothing where there is no such call (another C library, another OS)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def _malloc_trim():
    global _TRIM
    if _TRIM is False:
        _TRIM = None
        name = ctypes.util.find_library("c")
        try:
            _TRIM = ctypes.CDLL(name).malloc_trim if name else None
        except (OSError, AttributeError):
            _TRIM = None
    return _TRIM


_TRIM = False  # not looked up yet
