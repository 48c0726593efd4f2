"""Schema migrations: revisions agree with the tables, and every released library file opens
and migrates with nothing lost (``tests/data/db_versions/v<rev>[-<what>].sqlite3`` +
``.expected.json``; ``v0001-release`` was made by the app as released, see the README there).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import pytest

from storage import migrations
from storage.library import Library
from storage.tables import Base
from tests.conftest import DATA

DB_VERSIONS = DATA / "db_versions"
FIXTURES = sorted(DB_VERSIONS.glob("v*.sqlite3"))


def snapshot(library: Library) -> dict[str, Any]:
    """Everything a user would miss if it were lost, as plain JSON (timestamps left out)."""
    from storage.json_io import character_to_document

    characters = []
    for summary in library.list_characters():
        stored = library.get_character(summary.id)
        characters.append(
            {
                "id": str(summary.id),
                "version": stored.version,
                "campaign_id": str(stored.campaign_id) if stored.campaign_id else None,
                "valid": summary.valid,
                "tags": list(summary.tags),
                "document": character_to_document(stored.character),
            }
        )
    campaigns = library.list_campaigns()
    encounters = library.list_encounters()
    assert [c.problem for c in campaigns] == [""] * len(campaigns)  # every payload readable
    assert [e.problem for e in encounters] == [""] * len(encounters)
    return {
        "characters": sorted(characters, key=lambda c: c["id"]),
        "campaigns": [c.model_dump(mode="json", exclude={"problem"}) for c in campaigns],
        "encounters": [
            e.model_dump(mode="json", exclude={"updated_at", "problem"}) for e in encounters
        ],
        "tags": library.all_tags(),
    }


def test_head_matches_the_scripts() -> None:
    assert migrations.script_heads() == (migrations.HEAD,)
    assert migrations.KNOWN_REVISIONS[-1] == migrations.HEAD


def test_tables_match_the_newest_revision(library_url: str, registry) -> None:  # type: ignore[no-untyped-def]
    """The ORM tables and the Alembic scripts describe the same schema (no autogenerate diff)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from storage.db import make_engine

    Library.open(library_url, registry=registry, samples=False).close()
    engine = make_engine(library_url)
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(context, Base.metadata)
    engine.dispose()
    assert diff == []


def fixture_revision(fixture: Path) -> str:
    """The schema revision a fixture file was written at (``v0001-release`` -> ``0001``)."""
    return fixture.stem.removeprefix("v").split("-")[0]


def test_every_released_schema_has_a_fixture() -> None:
    names = {p.name for p in FIXTURES}
    assert {f"v{r}.sqlite3" for r in migrations.KNOWN_REVISIONS} <= names
    assert {fixture_revision(p) for p in FIXTURES} <= set(migrations.KNOWN_REVISIONS)


def expected_now(expected: dict[str, Any], revision: str, registry: Any) -> dict[str, Any]:
    """A fixture's expected snapshot in today's shape: what was recorded for an older schema,
    with only names changed (schema 0002: a campaign's ``rules`` are its ``settings``) and
    character documents upgraded to their system's payload version."""
    # Character documents in today's shape: each system's payload upgrades applied (SotC 2:
    # the advancement log and gadgets' base cost, written empty).
    for character in expected["characters"]:
        document = character["document"]
        system = registry.get(document["system"])
        for version in range(1, system.payload_version):
            document = system.upgrade_payload(document, version)
        if system.payload_version > 1:  # written since documents say their version
            document = {**document, "system_version": system.payload_version}
        character["document"] = document
    if revision < "0002":
        expected = {
            **expected,
            "campaigns": [
                {("settings" if k == "rules" else k): v for k, v in c.items()}
                for c in expected["campaigns"]
            ],
        }
    return expected


