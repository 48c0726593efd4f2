"""Strange Fate in the app: a full character built through the real widgets, in the book's
order («Character Creation», L331-L346), validated, saved and reopened; the skill designer
(trappings clicked on the diagram, bracketed details, Extras, Drawbacks, the live breakdown,
sample skills in one step); the derived budgets; the campaign settings page.

The character is the Oxford don of the rules tests (tests/rules/strange_fate_builders.py): the
Oxford Professor of «Putting It Together» (L1376-L1380) designed on the diagram, the sample
Strength Training (L3011 onwards) added in one step, six Common skills bought by rating.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from gui.documents.character_document import CharacterDocument
from gui.plugins import system_ui
from gui.systems.strange_fate.designer import SkillDesigner
from gui.systems.strange_fate.flow import StrangeFateDerivedPanel
from gui.systems.strange_fate.models import BreakdownModel, SkillsModel
from gui.systems.strange_fate.pages import ArchetypePage, AspectsPage, QuestionsPage
from gui.systems.strange_fate.pages_skills import DetailsPage, GiftsPage, SkillsPage
from gui.systems.strange_fate.settings_page import StrangeFateSettingsPage
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.systems.strange_fate.system import StrangeFateSystem
from rules.validation import Severity

OXFORD_TRAPPINGS = ("Networking", "Information", "Wealth", "Esteem", "Languages", "Research")
COMMON = {"Endurance": 2, "Resolve": 2, "Investigation": 2, "Alertness": 1, "Fisticuffs": 1,
          "Athletics": 1, "Academics": 1, "Occultism": 1}  # fmt: skip
ANSWERS = (
    "A vicar's son in Shropshire.",
    "Boxed for Balliol with Lord Ashdown.",
    "Saw the Ashdown ghost with a fellow PC.",
    "The serum from the Moreau papers.",
    "Trusted the wrong colleague with the formula.",
)


@pytest.fixture
def sf(registry: Any) -> StrangeFateSystem:
    system = registry.get("strange-fate")
    assert isinstance(system, StrangeFateSystem)
    return system


def make_view(qtbot: Any, sf: StrangeFateSystem) -> CreationFlowView:
    ui = system_ui(sf)
    document = CharacterDocument(ui.new_character("standard"), sf, version=None)
    view = CreationFlowView(document, ui.creation_flow(document, None), ui.derived_panel(document))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def errors(document: CharacterDocument) -> list[str]:
    return [f"{p.code} {p.path}" for p in document.problems if p.severity is Severity.ERROR]


def click_box(qtbot: Any, designer: SkillDesigner, trapping: str) -> None:
    """A real mouse click on the trapping's box in the designer's diagram."""
    item = designer.scene.boxes[trapping]
    designer.view.ensureVisible(item)
    point = designer.view.mapFromScene(item.scenePos())
    qtbot.mouseClick(designer.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def pick(combo: Any, text: str) -> None:
    index = combo.findText(text)
    assert index >= 0, text
    combo.setCurrentIndex(index)


def build_professor(qtbot: Any, view: CreationFlowView) -> CharacterDocument:
    document = view.document
    pages: Any = view.flow.pages  # type: ignore[attr-defined]
    # Step 1: Archetype and Social Class, their aspects and the first Conviction (L333).
    view.show_step("archetype")
    arch = pages["archetype"]
    assert isinstance(arch, ArchetypePage)
    qtbot.keyClicks(arch.name, "Professor Archibald Hale")
    pick(arch.era, "Middle Century")
    pick(arch.archetype, "Changed")
    pick(arch.social_class, "Middle Class")
    qtbot.keyClicks(arch.aspect_edits["archetype"], "Remade by the Moreau Serum")
    qtbot.keyClicks(arch.aspect_edits["social-class"], "Don of Balliol College")
    qtbot.keyClicks(arch.aspect_edits["conviction"], "Knowledge Must Be Shared")
    # Step 2: the Five Questions (L348-L362).
    view.show_step("questions")
    questions = pages["questions"]
    assert isinstance(questions, QuestionsPage)
    for edit, answer in zip(questions.answers.values(), ANSWERS, strict=True):
        qtbot.keyClicks(edit, answer)
    # Step 3: skills. The Oxford Professor designed on the diagram by clicks.
    view.show_step("skills")
    skills = pages["skills"]
    assert isinstance(skills, SkillsPage)
    skills.tabs.setCurrentWidget(skills.designer)
    designer = skills.designer
    qtbot.keyClicks(designer.name, "Oxford Professor")
    pick(designer.kind, "Unique")
    designer.rating.setValue(3)
    for trapping in OXFORD_TRAPPINGS:
        click_box(qtbot, designer, trapping)
    pick(designer.drawback_box, "Complication")
    pick(designer.severity_box, "minor")
    qtbot.keyClicks(designer.drawback_label, "Absent-Minded")
    qtbot.mouseClick(designer.add_drawback, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(designer.put, Qt.MouseButton.LeftButton)
    # The book's Strength Training, in one step, at 3.
    designer.sample_box.setCurrentIndex(
        next(i for i, s in enumerate(designer.catalog.samples) if s.name == "Strength Training")
    )
    qtbot.mouseClick(designer.add_sample, Qt.MouseButton.LeftButton)
    skills.tabs.setCurrentIndex(0)
    for name, rating in COMMON.items():
        skills.common.setCurrentText(name)
        skills.rating.setValue(rating)
        qtbot.mouseClick(skills.set_rating, Qt.MouseButton.LeftButton)
    # Strength Training is Extraordinary: its rating (3) in Tier Benefits (L1200), by keys.
    skills.table.setCurrentIndex(skills.model.index(skills.model.row_of("Strength Training"), 0))
    benefits = skills.benefits
    for name in ("Physical Force", "Leap"):
        row = [benefits.data(benefits.index(i, 0)) for i in range(benefits.rowCount())].index(name)
        skills.benefit_list.setCurrentIndex(benefits.index(row, 0))
        qtbot.keyClick(skills.benefit_list, Qt.Key.Key_Space)
    # Step 4: the other aspects; the last question's is the Professor's Complication (L474).
    view.show_step("aspects")
    aspects = pages["aspects"]
    assert isinstance(aspects, AspectsPage)
    # Strength Training's Complication took the first blank Free aspect (L474-L486).
    assert aspects.rows["humble_beginnings"][0].currentText() == "complication"
    assert aspects.rows["humble_beginnings"][2].currentText() == "Strength Training"
    texts = {"follies_of_youth": "Ashdown Owes Me", "first_awakenings": "I Have Seen Ghosts",
             "mysterious_origins": "The Moreau Serum"}  # fmt: skip
    for key, text in texts.items():
        qtbot.keyClicks(aspects.rows[key][1], text)
    kind, text_edit, skill = aspects.rows["great_failing"]
    pick(kind, "complication")
    qtbot.keyClicks(text_edit, "Absent-Minded")
    pick(skill, "Oxford Professor")
    # Step 5: one Gift, free (L494).
    view.show_step("gifts")
    gifts = pages["gifts"]
    assert isinstance(gifts, GiftsPage)
    pick(gifts.choice, "Signature Aspect")
    qtbot.mouseClick(gifts.add, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(gifts.aspect, "Knowledge Must Be Shared")
    # Step 6: details: a Minor Invulnerability to fire and a Minor Weakness to silver.
    view.show_step("details")
    details = pages["details"]
    assert isinstance(details, DetailsPage)
    qtbot.keyClicks(details.inv_category, "fire")
    qtbot.mouseClick(details.inv_add, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(details.weak_category, "silver")
    qtbot.mouseClick(details.weak_add, Qt.MouseButton.LeftButton)
    return document


def test_full_character_built_through_the_gui_validates(qtbot: Any, sf: StrangeFateSystem) -> None:
    """Every step by keys and clicks; no errors; the budgets are the book's (L468, L329)."""
    view = make_view(qtbot, sf)
    document = build_professor(qtbot, view)
    assert errors(document) == []
    assert [p.code for p in document.problems] == []  # no warning either
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    assert character.designed["Oxford Professor"].trappings[0].trapping == "Networking"
    assert character.tier_benefits == {"Strength Training": ("Physical Force", "Leap")}
    derived: Any = document.derived
    # Oxford Professor: rating 3 + the stated steps' 7 trapping points - 1 Drawback (L1380).
    assert derived.skill_costs["Oxford Professor"] == 9
    assert derived.skill_points_spent == 30 and derived.skill_points_total == 30
    panel = view.derived_panel
    assert isinstance(panel, StrangeFateDerivedPanel)
    assert "30 of" in panel.skill_points.text() and "30" in panel.skill_points.text()
    # Middle Century Refresh 8 (L329), less the Extraordinary tier (1) and the Invulnerability
    # (1), plus the Weakness (1); the first Gift is free.
    assert derived.refresh == 7
    assert "7" in panel.refresh.text()
    # Every edit is undoable: undoing everything gives back the blank character.
    stack = document.undo_stack
    while stack.canUndo():
        stack.undo()
    assert document.character.name == ""
    assert document.character.skills == {}


