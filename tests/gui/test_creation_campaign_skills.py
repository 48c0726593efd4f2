"""GUI tests: a campaign that renames Guns to Bows and drops Mysteries.

Book sections: SotC "Guns" (a low-tech game may call the skill Bows, L1937), "Mysteries" (the GM
may drop the skill, L5782) and "Character Creation: Skills" (the pyramid is drawn from the
campaign's skill list; digest sotc.md 2.8 V7).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.documents.character_document import CharacterDocument
from gui.models.base import IdRole
from gui.systems.sotc.editor import CharacterEditor
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import SotcSettings

BOWS = SotcSettings(renamed_skills={"Guns": "Bows"}, removed_skills=("Mysteries",))


def make_editor(qtbot: Any, sotc: Any, character: SotcCharacter) -> CharacterEditor:
    doc = CharacterDocument(character, sotc, version=None, settings=BOWS)
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    editor.resize(1280, 640)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


@pytest.fixture
def editor(qtbot: Any, sotc: Any) -> CharacterEditor:
    return make_editor(qtbot, sotc, SotcCharacter(name="Robin"))


def shown_skills(editor: CharacterEditor) -> list[str]:
    view = editor.pages["skills"].pyramid.skill_view  # type: ignore[attr-defined]
    model = view.model()
    return [str(model.index(r, 0).data(IdRole)) for r in range(model.rowCount())]


def test_skill_list_and_pyramid_show_bows_not_guns_or_mysteries_sotc_skills(
    qtbot: Any, editor: CharacterEditor
) -> None:
    """The campaign's 27 skills: Bows instead of Guns, no Mysteries (SotC L1937, L5782)."""
    editor.show_step("skills")
    pyramid = editor.pages["skills"].pyramid  # type: ignore[attr-defined]
    names = shown_skills(editor)
    assert "Bows" in names
    assert "Guns" not in names and "Mysteries" not in names
    assert len(names) == 27
    pyramid.select_skill("Bows")
    qtbot.keyClick(pyramid.skill_view, Qt.Key.Key_4)
    doc = editor.document
    assert doc.character.skills == {"Bows": 4}
    assert doc.undo_stack.undoText() == "Place Bows at Great (+4)"
    assert [s.occupant for s in pyramid.rungs[4].slots] == ["Bows", ""]
    assert not [p for p in doc.problems if p.code == "SOTC-V7-unknown-skill"]
    # The stunt tree names the skill the campaign's way and leaves Mysteries out.
    tree = editor.pages["stunts"].picker.tree_model  # type: ignore[attr-defined]
    skills = [tree.index(r, 0).data() for r in range(tree.rowCount())]
    assert "Bows" in skills and "Guns" not in skills and "Mysteries" not in skills
    # Fast creation's apex choice and a custom stunt's skill offer the same list.
    concept = editor.pages["concept"]
    apex = [concept.apex_box.itemText(i) for i in range(concept.apex_box.count())]  # type: ignore[attr-defined]
    assert "Bows" in apex and "Guns" not in apex and "Mysteries" not in apex


def test_a_book_skill_the_campaign_renamed_is_flagged_and_can_be_taken_off_sotc_v7(
    qtbot: Any, sotc: Any
) -> None:
    """A character rated in Guns is told the campaign renamed it, and can remove it (V7)."""
    editor = make_editor(qtbot, sotc, SotcCharacter(name="Robin", skills={"Guns": 2}))
    doc = editor.document
    problem = next(p for p in doc.problems if p.code == "SOTC-V7-unknown-skill")
    assert "removed or renamed" in problem.message
    assert "Guns" in shown_skills(editor)  # listed so it can be taken off
    editor.activateWindow()
    editor.focus_path(problem.path)
    pyramid = editor.pages["skills"].pyramid  # type: ignore[attr-defined]
    assert pyramid.current_skill() == "Guns"
    assert "is not a skill in this campaign" in pyramid.other_problems.text()
    qtbot.keyClick(pyramid.skill_view, Qt.Key.Key_Delete)
    assert doc.character.skills == {}
    assert "Guns" not in shown_skills(editor)
