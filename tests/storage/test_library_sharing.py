"""One library, several users in one process and across processes (issue #22).

SQLite's locks belong to the process: a plain ``open()``/``close()`` of the library file beside
a live connection drops them all ("How To Corrupt An SQLite Database File", 2.2), and the next
process to close deletes the WAL under the app. These tests hold the library to touching its
file only through SQLite, to one engine per library per process, to checking a file before any
byte of it changes, and to noticing what another process wrote.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from storage import quick_listing
from storage.db import make_engine, shared_engine_users
from storage.library import CorruptLibraryError, Library
from storage.systems_catalog import default_registry
from tests.storage.stress_processes import character_file

REPO = Path(__file__).resolve().parents[2]


class _Opens:
    """Every Python-level ``open`` audit event (builtins.open, os.open, io.open) while on."""

    on = False
    paths: list[str] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _Opens.on and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _Opens.paths.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # audit hooks cannot be removed: it records only while _Opens.on


@pytest.fixture
def plain_opens() -> Iterator[list[str]]:
    _Opens.paths = []
    _Opens.on = True
    try:
        yield _Opens.paths
    finally:
        _Opens.on = False


def _library_file(path: Path, seen: list[str]) -> list[str]:
    names = {str(path), f"{path}-wal", f"{path}-shm", f"{path}-journal"}
    return [p for p in seen if str(Path(p).resolve()) in names or p in names]


def test_the_library_file_is_never_opened_outside_sqlite(
    tmp_path: Path, plain_opens: list[str]
) -> None:
    # the opening checks, the quick start-up listing and a second library opened and closed
    # beside a live one: all read the file through SQLite alone
    path = (tmp_path / "library.sqlite3").resolve()
    url = f"sqlite:///{path}"
    registry = default_registry()
    with Library.open(url, registry=registry) as app:
        app.list_characters()
        Library.open(url, registry=registry).close()
        assert quick_listing.read_listing(url) is not None
        app.list_characters()
    Library.open(url, registry=registry).close()  # opening an existing library, alone
    assert _library_file(path, plain_opens) == []


def test_one_engine_per_library_per_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite3'}"
    registry = default_registry()
    first = Library.open(url, registry=registry)
    second = Library.open(url, registry=registry)
    assert first._engine is second._engine
    assert shared_engine_users(url) == 2
    second.close()
    second.close()  # twice is harmless: the first library keeps its engine
    assert shared_engine_users(url) == 1
    assert first.list_characters()
    first.close()
    assert shared_engine_users(url) == 0


def _other_process_writes(url: str, name: str, folder: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gui.cli", "--library", url, "library", "import",
         str(character_file(folder, name))],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=False,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_a_command_line_write_beside_the_app_keeps_the_apps_wal(tmp_path: Path) -> None:
    # The reproduction from the issue: a long-lived library that has written (its connection
    # holds its locks), a second library opened and closed and the quick listing read in the
    # same process, then another process writes and exits. Before, that process deleted the WAL
    # from under the app and the app's next saves went to a deleted file.
    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    registry = default_registry()
    app = Library.open(url, registry=registry)
    try:
        first = app.list_characters()[0]
        app.duplicate_character(first.id)
        Library.open(url, registry=registry).close()
        quick_listing.read_listing(url)
        _other_process_writes(url, "Written by the command line", tmp_path)
        assert Path(f"{path}-wal").exists(), "the WAL was deleted under the open library"
        app.duplicate_character(first.id)
        expected = len(app.list_characters())
    finally:
        app.close()
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("SELECT count(*) FROM characters").fetchone()[0] == expected
    finally:
        db.close()


def test_tables_without_a_schema_version_are_refused_byte_for_byte(tmp_path: Path) -> None:
    # The library tables are there but the version row is gone: refused before any
    # connection could switch the file to WAL (header bytes 18-19) or count a change.
    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    Library.open(url, registry=default_registry(), samples=False).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("DELETE FROM alembic_version")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(CorruptLibraryError, match="no schema version; it was left as it is"):
        Library.open(url, registry=default_registry())
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_changes_by_another_process_are_noticed(library_url: str, tmp_path: Path) -> None:
    registry = default_registry()
    with Library.open(library_url, registry=registry, samples=False) as library:
        assert library.changed() is False
        _other_process_writes(library_url, "Imported elsewhere", tmp_path)
        assert library.changed() is True
        assert library.changed() is False  # said once
        assert "Imported elsewhere" in {c.name for c in library.list_characters()}


def test_own_writes_are_not_changes_from_elsewhere(library_url: str, tmp_path: Path) -> None:
    registry = default_registry()
    with Library.open(library_url, registry=registry, samples=False) as library:
        library.changed()
        _other_process_writes(library_url, "Seed", tmp_path)
        assert library.changed() is True
        seed = library.list_characters()[0]
        library.duplicate_character(seed.id)
        library.set_tags(seed.id, ["mine"])
        assert library.changed() is False
        # someone else writes, then we do: the other write is still noticed
        _other_process_writes(library_url, "Theirs", tmp_path)
        library.duplicate_character(seed.id)
        assert library.changed() is True


def test_a_library_from_before_the_change_count_gets_one(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    Library.open(url, registry=default_registry(), samples=False).close()
    db = sqlite3.connect(path)
    db.execute("DELETE FROM library_info WHERE key = 'change_count'")
    db.commit()
    db.close()
    with Library.open(url, registry=default_registry()) as library:
        _other_process_writes(url, "After the upgrade", tmp_path)
        assert library.changed() is True


def test_importing_the_open_library_file_itself_is_refused_without_opening_it(
    tmp_path: Path, plain_opens: list[str]
) -> None:
    # A user drops (or names) the library file, its WAL or a link to it as an import: refused
    # by stat alone, since reading it with open() would drop the process's locks on it.
    path = (tmp_path / "library.sqlite3").resolve()
    url = f"sqlite:///{path}"
    link = tmp_path / "looks-like-a-backup.zip"
    link.symlink_to(path)
    with Library.open(url, registry=default_registry()) as library:
        before = len(library.list_characters())
        for named in (path, Path(f"{path}-wal"), link):
            report = library.import_character_files([named])
            assert report.imported == () and report.failed, named
            assert "is the open library library.sqlite3 itself" in str(report.failed[0])
        assert len(library.list_characters()) == before
    assert _library_file(path, plain_opens) == []


def _count(url: str) -> str:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return str(
                conn.execute(
                    text("SELECT value FROM library_info WHERE key = 'change_count'")
                ).scalar()
            )
    finally:
        engine.dispose()


def test_a_write_that_changes_nothing_is_no_change_for_others(
    library_url: str, tmp_path: Path
) -> None:
    # An import whose files are all refused, or all already stored as they are, writes no row:
    # other processes have nothing to reload, and the library is byte for byte as it was
    # (the fuzz command's "half-import" check saw the count move).
    registry = default_registry()
    good = character_file(tmp_path, "Stored once")
    bad = tmp_path / "bad.fatesmith.json"
    bad.write_text('{"format": "fatesmith-character"', encoding="utf-8")
    with Library.open(library_url, registry=registry, samples=False) as library:
        library.import_character_files([good])
        before = _count(library_url)
        report = library.import_character_files([bad])
        assert report.failed and not report.imported
        again = library.import_character_files([good])
        assert not again.imported and not again.replaced
        assert _count(library_url) == before
        library.set_tags(library.list_characters()[0].id, ["counted"])
        assert int(_count(library_url)) == int(before) + 1