def test_full_character_saved_in_the_app_and_reopened(
    qtbot: Any, make_window: Any, sf: StrangeFateSystem
) -> None:
    """Built in a main window's tab with the real editor, saved to the library, reopened."""
    window = make_window(editor=None)
    tab = window.characters.new_character("strange-fate")
    assert tab is not None
    view = tab.editor
    assert isinstance(view, CreationFlowView)
    document = build_professor(qtbot, view)
    assert errors(document) == []
    assert window.characters.save_current()
    saved = document.character
    window.documents.remove(tab, discard=True)
    stored = window.library.get_character(saved.id).character
    assert stored.model_dump() == saved.model_dump()
    reopened = window.characters.open_document(stored, None, None)
    assert reopened is not None
    assert reopened.document.character.model_dump() == saved.model_dump()
    assert errors(reopened.document) == []


def test_designer_click_updates_breakdown_at_once_and_details_price(
    qtbot: Any, sf: StrangeFateSystem, qtmodeltester: Any
) -> None:
    """A click on a box reprices synchronously (no event loop turn: within one frame);
    Variable [Scene] is 4 and [Session] 2 (L2582)."""
    view = make_view(qtbot, sf)
    skills: Any = view.flow.pages["skills"]  # type: ignore[attr-defined]
    skills.tabs.setCurrentWidget(skills.designer)
    designer: SkillDesigner = skills.designer
    click_box(qtbot, designer, "Networking")
    assert designer.breakdown.rowCount() == 1
    click_box(qtbot, designer, "Wealth")
    assert designer.breakdown.rowCount() == 2
    assert designer.price is not None and designer.price.trapping_points == 3  # 1 + 1 + thin 1
    assert designer.scene.boxes["Wealth"].step == 2
    assert designer.scene.lines[frozenset(("Networking", "Wealth"))].paid
    qtmodeltester.check(designer.breakdown)
    qtmodeltester.check(designer.trapping_model)
    click_box(qtbot, designer, "Wealth")  # a second click takes it away
    assert designer.breakdown.rowCount() == 1
    designer.new_design()
    pick(designer.trapping_box, "Variable")
    assert designer.detail_box.isEnabled()
    pick(designer.detail_box, "Scene")
    qtbot.mouseClick(designer.add_trapping, Qt.MouseButton.LeftButton)
    assert designer.price is not None and designer.price.trapping_points == 4
    designer.new_design()
    pick(designer.detail_box, "Session")
    qtbot.mouseClick(designer.add_trapping, Qt.MouseButton.LeftButton)
    assert designer.price is not None and designer.price.trapping_points == 2
    # An Extra (Range, 1 point, L2638-L2646) on the selected trapping.
    designer.trapping_list.setCurrentIndex(designer.trapping_model.index(0, 0))
    pick(designer.extra_box, "Range")
    qtbot.mouseClick(designer.add_extra, Qt.MouseButton.LeftButton)
    assert designer.price is not None and designer.price.extra_points == 1
    assert "+ Range" in designer.trapping_model.data(designer.trapping_model.index(0, 0))


