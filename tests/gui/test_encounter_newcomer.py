"""The encounter window for a new game master (issue 14, "What a newcomer trips over"): the
current actor's row is readable in both themes, an empty encounter offers add buttons and a
quick-add from the library, Next turn is a visible button, a letter typed on the table does
nothing, one shortcut scheme serves every window and Help lists it, and the player view can
hide the GM's characters' stress while keeping their rows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.encounter.turn_model import BOXES_ROLE
from gui.theme import apply_theme, colour, contrast_ratio
from tests.gui.test_encounter_screens import SCRIPT, mid_fight


@pytest.fixture
def dark(qtbot: QtBot) -> Iterator[bool]:
    """The dark theme for one test (the light one again after)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    yield apply_theme(app, "dark")
    apply_theme(app, "light")


@pytest.fixture
def library(library_url: str, registry: Any) -> Iterator[Any]:
    from storage.library import Library

    with Library.open(library_url, registry=registry, samples=False) as lib:
        yield lib


def _row_colours(model: Any, pid: str) -> tuple[Any, Any]:
    index = model.index(model.row_of(pid), model.column_index["name"])
    back = index.data(Qt.ItemDataRole.BackgroundRole)
    fore = index.data(Qt.ItemDataRole.ForegroundRole)
    assert back is not None and fore is not None, "the current row sets both colours"
    return back.color(), fore.color()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_current_actors_row_is_readable_in_both_themes(
    qtbot: QtBot, registry: Any, theme: str
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)  # type: ignore[arg-type]
    try:
        window = mid_fight(qtbot, registry)
        current = window.doc.state.current
        assert current is not None
        view = window.show_player_view()
        qtbot.addWidget(view)
        for model in (window.model, view.model):
            back, fore = _row_colours(model, current)
            assert contrast_ratio(back, fore) >= 4.5, (theme, back.name(), fore.name())
        if theme == "dark":  # the row stands out from the dark table, not pale yellow
            assert back.lightness() < 128
        base = app.palette().base().color()
        for role in ("error", "warning", "ok", "muted", "todo", "hint"):
            assert contrast_ratio(colour(role), base) >= 3.0, (theme, role)  # type: ignore[arg-type]
    finally:
        apply_theme(app, "light")


def test_an_empty_encounter_offers_add_buttons_and_a_quick_add(
    qtbot: QtBot, library: Any, registry: Any, qtmodeltester: Any
) -> None:
    from storage.json_io import read_character_file

    jack = read_character_file(SCRIPT.parent / "characters/jack-corrigan.fatesmith.json", registry)
    library.save_character(jack, expected_version=None)
    window = open_encounter_window(library, None, registry, rng=random.Random(1))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    panel = window.empty_cast
    assert window.cast_stack.currentWidget() is panel  # not an empty table
    assert panel.add_character_button.isVisible() and panel.add_npc_button.isVisible()
    assert "Jack Corrigan" in panel.listed_names()
    qtmodeltester.check(panel.items)
    qtmodeltester.check(panel.proxy)
    qtbot.keyClicks(panel.search, "zzz")
    assert panel.listed_names() == []
    panel.search.clear()
    qtbot.keyClicks(panel.search, "jack")
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)  # Enter adds the first match
    assert [p.name for p in window.doc.state.participants] == ["Jack Corrigan"]
    assert window.cast_stack.currentWidget() is window.table
    window.doc.undo_stack.undo()  # empty again: the panel comes back
    assert window.cast_stack.currentWidget() is panel


def test_next_turn_is_a_button_and_single_letters_do_nothing(qtbot: QtBot, registry: Any) -> None:
    window = mid_fight(qtbot, registry)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    bar = window.findChild(type(window.addToolBar("probe")), "encounterToolbar")
    assert bar is not None
    button = bar.buttons["next_turn"]
    assert button.isVisible() and "Next turn" in button.text()
    steps = len(window.doc.log)
    window.table.setFocus()
    for letter in "nesxrcdfghtvz":  # typed on the table by accident: nothing happens
        qtbot.keyClick(window.table, letter)
    assert len(window.doc.log) == steps
    before = window.doc.state.current
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(window.doc.log) == steps + 1 and window.doc.state.current != before
    qtbot.keyClick(window.table, "n", Qt.KeyboardModifier.ShiftModifier)  # the scheme's key
    assert len(window.doc.log) == steps + 2


