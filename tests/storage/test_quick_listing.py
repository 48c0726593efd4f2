"""Storage tests: the start-up listing read with sqlite3 alone (storage/quick_listing.py) lists
exactly what the Library facade lists, and declines, without writing a byte, whatever it is not
sure about (so the app falls back to opening the library normally)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from storage import db, migrations, quick_listing
from storage.library import EncounterRecord, Library
from storage.quick_listing import (
    SCHEMA_REVISION,
    TAG_SEPARATOR,
    QuickListing,
    read_listing,
    sqlite_file,
)
from storage.tables import TAG_SEPARATOR as TABLES_TAG_SEPARATOR

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def library_file(tmp_path: Path, registry: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A library with the samples, a second campaign-less character and two encounters."""
    monkeypatch.delenv("FATESMITH_NO_SAMPLES", raising=False)
    path = tmp_path / "library.sqlite3"
    with Library.open(f"sqlite:///{path}", registry=registry) as library:
        campaign = library.list_campaigns()[0]
        library.duplicate_character(campaign.member_ids[0])
        library.save_encounter(
            EncounterRecord(
                name="Dock ambush",
                is_template=True,
                campaign_id=campaign.id,
                payload={"state": {"participants": [{}, {}], "exchange": 0}},
            ),
            expected_version=None,
        )
        library.save_encounter(
            EncounterRecord(
                name="Zeppelin brawl",
                payload={"state": {"participants": [{}], "started": True, "exchange": 3}},
            ),
            expected_version=None,
        )
    return path


def fingerprint(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def test_lists_what_the_library_lists(library_file: Path, registry: Any) -> None:
    url = f"sqlite:///{library_file}"
    listing = read_listing(url)
    assert isinstance(listing, QuickListing)
    with Library.open(url, registry=registry) as library:
        summaries = library.list_characters()
        campaigns = library.list_campaigns()
        tags = library.all_tags()
        encounters = library.list_encounters()
    assert [vars_of(c) for c in listing.characters] == [s._asdict() for s in summaries]
    assert [(c.id, c.name, c.system, c.member_ids) for c in listing.campaigns] == [
        (c.id, c.name, c.system, c.member_ids) for c in campaigns
    ]
    assert list(listing.tags) == tags

    def key(e: Any) -> tuple[Any, ...]:
        return (e.id, e.name, e.campaign_id, e.is_template, e.updated_at)

    assert [key(e) for e in listing.encounters] == [key(e) for e in encounters]
    made = {"Dock ambush", "Zeppelin brawl"}  # beside the samples' ready encounters
    ambush, brawl = [e for e in listing.encounters if e.name in made]
    assert (ambush.participants, ambush.exchange, ambush.started) == (2, 0, False)
    assert (brawl.participants, brawl.exchange, brawl.started, brawl.ended) == (1, 3, True, False)


def vars_of(row: Any) -> dict[str, Any]:
    return dict(row._asdict())


def test_schema_facts_agree_with_the_storage_modules() -> None:
    assert SCHEMA_REVISION == migrations.HEAD
    assert TAG_SEPARATOR == TABLES_TAG_SEPARATOR
    assert quick_listing.MMAP_BYTES == db.MMAP_BYTES


def test_imports_neither_sqlalchemy_nor_pydantic() -> None:
    code = (
        "import sys, storage.quick_listing\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'pydantic', 'rules')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:////tmp/lib.sqlite3", Path("/tmp/lib.sqlite3")),
        ("sqlite+pysqlite:///rel/lib.db", Path("rel/lib.db")),
        ("sqlite://", None),
        ("sqlite:///:memory:", None),
        ("sqlite:////tmp/lib.sqlite3?mode=ro", None),
        ("sqlite:////tmp/a%20b.sqlite3", None),
        ("sqlite:///file:lib.db", None),
        ("postgresql+psycopg://u@h/db", None),
        ("/tmp/lib.sqlite3", None),
    ],
)
def test_only_plain_sqlite_file_urls_are_read(url: str, path: Path | None) -> None:
    assert sqlite_file(url) == path


def test_declines_other_back_ends_and_a_missing_file(tmp_path: Path) -> None:
    assert read_listing("postgresql+psycopg://nobody@localhost/none") is None
    missing = tmp_path / "new" / "library.sqlite3"
    assert read_listing(f"sqlite:///{missing}") is None
    assert not missing.exists() and not missing.parent.exists()
    assert read_listing(f"sqlite:///{tmp_path}") is None  # a folder


def set_revision(path: Path, revision: str | None) -> None:
    db = sqlite3.connect(path)
    with db:
        if revision is None:
            db.execute("DROP TABLE alembic_version")
        else:
            db.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    db.close()


@pytest.mark.parametrize("revision", ["9999", "0000", None])
def test_declines_a_newer_older_or_missing_schema_revision(
    library_file: Path, revision: str | None
) -> None:
    set_revision(library_file, revision)
    before = fingerprint(library_file)
    assert read_listing(f"sqlite:///{library_file}") is None
    assert fingerprint(library_file) == before


def test_declines_a_changed_schema(library_file: Path) -> None:
    db = sqlite3.connect(library_file)
    with db:
        db.execute("ALTER TABLE characters RENAME COLUMN headline_rank TO rank")
    db.close()
    assert read_listing(f"sqlite:///{library_file}") is None


def test_declines_unexpected_values(library_file: Path) -> None:
    db = sqlite3.connect(library_file)
    with db:
        db.execute("UPDATE characters SET updated_at = 'yesterday' WHERE rowid = 1")
    db.close()
    assert read_listing(f"sqlite:///{library_file}") is None


def test_declines_a_damaged_encounter_payload(library_file: Path) -> None:
    db = sqlite3.connect(library_file)
    with db:
        db.execute("UPDATE encounters SET payload = '{not json'")
    db.close()
    assert read_listing(f"sqlite:///{library_file}") is None


@pytest.mark.parametrize("damage", ["garbage", "truncated", "not-a-library", "empty"])
def test_declines_damaged_or_foreign_files_without_writing(
    library_file: Path, tmp_path: Path, damage: str
) -> None:
    target = tmp_path / "damaged.sqlite3"
    if damage == "garbage":
        target.write_bytes(b"this is not a database" * 100)
    elif damage == "truncated":
        data = library_file.read_bytes()
        target.write_bytes(data[: len(data) // 3])
    elif damage == "not-a-library":
        db = sqlite3.connect(target)
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.commit()
        db.close()
    else:
        target.write_bytes(b"")
    before = fingerprint(target)
    assert read_listing(f"sqlite:///{target}") is None
    assert fingerprint(target) == before


def test_reading_never_changes_the_file(library_file: Path) -> None:
    copy = library_file.with_name("copy.sqlite3")
    shutil.copy2(library_file, copy)
    before = fingerprint(copy)
    assert read_listing(f"sqlite:///{copy}") is not None
    assert fingerprint(copy) == before


def test_the_committed_fixture_database_is_read(tmp_path: Path) -> None:
    """The released schema's fixture library (tests/data/db_versions) lists through this path."""
    source = REPO / "tests" / "data" / "db_versions" / f"v{SCHEMA_REVISION}.sqlite3"
    copy = tmp_path / source.name
    shutil.copy2(source, copy)
    listing = read_listing(f"sqlite:///{copy}")
    assert listing is not None and listing.characters
    assert all(isinstance(c.id, uuid.UUID) for c in listing.characters)
