"""Storage layer: the :class:`Library` facade over the character, campaign and encounter store.

The facade takes and returns domain objects (rules models and the frozen records of
:mod:`storage.mappers`), never ORM rows. Every call uses its own session and transaction, so a
save is all or nothing. Saves carry the version the caller loaded (optimistic concurrency): a
save over a newer version raises :class:`ConflictError` instead of overwriting someone else's
work. Opening a library migrates its schema (after a backup), refuses files that are not
libraries without touching them, and opens libraries from a newer Fatesmith read-only.

The package's parts: :mod:`~storage.library.characters`, :mod:`~storage.library.campaigns`,
:mod:`~storage.library.encounters`, :mod:`~storage.library.system_data`,
:mod:`~storage.library.opening`,
:mod:`~storage.library.transfer`, put together in :mod:`~storage.library.facade`.
"""

from __future__ import annotations

from storage.library.errors import (
    ConflictError,
    CorruptLibraryError,
    DiskFullError,
    LibraryError,
    LibraryReadOnlyError,
    MissingLibraryError,
    NewerRecordError,
    NotFoundError,
)
from storage.library.facade import Library
from storage.library.transfer import document_text
from storage.mappers import (
    Campaign,
    CharacterSummary,
    EncounterRecord,
    ImportReport,
    SearchQuery,
    StoredCharacter,
)

__all__ = [
    "Campaign",
    "CharacterSummary",
    "ConflictError",
    "CorruptLibraryError",
    "DiskFullError",
    "EncounterRecord",
    "ImportReport",
    "Library",
    "LibraryError",
    "LibraryReadOnlyError",
    "MissingLibraryError",
    "NewerRecordError",
    "NotFoundError",
    "SearchQuery",
    "StoredCharacter",
    "document_text",
]
