"""GUI tests: writing an encounter's results to the library characters is undoable, in one
transaction, refused when a character was saved elsewhere since; an open tab of a written
character shows what was stored (nothing is lost by a click)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from gui.encounter import open_encounter_window
from gui.shell import MainWindow
from storage.json_io import read_character_file

CHARACTERS = Path(__file__).resolve().parents[2] / "docs/examples/encounters/characters"
CASES = [  # every registered system, each with a sample character of its own
    ("sotc", "jack-corrigan.fatesmith.json"),
    ("strange-fate", "strange-fate-professor-hale.fatesmith.json"),
    ("fate2", "finn.fatesmith.json"),
    ("art", "art-ada.fatesmith.json"),
]


def action(window: Any, text: str) -> QAction:
    """The menu entry of ``window`` whose text starts with ``text`` (mnemonics ignored)."""
    for menu_action in window.menuBar().actions():
        for entry in menu_action.menu().actions():
            if entry.text().replace("&", "").startswith(text):
                return entry
    raise AssertionError(f"no menu entry {text!r}")


def setup(make_window: Any, qtbot: Any, registry: Any, system: str, filename: str) -> Any:
    """The main window; two library characters of ``system``, the first open in a tab; an
    encounter window (opened through the main window) with both in its cast, each with the
    first box of its first track checked."""
    window: MainWindow = make_window()
    window.show()
    library = window.library
    first = read_character_file(CHARACTERS / filename, registry)
    second = first.model_copy(update={"id": uuid.uuid4(), "name": f"{first.name} II"})
    for c in (first, second):
        library.save_character(c, expected_version=None)
    before = {c.id: library.get_character(c.id) for c in (first, second)}
    tab = window.characters.open_character(first.id)
    assert tab is not None and not tab.is_modified()

    draft = open_encounter_window(library, None, registry, system=system)
    qtbot.addWidget(draft)
    for c in (first, second):
        assert draft.add_character(before[c.id].character), draft.status.text()
    record_id = draft.doc.record_id
    draft.close()
    encounter = window.encounters.open_encounter(record_id)
    assert encounter is not None
    qtbot.addWidget(encounter)
    track = next(c.key for c in encounter.model.columns if c.track)
    for p in encounter.doc.state.participants:
        encounter.toggle_box(p.id, track, 1)
        assert encounter.doc.state.find(p.id).track(track)[0]
    return window, encounter, tab, before


@pytest.mark.parametrize(("system", "filename"), CASES)
def test_write_results_then_undo_restores_the_characters(
    make_window: Any, qtbot: Any, registry: Any, system: str, filename: str
) -> None:
    window, encounter, tab, before = setup(make_window, qtbot, registry, system, filename)
    library = window.library
    assert not encounter.undo_results_button.isVisible()
    action(encounter, "Write results to the characters").trigger()
    assert "Results written to 2 character(s)" in encounter.status.text()
    after = {i: library.get_character(i) for i in before}
    for i, stored in after.items():
        assert stored.version > before[i].version
        assert stored.character != before[i].character  # the checked box went in
    # the open tab shows the stored results, clean at the stored version
    assert tab.document.character == after[tab.document.character.id].character
    assert tab.document.version == after[tab.document.character.id].version
    assert not tab.is_modified()

    # Edit > Undo names the write; the status line's Undo button takes it back
    undo = action(encounter, "Undo")
    assert "Write results to 2 character(s)" in undo.text()
    assert encounter.undo_results_button.isVisible()
    qtbot.mouseClick(encounter.undo_results_button, Qt.MouseButton.LeftButton)
    assert "Undone" in encounter.status.text()
    assert not encounter.undo_results_button.isVisible()
    for i, stored in before.items():
        assert library.get_character(i).character == stored.character
    assert tab.document.character == before[tab.document.character.id].character
    assert not tab.is_modified()
    # the encounter itself is untouched by the undo
    track = next(c.key for c in encounter.model.columns if c.track)
    assert all(p.track(track)[0] for p in encounter.doc.state.participants)

    # redo writes the results again
    encounter.doc.undo_stack.redo()
    for i, stored in after.items():
        assert library.get_character(i).character == stored.character


@pytest.mark.parametrize(("system", "filename"), CASES[:2])
def test_undo_is_refused_when_a_character_changed_since(
    make_window: Any, qtbot: Any, registry: Any, system: str, filename: str
) -> None:
    window, encounter, _tab, before = setup(make_window, qtbot, registry, system, filename)
    library = window.library
    assert encounter.save_results() == 2
    written = {i: library.get_character(i) for i in before}
    second = list(before)[1]
    renamed = written[second].character.model_copy(update={"name": "Renamed Elsewhere"})
    library.save_character(renamed, expected_version=written[second].version)

    action(encounter, "Undo").trigger()
    status = encounter.status.text()
    assert "Cannot undo the results" in status and "saved elsewhere" in status
    # all or nothing: the first character keeps its results too, the rename stays
    first = next(iter(before))
    assert library.get_character(first).character == written[first].character
    assert library.get_character(second).character.name == "Renamed Elsewhere"
    # nothing is left to take back
    assert "Write results" not in encounter.doc.undo_stack.undoText()
    assert "Write results" not in encounter.doc.undo_stack.redoText()


def test_a_tab_with_unsaved_edits_is_left_alone(
    make_window: Any, qtbot: Any, registry: Any
) -> None:
    from gui.documents.commands import ReplaceCharacterCommand

    window, encounter, tab, before = setup(make_window, qtbot, registry, *CASES[0])
    document = tab.document
    edited = document.character.model_copy(update={"name": "My Unsaved Name"})
    document.undo_stack.push(ReplaceCharacterCommand(document, edited, "Rename"))
    assert encounter.save_results() == 2
    assert document.character.name == "My Unsaved Name" and tab.is_modified()
    assert document.version == before[document.character.id].version  # saving will ask
    assert "unsaved edits" in window.statusBar().currentMessage()
