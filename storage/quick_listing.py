"""Storage layer: the library listing read with the standard ``sqlite3`` module alone.

Start-up speed (benchmarks/bench_gui.py): importing SQLAlchemy and pydantic takes longer than
showing the window, so the app paints its first listing from :func:`read_listing`, which reads
the same summary columns as :class:`storage.library.Library` (characters, campaigns, tags,
encounters) as plain frozen dataclasses, and opens the real library afterwards.

It only ever reads (the file is opened with ``mode=ro``), and only through SQLite: the header
is not checked with a plain ``open()``, since closing any descriptor of the file would drop the
process's SQLite locks on it (see :mod:`storage.db`); a file that is not SQLite fails SQLite's
own first read. It is cautious: anything it is
not sure about (not a plain SQLite file URL, a missing or damaged file, a schema revision other
than :data:`SCHEMA_REVISION`, an unexpected value) makes it return None, and the caller takes
the normal path, which creates, migrates or reports the problem properly.

This module must not import SQLAlchemy, pydantic or the rules (tests check it). It does not
use ``from __future__ import annotations`` either: ``NamedTuple`` would then compile every field
annotation as a forward reference when the module loads (about a millisecond each).
"""

import sqlite3
import uuid
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from storage.db_values import utc_from_db, uuid_from_db
from storage.listing_rows import CharacterSummary

SCHEMA_REVISION = "0002"
"""The schema revision this reader understands (must equal ``storage.migrations.HEAD``)."""

TAG_SEPARATOR = "\x1f"  # storage.tables.TAG_SEPARATOR (a test checks they agree)
SQLITE_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///")
BUSY_TIMEOUT_S = 2.0
MMAP_BYTES = 256 * 1024 * 1024  # storage.db.MMAP_BYTES (a test checks they agree)

# Rows are named tuples: building 10,000 of them is several times cheaper than dataclasses.


QuickCharacter = CharacterSummary
"""A character's listing row: the very type the library's listing hands out."""


class QuickCampaign(NamedTuple):
    """A campaign's listing row: the fields of ``storage.mappers.Campaign`` the listing shows."""

    id: uuid.UUID
    name: str
    system: str
    member_ids: tuple[uuid.UUID, ...]


class QuickEncounter(NamedTuple):
    """An encounter's listing row, with the few facts of its state the listing shows.

    Attributes:
        participants: How many are in the cast.
        exchange: The exchange reached (0 before the start).
        started: Initiative fixed.
        ended: The scene is over.
    """

    id: uuid.UUID
    name: str
    campaign_id: uuid.UUID | None
    is_template: bool
    updated_at: datetime
    participants: int
    exchange: int
    started: bool
    ended: bool


class QuickListing(NamedTuple):
    """Everything the library window lists, ordered as the ``Library`` facade orders it."""

    characters: tuple[QuickCharacter, ...]
    campaigns: tuple[QuickCampaign, ...]
    tags: tuple[str, ...]
    encounters: tuple[QuickEncounter, ...]


class _Refused(Exception):
    """Something this reader will not vouch for: the caller takes the normal path."""


def sqlite_file(url: str) -> Path | None:
    """The file behind a plain ``sqlite:///PATH`` URL, or None for anything else (other back
    ends, in-memory databases, URLs with query options or escapes)."""
    for prefix in SQLITE_PREFIXES:
        if url.startswith(prefix):
            database = url[len(prefix) :]
            break
    else:
        return None
    if not database or database == ":memory:" or any(ch in database for ch in "?%#"):
        return None
    if database.startswith("file:"):
        return None
    return Path(database)


def _check_types(db: sqlite3.Connection, table: str, expected: dict[str, str]) -> None:
    """Refuse when any value of ``table`` is not of the SQLite type expected for its column
    (``"text?"``: text or NULL), so the row loops below need no check per value."""
    tests = []
    for column, kind in expected.items():
        if kind.endswith("?"):
            tests.append(f"({column} IS NOT NULL AND typeof({column}) != '{kind[:-1]}')")
        else:
            tests.append(f"typeof({column}) != '{kind}'")
    bad = db.execute(f"SELECT count(*) FROM {table} WHERE {' OR '.join(tests)}").fetchone()[0]
    if bad:
        raise _Refused(f"{bad} unexpected value(s) in {table}")


def _characters(db: sqlite3.Connection) -> tuple[QuickCharacter, ...]:
    _check_types(
        db,
        "characters",
        {"id": "text", "name": "text", "system": "text", "player": "text",
         "campaign_id": "text?", "headline": "text", "headline_rank": "integer", "tags": "text",
         "updated_at": "text", "version": "integer", "valid": "integer"},
    )  # fmt: skip
    rows = db.execute(
        "SELECT c.id, c.name, c.system, c.player, c.campaign_id, p.name, c.headline,"
        " c.headline_rank, c.tags, c.updated_at, c.version, c.valid"
        " FROM characters AS c LEFT OUTER JOIN campaigns AS p ON p.id = c.campaign_id"
        " ORDER BY c.name_lower, c.id"
    ).fetchall()
    campaigns: dict[str, uuid.UUID] = {}
    make = tuple.__new__
    new_uuid, new_time, split = uuid_from_db, utc_from_db, TAG_SEPARATOR
    out = []
    for row in rows:
        campaign = row[4]
        if campaign is not None:
            converted = campaigns.get(campaign)
            if converted is None:
                converted = campaigns[campaign] = new_uuid(campaign)
            campaign = converted
        tags = row[8]
        values = (new_uuid(row[0]), row[1], row[2], row[3], campaign, row[5] or "", row[6],
                  row[7], tuple(tags.split(split)) if tags else (), new_time(row[9]), row[10],
                  bool(row[11]))  # fmt: skip
        out.append(make(QuickCharacter, values))
    return tuple(out)


