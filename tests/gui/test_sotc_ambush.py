"""Issue 13, "Done when": a conflict worked by hand from the SotC book, with Ready for Anything,
Brawler against a minion group, an ambush, a fall and first aid, runs through
``fatesmith encounter run`` and through the encounter window with the exact boxes,
consequences and fate points (docs/examples/encounters/sotc-ambush-at-the-docks.json).

Worked by hand (SotC SRD; 4dF faces as in the script):

- Ambush (L1716, L2191): Knuckles' Stealth Good +3 [0000] = +3. Sal's Alertness Good +3 [+000]
  = +4 makes it: not surprised. Mae's Alertness Average +1 [00-0] = +0 fails: she defends at
  Mediocre in exchange 1. Both only defend in exchange 1 (L2405).
- Initiative (L1205, L2353): Sal Alertness +3, +1 Ready for Anything = +4, ties Knuckles' +4 and
  wins it (the stunt breaks ties, before Knuckles' better Resolve); thugs Fair +2; Mae +1.
- Exchange 1: Knuckles Fists +3 [0000] = +3 vs Mae's Athletics, Fair but Mediocre now, +0: 3
  shifts, Health box 3 (of 5). Fair thugs x3 (+1 group, L1500) Fists +2+1 [+000] = +4 vs Sal's
  Athletics +2 [0000]: 2 shifts, box 2 (of 6: Endurance Fair, L1840).
- Exchange 2: Sal Fists +4 [++00] = +6 vs thugs +2+1 = +3: 3 shifts, +1 Brawler against two or
  more minions (L3165) = 4: two Fair minions (2 boxes each) fall, one stands. Knuckles Fists
  +3 [++00] = +5 vs Mae Athletics +2 [0000]: 3 shifts, box 3 is checked: rolls up to box 4. The
  blow throws her off the gantry: a medium fall (L5353-L5371): Athletics +2 [000-] = +1, not
  below Mediocre, short of Great: a moderate consequence. The last thug (no group bonus)
  +2 [0000] vs Sal +2 [0000]: no stress. Mae does nothing.
- Exchange 3: Sal invokes "Two-Fisted Longshoreman" (a fate point, 2 -> 1): Fists +4 [+000] +2
  = +7 vs Knuckles Athletics +2 [-000] = +1: 6 shifts, no box on his 5: he takes a mild
  consequence and concedes; the GM takes the last thug out. Mae's first aid on Sal
  (L5888-L5890, Doctor +2 L4325, Medic L4331): Science +4 [0000] +2 = +6: Medic reaches box 6:
  clears box 2; Sal gives up his next action.

Result: Sal's Health all clear, FP 1. Mae Health boxes 3 and 4, moderate "Wrenched Knee", FP 2.
Knuckles out by concession with a mild "Glass Jaw", FP 1. Thugs: one of three left, taken out.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui.cli import main
from gui.encounter import open_encounter_window
from gui.encounter.system_actions import SystemActionDialog
from rules.encounter import AddAspectEvent, AddParticipantEvent, Event, SystemActionEvent
from rules.encounter_script import build_encounter, parse_script
from storage.json_io import read_character_file
from tests.gui.test_encounter_window import drive

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "docs" / "examples" / "encounters" / "sotc-ambush-at-the-docks.json"
X, CLEAR = True, False


def test_the_ambush_runs_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encounter", "run", str(SCRIPT), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ps = data["participants"]
    assert ps["sal"]["health"] == [CLEAR] * 6 and ps["sal"]["consequences"] == []
    assert ps["sal"]["fate_points"] == 1
    assert ps["mae"]["health"] == [CLEAR, CLEAR, X, X, CLEAR]
    assert ps["mae"]["consequences"] == [{"severity": "moderate", "text": "Wrenched Knee"}]
    assert ps["mae"]["fate_points"] == 2
    assert ps["knuckles"]["consequences"] == [{"severity": "mild", "text": "Glass Jaw"}]
    assert ps["knuckles"]["taken_out"] and ps["knuckles"]["conceded"]
    assert ps["knuckles"]["fate_points"] == 1 and ps["knuckles"]["health"] == [CLEAR] * 5
    assert ps["thugs"]["remaining"] == 1 and ps["thugs"]["taken_out"]
    log = data["log"]
    assert "Dr. Mae Harlow Alertness +1 [00-0] = +0 vs +3: surprised" in log[0]
    assert "Initiative: Sal Brennan (+4), Knuckles Malone (+4)" in log[1]
    assert "Dr. Mae Harlow Athletics +0 [0000] = +0" in log[2]
    assert "+1 stress against two or more minions: 4" in log[8]
    assert "a medium fall: moderate consequence" in log[12]
    assert "reaches box 6 (Medic): clears box 2" in log[-1]
    main(["encounter", "run", str(SCRIPT)])
    text = capsys.readouterr().out
    assert "moderate: Wrenched Knee" in text and "(SotC, Skills: Athletics, Falling" in text


@pytest.fixture
def library(library_url: str, registry: Any) -> Any:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def _through_dialog(
    qtbot: QtBot, window: Any, event: SystemActionEvent, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fill the action's real dialog the way the GM would, from the Rules menu."""

    def ask(cls: Any, parent: Any, spec: Any, state: Any, actor: str | None) -> Any:
        dialog = SystemActionDialog(spec, state, actor, parent)
        qtbot.addWidget(dialog)
        assert spec.section and spec.section in dialog.findChildren(type(dialog.error))[0].text()
        if event.actor is not None:
            dialog.actor.setCurrentIndex(dialog.actor.findData(event.actor))
        dialog.set_targets(*event.targets)
        for name, value in event.params.items():
            dialog.set_value(name, value)
        dialog.dice.setText(
            "; ".join(
                "".join({1: "+", 0: "0", -1: "-"}[f] for f in roll) for roll in event.dice or ()
            )
        )
        return dialog.action_event()

    monkeypatch.setattr(SystemActionDialog, "ask", classmethod(ask))
    before = len(window.doc.log)
    window.system_actions[event.action].trigger()
    assert len(window.doc.log) == before + 1, window.status.text()
    assert window.doc.log[-1].event == event


