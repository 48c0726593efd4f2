"""GUI table tour, Spirit of the Century (issue 23): the real main window, its real dialogs and the
real encounter window, through a SotC campaign's whole table flow.

A new SotC campaign; Ada Thorne built through the creation pages (SotC "Character Creation":
concept and name, five phases of two aspects each, the skill pyramid, five stunts); saved,
reopened and printed; then a new encounter of the campaign with Ada from the library and a named
NPC, two exchanges of attacks played.

The numbers follow the SRD (digest sotc.md): "Attacks" (L1237-L1244: the attack's effort against
the defence's; the difference is the shifts), "Stress" (L1332-L1348: a hit of N shifts checks
box N), "Consequences" (L1350-L1362: a consequence absorbs the whole hit, the first is mild),
"Initiative" (L1205-L1223: Alertness orders the exchange) and the dice (L223-L237: 4dF).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.encounter.prompts import NpcPrompt, TextPrompt
from rules.validation import has_errors
from tests.gui import table_tour as tour

PHASES = [
    ("Grew up on a Yorkshire airfield.", ("Oil in My Veins", "Stubborn as a Mule")),
    ("Ferried planes across the Channel.", ("Never Left Behind", "Owes the RAF")),
    ("Races a rival across the Sahara.", ("Dunes Are Just Slow Clouds", "A Rival in Every Port")),
    ("Flew the getaway plane.", ("Steady Hands at Night", "Friends in the Legion")),
    ("Mapped the storm.", ("I've Seen Worse Weather", "The Sky Remembers")),
]
PYRAMID_KEYS = {
    Qt.Key.Key_5: ["Athletics"],
    Qt.Key.Key_4: ["Alertness", "Pilot"],
    Qt.Key.Key_3: ["Endurance", "Resolve", "Guns"],
    Qt.Key.Key_2: ["Engineering", "Empathy", "Investigation", "Academics"],
    Qt.Key.Key_1: ["Rapport", "Stealth", "Science", "Drive", "Fists"],
}
STUNTS = ["Linguist", "Gift of Tongues", "Danger Sense", "Mighty Leap", "Walking Library"]


def build_ada(qtbot: Any, editor: Any) -> None:
    """Concept, five phases, the pyramid by keyboard and five stunts, on the real pages."""
    concept = editor.pages["concept"]
    tour.type_into(qtbot, concept.concept_edit, "Aviatrix with a scandalous past")
    tour.type_into(qtbot, concept.name_edit, "Ada Thorne")
    tour.type_into(qtbot, concept.player_edit, "Robin")
    for number, (events, aspects) in enumerate(PHASES, start=1):
        editor.show_step(f"phase{number}")
        page = editor.pages[f"phase{number}"]
        if number == 3:
            tour.type_into(qtbot, page.title_edit, "Ada Thorne and the Sand Engine!")
        if number in (4, 5):
            page.novel_box.setFocus()
            for _ in range(number - 3):
                qtbot.keyClick(page.novel_box, Qt.Key.Key_Down)
        tour.type_into(qtbot, page.events_edit, events)
        if number == 2:
            tour.type_into(qtbot, page.mentor_edit, "Major Huw Pryce")
            tour.type_into(qtbot, page.fate_edit, "Retired to run a pub.")
        for edit, aspect in zip(page.aspect_edits, aspects, strict=True):
            tour.type_into(qtbot, edit, aspect)
    editor.show_step("skills")
    pyramid = editor.pages["skills"].pyramid
    for key, names in PYRAMID_KEYS.items():
        for name in names:
            pyramid.select_skill(name)
            qtbot.keyClick(pyramid.skill_view, key)
    editor.show_step("stunts")
    picker = editor.pages["stunts"].picker
    for name in STUNTS:
        tour.type_into(qtbot, picker.search_edit, name)
        picker.select_stunt(name)
        qtbot.keyClick(picker.tree, Qt.Key.Key_Return)
        picker.search_edit.clear()


def test_sotc_table_tour(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    qtmodeltester: Any, sotc: Any,
) -> None:  # fmt: skip
    """Campaign, character, save, reopen, print, encounter, two exchanges (SotC, seed 98).

    The NPC: Weapons Good (+3), Athletics Fair, Alertness and Endurance Average: Health 5 + 1
    for Average Endurance = 6, Composure 5 ("Stress", digest 2.6); Ada's Good Endurance and
    Resolve give 7 each. Alertness orders the exchange: Ada (+4) before the Baron (+1).
    Ada's best attack is Guns (+3), against the Baron's best defence, Weapons (+3); the
    Baron's Weapons (+3) meets Ada's Athletics (+5) ("Attacks": Guns, Fists, Weapons attack;
    Athletics, Fists, Weapons defend).
    """
    window = tour.real_editor_window(make_window)
    campaign = tour.new_campaign(window, monkeypatch, "sotc", "The Century Tour")

    # -- a character through the creation pages ------------------------------------------------
    tab = tour.new_character(window, qtbot, monkeypatch, "sotc")
    editor = tab.editor
    build_ada(qtbot, editor)
    problems = sotc.validate(tab.document.character)
    assert not has_errors(problems), [p.message for p in problems]
    assert editor.first_incomplete_step() == "review"
    assert "Complete" in editor.validation_panel.headline.text()
    qtmodeltester.check(editor.validation_panel.model)

    # -- saved, reopened, printed ---------------------------------------------------------------
    tab = tour.save_and_reopen(window, qtbot)
    ada = tab.document.character
    assert ada.name == "Ada Thorne" and ada.player == "Robin"
    assert ada.skill("Athletics") == 5 and ada.skill("Guns") == 3
    assert [s.name for s in ada.stunts] == STUNTS
    assert window.page.model.object_by_id(ada.id) is not None  # listed in the library
    qtmodeltester.check(window.page.model)
    text = tour.print_pdf_text(window, qtbot, monkeypatch, tmp_path / "ada.pdf")
    flat = " ".join(text.split())
    for words in ("Ada Thorne", "Athletics", "Pilot", "Guns", "Health", "Composure",
                  "Consequences", "Mild", "Moderate", "Severe", "Oil in My Veins",
                  "Walking Library", "Danger Sense"):  # fmt: skip
        assert words in flat, words

    # -- a new encounter of the campaign: Ada from the library and a named NPC -----------------
    encounter = tour.new_encounter(window, qtbot, monkeypatch, campaign, "Sahara Ambush", seed=98)
    offered = tour.add_from_library(encounter, monkeypatch, "Ada Thorne")
    sotc_names = {s.name for s in window.library.list_characters() if s.system == "sotc"}
    assert "Ada Thorne (Robin)" in offered
    assert len(offered) == len(sotc_names)  # only SotC characters are offered

    def fill_npc(dialog: Any) -> None:
        tour.type_into(qtbot, dialog.name, "Baron Kessel")
        tour.type_into(qtbot, dialog.skills, "Weapons 3, Athletics 2, Alertness 1, Endurance 1")
        assert dialog.preview.text() == "Health 6 boxes, Composure 5 boxes"

    tour.answer_exec(monkeypatch, NpcPrompt, fill_npc)
    encounter.actions_by_name["add_npc"].trigger()
    state = encounter.doc.state
    assert [(p.name, p.kind) for p in state.participants] == [
        ("Ada Thorne", "pc"),
        ("Baron Kessel", "npc"),
    ]
    baron, hero = state.participants[1], state.participants[0]
    assert len(baron.track("health")) == 6 and len(baron.track("composure")) == 5
    assert len(hero.track("health")) == 7 and len(hero.track("composure")) == 7
    encounter.actions_by_name["start"].trigger()
    qtmodeltester.check(encounter.model)
    assert tour.log_lines(encounter)[-1].endswith(
        "Exchange 1 begins. Initiative: Ada Thorne (+4), Baron Kessel (+1)"
    )
    ada_id, baron_id = hero.id, baron.id

    # -- exchange 1 ----------------------------------------------------------------------------
    # Ada: Guns +3, +0 on the dice = 3, against the Baron's Weapons +3, -1 = 2: 1 shift.
    event = tour.attack(encounter, ada_id, "Guns", baron_id, "Weapons")
    assert sum(event.dice) == 0 and sum(event.defense_dice) == -1
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (baron_id, 1, 0)  # a 1-shift hit: box 1
    encounter.actions_by_name["mark_stress"].trigger()  # Shift+S
    assert encounter.doc.participant(baron_id).track("health") == (1, 0, 0, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert encounter.doc.state.current == baron_id

    # The Baron: Weapons +3, +2 on the dice = 5, against Ada's Athletics +5, -2 = 3: 2 shifts.
    event = tour.attack(encounter, baron_id, "Weapons", ada_id, "Athletics")
    assert sum(event.dice) == 2 and sum(event.defense_dice) == -2
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts) == (ada_id, 2)
    assert "Ada Thorne must absorb" in encounter.scene.pending.text()
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Cracked Ribs"))
    encounter.actions_by_name["consequence"].trigger()  # Shift+C: the first is mild
    assert encounter.doc.state.pending_hit is None
    assert tour.log_lines(encounter)[-1].endswith(
        "Ada Thorne takes a mild consequence: \u201cCracked Ribs\u201d, absorbing the 2-point hit"
    )
    assert encounter.doc.participant(ada_id).track("health") == (0,) * 7
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Exchange 2 begins")

    # -- exchange 2 ----------------------------------------------------------------------------
    # Ada: +3 +1 = 4 against +3 -1 = 2: 2 shifts (box 2 free); the Baron takes a consequence
    # instead, as anyone may (a consequence absorbs the whole hit: his first, mild).
    event = tour.attack(encounter, ada_id, "Guns", baron_id, "Weapons")
    assert sum(event.dice) == 1 and sum(event.defense_dice) == -1
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (baron_id, 2, 1)
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "Winged"))
    encounter.actions_by_name["consequence"].trigger()
    assert tour.log_lines(encounter)[-1].endswith(
        "Baron Kessel takes a mild consequence: \u201cWinged\u201d, absorbing the 2-point hit"
    )
    encounter.actions_by_name["next_turn"].trigger()
    # The Baron: +3 +2 = 5 against Ada's +5 -1 = 4: 1 shift, box 1.
    event = tour.attack(encounter, baron_id, "Weapons", ada_id, "Athletics")
    assert sum(event.dice) == 2 and sum(event.defense_dice) == -1
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.shifts, hit.box) == (ada_id, 1, 0)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(ada_id).track("health") == (1, 0, 0, 0, 0, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Exchange 3 begins")
    qtmodeltester.check(encounter.model)

    # The encounter saved itself into the library as it went.
    stored = window.library.get_encounter(encounter.doc.record_id)
    assert stored.campaign_id == campaign.id
    assert stored.payload["state"]["exchange"] == 3

    # Encounter > Write results: Ada's stored record and her open tab take her harm.
    tour.write_results(encounter)
    stored_ada = window.library.get_character(ada.id).character
    condition = stored_ada.condition
    assert condition.health == (True,) + (False,) * 6
    assert condition.composure == (False,) * 7
    assert [(c.severity, c.text) for c in condition.consequences] == [("mild", "Cracked Ribs")]
    assert tab.document.character == stored_ada

    # -- pictures to look at --------------------------------------------------------------------
    tour.grab(encounter, "sotc-encounter")
    window.show()
    for step in ("concept", "phase1", "skills", "stunts", "review"):
        tab.editor.show_step(step)
        tour.grab(window, f"sotc-creation-{step}")
