"""GUI tests: the campaign dialog hosts the guest-star deal (SotC "Phase Four: Guest Star",
"Phase Five: Guest Star Redux") and writes each member's novels into phases four and five."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from gui.dialogs.campaign import CampaignDialog, MemberChangesDialog
from gui.dialogs.confirm import SaveChangesDialog
from rules.systems.sotc.group import check_assignment
from rules.validation import has_errors


def swap_phases(casting: Any) -> None:
    """Recast every member: Phase Four's novel and Phase Five's trade places (a deal that
    still holds, and differs from the one stored)."""
    for key, choice in casting.assignment.items():
        casting.cast(key, 4, choice.phase5)
        casting.cast(key, 5, choice.phase4)


def test_dealing_guest_stars_writes_phases_four_and_five(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[list[str]] = []
    monkeypatch.setattr(
        MemberChangesDialog, "ask", classmethod(lambda cls, p, lines: told.append(lines) or True)
    )
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    assert len(dialog.member_ids()) == len(campaign.member_ids) == 3
    swap_phases(dialog.extra_pages[0].casting)
    assert not has_errors(
        check_assignment(
            dialog.extra_pages[0].casting.members, dialog.extra_pages[0].casting.assignment
        )
    )
    dialog.name.setText("Renamed Affair")
    saved = dialog.save()
    assert saved is not None and saved.name == "Renamed Affair"
    assert len(told) == 1 and len(told[0]) == 6  # three members, two phases each
    for key, casting in dialog.extra_pages[0].casting.assignment.items():
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
    tab = window.characters.open_character(first)
    before = tab.document.character
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    swap_phases(dialog.extra_pages[0].casting)
    monkeypatch.setattr(MemberChangesDialog, "ask", classmethod(lambda cls, p, lines: True))
    assert dialog.save() is not None
    assert tab.document.character.phase(4).guest_star_in is not None
    assert not tab.document.undo_stack.isClean()
    while tab.document.undo_stack.canUndo():
        tab.document.undo_stack.undo()
    assert tab.document.character == before
    monkeypatch.setattr(SaveChangesDialog, "ask", classmethod(lambda cls, p, n: "discard"))


def test_new_campaign_with_members_shows_in_the_library(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[list[str]] = []
    monkeypatch.setattr(
        MemberChangesDialog, "ask", classmethod(lambda cls, p, lines: told.append(lines) or True)
    )
    window = make_window()
    dialog = CampaignDialog(window, None, window.campaign_context(), system_id="sotc")
    dialog.name.setText("Second Campaign")
    dialog.members.item(0).setCheckState(dialog.members.item(0).checkState().Checked)
    assert len(dialog.extra_pages[0].casting.members) == 1
    assert dialog.save() is not None
    assert [len(lines) for lines in told] == [1]  # she leaves the sample campaign, said first
    window.listing.refresh_library()
    assert window.page.campaign_model.rowCount() == 5  # the four samples' and this one
    assert window.page.campaign_filter.findText("Second Campaign") > 0


def test_house_rules_tab_shows_every_campaign_switch_with_its_book_section(
    make_window: Any,
) -> None:
    """Every SotcSettings field has a control whose tooltip names where the rule comes from."""
    from gui.systems.sotc.settings_page import RULE_TIPS
    from rules.systems.sotc.settings import SotcSettings

    window = make_window()
    dialog = CampaignDialog(
        window, window.library.list_campaigns()[0].id, window.campaign_context()
    )
    page = dialog.settings_page
    controls = {
        "weirdness": page.weirdness, "stress_boxes": page.stress,
        "companions_have_stress": page.companions, "rotating_initiative": page.rotating,
        "grit": page.grit, "fate_point_bonus": page.fate_bonus,
        "escalating_compels": page.escalating, "universal_gadget_lasts": page.gadget_lasts,
        "renamed_skills": page.skills, "removed_skills": page.skills,
    }  # fmt: skip
    assert set(controls) == set(SotcSettings.model_fields)
    for field, control in controls.items():
        tip = control.toolTip()
        assert tip in RULE_TIPS.values(), field
        assert "SotC," in tip or "How To Do Things" in tip, field
    assert dialog.settings_page.skills.rowCount() == 28  # SotC, Skills: the book's list
    assert dialog.pages.tabText(1) == "House rules"


def set_skill(dialog: Any, book: str, *, name: str | None = None, used: bool = True) -> None:
    from PySide6.QtCore import Qt

    for row in range(dialog.settings_page.skills.rowCount()):
        if dialog.settings_page.skills.item(row, 0).text() == book:
            state = Qt.CheckState.Checked if used else Qt.CheckState.Unchecked
            dialog.settings_page.skills.item(row, 0).setCheckState(state)
            if name is not None:
                dialog.settings_page.skills.item(row, 1).setText(name)
            return
    raise KeyError(book)


def test_house_rules_are_saved_with_the_campaign(make_window: Any) -> None:
    """SotC Guns renamed Bows (Guns), Mysteries dropped (Mysteries; Setting Decisions), and the
    optional rules switched (Escalation, Optional Rule: Grit, An Alternative to Skills)."""
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    set_skill(dialog, "Guns", name="Bows")
    set_skill(dialog, "Mysteries", used=False)
    dialog.settings_page.weirdness.setCurrentIndex(
        dialog.settings_page.weirdness.findData("outside-your-window")
    )
    dialog.settings_page.stress.setValue(3)
    dialog.settings_page.companions.setChecked(True)
    dialog.settings_page.rotating.setChecked(True)
    dialog.settings_page.grit.setChecked(False)
    dialog.settings_page.fate_bonus.setChecked(False)
    dialog.settings_page.escalating.setChecked(True)
    dialog.settings_page.gadget_lasts.setCurrentIndex(
        dialog.settings_page.gadget_lasts.findData("adventure")
    )
    assert dialog.save() is not None
    stored = window.library.get_campaign(campaign.id)
    rules = window.registry.get(stored.system).parse_settings(stored.settings)
    assert rules.renamed_skills == {"Guns": "Bows"}
    assert rules.removed_skills == ("Mysteries",)
    assert (rules.weirdness, rules.stress_boxes, rules.universal_gadget_lasts) == (
        "outside-your-window", 3, "adventure",
    )  # fmt: skip
    assert rules.companions_have_stress and rules.rotating_initiative and rules.escalating_compels
    assert not rules.grit and not rules.fate_point_bonus
    reopened = CampaignDialog(window, campaign.id, window.campaign_context())
    assert reopened.settings_page.skill_changes() == ({"Guns": "Bows"}, ("Mysteries",))
    assert (
        reopened.settings_page.rotating.isChecked()
        and not reopened.settings_page.fate_bonus.isChecked()
    )


def test_two_skills_with_one_name_are_refused(
    make_window: Any, guard_dialogs: list[tuple[str, str]]
) -> None:
    window = make_window()
    dialog = CampaignDialog(
        window, window.library.list_campaigns()[0].id, window.campaign_context()
    )
    set_skill(dialog, "Guns", name="fists")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert guard_dialogs and guard_dialogs[-1][0] == "Skill names clash"
    assert "Fists" in guard_dialogs[-1][1] and dialog.pages.currentIndex() == 1


def test_screenshot_of_the_house_rules(
    make_window: Any, qtbot: Any, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    """Offscreen grab; with FATESMITH_SCREENSHOTS=1 it goes to docs/screenshots."""
    import os
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from gui.theme import apply_theme
    from tests.gui.conftest import screenshot_theme

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = tmp_path
    app = QApplication.instance()
    saved = (app.style().name(), app.palette())
    apply_theme(app, screenshot_theme())
    request.addfinalizer(lambda: (app.setStyle(saved[0]), app.setPalette(saved[1])))
    window = make_window()
    dialog = CampaignDialog(
        window, window.library.list_campaigns()[0].id, window.campaign_context()
    )
    qtbot.addWidget(dialog)
    set_skill(dialog, "Guns", name="Bows")
    set_skill(dialog, "Mysteries", used=False)
    dialog.pages.setCurrentIndex(1)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.grab().save(str(folder / "campaign-house-rules.png"))


def novel_titles(novels: list[Any]) -> list[str]:
    return [n.title for n in novels]


def novels(window: Any) -> Any:
    """The window's SotC novels reader (gui.systems.sotc.novels.CampaignNovels)."""
    return window.uis.get("sotc").novels(window.workspace)


