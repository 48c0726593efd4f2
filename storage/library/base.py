"""Storage layer: what every part of the :class:`storage.library.Library` facade shares.

One session and transaction per call (reads and writes apart, writes taking the write lock at
once), driver errors turned into one-line :mod:`storage.library.errors`, the game systems the
library parses with (bound to the library's own system data), and the few row helpers several
parts use (tags, campaign positions, campaign settings, the stored "valid" flag).
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, cast

from pydantic import ValidationError
from sqlalchemy import Engine, Integer, Table, Text, delete, func, select, update
from sqlalchemy import cast as sql_cast
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from rules.errors import FatesmithError
from rules.settings import SystemSettings
from rules.system_data import SystemData
from rules.systems.registry import SystemRegistry
from storage.db import CHANGED_ROWS, release_engine, writer
from storage.library.errors import (
    ConflictError,
    CorruptLibraryError,
    DiskFullError,
    LibraryError,
    LibraryReadOnlyError,
    NewerRecordError,
    NotFoundError,
    disk_full,
    refused_as_read_only,
)
from storage.mappers import (
    PayloadError,
    character_facts,
    load_character,
    parse_campaign_settings,
    read_campaign_settings,
)
from storage.tables import (
    CampaignRow,
    CharacterRow,
    CharacterTagRow,
    EncounterRow,
    LibraryInfoRow,
    SystemDataRow,
    TagRow,
)

CHARACTERS = cast(Table, CharacterRow.__table__)
CAMPAIGNS = cast(Table, CampaignRow.__table__)
CHARACTER_TAGS = cast(Table, CharacterTagRow.__table__)
LIBRARY_INFO = cast(Table, LibraryInfoRow.__table__)

CHANGE_COUNT_KEY = "change_count"
"""The ``library_info`` row every write transaction counts up (see :meth:`LibraryBase.changed`)."""

CampaignSettings = tuple[str, SystemSettings | None]
"""A campaign's system id and its typed settings (None: the book's defaults)."""


class LibraryBase:
    """Connections, sessions and error translation of one open library.

    Attributes:
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
        self._systems = registry
        self._bound: SystemRegistry | None = None
        self.url = url
        self.read_only_reason = read_only_reason
        self.read_only = bool(read_only_reason)
        self.backup = backup
        self._closed = False
        self._seen_lock = threading.Lock()
        self._seen: int | None = None

    def close(self) -> None:
        """Release the database connections (the process's engine on this library is disposed
        when its last user closes; see :func:`storage.db.acquire_engine`). Closing twice is
        harmless."""
        if self._closed:
            return
        self._closed = True
        release_engine(self._engine)

    @property
    def registry(self) -> SystemRegistry:
        """The game systems this library parses, validates and lists characters with: the
        registry it was opened with, bound to the library's own system data
        (:meth:`SystemRegistry.bind`). Bound on first use, so that opening a library does not
        load every catalogue; bound again after its system data changes."""
        if self._bound is None:
            self._bound = self._systems.bind(self._stored_documents())
        return self._bound

    def _stored_documents(self) -> dict[str, dict[str, SystemData]]:
        """Every readable system-data document stored in the library, by system and key (one
        that cannot be read here is left out: its system keeps the bundled default)."""
        out: dict[str, dict[str, SystemData]] = {}
        try:
            with self._read() as s:
                rows = s.execute(select(SystemDataRow)).scalars().all()
        except LibraryError:
            return out  # e.g. a newer library without the table as we know it: defaults
        for row in rows:
            try:
                document = SystemData.model_validate(
                    {
                        "system": row.system,
                        "key": row.key,
                        "provenance": row.provenance,
                        "version": row.version,
                        "content": json.loads(row.content),
                    }
                )
            except (ValueError, ValidationError, RecursionError):
                continue
            out.setdefault(row.system, {})[row.key] = document
        return out

    # -- sessions -------------------------------------------------------------------------------

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._translate(), self._reads.begin() as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        self._refuse_read_only()
        # Bind the systems first: binding reads the library, and an in-memory database has one
        # connection, which must not be asked for a second transaction inside this one.
        _ = self.registry
        with self._translate():
            with self._writes.begin() as session:
                info = session.connection().info
                info[CHANGED_ROWS] = 0
                yield session
                session.flush()
                # Counted only when rows were written (a refused or all-duplicate import is no
                # change for other processes to reload).
                counted = self._count_change(session) if info.get(CHANGED_ROWS) else None
            self._saw_own_change(counted)

    # -- changes made by other processes ---------------------------------------------------------

    @staticmethod
    def _count_change(s: Session) -> int | None:
        """Count this write transaction in ``library_info`` (one atomic UPDATE, so concurrent
        writers on PostgreSQL never lose a count); the new count, or None for a library
        without the row (one this version has not opened writable yet)."""
        key = LIBRARY_INFO.c.key == CHANGE_COUNT_KEY
        result = s.execute(
            update(LIBRARY_INFO)
            .where(key)
            .values(value=sql_cast(sql_cast(LIBRARY_INFO.c.value, Integer) + 1, Text))
        )
        if not rows_changed(result):
            return None
        value = s.execute(select(LIBRARY_INFO.c.value).where(key)).scalar()
        return _count(value)

    def _saw_own_change(self, count: int | None) -> None:
        # Our own write moved the count by one: still up to date, unless someone else wrote
        # since we last looked (then the count moved further and changed() says so).
        if count is None:
            return
        with self._seen_lock:
            if self._seen is not None and count - 1 == self._seen:
                self._seen = count

    def _read_change_count(self) -> int | None:
        with self._read() as s:
            value = s.execute(
                select(LIBRARY_INFO.c.value).where(LIBRARY_INFO.c.key == CHANGE_COUNT_KEY)
            ).scalar()
        return _count(value)

    def _ensure_change_count(self) -> None:
        """Give a writable library its change count row (libraries made before it was kept);
        another process adding it at the same moment is fine."""
        if self.read_only:
            return
        try:
            if self._read_change_count() is not None:
                return
            with self._translate(), self._writes.begin() as s:
                found = s.execute(
                    select(LIBRARY_INFO.c.value).where(LIBRARY_INFO.c.key == CHANGE_COUNT_KEY)
                ).first()
                if found is None:
                    s.execute(LIBRARY_INFO.insert().values(key=CHANGE_COUNT_KEY, value="0"))
        except LibraryError:
            return  # busy, or added by another process meanwhile: counted from next time

    def changed(self) -> bool:
        """Whether another process (the command line, a second app) changed the library since
        the last call (the first call only starts watching and says False).

        Cheap (one row read): the app asks every second or two and reloads its listing when
        this says yes. This process's own writes do not count, unless another process wrote
        in between. A library from before the count (or a newer one without it) says False.

        Raises:
            LibraryError: the library cannot be read.
        """
        count = self._read_change_count()
        with self._seen_lock:
            if count is None or self._seen is None:
                self._seen = count
                return False
            if count == self._seen:
                return False
            self._seen = count
            return True

    def _refuse_read_only(self) -> None:
        if self.read_only:
            raise LibraryReadOnlyError(f"the library is read-only: {self.read_only_reason}")

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
            if refused_as_read_only(exc.orig):
                reason = self.read_only_reason or "the database refused to be written"
                raise LibraryReadOnlyError(f"the library is read-only: {reason}") from None
            self._translate_database_error(exc)

    def _translate_database_error(self, exc: DatabaseError) -> NoReturn:
        """Raise the one-line library error for a driver error (see :meth:`_translate`)."""
        if isinstance(exc, OperationalError):
            text = str(exc.orig)
            if disk_full(exc.orig):
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

    # -- shared row helpers ---------------------------------------------------------------------

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

    def _campaign_settings(self, s: Session, campaign_id: uuid.UUID) -> CampaignSettings:
        """A stored campaign's system and typed settings; settings None (the book's) when this
        version cannot read them (a newer Fatesmith's), so its members can still be saved."""
        found = s.execute(
            select(CampaignRow.system, CampaignRow.settings, CampaignRow.payload_version).where(
                CampaignRow.id == campaign_id
            )
        ).first()
        if found is None:
            raise NotFoundError("that campaign is not in the library (deleted elsewhere?)")
        system_id, text, payload_version = found
        try:
            data = read_campaign_settings(text, payload_version)
            return system_id, parse_campaign_settings(system_id, data, self.registry)
        except PayloadError:
            return system_id, None

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

    @staticmethod
    def _members(s: Session, campaign_id: uuid.UUID) -> tuple[uuid.UUID, ...]:
        stmt = (
            select(CharacterRow.id)
            .where(CharacterRow.campaign_id == campaign_id)
            .order_by(CharacterRow.campaign_position, CharacterRow.name_lower)
        )
        return tuple(s.execute(stmt).scalars())

    def _revalidate(
        self, s: Session, ids: Sequence[uuid.UUID], campaign: CampaignSettings | None
    ) -> None:
        """Recompute the stored "valid" flag of ``ids`` (versions untouched) under
        ``campaign``'s settings (None: in no campaign)."""
        if not ids:
            return
        table = CHARACTERS
        rows = s.execute(select(table.c.id, table.c.payload).where(table.c.id.in_(list(ids))))
        for character_id, payload in rows.all():
            try:
                character = load_character(payload, self.registry)
                settings = settings_for(character.system, campaign)
                valid = character_facts(character, self.registry, settings).valid
            except (FatesmithError, ValueError):
                continue
            s.execute(update(table).where(table.c.id == character_id).values(valid=valid))


def _count(value: object) -> int | None:
    try:
        return int(str(value)) if value is not None else None
    except ValueError:
        return None


def settings_for(system_id: str, campaign: CampaignSettings | None) -> SystemSettings | None:
    """The settings a character of ``system_id`` is checked under in ``campaign``: the
    campaign's when it is of the same system, else (or outside campaigns) the book's."""
    if campaign is None or campaign[0] != system_id:
        return None
    return campaign[1]


def rows_changed(result: Any) -> bool:
    """Whether a DELETE/UPDATE touched any row (drivers that cannot tell say yes)."""
    return bool(getattr(result, "rowcount", 1))
