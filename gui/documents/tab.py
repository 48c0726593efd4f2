"""GUI layer: what the main window needs of a document shown in one of its tabs.

The shell (:mod:`gui.shell.tabs`) holds any kind of document through :class:`DocumentTab`: a
character now, a trapping diagram or an action-results table later. Each tab owns its
document's ``QUndoStack`` (the window's ``QUndoGroup`` switches to it), names itself, says
whether it has unsaved changes, saves itself and tells when any of that changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Protocol

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QVBoxLayout, QWidget


class DocumentTab(Protocol):
    """A tab's widget, as the shell sees it (it is also a ``QWidget``).

    Attributes:
        undo_stack: The document's undo stack (its clean state is "saved").
        changed: A Qt signal emitted when the title or the modified state may have changed.
    """

    undo_stack: QUndoStack
    changed: SignalInstance

    def key(self) -> Hashable:
        """What the tab shows (kind and record id): opening it again switches to this tab."""

    def title(self) -> str:
        """A short title for the tab and the window."""

    def is_modified(self) -> bool:
        """Whether there are unsaved changes."""

    def save(self) -> bool:
        """Save the document; True when nothing unsaved remains."""

    def can_save(self) -> bool:
        """Whether Save applies now (for instance not in a read-only library)."""

    def discard(self) -> None:
        """The tab is closing without saving (forget autosaved drafts and the like)."""


class CharacterTab(QWidget):
    """One open character: its document and the editor widget showing it.

    Args:
        document: The :class:`gui.documents.character_document.CharacterDocument`.
        editor: The system's editor of it.
        save: Saves the document (the shell's library controller); True when saved.
        can_save: Whether saving is possible now.
        discard: Called when the tab closes unsaved.
    """

    changed = Signal()

    def __init__(
        self,
        document: Any,
        editor: QWidget,
        *,
        save: Callable[[Any], bool] | None = None,
        can_save: Callable[[], bool] | None = None,
        discard: Callable[[Any], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.editor = editor
        self.undo_stack: QUndoStack = document.undo_stack
        self._save = save
        self._can_save = can_save
        self._discard = discard
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(editor)
        self.undo_stack.cleanChanged.connect(self._on_document_changed)
        document.character_replaced.connect(self._on_document_changed)

    def _on_document_changed(self, *_args: object) -> None:
        self.changed.emit()

    def key(self) -> Hashable:
        """("character", id)."""
        return ("character", self.document.character.id)

    def title(self) -> str:
        """The character's name, or a placeholder."""
        title: str = self.document.title()
        return title

    def is_modified(self) -> bool:
        """Whether the character has unsaved edits."""
        return not self.undo_stack.isClean()

    def save(self) -> bool:
        """Save through the shell's saver."""
        return self._save(self.document) if self._save is not None else False

    def can_save(self) -> bool:
        """Whether the library takes writes."""
        return self._save is not None and (self._can_save is None or self._can_save())

    def discard(self) -> None:
        """Forget the character's autosaved draft."""
        if self._discard is not None:
            self._discard(self.document)