def test_sample_skill_added_in_one_undoable_step(qtbot: Any, sf: StrangeFateSystem) -> None:
    view = make_view(qtbot, sf)
    document = view.document
    skills: Any = view.flow.pages["skills"]  # type: ignore[attr-defined]
    designer: SkillDesigner = skills.designer
    sample = sf.book.catalog.samples[0]
    designer.sample_box.setCurrentIndex(0)
    before = document.undo_stack.count()
    qtbot.mouseClick(designer.add_sample, Qt.MouseButton.LeftButton)
    assert document.undo_stack.count() == before + 1
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    assert character.designed[sample.name].sample == sample.name
    document.undo_stack.undo()
    assert sample.name not in document.character.skills
    # Loading it into the designer shows the book's printed number beside ours.
    designer.load_sample_design(sample.name)
    assert f"prints ({sample.printed})" in designer.cost.text()


def test_skills_model_and_keyboard_editing(
    qtbot: Any, sf: StrangeFateSystem, qtmodeltester: Any
) -> None:
    view = make_view(qtbot, sf)
    skills: Any = view.flow.pages["skills"]  # type: ignore[attr-defined]
    assert isinstance(skills.model, SkillsModel)
    skills.common.setFocus()
    skills.common.setCurrentText("Athletics")
    skills.rating.setValue(2)
    qtbot.keyClick(skills.set_rating, Qt.Key.Key_Space)
    assert view.document.character.skills == {"Athletics": 2}
    qtmodeltester.check(skills.model)
    assert skills.model.data(skills.model.index(0, 4)) == 2
    skills.table.setCurrentIndex(skills.model.index(0, 0))
    pick(skills.tier, "Extraordinary")
    qtbot.mouseClick(skills.set_tier, Qt.MouseButton.LeftButton)
    character = view.document.character
    assert isinstance(character, StrangeFateCharacter)
    assert character.tiers == {"Athletics": "Extraordinary"}
    qtbot.mouseClick(skills.remove, Qt.MouseButton.LeftButton)
    assert view.document.character.skills == {}
    QApplication.processEvents()


