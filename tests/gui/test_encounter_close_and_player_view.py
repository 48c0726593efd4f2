"""The player view at its default size and the Close commands of the encounter windows (issue
#23): at 1100x620 a SotC table of three PCs with their ten aspects each (SotC "Aspects": two
per phase) and three villains shows every row without scrolling, the Aspects column is not
squeezed by a long consequence; the player view closes with Esc, Ctrl+W or its Close command,
and the encounter window has File > Close (Ctrl+W, the app's one Close key, gui/shortcuts.py).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from gui.encounter import open_encounter_window
from gui.shortcuts import keys
from rules.encounter import AddAspectEvent, AddParticipantEvent, StartEvent, TakeConsequenceEvent

TEN = (
    "Veteran of the Great War", "Friends in Low Places", "Can't Say No to a Lady",
    "Fists of Fury", "Lucky Devil", "The Century Club Remembers", "Reckless Courage",
    "Owes the Mob", "Sworn Enemy of the Baron", "Just in Time",
)  # fmt: skip
CAST = (
    ("jack", "players", TEN), ("sally", "players", TEN), ("prof", "players", TEN),
    ("baron", "gm", ("Iron-Willed Baron of the Black Forest", "Everything Has Its Price")),
    ("thug", "gm", ("Hired Muscle From the Docks",)),
    ("spy", "gm", ("A Face In Every Crowd", "Loyal Only To Gold")),
)  # fmt: skip


@pytest.fixture
def window(qtbot: Any, registry: Any, tmp_path: Path) -> Any:
    from storage.library import Library

    lib = Library.open(f"sqlite:///{tmp_path / 'l.db'}", registry=registry, samples=False)
    win = open_encounter_window(lib, None, lib.registry, rng=random.Random(1), system="sotc")
    qtbot.addWidget(win)
    cr = win.doc.conflict_rules
    for seat, (pid, side, aspects) in enumerate(CAST):
        p = cr.npc_participant(pid=pid, name=pid.title(), skills={"Alertness": 4 - seat % 4},
                               aspects=aspects, side=side, seat=seat)  # fmt: skip
        assert win.push(AddParticipantEvent(participant=p))
    assert win.push(StartEvent())
    assert win.push(AddAspectEvent(text="On Fire", holder="baron"))
    for text in ("Dislocated Shoulder and a Ringing Head", "Bruised Ribs and a Black Eye"):
        assert win.push(TakeConsequenceEvent(who="jack", text=text))
    win.show()
    qtbot.waitExposed(win)
    yield win
    lib.close()


def _activate(qtbot: Any, widget: Any) -> None:
    widget.raise_()
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)


def test_the_player_view_shows_everyone_at_its_default_size(qtbot: Any, window: Any) -> None:
    view = window.show_player_view()
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    assert (view.width(), view.height()) == (1100, 620)
    table = view.table
    assert table.verticalScrollBar().maximum() == 0, "rows scroll out of the view"
    assert table.horizontalScrollBar().maximum() == 0, "columns scroll out of the view"
    viewport = table.viewport().rect()
    for row in range(view.model.rowCount()):
        rect = table.visualRect(view.model.index(row, 0))
        assert viewport.contains(rect), (row, rect, viewport)
    aspects = table.columnWidth(view.model.column_index["aspects"])
    assert aspects >= viewport.width() // 4, aspects
    view.grab().save("/tmp/player-view-1100x620.png")


def test_the_player_view_closes_with_esc_ctrl_w_and_its_command(qtbot: Any, window: Any) -> None:
    view = window.show_player_view()
    qtbot.addWidget(view)
    for close in ("Esc", "Ctrl+W", "command"):
        assert window.show_player_view() is view
        qtbot.waitExposed(view)
        _activate(qtbot, view)
        if close == "command":
            view.close_action.trigger()
        else:
            key = QKeySequence(close)[0]
            qtbot.keyClick(view, key.key(), key.keyboardModifiers())
        qtbot.waitUntil(lambda: not view.isVisible())
    assert window.isVisible()


def test_the_encounter_window_has_file_close(qtbot: Any, window: Any) -> None:
    menus = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert menus[0] == "File", menus
    close = window.actions_by_name["close"]
    assert close.shortcuts() == keys("close") and QKeySequence("Ctrl+W") in close.shortcuts()
    view = window.show_player_view()
    qtbot.addWidget(view)
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())
    assert not view.isVisible()  # the player view goes with it


def test_the_player_view_shows_names_and_aspects_as_text_never_markup(
    qtbot: Any, registry: Any
) -> None:
    """A name or an aspect written like markup (``<img src=x>``) is shown as typed on the
    players' screen, never interpreted (Qt's rich text would draw it, or load the image)."""
    win = open_encounter_window(None, None, registry, rng=random.Random(1), system="sotc")
    qtbot.addWidget(win)
    cr = win.doc.conflict_rules
    hostile = "<img src=x>Mallory"
    for seat, (pid, name) in enumerate((("m", hostile), ("j", "Jack"))):
        p = cr.npc_participant(pid=pid, name=name, skills={"Alertness": 2}, side="gm",
                               seat=seat)  # fmt: skip
        assert win.push(AddParticipantEvent(participant=p))
    assert win.push(StartEvent())
    assert win.push(AddAspectEvent(text="<b>Burning</b> Warehouse"))
    assert win.push(AddAspectEvent(text="<i>Cornered</i>", holder="m"))
    view = win.show_player_view()
    qtbot.addWidget(view)
    assert view.heading.textFormat() == Qt.TextFormat.PlainText
    text = view.aspects.text()
    assert "&lt;b&gt;Burning&lt;/b&gt; Warehouse" in text
    assert "&lt;i&gt;Cornered&lt;/i&gt; (on &lt;img src=x&gt;Mallory)" in text
    assert "<b>Burning" not in text and "<img" not in text
