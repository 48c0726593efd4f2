"""FATE 2.0 in the app: a character built phase by phase through the builder's widgets.

Sybil (FATE 2.0, 2. Character Creation: Sample Creation, with the tick tables of 2. Looking at
the Pyramid) is entered by keys and clicks, validated, saved to the library and reopened; the
unfixed phase three of "Looking at the Pyramid" is marked as the first phase that breaks.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.fate2.builder_model import PhaseGridModel
from gui.systems.fate2.commands import (
    AddExtraCommand,
    AddPhaseCommand,
    EditPhaseTextCommand,
    SetExtraTicksCommand,
    SetTicksCommand,
)
from gui.systems.fate2.flow import Fate2DerivedPanel
from gui.systems.fate2.pages import AspectsPage, ConceptPage, PhasesPage
from gui.systems.fate2.sheet_models import AspectModel, ExtraModel
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.fate2.character import Fate2Character, Fate2Extra
from rules.systems.fate2.settings import Fate2Settings, SkillDef
from rules.systems.fate2.system import Fate2System
from rules.validation import Severity

# Sybil's phases as "Looking at the Pyramid" ticks them (phase -> skills bought, one rank each).
SYBIL = (
    ("Herbalist", ("Knife", "Healing", "Herb Lore", "Alertness")),
    ("Gypsy", ("Knife", "Bluff", "Pickpocket", "Healing")),
    ("Gypsy", ("Knife", "Bluff", "Move Silently", "Hide")),
    ("Guild Thief", ("Pick Locks", "Pickpocket", "Bluff", "Hide")),
    ("Hunted", ("Knife", "Hide", "Alertness", "Streetwise")),
)
SYBIL_SKILLS = {
    "Knife": 3, "Bluff": 2, "Hide": 2, "Healing": 1, "Pickpocket": 1, "Alertness": 1,
    "Herb Lore": 0, "Move Silently": 0, "Pick Locks": 0, "Streetwise": 0,
}  # fmt: skip


@pytest.fixture
def fate2(registry: Any) -> Fate2System:
    system = registry.get("fate2")
    assert isinstance(system, Fate2System)
    return system


@pytest.fixture
def campaign() -> Fate2Settings:
    """Sybil's campaign: five phases, a list holding her skills."""
    return Fate2Settings(skills=tuple(SkillDef(name=n) for n in SYBIL_SKILLS))


def errors(document: CharacterDocument) -> list[str]:
    return [p.code for p in document.problems if p.severity is Severity.ERROR]


def edit_cell(
    qtbot: Any, page: PhasesPage, row_key: tuple[str, str], phase: int, text: str
) -> None:
    """Select a cell, F2, type, Enter: the keyboard path."""
    view, model = page.grid, page.model
    index = model.index(model.row_of(row_key), phase + 1)
    view.setCurrentIndex(index)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.indexWidget(index)
    assert isinstance(editor, (QLineEdit, QComboBox))
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(1)  # the delegate commits on a queued call


def tick(qtbot: Any, page: PhasesPage, skill: str, phase: int) -> None:
    """Buy one rank of ``skill`` in ``phase``: ``+`` on its cell, or the new-skill row."""
    model = page.model
    row = model.row_of(("skill", skill))
    if row < 0:
        edit_cell(qtbot, page, ("add", ""), phase, skill)
        return
    page.grid.setCurrentIndex(model.index(row, phase + 1))
    qtbot.keyClick(page.grid, Qt.Key.Key_Plus)


def build_sybil(qtbot: Any, document: CharacterDocument, view: CreationFlowView) -> PhasesPage:
    concept = view.pages["concept"]
    assert isinstance(concept, ConceptPage)
    qtbot.keyClicks(concept._fields["name"], "Sybil")
    page = view.pages["phases"]
    assert isinstance(page, PhasesPage)
    for phase, (aspect, skills) in enumerate(SYBIL):
        qtbot.mouseClick(page.add_phase, Qt.MouseButton.LeftButton)
        edit_cell(qtbot, page, ("field", "aspects"), phase, aspect)
        for skill in skills:
            tick(qtbot, page, skill, phase)
    return page


def make_view(qtbot: Any, fate2: Fate2System, settings: Fate2Settings) -> CreationFlowView:
    document = CharacterDocument(fate2.new_character(), fate2, version=None, settings=settings)
    ui = system_ui(fate2)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def test_sybil_built_phase_by_phase_validates_saves_and_reopens(
    qtbot: Any, fate2: Fate2System, campaign: Fate2Settings, registry: Any, tmp_path: Path
) -> None:
    """2. Sample Creation: five phases of four ticks; Gypsy twice is level 2; she validates."""
    from storage.library import Library

    view = make_view(qtbot, fate2, campaign)
    document = view.document
    build_sybil(qtbot, document, view)
    character = document.character
    assert isinstance(character, Fate2Character)
    assert character.skills == SYBIL_SKILLS
    assert {a.name: a.level for a in character.aspects} == {
        "Herbalist": 1, "Gypsy": 2, "Guild Thief": 1, "Hunted": 1,
    }  # fmt: skip
    assert errors(document) == []
    derived: Any = document.derived
    assert (derived.ranks_total, derived.ranks_spent, derived.fate_points) == (20, 20, 3)
    assert derived.pyramid_ok_by_phase == (True,) * 5
    panel = view.derived_panel
    assert isinstance(panel, Fate2DerivedPanel)
    assert "20 spent of 20" in panel.ranks.text() and "Great (+3)" in panel.peak.text()
    # A character at rest is not taken out: the box is empty (it always read a checked one).
    assert panel.wounds.text().endswith("Taken Out \u25a1")
    assert "\u2713 Complete" in view.validation_panel.headline.text()

    library = Library.open(
        f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry, samples=False
    )
    try:
        version = library.save_character(character, expected_version=None)
        stored = library.get_character(character.id)
        assert stored.character == character and stored.version == version
        reopened = CharacterDocument(stored.character, fate2, version=version, settings=campaign)
        assert errors(reopened) == []
        assert PhaseGridModel(reopened).columnCount() == 7  # name, five phases, sheet
    finally:
        library.close()

    # Every step undoes, and redoes to the same character.
    stack = document.undo_stack
    steps = stack.count()
    assert steps >= 5 + 5 + 20 + 1
    while stack.canUndo():
        stack.undo()
    assert document.character.phases == () and document.character.name == ""
    while stack.canRedo():
        stack.redo()
    assert document.character == character


