"""GUI tests: fast character creation, and switching a fast character to standard creation.

Book section: SotC "Fast Character Creation" and "Creation on the Fly" (a name and a sentence or
two, the apex skill, two aspects, a fate point per aspect; the rest written in during play; the
validator then checks only the pyramid's shape and the counts; digest sotc.md 2.9, W3).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import SetCreationModeCommand
from gui.systems.sotc.creation.concept_page import ConceptPage
from gui.systems.sotc.editor import CharacterEditor
from rules.systems.sotc.character import SotcCharacter
from rules.validation import Severity

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def editor(qtbot: Any, sotc: Any) -> CharacterEditor:
    widget = CharacterEditor(CharacterDocument(SotcCharacter(), sotc, version=None))
    qtbot.addWidget(widget)
    widget.resize(1280, 640)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def concept_of(editor: CharacterEditor) -> ConceptPage:
    page = editor.pages["concept"]
    assert isinstance(page, ConceptPage)
    return page


def errors(editor: CharacterEditor) -> list[str]:
    return [p.code for p in editor.document.problems if p.severity is Severity.ERROR]


def test_fast_creation_needs_only_the_first_page_sotc_fast_character_creation(
    qtbot: Any, editor: CharacterEditor
) -> None:
    """Name and description, the apex skill and two aspects: ready to play with 2 fate points."""
    page = concept_of(editor)
    doc = editor.document
    assert not page.fast_box.isVisible()
    indicator = QPoint(8, page.fast_radio.height() // 2)  # the round button itself
    qtbot.mouseClick(page.fast_radio, Qt.MouseButton.LeftButton, pos=indicator)
    assert doc.character.creation_mode == "fast"  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Switch to fast creation"
    assert page.fast_box.isVisible()
    assert "fast creation" in editor.steps_label.text()
    qtbot.keyClicks(page.name_edit, "Kid Brass")
    page.description_edit.setFocus()
    qtbot.keyClicks(page.description_edit, "A boxer from Chicago who never stays down.")
    page.apex_box.setFocus()
    qtbot.keyClick(page.apex_box, Qt.Key.Key_Down)  # the first skill of the list
    first = doc.skill_names()[0]
    assert doc.character.skill(first) == 5
    page.set_apex("Fists")
    assert doc.character.skills == {"Fists": 5}
    assert doc.undo_stack.undoText() == "Make Fists the Superb skill"
    assert page.apex_box.currentText() == "Fists"
    aspects = ("Glass Jaw of Iron", "Owes the Mob")
    for edit, aspect in zip(page.fast_aspect_edits, aspects, strict=True):
        qtbot.keyClicks(edit, aspect)
    assert doc.character.all_aspects() == ("Glass Jaw of Iron", "Owes the Mob")  # type: ignore[attr-defined]
    assert errors(editor) == []
    assert editor.first_incomplete_step() == "review"
    derived: Any = doc.derived
    assert derived.fate_points == 2  # one per aspect written
    # What is left are notes, not errors: set Athletics, Endurance, Resolve, Alertness early.
    assert "early" in page.fast_problems.text()
    save_shot(editor, "fast")
    editor.show_step("skills")
    assert "Fast creation" in editor.pages["skills"].pyramid.summary.text()  # type: ignore[attr-defined]
    editor.show_step("stunts")
    assert "fast creation" in editor.pages["stunts"].picker.counter.text()  # type: ignore[attr-defined]


def test_switching_to_standard_asks_for_the_phases_and_undo_switches_back(
    qtbot: Any, sotc: Any
) -> None:
    """A fast character can be finished the standard way: then the five phases are checked."""
    fast = SotcCharacter(name="Kid Brass", description="Boxer.", creation_mode="fast",
                         skills={"Fists": 5})  # fmt: skip
    doc = CharacterDocument(fast, sotc, version=None)
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    assert "SOTC-V2-events" not in errors(editor)
    page = concept_of(editor)
    page.standard_radio.click()
    assert doc.undo_stack.undoText() == "Switch to standard creation"
    assert "SOTC-V2-events" in errors(editor)
    assert editor.first_incomplete_step() == "phase1"
    assert editor.steps_label.text() == "<b>Steps</b>"
    assert page.fast_box.isHidden()
    doc.undo_stack.undo()
    assert page.fast_radio.isChecked()
    assert not page.fast_box.isHidden()
    assert editor.first_incomplete_step() == "review"


def test_fast_start_notes_lead_to_the_first_page(qtbot: Any, editor: CharacterEditor) -> None:
    """Clicking "starts with the apex skill" focuses the apex box on the first page."""
    editor.document.undo_stack.push(SetCreationModeCommand(editor.document, "fast"))
    editor.show_step("stunts")
    editor.activateWindow()
    panel = editor.validation_panel
    paths = [panel.model.problem_at(r).path for r in range(panel.model.rowCount())]
    panel.activate_row(paths.index("pyramid.5"))
    assert editor.current_step() == "concept"
    qtbot.waitUntil(lambda: QApplication.focusWidget() is concept_of(editor).apex_box)


def save_shot(editor: CharacterEditor, key: str) -> None:
    """docs/screenshots/creation-<key>.png when FATESMITH_SCREENSHOTS is set."""
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        editor.show_step("concept")
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        editor.grab().save(str(SHOTS / f"creation-{key}.png"))
