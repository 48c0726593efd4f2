"""Issue 13, Steely Gaze in the encounter window (SotC "Intimidation", SRD L3565: the two "can
only take Intimidation actions against each other"): an action the lock forbids is refused with
its reason on the status line and nothing logged; the GM's override (Shift+G, reason logged)
lets one such action through, the log naming what it overrode."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import NpcPrompt, TextPrompt
from rules.encounter import ApplyStressEvent, AttackEvent, NextTurnEvent, StartEvent

ZERO = (0, 0, 0, 0)


def npc(name: str, stunts: tuple[str, ...] = (), **skills: int) -> dict[str, Any]:
    return {"name": name, "skills": skills, "side": name, "stunts": stunts, "fate_points": 1}


def test_a_refused_action_says_why_and_the_gm_override_lets_one_through(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any
) -> None:
    window = open_encounter_window(None, None, registry, rng=random.Random(4))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    for answer in (
        npc("Ada", ("Steely Gaze",), Intimidation=4, Alertness=5),
        npc("Kid", Resolve=1, Athletics=2, Alertness=4),
    ):
        monkeypatch.setattr(NpcPrompt, "ask", classmethod(lambda *a, answer=answer, **k: answer))
        assert window.add_npc()
    ada, kid = (p.id for p in window.doc.state.participants)
    assert window.push(StartEvent())
    stare = AttackEvent(attacker=ada, defender=kid, skill="Intimidation",
                        defense_skill="Resolve", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert window.push(stare)
    assert window.push(ApplyStressEvent(who=kid))
    assert window.offers.take(0)  # Steely Gaze: Ada on Kid
    assert window.push(NextTurnEvent())
    assert window.doc.state.current == kid

    logged = window.log.count()
    window.select(kid)
    window.full_defense()  # Shift+D: not Intimidation on Ada
    assert "Kid is locked in a Steely Gaze with Ada" in window.status.text()
    assert "until it is broken" in window.status.text() and "L3565" not in window.status.text()
    assert window.log.count() == logged and not window.doc.state.find(kid).full_defense

    monkeypatch.setattr(TextPrompt, "ask", classmethod(lambda *a, **k: "the floor gives way"))
    window.gm_override()
    assert "the floor gives way" in window.log.item(window.log.count() - 1).text()
    window.full_defense()
    last = window.log.item(window.log.count() - 1).text()
    assert "(GM override: Kid is locked in a Steely Gaze with Ada" in last
    assert window.doc.state.find(kid).full_defense
