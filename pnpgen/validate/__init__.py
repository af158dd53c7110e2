"""`pnpgen validate`: every check of card data, each finding with a stable code, severity and location."""

from pnpgen.validate.findings import Finding, Severity
from pnpgen.validate.runner import ValidationResult, validate_game

__all__ = ["Finding", "Severity", "ValidationResult", "validate_game"]