def test_the_ambush_runs_in_the_window(
    qtbot: QtBot, library: Any, registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = parse_script(json.loads(SCRIPT.read_text(encoding="utf-8")))
    chars = {}
    for pid, name in (("sal", "sal-brennan"), ("mae", "mae-harlow")):
        c = read_character_file(SCRIPT.parent / f"characters/{name}.fatesmith.json", registry)
        library.save_character(c, expected_version=None)
        chars[pid] = library.get_character(c.id).character
    sotc = registry.get("sotc")
    initial = build_encounter(script, chars, sotc.conflict_rules(), sotc.ladder, system="sotc")
    window = open_encounter_window(library, None, registry, rng=random.Random(3))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    assert set(window.system_actions) >= {"ambush", "fall", "first_aid", "medical_care"}
    for pid in ("sal", "mae"):
        assert window.add_character(chars[pid], side="heroes", pid=pid, kind="pc")
    for p in initial.participants[2:]:
        assert window.push(AddParticipantEvent(participant=p))
    assert window.push(AddAspectEvent(text="Fog off the Harbor"))
    window.select("sal")  # a row is current before the table first takes the focus
    window.table.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    events: list[Event] = list(script.events)
    for event in events:
        if isinstance(event, SystemActionEvent):
            _through_dialog(qtbot, window, event, monkeypatch)
        else:
            drive(qtbot, window, event, monkeypatch)
    state = window.doc.state
    sal, mae, knuckles = state.find("sal"), state.find("mae"), state.find("knuckles")
    assert sal.track("health") == (0,) * 6 and sal.fate_points == 1
    assert mae.track("health") == (0, 0, 1, 1, 0) and mae.fate_points == 2
    assert [(c.severity, c.text) for c in mae.consequences] == [("moderate", "Wrenched Knee")]
    assert [(c.severity, c.text) for c in knuckles.consequences] == [("mild", "Glass Jaw")]
    assert knuckles.taken_out and knuckles.conceded and knuckles.fate_points == 1
    assert state.find("thugs").remaining == 1
    row = window.model.row_of("mae")
    assert (
        "Wrenched Knee" in window.model.index(row, window.model.column_index["consequences"]).data()
    )
    # undo takes back the first aid, redo gives it again
    window.doc.undo_stack.undo()
    assert window.doc.state.find("sal").track("health") == (0, 1, 0, 0, 0, 0)
    window.doc.undo_stack.redo()
    assert window.doc.state.find("sal").track("health") == (0,) * 6
