"""Run the registered checks on a game and collect the findings with an exit code.

Which checks run and which findings are kept (game.yaml's ``checks:``, cards' ``skip_checks``, the
command line's ``--select``/``--ignore``) is :mod:`pnpgen.validate.suppress`'s to say.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pnpgen.heap import settled
from pnpgen.spec.model import Game
from pnpgen.validate.context import CheckContext
from pnpgen.validate.parallel import MIN_CARDS_PER_WORKER
from pnpgen.validate.findings import Finding, Severity, Tally
from pnpgen.validate.checks import all_checks
from pnpgen.validate.suppress import CodeChoice, check_names, checks_for, kept, wanted_codes


@dataclass(frozen=True)
class ValidationResult(Tally):
    game_id: str
    findings: tuple[Finding, ...]
    strict: bool = False

    def format_text(self) -> str:
        lines = [f.format() for f in self.findings]
        lines.append(self.counts_line(self.game_id))
        return "\n".join(lines)

    def format_json(self) -> str:
        return json.dumps({
            "game": self.game_id,
            **self.counts(),
            "findings": [f.to_dict() for f in self.findings],
        }, indent=2, ensure_ascii=False)


# The checks whose per-card work ``validate.parallel`` does ahead of them.
_PER_CARD_CODES = {"FIT001", "GLYPH001", "IMG001", "RULES001", "RULES002"}

_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def grouped(findings: list[Finding]) -> list[Finding]:
    """One finding per (check, card, field): a check that finds several things in one field says
    them in one finding, listing every occurrence, at the first line and the gravest severity.
    Findings not tied to a field (a stated total, a card as a whole) stay as they are."""
    groups: dict[tuple, list[Finding]] = {}
    for f in sorted(set(findings)):
        key = (f.code, f.file, f.card, f.field) if f.field is not None else (f,)
        groups.setdefault(key, []).append(f)
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        first = min(group, key=lambda f: (f.line, f.message))
        severity = min((f.severity for f in group), key=_RANK.__getitem__)
        message = f"{len(group)} occurrences: " + "; ".join(f"({i}) {f.message}" for i, f in enumerate(group, 1))
        fixes = list(dict.fromkeys(f.fix for f in group if f.fix))
        out.append(Finding(first.file, first.line, first.code, severity, message, first.card, first.field,
                           "; ".join(fixes) or None))
    return out


def merged(first: ValidationResult, second: ValidationResult) -> ValidationResult:
    """One result of two runs over disjoint sets of checks of the same game (``only``): findings are
    grouped per check code, so this is what one run of both sets gives."""
    return ValidationResult(first.game_id, tuple(sorted(first.findings + second.findings)), first.strict)


def validate_game(game: Game, strict: bool = False, with_fit: bool = True, only: set[str] | None = None,
                  workers: int | None = 1, fronts: dict | None = None,
                  choice: CodeChoice | None = None) -> ValidationResult:
    """Run the checks. An expansion is checked with its base game as context (glossary, balance
    peers, pool counts), but only findings about its own cards, or about the game as a whole,
    are kept: the base game's own problems are ``pnpgen validate <base>``'s business.

    ``workers`` processes share the per-card work (fronts, ability parsing) of a large deck
    (None: every core, as the CLI asks; the default 1 keeps to this process, so a library caller's
    script needs no ``__main__`` guard for helper processes); the findings are the same for any number.

    ``fronts`` (card id -> (card, FrontFacts)) are fronts a build just drew, resolved and fitted at
    the checks' bleed (``context.FACE_BLEED_MM``): the checks take them instead of doing that again.

    ``only`` (registered check codes, all their findings) splits a run between processes; the game's
    ``checks:`` and ``skip_checks`` and the command line's ``choice`` say which codes are reported,
    and only the checks reporting them run. A code in them that is no check's is a SpecError."""
    check_names(game)
    with settled():  # the game out of the cycle collector's sight while it is checked
        return _validate(game, strict, with_fit, only, workers, fronts, choice)


def _validate(game: Game, strict: bool, with_fit: bool, only: set[str] | None, workers: int | None,
              fronts: dict | None, choice: CodeChoice | None) -> ValidationResult:
    wanted = wanted_codes(game, choice)
    needed = checks_for(wanted)
    run = [chk for chk in all_checks() if chk.code in needed and (only is None or chk.code in only)]
    ctx = CheckContext(game, with_fit=with_fit)
    primed = 0
    for card in game.cards if fronts else ():
        hit = fronts.get(card.id)
        if hit is not None and hit[0] is card:
            ctx.prime_front(card, hit[1], hit)
            primed += 1
    if primed and len(game.cards) - primed < MIN_CARDS_PER_WORKER:
        workers = 1  # what is left (other cards' fronts, ability parsing) would not pay for a process
    findings: list[Finding] | None = None
    if workers != 1 and {chk.code for chk in run} & _PER_CARD_CODES:
        from pnpgen.render.workers import worker_count
        from pnpgen.validate.parallel import MIN_CARDS_FORKED, can_fork, precompute, shared_run

        count = worker_count(workers)
        if count > 1 and not primed and len(game.cards) >= MIN_CARDS_FORKED and can_fork():
            findings = shared_run(ctx, run, count)
        else:
            precompute(ctx, count)
    if findings is None:
        findings = []
        last_reader = {key: chk.code for chk in run for key in chk.shares}
        for chk in run:
            findings.extend(chk.run(ctx))
            for key in chk.shares:
                if last_reader[key] == chk.code:
                    ctx.memo.pop(key, None)
    findings = kept(game, findings, wanted)
    if game.expansion is not None:
        own = {c.id for c in game.own_cards()}
        findings = [f for f in findings if f.card is None or f.card in own]
    name = game.expansion.id if game.expansion is not None else game.id
    return ValidationResult(name, tuple(sorted(grouped(findings))), strict)
