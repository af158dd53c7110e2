"""What every check receives: the game, and helpers to point a finding at a card's field."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnpgen.spec.errors import display_path
from pnpgen.spec.model import Card, Game
from pnpgen.validate.findings import Finding, Severity


@dataclass
class CheckContext:
    game: Game
    with_fit: bool = True

    def at(self, card: Card, field: str | None, code: str, severity: Severity, message: str,
           fix: str | None = None) -> Finding:
        """A finding located at the YAML line of ``card.field`` (or of the card)."""
        loc = card.where(field)
        file = display_path(loc.file) if loc else self.game.directory
        return Finding(file, loc.line if loc else 0, code, severity, message, card.id, field, fix)

    def at_game(self, code: str, severity: Severity, message: str, fix: str | None = None,
                line: int = 0, file: str | None = None) -> Finding:
        path = file or f"{display_path(self.game.directory)}/game.yaml"
        return Finding(path, line, code, severity, message, None, None, fix)

    def text_fields(self, card: Card) -> list[str]:
        """The card's free-text fields, in declaration order (where text defects can live)."""
        ctype = self.game.card_types[card.type]
        return [name for name, f in ctype.fields.items() if f.type.value == "text" and card.get(name)]

    @cached_property
    def card_names(self) -> list[str]:
        return sorted({c.name for c in self.game.cards})
