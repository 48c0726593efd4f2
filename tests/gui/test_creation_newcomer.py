"""What a newcomer tripped over in SotC creation and the library (issue 14): the review's
aspects, a stunt's unmet prerequisite, Quick Pick's first state, a new character's to-do list,
unplaced skills, the Undo button, forms on a wide screen, the library's actions after a search,
the campaign dialog's "How To Do Things" and its guest-star table."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui.documents.character_document import CharacterDocument
from gui.models.problem_model import ProblemModel
from gui.systems.sotc.commands import EditTextCommand
from gui.systems.sotc.editor import CharacterEditor
from gui.systems.sotc.models.pyramid_model import SkillListModel
from gui.systems.sotc.widgets.stunt_picker import StuntPicker
from gui.theme import css
from gui.widgets.creation_flow import PAGE_MAX_WIDTH
from rules.systems.sotc.character import Phase, SotcCharacter


@pytest.fixture
def new_editor(qtbot: Any, sotc: Any) -> CharacterEditor:
    doc = CharacterDocument(SotcCharacter(), sotc, version=None)
    widget = CharacterEditor(doc, novels=list)
    qtbot.addWidget(widget)
    widget.resize(1280, 640)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_review_lists_each_aspect_on_its_own_line(qtbot: Any, sotc: Any) -> None:
    """Two aspects, one with a comma, must not read as three (SotC, Character Creation)."""
    character = SotcCharacter(name="Ada").with_phase(
        1, Phase(aspects=("Fists, Wits and Nerve", "Lucky"))
    )
    editor = CharacterEditor(CharacterDocument(character, sotc, version=1), novels=list)
    qtbot.addWidget(editor)
    html = editor.pages["review"]._summary_html(character)
    assert "Fists, Wits and Nerve, Lucky" not in html
    assert "Fists, Wits and Nerve<br>Lucky" in html


def test_an_unmet_prerequisite_is_shown_in_the_error_colour(qtbot: Any, sotc: Any) -> None:
    """Gift of Tongues taken before Linguist (SotC, Stunts: Academics): a problem, not green."""
    character = SotcCharacter(name="Ada", skills={"Academics": 5})
    picker = StuntPicker(CharacterDocument(character, sotc, version=None))
    qtbot.addWidget(picker)
    assert picker.package_box.currentData() is None  # Quick Pick: nothing chosen yet
    assert not picker.package_button.isEnabled()
    assert css("error") not in picker.package_text.text()
    picker.take("Gift of Tongues")
    picker.select_stunt("Gift of Tongues")
    text = picker.detail_text.text()
    assert f"color:{css('error')}" in text and f"color:{css('ok')}" not in text
    picker.take("Linguist")
    picker.select_stunt("Gift of Tongues")
    assert f"color:{css('ok')}" in picker.detail_text.text()


def test_a_new_character_shows_to_do_not_errors_until_a_step_is_touched(
    qtbot: Any, new_editor: CharacterEditor
) -> None:
    panel = new_editor.validation_panel
    model: ProblemModel = panel.model
    rows = model.rowCount()
    assert rows > 10  # everything is still to do...
    errors = [model.problem_at(r) for r in range(rows)]
    assert all(model.is_todo(p) for p in errors if p.severity.value == "error")  # ...not wrong
    assert model.index(0, 1).data(Qt.ItemDataRole.AccessibleTextRole).startswith("To do")
    steps = [new_editor.step_list.item(r).text() for r in range(new_editor.step_list.count())]
    assert not any("to fix" in s for s in steps) and any("to do" in s for s in steps)
    # Writing on Phase One leaves its aspects to do while it is current (issue 23); leaving
    # it, what it still lacks becomes a problem.
    new_editor.show_step("phase1")
    doc = new_editor.document
    doc.undo_stack.push(EditTextCommand(doc, "phases[0].events", "Grew up on an airfield."))
    phase1 = new_editor.step_keys.index("phase1")
    assert "to do" in new_editor.step_list.item(phase1).text()
    new_editor.show_step("phase3")
    assert "to fix" in new_editor.step_list.item(phase1).text()  # the aspects are missing
    assert any(not model.is_todo(model.problem_at(r)) for r in range(model.rowCount()))
    phase2 = new_editor.step_keys.index("phase2")
    assert "to do" in new_editor.step_list.item(phase2).text()  # never shown: still to do


def test_an_opened_character_shows_its_problems_as_problems(qtbot: Any, sotc: Any) -> None:
    doc = CharacterDocument(SotcCharacter(name="Ada"), sotc, version=3)  # from the library
    editor = CharacterEditor(doc, novels=list)
    qtbot.addWidget(editor)
    model = editor.validation_panel.model
    assert model.rowCount() and not any(
        model.is_todo(model.problem_at(r)) for r in range(model.rowCount())
    )


def test_unplaced_skills_look_available(qtbot: Any, sotc: Any, qtmodeltester: Any) -> None:
    doc = CharacterDocument(SotcCharacter(skills={"Athletics": 5}), sotc, version=None)
    model = SkillListModel(doc)
    qtmodeltester.check(model)
    for row in range(model.rowCount()):
        name = model.index(row, 0)
        assert name.data(Qt.ItemDataRole.ForegroundRole) is None  # the name reads as text
        assert model.flags(name) & Qt.ItemFlag.ItemIsEnabled


def test_forms_are_capped_and_centred_on_a_wide_screen(
    qtbot: Any, new_editor: CharacterEditor
) -> None:
    new_editor.resize(1920, 1040)
    new_editor.show_step("concept")
    QApplication.processEvents()
    page = new_editor.pages["concept"]
    assert page.width() <= PAGE_MAX_WIDTH
    holder = page.parentWidget()  # the scroll area's viewport
    assert holder is not None and holder.width() > page.width() + 100
    left = page.x()
    right = holder.width() - page.x() - page.width()
    assert abs(left - right) <= 2  # centred


def test_the_undo_button_keeps_its_width(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    tab = window.characters.new_character()
    assert tab is not None
    button = window.toolbar.widgetForAction(window.act.undo)
    doc = tab.document
    doc.undo_stack.push(EditTextCommand(doc, "name", "A"))
    QApplication.processEvents()
    width = button.width()
    doc.undo_stack.push(EditTextCommand(doc, "phases[2].novel_title", "A Very Long Title"))
    QApplication.processEvents()
    assert button.width() == width and button.text() == "Undo"
    assert window.act.undo.toolTip().startswith("Undo ")  # what it undoes, on hover


def test_library_actions_follow_a_search_that_clears_the_selection(make_window: Any) -> None:
    window = make_window()
    page = window.page
    page.table.selectRow(0)
    assert window.act.open.isEnabled() and window.act.delete.isEnabled()
    page.search.setText("zzzz-nobody")
    QApplication.processEvents()
    assert page.selected_ids() == []
    for action in (window.act.open, window.act.delete, window.act.duplicate):
        assert not action.isEnabled(), action.text()


def test_the_campaign_dialog_names_how_to_do_things_and_fits_the_casting(
    make_window: Any, qtbot: Any
) -> None:
    from gui.dialogs.campaign import CampaignDialog

    window = make_window()
    campaign = window.library.list_campaigns()[0]
    dialog = CampaignDialog(window, campaign.id, window.campaign_context())
    qtbot.addWidget(dialog)
    page = dialog.settings_page
    labels = [page.conflict_rules.itemText(i) for i in range(page.conflict_rules.count())]
    htdt = next(i for i, label in enumerate(labels) if "How To Do Things" in label)
    page.conflict_rules.setCurrentIndex(htdt)
    page.conflict_rules.activated.emit(htdt)
    assert page.stress.value() == 3 and page.companions.isChecked()
    assert page.settings().stress_boxes == 3 and page.settings().companions_have_stress
    page.stress.setValue(4)
    assert page.conflict_rules.currentData() == "custom"
    dialog.show()
    qtbot.waitExposed(dialog)
    casting = dialog.extra_pages[0].casting
    tabs = casting.parentWidget()
    while tabs is not None and not hasattr(tabs, "setCurrentWidget"):
        tabs = tabs.parentWidget()
    if tabs is not None:
        page_widget = dialog.extra_pages[0]
        holder = page_widget
        while holder.parentWidget() is not None and holder.parentWidget() is not tabs:
            holder = holder.parentWidget()
        tabs.setCurrentWidget(holder)
    QApplication.processEvents()
    table = casting.table
    assert table.horizontalScrollBar().maximum() == 0  # no sideways scrolling
    used = sum(table.columnWidth(c) for c in range(casting.model.columnCount()))
    assert used <= table.viewport().width() + 1


def test_the_step_colours_follow_a_theme_change(qtbot: Any, new_editor: CharacterEditor) -> None:
    from gui.theme import apply_theme, colour

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    row = new_editor.step_keys.index("phase2")
    try:
        apply_theme(app, "dark")
        QApplication.processEvents()
        item = new_editor.step_list.item(row)
        assert item.foreground().color() == colour("todo", dark=True)
    finally:
        apply_theme(app, "light")
    QApplication.processEvents()
    assert new_editor.step_list.item(row).foreground().color() == colour("todo", dark=False)
