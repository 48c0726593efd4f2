"""An ART Engine adventurer from the library fights a foe in the real encounter window (issue
#12, "fights foes in an encounter"): added from the library, a foe from the stat-block dialog,
the initiative and the attack rolled on the dice panel and read on the library's table, the
damage recorded on the Health boxes, the results written back to the library.

The table is the INVENTED test table (tests/data/art/made-up-table.csv, from
tests/rules/test_art_support.py; NOT the published Action Results Table). Without a table, the
window's table box takes the column read off a printed table. Book lines cite
shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui.encounter import open_encounter_window
from gui.encounter.window import EncounterWindow
from gui.systems.art.encounter import (
    ArtEncounterPrompts,
    ArtSceneControls,
    ArtTableBox,
    FoePrompt,
)
from rules.encounter import AttackEvent, NextTurnEvent, StartEvent, SystemActionEvent
from rules.system_data import SystemData
from rules.systems.art.character import ArtCharacter
from rules.systems.art.scale import Result
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table_csv import parse_table_csv
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
ADA = REPO / "docs/examples/encounters/characters/art-ada.fatesmith.json"
TABLE = REPO / "tests/data/art/made-up-table.csv"
SHOTS = REPO / "docs" / "screenshots"
FOE = {
    "name": "Tomb Guardian",
    "skills": {"Attack": 5, "Defense": 4, "Alertness": 4, "Agility": 4, "Health 1": 4,
               "Health 2": 5, "Health 3": 6, "Health 4": 7, "Damage": 1},
    "side": "tomb",
}  # fmt: skip


def _library(registry: Any, path: Path, table: bool) -> Any:
    from storage.library import Library

    lib = Library.open(f"sqlite:///{path}", registry=registry, samples=False)
    if table:
        parsed, _problems = parse_table_csv(TABLE.read_text("utf-8"))
        assert parsed is not None
        lib.save_system_document(
            SystemData(system="art", key=TABLE_KEY, provenance="user",
                       content=parsed.model_dump(mode="json")),
            expected_version=None,
        )  # fmt: skip
    lib.save_character(read_character_file(ADA, registry), expected_version=None)
    return lib


@pytest.fixture
def library(registry: Any, tmp_path: Path) -> Iterator[Any]:
    lib = _library(registry, tmp_path / "lib.sqlite3", table=True)
    yield lib
    lib.close()


def _window(qtbot: Any, library: Any, seed: int) -> EncounterWindow:
    window = open_encounter_window(
        library, None, library.registry, rng=random.Random(seed), system="art"
    )
    assert isinstance(window, EncounterWindow)
    qtbot.addWidget(window)
    window.resize(1400, 820)
    window.show()
    return window


def _add_cast(window: EncounterWindow, library: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    (summary,) = library.list_characters()
    assert window.add_character(library.get_character(summary.id).character, pid="ada")
    monkeypatch.setattr(FoePrompt, "ask", classmethod(lambda cls, parent: dict(FOE)))
    assert window.add_npc()


def _click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_an_adventurer_from_the_library_fights_a_foe_read_on_the_table(
    qtbot: Any, library: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Initiative (L1769-1777: the tie between Ada's Poor and the guardian's Poor goes to the
    adventurer), Player Attacking Foe (L2022-2026: a Great roll checks the GT box and staggers
    it), Foe Attacking Player (L2016-2020, +1 damage L1384: Inferior Defense against Passable
    Attack is 2 failures +1, Passable damage) and Recording Damage (L1410-1432); every roll
    typed on the dice panel and read on the library's (made-up) table."""
    window = _window(qtbot, library, seed=4)
    assert isinstance(window.prompts, ArtEncounterPrompts)
    controls = window.scene.system_controls
    assert isinstance(controls, ArtSceneControls)
    box = controls.table
    assert isinstance(box, ArtTableBox)
    assert box.status.text().startswith("Rolls are read on the library's Action Results Table")
    _add_cast(window, library, monkeypatch)
    guardian = window.doc.participant("tomb-guardian")
    assert guardian is not None and guardian.options["health"] == ("PR", "PS", "GD", "GT")
    ada = window.doc.participant("ada")
    assert ada is not None and ada.track("health") == (0, 3, 0, 0)  # her IN box was checked

    dice = window.dice
    # no aspects, maneuvers or blocks in the ART Engine: the panel shows attacks and rolls
    assert dice.attack_button.isVisible() and dice.roll_button.isVisible()
    assert not dice.maneuver_button.isVisible() and not dice.block_button.isVisible()
    assert not dice.invoke_aspect.isVisible() and not dice.aspect.isVisible()
    assert dice.dice.placeholderText() == "roll d100 (or type 57)" or (
        dice.dice.placeholderText() == "roll (or type 57)"
    )
    model = window.model
    init = model.column_index["init"]
    # not rolled yet is not a Catastrophic initiative ("Initiative", L1769-1779)
    assert model.data(model.index(model.row_of("ada"), init)) == "not rolled"
    assert model.data(model.index(model.row_of("tomb-guardian"), init)) == "Poor"
    dice.select(actor="ada", target="")
    dice.skill.setCurrentText("Initiative")
    dice.dice.setText("57")
    _click(qtbot, dice.roll_button)
    assert (
        "Ada Quill Initiative: Alertness, row 7, d100 57 (kicker 7) = Poor"
        in window.doc.log[-1].text
    )
    assert model.data(model.index(model.row_of("ada"), init)) == "Poor"
    assert window.push(StartEvent())
    assert window.doc.state.order == ("ada", "tomb-guardian")
    assert window.doc.state.current == "ada"
    assert window.doc.log[-1].text.startswith("Round 1 begins")

    dice.select(actor="ada", target="tomb-guardian")
    dice.skill.setCurrentText("Attack")  # her first weapon, the sabre: Attack 5, row 5
    dice.defense_skill.setCurrentText("Defense")
    dice.dice.setText("95")
    assert dice.odds.text() == ""  # the column comes off the table: the dice give no odds
    _click(qtbot, dice.attack_button)
    text = window.doc.log[-1].text
    assert "Ada Quill Attack: Attack (sabre), row 5, d100 95 (kicker 5) = Great" in text
    assert "Great damage; Tomb Guardian is staggered" in text
    window.mark_stress()
    column = model.column_index["health"]
    row = model.row_of("tomb-guardian")
    assert window.doc.participant("tomb-guardian").track("health") == (0, 0, 0, 7)  # type: ignore[union-attr]
    assert model.data(model.index(row, column)) == "\u2610PR \u2610PS \u2610GD \u2612GT"

    # staggered before its turn: the guardian loses this round's turn ("Staggering", L1434)
    assert "Tomb Guardian is staggered and loses this round's turn" in window.doc.log[-1].text
    assert window.push(NextTurnEvent())  # round 2: Ada
    assert window.doc.state.current == "ada"
    assert window.push(NextTurnEvent())  # Ada waits it out; the guardian attacks
    assert window.doc.state.current == "tomb-guardian"
    dice.select(actor="tomb-guardian", target="ada")
    dice.skill.setCurrentText("Attack")
    dice.defense_skill.setCurrentText("Defense")
    dice.defense_dice.setText("40")
    _click(qtbot, dice.attack_button)
    text = window.doc.log[-1].text
    assert "Tomb Guardian Attack: Passable (a foe does not roll)" in text
    assert "Ada Quill Defense: row 8, d100 40 (kicker 0) = Inferior" in text
    assert "2 failures +1 damage rating: Passable damage" in text
    window.mark_stress()
    assert window.doc.participant("ada").track("health") == (0, 3, 0, 5)  # type: ignore[union-attr]
    # her rightmost box checked after her turn: she loses the next round's
    assert "Ada Quill is staggered and loses the next turn" in window.doc.log[-1].text
    assert (
        model.data(model.index(model.row_of("ada"), column))
        == "\u2610IN \u2612IN \u2610PR \u2612PS"
    )
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SHOTS / "art-encounter.png"))

    assert window.save_results() == 1
    (summary,) = library.list_characters()
    after = library.get_character(summary.id).character
    assert isinstance(after, ArtCharacter)
    assert after.health_checked == (False, True, False, True)


