"""Storage layer: database engines for the library (SQLite pragmas, write locks, URL checks).

SQLite runs in WAL mode with foreign keys on and a busy timeout, so two Fatesmith processes can
share a file. Python's sqlite3 module starts transactions lazily; here the driver's own
transaction handling is switched off and every transaction is opened explicitly, write
transactions with ``BEGIN IMMEDIATE`` so that two writers queue on the file lock instead of
failing half way through with "database is locked".

A library that must not be written (one from a newer Fatesmith) gets a read-only engine: a
SQLite file is opened through a ``file:...?mode=ro`` URI with ``query_only`` on, a PostgreSQL
session is made ``READ ONLY``, so the database itself refuses a write even if the code tried.

Sharing a SQLite file between processes (the app and the command line) rests on SQLite's POSIX
advisory locks, which belong to the *process*: closing any descriptor of the file, even one
opened by a plain ``open()`` just to read its header, drops every lock the process holds on it,
and the next process to close its connection then believes it is the last user, checkpoints and
deletes the WAL under the running app (SQLite's "How To Corrupt An SQLite Database File",
section 2.2). So nothing in Fatesmith opens a library file except through SQLite (whose own
connections in one process share their locks and defer closing a descriptor while any lock is
held), and a process keeps one engine per library (:func:`acquire_engine`), shared by every
:class:`storage.library.Library` opened on it and disposed only when the last one closes.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from rules.errors import FatesmithError

BUSY_TIMEOUT_MS = 10_000
WRITE_OPTION = "fatesmith_write"
READ_ONLY_OPTION = "fatesmith_read_only"
CACHE_KIB = 64 * 1024
MMAP_BYTES = 256 * 1024 * 1024
"""How much of a SQLite library file is read through a memory map (see ``_mmap``)."""


class DatabaseUrlError(FatesmithError):
    """A library location that is not a usable file path or SQLAlchemy URL."""


def parse_url(url: str) -> URL:
    """Parse a SQLAlchemy URL, with a one-line error.

    Raises:
        DatabaseUrlError: when the text is not a URL SQLAlchemy understands.
    """
    try:
        parsed = make_url(url)
        _ = parsed.port  # a port that is not a number fails here, not at the first connection
    except (ArgumentError, ValueError):
        raise DatabaseUrlError(f"not a library file or database URL: {url!r}") from None
    return parsed


def _where(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def create_checked_engine(url: URL, **kwargs: Any) -> Engine:
    """``create_engine`` with one-line errors for an unknown back end or a missing driver.

    Raises:
        DatabaseUrlError: the URL names a database kind SQLAlchemy does not know, a driver
            that is not installed, or has a malformed part (host, port, query).
    """
    try:
        return create_engine(url, **kwargs)
    except NoSuchModuleError:
        raise DatabaseUrlError(
            f"{_where(url)}: unknown database kind {url.drivername!r} (use a library file, "
            "sqlite:///FILE or postgresql+psycopg://USER@HOST/DB)"
        ) from None
    except ImportError as exc:
        module = exc.name or str(exc)
        raise DatabaseUrlError(
            f"{_where(url)}: the database driver for {url.drivername!r} is not installed "
            f"(Python module {module!r} is missing)"
        ) from None
    except (ArgumentError, ValueError, TypeError) as exc:
        raise DatabaseUrlError(f"{_where(url)}: not a usable database URL ({exc})") from None


def sqlite_path(url: URL) -> Path | None:
    """The file behind a SQLite URL, or None for in-memory databases and other back ends.

    SQLAlchemy has already percent-decoded the path (``storage.paths.file_url`` encodes ``?``,
    ``#`` and ``%`` in a plain path), so this is exactly the file that is opened.
    """
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        return None
    return Path(database)


def in_memory(url: URL) -> bool:
    """Whether ``url`` is a SQLite database that lives only as long as its connection
    (``sqlite://``, ``sqlite:///:memory:``): nothing written to it outlives the process."""
    return url.get_backend_name() == "sqlite" and sqlite_path(url) is None


def sqlite_uri(path: Path, **options: str) -> str:
    """A ``file:`` URI for ``sqlite3.connect(..., uri=True)`` naming exactly ``path``.

    ``?``, ``#`` and ``%`` in the path are percent-encoded (a plain ``f"file:{path}"`` would
    read them as the query, the fragment or an escape, and open another file).
    """
    query = "&".join(f"{key}={value}" for key, value in options.items())
    return path.resolve().as_uri() + (f"?{query}" if query else "")


def not_a_database(error: BaseException | None) -> bool:
    """Whether a ``sqlite3`` error says the file is not a SQLite database at all (its header is
    not SQLite's): ``SQLITE_NOTADB``."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_NOTADB


def _on_sqlite_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Autocommit at the driver level: transactions are begun explicitly in _on_begin.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()
        if mode and str(mode[0]).lower() not in ("wal", "memory"):
            cursor.execute("PRAGMA journal_mode = WAL")
        # NORMAL is durable against application crashes in WAL mode; a power cut may lose the
        # last commit but never corrupts the file.
        cursor.execute("PRAGMA synchronous = NORMAL")
        # A page cache big enough for a 10,000-character library (allocated only as used), so a
        # search while typing rereads the table from memory rather than through the OS.
        cursor.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        _mmap(cursor)
    finally:
        cursor.close()


def _mmap(cursor: sqlite3.Cursor) -> None:
    # Read the file's pages in place through a memory map instead of copying each one into
    # SQLite's page cache: the first listing of a 10,000-character library on a new connection
    # took about 55 ms, most of it the fresh cache's memory being faulted in, and takes 36 ms
    # mapped; a search's table scan drops from about 12 to 9 ms (benchmarks/bench_library.py).
    # Writes still go through write() (SQLite maps read-only), so a full disk is still an
    # ordinary error. The integrity check and the start-up listing read mapped too.
    cursor.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")


def _on_sqlite_connect_read_only(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Only per-connection settings: nothing here may write to the file (no journal_mode).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA query_only = ON")
        cursor.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        _mmap(cursor)
    finally:
        cursor.close()


def _on_postgres_connect_read_only(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
    finally:
        cursor.close()
    # Committed, so the pool's rollback on check-in cannot undo it.
    dbapi_connection.commit()


def _on_sqlite_begin(connection: Any) -> None:
    kind = "IMMEDIATE" if connection.get_execution_options().get(WRITE_OPTION) else "DEFERRED"
    connection.exec_driver_sql(f"BEGIN {kind}")


CHANGED_ROWS = "fatesmith_changed_rows"
"""``Connection.info`` key: rows written (INSERT, UPDATE, DELETE) since it was last reset."""
_WRITES = ("INSERT", "UPDATE", "DELETE")


def _count_changed_rows(
    conn: Any, cursor: Any, statement: str, _parameters: Any, _context: Any, _many: bool
) -> None:
    # How many rows each statement wrote, so that a write transaction that changed nothing
    # (an import of files that were all refused, or all already stored) is not counted as a
    # change other processes must reload for (storage.library.base.LibraryBase.changed).
    if statement.lstrip()[:6].upper() in _WRITES:
        rows = getattr(cursor, "rowcount", -1)
        conn.info[CHANGED_ROWS] = conn.info.get(CHANGED_ROWS, 0) + (rows if rows > 0 else 0)
        if rows < 0:  # the driver cannot tell: count it as a change
            conn.info[CHANGED_ROWS] += 1


def read_only_supported(url: URL) -> bool:
    """Whether :func:`make_engine` can make the database itself refuse writes for ``url``."""
    return sqlite_path(url) is not None or url.get_backend_name() == "postgresql"


def make_engine(url: str | URL, *, read_only: bool = False, immutable: bool = False) -> Engine:
    """An engine for ``url`` with Fatesmith's connection settings.

    For SQLite: WAL, foreign keys, busy timeout and explicit BEGIN (see module docstring); an
    in-memory database keeps one shared connection. Other back ends use their defaults with
    ``pool_pre_ping``.

    Args:
        url: The database.
        read_only: Open connections the database refuses to write through (a SQLite file
            opened with ``mode=ro``, a PostgreSQL session in ``READ ONLY`` mode); other back
            ends (see :func:`read_only_supported`) ignore it.
        immutable: With ``read_only``, open a SQLite file as ``immutable`` (no ``-shm`` or
            lock files are made: the way to read a WAL library in a read-only folder).

    Raises:
        DatabaseUrlError: see :func:`create_checked_engine`.
    """
    parsed = parse_url(url) if isinstance(url, str) else url
    path = sqlite_path(parsed)
    if parsed.get_backend_name() != "sqlite":
        if read_only and parsed.get_backend_name() == "postgresql":
            engine = create_checked_engine(
                parsed, pool_pre_ping=True, execution_options={READ_ONLY_OPTION: True}
            )
            event.listen(engine, "connect", _on_postgres_connect_read_only)
            return engine
        engine = create_checked_engine(parsed, pool_pre_ping=True)
        event.listen(engine, "after_cursor_execute", _count_changed_rows)
        return engine
    if path is None:
        engine = create_checked_engine(
            parsed, poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
    elif read_only:
        uri = sqlite_uri(path, mode="ro", **({"immutable": "1"} if immutable else {}))

        def connect() -> sqlite3.Connection:
            return sqlite3.connect(
                uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False
            )

        engine = create_checked_engine(
            parsed, creator=connect, execution_options={READ_ONLY_OPTION: True}
        )
        event.listen(engine, "connect", _on_sqlite_connect_read_only)
        event.listen(engine, "begin", _on_sqlite_begin)
        return engine
    else:
        engine = create_checked_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _on_sqlite_connect)
    event.listen(engine, "begin", _on_sqlite_begin)
    event.listen(engine, "after_cursor_execute", _count_changed_rows)
    return engine


_SharedKey = tuple[str, str, bool, bool]


class _Shared:
    """The process's engines, one per library (see the module docstring), counted by user."""

    lock = threading.Lock()
    engines: dict[_SharedKey, tuple[Engine, int]] = {}
    keys: dict[int, _SharedKey] = {}


def _shared_key(url: URL, read_only: bool, immutable: bool) -> _SharedKey | None:
    path = sqlite_path(url)
    if path is not None:
        return ("sqlite", str(path.resolve()), read_only, immutable)
    if in_memory(url):
        return None  # each in-memory database is its own: never shared
    return ("url", url.render_as_string(hide_password=False), read_only, False)


def acquire_engine(url: str | URL, *, read_only: bool = False, immutable: bool = False) -> Engine:
    """The process's engine for ``url`` (see :func:`make_engine` for the arguments): made on
    first use, shared afterwards; give it back with :func:`release_engine`.

    Every library opened on one file in a process goes through one engine, so the connections
    (and their locks) are SQLite's own and none is ever opened and closed beside them. An
    in-memory database is never shared (each one is its own database).

    Raises:
        DatabaseUrlError: see :func:`create_checked_engine`.
    """
    parsed = parse_url(url) if isinstance(url, str) else url
    key = _shared_key(parsed, read_only, immutable)
    if key is None:
        return make_engine(parsed, read_only=read_only, immutable=immutable)
    with _Shared.lock:
        found = _Shared.engines.get(key)
        if found is not None:
            _Shared.engines[key] = (found[0], found[1] + 1)
            return found[0]
        engine = make_engine(parsed, read_only=read_only, immutable=immutable)
        _Shared.engines[key] = (engine, 1)
        _Shared.keys[id(engine)] = key
        return engine


def release_engine(engine: Engine) -> None:
    """Give back an engine from :func:`acquire_engine`; the last user's release disposes of it
    (an engine that was never shared is disposed at once)."""
    with _Shared.lock:
        key = _Shared.keys.get(id(engine))
        found = _Shared.engines.get(key) if key is not None else None
        if key is None or found is None or found[0] is not engine:
            last = True
        else:
            last = found[1] <= 1
            if last:
                del _Shared.engines[key]
                del _Shared.keys[id(engine)]
            else:
                _Shared.engines[key] = (engine, found[1] - 1)
    if last:
        engine.dispose()


def shared_engine_users(url: str | URL) -> int:
    """How many open users the process's engines on ``url`` have (all modes; for tests and the
    diagnostics)."""
    parsed = parse_url(url) if isinstance(url, str) else url
    key = _shared_key(parsed, False, False)
    if key is None:
        return 0
    with _Shared.lock:
        return sum(n for k, (_e, n) in _Shared.engines.items() if k[:2] == key[:2])


def open_library_file(path: Path) -> Path | None:
    """The SQLite library this process has open that ``path`` is (the file itself or its
    ``-wal``, ``-shm`` or ``-journal``, under any name or link), or None.

    A file reader calls this before opening a file the user named (an import, say): reading a
    library's own file with a plain ``open()`` would drop this process's locks on it when the
    descriptor closes (see the module docstring), so such a file is refused instead. Only
    ``stat`` is used here, which opens nothing.
    """
    try:
        target = path.stat()
    except OSError:
        return None
    with _Shared.lock:
        files = [Path(key[1]) for key in _Shared.engines if key[0] == "sqlite"]
    for library in files:
        for name in ("", "-wal", "-shm", "-journal"):
            try:
                found = library.with_name(library.name + name).stat()
            except OSError:
                continue
            if (found.st_dev, found.st_ino) == (target.st_dev, target.st_ino):
                return library
    return None


def writer(engine: Engine) -> Engine:
    """A view of ``engine`` whose transactions take the write lock at once (SQLite)."""
    return engine.execution_options(**{WRITE_OPTION: True})
