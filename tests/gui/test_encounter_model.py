"""GUI tests: the library's encounter table model and its filter proxy (columns as data, roles,
sorting, defensive reading of stored payloads)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import Qt

from gui.models.columns import ID_ROLE, OBJECT_ROLE
from gui.models.encounter_model import (
    EncounterFilterProxyModel,
    EncounterModel,
    encounter_item,
    encounter_items,
)
from gui.models.library_model import NO_CAMPAIGN
from storage.library import EncounterRecord

CAMPAIGN = uuid.uuid4()
NAMES = {CAMPAIGN: "The Thunder Atoll Affair"}


def record(name: str, *, template: bool = False, campaign: uuid.UUID | None = None,
           state: Any = None, age: int = 0) -> EncounterRecord:  # fmt: skip
    payload = {"state": state} if state is not None else {}
    return EncounterRecord(
        name=name, campaign_id=campaign, is_template=template, payload=payload, version=1,
        updated_at=datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=age),
    )  # fmt: skip


def records() -> list[EncounterRecord]:
    return [
        record("Dock ambush", template=True, campaign=CAMPAIGN,
               state={"participants": [{}, {}], "exchange": 0}, age=1),
        record("Zeppelin brawl", campaign=CAMPAIGN,
               state={"participants": [{}, {}, {}], "started": True, "exchange": 2}, age=3),
        record("Tea with the Baron", state={"participants": [], "ended": True}, age=2),
        record("Damaged", state="not a dict"),
    ]  # fmt: skip


def shown(proxy: EncounterFilterProxyModel) -> list[str]:
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


def test_model_passes_the_model_tester_and_shows_where_each_stands(qtmodeltester: Any) -> None:
    model = EncounterModel()
    items = encounter_items(records(), NAMES)
    model.set_items(items)
    qtmodeltester.check(model)
    column = {c.key: i for i, c in enumerate(model.columns)}
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}

    def cell(name: str, key: str) -> Any:
        return model.index(rows[name], column[key]).data()

    assert cell("Dock ambush", "kind") == "Template"
    assert cell("Dock ambush", "status") == "Template"
    assert cell("Dock ambush", "campaign") == "The Thunder Atoll Affair"
    assert cell("Zeppelin brawl", "status") == "Exchange 2"
    assert cell("Zeppelin brawl", "cast") == "3"
    assert cell("Tea with the Baron", "status") == "Ended"
    assert cell("Damaged", "status") == "Being set up" and cell("Damaged", "cast") == "0"
    assert model.index(rows["Dock ambush"], 0).data(ID_ROLE) == items[0].id
    assert model.index(rows["Dock ambush"], 0).data(OBJECT_ROLE) is items[0]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Encounter"


def test_item_ignores_wrongly_typed_payload_fields() -> None:
    item = encounter_item(
        record("Odd", state={"participants": "x", "exchange": True, "started": "yes"}), {}
    )
    assert (item.participants, item.exchange, item.started, item.campaign_name) == (
        0,
        0,
        False,
        "",
    )


def test_proxy_filters_by_words_kind_and_campaign(qtmodeltester: Any) -> None:
    model = EncounterModel()
    model.set_items(encounter_items(records(), NAMES))
    proxy = EncounterFilterProxyModel()
    proxy.setSourceModel(model)
    model.sort(0)
    qtmodeltester.check(proxy)
    assert shown(proxy) == ["Damaged", "Dock ambush", "Tea with the Baron", "Zeppelin brawl"]
    proxy.set_filters(text="thunder")  # the campaign's name
    assert shown(proxy) == ["Dock ambush", "Zeppelin brawl"]
    proxy.set_filters(kind="templates")
    assert shown(proxy) == ["Dock ambush"]
    proxy.set_filters(text="", kind="running")
    assert shown(proxy) == ["Damaged", "Tea with the Baron", "Zeppelin brawl"]
    proxy.set_filters(campaign=NO_CAMPAIGN)
    assert shown(proxy) == ["Damaged", "Tea with the Baron"]
    proxy.set_filters(campaign=CAMPAIGN, kind="all", text="brawl zep")
    assert shown(proxy) == ["Zeppelin brawl"]
    qtmodeltester.check(proxy)


def test_sorting_through_the_proxy_sorts_the_source_by_sort_key() -> None:
    model = EncounterModel()
    items = encounter_items(records(), NAMES)
    model.set_items(items)
    proxy = EncounterFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.sort(model.column_index("updated"), Qt.SortOrder.DescendingOrder)
    assert shown(proxy) == ["Zeppelin brawl", "Tea with the Baron", "Dock ambush", "Damaged"]
    proxy.sort(model.column_index("kind"))
    assert shown(proxy)[0] == "Dock ambush"  # templates first
    assert proxy.proxy_row_of(items[0].id) == 0 and proxy.id_at(0) == items[0].id
    assert proxy.proxy_row_of(uuid.uuid4()) == -1
