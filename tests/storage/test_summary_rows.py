"""storage.mappers.summary_from_row builds the listing's rows: plain typed records
(``storage.listing_rows.CharacterSummary``), the same type the start-up listing reads."""

from __future__ import annotations

import copy
import pickle
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from storage.mappers import CharacterSummary, summary_from_row
from storage.tables import TAG_SEPARATOR

ID = uuid.UUID("1f768326-5358-4966-b048-5bbfe7fbf07b")
CAMPAIGN = uuid.UUID("00000000-0000-4000-8000-00000000000a")


def _row(**changes: Any) -> tuple[Any, ...]:
    values = {
        "id": ID.hex,
        "name": "Mad Boxer 0",
        "system": "sotc",
        "player": "Player 0",
        "campaign_id": CAMPAIGN.hex,
        "campaign_name": "Pulp Nights",
        "headline": "Fists +5",
        "headline_rank": 5,
        "tags": f"midnight{TAG_SEPARATOR}table 0",
        "updated_at": "2026-11-24 11:09:16.252219",
        "version": 3,
        "valid": 1,
        **changes,
    }
    return tuple(values.values())


EXPECTED = {
    "id": ID,
    "name": "Mad Boxer 0",
    "system": "sotc",
    "player": "Player 0",
    "campaign_id": CAMPAIGN,
    "campaign_name": "Pulp Nights",
    "headline": "Fists +5",
    "headline_rank": 5,
    "tags": ("midnight", "table 0"),
    "updated_at": datetime(2026, 11, 24, 11, 9, 16, 252219, tzinfo=UTC),
    "version": 3,
    "valid": True,
}


def _same_as_record(made: CharacterSummary, expected: dict[str, Any]) -> None:
    record = CharacterSummary(**expected)
    assert type(made) is CharacterSummary
    assert made == record and repr(made) == repr(record)
    assert made._asdict() == expected
    assert pickle.loads(pickle.dumps(made)) == record
    assert copy.deepcopy(made) == record
    assert made._replace(name="x").name == "x" and made.name == expected["name"]
    with pytest.raises(AttributeError):
        made.name = "changed"  # type: ignore[misc]


def test_a_sqlite_row_becomes_the_summary_record() -> None:
    _same_as_record(summary_from_row(_row(), {}), EXPECTED)


def test_driver_values_already_converted_are_kept() -> None:
    """PostgreSQL hands back UUIDs and aware datetimes."""
    moment = datetime(2026, 11, 24, 12, 9, 16, 252219).astimezone()
    row = _row(id=ID, campaign_id=CAMPAIGN, updated_at=moment)
    expected = {**EXPECTED, "updated_at": moment.astimezone(UTC)}
    _same_as_record(summary_from_row(row, {}), expected)


def test_no_campaign_no_tags_and_an_invalid_character() -> None:
    row = _row(campaign_id=None, campaign_name=None, tags="", valid=0)
    expected = {**EXPECTED, "campaign_id": None, "campaign_name": "", "tags": (), "valid": False}
    _same_as_record(summary_from_row(row, {}), expected)


def test_campaign_ids_are_converted_once_per_listing() -> None:
    campaigns: dict[Any, uuid.UUID] = {}
    first = summary_from_row(_row(), campaigns)
    second = summary_from_row(_row(id=uuid.uuid4().hex), campaigns)
    assert first.campaign_id is second.campaign_id
    assert campaigns == {CAMPAIGN.hex: CAMPAIGN}


def test_the_library_and_the_start_up_listing_hand_out_one_row_type(
    sqlite_url: str,
    registry,  # type: ignore[no-untyped-def]
) -> None:
    from storage import quick_listing
    from storage.library import Library
    from tests.rules.sotc_builders import build

    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)
        stored = lib.list_characters()
    quick = quick_listing.read_listing(sqlite_url)
    assert quick is not None
    assert list(quick.characters) == stored
    assert {type(r) for r in (*quick.characters, *stored)} == {CharacterSummary}


def test_no_model_internals_or_collector_switching_in_the_domain() -> None:
    """Listing rows are plain records, not pydantic models forged through private slots; the
    cyclic collector's policy is the app's start-up's, never switched inside a library call
    (issue #24, "Speed tricks inside the domain")."""
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for package in ("rules", "storage"):
        for path in (root / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for needle in ("__pydantic_", "gc.disable", "gc.enable", "gc.freeze"):
                if needle in text:
                    offenders.append(f"{path.relative_to(root)}: {needle}")
    assert offenders == []
