"""GUI tests: build a complete SotC character through the guided flow by driving the widgets.

Book sections: SotC "Character Creation" (concept and name, the five phases with two aspects
each, the skill pyramid, five stunts; digest sotc.md 2.1-2.8).
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
from gui.systems.sotc.creation.phase_page import PhasePage
from gui.systems.sotc.editor import CharacterEditor
from rules.systems.sotc.character import NovelRef, SotcCharacter
from rules.validation import has_errors

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def save_shot(editor: CharacterEditor, key: str) -> None:
    """Save the page as docs/screenshots/creation-<key>.png when FATESMITH_SCREENSHOTS is set."""
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        editor.show_step(key)
        QApplication.processEvents()  # let layouts settle (hidden hints give their room back)
        SHOTS.mkdir(parents=True, exist_ok=True)
        editor.grab().save(str(SHOTS / f"creation-{key}.png"))


OTHER_NOVELS = [
    NovelRef(title="Dr. Vell and the Glass City", author="Dr. Vell", character_id=uuid.uuid4()),
    NovelRef(title="Kid Brass vs. the Iron Syndicate", author="Kid Brass",
             character_id=uuid.uuid4()),
]  # fmt: skip

PHASES = [
    ("Grew up on a Yorkshire airfield.", ("Oil in My Veins", "Stubborn as a Mule")),
    ("Ferried planes across the Channel.", ("Never Left Behind", "Owes the RAF")),
    ("Races a rival across the Sahara.", ("Dunes Are Just Slow Clouds", "A Rival in Every Port")),
    ("Flew the getaway plane.", ("Steady Hands at Night", "Friends in the Legion")),
    ("Mapped the storm.", ("I've Seen Worse Weather", "The Sky Remembers")),
]
PYRAMID_KEYS = {
    Qt.Key.Key_5: ["Athletics"],
    Qt.Key.Key_4: ["Alertness", "Pilot"],
    Qt.Key.Key_3: ["Endurance", "Resolve", "Academics"],
    Qt.Key.Key_2: ["Engineering", "Empathy", "Investigation", "Guns"],
    Qt.Key.Key_1: ["Rapport", "Stealth", "Science", "Drive", "Fists"],
}
STUNTS = ["Linguist", "Gift of Tongues", "Danger Sense", "Mighty Leap", "Walking Library"]


@pytest.fixture
def editor(qtbot: Any, sotc: Any) -> CharacterEditor:
    doc = CharacterDocument(SotcCharacter(), sotc, version=None)
    widget = CharacterEditor(doc, novels=lambda: list(OTHER_NOVELS))
    qtbot.addWidget(widget)
    widget.resize(1280, 640)  # a 1280x720 screen minus the main window's menus and tabs
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _type(qtbot: Any, widget: Any, text: str) -> None:
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def fill_phases(qtbot: Any, editor: CharacterEditor) -> None:
    for number, (events, aspects) in enumerate(PHASES, start=1):
        editor.show_step(f"phase{number}")
        page = editor.pages[f"phase{number}"]
        assert isinstance(page, PhasePage)
        if number == 3:
            _type(qtbot, page.title_edit, "Ada Thorne and the Sand Engine!")
        if number in (4, 5):
            # Keyboard choice: the first real novel for phase four, the second for phase five.
            page.novel_box.setFocus()
            for _ in range(number - 3):
                qtbot.keyClick(page.novel_box, Qt.Key.Key_Down)
        _type(qtbot, page.events_edit, events)
        if number == 2:
            _type(qtbot, page.mentor_edit, "Major Huw Pryce")
            _type(qtbot, page.fate_edit, "Retired to run a pub.")
        for edit, aspect in zip(page.aspect_edits, aspects, strict=True):
            _type(qtbot, edit, aspect)
        save_shot(editor, f"phase{number}")


def fill_skills_by_keyboard(qtbot: Any, editor: CharacterEditor) -> None:
    editor.show_step("skills")
    pyramid = editor.pages["skills"].pyramid  # type: ignore[attr-defined]
    for key, names in PYRAMID_KEYS.items():
        for name in names:
            pyramid.select_skill(name)
            qtbot.keyClick(pyramid.skill_view, key)
    save_shot(editor, "skills")


def pick_stunts(qtbot: Any, editor: CharacterEditor) -> None:
    editor.show_step("stunts")
    picker = editor.pages["stunts"].picker  # type: ignore[attr-defined]
    for name in STUNTS:
        _type(qtbot, picker.search_edit, name)
        picker.select_stunt(name)
        qtbot.keyClick(picker.tree, Qt.Key.Key_Return)
        picker.search_edit.clear()
    picker.select_stunt("Walking Library")
    save_shot(editor, "stunts")


def test_build_a_complete_character_through_the_flow_sotc_character_creation(
    qtbot: Any, editor: CharacterEditor, sotc: Any
) -> None:
    """Concept and name, five phases, pyramid by keyboard, five stunts: valid (SotC 2.1-2.8)."""
    doc = editor.document
    assert editor.current_step() == "concept"
    concept = editor.pages["concept"]
    _type(qtbot, concept.concept_edit, "Aviatrix with a scandalous past")  # type: ignore[attr-defined]
    _type(qtbot, concept.name_edit, "Ada Thorne")  # type: ignore[attr-defined]
    assert doc.character.name == "Ada Thorne"
    assert doc.undo_stack.undoText() == "Edit name"
    _type(qtbot, concept.description_edit, "Flies anything, owes everyone.")  # type: ignore[attr-defined]
    save_shot(editor, "concept")
    fill_phases(qtbot, editor)
    character: Any = doc.character
    assert character.phase(4).guest_star_in == OTHER_NOVELS[0]
    assert character.phase(5).guest_star_in == OTHER_NOVELS[1]
    assert character.phase(2).mentor == "Major Huw Pryce"
    fill_skills_by_keyboard(qtbot, editor)
    assert doc.character.skill("Athletics") == 5
    assert not doc.problems_at("pyramid")
    pick_stunts(qtbot, editor)
    problems = sotc.validate(doc.character)
    assert not has_errors(problems), [p.message for p in problems]
    assert editor.first_incomplete_step() == "review"
    assert "Complete" in editor.validation_panel.headline.text()
    assert editor.derived_panel.health.count() == 7  # Good Endurance: 5 + 2 (SotC "Endurance")
    assert "10" in editor.derived_panel.fate_label.text()  # refresh = 10 aspects
    save_shot(editor, "review")


def test_editor_resumes_on_the_first_incomplete_step(qtbot: Any, sotc: Any) -> None:
    """Creation can be left and resumed: the editor opens where the character stops."""
    started = SotcCharacter(name="Ada", concept="Aviatrix").with_phase(
        1, SotcCharacter().phase(1).model_copy(update={"events": "x", "aspects": ("A", "B")})
    )
    doc = CharacterDocument(started, sotc, version=3)
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    assert editor.current_step() == "phase2"
    assert editor.step_list.item(0).text().endswith("\u2713")


def test_validation_panel_click_takes_you_to_the_field(qtbot: Any, editor: CharacterEditor) -> None:
    """Clicking a problem shows its page and focuses its field (here Phase Two's mentor)."""
    panel = editor.validation_panel
    row = next(
        r for r in range(panel.model.rowCount())
        if panel.model.problem_at(r).path == "phases[1].mentor"
    )  # fmt: skip
    editor.activateWindow()
    panel.activate_row(row)
    assert editor.current_step() == "phase2"
    page = editor.pages["phase2"]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.mentor_edit)  # type: ignore[attr-defined]


