"""New encounters get distinct, useful default names (issue #23, "Also seen": every new encounter
was called "New encounter")."""

from __future__ import annotations

from typing import Any

import pytest

from gui.dialogs.new_encounter import NewEncounterDialog
from tests.gui.test_choosing_systems import answer_new_encounter


def test_new_encounters_are_numbered_and_named_for_their_campaign(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    seen: list[NewEncounterDialog] = []

    def outside(dialog: NewEncounterDialog) -> None:
        dialog.campaign.setCurrentIndex(dialog.campaign.findText("No campaign"))

    answer_new_encounter(monkeypatch, outside, seen)
    names = []
    for _ in range(3):
        window.act.new_encounter.trigger()
        encounter = window.encounters.windows[-1]
        qtbot.addWidget(encounter)
        names.append(encounter.doc.state.name)
    stored = [r.name for r in window.library.list_encounters()]
    assert "New encounter" not in names
    assert len(set(names)) == 3 and all(stored.count(n) == 1 for n in names)
    assert all(n.startswith("Encounter ") for n in names)

    campaign = next(c for c in window.library.list_campaigns() if c.system == "sotc")

    def in_campaign(dialog: NewEncounterDialog) -> None:
        dialog.campaign.setCurrentIndex(dialog.campaign.findData(str(campaign.id)))
        assert dialog.name.text().startswith(campaign.name)  # the name follows the campaign
        dialog.campaign.setCurrentIndex(dialog.campaign.findText("No campaign"))
        assert dialog.name.text().startswith("Encounter ")
        dialog.campaign.setCurrentIndex(dialog.campaign.findData(str(campaign.id)))

    answer_new_encounter(monkeypatch, in_campaign, seen)
    window.act.new_encounter.trigger()
    first = window.encounters.windows[-1]
    qtbot.addWidget(first)
    window.act.new_encounter.trigger()
    second = window.encounters.windows[-1]
    qtbot.addWidget(second)
    assert first.doc.state.name.startswith(campaign.name)
    assert second.doc.state.name.startswith(campaign.name)
    assert first.doc.state.name != second.doc.state.name

    def typed(dialog: NewEncounterDialog) -> None:
        dialog.name.clear()
        qtbot.keyClicks(dialog.name, "Ambush at the Ford")  # typed: a campaign change keeps it
        dialog.campaign.setCurrentIndex(dialog.campaign.findText("No campaign"))
        assert dialog.name.text() == "Ambush at the Ford"
        dialog.name.clear()  # left blank: the suggestion, never "New encounter"

    answer_new_encounter(monkeypatch, typed, seen)
    window.act.new_encounter.trigger()
    blank = window.encounters.windows[-1]
    qtbot.addWidget(blank)
    assert blank.doc.state.name.startswith("Encounter ")
    assert blank.doc.state.name not in names
