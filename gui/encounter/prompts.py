"""GUI layer: the small questions the encounter window asks (each an ``ask`` classmethod that
tests replace with a scripted answer)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class AspectPrompt(QDialog):
    """Ask for a scene aspect: its text, sticky or fragile, free tags, hidden from players."""

    def __init__(self, parent: QWidget | None = None, *, sticky: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add an aspect")
        self.text = QLineEdit()
        self.text.setPlaceholderText("e.g. Crates Everywhere")
        self.sticky = QCheckBox("Sticky (stays after being tagged)")
        self.sticky.setChecked(sticky)
        self.free_tags = QSpinBox()
        self.free_tags.setRange(0, 10)
        self.hidden = QCheckBox("Hidden from the player view")
        form = QFormLayout()
        form.addRow("Aspect", self.text)
        form.addRow("", self.sticky)
        form.addRow("Free tags", self.free_tags)
        form.addRow("", self.hidden)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(_buttons(self))

    @classmethod
    def ask(
        cls, parent: QWidget | None, *, sticky: bool = True
    ) -> tuple[str, bool, int, bool] | None:
        """(text, sticky, free tags, hidden), or None when cancelled or empty."""
        dialog = cls(parent, sticky=sticky)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.text.text().strip():
            return None
        return (
            dialog.text.text().strip(),
            dialog.sticky.isChecked(),
            dialog.free_tags.value(),
            dialog.hidden.isChecked(),
        )


class BorderPrompt(QDialog):
    """Ask which two zones are adjacent, and the border's value (or that they are not)."""

    def __init__(
        self,
        zones: Sequence[tuple[str, str]],
        parent: QWidget | None = None,
        *,
        first: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Border between zones")
        self.a = QComboBox()
        self.b = QComboBox()
        for label, zid in zones:
            self.a.addItem(label, zid)
            self.b.addItem(label, zid)
        if first is not None:
            self.a.setCurrentIndex(max(0, self.a.findData(first)))
        self.b.setCurrentIndex(1 if self.a.currentIndex() == 0 and len(zones) > 1 else 0)
        self.value = QSpinBox()
        self.value.setRange(0, 20)
        self.value.setToolTip("0 is an open passage; each point is -1 on a move across it")
        self.parted = QCheckBox("Not adjacent (remove the border)")
        form = QFormLayout()
        form.addRow("From", self.a)
        form.addRow("To", self.b)
        form.addRow("Border value", self.value)
        form.addRow("", self.parted)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(_buttons(self))

    @classmethod
    def ask(
        cls, parent: QWidget | None, zones: Sequence[tuple[str, str]], first: str | None = None
    ) -> tuple[str, str, int | None] | None:
        """(zone, zone, value or None to part them), or None when cancelled."""
        dialog = cls(zones, parent, first=first)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        value = None if dialog.parted.isChecked() else dialog.value.value()
        return str(dialog.a.currentData()), str(dialog.b.currentData()), value


class ChoicePrompt:
    """Pick one of a few labelled values (a zone, a template)."""

    @classmethod
    def ask(
        cls, parent: QWidget | None, title: str, label: str, choices: Sequence[tuple[str, Any]]
    ) -> Any:
        """The chosen value, or None when cancelled."""
        labels = [c[0] for c in choices]
        if not labels:
            return None
        text, ok = QInputDialog.getItem(parent, title, label, labels, 0, False)
        if not ok:
            return None
        return choices[labels.index(text)][1]
