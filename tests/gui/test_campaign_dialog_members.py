"""GUI tests: the campaign dialog changes only what the user changed (issue 23, "The campaign
dialog loses data"): OK with a finished SotC character ticked and the guest-star deal still on
"— choose —" cleared her Phase Four and Five novels and dropped her to In progress, unasked."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.dialogs.campaign import CampaignDialog, MemberChangesDialog

ROSA = uuid.UUID("5a3f0b9e-1c2d-4e5f-8a9b-000000000a03")


def tick(dialog: CampaignDialog, character_id: uuid.UUID) -> None:
    for row in range(dialog.members.count()):
        item = dialog.members.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == character_id:
            item.setCheckState(Qt.CheckState.Checked)
            return
    raise KeyError(character_id)


def new_sotc_campaign(window: Any) -> CampaignDialog:
    dialog = CampaignDialog(window, None, window.campaign_context(), system_id="sotc")
    dialog.name.setText("Rosa's Solo Run")
    return dialog


def test_ok_with_the_deal_untouched_keeps_her_novels_and_her_finished_state(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reproduction from the issue: a new campaign, Rosa (finished) ticked, the guest-star
    tab left on "— choose —", OK. Her Phase Four and Five novels stay, she stays valid."""
    window = make_window()
    before = window.library.get_character(ROSA).character
    assert before.phase(4).guest_star_in is not None
    assert window.library.character_summary(ROSA).valid
    told: list[list[str]] = []
    monkeypatch.setattr(
        MemberChangesDialog, "ask", classmethod(lambda cls, p, lines: told.append(lines) or True)
    )
    dialog = new_sotc_campaign(window)
    tick(dialog, ROSA)
    casting = dialog.extra_pages[0].casting
    assert casting.assignment[str(ROSA)].phase4 is None  # shown "— choose —": her authors left
    saved = dialog.save()
    assert saved is not None and saved.member_ids == (ROSA,)
    after = window.library.get_character(ROSA).character
    assert after.phase(4) == before.phase(4) and after.phase(5) == before.phase(5)
    assert after == before
    assert window.library.character_summary(ROSA).valid
    # What did change for her (she leaves the sample campaign) was said first.
    [lines] = told
    assert any("Thunder Atoll" in line and "Rosa" in line for line in lines)
    assert not any("Phase Four" in line or "Phase Five" in line for line in lines)


def test_a_changed_deal_is_said_first_and_cancel_changes_nothing(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    stored = {m: window.library.get_character(m) for m in campaign.member_ids}
    told: list[list[str]] = []
    monkeypatch.setattr(
        MemberChangesDialog, "ask", classmethod(lambda cls, p, lines: told.append(lines) or False)
    )
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    casting = dialog.extra_pages[0].casting
    first = casting.members[0].key
    casting.cast(first, 4, None)  # the user clears one novel
    assert dialog.save() is None  # the user said Cancel to the list of changes
    [lines] = told
    assert len(lines) == 1 and "Phase Four" in lines[0]
    for member_id, before in stored.items():
        now = window.library.get_character(member_id)
        assert now.character == before.character and now.version == before.version
    assert window.library.get_campaign(campaign.id).version == campaign.version


def test_nothing_changed_for_members_asks_nothing(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Renaming a campaign touches no member, so no question."""

    def unexpected(cls: Any, parent: Any, lines: list[str]) -> bool:
        raise AssertionError(f"asked about {lines}")

    monkeypatch.setattr(MemberChangesDialog, "ask", classmethod(unexpected))
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    stored = {m: window.library.get_character(m).version for m in campaign.member_ids}
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    dialog.name.setText("Renamed")
    assert dialog.save() is not None
    assert {m: window.library.get_character(m).version for m in campaign.member_ids} == stored


def test_screenshots_of_the_members_tab_and_the_question(
    make_window: Any, qtbot: Any, tmp_path: Any
) -> None:
    """Offscreen grabs (docs/screenshots with FATESMITH_SCREENSHOTS=1), looked at by eye."""
    import os
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = tmp_path
    window = make_window()
    dialog = new_sotc_campaign(window)
    qtbot.addWidget(dialog)
    tick(dialog, ROSA)
    dialog.pages.setCurrentWidget(dialog.members.parentWidget())
    dialog.show()
    qtbot.waitExposed(dialog)
    assert "5 characters of other game systems are not listed" in dialog.members_note.text()
    assert dialog.grab().save(str(folder / "campaign-members.png"))
    lines = dialog.member_changes()
    assert lines == [
        '"Kid" Rosa Delgado leaves \u201cThe Thunder Atoll Affair\u201d to join this campaign'
    ]
    box = MemberChangesDialog.box(dialog, [*lines, *casting_lines(window)])
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    assert box.grab().save(str(folder / "campaign-member-changes.png"))


def casting_lines(window: Any) -> list[str]:
    """What recasting the sample campaign's first member would write (for the picture)."""
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    casting = dialog.extra_pages[0].casting
    first = casting.members[0].key
    choice = casting.assignment[first]
    casting.cast(first, 4, choice.phase5)
    casting.cast(first, 5, choice.phase4)
    lines: list[str] = dialog.member_changes()
    assert len(lines) == 2 and "Phase Four guest star in" in lines[0]
    dialog.deleteLater()
    return lines
