"""Importing a character file again: replace, keep both or skip, and every outcome reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage.json_io import write_character_file
from storage.library import Library, LibraryError
from storage.library.transfer import report_lines
from tests.rules.sotc_builders import build


@pytest.fixture
def setup(tmp_path: Path, library: Library) -> Any:
    """On each back end (SQLite, PostgreSQL): Ada stored, and files of her edited and not."""
    lib = library
    ada = build()
    stored = lib.save_character(ada, expected_version=None)
    campaign = lib.list_campaigns()
    edited = tmp_path / "ada.fatesmith.json"
    write_character_file(edited, ada.model_copy(update={"notes": "edited at the table"}))
    same = tmp_path / "same.fatesmith.json"
    write_character_file(same, ada)
    return lib, ada, stored, edited, same, campaign


def test_unchanged_file_is_reported_unchanged(setup: Any) -> None:
    lib, _ada, _stored, _edited, same, _ = setup
    report = lib.import_character_files([same])
    assert report.imported == () and report.unchanged == ("Ada Thorne",)
    assert report_lines(report) == ["skipped Ada Thorne: already in the library, unchanged"]


def test_default_keeps_both_and_says_so(setup: Any) -> None:
    lib, ada, _stored, edited, _same, _ = setup
    report = lib.import_character_files([edited])
    assert len(report.imported) == 1 and report.copies == (report.imported[0].id,)
    assert report.imported[0].id != ada.id
    assert report_lines(report) == [f"kept both: Ada Thorne (2) (new copy {report.imported[0].id})"]
    assert len(lib.list_characters()) == 2


def test_replace_overwrites_the_stored_character(setup: Any) -> None:
    lib, ada, stored, edited, _same, _ = setup
    report = lib.import_character_files([edited], on_duplicate="replace")
    assert report.imported == () and [s.id for s in report.replaced] == [ada.id]
    assert report.replaced[0].version == stored + 1
    assert report_lines(report) == [f"replaced Ada Thorne ({ada.id})"]
    assert [s.id for s in lib.list_characters()] == [ada.id]
    assert lib.get_character(ada.id).character.notes == "edited at the table"


def test_replace_keeps_campaign_membership(setup: Any, registry: Any) -> None:
    lib, ada, _stored, edited, _same, _ = setup
    from storage.mappers import Campaign

    campaign = Campaign(name="Atoll", system="sotc", member_ids=(ada.id,))
    lib.save_campaign(campaign, expected_version=None)
    lib.import_character_files([edited], on_duplicate="replace")
    assert lib.get_campaign(campaign.id).member_ids == (ada.id,)


def test_skip_leaves_the_stored_character(setup: Any) -> None:
    lib, ada, _stored, edited, _same, _ = setup
    report = lib.import_character_files([edited], on_duplicate="skip")
    assert report.imported == () and report.skipped == ("Ada Thorne",)
    assert report_lines(report) == [
        "skipped Ada Thorne: already in the library (a different version)"
    ]
    assert lib.get_character(ada.id).character.notes == ada.notes


def test_choice_per_character_and_asking_first(setup: Any, tmp_path: Path) -> None:
    lib, ada, _stored, edited, same, _ = setup
    other = build(name="Bo Brass")
    lib.save_character(other, expected_version=None)
    other_file = tmp_path / "bo.fatesmith.json"
    write_character_file(other_file, other.model_copy(update={"notes": "changed"}))
    characters, failed = lib.read_character_files([edited, same, other_file])
    assert failed == []
    assert sorted(lib.stored_differently(characters)) == sorted(
        [(ada.id, "Ada Thorne"), (other.id, "Bo Brass")]
    )
    report = lib.import_character_files(
        [edited, other_file], on_duplicate={ada.id: "replace", other.id: "skip"}
    )
    assert [s.name for s in report.replaced] == ["Ada Thorne"]
    assert report.skipped == ("Bo Brass",)


def test_unknown_choice_is_refused(setup: Any) -> None:
    lib, _ada, _stored, edited, _same, _ = setup
    with pytest.raises(LibraryError, match="unknown choice"):
        lib.import_character_files([edited], on_duplicate="merge")
