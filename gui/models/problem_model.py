"""GUI layer: a Qt table model over a document's cached validation problems.

Reads ``CharacterDocument.problems`` (never validates itself); errors are listed before warnings,
each in the order of the system's creation steps (a rank the creation flow supplies), ties in
the validator's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPixmap

from gui.documents.character_document import CharacterDocument
from gui.models.base import FIRST_FREE_ROLE, IdRole, Index, ObjectRole, TableModel
from rules.validation import Problem, Severity

PathRole = FIRST_FREE_ROLE
SeverityRole = FIRST_FREE_ROLE + 1
SectionRole = FIRST_FREE_ROLE + 2

ERROR_COLOR = QColor(196, 40, 40)
WARNING_COLOR = QColor(176, 120, 0)

_ICONS: dict[bool, QIcon] = {}


def severity_icon(is_error: bool) -> QIcon:
    """A small coloured dot: red for errors, amber for warnings (made once, on first use)."""
    if is_error not in _ICONS:
        pixmap = QPixmap(12, 12)
        pixmap.fill(QColor(0, 0, 0, 0))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(0, 0, 0, 0))
        painter.setBrush(ERROR_COLOR if is_error else WARNING_COLOR)
        painter.drawEllipse(1, 1, 10, 10)
        painter.end()
        _ICONS[is_error] = QIcon(pixmap)
    return _ICONS[is_error]


ProblemRank = Callable[[Problem], int]
"""Where a problem falls in the creation flow (the system's step order, from its UI)."""


def sorted_problems(
    problems: tuple[Problem, ...], rank: ProblemRank | None = None
) -> tuple[Problem, ...]:
    """Errors first, then warnings; within each, in creation-step order by ``rank`` (stable)."""

    def key(p: Problem) -> tuple[int, int]:
        return (p.severity is not Severity.ERROR, rank(p) if rank is not None else 0)

    return tuple(sorted(problems, key=key))


class ProblemModel(TableModel):
    """One row per problem: severity and message; the path and book section as roles."""

    COLUMNS = ("", "Problem")

    def __init__(
        self,
        document: CharacterDocument,
        parent: QObject | None = None,
        *,
        rank: ProblemRank | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._rank = rank
        self._problems = sorted_problems(document.problems, rank)
        document.problems_changed.connect(self._on_problems_changed)

    def _on_problems_changed(self) -> None:
        problems = sorted_problems(self._document.problems, self._rank)
        if problems == self._problems:
            return
        self.beginResetModel()
        self._problems = problems
        self.endResetModel()

    def problem_at(self, row: int) -> Problem:
        """The problem on ``row``."""
        return self._problems[row]

    def row_count(self) -> int:
        """Number of problems."""
        return len(self._problems)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Message, severity mark, colour, and the book section as tooltip."""
        if not self.row_valid(index):
            return None
        problem = self._problems[index.row()]
        is_error = problem.severity is Severity.ERROR
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return "\u2716" if is_error else "\u26a0"
            return problem.message
        if role == Qt.ItemDataRole.ToolTipRole:
            kind = "Error" if is_error else "Warning (the GM may allow it)"
            return f"{kind}: {problem.message}\nBook: {problem.section}"
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0:
            return QBrush(ERROR_COLOR if is_error else WARNING_COLOR)
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 1:
            return severity_icon(is_error)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{'Error' if is_error else 'Warning'}: {problem.message}"
        if role == PathRole:
            return problem.path
        if role == SeverityRole:
            return problem.severity.value
        if role == SectionRole:
            return problem.section
        if role == ObjectRole:
            return problem
        if role == IdRole:
            return f"{problem.code}@{problem.path}"
        return None
