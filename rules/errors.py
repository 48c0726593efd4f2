"""Rules layer: the exceptions the rules raise, each carrying enough context for a clear message."""

from __future__ import annotations


class FatesmithError(Exception):
    """Base class of every error Fatesmith raises on purpose."""


class CatalogError(FatesmithError):
    """A system catalogue file is missing, malformed or inconsistent.

    Attributes:
        file: The catalogue file name (e.g. ``stunts.json``), relative to the system folder.
        field: A dotted path to the offending field (e.g. ``stunts[12].requires.kind``), or "".
        message: Plain-words description of the problem.
    """

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file = file
        self.field = field
        self.message = message
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {message}")


class CharacterFileError(FatesmithError):
    """A character file cannot be read: malformed, truncated, wrong format, too big or hostile."""


class UnknownSystemError(FatesmithError):
    """A game-system id that Fatesmith does not know."""


class DiceExpressionError(FatesmithError):
    """A dice expression such as ``4dF+3`` that cannot be parsed."""


class RuleViolation(FatesmithError):
    """A transition that the rules do not allow (e.g. checking a box that does not exist)."""
