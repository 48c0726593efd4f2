"""SQLite-only library safety: WAL, damaged and foreign files, power cuts, two processes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from storage.library import (
    ConflictError,
    CorruptLibraryError,
    DiskFullError,
    Library,
    LibraryError,
)
from tests.conftest import REPO
from tests.rules.sotc_builders import build


def test_wal_mode_and_foreign_keys_on(sqlite_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import text

    from storage.db import make_engine

    Library.open(sqlite_url, registry=registry, samples=False).close()
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
    engine.dispose()


@pytest.mark.parametrize("read_only", [False, True])
def test_library_connections_read_the_file_through_a_memory_map(
    sqlite_url: str,
    registry,  # type: ignore[no-untyped-def]
    read_only: bool,
) -> None:
    """Pages are read in place, not copied into a fresh page cache (the first listing of a
    new connection was mostly that cache being faulted in); writes work as before."""
    from sqlalchemy import text

    from storage.db import MMAP_BYTES, make_engine

    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)
        assert [s.name for s in lib.list_characters()] == ["Ada Thorne"]
    engine = make_engine(sqlite_url, read_only=read_only)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA mmap_size")).scalar() == MMAP_BYTES
        assert conn.execute(text("SELECT count(*) FROM characters")).scalar() == 1
    engine.dispose()


def test_garbage_file_is_refused_and_left_untouched(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "library.sqlite3"
    garbage = os.urandom(8192)
    path.write_bytes(garbage)
    with pytest.raises(CorruptLibraryError, match="not a SQLite database"):
        Library.open(f"sqlite:///{path}", registry=registry)
    assert path.read_bytes() == garbage
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.sqlite3"]


def test_text_file_is_refused(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n")
    with pytest.raises(CorruptLibraryError, match="not a Fatesmith library"):
        Library.open(f"sqlite:///{path}", registry=registry)
    assert path.read_text() == "shopping list\n"


def test_other_programs_sqlite_database_is_refused_untouched(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(CorruptLibraryError, match="not a Fatesmith library"):
        Library.open(f"sqlite:///{path}", registry=registry)
    assert path.read_bytes() == before


def test_damaged_library_is_refused_untouched(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    """A real library whose pages after the first were overwritten with junk."""
    path = tmp_path / "library.sqlite3"
    lib = Library.open(f"sqlite:///{path}", registry=registry)
    lib.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptLibraryError, match="damaged"):
        lib = Library.open(f"sqlite:///{path}", registry=registry)
        lib.list_characters()  # some damage only shows when the pages are read
    assert path.read_bytes() == bytes(data)


def test_folder_is_refused(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CorruptLibraryError, match="folder"):
        Library.open(f"sqlite:///{tmp_path}", registry=registry)


def test_missing_folder_is_created(tmp_path: Path, registry) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "new" / "deeper" / "library.sqlite3"
    Library.open(f"sqlite:///{path}", registry=registry, samples=False).close()
    assert path.is_file()


def test_bad_url_is_a_library_error(registry) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LibraryError, match="not a library file or database URL"):
        Library.open("::::", registry=registry)


def test_in_memory_library_works(registry) -> None:  # type: ignore[no-untyped-def]
    with Library.open("sqlite://", registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)
        assert len(lib.list_characters()) == 1


def test_newer_library_file_is_opened_read_only_and_never_written(
    sqlite_url: str,
    registry,  # type: ignore[no-untyped-def]
) -> None:
    """A library from a newer Fatesmith is opened through ``mode=ro`` connections: listing,
    loading and refused saves (by the facade or, past it, by SQLite) leave its bytes alone."""
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    ada = build()
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(ada, expected_version=None)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()  # the last connection checkpoints the WAL into the file
    before = path.read_bytes()
    lib = Library.open(sqlite_url, registry=registry)
    try:
        assert lib.read_only and "newer Fatesmith" in lib.read_only_reason
        assert [s.name for s in lib.list_characters()] == ["Ada Thorne"]
        assert lib.get_character(ada.id).character == ada
        with pytest.raises(LibraryError, match="read-only"):
            lib.save_character(ada, expected_version=1)
        lib.read_only = False  # a bug that skips the facade's check
        with pytest.raises(LibraryError, match="read-only"):
            lib.save_character(ada.model_copy(update={"notes": "x"}), expected_version=1)
        with pytest.raises(LibraryError, match="read-only"):
            lib.import_characters([build(name="Someone New")])
        with lib._engine.connect() as raw, pytest.raises(Exception, match="readonly"):
            raw.exec_driver_sql("DELETE FROM characters")
    finally:
        lib.close()
    assert path.read_bytes() == before
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_full_disk_on_save_keeps_previous_version(
    sqlite_url: str,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save that runs out of space (SQLITE_FULL, simulated with ``PRAGMA max_page_count`` at
    the file's current size) is refused with a clear message and rolled back whole."""
    from storage import db

    path = Path(sqlite_url.removeprefix("sqlite:///"))
    ada = build()
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        version = lib.save_character(ada, expected_version=None)
    probe = sqlite3.connect(path)
    pages = probe.execute("PRAGMA page_count").fetchone()[0]
    probe.close()
    plain_connect = db._on_sqlite_connect

    def full_disk_connect(dbapi_connection: sqlite3.Connection, record: object) -> None:
        plain_connect(dbapi_connection, record)
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(db, "_on_sqlite_connect", full_disk_connect)
    bigger = ada.model_copy(update={"notes": "a long journal entry " * 20_000})
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        with pytest.raises(DiskFullError, match="the disk is full") as caught:
            lib.save_character(bigger, expected_version=version)
        assert isinstance(caught.value, LibraryError)
        assert "previous version is intact" in str(caught.value)
        assert lib.get_character(ada.id).character == ada  # same session pool, still usable
    monkeypatch.undo()
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    check.close()
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        stored = lib.get_character(ada.id)
        assert stored.character == ada and stored.version == version
        assert lib.save_character(bigger, expected_version=version) == version + 1


