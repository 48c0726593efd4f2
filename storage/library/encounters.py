"""Storage layer: the encounters part of the library facade (saved encounters and templates).

An encounter's payload is the encounter engine's JSON state, opaque here; it carries a
``payload_version`` so that a newer Fatesmith's encounters are listed but never overwritten.
"""

from __future__ import annotations

import uuid

from sqlalchemy import delete, select

from storage import mappers
from storage.library.base import LibraryBase, rows_changed
from storage.library.errors import NotFoundError, check_version
from storage.mappers import (
    EncounterRecord,
    dumps_compact,
    encounter_from_row,
    now,
    refuse_bad_text,
)
from storage.safe_read import shown
from storage.tables import CampaignRow, EncounterRow


class EncountersMixin(LibraryBase):
    """Saved encounters and encounter templates."""

    def list_encounters(self, campaign_id: uuid.UUID | None = None) -> list[EncounterRecord]:
        """Saved encounters (those of one campaign when ``campaign_id`` is given), by name."""
        stmt = select(EncounterRow).order_by(EncounterRow.name, EncounterRow.id)
        if campaign_id is not None:
            stmt = stmt.where(EncounterRow.campaign_id == campaign_id)
        with self._read() as s:
            return [encounter_from_row(r) for r in s.execute(stmt).scalars()]

    def get_encounter(self, encounter_id: uuid.UUID) -> EncounterRecord:
        """One saved encounter.

        Raises:
            NotFoundError: no such encounter.
        """
        with self._read() as s:
            row = s.get(EncounterRow, encounter_id)
            if row is None:
                raise NotFoundError("that encounter is not in the library (deleted elsewhere?)")
            record = encounter_from_row(row)
            newer = row.payload_version > mappers.ENCOUNTER_PAYLOAD_VERSION
        self._refuse_problem(record.problem, newer=newer)
        return record

    def save_encounter(self, record: EncounterRecord, *, expected_version: int | None) -> int:
        """Store an encounter's state; returns its new version.

        Raises:
            ConflictError: changed or deleted since ``expected_version``.
            NewerRecordError: the stored encounter was saved by a newer Fatesmith.
            LibraryError: ``record`` came from a listing flagged with a ``problem``.
        """
        self._refuse_problem(record.problem)
        refuse_bad_text(
            f"encounter {shown(record.name)}", {"name": record.name, "payload": record.payload}
        )
        payload = dumps_compact(record.payload)
        with self._write() as s:
            row = s.get(EncounterRow, record.id)
            check_version(row, expected_version, "encounter", record.name)
            if record.campaign_id is not None and s.get(CampaignRow, record.campaign_id) is None:
                raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
            if row is not None:
                self._refuse_newer("encounter", row, mappers.ENCOUNTER_PAYLOAD_VERSION)
            stamp = now()
            if row is None:
                row = EncounterRow(id=record.id, created_at=stamp)
                s.add(row)
            row.payload_version = mappers.ENCOUNTER_PAYLOAD_VERSION
            row.name = record.name
            row.campaign_id = record.campaign_id
            row.is_template = record.is_template
            row.payload = payload
            row.updated_at = stamp
            s.flush()
            return row.version

    def delete_encounter(self, encounter_id: uuid.UUID) -> None:
        """Remove a saved encounter.

        Raises:
            NotFoundError: no such encounter.
        """
        with self._write() as s:
            result = s.execute(delete(EncounterRow).where(EncounterRow.id == encounter_id))
            if not rows_changed(result):
                raise NotFoundError("that encounter is not in the library (deleted elsewhere?)")