def test_without_a_table_the_table_box_takes_the_column(
    qtbot: Any, registry: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #12: with no table loaded the roll happens, the window says plainly that no table
    is loaded, and the column read off the printed table is entered in the table box; the
    climb's reading rules then apply (a Great attack on PR/PS/GD/GT checks GT, L2026)."""
    lib = _library(registry, tmp_path / "none.sqlite3", table=False)
    try:
        window = _window(qtbot, lib, seed=9)
        controls = window.scene.system_controls
        assert isinstance(controls, ArtSceneControls)
        box = controls.table
        assert "No Action Results Table is loaded" in box.status.text()
        assert not box.read_button.isEnabled()
        _add_cast(window, lib, monkeypatch)
        assert window.push(StartEvent())
        window.dice.select(actor="ada", target="tomb-guardian")
        window.dice.skill.setCurrentText("Attack (sabre)")
        window.dice.defense_skill.setCurrentText("Defense")
        _click(qtbot, window.dice.attack_button)
        waiting = window.doc.log[-1]
        assert "No Action Results Table is loaded" in waiting.text
        assert window.doc.state.pending_hit is None and box.read_button.isEnabled()
        assert "Waiting:" in box.waiting.text()
        box.column.setCurrentIndex(box.column.findData(int(Result.GT)))
        _click(qtbot, box.read_button)
        read = window.doc.log[-1]
        assert isinstance(read.event, AttackEvent) and read.event.reading == "GT"
        assert read.event.dice == waiting.event.dice  # type: ignore[union-attr]
        assert "Great damage" in read.text and "staggered" in read.text
        window.mark_stress()
        guardian = window.doc.participant("tomb-guardian")
        assert guardian is not None and guardian.track("health") == (0, 0, 0, 7)
        assert not box.read_button.isEnabled()
    finally:
        lib.close()


def test_the_foe_dialog_reads_a_stat_block(qtbot: Any) -> None:
    """Digest §11: ratings on the result scale, Health levels left to right, damage rating."""
    dialog = FoePrompt(None)
    qtbot.addWidget(dialog)
    dialog.name.setText("Ghoul")
    dialog.health.setText("IN/PR/PS")
    dialog.damage.setValue(2)
    dialog.ratings["Attack"].setCurrentIndex(int(Result.GD))
    answer = dialog.answer()
    assert answer["skills"]["Attack"] == 6 and answer["skills"]["Damage"] == 2
    assert [answer["skills"][f"Health {i}"] for i in (1, 2, 3)] == [3, 4, 5]
    dialog.health.setText("")
    dialog.accept()
    assert "Health levels" in dialog.error.text()


def test_exploration_phases_show_the_time_spent_against_the_limit(qtbot: Any, library: Any) -> None:
    """Chapter 4: the narrator picks exploration phases and their scale before the cast joins
    ("Time Scale of Phases", L1618-1626); a time limit announced before the roll ("Setting
    Time Limits", L1677-1681) shows in the phase box, and the time the task took replaces it
    (Catastrophic against Catastrophic: a success 9 columns under Awesome, 9 phases, "How Long
    Did It Take?", L1640)."""
    window = _window(qtbot, library, seed=5)
    controls = window.scene.system_controls
    assert isinstance(controls, ArtSceneControls)
    phases = controls.phases
    assert phases.exploration.isEnabled() and not phases.scale.isEnabled()
    phases.exploration.setChecked(True)
    phases.scale.setCurrentIndex(phases.scale.findData("hours"))
    assert window.doc.state.settings["exploration"] is True
    assert window.doc.state.settings["phase_scale"] == "hours"
    assert "No adventurer yet" in phases.time.text()
    (summary,) = library.list_characters()
    assert window.add_character(library.get_character(summary.id).character, pid="ada")
    assert not phases.exploration.isEnabled() and phases.scale.isEnabled()
    assert window.push(StartEvent())
    assert not phases.scale.isEnabled()  # fixed at the start (later: raise_scale)
    assert window.push(SystemActionEvent(action="time_limit", actor="ada", params={"phases": 10}))
    assert "next task limited to 10 phases (10 hours)" in phases.time.text()
    window.dice.select(actor="ada", target="")
    window.dice.skill.setCurrentText("Intelligence")
    window.dice.difficulty.setValue(int(Result.CT))
    window.dice.dice.setText("2")  # row 7 of the made-up table: Catastrophic
    _click(qtbot, window.dice.roll_button)
    assert "takes 9 phases, 9 hours" in window.doc.log[-1].text
    # successes counted from the difficulty ("Successes & Failures"), not "0 columns over"
    assert window.dice.result.text().endswith("\u2192 vs Catastrophic: 1s")
    assert phases.time.text().startswith("Ada Quill: 9 hours spent; a phase is 1 hour")
    assert "limited" not in phases.time.text()
    assert "Phase-track turn" in window.windowTitle() or "phase-track turn" in (
        window.windowTitle()
    )
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SHOTS / "art-exploration.png"))