def stored_headlines(path: Path) -> dict[str, tuple[str, int]]:
    """Each character's listing headline and rank as the file stores them (before 0002: the
    peak skill shown as "Guns +5", and its rating)."""
    conn = sqlite3.connect(path)
    try:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(characters)")}
        if "headline" in columns:
            rows = conn.execute("SELECT id, headline, headline_rank FROM characters").fetchall()
            return {str(uuid.UUID(i)): (h, r) for i, h, r in rows}
        rows = conn.execute("SELECT id, peak_skill, peak_rating FROM characters").fetchall()
        return {str(uuid.UUID(i)): (f"{s} {r:+d}" if s else "", r) for i, s, r in rows}
    finally:
        conn.close()


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_released_library_opens_and_migrates_with_nothing_lost(
    fixture: Path,
    tmp_path: Path,
    registry,  # type: ignore[no-untyped-def]
) -> None:
    path = tmp_path / "library.sqlite3"
    shutil.copyfile(fixture, path)
    expected = json.loads(fixture.with_suffix(".expected.json").read_text(encoding="utf-8"))
    revision = fixture_revision(fixture)
    expected = expected_now(expected, revision, registry)
    headlines = stored_headlines(path)
    with Library.open(f"sqlite:///{path}", registry=registry) as lib:
        assert not lib.read_only
        assert (lib.backup is None) == (revision == migrations.HEAD)
        assert snapshot(lib) == expected
        # The listing shows what it showed before (SotC's headline is its peak skill), followed
        # by where the character stands in play when that is recorded (issue 13: a fate point
        # pool saved by the released app now shows too).
        listed = {str(s.id): (s.headline, s.headline_rank) for s in lib.list_characters()}
        assert listed.keys() == headlines.keys()
        for key, (headline, rank) in listed.items():
            before, before_rank = headlines[key]
            assert rank == before_rank
            assert headline == before or headline.startswith(f"{before} \u00b7 ")
        if fixture.stem == "v0001-release":  # Jack Corrigan, saved with 4 fate points
            jack = listed["0000beef-0000-4000-8000-000000000001"][0]
            assert jack == "Fists +4 \u00b7 4 fate points"
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (
            migrations.HEAD,
        )
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        conn.close()


def test_backup_is_taken_only_when_there_is_something_to_migrate(
    tmp_path: Path,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Simulate a newer code base (a revision 9000 after ours) opening today's library."""
    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    with Library.open(url, registry=registry) as lib:
        assert lib.backup is None
        before = snapshot(lib)
    with Library.open(url, registry=registry) as lib:
        assert lib.backup is None  # up to date: nothing to migrate, no backup

    def fake_upgrade(connection: Any, target: str = "head") -> None:
        from sqlalchemy import text

        connection.execute(text("UPDATE alembic_version SET version_num = '9000'"))

    today = migrations.HEAD
    monkeypatch.setattr(migrations, "HEAD", "9000")
    monkeypatch.setattr(migrations, "KNOWN_REVISIONS", (*migrations.KNOWN_REVISIONS, "9000"))
    monkeypatch.setattr(migrations, "upgrade", fake_upgrade)
    with Library.open(url, registry=registry) as lib:
        assert lib.backup is not None
        backup = lib.backup
        assert snapshot(lib) == before
    assert backup.name.startswith("library.sqlite3.backup-")
    conn = sqlite3.connect(backup)
    try:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (today,)
        assert conn.execute("SELECT count(*) FROM characters").fetchone()[0] == len(
            before["characters"]
        )
    finally:
        conn.close()


def test_failed_migration_leaves_the_library_as_it_was(
    tmp_path: Path,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A migration that fails half way is rolled back (one transaction), then reported."""
    from sqlalchemy import text

    from storage.library import LibraryError

    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    with Library.open(url, registry=registry) as lib:
        before = snapshot(lib)

    def broken_upgrade(connection: Any, target: str = "head") -> None:
        connection.execute(text("DELETE FROM characters"))
        connection.execute(text("SELECT * FROM no_such_table"))

    monkeypatch.setattr(migrations, "HEAD", "9000")
    monkeypatch.setattr(migrations, "KNOWN_REVISIONS", (*migrations.KNOWN_REVISIONS, "9000"))
    monkeypatch.setattr(migrations, "upgrade", broken_upgrade)
    with pytest.raises(LibraryError):
        Library.open(url, registry=registry)
    monkeypatch.undo()
    with Library.open(url, registry=registry) as lib:
        assert snapshot(lib) == before


def test_full_disk_during_the_backup_refuses_the_upgrade(
    tmp_path: Path,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No backup, no upgrade: a backup that cannot be written stops the migration cleanly."""
    import errno

    from storage.library import LibraryError

    path = tmp_path / "library.sqlite3"
    url = f"sqlite:///{path}"
    with Library.open(url, registry=registry) as lib:
        before = snapshot(lib)
    upgraded: list[str] = []

    def no_space(_path: Path) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(migrations, "HEAD", "9000")
    monkeypatch.setattr(migrations, "KNOWN_REVISIONS", (*migrations.KNOWN_REVISIONS, "9000"))
    monkeypatch.setattr(migrations, "backup_sqlite", no_space)
    monkeypatch.setattr(migrations, "upgrade", lambda *_a, **_k: upgraded.append("ran"))
    with pytest.raises(LibraryError, match=r"cannot back up .*\(No space left on device\)"):
        Library.open(url, registry=registry)
    assert upgraded == []
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir() if "backup" in p.name) == []
    with Library.open(url, registry=registry) as lib:
        assert snapshot(lib) == before
