"""Test helpers (tests layer) shared by the SotC encounter-window tests: an encounter window
opened with NPCs added through the NPC prompt and the conflict started, and a participant's id
by name."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import NpcPrompt
from rules.encounter import StartEvent


def started_window(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, registry: Any, *answers: dict[str, Any]
) -> Any:
    """A shown encounter window (seeded rng 4) with one NPC per NPC-prompt answer, started.

    Each answer is deep-copied first, so answers kept in a module constant stay fresh per test.
    """
    w = open_encounter_window(None, None, registry, rng=random.Random(4))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    for answer in map(copy.deepcopy, answers):
        monkeypatch.setattr(NpcPrompt, "ask", classmethod(lambda *a, answer=answer, **k: answer))
        assert w.add_npc()
    assert w.push(StartEvent())
    return w


def participant_id(window: Any, name: str) -> str:
    """The id of the window's participant called ``name``."""
    return next(p.id for p in window.doc.state.participants if p.name == name)


def npc(name: str, stunts: tuple[str, ...] = (), fp: int = 0, **skills: int) -> dict[str, Any]:
    """An NPC-prompt answer on a side of its own with ``fp`` fate points."""
    return {"name": name, "skills": skills, "side": name, "stunts": stunts, "fate_points": fp}


def npc_with_health(name: str, stunts: tuple[str, ...] = (), **skills: int) -> dict[str, Any]:
    """An NPC-prompt answer on a side of its own with 5 Health boxes."""
    return {"name": name, "skills": skills, "side": name, "stunts": stunts, "tracks": {"health": 5}}
