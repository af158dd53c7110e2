"""What a check reports: a ``Finding`` with a stable code, severity, location, message and fix hint."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Tally:
    """Counts and exit code of a result that holds ``findings`` and ``strict`` (validate, proofread):
    0 clean, 1 errors (or warnings with --strict). Unusable input (2) never gets this far."""

    findings: tuple
    strict: bool

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    @property
    def exit_code(self) -> int:
        if self.count(Severity.ERROR) or (self.strict and self.count(Severity.WARNING)):
            return 1
        return 0

    def counts(self) -> dict[str, int]:
        """The JSON report's counts and exit code."""
        return {"errors": self.count(Severity.ERROR), "warnings": self.count(Severity.WARNING),
                "infos": self.count(Severity.INFO), "exit_code": self.exit_code}

    def counts_line(self, subject: str) -> str:
        """The text report's last line."""
        return (f"{subject}: {self.count(Severity.ERROR)} errors, {self.count(Severity.WARNING)} warnings, "
                f"{self.count(Severity.INFO)} notes")


@dataclass(frozen=True, order=True)
class Finding:
    """One problem found by ``pnpgen validate`` or ``pnpgen proofread``. ``file``/``line`` point at
    the YAML value (or document line and ``column``) the user would edit; ``card`` is the card it is
    about (an id in specs, a name in a document), ``field`` the card's field."""

    file: str
    line: int
    code: str
    severity: Severity
    message: str
    card: str | None = None
    field: str | None = None
    fix: str | None = None
    column: int | None = None  # a document's 1-based column (``pnpgen proofread``); None in spec files

    @property
    def location(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.column is not None else f"{self.file}:{self.line}"
        parts = [where if self.line else self.file]
        if self.card:
            parts.append(self.card)
        if self.field:
            parts.append(self.field)
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        column = {} if self.column is None else {"column": self.column}
        return {"code": self.code, "severity": self.severity.value, "file": self.file, "line": self.line, **column,
                "card": self.card, "field": self.field, "message": self.message, "fix": self.fix}

    def format(self) -> str:
        fix = f" — fix: {self.fix}" if self.fix else ""
        return f"{self.location}: {self.severity.value} {self.code}: {self.message}{fix}"
