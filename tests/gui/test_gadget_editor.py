"""GUI tests: personal gadgets and artifacts: the editor, its models and commands.

Book sections: SotC "Gadgets and Gizmos: Personal Gadgets" (three improvements per Personal
Gadget stunt; Weird Science without the stunt costs one more improvement, Mad Science two),
"Improving Things" (the improvement list; which may repeat) and "Artifacts" (Arcane and Blessed
are for artifacts only; Futurization and Hair Trigger never); digest sotc.md 8.6, 8.7, 8.9.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QApplication

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import (
    AddGadgetCommand,
    AddImprovementCommand,
    EditTextCommand,
    RemoveGadgetCommand,
    RemoveImprovementCommand,
    SetGadgetKindCommand,
)
from gui.systems.sotc.editor import CharacterEditor
from gui.systems.sotc.models.gadget_model import (
    GadgetListModel,
    ImprovementCatalogModel,
    ImprovementModel,
    PathRole,
)
from gui.systems.sotc.widgets.gadget_editor import GadgetEditor
from rules.systems.sotc.character import Gadget, GadgetImprovement, SotcCharacter, StuntPick
from tests.gui.test_character_commands import round_trip

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GADGETEER = (StuntPick(name="Personal Gadget", skill="Engineering"),)


def harpoon(*improvements: str, kind: str = "personal") -> Gadget:
    return Gadget(
        name="Thunder Harpoon",
        base="harpoon gun",
        kind=kind,  # type: ignore[arg-type]
        improvements=tuple(GadgetImprovement(name=n) for n in improvements),
    )


def make_document(sotc: Any, *gadgets: Gadget, stunts: Any = GADGETEER) -> CharacterDocument:
    character = SotcCharacter(name="Ada", skills={"Engineering": 4}, stunts=stunts,
                              gadgets=gadgets)  # fmt: skip
    return CharacterDocument(character, sotc, version=None)


@pytest.fixture
def editor(qtbot: Any, sotc: Any) -> GadgetEditor:
    widget = GadgetEditor(make_document(sotc))
    qtbot.addWidget(widget)
    widget.resize(1000, 520)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def codes(doc: CharacterDocument) -> set[str]:
    return {p.code for p in doc.problems}


def test_models_pass_the_model_tester(qtbot: Any, qtmodeltester: Any, sotc: Any) -> None:
    doc = make_document(sotc, harpoon("Armed", "Arcane"), harpoon(kind="artifact"))
    gadgets = GadgetListModel(doc)
    improvements = ImprovementModel(doc)
    catalog = ImprovementCatalogModel(doc)
    improvements.set_gadget(0)
    catalog.set_gadget(0)
    for model in (gadgets, improvements, catalog):
        qtmodeltester.check(model)
    assert gadgets.index(0, 0).data() == "Thunder Harpoon"
    assert gadgets.index(1, 1).data() == "Artifact"
    assert improvements.index(1, 0).data(PathRole) == "gadgets[0].improvements[1]"
    # Arcane is artifact-only: the gadget shows it with the problem (SotC "Artifacts").
    assert "artifacts only" in improvements.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
    # setData pushes commands instead of mutating.
    assert gadgets.setData(gadgets.index(0, 0), "Sea Lance")
    assert doc.undo_stack.undoText() == "Edit \u201cThunder Harpoon\u201d name"
    assert improvements.setData(improvements.index(0, 1), "Fires a bayonet-tipped harpoon")
    assert doc.character.gadgets[0].improvements[0].detail.startswith("Fires")  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Edit Armed detail on \u201cSea Lance\u201d"
    qtmodeltester.check(gadgets)
    qtmodeltester.check(improvements)


CASES: list[tuple[str, Callable[[CharacterDocument], QUndoCommand], str]] = [
    ("add", lambda d: AddGadgetCommand(d), "Add personal gadget"),
    ("add-artifact", lambda d: AddGadgetCommand(d, Gadget(kind="artifact")),
     "Add personal artifact"),
    ("remove", lambda d: RemoveGadgetCommand(d, 0), "Remove \u201cThunder Harpoon\u201d"),
    ("kind", lambda d: SetGadgetKindCommand(d, 0, "artifact"),
     "Make \u201cThunder Harpoon\u201d a personal artifact"),
    ("improve", lambda d: AddImprovementCommand(d, 0, "Rugged"),
     "Add Rugged to \u201cThunder Harpoon\u201d"),
    ("unimprove", lambda d: RemoveImprovementCommand(d, 0, 0),
     "Remove Armed from \u201cThunder Harpoon\u201d"),
    ("base", lambda d: EditTextCommand(d, "gadgets[0].base", "whaling gun"),
     "Edit \u201cThunder Harpoon\u201d base item"),
    ("description", lambda d: EditTextCommand(d, "gadgets[0].description", "Loud."),
     "Edit \u201cThunder Harpoon\u201d description"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "factory", "text"), CASES, ids=[c[0] for c in CASES])
def test_gadget_commands_round_trip_with_meaningful_text(
    sotc: Any, key: str, factory: Callable[[CharacterDocument], QUndoCommand], text: str
) -> None:
    doc = make_document(sotc, harpoon("Armed"))
    command = factory(doc)
    assert command.text() == text
    round_trip(doc, command)


def test_allowance_is_live_used_of_allowed_sotc_personal_gadgets(
    qtbot: Any, editor: GadgetEditor
) -> None:
    """Personal Gadget gives 3 improvements (SotC "Personal Gadgets", digest 8.7)."""
    doc = editor._document
    assert "No improvements" not in editor.allowance.text()
    qtbot.mouseClick(editor.add_gadget_button, Qt.MouseButton.LeftButton)
    assert editor.current_gadget() == 0
    assert doc.undo_stack.undoText() == "Add personal gadget"
    qtbot.waitUntil(editor.name_edit.hasFocus)
    qtbot.keyClicks(editor.name_edit, "Thunder Harpoon")
    assert doc.character.gadgets[0].name == "Thunder Harpoon"  # type: ignore[attr-defined]
    assert doc.undo_stack.undoText() == "Edit gadget 1 name"  # typing merged into one step
    for name in ("Armed", "Rugged"):
        editor.select_improvement(name)
        qtbot.keyClick(editor.catalog_view, Qt.Key.Key_Return)
    assert "used: 2 of 3" in editor.allowance.text()
    assert "1 left" in editor.allowance.text()
    assert doc.undo_stack.undoText() == "Add Rugged to \u201cThunder Harpoon\u201d"
    # Speculative Science needs Weird Science: without the stunt it costs one more (2 in all).
    editor.add_improvement("Speculative Science")
    assert "used: 4 of 3" in editor.allowance.text()
    assert "SOTC-GADGET-improvements" in codes(doc)
    assert editor.list_problems.text()
    assert "allow 3" in editor.list_problems.text()
    assert "Weird Science without the stunt" in editor.gadget_problems.text()
    doc.undo_stack.undo()
    assert "used: 2 of 3" in editor.allowance.text()
    assert editor.list_problems.text() == ""  # none shown (its line is kept)


def test_artifact_only_improvement_is_marked_and_its_problem_shown_in_place_sotc_artifacts(
    qtbot: Any, sotc: Any
) -> None:
    """Arcane is for artifacts only, Futurization never for artifacts (SotC "Artifacts")."""
    doc = make_document(sotc, harpoon("Armed"))
    editor = GadgetEditor(doc)
    qtbot.addWidget(editor)
    assert not editor.is_available("Arcane")
    assert editor.is_available("Futurization")
    assert not editor.is_available("Armed")  # once per device, already on it
    assert editor.is_available("Rugged")  # repeatable
    editor.add_improvement("Arcane")  # allowed, but reported where it is
    assert "SOTC-GADGET-artifact-only" in codes(doc)
    assert "Arcane is for artifacts only" in editor.improvement_problems.text()
    row = editor.improvement_model.index(1, 0)
    assert row.data(Qt.ItemDataRole.DecorationRole) is not None
    editor.set_kind("artifact")
    assert doc.undo_stack.undoText() == "Make \u201cThunder Harpoon\u201d a personal artifact"
    assert editor.kind_box.currentData() == "artifact"
    assert "SOTC-GADGET-artifact-only" not in codes(doc)
    assert not editor.is_available("Futurization")
    assert editor.is_available("Arcane") is False  # already on it, once per device
    doc.undo_stack.undo()
    assert editor.kind_box.currentData() == "personal"


def test_derived_allowance_counts_what_the_validator_counts_sotc_personal_gadgets(
    sotc: Any,
) -> None:
    """Surcharges count; devices from other stunts do not draw on the allowance (digest 8.7)."""
    doc = make_document(
        sotc,
        harpoon("Speculative Science"),  # 1 + Weird Science surcharge 1
        harpoon("Armed", "Rugged", kind="other"),  # another stunt's device: 0
    )
    derived: Any = doc.derived
    assert derived.gadget_improvements_allowed == 3
    assert derived.gadget_improvements_used == 2
    assert "SOTC-GADGET-improvements" not in codes(doc)


def test_removing_gadgets_keeps_a_valid_selection(qtbot: Any, sotc: Any) -> None:
    doc = make_document(sotc, harpoon("Armed"), harpoon(kind="artifact"))
    editor = GadgetEditor(doc)
    qtbot.addWidget(editor)
    editor.gadget_view.setCurrentIndex(editor.gadget_model.index(1, 0))
    assert editor.current_gadget() == 1
    assert editor.kind_box.currentData() == "artifact"
    editor.remove_current()
    assert doc.undo_stack.undoText() == "Remove \u201cThunder Harpoon\u201d"
    assert editor.current_gadget() == 0
    assert editor.name_edit.text() == "Thunder Harpoon"
    editor.remove_current()
    assert editor.current_gadget() == -1
    assert not editor.form_box.isEnabled()
    assert editor.name_edit.text() == ""
    doc.undo_stack.undo()
    assert editor.current_gadget() == 0
    assert editor.form_box.isEnabled()


def test_focus_path_reaches_gadget_fields_from_the_validation_panel(qtbot: Any, sotc: Any) -> None:
    """A gadget problem in the list takes you to the Gadgets step and its field."""
    doc = make_document(sotc, harpoon("Armed"), Gadget(name="", kind="personal"))
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    editor.resize(1280, 640)
    editor.show()
    qtbot.waitExposed(editor)
    editor.activateWindow()
    panel = editor.validation_panel
    paths = [panel.model.problem_at(r).path for r in range(panel.model.rowCount())]
    row = paths.index("gadgets[1].name")
    panel.activate_row(row)
    assert editor.current_step() == "gadgets"
    gadgets = editor.pages["gadgets"].editor  # type: ignore[attr-defined]
    assert gadgets.current_gadget() == 1
    qtbot.waitUntil(lambda: QApplication.focusWidget() is gadgets.name_edit)
    editor.focus_path("gadgets[0].improvements[0]")
    assert gadgets.current_gadget() == 0
    assert gadgets.improvement_view.currentIndex().row() == 0
    qtbot.waitUntil(lambda: QApplication.focusWidget() is gadgets.improvement_view)
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        gadgets.select_improvement("Arcane")
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        editor.grab().save(str(SHOTS / "creation-gadgets.png"))


def test_review_lists_gadgets_and_stunt_details(qtbot: Any, sotc: Any) -> None:
    """The review page shows each device with its improvements and the allowance used."""
    stunts = (StuntPick(name="Personal Gadget", skill="Engineering", detail="the harpoon"),)
    doc = make_document(sotc, harpoon("Armed", "Rugged"), stunts=stunts)
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    text = editor.pages["review"].summary.text()  # type: ignore[attr-defined]
    assert "Personal Gadget (the harpoon)" in text
    assert "<b>Gadgets</b> (2 of 3 improvements)" in text
    assert "Thunder Harpoon (harpoon gun): Armed, Rugged" in text
