"""A system with no encounter prompts of its own still gets a working encounter window: the
generic NPC dialog asks for its tracks, the turn-order model and the player view draw boxes that
hold wound levels, and rolls throw its 2d6 (the made-up system of
tests/rules/test_encounter_fake_system.py; issue 9, "Conflicts, generic")."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.encounter.document import EncounterDocument
from gui.encounter.prompts import NpcPrompt
from gui.encounter.system_prompts import GenericEncounterPrompts
from gui.encounter.turn_model import BOXES_ROLE, TurnOrderModel
from gui.encounter.window import EncounterWindow
from rules.encounter import AttackEvent, GmOverrideEvent, SetBoxEvent, StartEvent
from tests.rules.test_encounter_fake_system import CR, fake_encounter


@pytest.fixture
def window(qtbot: QtBot) -> EncounterWindow:
    document = EncounterDocument(fake_encounter(), CR)
    w = EncounterWindow(document, rng=random.Random(5))
    qtbot.addWidget(w)
    return w


def test_the_generic_window_runs_a_conflict_with_levels_and_2d6(window: EncounterWindow) -> None:
    assert isinstance(window.prompts, GenericEncounterPrompts)
    assert window.scene.system_controls is None  # nothing of another system's on the panel
    assert "Physical conflicts hit Wounds" in window.scene.kind.toolTip()
    model = window.model
    col = model.column_index["wounds"]
    assert model.headerData(col, Qt.Orientation.Horizontal) == "Wounds"
    assert window.push(StartEvent())
    hit = AttackEvent(attacker="ada", defender="brute", skill="Sword", defense_skill="Club",
                      dice=(6, 6), defense_dice=(1, 1))  # fmt: skip
    assert window.push(hit)
    window.mark_stress()  # S: 2 + 5 against 1 - 5: 11 shifts, a level-4 wound in box 1
    brute = model.row_of("brute")
    assert model.data(model.index(brute, col)) == "4\u2610\u2610\u2610"
    assert model.data(model.index(brute, col), BOXES_ROLE) == [True, False, False, False]
    window.toggle_box("brute", "wounds", 2)  # a click checks a box at level 1
    assert window.doc.participant("brute").track("wounds") == (4, 1, 0, 0)  # type: ignore[union-attr]
    assert window.push(SetBoxEvent(who="brute", track="wounds", box=3, level=2))
    assert model.data(model.index(brute, col)) == "4\u2612" + "2\u2610"
    # dice left blank are thrown from the system's pool (a second attack this exchange:
    # the GM allows it, issue 13's action economy)
    assert window.push(GmOverrideEvent(who="ada", reason="a second swing"))
    assert window.push(hit.model_copy(update={"dice": None, "defense_dice": None}))
    rolled = window.doc.log[-1].event
    assert isinstance(rolled, AttackEvent) and rolled.dice is not None
    assert len(rolled.dice) == 2 and all(1 <= f <= 6 for f in rolled.dice)
    view = window.show_player_view()
    public = view.model
    assert view.visible_names() == ["Ada", "Brute"]
    row = public.row_of("brute")
    assert public.data(public.index(row, public.column_index["wounds"])).startswith("4\u2612")
    rows = window.sheet_rows()
    assert [t.label for t in rows[1].tracks] == ["Wounds"]


def test_the_turn_model_passes_the_model_tester(qtmodeltester: Any) -> None:
    document = EncounterDocument(fake_encounter(), CR)
    model = TurnOrderModel(document)
    qtmodeltester.check(model)
    assert [c.header for c in model.columns][:4] == ["Init", "Name", "Status", "Wounds"]


def test_the_generic_npc_dialog_asks_for_the_systems_tracks(
    window: EncounterWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = NpcPrompt(CR, None, known_skills=("Sword", "Club", "Reflexes", "Body"))
    qtbot.addWidget(dialog)
    assert list(dialog.track_spins) == ["wounds"]
    assert dialog.skills.placeholderText() == "Sword 3, Club 2, Reflexes 1"
    dialog.skills.setText("Club 2, Body 2")
    assert dialog.preview.text() == "Wounds 5 boxes"  # the system's size: 3 + Body
    answer = dialog.answer()
    assert answer["tracks"] == {"wounds": 5} and "stunts" not in answer
    monkeypatch.setattr(NpcPrompt, "ask", classmethod(lambda *a, **k: {**answer, "name": "Ox"}))
    assert window.add_npc()
    ox = window.doc.participant("ox")
    assert ox is not None and ox.track("wounds") == (0,) * 5 and ox.options == {"tier": 1}
