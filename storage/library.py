"""Storage layer: the :class:`Library` facade over the character, campaign and encounter store.

The facade takes and returns domain objects (rules models and the frozen records of
:mod:`storage.mappers`), never ORM rows. Every call uses its own session and transaction, so a
save is all or nothing. Saves carry the version the caller loaded (optimistic concurrency): a
save over a newer version raises :class:`ConflictError` instead of overwriting someone else's
work. Opening a library migrates its schema (after a backup), refuses files that are not
libraries without touching them, and opens libraries from a newer Fatesmith read-only.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import EllipsisType
from typing import Any, NoReturn, cast

from sqlalchemy import (
    Engine,
    String,
    Table,
    and_,
    bindparam,
    delete,
    func,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from rules.character import CharacterBase
from rules.errors import CharacterFileError, FatesmithError, UnknownSystemError
from rules.systems.registry import SystemRegistry
from rules.systems.sotc.settings import SotcSettings
from storage import mappers, migrations
from storage.db import (
    READ_ONLY_OPTION,
    looks_like_sqlite,
    make_engine,
    parse_url,
    read_only_supported,
    sqlite_path,
    writer,
)
from storage.json_io import read_character_file, write_character_file
from storage.mappers import (
    Campaign,
    CharacterFacts,
    CharacterSummary,
    EncounterRecord,
    ImportReport,
    PayloadError,
    SearchQuery,
    StoredCharacter,
    campaign_from_row,
    character_facts,
    character_search_text,
    dumps_compact,
    encounter_from_row,
    load_character,
    now,
    read_campaign_rules,
    split_tags,
    summary_from_row,
    utc,
)
from storage.search_syntax import ParsedSearch, blob_matches, parse_search
from storage.tables import (
    TAG_SEPARATOR,
    CampaignRow,
    CharacterRow,
    CharacterTagRow,
    EncounterRow,
    LibraryInfoRow,
    TagRow,
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
    "NewerRecordError",
    "NotFoundError",
    "SearchQuery",
    "StoredCharacter",
]

NO_SAMPLES_ENV = "FATESMITH_NO_SAMPLES"
SEARCH_FORMAT_KEY = "search_format"
SEARCH_FORMAT = "2"
"""Format of the characters' ``search_text`` (library_info ``search_format``): 1 (or none)
plain lines, 2 lines marked by field (storage.search_syntax)."""
CHARACTERS = cast(Table, CharacterRow.__table__)
CAMPAIGNS = cast(Table, CampaignRow.__table__)
CHARACTER_TAGS = cast(Table, CharacterTagRow.__table__)
LIBRARY_INFO = cast(Table, LibraryInfoRow.__table__)
KEEP: EllipsisType = ...


def _check_version(
    row: Any,
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
    if row.version != expected_version:
        raise ConflictError(
            f"{kind} {name!r} was saved elsewhere since you opened it (version {row.version}, "
            f"yours {expected_version}); {changed_hint}"
        )


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


class NotFoundError(LibraryError):
    """No record with that id (it may have been deleted by another window or process)."""


def samples_wanted(samples: bool, env: dict[str, str] | None = None) -> bool:
    """Whether a new library gets the sample content (``FATESMITH_NO_SAMPLES=1`` says no)."""
    value = (env if env is not None else os.environ).get(NO_SAMPLES_ENV, "")
    return samples and value.strip().lower() not in ("1", "true", "yes", "on")


def _disk_full(error: BaseException | None) -> bool:
    """Whether a driver error means "no space left": SQLite's SQLITE_FULL, PostgreSQL's 53100."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == sqlite3.SQLITE_FULL
    if getattr(error, "sqlstate", None) == "53100":
        return True
    return "database or disk is full" in str(error)


