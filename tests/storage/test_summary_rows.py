"""storage.mappers.summary_from_row builds the listing's summaries without pydantic validation:
each must be indistinguishable from the validated model of the same values. A listing fetches
and builds them with the cyclic collector resting."""

from __future__ import annotations

import copy
import pickle
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest

from storage import mappers
from storage.db_values import slot_setter
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


def _same_as_validated(made: CharacterSummary, expected: dict[str, Any]) -> None:
    validated = CharacterSummary.model_validate(expected)
    assert type(made) is CharacterSummary
    assert made == validated and repr(made) == repr(validated)
    assert made.model_dump() == validated.model_dump()
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    assert pickle.loads(pickle.dumps(made)) == validated
    assert copy.deepcopy(made) == validated
    assert made.model_copy(update={"name": "x"}).name == "x" and made.name == expected["name"]
    with pytest.raises(Exception, match="frozen"):
        made.name = "changed"


def test_a_sqlite_row_becomes_the_validated_summary() -> None:
    _same_as_validated(summary_from_row(_row(), {}), EXPECTED)


def test_driver_values_already_converted_are_kept() -> None:
    """PostgreSQL hands back UUIDs and aware datetimes."""
    moment = datetime(2026, 11, 24, 12, 9, 16, 252219).astimezone()
    row = _row(id=ID, campaign_id=CAMPAIGN, updated_at=moment)
    expected = {**EXPECTED, "updated_at": moment.astimezone(UTC)}
    _same_as_validated(summary_from_row(row, {}), expected)


def test_no_campaign_no_tags_and_an_invalid_character() -> None:
    row = _row(campaign_id=None, campaign_name=None, tags="", valid=0)
    expected = {**EXPECTED, "campaign_id": None, "campaign_name": "", "tags": (), "valid": False}
    _same_as_validated(summary_from_row(row, {}), expected)


def test_campaign_ids_are_converted_once_per_listing() -> None:
    campaigns: dict[Any, uuid.UUID] = {}
    first = summary_from_row(_row(), campaigns)
    second = summary_from_row(_row(id=uuid.uuid4().hex), campaigns)
    assert first.campaign_id is second.campaign_id
    assert campaigns == {CAMPAIGN.hex: CAMPAIGN}


def test_without_pydantic_slots_the_setters_use_object_setattr(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Should a pydantic release keep its per-instance fields some other way, the fallback
    setter (``object.__setattr__``) builds the same summary."""
    no_slots = type("NoSlots", (), {"__slots__": ()})
    for variable, slot in [
        ("_set_dict", "__dict__"),
        ("_set_fields_set", "__pydantic_fields_set__"),
        ("_set_extra", "__pydantic_extra__"),
        ("_set_private", "__pydantic_private__"),
    ]:
        setter = slot_setter(no_slots, slot)
        assert setter.__name__ == "setter"  # the fallback, not a descriptor's own __set__
        monkeypatch.setattr(mappers, variable, setter)
    _same_as_validated(summary_from_row(_row(), {}), EXPECTED)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_rests_while_a_listing_fetches_and_builds(
    sqlite_url: str,
    registry,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
    enabled: bool,
) -> None:
    """A full collection over the heap in the middle of a 10,000-row listing cost about 45 ms
    (benchmarks/bench_library.py); afterwards the collector is as it was, even on an error."""
    import gc

    from sqlalchemy import event

    from storage.library import Library
    from storage.library import characters as characters_module
    from tests.rules.sotc_builders import build

    seen: list[tuple[str, bool]] = []
    original = characters_module.summary_from_row

    def watched(row: Any, campaigns: dict[Any, uuid.UUID]) -> CharacterSummary:
        seen.append(("summary", gc.isenabled()))
        return original(row, campaigns)

    monkeypatch.setattr(characters_module, "summary_from_row", watched)
    with Library.open(sqlite_url, registry=registry, samples=False) as lib:
        lib.save_character(build(), expected_version=None)

        def on_execute(*_args: Any) -> None:
            seen.append(("query", gc.isenabled()))

        event.listen(lib._engine, "before_cursor_execute", on_execute)
        was = gc.isenabled()
        (gc.enable if enabled else gc.disable)()
        try:
            assert [s.name for s in lib.list_characters()] == ["Ada Thorne"]
            assert gc.isenabled() is enabled
            assert ("query", False) in seen and ("summary", False) in seen
            assert all(not on for _where, on in seen)

            def broken(row: Any, campaigns: dict[Any, uuid.UUID]) -> CharacterSummary:
                raise RuntimeError("boom")

            monkeypatch.setattr(characters_module, "summary_from_row", broken)
            with pytest.raises(RuntimeError, match="boom"):
                lib.list_characters()
            assert gc.isenabled() is enabled
        finally:
            (gc.enable if was else gc.disable)()
