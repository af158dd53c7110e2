"""What every check receives: the game, and helpers to point a finding at a card's field."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pnpgen.spec.errors import display_path
from pnpgen.spec.model import Card, Game
from pnpgen.validate.findings import Finding, Severity


@dataclass
class CheckContext:
    game: Game
    with_fit: bool = True
    parsed_abilities: list | None = None  # filled once by the rules checks
    memo: dict = field(default_factory=dict)  # results several checks share, computed once per run

    def at(self, card: Card, field: str | None, code: str, severity: Severity, message: str,
           fix: str | None = None) -> Finding:
        """A finding located at the YAML line of ``card.field`` (or of the card)."""
        loc = card.where(field)
        file = display_path(loc.file) if loc else self.game.directory
        return Finding(file, loc.line if loc else 0, code, severity, message, card.id, field, fix)

    def at_game(self, code: str, severity: Severity, message: str, fix: str | None = None,
                line: int = 0, file: str | None = None, rule: str | None = None) -> Finding:
        """A finding about the game as a whole; ``rule`` points it at that fact in game.yaml."""
        path = file or f"{display_path(self.game.directory)}/game.yaml"
        if rule and not file:
            line = self.rule_lines.get(rule, line)
        return Finding(display_path(path), line, code, severity, message, None, f"rules.{rule}" if rule else None, fix)

    @cached_property
    def rule_lines(self) -> dict[str, int]:
        """Line of each rule fact in game.yaml (an expansion's rules are its base game's)."""
        from pathlib import Path

        from pnpgen.spec.loader import find_game_dir
        from pnpgen.spec.yamlio import load_yaml

        base = self.game.expansion.base if self.game.expansion else self.game.directory
        data = load_yaml(Path(find_game_dir(base)) / "game.yaml")
        rules = data.get("rules") if isinstance(data, dict) else None
        return {k: rules.line_of(k) for k in rules} if hasattr(rules, "line_of") else {}

    def text_fields(self, card: Card) -> list[str]:
        """The card's free-text fields, in declaration order (where text defects can live)."""
        ctype = self.game.card_types[card.type]
        return [name for name, f in ctype.fields.items() if f.type.value == "text" and card.get(name)]
