"""GUI tests: the stunt picker: search, prerequisites met/unmet and why, Quick Picks, custom.

Book sections: SotC "Stunts" (prerequisites, repeatable stunts; digest sotc.md 4 and rule V9),
"Quick Pick Stunt Packages" (sotc-stunts.md 2), custom stunts (SotC "What Stunts Do").
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.models.stunt_model import (
    UNAVAILABLE,
    ReasonsRole,
    StatusRole,
    StuntTreeModel,
    TakenStuntModel,
)
from gui.systems.sotc.widgets.stunt_picker import (
    CustomStuntDialog,
    PackageChoiceDialog,
    StuntPicker,
)
from rules.systems.sotc.character import SotcCharacter, StuntPick


@pytest.fixture
def picker(qtbot: Any, sotc: Any) -> StuntPicker:
    character = SotcCharacter(name="Ada", skills={"Academics": 5, "Athletics": 4, "Might": 4})
    widget = StuntPicker(CharacterDocument(character, sotc, version=None))
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def doc_of(picker: StuntPicker) -> CharacterDocument:
    return picker._document


def test_models_pass_the_model_tester(qtmodeltester: Any, picker: StuntPicker) -> None:
    qtmodeltester.check(picker.tree_model)
    qtmodeltester.check(picker.proxy)
    picker.take("Linguist")
    qtmodeltester.check(picker.taken_model)
    qtmodeltester.check(TakenStuntModel(doc_of(picker)))
    qtmodeltester.check(StuntTreeModel(doc_of(picker)))


def test_search_shows_unavailable_stunts_marked_with_the_reason_sotc_stunts(
    qtbot: Any, picker: StuntPicker
) -> None:
    """Gift of Tongues needs Linguist (SotC "Stunts", Academics): shown, greyed, explained."""
    qtbot.keyClicks(picker.search_edit, "tongues")
    proxy = picker.proxy
    assert proxy.rowCount() == 1  # only the Academics skill remains
    skill = proxy.index(0, 0)
    assert skill.data() == "Academics"
    stunt = proxy.index(0, 0, skill)
    assert stunt.data() == "Gift of Tongues"
    assert stunt.data(StatusRole) == UNAVAILABLE
    assert stunt.siblingAtColumn(1).data() == "Needs the stunt Linguist"
    assert stunt.data(ReasonsRole) == ("Needs the stunt Linguist",)


def test_take_a_stunt_whose_prerequisite_is_missing_and_see_why(
    qtbot: Any, picker: StuntPicker
) -> None:
    """Taking Gift of Tongues before Linguist is allowed but reported until Linguist is taken."""
    doc = doc_of(picker)
    picker.select_stunt("Gift of Tongues")
    assert picker.take_button.text() == "&Take anyway"
    assert "Needs the stunt Linguist" in picker.detail_text.text()
    qtbot.keyClick(picker.tree, Qt.Key.Key_Return)
    assert doc.character.stunt_names() == ("Gift of Tongues",)  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Take stunt Gift of Tongues"
    status = picker.taken_model.index(0, 2).data()
    assert "needs the stunt Linguist" in status
    assert [p.code for p in doc.problems_at("stunts[0]")] == ["SOTC-V9-prerequisite"]
    picker.take("Linguist")
    assert not doc.problems_at("stunts[0]")
    assert picker.taken_model.index(0, 2).data() == "OK"


def test_quick_pick_package_is_one_undoable_step_sotc_quick_picks(picker: StuntPicker) -> None:
    """Rosetta Stone adds Linguist, Gift of Tongues and Walking Library at once."""
    doc = doc_of(picker)
    index = picker.package_box.findData("Rosetta Stone")
    picker.package_box.setCurrentIndex(index)
    assert "Walking Library" in picker.package_text.text()
    picker.package_button.click()
    assert doc.character.stunt_names() == (  # type: ignore[attr-defined]
        "Linguist",
        "Gift of Tongues",
        "Walking Library",
    )
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == "Apply Quick Pick package Rosetta Stone"
    assert not doc.problems_at("stunts[1]")
    assert not picker.package_button.isEnabled()  # nothing left to add
    assert "3 of 5" in picker.counter.text()
    doc.undo_stack.undo()
    assert doc.character.stunt_names() == ()  # type: ignore[attr-defined]


def test_package_with_a_choice_asks_which_stunt(
    picker: StuntPicker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Wrestler package offers Unbound or Herculean Strength (SotC "Quick Pick")."""
    asked: list[str] = []

    def ask(cls: Any, parent: Any, package: Any) -> tuple[str, ...]:
        asked.append(package.name)
        return ("Herculean Strength",)

    monkeypatch.setattr(PackageChoiceDialog, "ask", classmethod(ask))
    picker.apply_package("Wrestler")
    assert asked == ["Wrestler"]
    names = doc_of(picker).character.stunt_names()  # type: ignore[attr-defined]
    assert "Herculean Strength" in names and "Unbound" not in names


def test_custom_stunt_is_flagged_for_the_gm(
    picker: StuntPicker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Custom stunts are allowed and flagged (SotC "What Stunts Do": GMs may add stunts)."""
    pick = StuntPick(name="Jury-Rig", skill="Engineering", custom=True, description="Fix it.")
    monkeypatch.setattr(CustomStuntDialog, "ask", classmethod(lambda cls, parent, skills: pick))
    picker.custom_button.click()
    doc = doc_of(picker)
    assert doc.undo_stack.undoText() == "Take custom stunt Jury-Rig"
    assert picker.taken_model.index(0, 0).data() == "Jury-Rig (custom)"
    codes = {p.code for p in doc.problems_at("stunts[0]")}
    assert "SOTC-W-custom-stunt" in codes


def test_delete_key_removes_a_stunt_and_only_mine_filters_skills(
    qtbot: Any, picker: StuntPicker
) -> None:
    doc = doc_of(picker)
    picker.take("Linguist")
    picker.take("Walking Library")
    picker.taken_view.setCurrentIndex(picker.taken_model.index(0, 0))
    qtbot.keyClick(picker.taken_view, Qt.Key.Key_Delete)
    assert doc.character.stunt_names() == ("Walking Library",)  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Remove stunt Linguist"
    picker.only_mine.setChecked(True)
    shown = {picker.proxy.index(r, 0).data() for r in range(picker.proxy.rowCount())}
    assert shown == {"Academics", "Athletics", "Might"}