def test_guest_star_novels_come_from_the_index_without_parsing_the_library(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SotC "Phase Four: Guest Star": the novels of the other characters, answered cheaply."""
    from gui.systems.sotc.commands import EditTextCommand

    window = make_window()
    qtbot.waitUntil(lambda: novels(window).index is not None, timeout=20_000)
    asked: list[Any] = []
    real_payloads = window.library.payloads
    monkeypatch.setattr(
        window.library, "payloads", lambda ids=None: asked.append(ids) or real_payloads(ids)
    )
    tab = window.characters.new_character()
    assert tab is not None and tab.document.campaign_id is None
    stored = [
        window.library.get_character(s.id).character
        for s in window.page.model.rows()
        if s.system == "sotc"  # the other systems' samples write no novels
    ]
    # The samples whose Phase Three names a novel (Tobias Wren's is still unwritten).
    written = {c.id for c in stored if c.phase(3).novel_title}
    everyone = novels(window).novels_for(tab.document)
    assert {n.character_id for n in everyone} == written and len(written) == 3
    assert asked == []  # no stored document read
    member = window.characters.open_character(sorted(written)[0])
    assert member is not None
    others = novels(window).novels_for(member.document)
    assert {n.character_id for n in others} == written - {member.document.character.id}
    assert asked == []

    # A new novel is in the index as soon as it is saved.
    tab.document.undo_stack.push(EditTextCommand(tab.document, "name", "Ada Thorne"))
    tab.document.undo_stack.push(
        EditTextCommand(tab.document, "phases[2].novel_title", "Ada and the Iron Comet")
    )
    assert window.characters.save_document(tab.document)
    other = window.characters.new_character()
    assert other is not None
    assert "Ada and the Iron Comet" in novel_titles(novels(window).novels_for(other.document))
    assert "Ada and the Iron Comet" not in novel_titles(novels(window).novels_for(member.document))
    assert asked == []  # a campaign's members only; the index was updated, not rebuilt


def test_before_the_index_is_built_only_sotc_documents_are_read(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    novels(window)
    window.workers.wait()
    novels(window).index = None  # as while the worker is still building it
    asked: list[Any] = []
    real_payloads = window.library.payloads
    monkeypatch.setattr(
        window.library, "payloads", lambda ids=None: asked.append(ids) or real_payloads(ids)
    )
    campaign = window.library.list_campaigns()[0]
    member = window.characters.open_character(campaign.member_ids[1])
    assert member is not None
    found = novels(window).novels_for(member.document)
    [ids] = asked
    assert ids is not None and set(ids) == set(campaign.member_ids) - {campaign.member_ids[1]}
    assert 1 <= len(found) <= 3 and member.document.character.id not in {
        n.character_id for n in found
    }


def test_the_sample_campaign_opens_without_problems(make_window: Any) -> None:
    """Issue 14: the sample campaign opened with four casting problems: two novels with two
    guest stars in one phase (each gets exactly one, SotC "Phase Four: Guest Star") and an
    unfinished member with no novel to be cast in. The casting now deals every novel once a
    phase, and the unfinished mechanic waits in the library outside the campaign."""
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    casting = dialog.extra_pages[0].casting
    assert casting.problems == ()
    assert check_assignment(casting.members, casting.assignment) == ()
    assert "casting works" in casting.headline.text()
