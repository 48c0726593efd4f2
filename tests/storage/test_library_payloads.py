"""Campaign and encounter payload versions: upgrades on read, newer and damaged payloads.

Run on SQLite and on PostgreSQL (conftest ``library_url``). Upgrades are test-local steps
registered with monkeypatch, standing in for a future payload version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from rules.systems.sotc.settings import SotcSettings
from storage import archive, mappers
from storage.db import make_engine
from storage.library import (
    Campaign,
    EncounterRecord,
    Library,
    LibraryError,
    LibraryReadOnlyError,
    NewerRecordError,
)
from tests.rules.sotc_builders import build


def raw(library: Library, sql: str, **params: Any) -> list[Any]:
    """Run SQL on the library's database behind the facade's back."""
    engine = make_engine(library.url)
    try:
        with engine.begin() as conn:
            result = conn.execute(text(sql), params)
            return list(result.all()) if result.returns_rows else []
    finally:
        engine.dispose()


def stored(library: Library) -> dict[str, Any]:
    """The payload versions and payloads as stored."""
    return {
        "campaigns": raw(library, "SELECT payload_version, settings FROM campaigns"),
        "encounters": raw(library, "SELECT payload_version, payload FROM encounters"),
    }


def fill(library: Library) -> tuple[Campaign, EncounterRecord]:
    camp = Campaign(
        system="sotc",
        name="Thunder Atoll",
        settings=SotcSettings(stress_boxes=3).model_dump(mode="json"),
    )
    library.save_campaign(camp, expected_version=None)
    enc = EncounterRecord(name="Docks", campaign_id=camp.id, payload={"round": 2})
    library.save_encounter(enc, expected_version=None)
    return camp, enc


CAMPAIGN = mappers.CAMPAIGN_PAYLOAD_VERSION
ENCOUNTER = mappers.ENCOUNTER_PAYLOAD_VERSION


def never(_data: dict[str, Any]) -> dict[str, Any]:
    raise AssertionError("no upgrade step may run for a payload at the current version")


def test_current_payloads_pass_through_unchanged(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(mappers.CAMPAIGN_UPGRADES, CAMPAIGN, never)
    monkeypatch.setitem(mappers.ENCOUNTER_UPGRADES, ENCOUNTER, never)
    camp, enc = fill(library)
    assert [v for v, _ in stored(library)["campaigns"]] == [CAMPAIGN]
    assert [v for v, _ in stored(library)["encounters"]] == [ENCOUNTER]
    assert library.get_campaign(camp.id).settings == SotcSettings(stress_boxes=3).model_dump(
        mode="json"
    )
    assert library.get_encounter(enc.id).payload == {"round": 2}
    assert [c.problem for c in library.list_campaigns()] == [""]
    assert [e.problem for e in library.list_encounters()] == [""]


def test_registered_upgrades_run_on_read_and_saving_writes_the_new_version(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A next payload version (test-local) with a step to it: old rows are upgraded as read."""
    camp, enc = fill(library)
    calls: list[str] = []

    def campaign_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
        calls.append("campaign")
        return {**data, "stress_boxes": data["stress_boxes"] + 1}

    def encounter_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
        calls.append("encounter")
        return {"state": data, "engine": 2}

    monkeypatch.setattr(mappers, "CAMPAIGN_PAYLOAD_VERSION", CAMPAIGN + 1)
    monkeypatch.setattr(mappers, "ENCOUNTER_PAYLOAD_VERSION", ENCOUNTER + 1)
    monkeypatch.setitem(mappers.CAMPAIGN_UPGRADES, CAMPAIGN, campaign_1_to_2)
    monkeypatch.setitem(mappers.ENCOUNTER_UPGRADES, ENCOUNTER, encounter_1_to_2)

    loaded = library.get_campaign(camp.id)
    assert loaded.settings["stress_boxes"] == 4 and not loaded.problem
    assert library.list_campaigns()[0].settings["stress_boxes"] == 4
    record = library.get_encounter(enc.id)
    assert record.payload == {"state": {"round": 2}, "engine": 2}
    assert library.list_encounters()[0].payload == record.payload
    # Reading never rewrites the rows.
    assert [v for v, _ in stored(library)["campaigns"]] == [CAMPAIGN]
    assert [v for v, _ in stored(library)["encounters"]] == [ENCOUNTER]

    library.save_campaign(loaded, expected_version=loaded.version)
    library.save_encounter(record, expected_version=record.version)
    assert [v for v, _ in stored(library)["campaigns"]] == [CAMPAIGN + 1]
    assert [v for v, _ in stored(library)["encounters"]] == [ENCOUNTER + 1]
    calls.clear()
    assert library.get_campaign(camp.id).settings["stress_boxes"] == 4  # not upgraded twice
    assert library.get_encounter(enc.id).payload == record.payload
    assert calls == []


