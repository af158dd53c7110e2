"""Card fronts made ready to draw by worker processes, ahead of the canvas: each front resolved
(``template.resolve``) and its text fitted (``textfit``), delivered in drawing order.

Drawing a large deck is one reportlab canvas in this process (fonts are subset in the order glyphs
are first drawn, so the PDF can only be written in one place), but about half of a distinct face's
cost comes before the canvas. Here that half runs on the other cores while this process draws: the
cards are cut into chunks, at most a few chunks are in flight (so memory stays flat), and the
results come back in order. This process never waits for them: a front not ready when its turn
comes is prepared here, as without workers (so the workers' start-up, ~1 s, costs nothing, and a
slow worker only means this process does more). A worker computes exactly what ``face.draw_face``
would compute here (same functions, same inputs), so the PDF is the same bytes for any number of
workers and whichever process prepared a front.

A build that hands its fronts to the validator (``FrontWatch``) has each worker summarise the
fronts it prepares as well, so those summaries are not made in the drawing process either.

A card the worker could not prepare (an error in its template or data) is simply left to the
drawing process, which then raises that error exactly as without workers. Spawned, not forked, like
``pnpgen.render.workers``: ``serve`` and ``watch`` have threads.
"""

from __future__ import annotations

import pickle
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from pnpgen.render.workers import game_file, read_game_file

if TYPE_CHECKING:
    from concurrent.futures import Future

# A worker costs ~1 s to start (imports, the game, templates, fonts); preparing a front ~1 ms.
MIN_CARDS = 1000  # fewer distinct fronts would not earn a process back
HEAD = 384  # fronts this process prepares itself while the workers start: none are sent for them
CHUNK = 128  # fronts per task: large enough to amortise a round trip, small enough to start soon
AHEAD = 3  # chunks in flight per worker
WAIT = False  # wait for the workers instead of preparing a late front here (tests: every front from a worker)

_STATE: dict[str, Any] = {}  # in a worker: the game and the drawing options, set once


@dataclass(frozen=True)
class FrontWatch:
    """What a build hands on of each card front it draws: ``summarise(face, fits, card_id)``, a
    module-level function (sent to the workers by name), runs where the front is prepared, in a
    worker when there is one, so the drawing process need not; ``keep(card, summary)`` then runs in
    the drawing process as each front is drawn."""

    summarise: Callable[[Any, tuple, str], Any]
    keep: Callable[[Any, Any], None]


def _start(payload: str, bleed: float, ink_saver: bool, summarise: Callable | None) -> None:
    from pnpgen.heap import settle_for_good

    game = read_game_file(payload)
    settle_for_good()
    _STATE.update(game=game, bleed=bleed, ink_saver=ink_saver, summarise=summarise)


def _prepare(positions: list[int]) -> list[tuple | None]:
    """(resolved front, its text boxes' fits in drawing order[, its summary]) of the game's cards at
    ``positions``; the summary when the build watches its fronts (``FrontWatch``)."""
    from pnpgen.render.face import prepare_front

    game, summarise = _STATE["game"], _STATE["summarise"]
    out: list[tuple | None] = []
    for card in (game.cards[p] for p in positions):
        try:
            face, fits = prepare_front(game, card, _STATE["bleed"], _STATE["ink_saver"])
            out.append((face, fits) if summarise is None else (face, fits, summarise(face, fits, card.id)))
        except Exception:  # noqa: BLE001 - the drawing process raises it again, where it belongs
            out.append(None)
    return out


def _broken_pool() -> type[Exception]:
    """concurrent.futures' error for a pool whose process died (imported only once a pool exists)."""
    from concurrent.futures.process import BrokenProcessPool

    return BrokenProcessPool


class FacePreparer:
    """``take(card)`` gives the prepared front of the next card to draw, or None (draw it as usual).

    ``cards`` are the distinct cards of ``game`` in the order their fronts will first be drawn; the
    workers get the whole game and are told the cards by their place in it."""

    def __init__(self, game: Any, cards: list[Any], bleed: float, ink_saver: bool, workers: int,
                 summarise: Callable | None = None) -> None:
        self._cards = cards
        self._index = {card.id: i for i, card in enumerate(cards)}
        # Workers get the whole game (a card's number in its set is a template value) and are told
        # the cards by their place in it.
        place = {id(card): n for n, card in enumerate(game.cards)}
        self._positions = [place[id(card)] for card in cards]
        self._ready: dict[int, tuple[Any, tuple] | None] = {}
        self._queue: deque[tuple[range, Future]] = deque()
        self._next = HEAD
        self._drawn = -1  # the last card taken: results for cards up to it come too late
        # The pickled game waits in a file for the workers, not in this process: the pool keeps its
        # initializer's arguments as long as it lives, and a large deck's pickle is tens of MB.
        # Imported here, as the pool is made: most builds have too few cards for one.
        from pnpgen import procs

        self._pool: Any = procs.executor(workers, _start, (game_file(game), bleed, ink_saver, summarise))
        self._ahead = AHEAD * workers
        self._fill()

    @staticmethod
    def workers_for(distinct: int, cores: int) -> int:
        """Worker processes worth starting for ``distinct`` fronts: every core but this process's."""
        return cores - 1 if cores > 1 and distinct >= MIN_CARDS else 0

    def _fill(self) -> None:
        self._next = max(self._next, self._drawn + 1)
        # Fronts sent or ready but not drawn yet are bounded, not only those in flight: workers
        # faster than the canvas would otherwise fill memory with fronts waiting their turn.
        while (self._pool is not None and len(self._queue) < self._ahead and self._next < len(self._cards)
               and self._next - self._drawn <= self._ahead * CHUNK):
            span = range(self._next, min(self._next + CHUNK, len(self._cards)))
            self._next = span.stop
            self._queue.append((span, self._pool.submit(_prepare, [self._positions[i] for i in span])))

    def take(self, card: Any) -> tuple[Any, tuple] | None:
        """The prepared front of ``card`` if a worker has it ready now, else None (never waits)."""
        i = self._index.get(card.id)
        if i is None or self._cards[i] is not card:
            return None
        self._drawn = max(self._drawn, i)
        while self._queue and (self._queue[0][1].done() or (WAIT and i not in self._ready)):
            span, future = self._queue.popleft()
            try:
                results = future.result()
            except (_broken_pool(), pickle.PicklingError, OSError):  # prepare the rest here
                self.close()
                return None
            self._ready.update((j, r) for j, r in zip(span, results) if j >= i)
        self._fill()
        return self._ready.pop(i, None)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._queue.clear()
        self._ready.clear()

