"""GUI table tour, the ART Engine (issue 23): the real main window, its real dialogs and the real
encounter window, through an ART Engine campaign's whole table flow.

The library holds an Action Results Table (the INVENTED test table,
tests/data/art/made-up-table.csv, as tests/gui/test_art_encounter.py: NOT the published one,
which the book's text lacks). A new ART Engine campaign; Ada of tests/gui/test_art_creation.py
built through the creation pages (Chapter 2 "Creating an Adventurer": the Balanced Method, gear,
goals, skills, a perk), with her player; saved, reopened and printed; then a new encounter of the
campaign with her from the library and a foe from the stat-block dialog, two rounds played.

The numbers follow the book (digest art-engine.md, lines of shared/seeds/art-engine-2012.txt):
a trait roll's row is the attribute (or weapon Attack) plus up to two skills (4.2, L869-898);
initiative is rolled on Alertness, a foe's is its Alertness rating, and the higher acts first
(9.1, L1767-1802); a player's attack column is the damage, a miss below the foe's Defense
(9.7, L2022-2032); damage is recorded from the right (10.2, L1410-1432), and a checked
rightmost box staggers (10.3, L1434); the foe's Attack is the difficulty of the player's
Defense roll (9.7, L2016-2020). Each d100 is read on the made-up table's row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.systems.art.encounter import FoePrompt
from rules.encounter import AttackEvent, RollEvent
from rules.system_data import SystemData
from rules.systems.art.scale import Result
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table_csv import parse_table_csv
from rules.validation import Severity
from storage.library import Library
from tests.gui import table_tour as tour
from tests.gui.test_art_creation import build_ada

TABLE = Path(__file__).resolve().parents[1] / "data" / "art" / "made-up-table.csv"


def roll(encounter: Any, actor: str, skill: str, target: str, defense: str) -> Any:
    """Act > Attack / roll with the turn's own defaults on the dice panel (checked first); the
    event as rolled."""
    panel = encounter.dice
    shown = (panel.actor.currentData(), panel.skill.currentText(), panel.target.currentData(),
             panel.defense_skill.currentText())  # fmt: skip
    assert shown == (actor, skill, target, defense)
    encounter.actions_by_name["roll"].trigger()
    kinds = (AttackEvent, RollEvent)
    return next(e.event for e in reversed(encounter.doc.log) if isinstance(e.event, kinds))


def add_swords(encounter: Any) -> None:
    """Her Swords skill added to the sword's Attack, in the panel's first "Plus skills" box."""
    combo = encounter.dice.added_skills[0]
    assert combo.findData("Swords") > 0, "the actor's skills are offered"
    combo.setCurrentIndex(combo.findData("Swords"))


def test_art_table_tour(
    make_window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    qtmodeltester: Any, library_url: str, registry: Any,
) -> None:  # fmt: skip
    """Campaign, adventurer, save, reopen, print, encounter, two rounds (seed 328).

    Ada: every attribute 7; her sword's Attack 5 and Swords +1 roll on row 6; her Defense 6
    (Agility 7, chain shirt -1); Health IN/PR/PR/PS from Stamina 7. The foe: Attack Passable,
    Defense Inferior, Alertness and Agility Poor, Health PR/PS/GD/GT, damage rating +1.
    """
    with Library.open(library_url, registry=registry) as library:
        parsed, problems = parse_table_csv(TABLE.read_text("utf-8"))
        assert parsed is not None, problems
        library.save_system_document(
            SystemData(system="art", key=TABLE_KEY, provenance="user",
                       content=parsed.model_dump(mode="json")),
            expected_version=None,
        )  # fmt: skip
    window = tour.real_editor_window(make_window)
    campaign = tour.new_campaign(window, monkeypatch, "art", "The Lost Expedition")

    # -- a character through the creation pages ------------------------------------------------
    tab = tour.new_character(window, qtbot, monkeypatch, "art")
    view = tab.editor
    build_ada(qtbot, view)
    view.show_step("adventurer")
    tour.type_into(qtbot, view.pages["adventurer"]._fields["player"], "Sam")
    document = tab.document
    assert [p.code for p in document.problems if p.severity is Severity.ERROR] == []
    assert "\u2713 Complete" in view.validation_panel.headline.text()
    qtmodeltester.check(view.validation_panel.model)

    # -- saved, reopened, printed ---------------------------------------------------------------
    tab = tour.save_and_reopen(window, qtbot)
    ada = tab.document.character
    assert ada.name == "Ada" and ada.player == "Sam"
    assert ada.skills == {"Climbing": 2, "Swords": 1}
    text = " ".join(tour.print_pdf_text(window, qtbot, monkeypatch, tmp_path / "a.pdf").split())
    for words in ("Ada", "PLAYER Sam", "FORTUNE Middle Class", "DEFENSE 6", "Agility 7",
                  "Stamina 7", "Climbing", "Swords", "1 IN \u00b7 2 PR \u00b7 3 PR \u00b7 4 PS",
                  "Piloting", "sword", "Blade", "Attack 5", "chain shirt",
                  "Find the lost expedition."):  # fmt: skip
        assert words in text, words

    # -- a new encounter of the campaign: Ada from the library and a foe -----------------------
    encounter = tour.new_encounter(window, qtbot, monkeypatch, campaign, "The Sealed Tomb", 328)
    box = encounter.scene.system_controls.table
    assert box.status.text().startswith("Rolls are read on the library's Action Results Table")
    offered = tour.add_from_library(encounter, monkeypatch, "Ada")
    art_count = sum(s.system == "art" for s in window.library.list_characters())
    assert "Ada (Sam)" in offered and len(offered) == art_count

    def fill_foe(dialog: Any) -> None:
        tour.type_into(qtbot, dialog.name, "Tomb Guardian")
        for name, level in (("Attack", Result.PS), ("Defense", Result.IN),
                            ("Alertness", Result.PR), ("Agility", Result.PR)):  # fmt: skip
            dialog.ratings[name].setCurrentIndex(dialog.ratings[name].findData(int(level)))
        tour.type_into(qtbot, dialog.health, "PR/PS/GD/GT")
        dialog.damage.setValue(1)

    tour.answer_exec(monkeypatch, FoePrompt, fill_foe)
    encounter.actions_by_name["add_npc"].trigger()
    her, foe = encounter.doc.state.participants
    assert (her.kind, her.side, foe.side) == ("pc", "players", "foes")
    assert her.options["health"] == ("IN", "PR", "PR", "PS") and her.skills["Defense"] == 6
    assert foe.options["health"] == ("PR", "PS", "GD", "GT") and foe.options["damage"] == 1
    qtmodeltester.check(encounter.model)

    # -- initiative: Ada rolls Alertness (row 7): d100 83 is Good; the foe's is Poor -----------
    event = roll(encounter, her.id, "Initiative", "", "Defense")
    assert event.dice == (83,)
    assert tour.log_lines(encounter)[-1].endswith("row 7, d100 83 (kicker 3) = Good")
    encounter.actions_by_name["start"].trigger()
    assert tour.log_lines(encounter)[-1].endswith(
        "Round 1 begins. Initiative: Ada (Good), Tomb Guardian (Poor)"
    )

    # -- round 1 -------------------------------------------------------------------------------
    # Ada's sword, Attack 5 + Swords 1: row 6; d100 65 is Passable: Passable damage, the
    # foe's PS box (its highest box not above the damage).
    add_swords(encounter)
    event = roll(encounter, her.id, "Attack", foe.id, "Defense")
    assert event.dice == (65,) and event.skill == "Attack + Swords"
    assert (
        "Attack (sword) + Swords, row 6, d100 65 (kicker 5) = Passable"
        in (tour.log_lines(encounter)[-1])
    )
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.box) == (foe.id, 1)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(foe.id).track("health") == (0, 5, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    # The foe attacks: Ada's Defense 6 (row 6), d100 60 is Poor against its Passable Attack:
    # 1 failure +1 damage rating = 2: Poor damage, her rightmost PR box (box 3).
    event = roll(encounter, foe.id, "Attack", her.id, "Defense")
    assert event.defense_dice == (60,)
    line = tour.log_lines(encounter)[-1]
    assert "Ada Defense: row 6, d100 60 (kicker 0) = Poor" in line
    assert "1 failure +1 damage rating: Poor damage" in line
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.box) == (her.id, 2)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(her.id).track("health") == (0, 0, 4, 0)
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Round 2 begins")

    # -- round 2 -------------------------------------------------------------------------------
    # d100 62 on row 6 is Passable again: PS is checked, so the highest box not above it is PR.
    add_swords(encounter)
    event = roll(encounter, her.id, "Attack", foe.id, "Defense")
    assert event.dice == (62,)
    hit = encounter.doc.state.pending_hit
    assert (hit.target, hit.box) == (foe.id, 0)
    encounter.actions_by_name["mark_stress"].trigger()
    assert encounter.doc.participant(foe.id).track("health") == (4, 5, 0, 0)
    encounter.actions_by_name["next_turn"].trigger()
    # d100 96 on row 6 is Great: the Defense holds.
    event = roll(encounter, foe.id, "Attack", her.id, "Defense")
    assert event.defense_dice == (96,)
    assert tour.log_lines(encounter)[-1].endswith("Defense holds (Great vs Passable)")
    assert encounter.doc.state.pending_hit is None
    encounter.actions_by_name["next_turn"].trigger()
    assert tour.log_lines(encounter)[-1].endswith("Round 3 begins")
    qtmodeltester.check(encounter.model)
    health = encounter.model.column_index["health"]
    rows = {encounter.model.data(encounter.model.index(r, 1)): r for r in range(2)}
    assert encounter.model.index(rows["Ada"], health).data() == (
        "\u2610IN \u2610PR \u2612PR \u2610PS"
    )
    stored = window.library.get_encounter(encounter.doc.record_id)
    assert stored.campaign_id == campaign.id and stored.payload["state"]["exchange"] == 3

    # Encounter > Write results: the stored record and its open tab take the harm.
    tour.write_results(encounter)
    stored_pc = window.library.get_character(ada.id).character
    assert stored_pc.health_checked == (False, False, True, False)  # her PR box, box 3
    assert tab.document.character == stored_pc

    # -- pictures to look at --------------------------------------------------------------------
    tour.grab(encounter, "art-encounter")
    window.show()
    for step in view.step_keys:
        tab.editor.show_step(step)
        tour.grab(window, f"art-creation-{step}")
