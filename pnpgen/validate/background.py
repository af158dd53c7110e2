"""Validation alongside a build: every check that does not look at the card fronts runs in other
low-priority processes (the rules checks in one, the text and count checks in another) while this
process draws the sheets, and the front checks (FIT001, GLYPH001, IMG001) run here afterwards on
the fronts the build drew (``validate_game(fronts=…)``).

Findings are sorted and grouped per check code, and the parts have no code in common, so the merged
result is exactly what one ``validate_game`` call gives. Whenever another process cannot give its
part as this process would have (it failed, raised, or knew other custom effects) that part is run
here instead, so an error surfaces where it would without the other processes. The processes start
as :mod:`pnpgen.procs` says (safe beside threads: ``serve`` and ``watch`` have them).
"""

from __future__ import annotations

import pickle

from pnpgen import procs
from pnpgen.render.workers import game_file
from pnpgen.spec.model import Game
from pnpgen.validate.runner import ValidationResult, merged, validate_game

FRONT_CODES = frozenset({"FIT001", "GLYPH001", "IMG001"})
# A checking process costs ~0.5 s of CPU to start (imports, unpickling the game); the checks they
# take over cost ~0.5 ms a card, so a smaller deck is validated faster in one place.
MIN_CARDS = 1000
# Processes the deck checks are shared among: they run niced beside the drawing and the preparing
# of fronts, and a second one halves the wait for them once the sheets are drawn.
PARTS = 2


def _deck_checks(payload: str, codes: frozenset[str], strict: bool) -> tuple[tuple, ValidationResult]:
    from pnpgen.effects.custom import fingerprint
    from pnpgen.heap import settle_for_good
    from pnpgen.render.workers import read_game_file, yield_to_drawing

    yield_to_drawing()
    game = read_game_file(payload)
    settle_for_good()
    return fingerprint(), validate_game(game, strict=strict, only=set(codes))


class Validation:
    """Start with :meth:`start`; :meth:`result` gives the whole validation once the fronts are drawn."""

    def __init__(self, game: Game, strict: bool, parts: int) -> None:
        from pnpgen.validate.checks import all_checks

        self._game = game
        self._strict = strict
        codes = [c.code for c in all_checks() if c.code not in FRONT_CODES]
        # The rules checks share one parse of every ability and the others their text indexes,
        # and the two cost about the same: with a second spare process, each takes one share.
        rules = frozenset(c for c in codes if c.startswith("RULES"))
        self._parts = [rules, frozenset(codes) - rules] if parts > 1 else [frozenset(codes)]
        payload = game_file(game)  # the front preparer reads the same file
        self._pool = procs.pool(len(self._parts))
        self._pending = [self._pool.apply_async(_deck_checks, (payload, part, strict)) for part in self._parts]

    @classmethod
    def start(cls, game: Game, cores: int, strict: bool = False) -> Validation | None:
        """The deck checks under way in other processes, or None when there is no spare core, the
        deck is too small to pay for them, or they cannot be started (validate in one call then)."""
        if cores < 2 or len(game.cards) < MIN_CARDS:
            return None
        try:
            return cls(game, strict, PARTS)
        except (OSError, pickle.PicklingError):  # no process to be had: validate in one call after the build
            return None

    def result(self, fronts: dict, workers: int | None) -> ValidationResult:
        """Every check's findings: the other processes', and the front checks run here on ``fronts``
        (card id -> (card, FrontFacts), as ``validate_game`` takes them)."""
        from pnpgen.effects.custom import fingerprint

        here = validate_game(self._game, strict=self._strict, only=set(FRONT_CODES), workers=workers, fronts=fronts)
        results = []
        try:
            for part, pending in zip(self._parts, self._pending):
                try:
                    known, there = pending.get()
                except Exception:  # noqa: BLE001 - run that part here, where any error it has is raised
                    known, there = None, None
                if there is None or known != fingerprint():
                    there = validate_game(self._game, strict=self._strict, only=set(part))
                results.append(there)
        finally:
            self.cancel()
        for there in results:
            here = merged(there, here)
        return here

    def cancel(self) -> None:
        """Stop the other processes (their findings are no longer wanted, e.g. the build failed)."""
        self._pool.terminate()
        self._pool.join()
