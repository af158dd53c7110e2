"""A validation run on every core. Where this process may fork (Linux, no other thread running:
the command line) :func:`shared_run` shares the whole run: the checks that do not look at the fronts
(in groups that share results) and the fronts in chunks of cards are tasks that this process and
forked ones take in turn, each the next one free, so they finish together; the front checks then run
here on every front. A fork costs milliseconds and inherits the loaded game, so nothing is pickled
but the answers (findings, each front's few facts).

Elsewhere (``serve`` and ``watch`` have threads) :func:`precompute` does only the per-card part:
each card's front resolved and fitted (``CheckContext.front``) and each ability parsed by the effect
grammar (RULES001/RULES002), done over contiguous card ranges, the first in this process and the
others in helper processes.

The checks themselves still run here, in their own order, on these results, so the findings are the
same bytes for any number of workers. The game reaches a worker through the one pickled file every
helper process of a run reads (``render.workers.game_file``); unpickling costs a fraction of
reloading the YAML. A card whose front raises anything but an
ImageError in a worker is left to this process, so the error surfaces exactly where it would without
workers. Helpers start as :mod:`pnpgen.procs` says (never forked from a process with threads:
``serve`` and ``watch`` have them).
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from multiprocessing import get_context
from typing import Any

from pnpgen import procs
from pnpgen.validate.context import CheckContext, FrontFacts, ability_readout
from pnpgen.validate.findings import Finding
from pnpgen.validate.registry import Check

# A worker costs ~0.6 s to start (imports, unpickling the game, templates and fonts); a card's share
# of the work is ~2.5 ms of CPU, so a range under this many cards would not earn its process back.
MIN_CARDS_PER_WORKER = 600


def _card_work(game: Any, start: int, stop: int, with_fit: bool,
               known: frozenset[int] = frozenset()) -> tuple[tuple, list[tuple[FrontFacts | None, Any]]]:
    """(custom-effect registry fingerprint, [(front facts or None, ability readout or None)] for
    ``game.cards[start:stop]``). None for a front means "not resolved here": so are the fronts of
    the cards at the positions in ``known`` (the caller has them already, e.g. from a build).
    ``game`` is the game, or the path of its file (``render.workers.game_file``) in a worker."""
    from pnpgen.effects.custom import fingerprint
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
    return fingerprint(), out


def precompute(ctx: CheckContext, workers: int) -> None:
    """Fill ``ctx``'s fronts and parsed abilities using up to ``workers`` processes (this one
    included). Does nothing when the deck is too small to be worth a second process."""
    from pnpgen.effects.custom import fingerprint
    from pnpgen.render.workers import game_file, page_ranges

    cards = ctx.game.cards
    ranges = page_ranges(len(cards), workers, MIN_CARDS_PER_WORKER)
    if len(ranges) == 1:
        return
    payload = game_file(ctx.game)
    with procs.executor(len(ranges) - 1) as pool:
        known = frozenset(i for i, card in enumerate(cards) if ctx.has_front(card))
        futures = [pool.submit(_card_work, payload, r.start, r.stop, ctx.with_fit, known.intersection(r))
                   for r in ranges[1:]]
        parts = [_card_work(ctx.game, ranges[0].start, ranges[0].stop, ctx.with_fit)]
        parts += [f.result() for f in futures]
    results = [item for _, items in parts for item in items]
    for card, (facts, _) in zip(cards, results):
        if facts is not None:
            ctx.prime_front(card, facts)
    if all(v == fingerprint() for v, _ in parts):  # the workers knew the same custom effects as this process
        ctx.parsed_abilities = [(card, *read) for card, (_, read) in zip(cards, results) if read is not None]


# Checks that read the fronts (or backs) the others resolve: run here once every front is known.
# A check reading every front as a task of its own would resolve them all again in its process.
FRONT_CODES = frozenset({"FIT001", "GLYPH001", "IMG001", "MARKUP002"})
# A forked process costs a few milliseconds; a deck smaller than this is checked in well under a second.
MIN_CARDS_FORKED = 300
# Cards per front task: small enough that the processes finish within a few milliseconds of each
# other, large enough that taking a task and sending its facts back costs next to nothing.
FRONT_CHUNK = 48


def can_fork() -> bool:
    """Whether a forked process is safe here: Linux (macOS's system libraries are not fork-safe)
    and no thread but this one (a fork copies a lock another thread holds, held for ever)."""
    return (sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


def _tasks(ctx: CheckContext, checks: list[Check]) -> list[tuple]:
    """("checks", [checks]) groups (checks sharing a memo key, and the rules checks sharing one
    parse of every ability, stay together), then ("fronts", start, stop) card chunks."""
    groups: list[list[Check]] = []
    for chk in checks:
        home = next((g for g in groups if any(set(chk.shares) & set(o.shares) or
                                              (chk.code.startswith("RULES") and o.code.startswith("RULES"))
                                              for o in g)), None)
        if home is None:
            groups.append([chk])
        else:
            home.append(chk)
    cards = len(ctx.game.cards)
    fronts = [("fronts", i, min(i + FRONT_CHUNK, cards)) for i in range(0, cards, FRONT_CHUNK)]
    return [("checks", g) for g in groups] + fronts


def _do(ctx: CheckContext, task: tuple) -> Any:
    """A task's answer: a check group's findings, or a chunk's front facts (None for a front that
    raised: it is resolved again in the parent, where its error surfaces as without workers)."""
    if task[0] == "checks":
        out: list[Finding] = []
        for chk in task[1]:
            out.extend(chk.run(ctx))
        for chk in task[1]:
            for key in chk.shares:
                ctx.memo.pop(key, None)
        return out
    facts = []
    for card in ctx.game.cards[task[1]:task[2]]:
        try:
            facts.append(ctx.front(card))
        except Exception:  # noqa: BLE001 - raised again in the parent
            facts.append(None)
    return facts


def _take(ctx: CheckContext, tasks: list[tuple], counter: Any, done: dict[int, Any], strict: bool) -> None:
    """Do the next free task until none is left, keeping each answer in ``done``. In a forked process
    (``strict`` False) a task that raises is left undone, for the parent to do (and raise) itself."""
    while True:
        with counter.get_lock():
            index = counter.value
            counter.value += 1
        if index >= len(tasks):
            return
        if strict:
            done[index] = _do(ctx, tasks[index])
            continue
        try:
            done[index] = _do(ctx, tasks[index])
        except Exception:  # noqa: BLE001 - the parent does it again, and raises
            pass


def _forked(ctx: CheckContext, tasks: list[tuple], counter: Any, conn: Any) -> None:
    done: dict[int, Any] = {}
    try:
        _take(ctx, tasks, counter, done, strict=False)
    finally:
        conn.send(done)
        conn.close()


def _warm(ctx: CheckContext) -> None:
    """Fill here, once, what every process would otherwise load for itself on its first front (the
    fonts, each card type's templates, the hyphenation dictionary): the forks inherit it. The fronts
    resolved meanwhile are kept like any other."""
    from pnpgen.render.textfit import preload

    seen: set[str] = set()
    for card in ctx.game.cards:
        if card.type not in seen:
            seen.add(card.type)
            try:
                ctx.front(card)
            except Exception:  # noqa: BLE001 - raised again where the checks ask for this front
                pass
    preload(getattr(ctx.game, "language", "en_US"))


def shared_run(ctx: CheckContext, checks: list[Check], workers: int) -> list[Finding]:
    """The findings of ``checks`` on ``ctx``, the work shared with ``workers - 1`` forked processes
    (see the module's docstring): the same findings as running them one by one here, since every
    task is a pure function of the game and a task a fork could not do is done here."""
    ctx_fork = get_context("fork")
    _warm(ctx)
    tasks = _tasks(ctx, [chk for chk in checks if chk.code not in FRONT_CODES])
    counter = ctx_fork.Value("l", 0)
    pipes, procs = [], []
    for _ in range(workers - 1):
        receive, send = ctx_fork.Pipe(duplex=False)
        proc = ctx_fork.Process(target=_forked, args=(ctx, tasks, counter, send), daemon=True)
        proc.start()
        send.close()
        pipes.append(receive)
        procs.append(proc)
    done: dict[int, Any] = {}
    _take(ctx, tasks, counter, done, strict=True)
    for receive, proc in zip(pipes, procs):
        try:
            done.update(receive.recv())
        except (EOFError, OSError):  # the process died: what it took is done below
            pass
        proc.join()
    findings: list[Finding] = []
    for index, task in enumerate(tasks):
        answer = done[index] if index in done else _do(ctx, task)
        if task[0] == "checks":
            findings.extend(answer)
            continue
        for card, facts in zip(ctx.game.cards[task[1]:task[2]], answer):
            if facts is not None and not ctx.has_front(card):
                ctx.prime_front(card, facts)
    last_reader = {key: chk.code for chk in checks if chk.code in FRONT_CODES for key in chk.shares}
    for chk in checks:
        if chk.code in FRONT_CODES:
            findings.extend(chk.run(ctx))
            for key in chk.shares:
                if last_reader[key] == chk.code:
                    ctx.memo.pop(key, None)
    return findings
