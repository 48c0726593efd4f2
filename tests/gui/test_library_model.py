"""GUI tests: the library table model and its filter proxy (columns as data, roles, sorting)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import QPersistentModelIndex, Qt

from gui.models.campaign_model import CampaignModel
from gui.models.columns import ID_ROLE, OBJECT_ROLE, SORT_ROLE
from gui.models.library_model import NO_CAMPAIGN, LibraryFilterProxyModel, LibraryModel
from storage.library import Campaign, CharacterSummary

CAMPAIGN = uuid.uuid4()


def summary(name: str, *, rating: int = 3, campaign: uuid.UUID | None = None,
            tags: tuple[str, ...] = (), system: str = "sotc", valid: bool = True,
            age: int = 0) -> CharacterSummary:  # fmt: skip
    return CharacterSummary(
        id=uuid.uuid4(), name=name, system=system, player="P", campaign_id=campaign,
        campaign_name="Camp" if campaign else "",
        headline=f"Fists {rating:+d}", headline_rank=rating,
        tags=tags, updated_at=datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=age),
        version=1, valid=valid,
    )  # fmt: skip


def rows() -> list[CharacterSummary]:
    return [
        summary("Bea", rating=5, campaign=CAMPAIGN, tags=("pilot",), age=2),
        summary("adam", rating=4, tags=("scholar",), valid=False, age=1),
        summary("Cy", rating=3, system="fate2", campaign=CAMPAIGN, age=3),
    ]


def shown(proxy: LibraryFilterProxyModel) -> list[str]:
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


def test_model_passes_the_model_tester_and_exposes_roles(qtmodeltester: Any) -> None:
    model = LibraryModel()
    data = rows()
    model.set_summaries(data)
    qtmodeltester.check(model)
    index = model.index(0, model.column_index("name"))
    assert index.data(ID_ROLE) == data[0].id
    assert index.data(OBJECT_ROLE) is data[0]
    assert model.index(0, model.column_index("headline")).data() == "Fists +5"
    assert model.index(1, model.column_index("status")).data() == "In progress"
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Name"
    assert model.index(0, model.column_index("headline")).data(SORT_ROLE) == (-5, "fists +5")


def test_sort_is_by_column_sort_key_and_keeps_persistent_indexes() -> None:
    model = LibraryModel()
    model.set_summaries(rows())
    keep = QPersistentModelIndex(model.index(0, 0))  # Bea
    model.sort(model.column_index("name"))
    assert [model.index(r, 0).data() for r in range(3)] == ["adam", "Bea", "Cy"]
    assert keep.row() == 1 and keep.data() == "Bea"
    model.sort(model.column_index("updated"), Qt.SortOrder.DescendingOrder)
    assert [model.index(r, 0).data() for r in range(3)] == ["Cy", "Bea", "adam"]


def test_upsert_and_remove_keep_the_sort() -> None:
    model = LibraryModel()
    data = rows()
    model.set_summaries(data)
    model.sort(0)
    model.upsert(data[0]._replace(name="Zed"))
    assert [model.index(r, 0).data() for r in range(3)] == ["adam", "Cy", "Zed"]
    model.upsert(summary("Abe"))
    assert model.index(0, 0).data() == "Abe" and model.rowCount() == 4
    assert model.remove(data[1].id) and not model.remove(data[1].id)
    assert model.rowCount() == 3


def test_proxy_filters_by_system_campaign_tag_and_text(qtmodeltester: Any) -> None:
    model = LibraryModel()
    data = rows()
    model.set_summaries(data)
    proxy = LibraryFilterProxyModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.sort(0)
    assert shown(proxy) == ["adam", "Bea", "Cy"]
    proxy.set_filters(system="sotc")
    assert shown(proxy) == ["adam", "Bea"]
    proxy.set_filters(campaign=CAMPAIGN)
    assert shown(proxy) == ["Bea"]
    proxy.set_filters(system=None, campaign=NO_CAMPAIGN)
    assert shown(proxy) == ["adam"]
    proxy.set_filters(campaign=None, tag="pilot")
    assert shown(proxy) == ["Bea"]
    proxy.set_filters(tag=None, text_ids=frozenset({data[2].id, data[1].id}))
    assert shown(proxy) == ["adam", "Cy"]
    assert proxy.proxy_row_of(data[0].id) == -1 and proxy.proxy_row_of(data[2].id) == 1
    proxy.set_filters(text_ids=None)
    assert not proxy.is_filtered() and len(shown(proxy)) == 3
    qtmodeltester.check(proxy)


def test_campaign_model(qtmodeltester: Any) -> None:
    model = CampaignModel()
    model.set_campaigns(
        [
            Campaign(system="sotc", name="Atoll", member_ids=(uuid.uuid4(),)),
            Campaign(system="sotc", name="B"),
        ]
    )
    qtmodeltester.check(model)
    assert model.index(0, model.column_index("members")).data() == "1"


def test_search_index_agrees_with_the_library_query(make_window: Any, qtbot: Any) -> None:
    """The in-memory index and Library.list_characters(SearchQuery) find the same characters."""
    from storage.library import SearchQuery

    window = make_window()
    qtbot.waitUntil(lambda: window.listing.search_index is not None, timeout=10_000)
    index = window.listing.search_index
    for text in ("skylark", "LEADS left", "barnstormer", "thunder atoll", "spirit", "sample",
                 "fists", "zz-nothing", "pilot vance"):  # fmt: skip
        expected = {s.id for s in window.library.list_characters(SearchQuery(text=text))}
        assert set(index.matches(text)) == expected, text


def test_search_index_agrees_with_the_library_on_field_terms(make_window: Any, qtbot: Any) -> None:
    """Field terms (docs/library.md search syntax) find the same characters in the GUI's
    index as in the library: a skill is not an aspect, a quoted stunt is one phrase."""
    from storage.library import SearchQuery

    window = make_window()
    qtbot.waitUntil(lambda: window.listing.search_index is not None, timeout=10_000)
    index = window.listing.search_index
    cases = {
        "skill:Guns": {'Captain Imogen "Skylark" Vance', '"Kid" Rosa Delgado'},
        "skill:pilot": {'Captain Imogen "Skylark" Vance'},
        'stunt:"Danger Sense"': {'Captain Imogen "Skylark" Vance'},
        "stunt:scholar": {"Professor Anselm Okafor"},
        "tag:scholar": {"Professor Anselm Okafor"},
        "aspect:scholar": set(),  # "scholar" is a tag and a stunt, never an aspect
        "aspect:left": {'"Kid" Rosa Delgado'},
        'campaign:"thunder atoll" skill:fists': {
            '"Kid" Rosa Delgado',
            'Captain Imogen "Skylark" Vance',
        },
        "aspect:brawler": {'"Kid" Rosa Delgado'},  # Airsick Brawler
        "stunt:library": {"Professor Anselm Okafor"},  # Walking Library, no aspect holds it
        "aspect:library": set(),
        "system:sotc tag:sample": None,  # every sample character
        "systems:spirit skill:engineering": None,
        "skill:Brawler": set(),  # a stunt, not a skill
        '"skill:guns"': set(),  # quoted: one plain phrase, found nowhere
        "skill:": None,  # a field still being typed is ignored
        "guns skill:pilot": {'Captain Imogen "Skylark" Vance'},
        'stunt:"danger sense" tag:detective': set(),
    }
    names = {s.id: s.name for s in window.library.list_characters()}
    for text, wanted in cases.items():
        expected = {s.id for s in window.library.list_characters(SearchQuery(text=text))}
        got = set(index.matches(text))
        assert got == expected, text
        if wanted is not None:
            assert {names[i] for i in got} == wanted, text
        else:
            assert got and len(got) >= 3, text
