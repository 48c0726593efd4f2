"""Storage layer: the library's errors (one clear line each) and how driver errors map to them."""

from __future__ import annotations

import sqlite3

from rules.errors import FatesmithError


class LibraryError(FatesmithError):
    """A library operation failed; the message is one clear line for the user."""


class LibraryReadOnlyError(LibraryError):
    """A write was attempted on a library opened read-only."""


class NewerRecordError(LibraryReadOnlyError):
    """A campaign or encounter saved by a newer Fatesmith: it is listed, but this version can
    neither open nor change it."""


class ConflictError(LibraryError):
    """Someone else saved (or deleted) the record since it was loaded."""


class DiskFullError(LibraryError):
    """A save ran out of disk space; it was rolled back, the previous version is intact."""


class CorruptLibraryError(LibraryError):
    """The file is not a SQLite Fatesmith library, or is damaged; it is never overwritten."""


class MissingLibraryError(LibraryError):
    """The library file does not exist and creating it was not asked for."""


class NotFoundError(LibraryError):
    """No record with that id (it may have been deleted by another window or process)."""


def disk_full(error: BaseException | None) -> bool:
    """Whether a driver error means "no space left": SQLite's SQLITE_FULL, PostgreSQL's 53100."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == sqlite3.SQLITE_FULL
    if getattr(error, "sqlstate", None) == "53100":
        return True
    return "database or disk is full" in str(error)


def refused_as_read_only(error: BaseException | None) -> bool:
    """Whether the database refused a write because the connection is read-only
    (SQLite's SQLITE_READONLY, PostgreSQL's 25006 read_only_sql_transaction)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == sqlite3.SQLITE_READONLY
    return getattr(error, "sqlstate", None) == "25006"


def check_version(
    row: object,
    expected_version: int | None,
    kind: str,
    name: str,
    *,
    deleted_hint: str = "",
    changed_hint: str = "reload it",
) -> None:
    """Optimistic concurrency for one record about to be saved.

    ``expected_version`` None means "new": the id must be free. Otherwise the stored row must
    still exist at that version; anything else was done by someone else since it was loaded.

    Raises:
        ConflictError: naming the record and what to do about it.
    """
    if expected_version is None:
        if row is not None:
            raise ConflictError(f"a {kind} with this id ({name!r}) is already in the library")
        return
    if row is None:
        hint = f"; {deleted_hint}" if deleted_hint else ""
        raise ConflictError(
            f"{kind} {name!r} was deleted from the library since you opened it{hint}"
        )
    stored = getattr(row, "version", None)
    if stored != expected_version:
        raise ConflictError(
            f"{kind} {name!r} was saved elsewhere since you opened it (version {stored}, "
            f"yours {expected_version}); {changed_hint}"
        )
