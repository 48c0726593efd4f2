"""GUI layer: one-question choices from a list: which template to start, which game system
a new character plays (File > New, like a desktop app's "New from template").

Like the other app-shell dialogs, :meth:`ChoiceDialog.ask` and :meth:`SystemChoiceDialog.ask`
show a modal dialog and return a plain value; tests replace ``ask`` with a function returning
the answer they need.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
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


class SystemOption(NamedTuple):
    """One game system offered for something new: its id, name and a line about it."""

    id: str
    name: str
    about: str = ""


class SystemChoiceDialog(QDialog):
    """Which game system a new character plays: one row per system, the remembered one
    chosen, so Enter (or a double-click) accepts it at once.

    Args:
        title: Window title ("New character").
        question: The question above the list.
        systems: The systems offered, in registration order.
        remembered: The id of the system chosen last time ("" for the first).
        parent: Parent widget.
    """

    def __init__(
        self,
        title: str,
        question: str,
        systems: Sequence[SystemOption],
        remembered: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._ids = [s.id for s in systems]
        self.list = QListWidget()
        self.list.setAccessibleName("Game systems")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setSpacing(2)
        self.list.setUniformItemSizes(True)
        row_height = self.list.fontMetrics().height() + 14
        for option in systems:
            item = QListWidgetItem(option.name)
            item.setToolTip(option.about or option.name)
            item.setSizeHint(QSize(0, row_height))
            self.list.addItem(item)
        row = self._ids.index(remembered) if remembered in self._ids else 0
        if systems:
            self.list.setCurrentRow(row)
        self.list.itemActivated.connect(lambda _item: self.accept())
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        label = QLabel(question)
        label.setBuddy(self.list)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.list.setMinimumHeight(max(1, len(systems)) * (row_height + 4) + 8)
        self.resize(380, 0)
        self.list.setFocus()
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def value(self) -> str | None:
        """The id of the chosen system, or None when nothing is chosen."""
        row = self.list.currentRow()
        return self._ids[row] if 0 <= row < len(self._ids) else None

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        title: str,
        question: str,
        systems: Sequence[SystemOption],
        remembered: str = "",
    ) -> str | None:
        """Show the list; returns the chosen system's id, or None when cancelled."""
        dialog = cls(title, question, systems, remembered, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.value()
