"""Storage layer: opening a library safely (the opening part of the library facade).

Opening refuses, without writing a byte, files that are not SQLite Fatesmith libraries; opens a
library written by a newer Fatesmith read-only (through connections the database itself keeps
read-only); and migrates an older one in one transaction after a timestamped backup. A new
library gets the sample characters and campaign unless asked not to.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from pathlib import Path
from typing import Self

from sqlalchemy import Connection, Engine, bindparam, delete, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from rules.errors import FatesmithError
from rules.systems.registry import SystemRegistry
from storage import migrations
from storage.db import (
    READ_ONLY_OPTION,
    looks_like_sqlite,
    make_engine,
    parse_url,
    read_only_supported,
    sqlite_path,
    writer,
)
from storage.library.base import (
    CHARACTERS,
    LIBRARY_INFO,
    CampaignSettings,
    LibraryBase,
    settings_for,
)
from storage.library.errors import CorruptLibraryError, LibraryError
from storage.mappers import listing_columns, load_character, now
from storage.tables import CharacterRow, LibraryInfoRow

NO_SAMPLES_ENV = "FATESMITH_NO_SAMPLES"
SEARCH_FORMAT_KEY = "search_format"
SEARCH_FORMAT = "3"
"""Format of the characters' derived listing columns (library_info ``search_format``): 1 (or
none) plain search lines, 2 search lines marked by field (storage.search_syntax), 3 search text
and headline from the system's ``GameSystem.listing``."""


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
    def open(cls, url: str, *, registry: SystemRegistry, samples: bool = True) -> Self:
        """Open (creating or migrating when needed) the library at ``url``.

        Args:
            url: A SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``).
            registry: The loaded game systems.
            samples: Whether a newly created library starts with the sample characters and
                campaign (also switched off by ``FATESMITH_NO_SAMPLES=1``).

        Raises:
            CorruptLibraryError: not a SQLite file, damaged, or not a Fatesmith library.
            LibraryError: the database cannot be reached or created.
        """
        try:
            parsed = parse_url(url)
        except FatesmithError as exc:
            raise LibraryError(str(exc)) from None
        path = sqlite_path(parsed)
        newer = False
        if path is not None:
            revision = cls._check_sqlite_file(path)
            newer = revision is not None and revision not in migrations.KNOWN_REVISIONS
        # A library from a newer Fatesmith is never opened writable, not even for a moment.
        engine = make_engine(parsed, read_only=newer)
        try:
            library = cls._open_engine(engine, url, parsed, path, registry, samples)
        except BaseException:
            engine.dispose()
            raise
        return library

    @staticmethod
    def _check_sqlite_file(path: Path) -> str | None:
        """Refuse, without writing a byte, a file that is not a SQLite Fatesmith library.

        Returns:
            The library's schema revision, read through a read-only connection (None for a
            new or empty file).
        """
        if path.is_dir():
            raise CorruptLibraryError(f"{path} is a folder, not a library file")
        if not path.exists():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise LibraryError(f"cannot create the folder {path.parent}: {exc}") from None
            return None
        if not looks_like_sqlite(path):
            raise CorruptLibraryError(
                f"{path} is not a Fatesmith library (not a SQLite database); it was left as it is"
            )
        try:
            probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                tables = {
                    r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type='table'")
                }
                revision = None
                if migrations.VERSION_TABLE in tables:
                    row = probe.execute(
                        f"SELECT version_num FROM {migrations.VERSION_TABLE}"
                    ).fetchone()
                    revision = str(row[0]) if row else None
            finally:
                probe.close()
        except sqlite3.DatabaseError as exc:
            raise CorruptLibraryError(
                f"{path} is damaged and cannot be opened ({exc}); it was left as it is"
            ) from None
        if tables and migrations.VERSION_TABLE not in tables:
            raise CorruptLibraryError(
                f"{path} is a SQLite database but not a Fatesmith library; it was left as it is"
            )
        return revision

    @classmethod
    def _open_engine(
        cls,
        engine: Engine,
        url: str,
        parsed: URL,
        path: Path | None,
        registry: SystemRegistry,
        samples: bool,
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
                reason = (
                    f"written by a newer Fatesmith (schema {revision}; this version knows up to "
                    f"{migrations.HEAD}); opened read-only, update Fatesmith to change it"
                )
                if read_only_supported(parsed) and not engine.get_execution_options().get(
                    READ_ONLY_OPTION
                ):
                    # Found out only now (PostgreSQL, or a SQLite file upgraded meanwhile):
                    # reconnect through connections the database itself keeps read-only.
                    engine.dispose()
                    engine = make_engine(parsed, read_only=True)
                return cls(engine, url, registry, read_only_reason=reason)
            if revision == migrations.HEAD:
                library = cls(engine, url, registry)
                library._refresh_search_text()
                return library
            created, backup = cls._migrate(engine, path)
        except DatabaseError as exc:
            if parsed.get_backend_name() == "sqlite":
                raise CorruptLibraryError(
                    f"{where} is damaged and cannot be opened ({exc.orig}); it was left as it is"
                ) from None
            raise LibraryError(f"cannot open the library at {where}: {exc.orig}") from None
        except SQLAlchemyError as exc:
            raise LibraryError(f"cannot open the library at {where}: {exc}") from None
        except OSError as exc:  # the backup before migrating could not be written
            raise LibraryError(
                f"cannot back up {where} before upgrading it ({exc.strerror or exc}); "
                "it was left as it is"
            ) from None
        library = cls(engine, url, registry, backup=backup)
        library._refresh_search_text()
        if created and samples_wanted(samples):
            library._add_samples()
        return library

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