def test_the_window_speaks_art_not_fate(qtbot: Any, qtmodeltester: Any, library: Any) -> None:
    """Issue 12, the encounter window in ART's words: combat rounds ("Combat Rounds") and
    phase-track turns (Chapter 4 "Phase Track"); the points column holds Fame not yet spent
    (Chapter 2 "Fame"); no aspects anywhere; the range track's bands in combat (L1903-1923)
    and no places in exploration; difficulties by column, Catastrophic to Extreme ("Adjusting
    Difficulty", L1027)."""
    window = _window(qtbot, library, seed=6)
    bar = window.toolbar.buttons["next_exchange"]
    assert bar.text() == "Next round" and bar.accessibleName() == "Next round"
    action = window.actions_by_name["next_exchange"]
    assert action.text().replace("&", "") == "Next round" and "&" in action.text()
    model = window.model
    qtmodeltester.check(model)
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert "Fame" in headers and "FP" not in headers and "Aspects" not in headers
    scene = window.scene
    assert scene.aspects.isHidden()
    assert scene.zones.isVisible() and scene.zones_label.text() == "<b>Bands on the range track</b>"
    assert scene.add_zone_button.toolTip() == "Add a band"
    aspect_actions = ("add_aspect", "scene_aspect")
    assert not any(window.actions_by_name[n].isVisible() for n in aspect_actions)
    assert window.actions_by_name["zone"].text().replace("&", "") == "Place selected in a band..."
    assert "aspects" not in scene.exchange.text() and "bands" in scene.exchange.text()
    difficulty = window.dice.difficulty
    assert (difficulty.minimum(), difficulty.maximum()) == (int(Result.CT), int(Result.EX))
    assert difficulty.text() == "Catastrophic"
    difficulty.setValue(int(Result.PR))
    assert difficulty.text() == "Poor"
    difficulty.lineEdit().selectAll()
    qtbot.keyClicks(difficulty, "Good")
    difficulty.interpretText()
    assert difficulty.value() == int(Result.GD)
    window.show_player_view()
    view = window.player_view
    assert view is not None and view.aspects.isHidden()
    public = [view.model.headerData(i, Qt.Orientation.Horizontal) for i in range(6)]
    assert "Fame" in public and "Aspects" not in public
    view.close()
    controls = window.scene.system_controls
    assert isinstance(controls, ArtSceneControls)
    controls.phases.exploration.setChecked(True)
    assert bar.text() == "Next phase-track turn"
    assert scene.zones.isHidden() and scene.zones_label.isHidden()
    assert not window.actions_by_name["zone"].isVisible()
    controls.phases.exploration.setChecked(False)
    assert bar.text() == "Next round" and scene.zones.isVisible()


