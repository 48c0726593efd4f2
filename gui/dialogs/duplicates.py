"""GUI layer: asking what an import does with a character already in the library under the same
id but different (an edited file imported again): replace it, keep both, or skip it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

CHOICES = (
    ("replace", "&Replace", "Overwrite the stored character with the file's version"),
    ("keep-both", "&Keep both", "Import the file's version as a new copy beside the stored one"),
    ("skip", "&Skip", "Leave the stored character as it is and do not import this one"),
)


class DuplicatesDialog(QDialog):
    """One question: what to do with ``name``; "Apply to all" answers the rest the same way.

    Args:
        name: The character asked about.
        remaining: How many duplicates are still to decide, this one included.
    """

    def __init__(self, name: str, remaining: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Already in the library")
        self.choice: str | None = None
        label = QLabel(
            f"\u201c{name or '(unnamed)'}\u201d is already in the library, and the file holds "
            "a different version of it. What should the import do?"
        )
        label.setWordWrap(True)
        self.apply_all = QCheckBox(f"Do the same for the other {remaining - 1} like this")
        self.apply_all.setVisible(remaining > 1)
        buttons = QDialogButtonBox()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, tip in CHOICES:
            button = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, k=key: self._choose(k))
            self.buttons[key] = button
        cancel = buttons.addButton("Cancel import", QDialogButtonBox.ButtonRole.RejectRole)
        cancel.clicked.connect(self.reject)
        self.buttons["keep-both"].setDefault(True)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.apply_all)
        layout.addWidget(buttons)

    def _choose(self, key: str) -> None:
        self.choice = key
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, name: str, remaining: int) -> tuple[str, bool] | None:
        """Ask modally: (choice, apply to all), or None when the import is cancelled."""
        dialog = cls(name, remaining, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is None:
            return None
        return dialog.choice, dialog.apply_all.isChecked()

    @classmethod
    def decide(
        cls, parent: QWidget | None, duplicates: Sequence[tuple[uuid.UUID, str]]
    ) -> dict[uuid.UUID, str] | None:
        """A choice for every duplicate, asking once per character until "apply to all" is
        ticked; None when the user cancels the import."""
        decided: dict[uuid.UUID, str] = {}
        for index, (character_id, name) in enumerate(duplicates):
            answer = cls.ask(parent, name, len(duplicates) - index)
            if answer is None:
                return None
            choice, to_all = answer
            if to_all:
                return decided | {i: choice for i, _ in duplicates[index:]}
            decided[character_id] = choice
        return decided