def test_undo_and_redo_restore_widgets(qtbot: Any, editor: CharacterEditor) -> None:
    """Undo/redo through the document's stack updates the fields that show the value."""
    page = editor.pages["phase1"]
    editor.show_step("phase1")
    _type(qtbot, page.aspect_edits[0], "Born in the Saddle")  # type: ignore[attr-defined]
    stack = editor.document.undo_stack
    assert stack.count() == 1  # typing merges into one step
    stack.undo()
    assert page.aspect_edits[0].text() == ""  # type: ignore[attr-defined]
    stack.redo()
    assert page.aspect_edits[0].text() == "Born in the Saddle"  # type: ignore[attr-defined]


def test_guest_star_novel_can_be_typed_when_not_in_the_list(
    qtbot: Any, editor: CharacterEditor
) -> None:
    """Solo creation: a novel may be named by hand (SotC "Adding Characters Later")."""
    editor.show_step("phase4")
    page = editor.pages["phase4"]
    assert isinstance(page, PhasePage)
    page.novel_box.setFocus()
    qtbot.keyClick(page.novel_box, Qt.Key.Key_End)
    assert page.other_row.isVisible()
    _type(qtbot, page.other_title, "The GM's Lost Novel")
    qtbot.keyClick(page.other_title, Qt.Key.Key_Return)
    ref = editor.document.character.phase(4).guest_star_in  # type: ignore[attr-defined]
    assert ref is not None and ref.title == "The GM's Lost Novel"