def test_a_character_saved_into_a_campaign_uses_its_upgraded_rules(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stored "valid" flag is computed under the upgraded campaign settings."""
    data = build().model_dump()
    skills = dict(data["skills"])
    skills["Bows"] = skills.pop("Guns")
    archer = type(build()).model_validate({**data, "skills": skills})
    camp = Campaign(system="sotc", name="Longbows")
    library.save_campaign(camp, expected_version=None)
    monkeypatch.setattr(mappers, "CAMPAIGN_PAYLOAD_VERSION", CAMPAIGN + 1)
    monkeypatch.setitem(
        mappers.CAMPAIGN_UPGRADES, CAMPAIGN, lambda d: {**d, "renamed_skills": {"Guns": "Bows"}}
    )
    library.save_character(archer, expected_version=None, campaign_id=camp.id)
    assert library.list_characters()[0].valid is True


def test_newer_payloads_are_listed_flagged_and_refused(library: Library, tmp_path: Path) -> None:
    camp, enc = fill(library)
    ada = build()
    library.save_character(ada, expected_version=None)
    raw(library, "UPDATE campaigns SET payload_version = 99")
    raw(library, "UPDATE encounters SET payload_version = 99")
    before = stored(library)

    [listed_campaign] = library.list_campaigns()
    assert listed_campaign.name == "Thunder Atoll"
    assert "newer Fatesmith" in listed_campaign.problem
    assert "campaign format 99" in listed_campaign.problem
    [listed_encounter] = library.list_encounters()
    assert "newer Fatesmith" in listed_encounter.problem and listed_encounter.payload == {}
    assert [s.name for s in library.list_characters()] == ["Ada Thorne"]

    with pytest.raises(NewerRecordError, match="newer Fatesmith"):
        library.get_campaign(camp.id)
    with pytest.raises(NewerRecordError, match="newer Fatesmith"):
        library.get_encounter(enc.id)
    assert issubclass(NewerRecordError, LibraryReadOnlyError)
    # Saving over them, with a fresh record or with the flagged one, is refused.
    with pytest.raises(NewerRecordError, match="update Fatesmith"):
        library.save_campaign(camp, expected_version=listed_campaign.version)
    with pytest.raises(NewerRecordError, match="update Fatesmith"):
        library.save_encounter(enc, expected_version=listed_encounter.version)
    with pytest.raises(LibraryError, match="newer Fatesmith"):
        library.save_encounter(listed_encounter, expected_version=listed_encounter.version)
    with pytest.raises(LibraryError, match="cannot export"):
        library.export_archive(tmp_path / "out.zip")
    assert not (tmp_path / "out.zip").exists()
    assert stored(library) == before
    # Its members can still be saved (validity under the book's rules) ...
    library.save_character(ada, expected_version=1, campaign_id=camp.id)
    assert library.list_characters()[0].campaign_name == "Thunder Atoll"
    # ... and it can be deleted.
    library.delete_encounter(enc.id)
    library.delete_campaign(camp.id)
    assert library.list_campaigns() == [] and library.list_encounters() == []


@pytest.mark.parametrize(
    ("table", "column", "value"),
    [
        ("encounters", "payload", "{not json"),
        ("encounters", "payload", "[1, 2]"),
        ("campaigns", "settings", '{"stress_boxes": "many"}'),
        ("campaigns", "payload_version", 0),
    ],
)
def test_damaged_payloads_are_flagged(
    library: Library, table: str, column: str, value: Any
) -> None:
    fill(library)
    raw(library, f"UPDATE {table} SET {column} = :value", value=value)
    campaigns, encounters = library.list_campaigns(), library.list_encounters()
    flagged = campaigns[0] if table == "campaigns" else encounters[0]
    other = encounters[0] if table == "campaigns" else campaigns[0]
    # Settings that are JSON but do not fit their system are found when the campaign is
    # opened (checking them needs the system; listing loads none, for start-up speed).
    needs_system = column == "settings"
    assert ("damaged" in flagged.problem) != needs_system and other.problem == ""
    getter = library.get_campaign if table == "campaigns" else library.get_encounter
    with pytest.raises(LibraryError, match="damaged") as caught:
        getter(flagged.id)
    assert not isinstance(caught.value, NewerRecordError)


def test_archive_format_holds_the_current_payload_versions() -> None:
    """A new payload version needs a new archive format (the manifest records none)."""
    assert archive.PAYLOAD_VERSIONS == {
        "campaign": mappers.CAMPAIGN_PAYLOAD_VERSION,
        "encounter": mappers.ENCOUNTER_PAYLOAD_VERSION,
    }, "bump storage.archive.ARCHIVE_VERSION and PAYLOAD_VERSIONS with the payload versions"
