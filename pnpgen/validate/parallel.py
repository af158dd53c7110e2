"""The per-card part of a validation run on every core: each card's front resolved and fitted
(``CheckContext.front``) and each ability parsed by the effect grammar (RULES001/RULES002), done
over contiguous card ranges, the first in this process and the others in spawned worker processes.

The checks themselves still run here, in their own order, on these results, so the findings are the
same bytes for any number of workers. The game reaches a worker through the one pickled file every
helper process of a run reads (``render.workers.game_file``); unpickling costs a fraction of
reloading the YAML. A card whose front raises anything but an
ImageError in a worker is left to this process, so the error surfaces exactly where it would without
workers. Spawned, not forked, like ``pnpgen.render.workers``: ``serve`` and ``watch`` have threads.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from pnpgen.validate.context import CheckContext, FrontFacts, ability_readout

# A worker costs ~0.6 s to start (imports, unpickling the game, templates and fonts); a card's share
# of the work is ~2.5 ms of CPU, so a range under this many cards would not earn its process back.
MIN_CARDS_PER_WORKER = 600


def _card_work(game: Any, start: int, stop: int, with_fit: bool,
               known: frozenset[int] = frozenset()) -> tuple[int, list[tuple[FrontFacts | None, Any]]]:
    """(custom-effect registry version, [(front facts or None, ability readout or None)] for
    ``game.cards[start:stop]``). None for a front means "not resolved here": so are the fronts of
    the cards at the positions in ``known`` (the caller has them already, e.g. from a build).
    ``game`` is the game, or the path of its file (``render.workers.game_file``) in a worker."""
    from pnpgen.effects.custom import version
    from pnpgen.render.workers import read_game_file

    if isinstance(game, str):
        game = read_game_file(game)
    ctx = CheckContext(game, with_fit=with_fit)
    out = []
    for position, card in enumerate(game.cards[start:stop], start):
        facts = None
        if position not in known:
            try:
                facts = ctx.front(card)
            except Exception:  # noqa: BLE001 - the same error is raised again in the caller's process
                facts = None
        readout = ability_readout(card)
        out.append((facts, readout[1:] if readout is not None else None))
    return version(), out


def precompute(ctx: CheckContext, workers: int) -> None:
    """Fill ``ctx``'s fronts and parsed abilities using up to ``workers`` processes (this one
    included). Does nothing when the deck is too small to be worth a second process."""
    from pnpgen.effects.custom import version
    from pnpgen.render.workers import game_file, page_ranges

    cards = ctx.game.cards
    ranges = page_ranges(len(cards), workers, MIN_CARDS_PER_WORKER)
    if len(ranges) == 1:
        return
    payload = game_file(ctx.game)
    with ProcessPoolExecutor(len(ranges) - 1, mp_context=get_context("spawn")) as pool:
        known = frozenset(i for i, card in enumerate(cards) if ctx.has_front(card))
        futures = [pool.submit(_card_work, payload, r.start, r.stop, ctx.with_fit, known.intersection(r))
                   for r in ranges[1:]]
        parts = [_card_work(ctx.game, ranges[0].start, ranges[0].stop, ctx.with_fit)]
        parts += [f.result() for f in futures]
    results = [item for _, items in parts for item in items]
    for card, (facts, _) in zip(cards, results):
        if facts is not None:
            ctx.prime_front(card, facts)
    if all(v == version() for v, _ in parts):  # the workers knew the same custom effects as this process
        ctx.parsed_abilities = [(card, *read) for card, (_, read) in zip(cards, results) if read is not None]
