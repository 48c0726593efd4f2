"""GUI tests: the campaign dialog hosts the guest-star deal (SotC "Phase Four: Guest Star",
"Phase Five: Guest Star Redux") and writes each member's novels into phases four and five."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from gui.dialogs.campaign import CampaignDialog
from gui.dialogs.confirm import SaveChangesDialog
from rules.systems.sotc_group import check_assignment
from rules.validation import has_errors


def test_dealing_guest_stars_writes_phases_four_and_five(make_window: Any) -> None:
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id)
    assert len(dialog.member_ids()) == len(campaign.member_ids) == 4
    dialog.casting.deal()
    assert not has_errors(check_assignment(dialog.casting.members, dialog.casting.assignment))
    dialog.name.setText("Renamed Affair")
    saved = dialog.save()
    assert saved is not None and saved.name == "Renamed Affair"
    for key, casting in dialog.casting.assignment.items():
        character = window.library.get_character(uuid.UUID(key)).character
        assert str(character.phase(4).guest_star_in.character_id) == casting.phase4
        assert str(character.phase(5).guest_star_in.character_id) == casting.phase5
        assert character.phase(4).guest_star_in.character_id != character.id


def test_open_members_get_an_undoable_change_instead(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    first = campaign.member_ids[0]
    tab = window.open_character(first)
    before = tab.document.character
    dialog = CampaignDialog(window, campaign.id)
    dialog.casting.deal()
    assert dialog.save() is not None
    assert tab.document.character.phase(4).guest_star_in is not None
    assert not tab.document.undo_stack.isClean()
    while tab.document.undo_stack.canUndo():
        tab.document.undo_stack.undo()
    assert tab.document.character == before
    monkeypatch.setattr(SaveChangesDialog, "ask", classmethod(lambda cls, p, n: "discard"))


def test_new_campaign_with_members_shows_in_the_library(make_window: Any) -> None:
    window = make_window()
    dialog = CampaignDialog(window, None)
    dialog.name.setText("Second Campaign")
    dialog.members.item(0).setCheckState(dialog.members.item(0).checkState().Checked)
    assert len(dialog.casting.members) == 1
    assert dialog.save() is not None
    window.refresh_library()
    assert window.page.campaign_model.rowCount() == 2
    assert window.page.campaign_filter.findText("Second Campaign") > 0
