"""Storage tests for game systems as plug-ins: the library speaks to a system only through the
``GameSystem`` protocol (listing headline and search entries, settings, user-editable data).

Run on SQLite and on PostgreSQL (conftest ``library_url``).
"""

from __future__ import annotations

import json
import uuid
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from rules.system_data import SystemData, SystemDataKind
from rules.systems.registry import GameSystem, SystemRegistry
from rules.systems.sotc.settings import SotcSettings
from storage.json_io import dumps_character
from storage.library import Campaign, ConflictError, Library, LibraryError, SearchQuery
from storage.search_syntax import blob_matches, parse_search
from tests.rules.sotc_builders import build

TABLE = SystemDataKind(key="table", title="A results table", bundled={"rows": [1, 2, 3]})


class WithData:
    """SotC standing in for a system with user-editable data (Strange Fate's diagram, the ART
    Engine's table): records what it was bound to."""

    def __init__(self, inner: GameSystem, bound: Mapping[str, SystemData] | None = None) -> None:
        self._inner = inner
        self.bound = dict(bound or {})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    @property
    def id(self) -> str:
        return self._inner.id

    @property
    def info(self) -> Any:
        return self._inner.info

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        return (TABLE,)

    def with_data(self, data: Mapping[str, SystemData]) -> WithData:
        return WithData(self._inner, data)


@pytest.fixture
def data_registry(registry: SystemRegistry) -> SystemRegistry:
    out = SystemRegistry()
    out.register(WithData(registry.get("sotc")))  # type: ignore[arg-type]
    for info in registry.infos():
        out.register_info(info)
    return out


def test_headline_and_search_text_come_from_the_systems_listing(
    library: Library, sotc: Any
) -> None:
    """One search-text builder: the stored text holds the system's search entries, and the
    index's text (search_texts) finds what the library query finds."""
    ada = build()
    library.save_character(ada, expected_version=None)
    camp = Campaign(system="sotc", name="Thunder Atoll", member_ids=(ada.id,))
    library.save_campaign(camp, expected_version=None)
    facts = sotc.listing(ada)
    [summary] = library.list_characters()
    assert (summary.headline, summary.headline_rank) == (facts.headline, facts.headline_rank)
    [(character_id, blob)] = library.search_texts()
    assert character_id == ada.id
    for field, text in facts.search_entries:
        assert blob_matches(parse_search(f'{field}:"{text}"'), blob)
    for query in ("skill:athletics", 'campaign:"thunder atoll"', "sam", "stunt:nope"):
        found = [s.id for s in library.list_characters(SearchQuery(text=query))]
        assert found == ([ada.id] if blob_matches(parse_search(query), blob) else [])


def test_campaigns_have_no_default_system() -> None:
    with pytest.raises(ValidationError):
        Campaign(name="Which rules?")  # type: ignore[call-arg]


def test_campaign_settings_are_checked_by_their_system(library: Library) -> None:
    bad = Campaign(system="sotc", name="Odd", settings={"stress_boxes": "many"})
    with pytest.raises(LibraryError, match="stress_boxes"):
        library.save_campaign(bad, expected_version=None)
    unknown = Campaign(system="no-such-system", name="Odd")
    with pytest.raises(LibraryError, match="unknown game system"):
        library.save_campaign(unknown, expected_version=None)
    partial = Campaign(system="sotc", name="Short", settings={"stress_boxes": 3})
    library.save_campaign(partial, expected_version=None)
    assert library.get_campaign(partial.id).settings == SotcSettings(stress_boxes=3).model_dump(
        mode="json"
    )


