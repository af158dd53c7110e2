"""What the proofreader reports: the validator's ``Finding`` at a document's line and column.

A rulebook has no YAML field to point at, so ``field`` stays empty and ``card`` is the name of the
card or component a finding is about. Severities, printed form and exit codes are the validator's.
"""

from __future__ import annotations

from pnpgen.validate.findings import Finding, Severity

__all__ = ["Finding", "Severity", "proof_finding"]


def proof_finding(file: str, line: int, column: int, code: str, severity: Severity, message: str,
                  fix: str | None = None, card: str | None = None) -> Finding:
    """A finding at ``file``'s ``line`` and ``column`` (both 1-based)."""
    return Finding(file, line, code, severity, message, card=card, fix=fix, column=column)


def reading_order(finding: Finding) -> tuple:
    """Sort key of a document's findings: by place (line, then column), then code."""
    f = finding
    return (f.file, f.line, f.column, f.code, f.severity, f.message, f.fix, f.card)
