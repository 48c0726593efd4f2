"""GUI layer: the app shell's questions: unsaved changes, deleting, save conflicts and errors.

Each dialog is a small class whose ``ask()`` classmethod shows it modally and returns the
answer as a plain value; tests replace ``ask`` with a function returning the answer they need.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from PySide6.QtWidgets import QMessageBox, QWidget

SaveAnswer = Literal["save", "discard", "cancel"]
ConflictAnswer = Literal["reload", "overwrite", "copy", "cancel"]


class SaveChangesDialog:
    """Asks what to do with a character's unsaved changes: Save, Discard or Cancel."""

    @classmethod
    def ask(cls, parent: QWidget | None, name: str) -> SaveAnswer:
        """Show the question; returns "save", "discard" or "cancel"."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to \u201c{name}\u201d before closing?")
        box.setInformativeText("If you don't save, your changes since the last save are lost.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"


class ConfirmDeleteDialog:
    """Asks before deleting characters or encounters from the library (it cannot be undone)."""

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        names: Sequence[str],
        *,
        open_count: int = 0,
        kind: Literal["character", "encounter"] = "character",
    ) -> bool:
        """Show the question; returns True to delete."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Delete from the library")
        if len(names) == 1:
            box.setText(f"Delete \u201c{names[0]}\u201d from the library?")
        else:
            box.setText(f"Delete these {len(names)} {kind}s from the library?")
            shown = "\n".join(f"\u2022 {n}" for n in names[:12])
            more = f"\n\u2026 and {len(names) - 12} more" if len(names) > 12 else ""
            box.setDetailedText(shown + more)
        if kind == "character":
            info = "This cannot be undone. Export a copy first if you may want it back."
            if open_count:
                info += " Its open tab will be closed without saving."
        else:
            info = "This cannot be undone: the encounter's log and state are lost."
            if open_count:
                info += " Its open window will be closed."
        box.setInformativeText(info)
        delete = box.addButton("Delete", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is delete


class ConflictDialog:
    """Says that someone else saved the character since it was opened, and asks what to do."""

    @classmethod
    def ask(cls, parent: QWidget | None, name: str) -> ConflictAnswer:
        """Returns "reload" (theirs), "overwrite" (mine), "copy" (mine as a new character)
        or "cancel"."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Saved elsewhere")
        box.setText(
            f"\u201c{name}\u201d was changed in the library (by another window or another "
            "person) after you opened it."
        )
        box.setInformativeText(
            "Reload theirs: drop your changes and show the library's version.\n"
            "Overwrite: replace their version with yours.\n"
            "Save as copy: keep both; yours becomes a new character."
        )
        reload_button = box.addButton("Reload theirs", QMessageBox.ButtonRole.DestructiveRole)
        overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.AcceptRole)
        copy = box.addButton("Save as copy", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(copy)
        box.exec()
        clicked = box.clickedButton()
        if clicked is reload_button:
            return "reload"
        if clicked is overwrite:
            return "overwrite"
        if clicked is copy:
            return "copy"
        return "cancel"


class ErrorDialog:
    """Tells the user that something failed, in one clear line."""

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, message: str) -> None:
        """Show the message and wait for OK."""
        QMessageBox.warning(parent, title, message)