def _campaigns(db: sqlite3.Connection) -> tuple[QuickCampaign, ...]:
    _check_types(db, "campaigns", {"id": "text", "name": "text", "system": "text"})
    members: dict[uuid.UUID, list[uuid.UUID]] = {}
    for campaign_id, character_id in db.execute(
        "SELECT campaign_id, id FROM characters WHERE campaign_id IS NOT NULL"
        " ORDER BY campaign_position, name_lower"
    ):
        members.setdefault(uuid_from_db(campaign_id), []).append(uuid_from_db(character_id))
    out = []
    for row in db.execute("SELECT id, name, system FROM campaigns ORDER BY name_lower"):
        campaign_id = uuid_from_db(row[0])
        out.append(QuickCampaign(campaign_id, row[1], row[2], tuple(members.get(campaign_id, ()))))
    return tuple(out)


def _tags(db: sqlite3.Connection) -> tuple[str, ...]:
    _check_types(db, "tags", {"name": "text"})
    rows = db.execute(
        "SELECT name FROM tags WHERE id IN (SELECT tag_id FROM character_tags) ORDER BY key"
    )
    return tuple(r[0] for r in rows)


def _encounters(db: sqlite3.Connection) -> tuple[QuickEncounter, ...]:
    _check_types(
        db,
        "encounters",
        {"id": "text", "name": "text", "campaign_id": "text?", "is_template": "integer",
         "updated_at": "text"},
    )  # fmt: skip
    out = []
    # The state's few listed facts are read from the JSON payload by SQLite itself (an encounter
    # with a long log is not parsed in Python); a payload SQLite cannot read refuses the listing.
    for row in db.execute(
        "SELECT id, name, campaign_id, is_template, updated_at,"
        " json_type(payload, '$.state.participants'),"
        " json_array_length(payload, '$.state.participants'),"
        " json_extract(payload, '$.state.exchange'), json_type(payload, '$.state.exchange'),"
        " json_type(payload, '$.state.started'), json_type(payload, '$.state.ended')"
        " FROM encounters ORDER BY name, id"
    ):
        out.append(
            QuickEncounter(
                id=uuid_from_db(row[0]),
                name=row[1],
                campaign_id=uuid_from_db(row[2]) if row[2] is not None else None,
                is_template=bool(row[3]),
                updated_at=utc_from_db(row[4]),
                participants=row[6] if row[5] == "array" and isinstance(row[6], int) else 0,
                exchange=row[7] if row[8] == "integer" and isinstance(row[7], int) else 0,
                started=row[9] == "true",
                ended=row[10] == "true",
            )
        )
    return tuple(out)


def _revision(db: sqlite3.Connection) -> str | None:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "alembic_version" not in tables:
        return None
    rows = db.execute("SELECT version_num FROM alembic_version").fetchall()
    return str(rows[0][0]) if len(rows) == 1 else None


def system_names() -> dict[str, str]:
    """The display name of every registered game system, by id, read from the bundled
    ``resources/systems`` (the registration list and each ``system.json``) with the ``json``
    module alone, so the first listing can name systems before the catalogues load. Names it
    cannot read are left out (the caller shows the id)."""
    import json

    from storage.bundled import bundled_path

    root = bundled_path("systems")
    names: dict[str, str] = {}
    try:
        index = json.loads((root / "systems.json").read_text(encoding="utf-8"))
        entries = [e["id"] for e in index["systems"]]
    except (OSError, ValueError, KeyError, TypeError):
        return names
    for system_id in entries:
        try:
            info = json.loads((root / str(system_id) / "system.json").read_text(encoding="utf-8"))
            names[str(system_id)] = str(info["name"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return names


def read_listing(url: str) -> QuickListing | None:
    """The whole listing of the SQLite library at ``url``, or None when this fast path declines
    (see the module docstring); never creates, migrates or writes the file."""
    path = sqlite_file(url)
    if path is None:
        return None
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return None
        # sqlite_file refused "?", "%" and "#", the only characters a SQLite URI path escapes.
        uri = f"file:{path.resolve()}?mode=ro"
        db = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except (OSError, sqlite3.Error):
        return None
    try:
        db.execute("PRAGMA query_only = ON")
        db.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")  # pages read in place, not copied
        db.execute("BEGIN")  # one consistent snapshot for all four queries
        if _revision(db) != SCHEMA_REVISION:
            return None
        return QuickListing(
            characters=_characters(db),
            campaigns=_campaigns(db),
            tags=_tags(db),
            encounters=_encounters(db),
        )
    except (sqlite3.Error, _Refused, ValueError, TypeError):
        return None
    finally:
        db.close()
