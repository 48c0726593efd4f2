"""GUI layer: a one-question choice from a list (which template to start, for example).

Like the other app-shell dialogs, :meth:`ChoiceDialog.ask` shows it modally and returns a plain
value; tests replace ``ask`` with a function returning the answer they need.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)


class ChoiceDialog(QDialog):
    """A list of labelled choices; double-click or OK picks one.

    Args:
        title: Window title.
        label: The question above the list.
        choices: (label, value) pairs, in the order shown.
        parent: Parent widget.
    """

    def __init__(
        self,
        title: str,
        label: str,
        choices: Sequence[tuple[str, Any]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._values = [value for _text, value in choices]
        self.list = QListWidget()
        for text, _value in choices:
            self.list.addItem(QListWidgetItem(text))
        if choices:
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        question = QLabel(label)
        question.setBuddy(self.list)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(360, 300)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def value(self) -> Any:
        """The value of the chosen row, or None when nothing is chosen."""
        row = self.list.currentRow()
        return self._values[row] if 0 <= row < len(self._values) else None

    @classmethod
    def ask(
        cls, parent: QWidget | None, title: str, label: str, choices: Sequence[tuple[str, Any]]
    ) -> Any:
        """Show the list; returns the chosen value, or None when cancelled."""
        dialog = cls(title, label, choices, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.value()
