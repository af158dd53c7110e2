"""How every command reports bad input: one line on stderr and exit 2 (``handles_errors``).

Its own module, below ``cli`` and ``cli_designer``, so both wrap their commands with it and
``cli`` imports ``cli_designer`` (to register its commands) without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import typer

from pnpgen.errors import display_path, one_line
from pnpgen.spec.errors import SpecError

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input that is not a spec file: printed on one line, exit code 2."""


def _input_errors() -> tuple[type[Exception], ...]:
    """Every error that means bad input rather than a bug (imported late: they are light modules)."""
    from pnpgen.odds.errors import OddsError
    from pnpgen.template.model import TemplateError

    # OSError: a read-only or file-in-the-way output path, a full disk — the user's to fix, not a bug.
    from pnpgen.cli_checks import OptionError
    from pnpgen.extras import MissingExtra
    from pnpgen.validate.explain import UnknownCode

    return (SpecError, UsageError, OSError, OddsError, TemplateError, OptionError, UnknownCode, MissingExtra)


def _describe(err: Exception) -> str:
    if isinstance(err, OSError) and not isinstance(err, SpecError) and err.filename is not None:
        return f"{display_path(err.filename)}: {err.strerror or type(err).__name__}; check the path and its permissions"
    return str(err)


def handles_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Print bad-input errors on one line to stderr and exit 2, as every command promises."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except _input_errors() as err:
            typer.echo(f"error: {one_line(_describe(err))}", err=True)
            raise typer.Exit(EXIT_USAGE) from None

    return wrapper