def test_settings_page_round_trip(qtbot: Any, sf: StrangeFateSystem) -> None:
    """Era (L329), no Common skills (L1107-L1115), tier dice (L1170-L1178)."""
    ui = system_ui(sf)
    page = ui.settings_page(StrangeFateSettings(era="late", common_skills=False))
    qtbot.addWidget(page)
    assert isinstance(page, StrangeFateSettingsPage)
    assert page.era.currentData() == "late"
    assert not page.common.isChecked()
    page.dice.setCurrentIndex(page.dice.findData("d6-plus3"))
    page.common.setChecked(True)
    assert page.settings() == StrangeFateSettings(era="late", tier_dice="d6-plus3")
    assert ui.settings_title() == "Campaign rules"


def test_no_common_skills_campaign_gives_45_points(qtbot: Any, sf: StrangeFateSystem) -> None:
    """«A World Without Common Skills?» (L1113): 45 skill points, no Common skill list."""
    ui = system_ui(sf)
    settings = StrangeFateSettings(common_skills=False)
    document = CharacterDocument(ui.new_character("standard"), sf, version=None, settings=settings)
    panel = ui.derived_panel(document)
    assert isinstance(panel, StrangeFateDerivedPanel)
    qtbot.addWidget(panel)
    assert "0 of 45" in panel.skill_points.text()
    assert document.skill_names() == ()


def test_breakdown_model_empty_walk(qtmodeltester: Any) -> None:
    model = BreakdownModel()
    model.set_walk(None)
    qtmodeltester.check(model)
    assert model.rowCount() == 0


