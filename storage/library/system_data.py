"""Storage layer: the library's copies of user-editable system data (the system-data part of
the library facade).

A system declares the data a user may correct or supply (``GameSystem.data_kinds``, e.g. a
reconstructed diagram or a published table). The library keeps one document per system and
kind in ``system_data``, with its provenance (the bundled default, or edited by the user) and
a version for optimistic concurrency; the library's registry is bound to these documents
(:attr:`storage.library.base.LibraryBase.registry`).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rules.errors import UnknownSystemError
from rules.system_data import Provenance, SystemData, SystemDataKind
from storage.library.base import LibraryBase
from storage.library.errors import ConflictError, LibraryError, check_version
from storage.mappers import dumps_compact, now
from storage.tables import SystemDataRow


class SystemDataMixin(LibraryBase):
    """Read, save and reset the library's system-data documents."""

    def _data_kind(self, system_id: str, key: str) -> SystemDataKind:
        try:
            kinds = self._systems.get(system_id).data_kinds
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None
        for kind in kinds:
            if kind.key == key:
                return kind
        raise LibraryError(f"the {system_id} rules have no editable data called {key!r}")

    def system_documents(self, system_id: str) -> list[SystemData]:
        """Every kind of editable data of ``system_id``, in the order the system declares
        them: the library's document, or the bundled default (version 0) when it has none.

        Raises:
            LibraryError: an unknown system, or one without rules in this version.
        """
        try:
            kinds = self._systems.get(system_id).data_kinds
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None
        stored = self._stored_documents().get(system_id, {})
        return [stored.get(k.key) or _bundled(system_id, k) for k in kinds]

    def save_system_document(self, document: SystemData, *, expected_version: int | None) -> int:
        """Store a user's version of one document (provenance ``user``); returns its version.

        Args:
            document: The document (its system and key name the kind).
            expected_version: The version it was loaded at; None (or 0, a bundled default
                never stored) when the library holds no copy yet.

        Raises:
            ConflictError: someone else saved or reset it since ``expected_version``.
            LibraryError: no such system or kind.
        """
        return self._store(document.system, document.key, document.content, "user",
                           expected_version or None)  # fmt: skip

    def reset_system_document(self, system_id: str, key: str) -> SystemData:
        """Put the bundled default back (provenance ``bundled``); returns the stored document.

        Raises:
            LibraryError: no such system or kind.
        """
        kind = self._data_kind(system_id, key)
        with self._read() as s:
            row = s.get(SystemDataRow, (system_id, key))
            current = row.version if row is not None else None
        version = self._store(system_id, key, kind.bundled or {}, "bundled", current)
        return SystemData(system=system_id, key=key, provenance="bundled", version=version,
                          content=kind.bundled or {})  # fmt: skip

    def _store(
        self,
        system_id: str,
        key: str,
        content: dict[str, Any],
        provenance: Provenance,
        expected_version: int | None,
    ) -> int:
        self._data_kind(system_id, key)
        with self._write() as s:
            version = put_document(s, system_id, key, content, provenance, expected_version)
        self._bound = None  # the systems are bound again, to the new document, on next use
        return version


def put_document(
    s: Session,
    system_id: str,
    key: str,
    content: dict[str, Any],
    provenance: Provenance,
    expected_version: int | None,
) -> int:
    """Store one document in the session's transaction (a save, a reset or an archive's
    import); returns its new version. The caller checks the kind and binds the systems anew.

    Raises:
        ConflictError: someone else saved it since ``expected_version`` (None: "none stored").
    """
    row = s.get(SystemDataRow, (system_id, key))
    check_version(row, expected_version, "system data", f"{system_id}/{key}")
    if row is None:
        row = SystemDataRow(system=system_id, key=key)
        s.add(row)
    row.provenance = provenance
    row.content = dumps_compact(content)
    row.updated_at = now()
    try:
        s.flush()
    except IntegrityError:
        # Another process stored the first copy between our read and our insert
        # (PostgreSQL; on SQLite the write lock queues us and check_version says it):
        # the same one-line conflict on both, not the driver's duplicate-key text.
        raise ConflictError(
            f"a system data with this id ({system_id}/{key!r}) is already in the library"
        ) from None
    return row.version


def _bundled(system_id: str, kind: SystemDataKind) -> SystemData:
    return SystemData(system=system_id, key=kind.key, provenance="bundled", version=0,
                      content=json.loads(json.dumps(kind.bundled or {})))  # fmt: skip