def test_a_fate_window_keeps_its_words(qtbot: Any, registry: Any, tmp_path: Path) -> None:
    """The seams' defaults (rules.conflict_rules.ConflictHookDefaults): a SotC window keeps
    "Next exchange", the FP and Aspects columns, zones and a numbered difficulty."""
    from storage.library import Library

    with Library.open(f"sqlite:///{tmp_path / 'f.sqlite3'}", registry=registry) as lib:
        window = open_encounter_window(lib, None, lib.registry, system="sotc")
        assert isinstance(window, EncounterWindow)
        qtbot.addWidget(window)
        window.show()
        assert window.toolbar.buttons["next_exchange"].text() == "Next exchange"
        assert window.actions_by_name["next_exchange"].text() == "Next e&xchange"
        model = window.model
        headers = [
            model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())
        ]
        assert "FP" in headers and "Aspects" in headers
        assert window.scene.zones_label.text() == "<b>Zones and borders</b>"
        assert window.scene.aspects.isVisible() and window.scene.zones.isVisible()
        assert window.actions_by_name["zone"].text() == "&Place selected in a zone..."
        assert window.actions_by_name["add_npc"].text() == "Add named &NPC..."
        assert window.toolbar.buttons["add_minions"].text() == "Add minions\u2026"
        assert window.actions_by_name["fate_point"].isVisible()
        assert window.scene.border_button.isVisible() and window._zone_actions[1].isVisible()
        assert window.actions_by_name["maneuver"].isVisible()
        assert window.actions_by_name["mark_stress"].text() == "Mark &stress"
        assert window.actions_by_name["scene_aspect"].isVisible()
        assert window.dice.difficulty.text() == "0"
        assert (window.dice.difficulty.minimum(), window.dice.difficulty.maximum()) == (-10, 20)
        window.close()


