"""Opening a SQLite library safely: exact paths, bad URLs, integrity before the first write,
read-only locations and full disks, unknown schemas, and files that must not be created."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from storage.library import (
    CorruptLibraryError,
    Library,
    LibraryError,
    LibraryReadOnlyError,
    MissingLibraryError,
)
from storage.paths import file_url, resolve_library_url
from tests.rules.sotc_builders import build


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_library(path: Path, registry: Any, *, journal: str = "wal") -> None:
    with Library.open(file_url(path), registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA journal_mode = {journal}")
    conn.close()


# -- item: a plain path is exactly that file ------------------------------------------------------


@pytest.mark.parametrize("name", ["lib?x=1.sqlite3", "lib#frag.sqlite3", "lib%41.sqlite3"])
def test_plain_path_with_url_characters_opens_exactly_that_file(
    tmp_path: Path, registry: Any, name: str
) -> None:
    target = tmp_path / name
    url = resolve_library_url(str(target), env={})
    with Library.open(url, registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)
    assert target.is_file()
    others = {p.name for p in tmp_path.iterdir()} - {name, f"{name}-wal", f"{name}-shm"}
    assert others == set()  # not "lib", "libA.sqlite3", ...


def test_hash_in_path_checks_the_file_it_writes(tmp_path: Path, registry: Any) -> None:
    """``lib#x.db`` used to be probed as ``lib`` (the URI fragment cut off), so another
    program's database at ``lib#x.db`` got Fatesmith tables written into it."""
    make_library(tmp_path / "lib", registry)  # a healthy library where the probe used to look
    foreign = tmp_path / "lib#x.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = digest(foreign)
    with pytest.raises(CorruptLibraryError, match="not a Fatesmith library"):
        Library.open(resolve_library_url(str(foreign), env={}), registry=registry)
    assert digest(foreign) == before


# -- item: bad URLs are one clear line ------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("notadb://x", "unknown database kind 'notadb'"),
        ("mysql://u@localhost/db", "driver for 'mysql' is not installed"),
        ("postgresql+psycopg2://u@localhost/db", "driver for 'postgresql+psycopg2'"),
        ("postgresql://u@host:notaport/db", "not a library file or database URL"),
    ],
)
def test_bad_urls_are_one_line_library_errors(registry: Any, url: str, words: str) -> None:
    with pytest.raises(LibraryError) as caught:
        Library.open(url, registry=registry)
    message = str(caught.value)
    assert words in message and "\n" not in message


# -- item: integrity before the first write -------------------------------------------------------


def damage_index_page(path: Path, index: str) -> None:
    conn = sqlite3.connect(path)
    page = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * size : (page - 1) * size + 8] = b"\x0d" + b"\x00" * 7
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_damaged_page_is_found_before_any_write(
    tmp_path: Path, registry: Any, journal: str
) -> None:
    """A page damaged inside a library that still lists fine used to be written into (and a
    rollback-journal file had its header switched to WAL) before anyone noticed."""
    path = tmp_path / "library.sqlite3"
    make_library(path, registry, journal=journal)
    damage_index_page(path, "sqlite_autoindex_system_data_1")
    before = digest(path)
    with (
        pytest.raises(CorruptLibraryError, match="damaged") as caught,
        Library.open(file_url(path), registry=registry) as lib,
    ):
        lib.import_characters([build(name="Someone New")])
    assert "left as it is" in str(caught.value)
    assert digest(path) == before


def test_quick_check_is_cheap_on_a_healthy_library(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "library.sqlite3"
    make_library(path, registry)
    with Library.open(file_url(path), registry=registry) as lib:
        assert [s.name for s in lib.list_characters()] == ["Ada Thorne"]


# -- item: read-only locations and full disks are not "damaged" -----------------------------------


def deny_writes(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    """Make ``os.access(denied, W_OK)`` false (the tests run as root, who may write anything)."""
    real = os.access

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path) == denied:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)


@pytest.mark.parametrize("which", ["file", "folder"])
def test_read_only_location_opens_read_only_and_says_why(
    tmp_path: Path, registry: Any, monkeypatch: pytest.MonkeyPatch, which: str
) -> None:
    folder = tmp_path / "shelf"
    folder.mkdir()
    path = folder / "library.sqlite3"
    make_library(path, registry, journal="delete")
    before = digest(path)
    deny_writes(monkeypatch, path if which == "file" else folder)
    with Library.open(file_url(path), registry=registry) as lib:
        assert lib.read_only and "read-only" in lib.read_only_reason
        assert "damaged" not in lib.read_only_reason
        assert [s.name for s in lib.list_characters()] == ["Ada Thorne"]
        lib.export_archive(tmp_path / "out.zip")  # reading works
        with pytest.raises(LibraryReadOnlyError, match=which):
            lib.import_characters([build(name="Someone New")])
    assert digest(path) == before


