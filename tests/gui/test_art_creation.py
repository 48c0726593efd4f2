"""ART Engine in the app: an adventurer built through the creation flow's widgets, validated,
saved to a library and reopened; both attribute methods with their checks shown in place; the
gear pickers; the settings page; every model through qtmodeltester.

Section names are the book's (shared/seeds/art-engine-2012.txt, Chapter 2 "Creating an
Adventurer"; Chapter 6 "Buying Perks").
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox, QTableView

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.art.commands import RollAttributesCommand
from gui.systems.art.flow import ArtDerivedPanel
from gui.systems.art.gear_page import GearPage
from gui.systems.art.pages import (
    AdventurerPage,
    AttributesPage,
    GoalsPage,
    HealthPage,
    PerksPage,
    SkillsPage,
)
from gui.systems.art.settings_page import ArtSettingsPage
from gui.systems.art.ui import ArtUi
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.art.catalog import ATTRIBUTES
from rules.systems.art.character import ArtCharacter
from rules.systems.art.scale import Fortune
from rules.systems.art.settings import ArtSettings
from rules.systems.art.system import ArtSystem
from rules.validation import Severity

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PAIRS = {
    "AGI": "4+3", "ALE": "4+3", "CHA": "4+3", "CRA": "4+3", "CUN": "5+2",
    "DEX": "5+2", "FAT": "5+2", "INT": "6+1", "STA": "6+1", "STR": "6+1",
}  # fmt: skip
"""Balanced Method: every attribute 7, each number of the list used once (L464-468)."""


@pytest.fixture
def art(registry: Any) -> ArtSystem:
    system = registry.get("art")
    assert isinstance(system, ArtSystem)
    return system


def errors(document: CharacterDocument) -> list[str]:
    return [p.code for p in document.problems if p.severity is Severity.ERROR]


def make_view(
    qtbot: Any, art: ArtSystem, settings: ArtSettings | None = None, seed: int = 5
) -> CreationFlowView:
    document = CharacterDocument(art.new_character(), art, version=None, settings=settings)
    ui = system_ui(art)
    assert isinstance(ui, ArtUi)
    ui.rng = random.Random(seed)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def edit_cell(qtbot: Any, view: QTableView, row: int, column: int, text: str) -> None:
    """Select a cell, F2, type, Enter: the keyboard path."""
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.indexWidget(index)
    assert isinstance(editor, (QLineEdit, QComboBox, QSpinBox))
    if isinstance(editor, QComboBox):
        editor.setCurrentIndex(editor.findText(text))
    else:
        editor.clear() if isinstance(editor, QLineEdit) else editor.lineEdit().selectAll()
        qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(1)


def choose(combo: QComboBox, data: Any) -> None:
    """Pick an entry as a user does (``activated`` fires)."""
    index = combo.findData(data)
    assert index >= 0
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def save_shot(view: CreationFlowView, step: str, name: str) -> None:
    """docs/screenshots/art-<name>.png when FATESMITH_SCREENSHOTS is set."""
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        view.show_step(step)
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        view.grab().save(str(SHOTS / f"art-{name}.png"))


def build_ada(qtbot: Any, view: CreationFlowView) -> None:
    """Ada, made with the balanced method, by keys and clicks through every page."""
    pages = view.pages
    adventurer = pages["adventurer"]
    assert isinstance(adventurer, AdventurerPage)
    qtbot.keyClicks(adventurer._fields["name"], "Ada")

    attrs = pages["attributes"]
    assert isinstance(attrs, AttributesPage)
    qtbot.mouseClick(attrs.balanced_button, Qt.MouseButton.LeftButton)
    for row, key in enumerate(ATTRIBUTES):
        edit_cell(qtbot, attrs.view, row, 2, PAIRS[key])

    gear = pages["gear"]
    assert isinstance(gear, GearPage)
    choose(gear.armor, int(Fortune.MIDDLE_CLASS))
    qtbot.keyClicks(gear.armor_name, "chain shirt")
    choose(gear.weapon_class, "Blade")
    choose(gear.weapon_cost, int(Fortune.GETTING_BY))
    qtbot.mouseClick(_button(gear, "Add &weapon"), Qt.MouseButton.LeftButton)
    edit_cell(qtbot, gear.weapons_view, 0, 0, "sword")

    goals = pages["goals"]
    assert isinstance(goals, GoalsPage)
    qtbot.keyClicks(goals._fields["goals"], "Find the lost expedition.")

    skills = pages["skills"]
    assert isinstance(skills, SkillsPage)
    for name, rating in (("Climbing", 2), ("Swords", 1)):
        qtbot.keyClicks(skills.new_name, name)
        skills.new_rating.setValue(rating)
        qtbot.keyClick(skills.new_name, Qt.Key.Key_Return)

    perks = pages["perks"]
    assert isinstance(perks, PerksPage)
    row = next(i for i, p in enumerate(perks.catalog.perks.perks) if p.name == "Piloting")
    perks.catalog_view.setCurrentIndex(perks.catalog_model.index(row, 0))
    qtbot.mouseClick(perks.take_button, Qt.MouseButton.LeftButton)


def _button(page: Any, text: str) -> Any:
    from PySide6.QtWidgets import QPushButton

    return next(b for b in page.findChildren(QPushButton) if b.text() == text)


def test_ada_built_through_the_gui_validates_saves_and_reopens(
    qtbot: Any, art: ArtSystem, registry: Any, tmp_path: Path
) -> None:
    """Chapter 2 in order: balanced attributes (all 7), Health from Stamina, Fame 1, Fortune
    Middle Class from Fate 7 ("Fortune"), gear within it, goals, skills bought with XP =
    Intelligence ("Starting Experience": +2 costs 3, +1 costs 1), a perk (Piloting, 1 XP)."""
    from storage.library import Library

    view = make_view(qtbot, art)
    document = view.document
    build_ada(qtbot, view)
    c = document.character
    assert isinstance(c, ArtCharacter)
    assert c.name == "Ada" and c.attribute_method == "balanced"
    assert all(c.attribute(k) == 7 for k in ATTRIBUTES)
    assert c.armor is not None and c.armor.cost is Fortune.MIDDLE_CLASS
    assert c.armor.name == "chain shirt"
    assert [(w.name, w.weapon_class, w.cost) for w in c.weapons] == [
        ("sword", "Blade", Fortune.GETTING_BY)
    ]
    assert c.skills == {"Climbing": 2, "Swords": 1}
    assert [p.name for p in c.perks] == ["Piloting"]
    assert errors(document) == []
    derived: Any = document.derived
    assert (derived.xp_starting, derived.xp_spent, derived.xp_remaining) == (7, 5, 2)
    assert derived.fortune_name == "Middle Class" and [b.level for b in derived.health] == [
        "IN", "PR", "PR", "PS",
    ]  # fmt: skip
    panel = view.derived_panel
    assert isinstance(panel, ArtDerivedPanel)
    assert "Middle Class" in panel.fortune.text() and "XP left</b> 2" in panel.xp.text()
    assert "\u2713 Complete" in view.validation_panel.headline.text()
    save_shot(view, "attributes", "creation-attributes")
    save_shot(view, "health", "creation-health")
    save_shot(view, "gear", "creation-gear")
    save_shot(view, "perks", "creation-perks")

    library = Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry,
                           samples=False)  # fmt: skip
    try:
        version = library.save_character(c, expected_version=None)
        stored = library.get_character(c.id)
        assert stored.character == c and stored.version == version
        reopened = CharacterDocument(stored.character, art, version=version)
        assert errors(reopened) == []
    finally:
        library.close()

    stack = document.undo_stack
    while stack.canUndo():
        stack.undo()
    assert document.character.name == "" and document.character.attributes == {}
    while stack.canRedo():
        stack.redo()
    assert document.character == c


def test_balanced_checks_show_in_place(qtbot: Any, art: ArtSystem) -> None:
    """Balanced Method (L464-468): a pair that is not on the list is marked on its row."""
    view = make_view(qtbot, art)
    page = view.pages["attributes"]
    assert isinstance(page, AttributesPage)
    qtbot.mouseClick(page.balanced_button, Qt.MouseButton.LeftButton)
    edit_cell(qtbot, page.view, 0, 2, "6+6")
    edit_cell(qtbot, page.view, 1, 2, "6+6")
    model = page.model
    assert "ART-CC4-number-overused" in errors(view.document)
    assert "struck off more often" in page.check_label.text()
    edit_cell(qtbot, page.view, 2, 2, "9")  # not two numbers: refused, nothing changes
    assert "CHA" not in view.document.character.attributes
    edit_cell(qtbot, page.view, 2, 1, "12")
    assert model.data(model.index(2, 3)) and "12" in str(model.data(model.index(2, 1)))
    save_shot(view, "attributes", "creation-balanced-checks")


def test_random_method_rolls_once_and_marks_scores_not_rolled(qtbot: Any, art: ArtSystem) -> None:
    """Random Method (L458-460): ten rolls of 2d6; redo gives the same rolls; a score no
    unused roll gave is marked on its row with the message as tooltip."""
    view = make_view(qtbot, art, seed=11)
    document = view.document
    page = view.pages["attributes"]
    assert isinstance(page, AttributesPage)
    view.show_step("attributes")
    assert not page.roll_button.isVisible()
    qtbot.mouseClick(page.random_button, Qt.MouseButton.LeftButton)
    assert page.roll_button.isVisible()
    qtbot.mouseClick(page.roll_button, Qt.MouseButton.LeftButton)
    rolls = document.character.attribute_rolls
    assert len(rolls) == 10 and all(2 <= r <= 12 for r in rolls)
    assert rolls == RollAttributesCommand(document, random.Random(11)).rolls
    document.undo_stack.undo()
    assert document.character.attribute_rolls == ()
    document.undo_stack.redo()
    assert document.character.attribute_rolls == rolls
    assert ", ".join(map(str, rolls)) in page.rolls_label.text()
    edit_cell(qtbot, page.view, 0, 1, str(rolls[0]))
    missing = next(n for n in range(2, 13) if n not in rolls)
    edit_cell(qtbot, page.view, 1, 1, str(missing))
    model = page.model
    tip = model.data(model.index(1, 1), Qt.ItemDataRole.ToolTipRole)
    assert "no unused roll" in tip
    assert model.data(model.index(1, 1), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole) is None


def test_narrators_method_locks_the_other(qtbot: Any, art: ArtSystem) -> None:
    """Determining Attributes: the narrator decides the method."""
    view = make_view(qtbot, art, ArtSettings(attribute_method="random"))
    page = view.pages["attributes"]
    assert isinstance(page, AttributesPage)
    assert page.random_button.isEnabled() and not page.balanced_button.isEnabled()


def test_health_fame_fortune_treasures_and_trophies(qtbot: Any, art: ArtSystem) -> None:
    """Health boxes check and uncheck as undoable edits; Fortune from Fate; a treasure's value
    is picked from the Fortune ranks ("Treasures")."""
    view = make_view(qtbot, art)
    document = view.document
    document.undo_stack.push(RollAttributesCommand(document, random.Random(1)))
    page = view.pages["health"]
    assert isinstance(page, HealthPage)
    page.health.setValue(7)
    assert document.character.health_rank == 7
    assert page.box_checks[3].text().startswith("PS")
    qtbot.mouseClick(page.box_checks[3], Qt.MouseButton.LeftButton)
    assert document.character.health_checked[3] is True
    document.undo_stack.undo()
    assert not any(document.character.health_checked)
    qtbot.mouseClick(_button(page, "Add treasure"), Qt.MouseButton.LeftButton)
    treasures = page._fields["treasures"]
    assert isinstance(treasures, QTableView)
    edit_cell(qtbot, treasures, 0, 1, "Wealthy")
    assert document.character.treasures[0].value is Fortune.WEALTHY
    choose(page.fortune, int(Fortune.RICH))
    assert document.character.fortune is Fortune.RICH


def test_gear_cost_above_fortune_is_marked_on_the_weapon(qtbot: Any, art: ArtSystem) -> None:
    """Gear (L525-541): at creation an item above Fortune is an error, shown on its cost."""
    view = make_view(qtbot, art)
    build_ada(qtbot, view)
    page = view.pages["gear"]
    assert isinstance(page, GearPage)
    edit_cell(qtbot, page.weapons_view, 0, 2, "Filthy Rich")
    model = page.weapons
    assert "ART-CC25-cost" in errors(view.document)
    assert "costs Filthy Rich" in model.data(model.index(0, 2), Qt.ItemDataRole.ToolTipRole)
    view.focus_path("weapons[0].cost")
    assert view.current_step() == "gear"


def test_models_pass_qtmodeltester(qtbot: Any, art: ArtSystem, qtmodeltester: Any) -> None:
    view = make_view(qtbot, art)
    build_ada(qtbot, view)
    pages: Any = view.pages
    for model in (
        pages["attributes"].model,
        pages["gear"].weapons,
        pages["gear"].gear,
        pages["health"].treasures,
        pages["health"].trophies,
        pages["skills"].model,
        pages["perks"].catalog_model,
        pages["perks"].owned,
    ):
        qtmodeltester.check(model, force_py=True)


def test_settings_page_round_trip(qtbot: Any, art: ArtSystem) -> None:
    ui = system_ui(art)
    page = ui.settings_page(ArtSettings(attribute_method="balanced", shotgun_attack=2))
    qtbot.addWidget(page)
    assert isinstance(page, ArtSettingsPage)
    assert page.settings() == ArtSettings(attribute_method="balanced", shotgun_attack=2)
    choose(page.henchman, "middle")
    assert page.settings().henchman_trait == "middle"
    assert ui.settings_title() and ui.campaign_pages(None, None, page) == ()  # type: ignore[arg-type]
    assert [e.key for e in ui.data_editors()] == ["action-results-table"]  # type: ignore[attr-defined]


def test_new_adventurer_from_the_file_menu_opens_the_art_flow(make_window: Any) -> None:
    """The shell finds the ART plug-in from its registration line: File > New Adventurer opens
    the creation flow with the derived panel in a tab, and the Roll button opens the dice."""
    from gui.shell.characters import default_editor as default_editor_factory
    from gui.systems.art.dice_panel import ArtDiceDialog
    from gui.systems.art.flow import ArtCreationFlow

    window = make_window(editor=default_editor_factory)
    file_menu = window.menuBar().actions()[0].menu()
    file_menu.aboutToShow.emit()
    [new] = [
        a for a in file_menu.actions() if a.text().replace("&", "").startswith("New Adventurer")
    ]
    new.trigger()
    tab = window.documents.current()
    assert tab is not None and isinstance(tab.document.character, ArtCharacter)
    assert isinstance(tab.editor.flow, ArtCreationFlow)
    panel = tab.editor.derived_panel
    assert isinstance(panel, ArtDerivedPanel) and panel.dice_button is not None
    qtbot_dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ArtDiceDialog)]
    panel.dice_button.click()
    dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ArtDiceDialog)]
    assert len(dialogs) == len(qtbot_dialogs) + 1
    dialog = dialogs[-1]
    assert "No Action Results Table is loaded" in dialog.panel.status.text()
    dialog.close()
