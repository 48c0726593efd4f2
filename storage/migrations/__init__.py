"""Storage layer: schema migrations (Alembic), run programmatically when a library is opened.

The Alembic environment (``env.py``) and revisions (``versions/``) live in this package and need
no ``alembic.ini``. Opening a library reads its revision cheaply; only when it is behind
:data:`HEAD` is Alembic loaded, a timestamped backup of a SQLite file taken, and the upgrade run
in one transaction. A revision this code does not know means a newer Fatesmith wrote the
library: it then opens read-only.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Connection, inspect, text

HEAD = "0002"
"""The newest schema revision this code knows (checked against ``versions/`` by the tests)."""

KNOWN_REVISIONS: tuple[str, ...] = ("0001", "0002")
"""Every released schema revision, oldest first."""

VERSION_TABLE = "alembic_version"
OUR_TABLES = frozenset({"characters", "campaigns", "encounters", "tags", "character_tags"})
SCRIPT_LOCATION = Path(__file__).resolve().parent


def read_revision(connection: Connection) -> tuple[str | None, set[str]]:
    """The library's schema revision (None when it has none) and the tables present."""
    tables = set(inspect(connection).get_table_names())
    if VERSION_TABLE not in tables:
        return None, tables
    revision = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
    return (str(revision) if revision is not None else None), tables


def upgrade(connection: Connection, target: str = "head") -> None:
    """Run the Alembic upgrade on ``connection`` inside the caller's transaction."""
    from alembic import command  # noqa: PLC0415 - Alembic (~30 ms to import) loads only for an upgrade
    from alembic.config import Config  # noqa: PLC0415 - Alembic (~30 ms to import) loads only for an upgrade

    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.attributes["connection"] = connection
    command.upgrade(config, target)


def script_heads() -> tuple[str, ...]:
    """The head revisions of the bundled Alembic scripts (for tests and diagnostics)."""
    from alembic.config import Config  # noqa: PLC0415 - Alembic (~30 ms to import) loads only for an upgrade
    from alembic.script import ScriptDirectory  # noqa: PLC0415 - Alembic (~30 ms to import) loads only for an upgrade

    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    return tuple(ScriptDirectory.from_config(config).get_heads())


def backup_path(path: Path, when: datetime | None = None) -> Path:
    """Where the backup of ``path`` taken at ``when`` goes (next to it, timestamped)."""
    stamp = (when or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    return path.with_name(f"{path.name}.backup-{stamp}")


def backup_sqlite(path: Path) -> Path:
    """Copy a SQLite library to a timestamped file with SQLite's online backup.

    The backup API copies a consistent snapshot, including pages still in the WAL file. The
    library file is only ever read through SQLite (never copied as a plain file: closing a plain
    descriptor of it would drop this process's locks on it; see :mod:`storage.db`).

    Returns:
        The backup file's path.

    Raises:
        OSError: the copy could not be written (a full disk, say); no partial copy is left.
    """
    target = backup_path(path)
    source = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(target)
        try:
            source.backup(dest)
        finally:
            dest.close()
    except sqlite3.Error as exc:
        target.unlink(missing_ok=True)
        raise OSError(f"the backup {target.name} could not be written ({exc})") from None
    finally:
        source.close()
    return target
