"""GUI layer: a Qt table model over a document's cached validation problems.

Reads ``CharacterDocument.problems`` (never validates itself); errors are listed before warnings,
each in the order of the system's creation steps (a rank the creation flow supplies), ties in
the validator's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap

from gui.documents.character_document import CharacterDocument
from gui.models.base import FIRST_FREE_ROLE, IdRole, Index, ObjectRole, TableModel
from gui.theme import colour, theme_is_dark
from rules.validation import Problem, Severity

PathRole = FIRST_FREE_ROLE
SeverityRole = FIRST_FREE_ROLE + 1
SectionRole = FIRST_FREE_ROLE + 2


_ICONS: dict[tuple[str, bool], QIcon] = {}


def severity_icon(is_error: bool, *, todo: bool = False) -> QIcon:
    """A small dot in the theme's colours: red for errors, amber for warnings, a hollow neutral
    ring for what is still to do on a step the user has not touched yet (made once a theme)."""
    kind = "todo" if todo else ("error" if is_error else "warning")
    key = (kind, theme_is_dark())
    if key not in _ICONS:
        pixmap = QPixmap(12, 12)
        pixmap.fill(QColor(0, 0, 0, 0))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if todo:
            pen = QPen(colour("todo"))
            pen.setWidthF(1.6)
            painter.setPen(pen)
            painter.setBrush(QColor(0, 0, 0, 0))
            painter.drawEllipse(2, 2, 8, 8)
        else:
            painter.setPen(QColor(0, 0, 0, 0))
            painter.setBrush(colour(kind))  # type: ignore[arg-type]
            painter.drawEllipse(1, 1, 10, 10)
        painter.end()
        _ICONS[key] = QIcon(pixmap)
    return _ICONS[key]


ProblemRank = Callable[[Problem], int]
"""Where a problem falls in the creation flow (the system's step order, from its UI)."""

ProblemTodo = Callable[[Problem], bool]
"""Whether an error is still only "to do": its step has not been touched by the user yet (a
new character's empty fields are work ahead, not mistakes)."""


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
        self._todo: ProblemTodo | None = None
        self._problems = sorted_problems(document.problems, rank)
        document.problems_changed.connect(self._on_problems_changed)

    def _on_problems_changed(self) -> None:
        problems = sorted_problems(self._document.problems, self._rank)
        if problems == self._problems:
            return
        self.beginResetModel()
        self._problems = problems
        self.endResetModel()

    def set_todo(self, todo: ProblemTodo | None) -> None:
        """Show the errors ``todo`` picks as neutral "to do" items (None: every error is one)."""
        self._todo = todo
        if self._problems:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._problems) - 1, 1))

    def is_todo(self, problem: Problem) -> bool:
        """Whether ``problem`` shows as still to do rather than as an error."""
        return problem.severity is Severity.ERROR and self._todo is not None and self._todo(problem)

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
        todo = self.is_todo(problem)
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return "\u25cb" if todo else "\u2716" if is_error else "\u26a0"
            return problem.message
        word = "To do" if todo else "Error" if is_error else "Warning"
        if role == Qt.ItemDataRole.ToolTipRole:
            kind = word if is_error else "Warning (the GM may allow it)"
            return f"{kind}: {problem.message}\nBook: {problem.section}"
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0:
            return QBrush(colour("todo" if todo else "error" if is_error else "warning"))
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 1:
            return severity_icon(is_error, todo=todo)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{word}: {problem.message}"
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