def test_the_act_menu_and_the_shortcuts_list_hold_only_arts_commands(
    qtbot: Any, library: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No FATE command in an ART encounter: no maneuver or block, no consequences, no full
    defense (dodging is its own action, L2071-2079), no fate point to grant (the narrator grants
    no Fame: it rises from Glory, L357, and comes back on Awesome, L1091-1093); a box marks
    damage ("Recording Damage"); the GM override and F1 speak of rounds; F1 lists only the
    commands the window shows. An initiative roll has no difficulty (L914-918), so no margin."""
    window = _window(qtbot, library, seed=8)
    _add_cast(window, library, monkeypatch)
    gone = ("maneuver", "block", "consequence", "companion_hit", "fill_lower", "full_defense",
            "fate_point", "add_aspect", "scene_aspect")  # fmt: skip
    assert not any(window.actions_by_name[n].isVisible() for n in gone)
    assert window.actions_by_name["mark_stress"].text().replace("&", "") == "Mark damage"
    assert window.actions_by_name["take_out"].toolTip() == "Take out (Shift+X)"  # no "&"
    assert window.hide_npc_tracks.text().replace("&", "") == "Hide NPC damage in the player view"
    # foes, and groups of foes on one token ("Range Track", L1905)
    assert window.actions_by_name["add_npc"].text().replace("&", "") == "Add foe..."
    assert window.toolbar.buttons["add_npc"].text() == "Add foe\u2026"
    assert window.toolbar.buttons["add_minions"].text() == "Add foes\u2026"
    # the bands lie in a row: no borders between them ("Range Track", L1903-1919)
    assert window.scene.border_button.isHidden()
    assert window.scene.remove_zone_button.toolTip() == "Remove the selected band"
    assert not window._zone_actions[1].isVisible()
    asked: list[str] = []

    def ask(cls: Any, parent: Any, title: str, label: str, text: str = "") -> str:
        asked.append(label)
        return "the goblin trips"

    from gui.encounter.prompts import TextPrompt

    monkeypatch.setattr(TextPrompt, "ask", classmethod(ask))
    window.dice.select(actor="ada", target="")
    window.dice.skill.setCurrentText("Initiative")
    window.dice.dice.setText("50")
    _click(qtbot, window.dice.roll_button)
    last = window.doc.state.last
    assert last is not None and last.opposition is None
    assert "Initiative" in window.dice.result.text() and "over" not in window.dice.result.text()
    assert window.push(StartEvent())
    window.select("ada")
    window.gm_override()
    assert asked == ["Why may they act again this round?"]
    assert "one more action this round (the goblin trips)" in window.doc.log[-1].text
    dialog = window.show_shortcuts()
    try:
        listed = dict((text, keys) for keys, text in dialog.listed())
        assert "Maneuver" not in listed and "Block" not in listed
        assert not any("fate point" in t or "aspect" in t or "consequence" in t for t in listed)
        assert "Next round" in listed and "Next exchange" not in listed
        assert "GM override: the selected may act once more this round" in listed
        assert "Mark damage: check the box for the pending hit" in listed
        assert "Place the selected participant in a band" in listed
        assert "Add a foe" in listed and "Add a group of foes" in listed
    finally:
        dialog.close()


def test_movement_across_the_bands_from_the_rules_menu(
    qtbot: Any, library: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules > Movement > Move across bands (Chapter 5 "Movement Rates", L1921-1940): Ada's
    Poor Agility (row 9 of the made-up table, 45) goes 1 band as a free action (L1935); 3
    bands are refused with the reason in the log (the token stays), 1 goes, free; the band is
    named as the bands list shows it."""
    from gui.encounter.system_actions import SystemActionDialog
    from rules.encounter import AddZoneEvent, PlaceEvent

    window = _window(qtbot, library, seed=9)
    _add_cast(window, library, monkeypatch)
    foe = next(p.id for p in window.doc.state.participants if p.id != "ada")
    bands = ("Far end", "Hall", "Stairs", "Tomb door")
    for i, name in enumerate(bands):
        assert window.push(AddZoneEvent(zone=f"b{i}", name=name))
    assert window.doc.log[-1].text == "Band Tomb door is added"
    assert window.push(PlaceEvent(who="ada", zone="b0"))
    assert window.push(PlaceEvent(who=foe, zone="b3"))
    assert window.push(StartEvent())
    asked: list[SystemActionEvent] = [
        SystemActionEvent(
            action="move_bands", actor="ada", params={"to": "tomb door"}, dice=((45,),)
        ),
        SystemActionEvent(action="move_bands", actor="ada", params={"to": "Hall"}),
    ]
    monkeypatch.setattr(SystemActionDialog, "ask", classmethod(lambda cls, *a: asked.pop(0)))
    menu_action = window.system_actions["move_bands"]
    assert menu_action.text() == "Move across bands..."
    menu_action.trigger()
    text = window.doc.log[-1].text
    assert "Ada Quill may not move to Tomb door: Tomb door is 3 bands away" in text
    assert "row 9, d100 45 (kicker 5) = Poor: 1 band this round as a free action" in text
    assert window.doc.participant("ada").zone == "b0"  # type: ignore[union-attr]
    menu_action.trigger()
    assert "Ada Quill moves to Hall (Hall is 1 band away; free)" in window.doc.log[-1].text
    assert window.doc.participant("ada").zone == "b1"  # type: ignore[union-attr]
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SHOTS / "art-range-track.png"))
