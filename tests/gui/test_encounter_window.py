"""The encounter window runs the hand-worked SotC conflict with the exact results the rules give;
the player view shows them; a killed process resumes where it was (issue 6 "Done when")."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.commands import ApplyEventCommand
from gui.encounter.prompts import TextPrompt
from rules.encounter import AddAspectEvent, AddParticipantEvent, Event
from rules.encounter_script import build_encounter, parse_script
from storage.json_io import read_character_file

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "docs" / "examples" / "encounters" / "dockside-brawl.json"
FACE = {1: "+", 0: "0", -1: "-"}


def faces(dice: Any) -> str:
    return "".join(FACE[f] for f in dice)


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def setup_fight(qtbot: QtBot, library: Any, registry: Any) -> tuple[Any, list[Event], Any]:
    """A window on a new encounter with the Dockside cast: Jack from the library, the rest
    added through the window's commands."""
    script = parse_script(json.loads(SCRIPT.read_text(encoding="utf-8")))
    jack = read_character_file(SCRIPT.parent / "characters/jack-corrigan.fatesmith.json", registry)
    library.save_character(jack, expected_version=None)
    stored = library.get_character(jack.id).character
    sotc = registry.get("sotc")
    initial = build_encounter(
        script, {"jack": stored}, sotc.conflict_rules(), sotc.ladder, system="sotc"
    )
    window = open_encounter_window(library, None, registry, rng=random.Random(3))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    assert window.add_character(stored, side="heroes", pid="jack", kind="pc")
    for p in initial.participants[1:]:
        assert window.push(AddParticipantEvent(participant=p))
    assert window.push(AddAspectEvent(text="Crates Everywhere"))
    return window, list(script.events), initial


def press(qtbot: QtBot, window: Any, key: str) -> None:
    """A table command (Shift+letter in the app's shortcut scheme), typed on the turn-order
    table."""
    from PySide6.QtWidgets import QApplication

    if QApplication.activeWindow() is not window:
        window.raise_()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.table.setFocus()
    qtbot.keyClick(window.table, key, Qt.KeyboardModifier.ShiftModifier)


