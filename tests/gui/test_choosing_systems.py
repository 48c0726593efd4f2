"""GUI tests: campaigns, encounters and characters get the game system the user chooses when they
are made (issue 23, "Choosing the system, everywhere"): "New campaign..." and "New encounter"
always made SotC ones, the library's campaign filter silently decided an encounter's system,
and File > New (Ctrl+N) made a SotC character without asking."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gui.dialogs.campaign import CampaignDialog
from gui.dialogs.choose import SystemChoiceDialog
from gui.dialogs.new_encounter import NewEncounterDialog

SYSTEMS = ["sotc", "strange-fate", "fate2", "art"]


def words_of(window: Any) -> str:
    """Every label, button and choice a window shows, as one text."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel

    out = [w.text() for w in window.findChildren(QLabel)]
    out += [w.text() for w in window.findChildren(QAbstractButton)]
    for box in window.findChildren(QComboBox):
        out += [box.itemText(i) for i in range(box.count())]
    return "\n".join(out)


def shots(tmp_path: Path) -> Path:
    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    return folder if os.environ.get("FATESMITH_SCREENSHOTS") == "1" else tmp_path


def listed_members(dialog: CampaignDialog) -> list[str]:
    return [dialog.members.item(r).text() for r in range(dialog.members.count())]


