"""GUI layer: offers, at start-up, to restore the unsaved edits autosaved before a crash."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.drafts import Draft
from gui.models.columns import when


class DraftRestoreDialog(QDialog):
    """Lists the drafts with a check box each: restore the checked ones, discard the rest."""

    def __init__(self, drafts: Sequence[Draft], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Restore unsaved changes?")
        self.resize(520, 320)
        self._drafts = list(drafts)
        self._keep = False
        label = QLabel(
            "Fatesmith was not closed properly last time. These characters had changes that "
            "were not saved; tick the ones to restore (they open with the changes unsaved, so "
            "you can look before saving)."
        )
        label.setWordWrap(True)
        self.list = QListWidget()
        for draft in self._drafts:
            item = QListWidgetItem(f"{draft.title}  \u2014  autosaved {when(draft.saved_at)}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.list.addItem(item)
        buttons = QDialogButtonBox()
        restore = buttons.addButton("Restore checked", QDialogButtonBox.ButtonRole.AcceptRole)
        later = QPushButton("Ask me later")
        buttons.addButton(later, QDialogButtonBox.ButtonRole.RejectRole)
        restore.setDefault(True)
        buttons.accepted.connect(self.accept)
        later.clicked.connect(self._later)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)

    def _later(self) -> None:
        self._keep = True
        self.reject()

    def chosen(self) -> list[Draft]:
        """The drafts whose boxes are ticked."""
        return [
            d
            for i, d in enumerate(self._drafts)
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]

    @classmethod
    def ask(cls, parent: QWidget | None, drafts: Sequence[Draft]) -> list[Draft] | None:
        """Returns the drafts to restore (the others are then discarded), or None to keep every
        draft for the next start."""
        dialog = cls(drafts, parent)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return dialog.chosen()
        return None