def test_one_shortcut_scheme_across_the_windows_listed_in_help(
    qtbot: QtBot, registry: Any, make_window: Any
) -> None:
    from gui.dialogs.shortcuts import ShortcutsDialog
    from gui.shortcuts import SHORTCUTS, clashes, key_text

    assert clashes() == []
    main = make_window()
    encounter = mid_fight(qtbot, registry)
    bound: dict[str, str] = {}
    for window in (main, encounter):
        for action in window.findChildren(type(main.act.new)):
            for sequence in action.shortcuts():
                text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
                meaning = action.text().replace("&", "").rstrip(".\u2026")
                if meaning.startswith(("Undo", "Redo")):  # "Undo <what>": the same command
                    meaning = meaning[:4]
                if text in bound:  # a key used in both windows means the same there
                    same = (
                        {"Print / Export PDF", "Print GM conflict sheet"},
                        {"Delete from Library", "Delete Encounter"},
                        {"Close Tab", "Close"},  # close what is in front: a tab, a window
                    )
                    assert bound[text] == meaning or any(
                        {bound[text], meaning} <= pair for pair in same
                    ), (text, bound[text], meaning)
                bound[text] = meaning
    # the main window's Ctrl+E / Ctrl+N / Ctrl+L no longer mean something else in the encounter
    for key in ("Ctrl+E", "Ctrl+N", "Ctrl+L"):
        assert key not in {
            s.toString(QKeySequence.SequenceFormat.PortableText)
            for a in encounter.actions()
            for s in a.shortcuts()
        }
    dialog = encounter.show_shortcuts()
    assert isinstance(dialog, ShortcutsDialog) and not dialog.isModal() and dialog.isVisible()
    listed = dialog.listed()
    for s in SHORTCUTS:
        assert (key_text(s.name), s.text) in listed
    assert main.show_shortcuts() is dialog  # one list for the app
    dialog.close()


def test_the_player_view_can_hide_npc_stress_but_keep_the_rows(qtbot: QtBot, registry: Any) -> None:
    window = mid_fight(qtbot, registry)
    view = window.show_player_view()
    qtbot.addWidget(view)
    model = view.model
    col = next(i for i, c in enumerate(model.columns) if c.track)
    names = view.visible_names()
    baron = model.row_of("baron")
    jack = model.row_of("jack")
    assert "\u2610" in str(model.index(baron, col).data())
    window.hide_npc_tracks.setChecked(True)
    assert view.visible_names() == names  # every row stays
    assert model.index(baron, col).data() == "\u2014"
    assert not model.index(baron, col).data(BOXES_ROLE)
    assert "\u2610" in str(model.index(jack, col).data())  # the players' own stress shows
    assert "\u2610" in str(window.model.index(window.model.row_of("baron"), col).data())  # GM
    window.hide_npc_tracks.setChecked(False)
    assert "\u2610" in str(model.index(baron, col).data())


def test_docs_list_the_same_shortcuts_as_the_app(qtbot: QtBot) -> None:
    from pathlib import Path

    from gui.shortcuts import markdown_table

    doc = Path(__file__).resolve().parents[2] / "docs" / "shortcuts.md"
    assert markdown_table() in doc.read_text(encoding="utf-8")


def test_a_tinted_label_follows_the_theme(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLabel

    from gui.theme import css, tint

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    label = QLabel("Not a die face")
    qtbot.addWidget(label)
    tint(label, "error")
    assert css("error", dark=False) in label.styleSheet()
    try:
        apply_theme(app, "dark")
        QApplication.processEvents()
        assert css("error", dark=True) in label.styleSheet()
    finally:
        apply_theme(app, "light")
    QApplication.processEvents()
    assert css("error", dark=False) in label.styleSheet()
