"""What the proofreader reports: a ``ProofFinding`` pointing at a line and column of a document.

It is the validator's ``Finding`` with a column and without card fields (a rulebook has no YAML
field to point at); severities are the validator's, so exit codes mean the same in both commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpgen.validate.findings import Severity

__all__ = ["ProofFinding", "Severity"]


@dataclass(frozen=True, order=True)
class ProofFinding:
    file: str
    line: int
    column: int
    code: str
    severity: Severity
    message: str
    fix: str | None = None
    card: str | None = None  # the card or component name the finding is about, if any

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity.value, "file": self.file, "line": self.line,
                "column": self.column, "card": self.card, "message": self.message, "fix": self.fix}

    def format(self) -> str:
        fix = f" ({self.fix})" if self.fix else ""
        return f"{self.file}:{self.line}:{self.column}: {self.code} {self.severity.value}: {self.message}{fix}"