WRITER = textwrap.dedent(
    """
    import sys, uuid
    from storage.library import Library
    from storage.systems_catalog import default_registry
    from tests.rules.sotc_builders import build

    lib = Library.open(sys.argv[1], registry=default_registry(), samples=False)
    ada = build(id=uuid.UUID(sys.argv[2]))
    version = lib.get_character(ada.id).version
    while True:
        notes = f"save {version + 1} " + "x" * 5000
        version = lib.save_character(ada.model_copy(update={"notes": notes}),
                                     expected_version=version)
        print(version, flush=True)
    """
)


@pytest.mark.slow
def test_power_cut_mid_save_keeps_previous_version(sqlite_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    """A writer killed with SIGKILL in the middle of its save loop leaves a sound library."""
    ada = build()
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(ada, expected_version=None)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for delay in (0.0, 0.013, 0.031):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, sqlite_url, str(ada.id)],
            stdout=subprocess.PIPE,
            cwd=REPO,
            env=env,
            text=True,
        )
        assert child.stdout is not None
        committed = 0
        for line in child.stdout:
            committed = int(line)
            if committed >= 25:
                break
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        path = sqlite_url.removeprefix("sqlite:///")
        check = sqlite3.connect(path)
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        check.close()
        with Library.open(sqlite_url, registry=registry, samples=False) as lib:
            stored = lib.get_character(ada.id)
            # The last commit the child reported is there (or a later one), never half a save:
            # the payload and the version column agree.
            assert stored.version >= committed
            assert stored.character.notes.startswith(f"save {stored.version} ")
            summary = lib.list_characters()[0]
            assert summary.version == stored.version


def test_two_processes_later_save_conflicts(sqlite_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    """Another process saving the same version first makes our save a ConflictError."""
    ada = build()
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(ada, expected_version=None)
        mine = lib.get_character(ada.id)
        code = textwrap.dedent(
            """
            import sys, uuid
            from storage.library import Library
            from storage.systems_catalog import default_registry
            lib = Library.open(sys.argv[1], registry=default_registry(), samples=False)
            s = lib.get_character(uuid.UUID(sys.argv[2]))
            lib.save_character(s.character.model_copy(update={"notes": "other process"}),
                               expected_version=s.version)
            """
        )
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        subprocess.run(
            [sys.executable, "-c", code, sqlite_url, str(ada.id)], check=True, cwd=REPO, env=env
        )
        with pytest.raises(ConflictError):
            lib.save_character(
                mine.character.model_copy(update={"notes": "mine"}), expected_version=mine.version
            )
        assert lib.get_character(ada.id).character.notes == "other process"


def test_driver_errors_are_classified_for_both_back_ends() -> None:
    """Disk full and read-only refusals by error code (SQLite) or SQLSTATE (PostgreSQL, whose
    disk cannot be filled in a test: 53100 disk_full, 25006 read_only_sql_transaction)."""
    import psycopg.errors

    from storage.library.errors import disk_full as _disk_full
    from storage.library.errors import refused_as_read_only as _refused_as_read_only

    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL
    read_only = sqlite3.OperationalError("attempt to write a readonly database")
    read_only.sqlite_errorcode = sqlite3.SQLITE_READONLY | (1 << 8)  # an extended code
    locked = sqlite3.OperationalError("database is locked")
    locked.sqlite_errorcode = sqlite3.SQLITE_BUSY
    assert _disk_full(full) and not _disk_full(locked) and not _disk_full(read_only)
    assert _refused_as_read_only(read_only) and not _refused_as_read_only(full)
    assert _disk_full(psycopg.errors.DiskFull("could not extend file"))
    assert _refused_as_read_only(psycopg.errors.ReadOnlySqlTransaction("read-only"))
    assert not _disk_full(psycopg.errors.UniqueViolation("duplicate"))
    assert not _refused_as_read_only(None)
