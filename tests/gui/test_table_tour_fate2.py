"""GUI table tour, FATE 2.0 (issue 23): the real main window, its real dialogs and the real
encounter window, through a FATE 2.0 campaign's whole table flow.

A new FATE 2.0 campaign; Sybil of the book's "Sample Creation" (2. Character Creation, "Looking
at the Pyramid"), her skills renamed to the book's own list (§10 Skill Lists: Cutthroat for her
Knife), built phase by phase on the builder's grid; saved, reopened and printed; then a new
encounter of the campaign with her from the library and a named NPC, two exchanges played and
a third begun (Clipped over, Hurt still on).

The numbers follow the book (digest fate2.md): the ladder (§1: Average 0, Fair +1, Good +2,
Great +3), an unbought skill at Mediocre (§2 Buying Skills), the combat outcomes by margin of
success (§8 Table 1: 1 Clipped, 2-4 Hurt, 5-6 Injured, 7+ Taken Out), the wound track (§8
Table 2, the campaign's 3/3/2 boxes: a result marks a box of its own row), Clipped as -1 to
the next exchange and Hurt as -1 to every action for the scene (§8 Exchange Based Fights,
Injuries and Advantages) and the dice (§1: 4dF).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.encounter.prompts import NpcPrompt
from rules.validation import Severity
from tests.gui import table_tour as tour
from tests.gui.test_fate2_builder import edit_cell, tick

PHASES = (
    ("Herbalist", ("Cutthroat", "Healing", "Lore", "Alertness")),
    ("Gypsy", ("Cutthroat", "Bluff", "Pickpocket", "Healing")),
    ("Gypsy", ("Cutthroat", "Bluff", "Sneak", "Hide")),
    ("Guild Thief", ("Lockpicking", "Pickpocket", "Bluff", "Hide")),
    ("Hunted", ("Cutthroat", "Hide", "Alertness", "Streetwise")),
)
SKILLS = {
    "Cutthroat": 3, "Bluff": 2, "Hide": 2, "Healing": 1, "Pickpocket": 1, "Alertness": 1,
    "Lore": 0, "Sneak": 0, "Lockpicking": 0, "Streetwise": 0,
}  # fmt: skip


def test_fate2_table_tour(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    qtmodeltester: Any,
) -> None:  # fmt: skip
    """Campaign, character, save, reopen, print, encounter, two exchanges (seed 5).

    The NPC, a Watch Sergeant: Footman +2 (Good), Alertness +1. Both have eight wound boxes
    (the campaign's 3 Clipped, 3 Hurt, 2 Injured). Each side's combat skill is both its attack
    and its defence (§8 Exchange Based Fights: both roll their combat skill).
    """
    window = tour.real_editor_window(make_window)
    campaign = tour.new_campaign(window, monkeypatch, "fate2", "Lanterns over Kessel")

    # -- a character through the creation pages ------------------------------------------------
    tab = tour.new_character(window, qtbot, monkeypatch, "fate2")
    view = tab.editor
    concept = view.pages["concept"]
    tour.type_into(qtbot, concept._fields["name"], "Sybil")
    tour.type_into(qtbot, concept._fields["player"], "Jo")
    view.show_step("phases")
    page = view.pages["phases"]
    for phase, (aspect, skills) in enumerate(PHASES):
        qtbot.mouseClick(page.add_phase, Qt.MouseButton.LeftButton)
        edit_cell(qtbot, page, ("field", "aspects"), phase, aspect)
        for skill in skills:
            tick(qtbot, page, skill, phase)
    document = tab.document
    assert [p.code for p in document.problems if p.severity is Severity.ERROR] == []
    assert document.character.skills == SKILLS
    assert "\u2713 Complete" in view.validation_panel.headline.text()
    qtmodeltester.check(page.model)

    # -- saved, reopened, printed ---------------------------------------------------------------
    tab = tour.save_and_reopen(window, qtbot)
    sybil = tab.document.character
    assert sybil.name == "Sybil" and sybil.player == "Jo" and sybil.skills == SKILLS
    assert {a.name: a.level for a in sybil.aspects} == {
        "Herbalist": 1, "Gypsy": 2, "Guild Thief": 1, "Hunted": 1,
    }  # fmt: skip
    text = " ".join(tour.print_pdf_text(window, qtbot, monkeypatch, tmp_path / "s.pdf").split())
    for words in ("Sybil", "FATE 2.0", "Cutthroat", "Wounds", "Clipped", "Hurt", "Injured",
                  "Taken Out (7+)", "Gypsy \u2014 Good (+2)", "Herbalist \u2014 Fair (+1)",
                  "20 ranks from the phases, 20 ranks on skills, 0 unspent",
                  "Skills: Cutthroat +1, Healing +1, Lore +1, Alertness +1."):  # fmt: skip
        assert words in text, words

    # -- a new encounter of the campaign: Sybil from the library and a named NPC ---------------
    encounter = tour.new_encounter(window, qtbot, monkeypatch, campaign, "Alley off the Docks", 5)
    offered = tour.add_from_library(encounter, monkeypatch, "Sybil")
    fate2_count = sum(s.system == "fate2" for s in window.library.list_characters())
    assert "Sybil (Jo)" in offered and len(offered) == fate2_count

    def fill_npc(dialog: Any) -> None:
        tour.type_into(qtbot, dialog.name, "Watch Sergeant")
        tour.type_into(qtbot, dialog.skills, "Footman 2, Alertness 1")
        assert dialog.preview.text() == "Wounds 8 boxes"

    tour.answer_exec(monkeypatch, NpcPrompt, fill_npc)
    encounter.actions_by_name["add_npc"].trigger()
    her, sergeant = encounter.doc.state.participants
    assert (her.kind, her.side, sergeant.kind) == ("pc", "players", "npc")
    assert her.skills["Cutthroat"] == 3 and her.skills["Footman"] == -1  # unbought: Mediocre
    assert her.track("wounds") == sergeant.track("wounds") == (0,) * 8
    encounter.actions_by_name["start"].trigger()
    qtmodeltester.check(encounter.model)
    assert tour.log_lines(encounter)[-1].endswith(
        "Exchange 1 begins. Initiative: Sybil (+1), Watch Sergeant (+1)"
    )

    # -- exchange 1 ----------------------------------------------------------------------------
    # Sybil: Cutthroat +3, +2 on the dice = 5, against Footman +2, +4 = 6: no wound.
    event = tour.attack(encounter, her.id, "Cutthroat", sergeant.id, "Footman")
    assert (sum(event.dice), sum(event.defense_dice)) == (2, 4)
    assert encounter.doc.state.pending_hit is None
    assert tour.log_lines(encounter)[-1].endswith("= +6; no wound")
    encounter.actions_by_name["next_turn"].trigger()
    # The Sergeant: +2 -1 = 1 against +3 -3 = 0: MoS 1, Clipped: the first Clipped box.
    event = tour.attack(encounter, sergeant.id, "Footman", her.id, "Cutthroat")
    assert (sum(event.dice), sum(event.defense_dice)) == (-1, -3)
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (her.id, 1, 0)
    assert encounter.scene.pending.text().startswith(
        "Sybil must absorb a Clipped result (MoS 1): box 1"
    )
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(her.id).track("wounds") == (1, 0, 0, 0, 0, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert (
        tour.log_lines(encounter)[-1] == "8. Exchange 2 begins; Sybil is Clipped: -1 this exchange"
    )

    # -- exchange 2 ----------------------------------------------------------------------------
    # Sybil, Clipped: +3 +0 -1 = 2 against +2 -2 = 0: MoS 2, Hurt: the first Hurt box (4).
    event = tour.attack(encounter, her.id, "Cutthroat", sergeant.id, "Footman")
    assert (sum(event.dice), sum(event.defense_dice)) == (0, -2)
    assert "(-1 wound penalty: Clipped)" in tour.log_lines(encounter)[-1]
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (sergeant.id, 2, 3)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(sergeant.id).track("wounds") == (0, 0, 0, 2, 0, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    # The Sergeant, Hurt: +2 +0 -1 = 1 against Sybil, still Clipped this exchange: +3 -3 -1 =
    # -1: MoS 2, Hurt.
    event = tour.attack(encounter, sergeant.id, "Footman", her.id, "Cutthroat")
    assert (sum(event.dice), sum(event.defense_dice)) == (0, -3)
    assert "(-1 wound penalty: Hurt)" in tour.log_lines(encounter)[-1]
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (her.id, 2, 3)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(her.id).track("wounds") == (1, 0, 0, 2, 0, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Exchange 3 begins")
    qtmodeltester.check(encounter.model)
    # Nobody is taken out: the table's last wound box reads empty.
    wounds = encounter.model.column_index["wounds"]
    for row in range(2):
        shown = encounter.model.index(row, wounds).data()
        assert shown.endswith("Out \u2610"), shown
    stored = window.library.get_encounter(encounter.doc.record_id)
    assert stored.campaign_id == campaign.id and stored.payload["state"]["exchange"] == 3

    # Exchange 3: Clipped is over (it was -1 on the next exchange only), Hurt stays for the
    # scene: Sybil +3 +1 -1 = 3 against the Hurt Sergeant's +2 -4 -1 = -3: MoS 6, Injured,
    # the first Injured box (7).
    event = tour.attack(encounter, her.id, "Cutthroat", sergeant.id, "Footman")
    assert (sum(event.dice), sum(event.defense_dice)) == (1, -4)
    line = tour.log_lines(encounter)[-1]
    assert "Sybil Cutthroat +3 [-++0] -1 = +3 (-1 wound penalty: Hurt) vs" in line
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (sergeant.id, 6, 6)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(sergeant.id).track("wounds") == (0, 0, 0, 2, 0, 0, 3, 0)

    # Encounter > Write results: the stored record and its open tab take the harm.
    tour.write_results(encounter)
    stored_pc = window.library.get_character(sybil.id).character
    # Clipped and Hurt last the scene; only Injured boxes stay on the character (§8
    # Injuries and Advantages).
    assert stored_pc.injured == 0 and stored_pc.fate_points == 3
    assert tab.document.character == stored_pc

    # -- pictures to look at --------------------------------------------------------------------
    tour.grab(encounter, "fate2-encounter")
    window.show()
    for step in view.step_keys:
        tab.editor.show_step(step)
        tour.grab(window, f"fate2-creation-{step}")