def drive(qtbot: QtBot, window: Any, event: Event, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play one scripted event the way a GM would: keys and the dice panel where they reach."""
    panel = window.dice
    before = len(window.doc.log)
    do = event.do
    if do == "next_turn":
        press(qtbot, window, "n")
    elif do == "apply_stress" and event.amount is None:  # type: ignore[union-attr]
        press(qtbot, window, "s")
    elif do == "hold":
        press(qtbot, window, "h")
    elif do in ("full_defense", "resume"):
        window.select(event.who)  # type: ignore[union-attr]
        press(qtbot, window, "d" if do == "full_defense" else "t")
    elif do == "take_consequence":
        monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: event.text))  # type: ignore[union-attr]
        press(qtbot, window, "k" if event.companion else "c")  # type: ignore[union-attr]
    elif do in ("attack", "maneuver") and not event.invokes and not event.spin:  # type: ignore[union-attr]
        actor = event.attacker if do == "attack" else event.actor  # type: ignore[union-attr]
        target = event.defender if do == "attack" else event.target  # type: ignore[union-attr]
        panel.select(actor=actor, target=target)
        panel.skill.setCurrentText(event.skill)  # type: ignore[union-attr]
        panel.defense_skill.setCurrentText(event.defense_skill)  # type: ignore[union-attr]
        panel.dice.setText(faces(event.dice))  # type: ignore[union-attr]
        panel.defense_dice.setText(faces(event.defense_dice))  # type: ignore[union-attr]
        if do == "maneuver":
            panel.aspect.setText(event.aspect)  # type: ignore[union-attr]
        assert "%" in panel.odds.text()  # the odds are shown before rolling
        press(qtbot, window, "r" if do == "attack" else "m")
    elif do == "block":
        panel.select(actor=event.actor, target=event.protects)  # type: ignore[union-attr]
        panel.skill.setCurrentText(event.skill)  # type: ignore[union-attr]
        panel.dice.setText(faces(event.dice))  # type: ignore[union-attr]
        press(qtbot, window, "b")
    else:
        assert window.push(event), window.status.text()
    assert len(window.doc.log) == before + 1, (window.status.text(), panel.error.text())
    assert window.doc.log[-1].event == event, (window.doc.log[-1].event, event)


def check_result(state: Any) -> None:
    """The numbers worked out by hand in tests/rules/test_combat_worked_example.py."""
    x, o = True, False
    jack, baron = state.find("jack"), state.find("baron")
    assert jack.track("health") == (x, x, x, x, x, o)
    assert [(c.severity, c.text) for c in jack.consequences] == [
        ("extra", "Sparky Knocked Cold"),
        ("mild", "Bruised Ribs"),
    ]
    assert jack.fate_points == 1
    assert baron.track("health") == (o, x, o, o, o, o)
    assert [(c.severity, c.text) for c in baron.consequences] == [
        ("mild", "Cracked Monocle"),
        ("moderate", "Dislocated Shoulder"),
    ]
    assert baron.fate_points == 4 and baron.taken_out and baron.conceded
    assert state.find("sparky").taken_out
    assert state.find("thugs").remaining == 1 and state.find("gunmen").remaining == 2


def test_worked_conflict_through_the_window(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, events, _ = setup_fight(qtbot, library, registry)
    ModelTester(None).check(window.model)
    for event in events:
        drive(qtbot, window, event, monkeypatch)
    state = window.doc.state
    check_result(state)

    # the table shows it
    row = window.model.row_of("jack")
    health = window.model.index(row, window.model.column_index["health"]).data()
    assert health == "\u2612" * 5 + "\u2610"
    assert (
        "Bruised Ribs" in window.model.index(row, window.model.column_index["consequences"]).data()
    )
    assert window.model.index(row, window.model.column_index["fp"]).data() == "1"

    # the player view shows it, and hides what the GM hides
    view = window.show_player_view()
    qtbot.addWidget(view)
    assert "Jack Corrigan" in view.visible_names()
    prow = view.model.row_of("baron")
    assert (
        "Dislocated Shoulder"
        in view.model.index(prow, view.model.column_index["consequences"]).data()
    )
    assert "+7" in view.last_roll.text() and "5 shift" in view.last_roll.text()
    window.select("gunmen")
    press(qtbot, window, "v")
    assert "Gunmen" not in view.visible_names()
    qtbot.keyClick(window.table, "z", Qt.KeyboardModifier.ControlModifier)
    assert "Gunmen" in view.visible_names()

    # every step is undoable and redoable
    stack = window.doc.undo_stack
    n = stack.count()
    while stack.canUndo():
        stack.undo()
    assert window.doc.state.participants == () and window.doc.log == ()
    for _ in range(n):
        stack.redo()
    check_result(window.doc.state)

    # saved after every change: the library holds exactly this state
    record = library.get_encounter(window.doc.record_id)
    reopened = open_encounter_window(library, record, registry)
    qtbot.addWidget(reopened)
    check_result(reopened.doc.state)
    assert reopened.doc.log == window.doc.log

    # results go back to Jack's library character
    assert window.save_results() == 1
    back = library.get_character(window.doc.state.find("jack").character_id).character
    assert back.fate_points == 1 and back.condition.health == (True,) * 5 + (False,)


def test_stress_box_click_help_overlay_and_refusals(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, _events, _ = setup_fight(qtbot, library, registry)
    window.toggle_box("jack", "health", 3)
    assert window.doc.state.find("jack").track("health")[2]
    window.toggle_box("jack", "health", 3)
    assert not any(window.doc.state.find("jack").track("health"))
    press(qtbot, window, "n")  # not started: refused, status explains, nothing pushed
    assert "start" in window.status.text() and window.doc.state.step == 8
    qtbot.keyClick(window.table, Qt.Key.Key_F1)  # Help > Keyboard Shortcuts, non-modal
    shortcuts = window.show_shortcuts()
    assert shortcuts.isVisible() and any("Next turn" in c for _k, c in shortcuts.listed())
    shortcuts.close()
    window.dice.dice.setText("+x")
    window.dice.request("roll")
    assert "not a die face" in window.dice.error.text()


def test_gm_conflict_sheet_prints(
    qtbot: QtBot, library: Any, registry: Any, tmp_path: Path
) -> None:
    window, events, _ = setup_fight(qtbot, library, registry)
    for event in events[:13]:
        window.doc.undo_stack.push(ApplyEventCommand(window.doc, event))
    rows = window.sheet_rows()
    assert [r.name for r in rows][:2] == ["Baron Von Kessel", "Jack Corrigan"]
    x, o = True, False
    health = rows[1].tracks[0]
    assert health.label == "Health"
    assert health.checked == (x, x, o, x, o, o)  # boxes 1, 2 and 4, where the hits put them
    out = window.print_sheet(tmp_path / "sheet.pdf")
    assert out.read_bytes().startswith(b"%PDF")


CHILD = r"""
import json, os, random, signal, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from storage.library import Library
from storage.systems_catalog import default_registry
from rules.encounter import AddParticipantEvent
from rules.encounter_script import build_encounter, parse_script
from gui.encounter import open_encounter_window

app = QApplication([])
url, script_path, stop = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
registry = default_registry()
script = parse_script(json.loads(script_path.read_text()))
from storage.json_io import read_character_file
jack = read_character_file(script_path.parent / "characters/jack-corrigan.fatesmith.json", registry)
sotc = registry.get("sotc")
initial = build_encounter(script, {"jack": jack}, sotc.conflict_rules(), sotc.ladder, system="sotc")
with Library.open(url, registry=registry, samples=False) as lib:
    window = open_encounter_window(lib, None, registry, rng=random.Random(1))
    for p in initial.participants:
        assert window.push(AddParticipantEvent(participant=p))
    from rules.encounter import AddAspectEvent
    assert window.push(AddAspectEvent(text="Crates Everywhere"))
    for event in script.events[:stop]:
        assert window.push(event), window.status.text()
    print(window.doc.record_id, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_killed_process_resumes_exactly(
    qtbot: QtBot, library_url: str, registry: Any, tmp_path: Path
) -> None:
    """Kill -9 the process mid-fight; reopening the encounter gives the same state and log."""
    from storage.library import Library

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    stop = len(parse_script(json.loads(SCRIPT.read_text(encoding="utf-8"))).events)
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, library_url, str(SCRIPT), str(stop)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=REPO,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    record_id = proc.stdout.strip().splitlines()[-1]
    import uuid

    with Library.open(library_url, registry=registry, samples=False) as lib:
        record = lib.get_encounter(uuid.UUID(record_id))
        window = open_encounter_window(lib, record, registry)
        qtbot.addWidget(window)
        check_result(window.doc.state)
        assert len(window.doc.log) == stop + 6
        # and play goes on from there
        assert window.push(parse_script({"events": [{"do": "next_turn"}]}).events[0])