def test_builder_marks_the_first_phase_that_breaks(
    qtbot: Any, fate2: Fate2System, campaign: Fate2Settings
) -> None:
    """2. Looking at the Pyramid: the unfixed phase three (Knife, Bluff, Alertness, Move
    Silently) leaves three Fair on three Average: phase 3 breaks, in red, with the reason."""
    view = make_view(qtbot, fate2, campaign)
    document = view.document
    page = view.pages["phases"]
    assert isinstance(page, PhasesPage)
    unfixed = ("Knife", "Bluff", "Alertness", "Move Silently")
    for phase, (aspect, skills) in enumerate(SYBIL[:3]):
        document.undo_stack.push(AddPhaseCommand(document))
        document.undo_stack.push(EditPhaseTextCommand(document, phase, "aspects", aspect))
        for skill in unfixed if phase == 2 else skills:
            have = document.character.phases[phase].ranks.get(skill, 0)
            document.undo_stack.push(SetTicksCommand(document, phase, skill, have + 1))
    model = page.model
    assert model.headerData(3, Qt.Orientation.Horizontal) == "3 \u2717"
    assert model.headerData(2, Qt.Orientation.Horizontal) == "2"
    assert model.headerData(3, Qt.Orientation.Horizontal, Qt.ItemDataRole.ForegroundRole)
    assert "Phase 3 (the first to break)" in page.reasons.text()
    assert "3 skills at Fair need at least 4 at Average" in page.reasons.text()
    if os.environ.get("FATESMITH_SCREENSHOTS"):  # docs/screenshots/fate2-builder-broken.png
        view.show_step("phases")
        qtbot.wait(20)  # let the layouts take the new texts before the grab
        folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        assert view.grab().save(str(folder / "fate2-builder-broken.png"))
    [problem] = [p for p in document.problems if p.code == "FATE2-pyramid-phase"]
    assert problem.path == "phases[2]"
    view.focus_path(problem.path)
    assert view.current_step() == "phases" and page.grid.currentIndex().column() == 3
    # Fixed as the book fixes it: Hide in place of Alertness.
    row = model.row_of(("skill", "Alertness"))
    page.grid.setCurrentIndex(model.index(row, 3))
    qtbot.keyClick(page.grid, Qt.Key.Key_Minus)
    tick(qtbot, page, "Hide", 2)
    assert model.headerData(3, Qt.Orientation.Horizontal) == "3"
    assert "balances at the end of every phase" in page.reasons.text()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert model.headerData(3, Qt.Orientation.Horizontal) == "3 \u2717"


def test_models_pass_the_model_tester(
    qtbot: Any, qtmodeltester: Any, fate2: Fate2System, campaign: Fate2Settings
) -> None:
    """The builder grid, aspects and extras tables are well-behaved Qt models."""
    view = make_view(qtbot, fate2, campaign)
    document = view.document
    build_sybil(qtbot, document, view)
    document.undo_stack.push(AddExtraCommand(document, Fate2Extra(name="Lucky Charm")))
    document.undo_stack.push(SetExtraTicksCommand(document, 4, "Lucky Charm", 1))
    for model in (
        PhaseGridModel(document, show_all=True),
        AspectModel(document),
        ExtraModel(document),
    ):
        qtmodeltester.check(model, force_py=True)


def test_aspects_and_extras_tables_edit_through_commands(
    qtbot: Any, fate2: Fate2System, campaign: Fate2Settings
) -> None:
    """Notes and checked boxes on an aspect; an extra's kind and rename (5. Extras)."""
    view = make_view(qtbot, fate2, campaign)
    document = view.document
    build_sybil(qtbot, document, view)
    aspects = view.pages["aspects"]
    assert isinstance(aspects, AspectsPage)
    model = aspects.model
    assert model.data(model.index(1, 1)) == "\u25a1\u25a1 Good (+2)"  # Gypsy, level 2
    assert model.setData(model.index(1, 4), "travelling folk")
    assert document.character.aspects[1].notes == "travelling folk"
    extras = ExtraModel(document)
    document.undo_stack.push(AddExtraCommand(document, Fate2Extra(name="Charm")))
    document.undo_stack.push(SetExtraTicksCommand(document, 0, "Charm", 1))
    assert extras.setData(extras.index(0, 0), "Lucky Charm")
    assert document.character.phases[0].extras == {"Lucky Charm": 1}
    assert document.character.extras[0].ranks == 1
    document.undo_stack.undo()
    assert document.character.phases[0].extras == {"Charm": 1}