def test_keyboard_picks_boxes_in_the_designer(
    qtbot: Any, sf: StrangeFateSystem, qtmodeltester: Any
) -> None:
    """Arrow keys go from box to box (selecting it); Space adds its trapping."""
    view = make_view(qtbot, sf)
    skills: Any = view.flow.pages["skills"]  # type: ignore[attr-defined]
    skills.tabs.setCurrentWidget(skills.designer)
    designer: SkillDesigner = skills.designer
    view.show_step("skills")
    view.activateWindow()
    qtbot.waitUntil(designer.scene.isActive)
    designer.view.setFocus()
    designer.scene.setFocusItem(designer.scene.boxes["Shoot"])
    assert designer.scene.selected_boxes() == ["Shoot"]
    qtbot.keyClick(designer.view, Qt.Key.Key_Space)
    assert [u.trapping for u in designer.trappings] == ["Shoot"]
    qtbot.keyClick(designer.view, Qt.Key.Key_Right)
    focused = designer.scene.focusItem()
    assert focused is not None and focused is not designer.scene.boxes["Shoot"]
    assert designer.scene.selected_boxes() == [focused.name]  # type: ignore[attr-defined]
    qtmodeltester.check(skills.benefits)


def test_click_outside_boxes_changes_nothing(qtbot: Any, sf: StrangeFateSystem) -> None:
    view = make_view(qtbot, sf)
    designer: SkillDesigner = view.flow.pages["skills"].designer  # type: ignore[attr-defined]
    qtbot.mouseClick(designer.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert designer.trappings == []


def test_companion_and_equipment_made_on_the_gifts_page(qtbot: Any, sf: StrangeFateSystem) -> None:
    """«Companion» (L3640-L3663): three improvements per Gift, skills within its quality and
    points; «Equipment» (L3683-L3702). Renaming the Gift's target renames what it made."""
    view = make_view(qtbot, sf)
    document = view.document
    view.show_step("gifts")
    gifts: Any = view.flow.pages["gifts"]  # type: ignore[attr-defined]
    pick(gifts.choice, "Companion")
    qtbot.mouseClick(gifts.add, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(gifts.target, "Jenkins")
    made = gifts.made
    assert made.isVisible() and made.kind == "Companion"
    for name in ("Quality", "Skilled", "Independent"):
        pick(made.improvement, name)
        qtbot.mouseClick(made.add, Qt.MouseButton.LeftButton)
    for skill, rating in (("Burglary", 2), ("Presence", 2), ("Alertness", 1)):
        made.skill.setText(skill)
        made.rating.setValue(rating)
        qtbot.mouseClick(made.set_skill, Qt.MouseButton.LeftButton)
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    [jenkins] = character.companions
    assert [m.name for m in jenkins.improvements] == ["Quality", "Skilled", "Independent"]
    assert jenkins.skills == {"Burglary": 2, "Presence": 2, "Alertness": 1}
    assert not [p for p in document.problems if p.path.startswith("companions")]
    assert made.model.rowCount() == 3
    # A fourth improvement is over the three this one Gift gives.
    pick(made.improvement, "Communication")
    qtbot.mouseClick(made.add, Qt.MouseButton.LeftButton)
    assert any(p.path.startswith("companions[0]") for p in document.problems)
    document.undo_stack.undo()
    gifts.target.selectAll()
    qtbot.keyClicks(gifts.target, "Mr Jenkins")
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    assert [c.name for c in character.companions] == ["Mr Jenkins"]
    # An Equipment Gift and its item.
    pick(gifts.choice, "Equipment")
    qtbot.mouseClick(gifts.add, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(gifts.target, "Swordstick")
    assert made.kind == "Equipment" and not made.skill_row.isVisibleTo(made)
    pick(made.improvement, "Deadly")
    pick(made.track, "Health")
    qtbot.mouseClick(made.add, Qt.MouseButton.LeftButton)
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    assert character.equipment[0].name == "Swordstick"
    assert character.equipment[0].improvements[0].track == "Health"
