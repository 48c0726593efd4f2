"""Issue 13, "Wrong today": every reader of a user's file refuses duplicate keys, naming the key.

One test per reader: a character file read from disk, a character file imported into the
library, a character inside a library archive, the archive's manifest (which carries the
campaigns and the stored encounters) and an encounter script.
"""

from __future__ import annotations

import json
import uuid
import zipfile
from pathlib import Path
from typing import Any

import pytest

from rules.errors import CharacterFileError
from storage.json_io import dumps_character, read_character_file
from storage.library import Library, LibraryError
from storage.safe_read import UnreadableFileError, read_encounter_script
from tests.rules.sotc_builders import build


def _duplicated_guns() -> str:
    """A valid character file whose ``skills`` names Guns twice (issue 13's example)."""
    text = dumps_character(build(name="Jack", skills={"Guns": 5}))
    assert '"Guns": 5' in text
    return text.replace('"Guns": 5', '"Guns": 5, "Guns": 2', 1)


def _library(tmp_path: Path, registry: Any) -> Library:
    return Library.open(f"sqlite:///{tmp_path / 'lib'}.sqlite3", registry=registry, samples=False)


def test_character_file_duplicate_skill(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "jack.fatesmith.json"
    path.write_text(_duplicated_guns(), encoding="utf-8")
    with pytest.raises(CharacterFileError, match="'Guns' appears more than once"):
        read_character_file(path, registry)


def test_library_import_reports_the_duplicate(tmp_path: Path, registry: Any) -> None:
    path = tmp_path / "jack.fatesmith.json"
    path.write_text(_duplicated_guns(), encoding="utf-8")
    with _library(tmp_path, registry) as lib:
        report = lib.import_character_files([path])
        assert report.imported == ()
        assert [name for name, _ in report.failed] == ["jack.fatesmith.json"]
        assert "'Guns' appears more than once" in report.failed[0][1]


def _manifest(files: dict[str, uuid.UUID], encounters: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "fatesmith-archive",
        "format_version": 2,
        "counts": {"characters": len(files), "campaigns": 0, "encounters": len(encounters)},
        "characters": [{"file": f, "id": str(i)} for f, i in files.items()],
        "encounters": encounters,
    }


def test_archive_member_duplicate_is_named(tmp_path: Path, registry: Any) -> None:
    ident = uuid.uuid4()
    path = tmp_path / "dup.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(
            "manifest.json", json.dumps(_manifest({"characters/j.fatesmith.json": ident}, []))
        )
        zf.writestr("characters/j.fatesmith.json", _duplicated_guns())
    with _library(tmp_path, registry) as lib:
        with pytest.raises(LibraryError, match="'Guns' appears more than once"):
            lib.import_archive(path)
        assert lib.list_characters() == []


def test_archive_manifest_duplicate_in_an_encounter_is_named(tmp_path: Path, registry: Any) -> None:
    """The manifest holds each encounter's payload: a duplicate key there lost data silently."""
    encounter = {"id": str(uuid.uuid4()), "name": "Docks", "payload": {"round": 1}}
    text = json.dumps(_manifest({}, [encounter])).replace('"round": 1', '"round": 1, "round": 2')
    path = tmp_path / "dupman.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", text)
    with _library(tmp_path, registry) as lib:
        with pytest.raises(LibraryError, match="'round' appears more than once"):
            lib.import_archive(path, partial=True)
        assert lib.list_encounters() == []


def test_encounter_script_duplicate_in_a_cast_member(tmp_path: Path) -> None:
    script = tmp_path / "fight.json"
    script.write_text(
        '{"format": "fatesmith-encounter", "cast": [{"id": "a", "side": "x", "side": "y"}]}',
        encoding="utf-8",
    )
    with pytest.raises(UnreadableFileError, match=r"'side' appears more than once.*cast\[0\]"):
        read_encounter_script(script)
