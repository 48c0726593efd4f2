"""GUI layer: the list of every problem and warning of a character, each a link to its field.

Activating a row (click, Enter) emits ``path_activated`` with the problem's path; the editor
answers by showing the page and focusing the field (``CreationFlowView.focus_path``).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListView, QVBoxLayout, QWidget

from gui.documents.character_document import CharacterDocument
from gui.models.problem_model import PathRole, ProblemModel, ProblemRank, ProblemTodo
from gui.theme import css
from rules.validation import Severity


class ValidationPanel(QWidget):
    """A headline ("3 things left to do") over the list of problems, errors first."""

    path_activated = Signal(str)

    def __init__(
        self,
        document: CharacterDocument,
        parent: QWidget | None = None,
        *,
        rank: ProblemRank | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.model = ProblemModel(document, self, rank=rank)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setModelColumn(1)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setSpacing(2)
        self.view.setIconSize(QSize(12, 12))
        self.view.setAlternatingRowColors(True)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAccessibleName("Problems")
        self.view.activated.connect(self._on_activated)
        self.view.clicked.connect(self._on_activated)
        layout.addWidget(self.view, 1)
        document.problems_changed.connect(self._refresh)
        self._refresh()

    def set_todo(self, todo: ProblemTodo | None) -> None:
        """Show the errors ``todo`` picks as "to do" (steps the user has not touched yet)."""
        self.model.set_todo(todo)
        self._refresh()

    def _refresh(self) -> None:
        problems = self._document.problems
        errors = sum(1 for p in problems if p.severity is Severity.ERROR)
        todo = sum(1 for p in problems if self.model.is_todo(p))
        warnings = len(problems) - errors
        ok = css("ok")
        if not problems:
            text = f"<b style='color:{ok}'>\u2713 Complete:</b> nothing left to fix."
        elif not errors:
            text = (
                f"<b style='color:{ok}'>\u2713 Complete.</b> {warnings} note"
                f"{'s' if warnings != 1 else ''} for the GM."
            )
        else:
            text = f"<b>{errors} thing{'s' if errors != 1 else ''} left to do</b>"
            if todo and todo < errors:
                fix = errors - todo
                text += f" (<span style='color:{css('error')}'>{fix} to fix</span>)"
            if warnings:
                text += f", {warnings} note{'s' if warnings != 1 else ''} for the GM"
            text += ". Click one to go there."
        self.headline.setText(text)

    def _on_activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        path = index.data(PathRole)
        if path:
            self.path_activated.emit(str(path))

    def activate_row(self, row: int) -> None:
        """Act as if the user clicked problem ``row``."""
        self._on_activated(self.model.index(row, 1))