def test_an_archive_written_by_the_released_format_still_imports(
    library: Library, tmp_path: Path
) -> None:
    """Archive format 1 called a campaign's settings ``rules`` (SotC house rules)."""
    ada = build(id=uuid.uuid4())
    camp_id = uuid.uuid4()
    manifest = {
        "format": "fatesmith-archive",
        "format_version": 1,
        "scope": "library",
        "counts": {"characters": 1, "campaigns": 1, "encounters": 0},
        "characters": [{"file": "characters/ada.fatesmith.json", "id": str(ada.id),
                        "name": ada.name, "campaign_id": str(camp_id)}],
        "campaigns": [{"id": str(camp_id), "name": "Bows", "system": "sotc", "notes": "",
                       "rules": {"renamed_skills": {"Guns": "Bows"}, "stress_boxes": 3},
                       "member_ids": [str(ada.id)]}],
        "encounters": [],
    }  # fmt: skip
    path = tmp_path / "old.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest))
        zf.writestr("characters/ada.fatesmith.json", dumps_character(ada))
    report = library.import_archive(path)
    assert [s.id for s in report.imported] == [ada.id]
    [campaign] = library.list_campaigns()
    expected = SotcSettings(renamed_skills={"Guns": "Bows"}, stress_boxes=3)
    assert campaign.settings == expected.model_dump(mode="json")
    assert campaign.member_ids == (ada.id,)


def test_system_data_is_stored_with_provenance_and_bound_to_the_library(
    library_url: str, data_registry: SystemRegistry
) -> None:
    with Library.open(library_url, registry=data_registry, samples=False) as lib:
        [default] = lib.system_documents("sotc")
        assert (default.provenance, default.version, default.content) == (
            "bundled",
            0,
            TABLE.bundled,
        )
        assert lib.registry.get("sotc").bound == {}  # type: ignore[attr-defined]
        edited = default.model_copy(update={"content": {"rows": [4, 5]}})
        version = lib.save_system_document(edited, expected_version=default.version)
        [stored] = lib.system_documents("sotc")
        assert (stored.provenance, stored.version, stored.content) == (
            "user",
            version,
            {"rows": [4, 5]},
        )
        assert lib.registry.get("sotc").bound == {"table": stored}  # type: ignore[attr-defined]
        with pytest.raises(ConflictError):
            lib.save_system_document(edited, expected_version=None)  # stale: a copy exists
    # Another window opening the library binds the same document.
    with Library.open(library_url, registry=data_registry, samples=False) as other:
        assert other.registry.get("sotc").bound == {"table": stored}  # type: ignore[attr-defined]
        reset = other.reset_system_document("sotc", "table")
        assert (reset.provenance, reset.content) == ("bundled", TABLE.bundled)
        assert other.system_documents("sotc") == [reset]
        assert other.registry.get("sotc").bound["table"].provenance == "bundled"  # type: ignore[attr-defined]
        with pytest.raises(LibraryError, match="no editable data"):
            other.reset_system_document("sotc", "nothing")


def test_two_first_saves_of_system_data_at_once_are_one_line_conflicts(
    library_url: str, data_registry: SystemRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two processes make the first save of a system's data at the same moment: the second to
    # commit read "no copy yet" before the first stored one. On PostgreSQL the insert then hit
    # the primary key and the driver's two lines (duplicate key ... DETAIL ...) reached the
    # user; both back ends now say the same one-line conflict (issue #29).
    from sqlalchemy.orm import Session

    with Library.open(library_url, registry=data_registry, samples=False) as first:
        [default] = first.system_documents("sotc")
        mine = default.model_copy(update={"content": {"rows": [1]}})
        theirs = default.model_copy(update={"content": {"rows": [2]}})
        first.save_system_document(theirs, expected_version=None)  # the other process
        real_get = Session.get
        monkeypatch.setattr(Session, "get", lambda self, *a, **k: None)  # read before theirs
        with pytest.raises(ConflictError) as raised:
            first.save_system_document(mine, expected_version=None)
        monkeypatch.setattr(Session, "get", real_get)
        message = str(raised.value)
        assert message == "a system data with this id (sotc/'table') is already in the library"
        assert "\n" not in message
        assert [d.content for d in first.system_documents("sotc")] == [{"rows": [2]}]