def _refused_as_read_only(error: BaseException | None) -> bool:
    """Whether the database refused a write because the connection is read-only
    (SQLite's SQLITE_READONLY, PostgreSQL's 25006 read_only_sql_transaction)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == sqlite3.SQLITE_READONLY
    return getattr(error, "sqlstate", None) == "25006"


def _escape_like(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Library:
    """A character library on any SQLAlchemy database (SQLite file by default).

    Create with :meth:`open`. Safe to use from one thread at a time; worker threads open their
    own. Attributes:
        url: The SQLAlchemy URL it was opened with.
        read_only: True when writes are refused.
        read_only_reason: Why, in words for the user ("" when writable).
        backup: The backup taken before migrating on open, if any.
    """

    def __init__(
        self,
        engine: Engine,
        url: str,
        registry: SystemRegistry,
        *,
        read_only_reason: str = "",
        backup: Path | None = None,
    ) -> None:
        self._engine = engine
        self._reads = sessionmaker(bind=engine, expire_on_commit=False)
        self._writes = sessionmaker(bind=writer(engine), expire_on_commit=False)
        self._registry = registry
        self.url = url
        self.read_only_reason = read_only_reason
        self.read_only = bool(read_only_reason)
        self.backup = backup

    # -- opening --------------------------------------------------------------------------------

    @classmethod
    def open(cls, url: str, *, registry: SystemRegistry, samples: bool = True) -> Library:
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
    ) -> Library:
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
            from storage.samples import add_samples

            add_samples(library, registry)
        return library

    @staticmethod
    def _migrate(engine: Engine, path: Path | None) -> tuple[bool, Path | None]:
        """Create or upgrade the schema under the write lock; returns (created, backup)."""
        with writer(engine).begin() as conn:
            # Read again under the lock: another process may have migrated meanwhile.
            revision, _tables = migrations.read_revision(conn)
            if revision == migrations.HEAD:
                return False, None
            backup = None
            if revision is not None and path is not None:
                backup = migrations.backup_sqlite(path)
            migrations.upgrade(conn)
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
        """Rewrite every character's search text once when it predates the current format.

        Search text is derived data, so this is not a schema migration: it runs (under the
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
                for character_id, payload in s.execute(
                    select(CharacterRow.id, CharacterRow.payload)
                ).all():
                    try:
                        character = load_character(payload, self._registry)
                        text = character_search_text(character, self._registry)
                    except (FatesmithError, ValueError):
                        continue  # unreadable here: keeps its old text
                    updates.append({"row_id": character_id, "text": text})
                if updates:
                    s.connection().execute(
                        update(CHARACTERS)
                        .where(CHARACTERS.c.id == bindparam("row_id"))
                        .values(search_text=bindparam("text")),
                        updates,
                    )
                s.execute(delete(LIBRARY_INFO).where(LIBRARY_INFO.c.key == SEARCH_FORMAT_KEY))
                s.execute(LIBRARY_INFO.insert().values(key=SEARCH_FORMAT_KEY, value=SEARCH_FORMAT))
        except LibraryError:
            return

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def registry(self) -> SystemRegistry:
        """The game systems this library parses characters with."""
        return self._registry

    # -- sessions -------------------------------------------------------------------------------

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._translate(), self._reads.begin() as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        if self.read_only:
            raise LibraryReadOnlyError(f"the library is read-only: {self.read_only_reason}")
        with self._translate(), self._writes.begin() as session:
            yield session

    @contextmanager
    def _translate(self) -> Iterator[None]:
        """Turn database exceptions into one-line library errors."""
        try:
            yield
        except StaleDataError:
            raise ConflictError(
                "someone else saved this since you opened it; reload it to see their changes"
            ) from None
        except DatabaseError as exc:
            if _refused_as_read_only(exc.orig):
                reason = self.read_only_reason or "the database refused to be written"
                raise LibraryReadOnlyError(f"the library is read-only: {reason}") from None
            self._translate_database_error(exc)

    def _translate_database_error(self, exc: DatabaseError) -> NoReturn:
        """Raise the one-line library error for a driver error (see :meth:`_translate`)."""
        if isinstance(exc, OperationalError):
            text = str(exc.orig)
            if _disk_full(exc.orig):
                raise DiskFullError(
                    "the disk is full (or the library reached its size limit): nothing was "
                    "saved and the previous version is intact; free some space and save again"
                ) from None
            if "locked" in text or "busy" in text:
                raise LibraryError(
                    "the library is busy (another Fatesmith is writing to it); try again"
                ) from None
            raise LibraryError(f"library error: {text}") from None
        if isinstance(exc, IntegrityError):
            raise LibraryError(f"the library refused the change: {exc.orig}") from None
        if self._engine.dialect.name == "sqlite":
            raise CorruptLibraryError(f"the library file is damaged: {exc.orig}") from None
        raise LibraryError(f"library error: {exc.orig}") from None

    # -- characters -----------------------------------------------------------------------------

    @staticmethod
    def _summary_select() -> Any:
        c, p = CHARACTERS.c, CAMPAIGNS.c
        # ids and times come back as the driver gives them (no per-value SQLAlchemy result
        # processing); summary_from_row converts them, caching the few campaign ids.
        return select(
            type_coerce(c.id, String),
            c.name,
            c.system,
            c.player,
            type_coerce(c.campaign_id, String),
            p.name,
            c.peak_skill,
            c.peak_rating,
            c.tags,
            type_coerce(c.updated_at, String),
            c.version,
            c.valid,
        ).select_from(CHARACTERS.outerjoin(CAMPAIGNS, p.id == c.campaign_id))

    def list_characters(self, query: SearchQuery | None = None) -> list[CharacterSummary]:
        """Summaries of the characters matching ``query`` (all when None), sorted by name.

        Each word or quoted phrase of ``query.text`` must appear (case-insensitively) in the
        character's search text or its campaign's name, and each field term (``skill:guns``,
        see :mod:`storage.search_syntax`) in one entry of that field.
        """
        c, p = CHARACTERS.c, CAMPAIGNS.c
        stmt = self._summary_select()
        check = ParsedSearch()
        if query is not None:
            if query.system:
                stmt = stmt.where(c.system == query.system)
            if query.campaign_id is not None:
                stmt = stmt.where(c.campaign_id == query.campaign_id)
            if query.tag:
                tagged = (
                    select(CharacterTagRow.character_id)
                    .join(TagRow, TagRow.id == CharacterTagRow.tag_id)
                    .where(TagRow.key == query.tag.strip().casefold())
                )
                stmt = stmt.where(c.id.in_(tagged))
            search = parse_search(query.text)
            for word in search.words:
                pattern = f"%{_escape_like(word)}%"
                stmt = stmt.where(
                    or_(
                        c.search_text.like(pattern, escape="\\"),
                        and_(p.name_lower.is_not(None), p.name_lower.like(pattern, escape="\\")),
                    )
                )
            for term in search.fields:
                pattern = f"%{_escape_like(term.value)}%"
                if term.field == "campaign":
                    stmt = stmt.where(p.name_lower.like(pattern, escape="\\"))
                else:
                    # Narrows to the rows holding the value somewhere; which part holds it
                    # is checked on the search text below (LIKE cannot stay within a line).
                    stmt = stmt.where(c.search_text.like(pattern, escape="\\"))
            check = ParsedSearch(fields=tuple(t for t in search.fields if t.field != "campaign"))
            if check.fields:
                stmt = stmt.add_columns(c.search_text)
        stmt = stmt.order_by(c.name_lower, c.id)
        with self._read() as s:
            # Core rows, not ORM entities: listing 10,000 characters must stay fast.
            rows = s.connection().execute(stmt).all()
        if check.fields:
            rows = [row for row in rows if blob_matches(check, row[-1])]
        # Building thousands of small objects would trigger repeated garbage-collector passes
        # over the whole heap; none of them can form cycles, so pause the collector meanwhile.
        paused = gc.isenabled()
        gc.disable()
        try:
            campaigns: dict[Any, uuid.UUID] = {}
            return [summary_from_row(row, campaigns) for row in rows]
        finally:
            if paused:
                gc.enable()

    def character_summary(self, character_id: uuid.UUID) -> CharacterSummary:
        """The listing row of one character.

        Raises:
            NotFoundError: no such character.
        """
        stmt = self._summary_select().where(CHARACTERS.c.id == character_id)
        with self._read() as s:
            row = s.connection().execute(stmt).first()
        if row is None:
            raise NotFoundError("that character is not in the library (deleted elsewhere?)")
        return summary_from_row(row, {})

    def get_character(self, character_id: uuid.UUID) -> StoredCharacter:
        """Load one character with its version.

        Raises:
            NotFoundError: no such character.
            LibraryError: its stored payload cannot be read by this version.
        """
        with self._read() as s:
            row = s.get(CharacterRow, character_id)
            if row is None:
                raise NotFoundError("that character is not in the library (deleted elsewhere?)")
            payload, version, updated, campaign_id, name = (
                row.payload,
                row.version,
                row.updated_at,
                row.campaign_id,
                row.name,
            )
        try:
            character = load_character(payload, self._registry)
        except (CharacterFileError, ValueError) as exc:
            raise LibraryError(f"character {name!r} cannot be loaded: {exc}") from None
        return StoredCharacter(
            character=character, version=version, updated_at=utc(updated), campaign_id=campaign_id
        )

    def _facts(
        self, s: Session, character: CharacterBase, campaign_id: uuid.UUID | None
    ) -> CharacterFacts:
        rules = None
        if campaign_id is not None:
            rules = self._campaign_rules(s, campaign_id)
        try:
            return character_facts(character, self._registry, rules)
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None

    def save_character(
        self,
        character: CharacterBase,
        *,
        expected_version: int | None,
        campaign_id: uuid.UUID | EllipsisType | None = KEEP,
    ) -> int:
        """Store ``character`` in one transaction and return its new version.

        Args:
            character: The character (its ``id`` is the library key).
            expected_version: The version it was loaded at; None for a new character.
            campaign_id: Campaign to put it in, None for none; leave out to keep its campaign.

        Raises:
            ConflictError: it was changed or deleted since ``expected_version``, or (when None)
                a character with this id exists already.
            LibraryReadOnlyError: the library is read-only.
        """
        with self._write() as s:
            row = s.get(CharacterRow, character.id)
            _check_version(
                row, expected_version, "character", character.name or "this character",
                deleted_hint="save it as a new character instead",
                changed_hint="reload it or save yours as a copy",
            )  # fmt: skip
            if isinstance(campaign_id, EllipsisType):
                target = row.campaign_id if row is not None else None
            else:
                target = campaign_id
            facts = self._facts(s, character, target)
            stamp = now()
            position = None
            if target is not None and (row is None or row.campaign_id != target):
                position = self._next_position(s, target)
            if row is None:
                row = CharacterRow(id=character.id, created_at=stamp, campaign_position=0)
                s.add(row)
            if position is not None:
                row.campaign_position = position
            row.campaign_id = target
            self._apply_facts(row, facts, stamp)
            s.flush()
            self._sync_tags(s, character.id, facts.tags)
            return row.version

    @staticmethod
    def _apply_facts(row: CharacterRow, facts: CharacterFacts, stamp: Any) -> None:
        row.system = facts.system
        row.name = facts.name
        row.name_lower = facts.name.casefold()
        row.player = facts.player
        row.peak_skill = facts.peak_skill
        row.peak_rating = facts.peak_rating
        row.valid = facts.valid
        row.tags = TAG_SEPARATOR.join(facts.tags)
        row.search_text = facts.search_text
        row.payload = facts.payload
        row.payload_version = facts.payload_version
        row.updated_at = stamp

    @staticmethod
    def _next_position(s: Session, campaign_id: uuid.UUID) -> int:
        top = s.execute(
            select(func.max(CharacterRow.campaign_position)).where(
                CharacterRow.campaign_id == campaign_id
            )
        ).scalar()
        return 0 if top is None else int(top) + 1

    @staticmethod
    def _tag_ids(s: Session, tags: Sequence[str]) -> list[int]:
        """Ids of ``tags`` (already cleaned), creating the missing ones."""
        keys = {t.casefold(): t for t in tags}
        found = dict(
            s.execute(select(TagRow.key, TagRow.id).where(TagRow.key.in_(list(keys)))).all()
        )
        for key, name in keys.items():
            if key not in found:
                tag = TagRow(key=key, name=name)
                s.add(tag)
                s.flush()
                found[key] = tag.id
        return [found[t.casefold()] for t in tags]

    def _sync_tags(self, s: Session, character_id: uuid.UUID, tags: Sequence[str]) -> None:
        s.execute(delete(CharacterTagRow).where(CharacterTagRow.character_id == character_id))
        if tags:
            s.execute(
                CHARACTER_TAGS.insert(),
                [{"character_id": character_id, "tag_id": t} for t in self._tag_ids(s, tags)],
            )

    def delete_character(self, character_id: uuid.UUID) -> None:
        """Remove a character (its tags go with it; campaigns just lose a member).

        Raises:
            NotFoundError: no such character.
        """
        with self._write() as s:
            result = s.execute(delete(CharacterRow).where(CharacterRow.id == character_id))
            if not getattr(result, "rowcount", 1):
                raise NotFoundError("that character is not in the library (deleted elsewhere?)")

    def duplicate_character(self, character_id: uuid.UUID) -> CharacterSummary:
        """Store a copy with a new id, named "... (copy)", in the same campaign."""
        stored = self.get_character(character_id)
        original = stored.character
        name = f"{original.name} (copy)" if original.name else "(copy)"
        data = original.model_dump()
        data.update(id=uuid.uuid4(), name=name[:200])
        copy = type(original).model_validate(data)
        self.save_character(copy, expected_version=None, campaign_id=stored.campaign_id)
        return self.character_summary(copy.id)

    def set_tags(self, character_id: uuid.UUID, tags: Sequence[str]) -> None:
        """Replace a character's tags (stored in its document too, so its version goes up)."""
        stored = self.get_character(character_id)
        data = stored.character.model_dump()
        data["tags"] = tuple(tags)
        changed = type(stored.character).model_validate(data)
        self.save_character(changed, expected_version=stored.version)

    def all_tags(self) -> list[str]:
        """Every tag some character carries, sorted without regard to case."""
        stmt = (
            select(TagRow.name)
            .where(TagRow.id.in_(select(CharacterTagRow.tag_id)))
            .order_by(TagRow.key)
        )
        with self._read() as s:
            return list(s.execute(stmt).scalars())

    # -- campaigns ------------------------------------------------------------------------------

    @staticmethod
    def _campaign_rules(s: Session, campaign_id: uuid.UUID) -> SotcSettings | None:
        """The house rules of a stored campaign; None (the book's rules) when this version
        cannot read them (a newer Fatesmith's settings), so its members can still be saved."""
        found = s.execute(
            select(CampaignRow.rules, CampaignRow.payload_version).where(
                CampaignRow.id == campaign_id
            )
        ).first()
        if found is None:
            raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
        try:
            return read_campaign_rules(found[0], found[1])
        except PayloadError:
            return None

    @staticmethod
    def _refuse_problem(problem: str, *, newer: bool = False) -> None:
        """Refuse to hand out or store a record whose stored payload cannot be read."""
        if problem:
            raise (NewerRecordError if newer else LibraryError)(problem)

    @staticmethod
    def _refuse_newer(kind: str, row: CampaignRow | EncounterRow, current: int) -> None:
        if row.payload_version > current:
            raise NewerRecordError(
                f"{kind} {row.name!r} was saved by a newer Fatesmith ({kind} format "
                f"{row.payload_version}; this version reads up to {current}); update Fatesmith "
                "to change it"
            )

    @staticmethod
    def _members(s: Session, campaign_id: uuid.UUID) -> tuple[uuid.UUID, ...]:
        stmt = (
            select(CharacterRow.id)
            .where(CharacterRow.campaign_id == campaign_id)
            .order_by(CharacterRow.campaign_position, CharacterRow.name_lower)
        )
        return tuple(s.execute(stmt).scalars())

    def list_campaigns(self) -> list[Campaign]:
        """Every campaign, sorted by name."""
        with self._read() as s:
            rows = s.execute(select(CampaignRow).order_by(CampaignRow.name_lower)).scalars().all()
            members: dict[uuid.UUID, list[uuid.UUID]] = {r.id: [] for r in rows}
            stmt = (
                select(CharacterRow.campaign_id, CharacterRow.id)
                .where(CharacterRow.campaign_id.is_not(None))
                .order_by(CharacterRow.campaign_position, CharacterRow.name_lower)
            )
            for campaign_id, character_id in s.execute(stmt):
                if campaign_id is not None:
                    members.setdefault(campaign_id, []).append(character_id)
            return [campaign_from_row(r, tuple(members[r.id])) for r in rows]

    def get_campaign(self, campaign_id: uuid.UUID) -> Campaign:
        """One campaign with its members in order.

        Raises:
            NotFoundError: no such campaign.
        """
        with self._read() as s:
            row = s.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
            campaign = campaign_from_row(row, self._members(s, campaign_id))
            newer = row.payload_version > mappers.CAMPAIGN_PAYLOAD_VERSION
        self._refuse_problem(campaign.problem, newer=newer)
        return campaign

    def save_campaign(self, campaign: Campaign, *, expected_version: int | None) -> int:
        """Store a campaign, its settings and its member list; returns its new version.

        Members listed are moved into this campaign (a character belongs to one campaign at
        most); former members not listed are left without a campaign. Members' stored
        versions do not change, but their "valid" flag is recomputed under the campaign rules.

        Raises:
            ConflictError: changed or deleted since ``expected_version``.
            NotFoundError: a member id is not in the library.
            NewerRecordError: the stored campaign was saved by a newer Fatesmith.
            LibraryError: ``campaign`` came from a listing flagged with a ``problem``.
        """
        self._refuse_problem(campaign.problem)
        try:
            self._registry.info(campaign.system)
        except UnknownSystemError as exc:
            raise LibraryError(str(exc)) from None
        with self._write() as s:
            row = s.get(CampaignRow, campaign.id)
            _check_version(row, expected_version, "campaign", campaign.name)
            if row is not None:
                self._refuse_newer("campaign", row, mappers.CAMPAIGN_PAYLOAD_VERSION)
            stamp = now()
            if row is None:
                row = CampaignRow(id=campaign.id, created_at=stamp)
                s.add(row)
            row.payload_version = mappers.CAMPAIGN_PAYLOAD_VERSION
            row.name = campaign.name
            row.name_lower = campaign.name.casefold()
            row.system = campaign.system
            row.rules = campaign.rules.model_dump_json()
            row.notes = campaign.notes
            row.updated_at = stamp
            s.flush()
            self._set_members(s, campaign.id, campaign.member_ids, campaign.rules)
            return row.version

    def _set_members(
        self,
        s: Session,
        campaign_id: uuid.UUID,
        member_ids: Sequence[uuid.UUID],
        rules: SotcSettings,
    ) -> None:
        wanted = list(dict.fromkeys(member_ids))
        if wanted:
            present = set(
                s.execute(select(CharacterRow.id).where(CharacterRow.id.in_(wanted))).scalars()
            )
            missing = [m for m in wanted if m not in present]
            if missing:
                raise NotFoundError(f"campaign member {missing[0]} is not in the library")
        table = CHARACTERS
        s.execute(
            update(table)
            .where(table.c.campaign_id == campaign_id, table.c.id.not_in(wanted))
            .values(campaign_id=None, campaign_position=0)
        )
        for position, member in enumerate(wanted):
            s.execute(
                update(table)
                .where(table.c.id == member)
                .values(campaign_id=campaign_id, campaign_position=position)
            )
        self._revalidate(s, wanted, rules)

    def _revalidate(self, s: Session, ids: Sequence[uuid.UUID], rules: SotcSettings | None) -> None:
        """Recompute the stored "valid" flag of ``ids`` (versions untouched)."""
        if not ids:
            return
        table = CHARACTERS
        rows = s.execute(select(table.c.id, table.c.payload).where(table.c.id.in_(list(ids))))
        for character_id, payload in rows.all():
            try:
                character = load_character(payload, self._registry)
                valid = character_facts(character, self._registry, rules).valid
            except (FatesmithError, ValueError):
                continue
            s.execute(update(table).where(table.c.id == character_id).values(valid=valid))

    def delete_campaign(self, campaign_id: uuid.UUID) -> None:
        """Remove a campaign; its members and encounters stay, without a campaign.

        Raises:
            NotFoundError: no such campaign.
        """
        with self._write() as s:
            members = self._members(s, campaign_id)
            result = s.execute(delete(CampaignRow).where(CampaignRow.id == campaign_id))
            if not getattr(result, "rowcount", 1):
                raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
            self._revalidate(s, members, None)

    # -- encounters -----------------------------------------------------------------------------

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
        payload = dumps_compact(record.payload)
        with self._write() as s:
            row = s.get(EncounterRow, record.id)
            _check_version(row, expected_version, "encounter", record.name)
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
            if not getattr(result, "rowcount", 1):
                raise NotFoundError("that encounter is not in the library (deleted elsewhere?)")

    # -- files ----------------------------------------------------------------------------------

    def import_characters(
        self, characters: Sequence[CharacterBase], *, campaign_id: uuid.UUID | None = None
    ) -> list[CharacterSummary]:
        """Store already-parsed characters in one transaction (the bulk path of imports).

        A character whose id is already in the library with the same document is left as it
        is; one whose id is taken by a different document is stored as a copy with a new id.
        """
        return self.import_bundle([(c, campaign_id) for c in characters])

    def import_bundle(
        self,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaigns: Sequence[Campaign] = (),
        encounters: Sequence[EncounterRecord] = (),
    ) -> list[CharacterSummary]:
        """Store characters, campaigns and encounters together in one transaction.

        Campaign ids on characters and encounters may name campaigns of the bundle or of the
        library. Ids already taken by an identical record are left as they are; ids taken by a
        different record get a new id (references are rewritten). Member order within a
        campaign follows the order of ``characters``.

        Returns:
            Summaries of the characters actually added.
        """
        if self.read_only:
            raise LibraryReadOnlyError(f"the library is read-only: {self.read_only_reason}")
        stamp = now()
        with self._write() as s:
            campaign_map, rules = self._insert_campaigns(s, campaigns, stamp)
            rows = self._insert_characters(s, characters, campaign_map, rules, stamp)
            self._insert_encounters(s, encounters, campaign_map, stamp)
            names = dict(
                s.execute(
                    select(CampaignRow.id, CampaignRow.name).where(
                        CampaignRow.id.in_({r["campaign_id"] for r in rows} - {None})
                    )
                ).all()
            )
        return [
            CharacterSummary(
                id=r["id"],
                name=r["name"],
                system=r["system"],
                player=r["player"],
                campaign_id=r["campaign_id"],
                campaign_name=names.get(r["campaign_id"], ""),
                peak_skill=r["peak_skill"],
                peak_rating=r["peak_rating"],
                tags=split_tags(r["tags"]),
                updated_at=stamp,
                version=1,
                valid=r["valid"],
            )
            for r in rows
        ]

    @staticmethod
    def _insert_campaigns(
        s: Session, campaigns: Sequence[Campaign], stamp: Any
    ) -> tuple[dict[uuid.UUID, uuid.UUID], dict[uuid.UUID, SotcSettings | None]]:
        """Insert campaigns; returns (incoming id -> stored id, stored id -> rules)."""
        mapping: dict[uuid.UUID, uuid.UUID] = {}
        rules: dict[uuid.UUID, SotcSettings | None] = {}
        for campaign in campaigns:
            row = s.get(CampaignRow, campaign.id)
            rules_json = campaign.rules.model_dump_json()
            if row is not None and (row.name, row.system, row.rules, row.notes) == (
                campaign.name,
                campaign.system,
                rules_json,
                campaign.notes,
            ):
                mapping[campaign.id] = campaign.id
                rules[campaign.id] = campaign.rules
                continue
            new_id = campaign.id if row is None and campaign.id not in mapping else uuid.uuid4()
            s.add(
                CampaignRow(
                    id=new_id,
                    name=campaign.name,
                    name_lower=campaign.name.casefold(),
                    system=campaign.system,
                    rules=rules_json,
                    notes=campaign.notes,
                    payload_version=mappers.CAMPAIGN_PAYLOAD_VERSION,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            mapping[campaign.id] = new_id
            rules[new_id] = campaign.rules
        s.flush()
        return mapping, rules

    def _insert_characters(
        self,
        s: Session,
        characters: Sequence[tuple[CharacterBase, uuid.UUID | None]],
        campaign_map: dict[uuid.UUID, uuid.UUID],
        rules: dict[uuid.UUID, SotcSettings | None],
        stamp: Any,
    ) -> list[dict[str, Any]]:
        ids = [c.id for c, _ in characters]
        existing: dict[uuid.UUID, str] = {}
        for start in range(0, len(ids), 500):
            stmt = select(CharacterRow.id, CharacterRow.payload).where(
                CharacterRow.id.in_(ids[start : start + 500])
            )
            existing.update(dict(s.execute(stmt).all()))
        positions: dict[uuid.UUID, int] = {}
        rows: list[dict[str, Any]] = []
        tag_links: list[tuple[uuid.UUID, tuple[str, ...]]] = []
        for character, wanted in characters:
            campaign_id = campaign_map.get(wanted, wanted) if wanted is not None else None
            if campaign_id is not None and campaign_id not in rules:
                rules[campaign_id] = self._campaign_rules(s, campaign_id)
            campaign_rules = rules.get(campaign_id) if campaign_id is not None else None
            try:
                facts = character_facts(character, self._registry, campaign_rules)
            except UnknownSystemError as exc:
                raise LibraryError(f"{character.name!r}: {exc}") from None
            if character.id in existing:
                if existing[character.id] == facts.payload:
                    continue
                character = character.model_copy(update={"id": uuid.uuid4()})
                facts = character_facts(character, self._registry, campaign_rules)
            existing[character.id] = facts.payload
            position = 0
            if campaign_id is not None:
                if campaign_id not in positions:
                    positions[campaign_id] = self._next_position(s, campaign_id)
                position = positions[campaign_id]
                positions[campaign_id] += 1
            rows.append(
                {
                    "id": character.id,
                    "system": facts.system,
                    "name": facts.name,
                    "name_lower": facts.name.casefold(),
                    "player": facts.player,
                    "campaign_id": campaign_id,
                    "campaign_position": position,
                    "peak_skill": facts.peak_skill,
                    "peak_rating": facts.peak_rating,
                    "valid": facts.valid,
                    "tags": TAG_SEPARATOR.join(facts.tags),
                    "search_text": facts.search_text,
                    "payload": facts.payload,
                    "payload_version": facts.payload_version,
                    "version": 1,
                    "created_at": stamp,
                    "updated_at": stamp,
                }
            )
            if facts.tags:
                tag_links.append((character.id, facts.tags))
        if rows:
            s.execute(CHARACTERS.insert(), rows)
        if tag_links:
            all_tags = list(dict.fromkeys(t for _, tags in tag_links for t in tags))
            keys = [t.casefold() for t in all_tags]
            tag_ids = dict(zip(keys, self._tag_ids(s, all_tags), strict=True))
            links = [
                {"character_id": cid, "tag_id": tag_ids[t.casefold()]}
                for cid, tags in tag_links
                for t in tags
            ]
            s.execute(CHARACTER_TAGS.insert(), links)
        return rows

    @staticmethod
    def _insert_encounters(
        s: Session,
        encounters: Sequence[EncounterRecord],
        campaign_map: dict[uuid.UUID, uuid.UUID],
        stamp: Any,
    ) -> None:
        for record in encounters:
            payload = dumps_compact(record.payload)
            campaign_id = (
                campaign_map.get(record.campaign_id, record.campaign_id)
                if record.campaign_id is not None
                else None
            )
            row = s.get(EncounterRow, record.id)
            if row is not None and (row.name, row.payload, row.campaign_id, row.is_template) == (
                record.name,
                payload,
                campaign_id,
                record.is_template,
            ):
                continue
            if campaign_id is not None and s.get(CampaignRow, campaign_id) is None:
                raise NotFoundError(
                    f"encounter {record.name!r}: its campaign is not in the library"
                )
            s.add(
                EncounterRow(
                    id=record.id if row is None else uuid.uuid4(),
                    name=record.name,
                    campaign_id=campaign_id,
                    is_template=record.is_template,
                    payload=payload,
                    payload_version=mappers.ENCOUNTER_PAYLOAD_VERSION,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
        s.flush()

    def import_character_files(self, paths: Sequence[Path]) -> ImportReport:
        """Import ``*.fatesmith.json`` files; good ones are stored, bad ones reported by name.

        All good files are stored in one transaction.
        """
        if self.read_only:
            raise LibraryReadOnlyError(f"the library is read-only: {self.read_only_reason}")
        good: list[CharacterBase] = []
        failed: list[tuple[str, str]] = []
        for path in paths:
            try:
                good.append(read_character_file(Path(path), self._registry))
            except CharacterFileError as exc:
                failed.append((Path(path).name, str(exc)))
        imported = self.import_characters(good)
        return ImportReport(imported=tuple(imported), failed=tuple(failed))

    def export_character_file(self, character_id: uuid.UUID, path: Path) -> None:
        """Write one character as a ``*.fatesmith.json`` file (atomically)."""
        stored = self.get_character(character_id)
        try:
            write_character_file(Path(path), stored.character)
        except OSError as exc:
            raise LibraryError(f"cannot write {path}: {exc.strerror or exc}") from None

    def export_archive(self, path: Path, *, campaign_id: uuid.UUID | None = None) -> None:
        """Write the whole library, or one campaign, as a zip archive (see storage.archive)."""
        from storage.archive import export_archive

        export_archive(self, Path(path), campaign_id=campaign_id)

    def import_archive(self, path: Path, *, partial: bool = False) -> ImportReport:
        """Import an archive: all or nothing, or (``partial``) the good files only."""
        from storage.archive import import_archive

        report: ImportReport = import_archive(self, Path(path), partial=partial)
        return report

    # -- raw access for the archive module ------------------------------------------------------

    def payloads(self, ids: Sequence[uuid.UUID] | None = None) -> list[tuple[uuid.UUID, str]]:
        """(id, stored JSON document) of the characters ``ids`` (all when None), by id."""
        stmt = select(CharacterRow.id, CharacterRow.payload).order_by(CharacterRow.id)
        if ids is not None:
            stmt = stmt.where(CharacterRow.id.in_(list(ids)))
        with self._read() as s:
            return [(i, p) for i, p in s.execute(stmt).all()]

    def counts(self) -> dict[str, int]:
        """How many characters, campaigns and encounters the library holds."""
        with self._read() as s:
            return {
                "characters": int(s.execute(select(func.count(CharacterRow.id))).scalar() or 0),
                "campaigns": int(s.execute(select(func.count(CampaignRow.id))).scalar() or 0),
                "encounters": int(s.execute(select(func.count(EncounterRow.id))).scalar() or 0),
            }

    def info(self) -> dict[str, str]:
        """Facts recorded about the library (e.g. ``created_at``)."""
        with self._read() as s:
            return dict(s.execute(select(LibraryInfoRow.key, LibraryInfoRow.value)).all())


def document_text(payload: str) -> str:
    """A stored payload as file text (indented), identical to what ``export`` writes."""
    return json.dumps(json.loads(payload), indent=2, ensure_ascii=False) + "\n"
