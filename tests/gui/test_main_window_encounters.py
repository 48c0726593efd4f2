"""GUI tests: the library window's encounter area and Encounter menu (issue 6, "Encounters save
to the library automatically after every change; closing and reopening resumes exactly where it
was. Encounter templates can be started many times.")."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from PySide6.QtGui import QKeySequence

from gui.dialogs.choose import ChoiceDialog
from gui.dialogs.confirm import ConfirmDeleteDialog
from gui.dialogs.new_encounter import NewEncounterDialog
from gui.shell import MainWindow
from rules.conflict import minion_group
from rules.encounter import AddAspectEvent, AddParticipantEvent


@pytest.fixture
def make_window(make_window: Any) -> Any:
    """Windows on a library without encounters: these tests follow the encounters they make,
    so the samples' ready encounters are deleted first (tests/storage/
    test_samples_every_system.py holds those)."""

    def build(**kwargs: Any) -> Any:
        window = make_window(**kwargs)
        for record in window.library.list_encounters():
            window.library.delete_encounter(record.id)
        window.listing.refresh_encounters()
        return window

    return build


@pytest.fixture(autouse=True)
def accept_new_encounter(monkeypatch: pytest.MonkeyPatch) -> None:
    """New encounter asks its name, campaign and system: take what it offers first."""
    monkeypatch.setattr(
        NewEncounterDialog, "ask", classmethod(lambda cls, parent, o: cls(o, parent).choice())
    )


def listed(window: MainWindow) -> list[tuple[str, str]]:
    """(name, kind) of every encounter row shown, in table order."""
    proxy = window.page.encounter_proxy
    kind = window.page.encounter_model.column_index("kind")
    return [
        (str(proxy.index(r, 0).data()), str(proxy.index(r, kind).data()))
        for r in range(proxy.rowCount())
    ]


def cast_of(window: MainWindow, encounter_id: uuid.UUID) -> str:
    model = window.page.encounter_model
    return str(model.index(model.row_of(encounter_id), model.column_index("cast")).data())


def thugs(doc: Any) -> Any:
    rules = doc.conflict_rules
    return minion_group(rules, pid="thugs", name="Thugs", quality=1, count=3, side="gm")


def new_encounter(window: MainWindow, qtbot: Any) -> Any:
    window.act.new_encounter.trigger()
    encounter = window.encounters.windows[-1]
    qtbot.addWidget(encounter)
    return encounter


def close(window: MainWindow, encounter: Any, qtbot: Any) -> None:
    encounter.close()
    qtbot.waitUntil(lambda: encounter not in window.encounters.windows)


def test_new_encounter_saves_lists_and_reopens_where_it_was(
    make_window: Any, qtbot: Any, qtmodeltester: Any
) -> None:
    window = make_window()
    window.show()
    assert window.act.new_encounter.shortcut() == QKeySequence("Ctrl+Shift+E")
    assert listed(window) == []
    assert window.page.encounter_stack.currentWidget() is window.page.encounter_hint

    encounter = new_encounter(window, qtbot)
    assert encounter.isVisible() and encounter is not window
    # The GM sheet prints on the main window's paper preference, not a default store's.
    assert encounter.print_settings is window.settings
    record_id = encounter.doc.record_id
    assert listed(window) == [("Encounter 1", "Encounter")]
    assert window.library.get_encounter(record_id).name == "Encounter 1"

    assert encounter.push(AddParticipantEvent(participant=thugs(encounter.doc)))
    assert encounter.push(AddAspectEvent(text="Fog on the Water"))
    # Saved after every change; the list follows (debounced) without being asked.
    assert len(window.library.get_encounter(record_id).payload["log"]) == 2
    qtbot.waitUntil(lambda: cast_of(window, record_id) == "1")
    qtmodeltester.check(window.page.encounter_model)
    qtmodeltester.check(window.page.encounter_proxy)

    close(window, encounter, qtbot)
    assert listed(window) == [("Encounter 1", "Encounter")]  # used: kept

    window.page.select_encounter_ids([record_id])
    assert window.act.open_encounter.isEnabled()
    window.act.open_encounter.trigger()
    reopened = window.encounters.windows[-1]
    qtbot.addWidget(reopened)
    assert reopened is not encounter and reopened.doc.record_id == record_id
    assert reopened.doc.state.find("thugs") is not None
    assert [a.text for a in reopened.doc.state.aspects] == ["Fog on the Water"]
    assert len(reopened.doc.log) == 2
    # Opening it again raises the same window.
    assert window.encounters.open_encounter(record_id) is reopened


def test_an_untouched_new_encounter_is_dropped_when_closed(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    encounter = new_encounter(window, qtbot)
    assert len(listed(window)) == 1
    close(window, encounter, qtbot)
    assert listed(window) == []
    assert window.library.list_encounters() == []


def test_new_encounter_in_the_chosen_campaign_takes_its_rule_switches(
    make_window: Any, qtbot: Any
) -> None:
    """A campaign's house rules (rules/campaign.py) travel into its encounters."""
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    settings = {**campaign.settings, "stress_boxes": 3}
    window.library.save_campaign(
        campaign.model_copy(update={"settings": settings}), expected_version=campaign.version
    )
    window.listing.refresh_library()
    window.page.select_campaign_filter(campaign.id)
    encounter = new_encounter(window, qtbot)
    assert encounter.doc.campaign_id == campaign.id
    assert encounter.doc.state.settings["stress_boxes"] == 3
    campaign_column = window.page.encounter_model.column_index("campaign")
    assert window.page.encounter_proxy.index(0, campaign_column).data() == campaign.name
    # Another campaign filter hides it.
    window.page.campaign_filter.setCurrentIndex(window.page.campaign_filter.findText("No campaign"))
    assert listed(window) == []


