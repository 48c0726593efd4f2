"""Storage layer: opening a library safely (the opening part of the library facade).

Opening refuses, without writing a byte, files that are not SQLite Fatesmith libraries or are
damaged (``PRAGMA quick_check`` runs before the first write, even before the journal mode is
set); opens read-only (through connections the database itself keeps read-only) a library
written by a newer Fatesmith or one that cannot be written where it is (a read-only file or
folder, a full disk), saying why; and migrates an older one in one transaction after a
timestamped backup. A new library gets the sample characters and campaign unless asked not to;
a missing file is created only when the caller allows it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from sqlalchemy import Connection, Engine, bindparam, delete, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from rules.errors import FatesmithError
from rules.systems.registry import SystemRegistry
from storage import migrations
from storage.db import (
    MMAP_BYTES,
    READ_ONLY_OPTION,
    acquire_engine,
    not_a_database,
    parse_url,
    read_only_supported,
    release_engine,
    sqlite_path,
    sqlite_uri,
    writer,
)
from storage.library.base import (
    CHANGE_COUNT_KEY,
    CHARACTERS,
    LIBRARY_INFO,
    CampaignSettings,
    LibraryBase,
    settings_for,
)
from storage.library.errors import (
    CorruptLibraryError,
    LibraryError,
    MissingLibraryError,
    disk_full,
)
from storage.mappers import listing_columns, load_character, now
from storage.tables import CharacterRow, LibraryInfoRow

NO_SAMPLES_ENV = "FATESMITH_NO_SAMPLES"
SEARCH_FORMAT_KEY = "search_format"
SEARCH_FORMAT = "3"
"""Format of the characters' derived listing columns (library_info ``search_format``): 1 (or
none) plain search lines, 2 search lines marked by field (storage.search_syntax), 3 search text
and headline from the system's ``GameSystem.listing``."""


FULL_DISK_BYTES = 1024 * 1024
"""Below this much free space on its disk, a library opens read-only (``disk full``)."""


class _LocationProblem(Exception):
    """Opening for writing failed because of where the file is (read-only, disk full)."""


@dataclass(frozen=True)
class FileState:
    """What the pre-open check found out about a SQLite library file.

    Attributes:
        revision: Its schema revision (None: a new or empty file).
        location: Why it cannot be written here ("" when it can): a read-only file or folder,
            a full disk.
        immutable: Open it as SQLite ``immutable`` (a read-only folder: no -shm can be made).
    """

    revision: str | None = None
    location: str = ""
    immutable: bool = False


def read_only_location(path: Path) -> str:
    """Why the existing library file ``path`` cannot be written where it is ("" if it can)."""
    if not os.access(path, os.W_OK):
        return f"the library file {path} is read-only (no permission to write it)"
    if not os.access(path.parent, os.W_OK):
        return (
            f"the folder {path.parent} is read-only (SQLite writes its journal next to the "
            "library file)"
        )
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return ""
    if free < FULL_DISK_BYTES:
        return f"the disk holding {path} is full ({free} bytes free)"
    return ""


def location_problem(path: Path, error: BaseException | None) -> str:
    """The location problem (read-only, disk full) behind a driver error on opening, or ""."""
    if disk_full(error):
        return f"the disk holding {path} is full"
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
        return read_only_location(path) or f"{path} cannot be written ({error})"
    return ""


def _probe(path: Path, *, immutable: bool) -> tuple[set[str], str | None, str]:
    """(tables, schema revision, damage found by ``quick_check`` or "") read through a
    read-only connection to exactly ``path``."""
    options = {"mode": "ro", **({"immutable": "1"} if immutable else {})}
    if not os.access(path, os.R_OK):
        raise LibraryError(f"cannot read {path}: no permission to read it")
    try:
        probe = sqlite3.connect(sqlite_uri(path, **options), uri=True)
    except sqlite3.Error as exc:
        raise LibraryError(f"cannot open {path} ({exc}); it was left as it is") from None
    try:
        tables = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        revision = None
        if migrations.VERSION_TABLE in tables:
            row = probe.execute(f"SELECT version_num FROM {migrations.VERSION_TABLE}").fetchone()
            revision = str(row[0]) if row else None
        problem = ""
        if tables:
            # Read through a memory map: about twice as fast (benchmarks/bench_library.py).
            probe.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
            found = [str(r[0]) for r in probe.execute("PRAGMA quick_check(3)")]
            if found != ["ok"]:
                problem = "; ".join(found)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise LibraryError(
                f"{path} is busy (another program holds a lock on it); try again"
            ) from None
        return set(), None, str(exc)
    except sqlite3.DatabaseError as exc:
        if not_a_database(exc):
            raise CorruptLibraryError(
                f"{path} is not a Fatesmith library (not a SQLite database); it was left as it is"
            ) from None
        return set(), None, str(exc)
    finally:
        probe.close()
    return tables, revision, problem


