"""GUI layer: the document of one running encounter (STYLE.md "Documents").

It holds the initial state, the log and the current immutable :class:`rules.encounter.Encounter`,
the QUndoStack, and the library record it saves to. Only commands
(:mod:`gui.encounter.commands`) call :meth:`EncounterDocument.set_state`. After every change it
saves to the library (when it has one), so a closed window or a killed process resumes exactly
where it was.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from rules.conflict_rules import ConflictRules
from rules.encounter import Encounter, LogEntry, Participant
from rules.encounter_script import from_payload, template_of, to_payload
from rules.ladder import Ladder


class EncounterDocument(QObject):
    """One encounter: immutable state + log + QUndoStack, autosaved to the library.

    Signals:
        state_replaced(object): after every change, with the new state.
        saved(int): after an autosave, with the record's new version.
        save_failed(str): an autosave that did not go through (read-only, conflict...).
    """

    state_replaced = Signal(object)
    saved = Signal(int)
    save_failed = Signal(str)

    def __init__(
        self,
        initial: Encounter,
        rules: ConflictRules,
        *,
        log: tuple[LogEntry, ...] = (),
        state: Encounter | None = None,
        library: Any = None,
        record_id: uuid.UUID | None = None,
        version: int | None = None,
        campaign_id: uuid.UUID | None = None,
        ladder: Ladder | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.initial = initial
        self.rules = rules
        self._log = log
        self._state = state if state is not None else initial
        self.library = library
        self.record_id = record_id or uuid.uuid4()
        self.version = version
        self.campaign_id = campaign_id
        self.ladder = ladder
        self.undo_stack = QUndoStack(self)
        self.autosave = library is not None

    # -- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> Encounter:
        """The current state (replace it through a command)."""
        return self._state

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every transition so far."""
        return self._log

    @property
    def conflict_rules(self) -> ConflictRules:
        """The system's conflict rules under the current state's settings."""
        if self._state.settings == self.rules.settings_data:
            return self.rules
        return self.rules.for_settings(self._state.settings)

    def participant(self, pid: str) -> Participant | None:
        """The participant ``pid`` in the current state."""
        return self._state.find(pid)

    def set_state(self, state: Encounter, log: tuple[LogEntry, ...]) -> None:
        """Replace state and log (commands only), then autosave."""
        self._state = state
        self._log = log
        self.state_replaced.emit(state)
        if self.autosave:
            self.save()

    # -- library ----------------------------------------------------------------------------------

    def payload(self) -> dict[str, Any]:
        """The JSON payload stored in the library record."""
        return to_payload(self.initial, self._log, self._state)

    def save(self) -> bool:
        """Save to the library now (autosave calls this after every change)."""
        if self.library is None:
            return False
        from storage.library import EncounterRecord, LibraryError

        record = EncounterRecord(
            id=self.record_id,
            name=self._state.name or "Encounter",
            campaign_id=self.campaign_id,
            is_template=False,
            payload=self.payload(),
            version=self.version or 0,
        )
        try:
            self.version = self.library.save_encounter(record, expected_version=self.version)
        except LibraryError as exc:
            self.save_failed.emit(str(exc))
            return False
        self.saved.emit(self.version)
        return True

    def save_as_template(self, name: str) -> uuid.UUID | None:
        """Store the prepared scene (the encounter as framed, before its first blow) as a new
        template record; returns its id, or None without a library or when saving fails."""
        if self.library is None:
            return None
        from storage.library import EncounterRecord, LibraryError

        framed = template_of(self.rules, self.initial, self._log, self._state)
        framed = framed.model_copy(update={"name": name})
        record = EncounterRecord(
            name=name or "Template",
            campaign_id=self.campaign_id,
            is_template=True,
            payload=to_payload(framed, (), framed),
        )
        try:
            self.library.save_encounter(record, expected_version=None)
        except LibraryError as exc:
            self.save_failed.emit(str(exc))
            return None
        return record.id

    @classmethod
    def from_record(
        cls,
        record: Any,
        rules_for: Callable[[Encounter], ConflictRules],
        *,
        library: Any = None,
        ladder: Ladder | None = None,
        prepare: Callable[[Encounter], Encounter] | None = None,
    ) -> EncounterDocument:
        """Open a saved encounter, or start a fresh run of a template (a new record on its
        first change); ``rules_for`` gives the conflict rules of the stored encounter's system;
        ``prepare`` adjusts a template's scene before the run begins (e.g.
        brings library characters' current condition in)."""
        payload = from_payload(record.payload)
        rules = rules_for(payload.initial)
        if record.is_template:
            initial = payload.initial
            if prepare is not None:
                initial = prepare(initial)
            return cls(
                initial, rules, library=library, campaign_id=record.campaign_id, ladder=ladder
            )
        return cls(
            payload.initial,
            rules,
            log=payload.log,
            state=payload.state,
            library=library,
            record_id=record.id,
            version=record.version,
            campaign_id=record.campaign_id,
            ladder=ladder,
        )
