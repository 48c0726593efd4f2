"""GUI layer: asking what an import does with a character already in the library under the same
id but different (an edited file imported again): replace it, keep both, or skip it; and with
an archive's rules data (a system's table or diagram) the library holds differently: replace the
library's, or keep it (there is one per kind, so "keep both" keeps the library's)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

K = TypeVar("K", bound=Hashable)

CHOICES = (
    ("replace", "&Replace", "Overwrite the stored character with the file's version"),
    ("keep-both", "&Keep both", "Import the file's version as a new copy beside the stored one"),
    ("skip", "&Skip", "Leave the stored character as it is and do not import this one"),
)

RULES_DATA_CHOICES = (
    ("replace", "&Replace", "Use the archive's version instead of the library's"),
    ("keep-both", "&Keep the library's", "Leave the library's version as it is"),
)


class DuplicatesDialog(QDialog):
    """One question: what to do with ``name``; "Apply to all" answers the rest the same way.

    Args:
        name: The character asked about.
        remaining: How many duplicates are still to decide, this one included.
    """

    def __init__(
        self,
        name: str,
        remaining: int,
        parent: QWidget | None = None,
        *,
        rules_data: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Already in the library")
        self.choice: str | None = None
        if rules_data:
            text = (
                f"The library has its own rules data \u201c{name}\u201d, and the archive holds "
                "a different version. Which should the library keep?"
            )
        else:
            text = (
                f"\u201c{name or '(unnamed)'}\u201d is already in the library, and the file "
                "holds a different version of it. What should the import do?"
            )
        label = QLabel(text)
        label.setWordWrap(True)
        self.apply_all = QCheckBox(f"Do the same for the other {remaining - 1} like this")
        self.apply_all.setVisible(remaining > 1)
        buttons = QDialogButtonBox()
        self.buttons: dict[str, QPushButton] = {}
        for key, words, tip in RULES_DATA_CHOICES if rules_data else CHOICES:
            button = buttons.addButton(words, QDialogButtonBox.ButtonRole.AcceptRole)
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
    def ask_rules_data(
        cls, parent: QWidget | None, name: str, remaining: int
    ) -> tuple[str, bool] | None:
        """Ask about one document of rules data: (choice, apply to all), or None (cancel)."""
        dialog = cls(name, remaining, parent, rules_data=True)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is None:
            return None
        return dialog.choice, dialog.apply_all.isChecked()

    @classmethod
    def decide(
        cls,
        parent: QWidget | None,
        duplicates: Sequence[tuple[K, str]],
        *,
        rules_data: bool = False,
    ) -> dict[K, str] | None:
        """A choice for every duplicate (characters by id, or rules data by (system, key)),
        asking once each until "apply to all" is ticked; None when the user cancels."""
        decided: dict[K, str] = {}
        for index, (key, name) in enumerate(duplicates):
            remaining = len(duplicates) - index
            answer = (
                cls.ask_rules_data(parent, name, remaining)
                if rules_data
                else cls.ask(parent, name, remaining)
            )
            if answer is None:
                return None
            choice, to_all = answer
            if to_all:
                return decided | {k: choice for k, _ in duplicates[index:]}
            decided[key] = choice
        return decided
