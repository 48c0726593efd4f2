"""Issue 13 in the window: the action economy refuses a second action with a message naming
the GM override, the G key asks the GM why and logs the override, and the stunts' initiative
orders the turn list (SotC "Taking Action", SRD L1227-L1300; Ready for Anything SRD L2353)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.cli import main
from gui.encounter.prompts import TextPrompt
from rules.encounter import AttackEvent, GmOverrideEvent
from tests.gui.sotc_window import npc_with_health as npc
from tests.gui.sotc_window import started_window

NPCS = (
    npc("Brute", Fists=4, Alertness=4, Resolve=4),
    npc("Quick", ("On Top Of It", "Ready for Anything"), Alertness=3, Athletics=1),
)


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any) -> Any:
    return started_window(qtbot, monkeypatch, registry, *NPCS)


def test_ready_for_anything_wins_the_tie_in_the_window(window: Any) -> None:
    """Quick: Good Alertness + 1 = Great, tied with Brute (Great, better Resolve); the stunt
    breaks the tie (SRD L2353)."""
    first, second = window.doc.state.order
    assert window.doc.participant(first).name == "Quick"
    assert window.doc.participant(second).name == "Brute"


def test_g_key_overrides_the_action_economy_and_logs_why(
    window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = window.doc
    brute = next(p.id for p in doc.state.participants if p.name == "Brute")
    quick = next(p.id for p in doc.state.participants if p.name == "Quick")
    punch = AttackEvent(attacker=brute, defender=quick, skill="Fists", defense_skill="Athletics",
                        dice=(0, 0, 0, 0), defense_dice=(1, 1, 1, 1))  # fmt: skip
    assert window.push(punch)  # 4 vs 1 + 4 = 5: no hit
    assert not window.push(punch)
    assert "has already acted this exchange" in window.status.text()
    assert "GM override" in window.status.text()
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "  the crowd cheers "))
    window.select(brute)
    window.table.setFocus()
    qtbot.keyClick(window.table, "g", Qt.KeyboardModifier.ShiftModifier)
    assert doc.log[-1].event == GmOverrideEvent(who=brute, reason="the crowd cheers")
    assert "GM override: Brute may take one more action" in doc.log[-1].text
    assert window.push(punch)  # the override is spent by this action
    assert not window.push(punch)
    # undo takes the override back with the action
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.state.overrides == ()
    # no reason, no override
    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: ""))
    qtbot.keyClick(window.table, "g", Qt.KeyboardModifier.ShiftModifier)
    assert doc.state.overrides == ()


def test_encounter_run_enforces_the_economy_and_takes_the_override(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``fatesmith encounter run``: a second attack fails in one line; with a ``gm_override``
    step before it, the script runs and the log shows the override."""
    attack = {
        "do": "attack",
        "attacker": "ann",
        "defender": "bob",
        "skill": "Fists",
        "defense_skill": "Athletics",
        "dice": [0, 0, 0, 0],
        "defense_dice": [1, 1, 1, 1],
    }
    doc: dict[str, Any] = {
        "format": "fatesmith-encounter-script", "format_version": 2, "system": "sotc",
        "cast": [{"id": "ann", "npc": {"name": "Ann", "skills": {"Fists": 3}}},
                 {"id": "bob", "npc": {"name": "Bob", "skills": {"Athletics": 1}}}],
        "events": [{"do": "start"}, attack, attack],
    }  # fmt: skip
    script = tmp_path / "twice.json"
    script.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["encounter", "run", str(script)])
    out, err = capsys.readouterr()
    assert code == 2 and "Ann has already acted this exchange" in err
    doc["events"].insert(2, {"do": "gm_override", "who": "ann", "reason": "second wind"})
    script.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["encounter", "run", str(script)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "GM override: Ann may take one more action this exchange (second wind)" in out
