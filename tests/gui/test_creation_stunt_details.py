"""GUI tests: per-take stunt details and custom stunts' skill and description, on the stunts page.

Book sections: SotC "Stunts" (Linguist may be taken more than once, each take adding languages;
Scholar and Contact are taken per field or per person; digest sotc.md 2.4 and rule V9) and
"What Stunts Do" (a custom stunt names its skill and is approved by the GM).
"""

from __future__ import annotations

from typing import Any

import pytest

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import (
    EditTextCommand,
    SetStuntSkillCommand,
    TakeStuntCommand,
)
from gui.systems.sotc.widgets.stunt_picker import StuntPicker, detail_hint
from rules.systems.sotc.character import SotcCharacter, StuntPick

LINGUIST = StuntPick(name="Linguist", skill="Academics")
JURY_RIG = StuntPick(name="Jury-Rig", custom=True)


@pytest.fixture
def picker(qtbot: Any, sotc: Any) -> StuntPicker:
    character = SotcCharacter(
        name="Ada", skills={"Academics": 5, "Engineering": 3}, stunts=(LINGUIST, LINGUIST)
    )
    widget = StuntPicker(CharacterDocument(character, sotc, version=None))
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_each_take_of_linguist_keeps_its_own_languages_sotc_stunts(
    qtbot: Any, picker: StuntPicker
) -> None:
    """Linguist repeats, five languages per take (SotC "Stunts", Academics: Linguist)."""
    doc = picker._document
    picker.select_take(1)
    assert picker.current_take() == 1
    assert picker.detail_label.text() == "&Details (2):"
    assert "5 languages" in picker.detail_edit.placeholderText()
    assert not picker.custom_skill_box.isVisible()  # catalogue stunts keep the book's skill
    qtbot.keyClicks(picker.detail_edit, "Arabic, Greek")
    character: Any = doc.character
    assert [p.detail for p in character.stunts] == ["", "Arabic, Greek"]
    assert doc.undo_stack.undoText() == "Edit Linguist details"
    assert doc.undo_stack.count() == 1  # typing merges into one step
    assert picker.taken_model.index(1, 0).data() == "Linguist: Arabic, Greek"
    picker.select_take(0)
    assert picker.detail_edit.text() == ""
    doc.undo_stack.undo()
    picker.select_take(1)
    assert picker.detail_edit.text() == ""
    doc.undo_stack.redo()
    assert picker.detail_edit.text() == "Arabic, Greek"


def test_custom_stunt_skill_and_description_are_editable_sotc_what_stunts_do(
    qtbot: Any, picker: StuntPicker
) -> None:
    """A custom stunt needs a skill (V9) and says what it does; both editable, undoable."""
    doc = picker._document
    doc.undo_stack.push(
        EditTextCommand(doc, "name", "Ada")  # an unrelated step first: undo must stop at ours
    )
    doc.undo_stack.push(TakeStuntCommand(doc, JURY_RIG))
    picker.select_take(2)
    assert picker.custom_skill_box.isVisible()
    assert picker.custom_description_edit.isVisible()
    assert "needs a skill" in picker.take_problems.text()
    picker.set_custom_skill("Engineering")
    assert doc.character.stunts[2].skill == "Engineering"  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Set Jury-Rig skill to Engineering"
    assert picker.take_problems.text() == ""  # none shown (its line is kept)
    qtbot.keyClicks(picker.custom_description_edit, "Fix anything for one scene.")
    assert doc.character.stunts[2].description == "Fix anything for one scene."  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Edit Jury-Rig description"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert picker.custom_skill_box.currentIndex() == -1
    assert "needs a skill" in picker.take_problems.text()


def test_focus_path_reaches_a_custom_stunt_skill(qtbot: Any, sotc: Any) -> None:
    """The V9 custom-skill problem's path ``stunts[i].skill`` focuses the skill box."""
    doc = CharacterDocument(SotcCharacter(name="Ada", stunts=(JURY_RIG,)), sotc, version=None)
    picker = StuntPicker(doc)
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    picker.activateWindow()
    problem = next(p for p in doc.problems if p.code == "SOTC-V9-custom-skill")
    picker.focus_path(problem.path)
    qtbot.waitUntil(picker.custom_skill_box.hasFocus)


def test_set_stunt_skill_round_trip(sotc: Any) -> None:
    doc = CharacterDocument(SotcCharacter(stunts=(JURY_RIG,)), sotc, version=None)
    before = doc.character
    doc.undo_stack.push(SetStuntSkillCommand(doc, 0, "Engineering"))
    after = doc.character
    doc.undo_stack.undo()
    assert doc.character == before
    doc.undo_stack.redo()
    assert doc.character == after
    with pytest.raises(ValueError):
        SetStuntSkillCommand(doc, 3, "Guns")


def test_detail_hints_follow_the_catalogue(sotc: Any) -> None:
    """Hints come from what the stunt grants: languages, a companion, a device."""
    catalog = sotc.catalog
    assert "languages" in detail_hint(catalog.stunt("Linguist"))
    assert "Who it is" in detail_hint(catalog.stunt("Contact"))
    assert "device" in detail_hint(catalog.stunt("Personal Gadget"))
    assert "field of study" in detail_hint(catalog.stunt("Scholar"))
    assert "optional" in detail_hint(catalog.stunt("Danger Sense"))