def unknown_revision_reason(revision: str) -> str:
    """Why a library with a schema revision this version does not know opens read-only."""
    known = migrations.KNOWN_REVISIONS
    if revision.isdigit() and all(k.isdigit() for k in known) and int(revision) > int(known[-1]):
        return (
            f"written by a newer Fatesmith (schema {revision}; this version knows up to "
            f"{migrations.HEAD}); opened read-only, update Fatesmith to change it"
        )
    return (
        f"its schema revision {revision!r} is not one this Fatesmith knows ({', '.join(known)}) "
        "and is not newer either (a development build or another program wrote it); opened "
        "read-only"
    )


def samples_wanted(samples: bool, env: dict[str, str] | None = None) -> bool:
    """Whether a new library gets the sample content (``FATESMITH_NO_SAMPLES=1`` says no)."""
    value = (env if env is not None else os.environ).get(NO_SAMPLES_ENV, "")
    return samples and value.strip().lower() not in ("1", "true", "yes", "on")


class OpeningMixin(LibraryBase):
    """How a library is opened: safety checks, read-only, migration, derived-data refresh."""

    def _add_samples(self) -> None:
        """Store the sample content in a library just created (the facade supplies it)."""
        raise NotImplementedError

    @classmethod
    def open(
        cls, url: str, *, registry: SystemRegistry, samples: bool = True, create: bool = True
    ) -> Self:
        """Open (creating or migrating when needed) the library at ``url``.

        A SQLite file is checked before anything is written to it (see
        :meth:`_check_sqlite_file`): a file that is not a Fatesmith library, or is damaged, is
        refused and left byte for byte as it was. A healthy library that cannot be written
        (a read-only file or folder, a full disk) opens read-only, saying why.

        Args:
            url: A SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``).
            registry: The loaded game systems.
            samples: Whether a newly created library starts with the sample characters and
                campaign (also switched off by ``FATESMITH_NO_SAMPLES=1``).
            create: Whether a SQLite file that does not exist may be created (with its
                folders); False raises :class:`MissingLibraryError` instead.

        Raises:
            CorruptLibraryError: not a SQLite file, damaged, or not a Fatesmith library.
            MissingLibraryError: the file does not exist and ``create`` is False.
            LibraryError: the database cannot be reached or created (including a URL naming an
                unknown database kind or a driver that is not installed).
        """
        try:
            parsed = parse_url(url)
        except FatesmithError as exc:
            raise LibraryError(str(exc)) from None
        path = sqlite_path(parsed)
        state = FileState()
        if path is not None:
            state = cls._check_sqlite_file(path, create=create)
        revision = state.revision
        unknown = revision is not None and revision not in migrations.KNOWN_REVISIONS
        # A library from a newer Fatesmith, or one that cannot be written here, is never
        # opened writable, not even for a moment.
        engine = cls._new_engine(parsed, read_only=unknown or bool(state.location), state=state)
        try:
            return cls._open_engine(engine, url, parsed, path, registry, samples, state.location)
        except _LocationProblem as problem:
            # Found out only when connecting (a full disk, a folder made read-only meanwhile).
            release_engine(engine)
            reason = str(problem)
            engine = cls._new_engine(parsed, read_only=True, state=state)
        except BaseException:
            release_engine(engine)
            raise
        try:
            return cls._open_engine(engine, url, parsed, path, registry, samples, reason)
        except BaseException:
            release_engine(engine)
            raise

    @staticmethod
    def _new_engine(parsed: URL, *, read_only: bool, state: FileState) -> Engine:
        try:
            return acquire_engine(parsed, read_only=read_only, immutable=state.immutable)
        except FatesmithError as exc:
            raise LibraryError(str(exc)) from None

    @staticmethod
    def _check_sqlite_file(path: Path, *, create: bool = True) -> FileState:
        """Refuse, without writing a byte, a file that is not a healthy SQLite Fatesmith library.

        Everything is read through a read-only connection naming exactly ``path``: the tables,
        the schema revision, then ``PRAGMA quick_check`` (a damaged page is found here, before
        anything could be written into the file). Then whether the file can be written here.

        Returns:
            The library's revision (None for a new or empty file), and why it must be opened
            read-only ("" when it can be written).

        Raises:
            CorruptLibraryError: a folder, not SQLite, not a Fatesmith library, or damaged.
            MissingLibraryError: no file and ``create`` is False.
            LibraryError: a new library cannot be created there.
        """
        if path.is_dir():
            raise CorruptLibraryError(f"{path} is a folder, not a library file")
        if not path.exists():
            if not create:
                raise MissingLibraryError(f"there is no library at {path}")
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise LibraryError(f"cannot create the folder {path.parent}: {exc}") from None
            if not os.access(path.parent, os.W_OK):
                raise LibraryError(
                    f"cannot create a library in {path.parent}: the folder is read-only"
                )
            return FileState()
        # The header is read by SQLite itself (in _probe), never with a plain open(): closing
        # any descriptor of the file would drop this process's locks on it (storage.db).
        location = read_only_location(path)
        # A folder that cannot be written can get no -shm file: read the file as it is (unless
        # a WAL file holds committed pages not yet copied into it: then SQLite must read both).
        wal = path.with_name(path.name + "-wal")
        pending = wal.exists() and wal.stat().st_size > 0
        immutable = bool(location) and not os.access(path.parent, os.W_OK) and not pending
        tables, revision, problem = _probe(path, immutable=immutable)
        if tables and migrations.VERSION_TABLE not in tables:
            raise CorruptLibraryError(
                f"{path} is a SQLite database but not a Fatesmith library; it was left as it is"
            )
        if revision is None and tables & migrations.OUR_TABLES:
            # Found before any connection that could switch the file to WAL or write a byte.
            raise CorruptLibraryError(
                f"{path} has library tables but no schema version; it was left as it is"
            )
        if problem:
            raise CorruptLibraryError(
                f"{path} is damaged ({problem}); it was left as it is (restore a backup, or "
                "try `sqlite3 FILE .recover`)"
            )
        if location and revision is None:
            raise LibraryError(f"{path} is empty and cannot be made a library: {location}")
        return FileState(revision=revision, location=location, immutable=immutable)

    @classmethod
    def _open_engine(
        cls,
        engine: Engine,
        url: str,
        parsed: URL,
        path: Path | None,
        registry: SystemRegistry,
        samples: bool,
        location: str = "",
    ) -> Self:
        where = str(path) if path is not None else parsed.render_as_string(hide_password=True)
        try:
            with engine.connect() as conn:
                revision, tables = migrations.read_revision(conn)
            if revision is None and tables & migrations.OUR_TABLES:
                raise CorruptLibraryError(
                    f"{where} has library tables but no schema version; it was left as it is"
                )
            if revision is not None and revision not in migrations.KNOWN_REVISIONS:
                reason = unknown_revision_reason(revision)
                if read_only_supported(parsed) and not engine.get_execution_options().get(
                    READ_ONLY_OPTION
                ):
                    # Found out only now (PostgreSQL, or a SQLite file upgraded meanwhile):
                    # reconnect through connections the database itself keeps read-only.
                    release_engine(engine)
                    engine = acquire_engine(parsed, read_only=True)
                return cls(engine, url, registry, read_only_reason=reason)._opened()
            if location:
                if revision != migrations.HEAD:
                    raise LibraryError(
                        f"{where} must be upgraded to this version's schema ({revision} to "
                        f"{migrations.HEAD}) but cannot be written: {location}; it was left as "
                        "it is"
                    )
                return cls(engine, url, registry, read_only_reason=location)._opened()
            if revision == migrations.HEAD:
                return cls(engine, url, registry)._opened()
            created, backup = cls._migrate(engine, path)
        except DatabaseError as exc:
            if parsed.get_backend_name() == "sqlite":
                if path is not None and not location:
                    found = location_problem(path, exc.orig)
                    if found:
                        raise _LocationProblem(found) from None
                raise CorruptLibraryError(
                    f"{where} cannot be opened ({exc.orig}); it was left as it is"
                ) from None
            raise LibraryError(f"cannot open the library at {where}: {exc.orig}") from None
        except SQLAlchemyError as exc:
            raise LibraryError(f"cannot open the library at {where}: {exc}") from None
        except OSError as exc:  # the backup before migrating could not be written
            raise LibraryError(
                f"cannot back up {where} before upgrading it ({exc.strerror or exc}); "
                "it was left as it is"
            ) from None
        library = cls(engine, url, registry, backup=backup)._opened()
        if created and samples_wanted(samples):
            library._add_samples()
        return library

    def _opened(self) -> Self:
        """Bring a writable library's derived data up to date and start watching it for
        changes made by other processes (:meth:`changed`); returns the library."""
        self._refresh_search_text()
        self._ensure_change_count()
        with contextlib.suppress(LibraryError):  # else watched from the first readable moment
            self.changed()
        return self

    @staticmethod
    def _migrate(engine: Engine, path: Path | None) -> tuple[bool, Path | None]:
        """Create or upgrade the schema under the write lock; returns (created, backup).

        On SQLite, foreign keys are off while the scripts run: a batch migration rebuilds a
        table by copying it and dropping the old one, and with foreign keys on, that drop would
        cascade (tags deleted, campaign members set free). They are checked before committing.
        """
        with writer(engine).connect() as conn:
            sqlite = conn.dialect.name == "sqlite"
            if sqlite:  # outside any transaction: SQLite ignores this pragma inside one
                conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = OFF")  # type: ignore[union-attr]
            try:
                with conn.begin():
                    return OpeningMixin._upgrade(conn, path, check_keys=sqlite)
            finally:
                if sqlite:
                    conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = ON")  # type: ignore[union-attr]

    @staticmethod
    def _upgrade(
        conn: Connection, path: Path | None, *, check_keys: bool
    ) -> tuple[bool, Path | None]:
        # Read again under the lock: another process may have migrated meanwhile.
        revision, _tables = migrations.read_revision(conn)
        if revision == migrations.HEAD:
            return False, None
        backup = None
        if revision is not None and path is not None:
            backup = migrations.backup_sqlite(path)
        migrations.upgrade(conn)
        if check_keys:
            broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise LibraryError(
                    f"upgrading the library would break {len(broken)} reference(s) "
                    f"(first in table {broken[0][0]}); it was left as it is"
                )
        if revision is None:
            conn.execute(
                LIBRARY_INFO.insert(),
                [
                    {"key": "created_at", "value": now().isoformat()},
                    {"key": SEARCH_FORMAT_KEY, "value": SEARCH_FORMAT},
                    {"key": CHANGE_COUNT_KEY, "value": "0"},
                ],
            )
        return revision is None, backup

    def _refresh_search_text(self) -> None:
        """Rewrite every character's search text and headline once when they predate the
        current format (the system's ``listing`` under the character's campaign settings).

        Both are derived data, so this is not a schema migration: it runs (under the
        write lock, without touching versions or times) when ``library_info`` records an older
        :data:`SEARCH_FORMAT`, e.g. the unmarked lines of libraries from before field terms.
        Best effort: a read-only or busy library keeps its old text (field terms then match
        as plain words) and tries again next time.
        """
        if self.read_only:
            return
        try:
            with self._read() as s:
                current = s.execute(
                    select(LibraryInfoRow.value).where(LibraryInfoRow.key == SEARCH_FORMAT_KEY)
                ).scalar()
            if current == SEARCH_FORMAT:
                return
            with self._write() as s:
                current = s.execute(
                    select(LibraryInfoRow.value).where(LibraryInfoRow.key == SEARCH_FORMAT_KEY)
                ).scalar()
                if current == SEARCH_FORMAT:
                    return  # another process did it meanwhile
                updates = []
                campaigns: dict[uuid.UUID, CampaignSettings] = {}
                for character_id, campaign_id, payload in s.execute(
                    select(CharacterRow.id, CharacterRow.campaign_id, CharacterRow.payload)
                ).all():
                    try:
                        character = load_character(payload, self.registry)
                        campaign = None
                        if campaign_id is not None:
                            if campaign_id not in campaigns:
                                campaigns[campaign_id] = self._campaign_settings(s, campaign_id)
                            campaign = campaigns[campaign_id]
                        settings = settings_for(character.system, campaign)
                        headline, rank, text = listing_columns(character, self.registry, settings)
                    except (FatesmithError, ValueError):
                        continue  # unreadable here: keeps its old columns
                    updates.append(
                        {"row_id": character_id, "text": text, "head": headline, "rank": rank}
                    )
                if updates:
                    s.connection().execute(
                        update(CHARACTERS)
                        .where(CHARACTERS.c.id == bindparam("row_id"))
                        .values(
                            search_text=bindparam("text"),
                            headline=bindparam("head"),
                            headline_rank=bindparam("rank"),
                        ),
                        updates,
                    )
                s.execute(delete(LIBRARY_INFO).where(LIBRARY_INFO.c.key == SEARCH_FORMAT_KEY))
                s.execute(LIBRARY_INFO.insert().values(key=SEARCH_FORMAT_KEY, value=SEARCH_FORMAT))
        except LibraryError:
            return
