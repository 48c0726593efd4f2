"""GUI tests: Phase Three's "guest stars in your novel" list.

Book sections: SotC "Character Creation: Phase Three" (the worksheet's "Guest Stars in your
novel"), "Phase Four and Five (Guest Star)" (each novel gets one guest star per phase) and
"Adding Characters Later" (a late joiner asks for volunteers); digest sotc.md 2.2, 2.10.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import SetGuestStarsCommand
from gui.systems.sotc.creation.guest_stars import GuestStarsBox
from gui.systems.sotc.editor import CharacterEditor
from rules.systems.sotc.character import NovelRef, SotcCharacter
from tests.gui.test_character_commands import round_trip

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ADA = SotcCharacter(name="Ada Thorne")
NOVELS = [
    NovelRef(title="Dr. Vell and the Glass City", author="Dr. Vell", character_id=uuid.uuid4()),
    NovelRef(title="Kid Brass vs. the Iron Syndicate", author="Kid Brass",
             character_id=uuid.uuid4()),
    NovelRef(title="Ada Thorne and the Sand Engine!", author="Ada Thorne", character_id=ADA.id),
]  # fmt: skip


@pytest.fixture
def editor(qtbot: Any, sotc: Any) -> CharacterEditor:
    doc = CharacterDocument(ADA, sotc, version=None)
    widget = CharacterEditor(
        doc, novels=lambda: list(NOVELS), guest_stars=lambda: ["Kid Brass", "Dr. Vell"]
    )
    qtbot.addWidget(widget)
    widget.resize(1280, 640)
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_step("phase3")
    return widget


def box_of(editor: CharacterEditor) -> GuestStarsBox:
    box = editor.pages["phase3"].guest_box  # type: ignore[attr-defined]
    assert isinstance(box, GuestStarsBox)
    return box


def test_casting_fills_the_list_in_one_step_sotc_guest_star(
    qtbot: Any, editor: CharacterEditor
) -> None:
    """The campaign's casting names who guest-stars in the novel (SotC "Phase Four and Five")."""
    box = box_of(editor)
    doc = editor.document
    assert box.cast_button.isVisible()
    assert box.cast_button.text() == "Use the campaign's casting: Kid Brass, Dr. Vell"
    qtbot.mouseClick(box.cast_button, Qt.MouseButton.LeftButton)
    assert box.names() == ("Kid Brass", "Dr. Vell")
    assert doc.undo_stack.undoText() == "Add guest stars Kid Brass, Dr. Vell"
    assert [box.list.item(i).text() for i in range(box.list.count())] == ["Kid Brass", "Dr. Vell"]
    assert not box.cast_button.isEnabled()  # nothing left to take from the casting
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        editor.grab().save(str(SHOTS / "creation-phase3-guest-stars.png"))
    doc.undo_stack.undo()
    assert box.names() == ()
    assert box.list.count() == 0


def test_names_are_added_renamed_and_removed_by_keyboard_sotc_adding_characters_later(
    qtbot: Any, editor: CharacterEditor
) -> None:
    """A late joiner's volunteers are typed in; the other heroes are offered (own one not)."""
    box = box_of(editor)
    doc = editor.document
    offered = [box.name_box.itemText(i) for i in range(box.name_box.count())]
    assert offered == ["Dr. Vell", "Kid Brass"]  # not Ada herself
    box.name_box.setFocus()
    qtbot.keyClicks(box.name_box, "Lady Ash")
    qtbot.keyClick(box.name_box, Qt.Key.Key_Return)
    assert box.names() == ("Lady Ash",)
    assert doc.undo_stack.undoText() == "Add guest star Lady Ash"
    assert box.name_box.currentText() == ""
    box.name_box.setCurrentIndex(1)
    qtbot.mouseClick(box.add_button, Qt.MouseButton.LeftButton)
    assert box.names() == ("Lady Ash", "Kid Brass")
    box.list.item(0).setText("Lady Ashcroft")  # what an in-place edit commits
    assert box.names() == ("Lady Ashcroft", "Kid Brass")
    assert doc.undo_stack.undoText() == "Rename guest star Lady Ash to Lady Ashcroft"
    box.list.setCurrentRow(1)
    box.list.setFocus()
    qtbot.keyClick(box.list, Qt.Key.Key_Delete)
    assert box.names() == ("Lady Ashcroft",)
    assert doc.undo_stack.undoText() == "Remove guest star Kid Brass"
    box.add("lady ashcroft")  # already there (names compare without case)
    assert box.names() == ("Lady Ashcroft",)
    doc.undo_stack.undo()
    assert [box.list.item(i).text() for i in range(box.list.count())] == [
        "Lady Ashcroft",
        "Kid Brass",
    ]


def test_set_guest_stars_command_round_trips_and_cleans_names(sotc: Any) -> None:
    doc = CharacterDocument(ADA, sotc, version=None)
    command = SetGuestStarsCommand(doc, [" Kid Brass ", "", "kid brass", "Dr. Vell"])
    assert command.text() == "Add guest stars Kid Brass, Dr. Vell"
    round_trip(doc, command)
    assert doc.character.phase(3).guest_stars == ("Kid Brass", "Dr. Vell")  # type: ignore[attr-defined]


def test_without_casting_the_button_stays_hidden(qtbot: Any, sotc: Any) -> None:
    editor = CharacterEditor(CharacterDocument(ADA, sotc, version=None))
    qtbot.addWidget(editor)
    editor.show()
    editor.show_step("phase3")
    assert not box_of(editor).cast_button.isVisible()
    assert box_of(editor).name_box.count() == 0