def test_new_campaign_asks_for_the_system_and_offers_only_its_characters(
    make_window: Any, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window()
    dialog = CampaignDialog(window, None, window.campaign_context())
    qtbot.addWidget(dialog)
    box = dialog.system_box
    assert [box.itemData(i) for i in range(box.count())] == SYSTEMS
    assert box.isEnabled() and box.currentData() == "sotc"  # nothing chosen before: the first
    sotc_members = listed_members(dialog)
    assert sotc_members and "only Spirit of the Century characters" in dialog.members_note.text()

    box.setCurrentIndex(box.findData("fate2"))
    assert dialog.system_id() == "fate2"
    tabs = [dialog.pages.tabText(i) for i in range(dialog.pages.count())]
    assert "Guest stars" not in tabs and "Characters" in tabs  # SotC's own page went with it
    fate2_names = {s.name for s in window.library.list_characters() if s.system == "fate2"}
    assert {n.split("  (in ")[0] for n in listed_members(dialog)} == fate2_names
    others = len(window.library.list_characters()) - len(fate2_names)
    note = dialog.members_note.text()
    assert "only FATE 2.0 (Fantastic Adventures) characters can join" in note
    assert f"{others} characters of other game systems are not listed" in note
    dialog.name.setText("Lanterns over Kessel")
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.grab().save(str(shots(tmp_path) / "campaign-new-system.png"))
    saved = dialog.save()
    assert saved is not None and saved.system == "fate2"
    assert window.library.get_campaign(saved.id).system == "fate2"
    assert window.settings.last_system == "fate2"

    again = CampaignDialog(window, None, window.campaign_context())
    qtbot.addWidget(again)
    assert again.system_box.currentData() == "fate2"  # the last choice is offered first
    editing = CampaignDialog(window, saved.id, window.campaign_context())
    qtbot.addWidget(editing)
    assert not editing.system_box.isEnabled() and editing.system_box.currentData() == "fate2"


def answer_new_encounter(
    monkeypatch: pytest.MonkeyPatch, pick: Any, seen: list[NewEncounterDialog]
) -> None:
    """Answer "New encounter" through the real dialog: ``pick(dialog)`` sets its widgets."""

    def ask(cls: Any, parent: Any, options: Any) -> Any:
        dialog = cls(options, parent)
        seen.append(dialog)
        pick(dialog)
        return dialog.choice()

    monkeypatch.setattr(NewEncounterDialog, "ask", classmethod(ask))


def test_new_encounter_asks_for_the_system_outside_a_campaign(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    window = make_window()
    seen: list[NewEncounterDialog] = []

    def pick(dialog: NewEncounterDialog) -> None:
        assert dialog.campaign.currentText() == "No campaign"
        assert [dialog.system.itemData(i) for i in range(dialog.system.count())] == SYSTEMS
        assert dialog.system.isEnabled()
        dialog.system.setCurrentIndex(dialog.system.findData("art"))
        dialog.name.setText("Ambush at the Ford")
        assert "ART Engine" in dialog.hint.text()

    answer_new_encounter(monkeypatch, pick, seen)
    window.act.new_encounter.trigger()
    encounter = window.encounters.windows[-1]
    qtbot.addWidget(encounter)
    assert encounter.doc.state.system == "art" and encounter.doc.campaign_id is None
    assert encounter.doc.state.name == "Ambush at the Ford"
    assert window.settings.last_system == "art"
    assert window.library.get_encounter(encounter.doc.record_id).payload["state"]["system"] == "art"
    # SotC's "SotC book / How To Do Things" switch is SotC's alone.
    assert "How To Do Things" not in words_of(encounter)
    dialog = seen[0]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.grab().save(str(shots(tmp_path) / "encounter-new.png"))


def test_a_campaign_fixes_its_encounters_system_and_the_filter_is_only_a_first_offer(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.settings.last_system = "strange-fate"
    campaign = next(c for c in window.library.list_campaigns() if c.system == "sotc")
    window.page.select_campaign_filter(campaign.id)
    seen: list[NewEncounterDialog] = []

    def pick(dialog: NewEncounterDialog) -> None:
        # The filter's campaign is offered, in sight; its system is fixed.
        assert dialog.campaign.currentText().startswith(campaign.name)
        assert dialog.system.currentData() == "sotc" and not dialog.system.isEnabled()
        assert campaign.name in dialog.hint.text()
        # Outside the campaign, the system is free again (the one chosen last is offered).
        dialog.campaign.setCurrentIndex(dialog.campaign.findText("No campaign"))
        assert dialog.system.isEnabled() and dialog.system.currentData() == "strange-fate"

    answer_new_encounter(monkeypatch, pick, seen)
    window.act.new_encounter.trigger()
    encounter = window.encounters.windows[-1]
    qtbot.addWidget(encounter)
    assert encounter.doc.state.system == "strange-fate" and encounter.doc.campaign_id is None
    assert "How To Do Things" not in words_of(encounter)

    def in_campaign(dialog: NewEncounterDialog) -> None:
        assert dialog.campaign.currentText().startswith(campaign.name)

    answer_new_encounter(monkeypatch, in_campaign, seen)
    window.act.new_encounter.trigger()
    sotc = window.encounters.windows[-1]
    qtbot.addWidget(sotc)
    assert sotc.doc.state.system == "sotc" and sotc.doc.campaign_id == campaign.id
    assert "How To Do Things" in words_of(sotc)


def test_new_asks_which_system_and_enter_takes_the_one_chosen_last(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    window = make_window()
    assert window.act.new.text() == "&New Character\u2026"
    dialogs: list[SystemChoiceDialog] = []

    def ask(cls: Any, parent: Any, title: str, question: str, systems: Any, last: str) -> Any:
        dialog = cls(title, question, systems, last, parent)
        qtbot.addWidget(dialog)
        dialogs.append(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        if len(dialogs) == 1:
            assert dialog.grab().save(str(shots(tmp_path) / "new-character-system.png"))
            assert dialog.value() == "sotc"  # nothing chosen before: the first
            qtbot.keyClick(dialog.list, Qt.Key.Key_Down)
            qtbot.keyClick(dialog.list, Qt.Key.Key_Down)  # FATE 2.0
        qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
        assert dialog.result() == QDialog.DialogCode.Accepted
        return dialog.value()

    monkeypatch.setattr(SystemChoiceDialog, "ask", classmethod(ask))
    window.act.new.trigger()
    assert window.documents.current().document.character.system == "fate2"
    assert window.settings.last_system == "fate2"
    window.act.new.trigger()  # Enter at once: the remembered system
    assert dialogs[1].value() == "fate2"
    assert window.documents.current().document.character.system == "fate2"
    assert window.tabs.count() == 3

    def cancel(cls: Any, *args: Any) -> Any:
        return None

    monkeypatch.setattr(SystemChoiceDialog, "ask", classmethod(cancel))
    window.act.new.trigger()
    assert window.tabs.count() == 3  # cancelled: nothing made


def test_every_sample_encounter_opens_ready_to_play(make_window: Any, qtbot: Any) -> None:
    """A new library's ready encounters (one a system, issue 23) open with their cast."""
    window = make_window()
    model = window.page.encounter_model
    assert model.rowCount() == 4
    systems = set()
    for record in window.library.list_encounters():
        assert not record.problem
        opened = window.encounters.open_encounter(record.id)
        assert opened is not None
        qtbot.addWidget(opened)
        state = opened.doc.state
        systems.add(state.system)
        assert len(state.participants) >= 3 and opened.doc.campaign_id == record.campaign_id
        assert not opened.doc.log  # nothing played yet
    assert systems == set(SYSTEMS)
