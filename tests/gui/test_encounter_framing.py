"""Framing the scene in the encounter window: name and kind, zones, borders, placement and scene
aspects, each one undoable step through the engine (SotC "Framing the Scene", SRD L1174-L1193,
digest 6.1 step 1 and 6.2; fragile and sticky aspects L1432-L1438, digest 5.7)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.prompts import AspectPrompt, BorderPrompt, ChoicePrompt, TextPrompt
from rules.conflict import replay
from rules.encounter import AddParticipantEvent, StartEvent
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.settings import SotcSettings


def answer(monkeypatch: pytest.MonkeyPatch, cls: Any, value: Any) -> None:
    monkeypatch.setattr(cls, "ask", classmethod(lambda *a, **k: value))


@pytest.fixture
def window(qtbot: QtBot, registry: Any) -> Any:
    w = open_encounter_window(None, None, registry, rng=random.Random(1))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    hero = npc_participant(
        pid="hero", name="Hero", skills={"Alertness": 2, "Empathy": 4}, rules=SotcSettings()
    )
    assert w.push(AddParticipantEvent(participant=hero))
    return w


def test_frame_a_scene_through_the_panel_and_undo_every_step(
    window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = window.scene
    panel.name.setText("Burning Zeppelin")
    panel.name.editingFinished.emit()
    panel.kind.setCurrentIndex(panel.kind.findData("social"))
    panel.kind.activated.emit(panel.kind.currentIndex())
    answer(monkeypatch, TextPrompt, "Gondola")
    panel.add_zone()
    answer(monkeypatch, TextPrompt, "Gas Bag")
    panel.add_zone()
    answer(monkeypatch, BorderPrompt, ("gondola", "gas-bag", 2))
    panel.edit_border()
    answer(monkeypatch, ChoicePrompt, "gas-bag")
    window.select("hero")
    window.table.setFocus()
    qtbot.keyClick(
        window.table, "z", Qt.KeyboardModifier.ShiftModifier
    )  # Shift+Z: place the selected participant
    answer(monkeypatch, AspectPrompt, ("On Fire", False, 1, False))
    panel.add_aspect()
    panel.select_aspect("a1")
    panel.toggle_sticky()
    panel.change_free_tags(1)
    panel.toggle_aspect_hidden()
    panel.select_zone("gondola")
    answer(monkeypatch, TextPrompt, "Cabin")
    panel.rename_zone()

    state = window.doc.state
    assert (state.name, state.kind) == ("Burning Zeppelin", "social")
    assert [(z.id, z.name) for z in state.zones] == [("gondola", "Cabin"), ("gas-bag", "Gas Bag")]
    assert [(b.between, b.value) for b in state.borders] == [(("gondola", "gas-bag"), 2)]
    assert state.find("hero").zone == "gas-bag"
    a = state.aspect("a1")
    assert a is not None and (a.text, a.sticky, a.free_tags, a.hidden) == ("On Fire", True, 2, True)
    assert "Cabin" in panel.zones.item(0).text() and "border 2" in panel.zones.item(2).text()
    assert "2 free tags" in panel.aspects.item(0).text()
    # the player view keeps a hidden scene aspect to the GM
    view = window.show_player_view()
    qtbot.addWidget(view)
    assert "On Fire" not in view.aspects.text()

    # the log replays to the same state, and every step undoes and redoes
    doc = window.doc
    assert replay(doc.rules, doc.initial, [e.event for e in doc.log])[0] == state
    stack = doc.undo_stack
    n = stack.count()
    assert n == 12
    while stack.canUndo():
        stack.undo()
    assert doc.state.zones == () and doc.state.name == "New encounter"
    assert panel.zones.count() == 0 and panel.name.text() == "New encounter"
    for _ in range(n):
        stack.redo()
    assert doc.state == state

    # removing: a border, an aspect, a zone (who stood there is off the map)
    answer(monkeypatch, BorderPrompt, ("gas-bag", "gondola", None))
    panel.edit_border()
    assert doc.state.borders == ()
    panel.select_aspect("a1")
    panel.remove_aspect()
    assert doc.state.aspects == ()
    panel.select_zone("gas-bag")
    panel.remove_zone()
    assert [z.id for z in doc.state.zones] == ["gondola"] and doc.state.find("hero").zone is None


def test_kind_is_locked_once_started_and_refusals_are_explained(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = window.scene
    answer(monkeypatch, TextPrompt, "Deck")
    panel.add_zone()
    panel.add_zone()  # same name: a distinct id
    assert [z.id for z in window.doc.state.zones] == ["deck", "deck-2"]
    assert window.push(StartEvent())
    assert not panel.kind.isEnabled()
    answer(monkeypatch, BorderPrompt, ("deck", "deck", 0))
    before = window.doc.undo_stack.count()
    panel.edit_border()
    assert window.doc.undo_stack.count() == before and "different" in window.status.text()


def test_a_click_on_a_stress_box_checks_that_box(window: Any, qtbot: QtBot) -> None:
    """The boxes are drawn larger than the table's text: a click lands on the box under the
    pointer (box N is a hit of N, SotC "Resolving Attacks", digest 6.5)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QFont, QFontMetrics

    window.resize(1280, 720)
    index = window.model.index(0, window.model.column_index["health"])
    rect = window.table.visualRect(index)
    font = index.data(Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont)
    width = QFontMetrics(font).horizontalAdvance("\u2612")
    for box in range(1, 6):
        x = rect.x() + 4 + int(width * (box - 0.5))
        qtbot.mouseClick(
            window.table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, rect.center().y())
        )
        health = window.doc.participant("hero").track("health")
        assert health == tuple(i == box - 1 for i in range(len(health))), box
        window.doc.undo_stack.undo()


def test_player_view_shows_zones_borders_and_who_is_where_but_not_the_hidden(
    window: Any, qtbot: QtBot
) -> None:
    """The players see the zones, the borders' values and who stands where (SotC "Framing the
    Scene", digest 6.2: zones and borders are public); a participant the GM hid stays off it."""
    from rules.encounter import AddZoneEvent, PlaceEvent, SetBorderEvent, SetHiddenEvent

    spy = npc_participant(pid="spy", name="The Spy", skills={}, rules=SotcSettings())
    assert window.push(AddParticipantEvent(participant=spy))
    view = window.show_player_view()
    qtbot.addWidget(view)
    assert view.places.isHidden()  # no zones yet: nothing to show
    for zid, name in (("gondola", "Gondola"), ("gas-bag", "Gas <Bag>"), ("deck", "Deck")):
        assert window.push(AddZoneEvent(zone=zid, name=name))
    assert window.push(SetBorderEvent(between=("gondola", "gas-bag"), value=2))
    assert window.push(SetBorderEvent(between=("gondola", "deck"), value=0))
    assert window.push(PlaceEvent(who="hero", zone="gondola"))
    assert window.push(PlaceEvent(who="spy", zone="gas-bag"))
    assert window.push(SetHiddenEvent(who="spy"))
    text = view.places.text()
    assert not view.places.isHidden()
    assert "Gondola: Hero" in text
    assert "Gas &lt;Bag&gt;: nobody" in text  # the hidden spy is not there; names escaped
    assert "The Spy" not in text
    assert "Gondola \u2194 Gas &lt;Bag&gt;: 2" in text and "Gondola \u2194 Deck: open" in text
    assert window.push(SetHiddenEvent(who="spy", hidden=False))
    assert "Gas &lt;Bag&gt;: The Spy" in view.places.text()
