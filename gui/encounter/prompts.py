"""GUI layer: the small questions the encounter window asks (each an ``ask`` classmethod that
tests replace with a scripted answer)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class TextPrompt:
    """Ask for one line of text (a consequence, an aspect)."""

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
        """The text entered, or None when cancelled or empty."""
        value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
        value = value.strip()
        return value if ok and value else None


class MinionPrompt(QDialog):
    """Ask for a minion group: name, quality, count."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a minion group")
        form = QFormLayout()
        self.name = QLineEdit("Thugs")
        self.quality = QSpinBox()
        self.quality.setRange(1, 3)
        self.count = QSpinBox()
        self.count.setRange(1, 50)
        self.count.setValue(4)
        form.addRow("Name", self.name)
        form.addRow("Quality (1 Average, 2 Fair, 3 Good)", self.quality)
        form.addRow("Minions", self.count)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None) -> tuple[str, int, int] | None:
        """(name, quality, count) or None."""
        dialog = cls(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.name.text().strip() or "Minions", dialog.quality.value(), dialog.count.value()


class CharacterPicker(QDialog):
    """Pick characters from the library to bring into the scene."""

    def __init__(self, summaries: Sequence[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add characters from the library")
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        for s in summaries:
            item = QListWidgetItem(f"{s.name} ({s.player or 'NPC'})")
            item.setData(256, s.id)
            self.list.addItem(item)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.list)
        box.addWidget(buttons)

    @classmethod
    def ask(cls, parent: QWidget | None, summaries: Sequence[Any]) -> list[uuid.UUID]:
        """The chosen characters' ids (empty when cancelled)."""
        dialog = cls(summaries, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return []
        return [item.data(256) for item in dialog.list.selectedItems()]
