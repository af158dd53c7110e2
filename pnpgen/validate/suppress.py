"""Which checks run and which findings are kept, as a linter is told: game.yaml's ``checks:`` (a code
``off`` or given another severity), a card's ``skip_checks`` (codes whose findings about that card
are dropped) and the command line's ``--select`` / ``--ignore`` (codes or code prefixes).

The spec loader reads the first two as written; whether each code is a check's is said here, where
the checks are known, with did-you-mean, before any check runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from pnpgen.errors import SpecError, did_you_mean, excerpt
from pnpgen.spec.model import Game
from pnpgen.spec.tabular import column_of
from pnpgen.validate.explain import EXPLANATIONS, UnknownCode, catalogue
from pnpgen.validate.findings import Finding, Severity


@dataclass(frozen=True)
class CodeChoice:
    """The command line's choice of checks: codes or code prefixes (``TEXT`` is every TEXT code)."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


def reporters() -> dict[str, str]:
    """Every code a validation can report -> the registered check that reports it."""
    return {code: (EXPLANATIONS[code].reported_by if code in EXPLANATIONS and EXPLANATIONS[code].reported_by
                   else code) for code in catalogue()}


def _unknown(code: object, known: Iterable[str]) -> str:
    text = str(code)
    return f"unknown check code {excerpt(text, 40)!r}{did_you_mean(text.upper(), known)}"


_LIST_HINT = "`pnpgen validate --explain all` lists the codes"


def check_names(game: Game) -> None:
    """A SpecError naming the file and line of the first code in ``game``'s ``checks:`` or a card's
    ``skip_checks`` that is no check's code."""
    known = reporters()
    for setting in game.checks:
        if setting.code not in known:
            raise SpecError(f"'checks': {_unknown(setting.code, known)}", file=setting.where.file,
                            line=setting.where.line, field="checks", hint=_LIST_HINT)
    for card in game.cards:
        for code in card.skip_checks:
            if code not in known:
                where = card.where("skip_checks")
                raise SpecError(f"'skip_checks': {_unknown(code, known)}", file=where.file if where else None,
                                line=where.line if where else 0, card=card.id, field="skip_checks",
                                column=column_of(where.file, "skip_checks") if where else None, hint=_LIST_HINT)


def parse_codes(option: str, text: str | None) -> tuple[str, ...]:
    """``TEXT004,IMG`` -> ("TEXT004", "IMG"); each item must be a code or the prefix of one."""
    if text is None:
        return ()
    known = reporters()
    items = tuple(item.strip() for item in text.split(",") if item.strip())
    if not items:
        raise UnknownCode(f"{option} takes check codes separated by commas (e.g. TEXT004,IMG), got {text!r}")
    choices = {*known, *(code.rstrip("0123456789") for code in known)}  # TEXT004 and TEXT
    for item in items:
        if not any(code.startswith(item) for code in known):
            raise UnknownCode(f"{option}: {_unknown(item, choices)}; {_LIST_HINT}")
    return items


def _matching(items: Iterable[str], codes: Iterable[str]) -> set[str]:
    return {code for code in codes for item in items if code.startswith(item)}


def wanted_codes(game: Game, choice: CodeChoice | None = None) -> set[str]:
    """The codes whose findings this run reports: every code but those game.yaml turns ``off``; with
    ``--select``, only the codes it matches (a code it names in full is reported even when game.yaml
    turns it off); less those ``--ignore`` matches."""
    codes = set(reporters())
    off = {s.code for s in game.checks if s.level == "off"}
    wanted = codes - off
    if choice is not None and choice.select:
        wanted = (_matching(choice.select, wanted)) | (set(choice.select) & codes)
    if choice is not None and choice.ignore:
        wanted -= _matching(choice.ignore, codes)
    return wanted


def checks_for(codes: set[str]) -> set[str]:
    """The registered checks to run so that ``codes`` are reported (IMG002 needs the IMG001 check)."""
    by = reporters()
    return {by[code] for code in codes}


def kept(game: Game, findings: list[Finding], codes: set[str]) -> list[Finding]:
    """``findings`` less those of known codes not in ``codes`` and those a card's ``skip_checks``
    drops, each at the severity game.yaml's ``checks:`` gives its code. (A code no explanation lists
    yet is kept whenever its check ran: never dropped unasked.)"""
    dropped = set(reporters()) - codes
    skips = {card.id: card.skip_checks for card in game.cards if card.skip_checks}
    levels = {s.code: Severity(s.level) for s in game.checks if s.level != "off"}
    out = []
    for f in findings:
        if f.code in dropped or (f.card is not None and f.code in skips.get(f.card, ())):
            continue
        level = levels.get(f.code)
        out.append(f if level is None or level is f.severity else dataclasses.replace(f, severity=level))
    return out
