"""GUI tests: the visual skill pyramid: keyboard placement, drops, live problems, undo.

Book section: SotC "Skills" / "Character Creation: Skills" (pyramid of 1 Superb, 2 Great,
3 Good, 4 Fair, 5 Average; digest sotc.md 2.3, validator rule V7).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.models.pyramid_model import (
    CapacityRole,
    ProblemsRole,
    PyramidModel,
    SkillListModel,
    SkillsRole,
    skill_mime,
)
from gui.systems.sotc.widgets.pyramid_widget import PyramidWidget
from rules.systems.sotc.character import SotcCharacter

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

VALID = {
    "Athletics": 5,
    "Alertness": 4, "Pilot": 4,
    "Endurance": 3, "Resolve": 3, "Academics": 3,
    "Engineering": 2, "Empathy": 2, "Investigation": 2, "Guns": 2,
    "Rapport": 1, "Stealth": 1, "Science": 1, "Drive": 1, "Fists": 1,
}  # fmt: skip


def save_shot(widget: Any, name: str) -> None:
    """Save a screenshot for docs/ when FATESMITH_SCREENSHOTS is set (never in normal runs)."""
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(SHOTS / f"{name}.png"))


@pytest.fixture
def pyramid(qtbot: Any, sotc: Any) -> PyramidWidget:
    doc = CharacterDocument(SotcCharacter(name="Ada"), sotc, version=None)
    widget = PyramidWidget(doc)
    qtbot.addWidget(widget)
    widget.resize(1000, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def doc_of(pyramid: PyramidWidget) -> CharacterDocument:
    return pyramid._document


def test_models_pass_the_model_tester(qtmodeltester: Any, sotc: Any) -> None:
    doc = CharacterDocument(SotcCharacter(skills={"Guns": 4, "Fists": 4, "Drive": 4}), sotc,
                            version=None)  # fmt: skip
    skills = SkillListModel(doc)
    rungs = PyramidModel(doc)
    qtmodeltester.check(skills)
    qtmodeltester.check(rungs)
    great = rungs.index(1, 0)
    assert great.data(SkillsRole) == ("Drive", "Fists", "Guns")
    assert great.data(CapacityRole) == 2
    assert "the pyramid allows 2" in great.data(ProblemsRole)[0]
    assert "SotC" in great.data(Qt.ItemDataRole.ToolTipRole)
    # setData pushes an undoable command instead of mutating.
    row = skills.row_of("Guns")
    assert skills.setData(skills.index(row, 1), 0)
    assert doc.character.skill("Guns") == 0
    assert doc.undo_stack.undoText() == "Remove Guns from the pyramid"
    qtmodeltester.check(skills)


def test_keyboard_places_selected_skill_on_a_rung_sotc_skills(
    qtbot: Any, pyramid: PyramidWidget
) -> None:
    """Select a skill and press 5: it becomes the Superb apex (SotC "Skills")."""
    pyramid.select_skill("Athletics")
    qtbot.keyClick(pyramid.skill_view, Qt.Key.Key_5)
    doc = doc_of(pyramid)
    assert doc.character.skill("Athletics") == 5
    assert doc.undo_stack.undoText() == "Place Athletics at Superb (+5)"
    assert pyramid.rungs[5].slots[0].occupant == "Athletics"
    assert pyramid.rungs[5].count.text().startswith("1 of 1")
    qtbot.keyClick(pyramid.skill_view, Qt.Key.Key_0)
    assert doc.character.skill("Athletics") == 0
    doc.undo_stack.undo()
    assert pyramid.rungs[5].slots[0].occupant == "Athletics"


def test_break_and_fix_the_pyramid_live_sotc_v7(qtbot: Any, pyramid: PyramidWidget) -> None:
    """Three Great skills break the shape (V7); the rung says so in place, and fixing clears it."""
    for name in ("Guns", "Fists", "Drive"):
        pyramid.select_skill(name)
        qtbot.keyClick(pyramid.skill_view, Qt.Key.Key_4)
    great = pyramid.rungs[4]
    assert great.problem.isVisible()
    assert "Great (+4) has 3 skills" in great.problem.text()
    assert "SotC, Character Creation: Skills" in great.problem.toolTip()
    assert "1 too many" in great.count.text()
    assert len(great.slots) == 3 and great.slots[2].property("state") == "over"
    save_shot(pyramid, "creation-pyramid-invalid")
    # Fix it by keyboard from the pyramid itself: move the extra skill down to Fair.
    extra = great.slots[2]
    assert extra.occupant == "Guns"  # rungs list their skills alphabetically
    extra.setFocus()
    qtbot.keyClick(extra, Qt.Key.Key_2)
    assert not great.problem.isVisible()
    assert len(great.slots) == 2
    assert doc_of(pyramid).character.skill("Guns") == 2
    assert not doc_of(pyramid).problems_at("pyramid.4")
    assert doc_of(pyramid).undo_stack.undoText() == "Move Guns from Great (+4) to Fair (+2)"


def test_full_pyramid_reads_complete(qtbot: Any, sotc: Any) -> None:
    """All 15 skills placed: the summary says the pyramid is complete (SotC "Skills")."""
    doc = CharacterDocument(SotcCharacter(name="Ada", skills=VALID), sotc, version=None)
    widget = PyramidWidget(doc)
    qtbot.addWidget(widget)
    widget.resize(1000, 560)
    assert "complete" in widget.summary.text()
    assert not doc.problems_at("pyramid")
    assert all(not r.problem.isVisible() for r in widget.rungs.values())
    widget.show()
    qtbot.waitExposed(widget)
    save_shot(widget, "creation-pyramid-valid")


def test_drops_place_swap_and_replace_in_one_undo_step(pyramid: PyramidWidget) -> None:
    """Dragging onto the pyramid: place, swap two placed skills, replace a placed one."""
    doc = doc_of(pyramid)
    stack = doc.undo_stack
    pyramid.drop_skill("Guns", 4, "")
    pyramid.drop_skill("Fists", 2, "")
    assert doc.character.skills == {"Guns": 4, "Fists": 2}
    pyramid.drop_skill("Fists", 4, "Guns")  # placed onto placed: swap
    assert doc.character.skills == {"Guns": 2, "Fists": 4}
    assert stack.undoText() == "Swap Fists and Guns"
    count = stack.count()
    pyramid.drop_skill("Drive", 4, "Fists")  # unplaced onto placed: replace
    assert doc.character.skills == {"Guns": 2, "Drive": 4}
    assert stack.count() == count + 1
    assert stack.undoText() == "Replace Fists with Drive"
    stack.undo()
    assert doc.character.skills == {"Guns": 2, "Fists": 4}


def test_dropping_back_on_the_list_takes_the_skill_off(pyramid: PyramidWidget) -> None:
    doc = doc_of(pyramid)
    pyramid.place("Guns", 3)
    model = pyramid.skill_model
    mime = skill_mime("Guns")
    assert model.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, model.index(0, 0))
    assert model.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, model.index(0, 0))
    assert doc.character.skill("Guns") == 0


def test_focus_path_selects_skill_or_rung(qtbot: Any, pyramid: PyramidWidget) -> None:
    """A problem about a skill selects it; one about a rung focuses the rung's empty slot."""
    pyramid.activateWindow()
    pyramid.focus_path("skills.Guns")
    assert pyramid.current_skill() == "Guns"
    pyramid.focus_path("pyramid.3")
    qtbot.waitUntil(lambda: pyramid.rungs[3].slots[0].hasFocus())


def test_skill_filter_proxy_passes_the_model_tester(
    qtmodeltester: Any, pyramid: PyramidWidget
) -> None:
    """The skill list's search proxy, filtered and unfiltered."""
    proxy = pyramid._proxy
    qtmodeltester.check(proxy)
    pyramid.filter_edit.setText("ath")
    assert proxy.rowCount() >= 1
    assert all("ath" in proxy.index(r, 0).data().casefold() for r in range(proxy.rowCount()))
    qtmodeltester.check(proxy)
