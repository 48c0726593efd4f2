"""Stress stunts in the window: an NPC written with One Hit to the Body chooses lower boxes
adding up to a hit that would roll up (SRD L3069), from Shift+O; Man of Iron rolls a hit down
(SRD L3083); the scene panel says what each option does."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.encounter.prompts import ChoicePrompt
from rules.encounter import ApplyStressEvent, AttackEvent, GmOverrideEvent, SetBoxEvent
from rules.systems.sotc.participant_options import options_of
from tests.gui.sotc_window import npc_with_health as npc
from tests.gui.sotc_window import started_window

X, E = True, False


NPCS = (
    npc("Brute", Fists=4, Alertness=4),
    npc("Tough", ("One Hit to the Body", "Thick Skinned", "Man of Iron"), Alertness=1),
    npc("Hardy", ("One Hit to the Body",), Alertness=0),
)


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any) -> Any:
    return started_window(qtbot, monkeypatch, registry, *NPCS)


def punch(window: Any, who: str, shifts: int) -> None:
    if window.doc.participant("brute").acted:  # staged hits: the GM allows a second punch
        assert window.push(GmOverrideEvent(who="brute", reason="staging a hit"))
    assert window.push(
        AttackEvent(attacker="brute", defender=who, skill="Fists", defense_skill="Athletics",
                    dice=(0, 0, 0, 0), defense_dice=(0, 0, 0, 0), modifier=shifts - 4)
    ), window.status.text()  # fmt: skip


def test_one_hit_to_the_body_from_the_o_key(
    window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = window.doc
    assert options_of(doc.participant("hardy")).fill_lower == ("health",)
    assert window.push(SetBoxEvent(who="hardy", track="health", box=4))
    punch(window, "hardy", 4)
    assert "lower boxes adding up to it (Shift+O)" in window.scene.pending.text()
    window.table.setFocus()
    qtbot.keyClick(window.table, "o", Qt.KeyboardModifier.ShiftModifier)
    assert doc.participant("hardy").track("health") == (X, E, X, X, E)
    assert doc.log[-1].event == ApplyStressEvent(who="hardy", boxes=(1, 3))
    doc.undo_stack.undo()
    assert doc.state.pending_hit is not None and doc.participant("hardy").track("health") == (
        E,
        E,
        E,
        X,
        E,
    )
    window.mark_stress()  # or the roll-up, as usual
    assert doc.participant("hardy").track("health") == (E, E, E, X, X)

    # a 5 with box 5 taken would roll off the track: 1+4 or 2+3 instead; the GM is asked
    assert window.push(SetBoxEvent(who="hardy", track="health", box=4, checked=False))
    punch(window, "hardy", 5)
    assert doc.state.pending_hit.box is None
    asked: list[Any] = []

    def choose(cls: Any, parent: Any, title: str, label: str, choices: Any) -> Any:
        asked.append([text for text, _ in choices])
        return choices[-1][1]

    monkeypatch.setattr(ChoicePrompt, "ask", classmethod(choose))
    window.fill_lower()
    assert asked == [["boxes 1 + 4", "boxes 2 + 3"]]
    assert doc.participant("hardy").track("health") == (E, X, X, E, X)


def test_man_of_iron_rolls_down_and_o_explains_when_it_cannot(window: Any) -> None:
    doc = window.doc
    assert options_of(doc.participant("tough")).roll_down == ("health",)
    assert window.push(SetBoxEvent(who="tough", track="health", box=3))
    punch(window, "tough", 3)
    assert "box 2 (Shift+S)" in window.scene.pending.text()  # rolls down, not up
    window.fill_lower()  # nothing to fill: lower boxes are free, the hit rolls down
    assert "cannot fill" in window.status.text()
    window.mark_stress()
    assert doc.participant("tough").track("health")[:3] == (E, X, X)
