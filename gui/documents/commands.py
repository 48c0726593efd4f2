"""GUI layer: the undo commands every character document has, whatever its system.

Each system's own commands (``gui.systems.<package>.commands``) build on
:class:`CharacterCommand`; the shell uses :class:`ReplaceCharacterCommand` for edits that come
from outside the editor (restoring an autosaved draft, editing tags from the library).
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from gui.documents.character_document import CharacterDocument
from rules.character import CharacterBase


class CharacterCommand(QUndoCommand):
    """Base: the constructor builds the next character from the current one; redo/undo swap.

    The undo stack is linear, so the state a command is redone on is always the state it was built
    on; keeping both snapshots makes every round trip exact (padding of phases included).
    """

    def __init__(self, document: CharacterDocument, text: str) -> None:
        super().__init__(text)
        self._document = document
        self._before: CharacterBase = document.character
        self._after: CharacterBase = document.character

    @property
    def document(self) -> CharacterDocument:
        """The document this command edits."""
        return self._document

    def redo(self) -> None:
        """Install the state after the action."""
        self._document.replace_character(self._after)

    def undo(self) -> None:
        """Install the state before the action."""
        self._document.replace_character(self._before)


class ReplaceCharacterCommand(CharacterCommand):
    """Replace the whole character in one step (e.g. "Start over", "Restore autosaved")."""

    def __init__(self, document: CharacterDocument, character: CharacterBase, text: str) -> None:
        super().__init__(document, text)
        self._after = character
