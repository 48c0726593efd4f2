"""Rules layer: the validation vocabulary shared by every system.

A :class:`Problem` is a report, never an exception: validators accept half-made characters and
describe what is missing or wrong, field by field, in plain words, with the book section it
comes from.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class Severity(StrEnum):
    """How serious a problem is: errors stop a character being "finished", warnings never do."""

    ERROR = "error"
    WARNING = "warning"


class Problem(BaseModel):
    """One thing a validator found.

    Attributes:
        code: Stable identifier (e.g. ``"SOTC-V7-rung-count"``) for tests, filters and docs.
        severity: Error or warning.
        path: Dotted path to the field, e.g. ``"phases[2].aspects[0]"`` or ``"skills.Guns"``.
        message: Plain-words explanation, written for a player rather than a programmer.
        section: The book and section the rule comes from.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    severity: Severity
    path: str
    message: str
    section: str


def error(code: str, path: str, message: str, section: str) -> Problem:
    """Build an error-severity problem."""
    return Problem(code=code, severity=Severity.ERROR, path=path, message=message, section=section)


def warning(code: str, path: str, message: str, section: str) -> Problem:
    """Build a warning-severity problem."""
    return Problem(
        code=code, severity=Severity.WARNING, path=path, message=message, section=section
    )


def has_errors(problems: Iterable[Problem]) -> bool:
    """True when any problem is an error."""
    return any(p.severity is Severity.ERROR for p in problems)


def problems_at(problems: Iterable[Problem], path_prefix: str) -> tuple[Problem, ...]:
    """Problems whose path is ``path_prefix`` or lies beneath it (for showing them in place)."""
    return tuple(
        p
        for p in problems
        if p.path == path_prefix or p.path.startswith((path_prefix + ".", path_prefix + "["))
    )


def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a field path: ``("phases", 0, "aspects")`` ->
    ``"phases[0].aspects"`` (``"(top level)"`` for an empty location)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"
