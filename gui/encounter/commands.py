"""GUI layer: undo commands of the encounter window (STYLE.md "Commands").

Every change to an encounter is one engine event, so there is one command class: it applies the
event in its constructor (dice already rolled and written into the event, so redo is identical),
keeps the states before and after, and its ``redo``/``undo`` only hand them to the document.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from gui.encounter.document import EncounterDocument
from rules.conflict import apply_event
from rules.encounter import Event


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