UNPRIVILEGED_CHECK = """
import json, sys
from storage.library import Library, LibraryError
from storage.paths import file_url
from storage.systems_catalog import default_registry
from tests.rules.sotc_builders import build
out = {}
with Library.open(file_url(sys.argv[1]), registry=default_registry()) as lib:
    out["read_only"] = lib.read_only
    out["reason"] = lib.read_only_reason
    out["names"] = [s.name for s in lib.list_characters()]
    try:
        lib.import_characters([build(name="Someone New")])
        out["write"] = "written"
    except LibraryError as exc:
        out["write"] = str(exc)
print(json.dumps(out))
"""


def test_read_only_folder_for_real(registry: Any) -> None:
    """A WAL library in a folder this user cannot write (run as ``nobody`` when the tests run
    as root, who may write anywhere): it used to be reported as damaged."""
    import json
    import subprocess
    import sys
    import tempfile

    from tests.conftest import REPO

    command = [sys.executable, "-c", UNPRIVILEGED_CHECK]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop privileges")
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        probe = subprocess.run(
            [*command[:-2], "-c", "import storage.library"],
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            cwd="/",
            timeout=120,
        )
        if probe.returncode != 0:  # e.g. a clone inside a mode-0700 folder (mktemp -d)
            pytest.skip("user nobody cannot run this checkout's Python and code")
    top = Path(tempfile.mkdtemp(prefix="fatesmith-ro-"))
    try:
        top.chmod(0o755)
        folder = top / "shelf"
        folder.mkdir()
        path = folder / "library.sqlite3"
        make_library(path, registry)
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA journal_mode = wal").fetchone()[0] == "wal"
        conn.close()
        path.chmod(0o644)
        folder.chmod(0o555)
        before = digest(path)
        env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(top)}
        done = subprocess.run(
            [*command, str(path)], capture_output=True, text=True, env=env, cwd=top, timeout=120
        )
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout.strip().splitlines()[-1])
        assert found["read_only"] and "read-only" in found["reason"]
        assert "damaged" not in found["reason"]
        assert found["names"] == ["Ada Thorne"]
        assert "read-only" in found["write"]
        assert digest(path) == before
    finally:
        for p in (top, *top.rglob("*")):
            if p.is_dir():
                p.chmod(0o755)
        shutil.rmtree(top, ignore_errors=True)


def test_full_disk_opens_read_only(
    tmp_path: Path, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite3"
    make_library(path, registry)
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda _p: usage._replace(free=0))  # a full disk
    with Library.open(file_url(path), registry=registry) as lib:
        assert lib.read_only and "disk" in lib.read_only_reason and "full" in lib.read_only_reason
        assert len(lib.list_characters()) == 1


def test_full_disk_found_when_connecting_opens_read_only(
    tmp_path: Path, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk filled up between the check and the first connection (SQLITE_FULL there)."""
    import storage.db

    path = tmp_path / "library.sqlite3"
    make_library(path, registry)

    def full(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(storage.db, "_on_sqlite_connect", full)
    with Library.open(file_url(path), registry=registry) as lib:
        assert lib.read_only and "full" in lib.read_only_reason
        assert "damaged" not in lib.read_only_reason
        assert len(lib.list_characters()) == 1


# -- item: unknown older schemas, missing files ---------------------------------------------------


@pytest.mark.parametrize("revision", ["0000", "abc123"])
def test_unknown_older_revision_is_not_called_newer(
    tmp_path: Path, registry: Any, revision: str
) -> None:
    path = tmp_path / "library.sqlite3"
    make_library(path, registry)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    conn.commit()
    conn.close()
    before = digest(path)
    with Library.open(file_url(path), registry=registry) as lib:
        assert lib.read_only
        assert "newer" not in lib.read_only_reason.replace("not newer", "")
        assert revision in lib.read_only_reason
        assert "not one this Fatesmith knows" in lib.read_only_reason
    assert digest(path) == before


def test_newer_revision_is_still_called_newer(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "library.sqlite3"
    make_library(path, registry)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()
    with Library.open(file_url(path), registry=registry) as lib:
        assert "newer Fatesmith" in lib.read_only_reason


def test_missing_file_is_created_only_when_asked(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "typo" / "library.sqlite3"
    with pytest.raises(MissingLibraryError, match="no library at"):
        Library.open(file_url(path), registry=registry, create=False)
    assert not (tmp_path / "typo").exists()
    Library.open(file_url(path), registry=registry, samples=False, create=True).close()
    assert path.is_file()
