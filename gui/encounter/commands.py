"""GUI layer: undo commands of the encounter window (STYLE.md "Commands").

Every change to an encounter is one engine event, so there is one command class: it applies the
event in its constructor (dice already rolled and written into the event, so redo is identical),
keeps the states before and after, and its ``redo``/``undo`` only hand them to the document.

Writing the results back to the characters is the one command that changes the library instead
(:class:`WriteResultsCommand`): it writes in its constructor, and its undo writes the previous
versions back in one transaction, refused when a character was saved elsewhere since.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from gui.encounter.document import EncounterDocument
from rules.conflict import apply_event
from rules.encounter import Event
from rules.errors import FatesmithError


class ApplyEventCommand(QUndoCommand):
    """One transition of the encounter ("Attack", "Next turn", "Check box"...).

    Raises:
        RuleViolation: from the constructor when the rules refuse the event (nothing is pushed).
    """

    def __init__(self, document: EncounterDocument, event: Event) -> None:
        super().__init__()
        self._doc = document
        self._before = (document.state, document.log)
        after, entry = apply_event(document.rules, document.state, event)
        self._after = (after, (*document.log, entry))
        self.entry = entry
        text = entry.text if len(entry.text) <= 80 else entry.text[:77] + "..."
        self.setText(text)

    def redo(self) -> None:
        """Apply the transition."""
        self._doc.set_state(*self._after)

    def undo(self) -> None:
        """Back to the state before it."""
        self._doc.set_state(*self._before)


def results_of(document: EncounterDocument) -> list[tuple[Any, int, Any]]:
    """What writing the results would store: (character as stored, its version, character with
    the participant's results) for each library character of the encounter's system in the cast.

    Raises:
        FatesmithError: a character cannot be read or take its results (named), or there is
            none to write to.
    """
    library = document.library
    changes = []
    for p in document.state.participants:
        if p.character_id is None:
            continue
        try:
            stored = library.get_character(p.character_id)
            if stored.character.system != document.state.system:
                continue
            updated = document.conflict_rules.apply_results(stored.character, p)
        except FatesmithError as exc:
            raise FatesmithError(f"{p.name}: {exc}") from exc
        changes.append((stored.character, stored.version, updated))
    if not changes:
        raise FatesmithError("no library character of this system in the cast")
    return changes


class WriteResultsCommand(QUndoCommand):
    """ "Write results to N characters": the cast's results stored in their library characters.

    The constructor writes every changed character in one transaction (nothing is pushed when
    the library refuses); ``undo`` writes their previous versions back in one transaction and
    ``redo`` the results again, each only if no character was saved elsewhere in between.
    A refused undo or redo reports why and leaves the library as it is; the command then drops
    out of the stack (there is nothing left it could take back).

    Args:
        library: The library.
        changes: (character as stored, its version, character with the results) triples.
        report: Shows a message (the window's status line).
        written: Called with the characters' ids after every write (tabs and lists follow).

    Raises:
        FatesmithError: from the constructor when the write is refused (nothing is stored).
    """

    def __init__(
        self,
        library: Any,
        changes: Sequence[tuple[Any, int, Any]],
        *,
        report: Callable[[str], None],
        written: Callable[[tuple[Any, ...]], None],
    ) -> None:
        super().__init__()
        self._library = library
        self._report = report
        self._written = written
        self._before = [c for c, _v, _a in changes]
        self._after = [a for _c, _v, a in changes]
        self.ids = tuple(c.id for c in self._before)
        self._versions = library.save_characters([(a, v) for _c, v, a in changes])
        self._first = True
        self.setText(f"Write results to {len(changes)} character(s)")

    def _swap(self, characters: list[Any], what: str) -> None:
        try:
            versions = self._library.save_characters(
                list(zip(characters, self._versions, strict=True))
            )
        except FatesmithError as exc:
            self._report(f"Cannot {what}: {exc}")
            self.setObsolete(True)
            return
        self._versions = versions
        self._written(self.ids)

    def redo(self) -> None:
        """Write the results (already written when first pushed)."""
        if self._first:
            self._first = False
            self._written(self.ids)
            return
        self._swap(self._after, "write the results again")

    def undo(self) -> None:
        """Write the characters as they were before the results, in one transaction."""
        self._swap(self._before, "undo the results")
        if not self.isObsolete():
            self._report(f"Undone: results taken back from {len(self.ids)} character(s)")
