"""The one error type for unusable spec input, formatted as `file:line: card 'id': message (hint)`."""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Iterable
from pathlib import Path


def display_path(path: str | Path) -> str:
    """A path as the user would type it: relative to the working directory when inside it."""
    # Every finding names its file, and a large deck has tens of thousands of findings in a few files.
    return _display_path(os.fspath(path), os.getcwd())


@functools.lru_cache(maxsize=1024)
def _display_path(path: str, cwd: str) -> str:
    p = Path(path)
    try:
        if p.is_absolute():
            rel = os.path.relpath(p, cwd)
            if not rel.startswith(".."):
                return rel
        return str(p)
    except ValueError:
        return str(p)


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest choice, or '' when nothing is close."""
    close = difflib.get_close_matches(str(word), sorted(set(choices)), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


EXCERPT_CHARS = 120
LINE_CHARS = 400


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """``text`` safe to print inside one line: control characters escaped, cut at ``limit`` chars.

    Every value quoted from untrusted input goes through here, so a 99 kB leftover or a
    terminal escape sequence in a card never reaches the user's terminal whole."""
    s = str(text)
    if len(s) > limit * 4:
        s = s[: limit * 4]  # escaping can only grow the text; do not escape megabytes to keep 120 chars
    out = "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in s)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def one_line(text: object, limit: int = LINE_CHARS) -> str:
    """A whole error line: newlines and control characters escaped, capped at ``limit`` characters."""
    return excerpt(text, limit)


class SpecError(Exception):
    """Spec input that cannot be used. The CLI prints ``str(err)`` on one line and exits 2."""

    def __init__(
        self,
        message: str,
        file: str | Path | None = None,
        line: int = 0,
        card: str | None = None,
        field: str | None = None,
        hint: str = "",
        column: str | None = None,
    ) -> None:
        self.message = message
        self.column = column  # a spreadsheet cell's column, e.g. "C (cost)"
        self.file = display_path(file) if file is not None else None
        self.line = line
        self.card = card
        self.field = field
        self.hint = hint
        super().__init__(str(self))

    def __reduce__(self):
        # Pickled with every attribute (the default would rebuild it from its one-line text alone):
        # validation workers send ImageErrors back inside a card's front facts.
        import copyreg

        return copyreg.__newobj__, (type(self), *self.args), self.__dict__

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
            if self.line and self.column:
                where = f"{self.file}:{self.line}:{self.column}: "
        who = f"card {self.card!r}: " if self.card else ""
        hint = f"; {self.hint}" if self.hint else ""
        return one_line(f"{where}{who}{self.message}{hint}")


class ImageError(SpecError):
    """A picture a card or template names that cannot be used (missing, outside the folder,
    unreadable, unsupported). Checks report it as IMG001 and go on with other cards."""