def test_start_from_template_runs_it_again_as_a_new_encounter(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    encounter = new_encounter(window, qtbot)
    assert encounter.push(AddParticipantEvent(participant=thugs(encounter.doc)))
    template_id = encounter.doc.save_as_template("Dock ambush")
    assert template_id is not None
    close(window, encounter, qtbot)
    assert sorted(listed(window)) == [("Dock ambush", "Template"), ("Encounter 1", "Encounter")]

    window.page.encounter_kind.setCurrentIndex(window.page.encounter_kind.findData("templates"))
    assert listed(window) == [("Dock ambush", "Template")]
    window.page.encounter_kind.setCurrentIndex(0)

    offered: list[list[str]] = []

    def choose(cls: Any, parent: Any, title: str, label: str, choices: Any) -> Any:
        offered.append([text for text, _value in choices])
        return choices[0][1]

    monkeypatch.setattr(ChoiceDialog, "ask", classmethod(choose))
    window.page.encounter_view.clearSelection()
    run = window.encounters.start_from_template()
    assert offered == [["Dock ambush"]]
    assert run is not None
    qtbot.addWidget(run)
    assert run.doc.record_id != template_id and run.doc.state.find("thugs") is not None
    assert run.push(AddAspectEvent(text="Crates Everywhere"))
    qtbot.waitUntil(lambda: len(listed(window)) == 3)

    # A selected template starts without asking; double-click (activation) does the same.
    window.page.select_encounter_ids([template_id])
    second = window.encounters.start_from_template()
    assert second is not None and second.doc.record_id not in (template_id, run.doc.record_id)
    qtbot.addWidget(second)
    assert offered == [["Dock ambush"]]
    assert window.library.get_encounter(template_id).is_template


def test_delete_encounter_asks_first_and_closes_its_window(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    encounter = new_encounter(window, qtbot)
    assert encounter.push(AddAspectEvent(text="Burning Rope Bridge"))
    record_id = encounter.doc.record_id
    window.page.select_encounter_ids([record_id])
    asked: list[tuple[list[str], int, str]] = []

    def answer(value: bool) -> Any:
        def ask(cls: Any, parent: Any, names: Any, *, open_count: int = 0, kind: str = "") -> bool:
            asked.append((list(names), open_count, kind))
            return value

        return classmethod(ask)

    monkeypatch.setattr(ConfirmDeleteDialog, "ask", answer(False))
    assert window.encounters.delete_selected() == 0
    assert asked == [(["Encounter 1"], 1, "encounter")] and len(listed(window)) == 1
    monkeypatch.setattr(ConfirmDeleteDialog, "ask", answer(True))
    window.page.select_encounter_ids([record_id])
    assert window.encounters.delete_selected() == 1
    assert listed(window) == [] and window.library.list_encounters() == []
    assert not encounter.isVisible() and window.encounters.windows == []


def test_closing_the_library_window_closes_the_encounter_windows(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window()
    encounter = new_encounter(window, qtbot)
    assert encounter.push(AddAspectEvent(text="Smoke"))
    assert window.close()
    assert not encounter.isVisible()
    assert len(window.library.list_encounters()) == 1


def test_screenshot_of_the_library_with_encounters(
    make_window: Any, qtbot: Any, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    """Offscreen grab at 1280x720; with FATESMITH_SCREENSHOTS=1 it goes to docs/screenshots."""
    import os
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from gui.theme import apply_theme
    from rules.encounter import StartEvent
    from tests.gui.conftest import screenshot_theme

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = tmp_path
    app = QApplication.instance()
    saved = (app.style().name(), app.palette(), app.styleSheet())
    apply_theme(app, screenshot_theme())
    request.addfinalizer(lambda: (app.setStyle(saved[0]), app.setPalette(saved[1]),
                                  app.setStyleSheet(saved[2])))  # fmt: skip
    window = make_window()
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    campaign = window.library.list_campaigns()[0]
    window.page.select_campaign_filter(campaign.id)
    first = new_encounter(window, qtbot)
    first.push(AddParticipantEvent(participant=thugs(first.doc)))
    first.doc.save_as_template("Ambush at the Zeppelin Dock")
    first.push(AddAspectEvent(text="Fog on the Water"))
    first.push(StartEvent())
    window.page.select_campaign_filter(None)
    second = new_encounter(window, qtbot)
    second.push(AddAspectEvent(text="A Crowded Ballroom"))
    window.listing.refresh_encounters()
    window.page.select_encounter_ids([first.doc.record_id])
    window.activateWindow()
    image = window.grab()
    assert image.width() == 1280
    assert image.save(str(folder / "main-window-encounters.png"))
