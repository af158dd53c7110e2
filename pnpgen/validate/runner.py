"""Run every registered check on a game and collect the findings with an exit code."""

from __future__ import annotations

import json
from dataclasses import dataclass

from pnpgen.spec.model import Game
from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.registry import all_checks


@dataclass(frozen=True)
class ValidationResult:
    game_id: str
    findings: tuple[Finding, ...]
    strict: bool = False

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    @property
    def exit_code(self) -> int:
        """0 clean, 1 errors (or warnings with --strict). Unusable input (2) never gets this far."""
        if self.count(Severity.ERROR) or (self.strict and self.count(Severity.WARNING)):
            return 1
        return 0

    def format_text(self) -> str:
        lines = [f.format() for f in self.findings]
        lines.append(f"{self.game_id}: {self.count(Severity.ERROR)} errors, {self.count(Severity.WARNING)} warnings, "
                     f"{self.count(Severity.INFO)} notes")
        return "\n".join(lines)

    def format_json(self) -> str:
        return json.dumps({
            "game": self.game_id,
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
            "infos": self.count(Severity.INFO),
            "exit_code": self.exit_code,
            "findings": [f.to_dict() for f in self.findings],
        }, indent=2, ensure_ascii=False)


def validate_game(game: Game, strict: bool = False, with_fit: bool = True, only: set[str] | None = None) -> ValidationResult:
    """Run the checks. An expansion is checked with its base game as context (glossary, balance
    peers, pool counts), but only findings about its own cards, or about the game as a whole,
    are kept: the base game's own problems are ``pnpgen validate <base>``'s business."""
    ctx = CheckContext(game, with_fit=with_fit)
    findings: list[Finding] = []
    for chk in all_checks():
        if only is not None and chk.code not in only:
            continue
        findings.extend(chk.run(ctx))
    if game.expansion is not None:
        own = {c.id for c in game.own_cards()}
        findings = [f for f in findings if f.card is None or f.card in own]
    name = game.expansion.id if game.expansion is not None else game.id
    return ValidationResult(name, tuple(sorted(set(findings))), strict)
