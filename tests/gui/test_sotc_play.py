"""GUI tests: the SotC editor's "In play" page and derived panel, driven through real widgets.

Book sections: SotC "Fate Points: Refreshing Fate Points" (up to the refresh rate, never
down), "Stress", "Consequences", "Conflicts: Removing Consequences" (breather, night, downtime;
back-to-back sessions), "Tips and Tricks: The Long Game: Advancement" (aspect, aspect, stunt).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.editor import CharacterEditor
from gui.systems.sotc.play_commands import (
    AddAdvancementCommand,
    AddConsequenceCommand,
    RecoverCommand,
    RefreshFatePointsCommand,
    RemoveAdvancementCommand,
    RemoveConsequenceCommand,
    SetFatePointsCommand,
    ToggleStressCommand,
)
from gui.systems.sotc.play_page import PlayPage
from gui.systems.sotc.widgets.derived_panel import DerivedPanel
from rules.character import Condition, Consequence
from rules.systems.sotc.character import Advancement
from tests.gui.test_character_commands import round_trip
from tests.rules.sotc_builders import build

HURT = Condition(
    consequences=(
        Consequence(severity="mild", text="Winded"),
        Consequence(severity="moderate", text="Cracked Rib"),
    )
)


@pytest.fixture
def document(sotc: Any) -> CharacterDocument:
    return CharacterDocument(build(fate_points=3), sotc, version=None)


@pytest.fixture
def page(qtbot: Any, document: CharacterDocument) -> PlayPage:
    widget = PlayPage(document)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def click(qtbot: Any, widget: Any) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def tick(qtbot: Any, box: Any) -> None:
    """Click a check box on its indicator."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))


def test_every_command_round_trips(document: CharacterDocument) -> None:
    round_trip(document, SetFatePointsCommand(document, 5))
    round_trip(document, RefreshFatePointsCommand(document))
    round_trip(document, ToggleStressCommand(document, "health", 1))
    round_trip(document, AddConsequenceCommand(document, "mild", "Winded"))
    round_trip(document, RemoveConsequenceCommand(document, 0))
    round_trip(document, RecoverCommand(document, "downtime"))
    round_trip(document, AddAdvancementCommand(document, Advancement(kind="aspect", aspect="X")))
    round_trip(document, RemoveAdvancementCommand(document, 0))


def test_fate_points_spin_and_refresh_up_to_the_rate(
    qtbot: Any, page: PlayPage, document: CharacterDocument
) -> None:
    # SotC "Refreshing Fate Points": the pool comes up to the refresh rate; more is kept.
    assert page.fate_points.value() == 3 and page.refresh_label.text() == "Refresh 10"
    page.fate_points.stepUp()
    page.fate_points.stepUp()
    assert document.character.fate_points == 5  # type: ignore[attr-defined]
    assert document.undo_stack.count() == 1  # the steps merged into one undo step
    click(qtbot, page.refresh_button)
    assert document.character.fate_points == 10  # type: ignore[attr-defined]
    assert page.fate_points.value() == 10
    page.fate_points.setValue(12)
    click(qtbot, page.refresh_button)
    assert document.character.fate_points == 12  # type: ignore[attr-defined]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert page.fate_points.value() == 10


def test_stress_boxes_check_with_undo_and_show_on_the_panel(
    qtbot: Any, page: PlayPage, document: CharacterDocument
) -> None:
    # SotC "Stress": Endurance Good gives 7 Health boxes (5 + 2).
    boxes = page._stress_boxes["health"]
    assert len(boxes) == 7 and len(page._stress_boxes["composure"]) == 7
    tick(qtbot, boxes[2])
    assert document.character.condition.health == (  # type: ignore[attr-defined]
        False, False, True, False, False, False, False,
    )  # fmt: skip
    panel = DerivedPanel(document)
    qtbot.addWidget(panel)
    assert panel.health.marks()[2] is True
    assert not document.problems_at("condition.health")  # the record matches the track
    document.undo_stack.undo()
    assert not boxes[2].isChecked() and not any(panel.health.marks())


def test_consequences_added_removed_and_recovered_over_time(
    qtbot: Any, page: PlayPage, document: CharacterDocument
) -> None:
    # SotC "Removing Consequences": a breather clears mild ones, a night's rest moderate ones.
    page.consequence_severity.setCurrentText("mild")
    qtbot.keyClicks(page.consequence_text, "Winded")
    click(qtbot, page.add_consequence)
    page.consequence_severity.setCurrentText("moderate")
    qtbot.keyClicks(page.consequence_text, "Cracked Rib")
    click(qtbot, page.add_consequence)
    assert page.consequences.count() == 2
    assert page.consequences.item(1).text() == "Moderate (physical): Cracked Rib"
    tick(qtbot, page._stress_boxes["health"][0])
    click(qtbot, page.recover_buttons["breather"])
    held = document.character.condition  # type: ignore[attr-defined]
    assert [c.text for c in held.consequences] == ["Cracked Rib"]
    assert held.health == (False,) * 7  # stress clears
    page.back_to_back.setChecked(True)
    click(qtbot, page.recover_buttons["breather"])  # back to back: moderate counts as mild
    assert document.character.condition.consequences == ()  # type: ignore[attr-defined]
    document.undo_stack.undo()
    page.consequences.setCurrentRow(0)
    click(qtbot, page.remove_consequence)
    assert page.consequences.count() == 0


def test_an_earned_aspect_and_sixth_stunt_validate_and_show_where_they_came_from(
    qtbot: Any, page: PlayPage, document: CharacterDocument
) -> None:
    # SotC "The Long Game": aspect, aspect, then a stunt; each aspect raises refresh.
    for aspect, when in (("I Hate It When I'm Right", "session 3"), ("Herborn Must Fall", "6")):
        page.advancement_kind.setCurrentIndex(0)
        qtbot.keyClicks(page.advancement_text, aspect)
        qtbot.keyClicks(page.advancement_date, when)
        click(qtbot, page.record_advancement)
        page.advancement_date.clear()
    assert "<b>stunt</b>" in page.next_label.text()
    page.advancement_kind.setCurrentIndex(1)
    assert page.advancement_text.completer() is page.stunt_completer  # the book's stunts
    assert "Scholar" in page.stunt_completer.model().stringList()  # type: ignore[attr-defined]
    qtbot.keyClicks(page.advancement_text, "Scholar")
    qtbot.keyClicks(page.advancement_note, "after the siege of Glass City")
    click(qtbot, page.record_advancement)
    character: Any = document.character
    assert len(character.stunts) == 6 and character.stunts[-1].name == "Scholar"
    assert len(character.all_aspects()) == 12
    assert document.error_count() == 0, document.problems
    assert page.refresh_label.text() == "Refresh 12"
    assert page.advancements.item(0).text() == "1. Aspect: I Hate It When I'm Right (session 3)"
    assert (
        page.advancements.item(2).text() == "3. Stunt: Scholar \u2014 after the siege of Glass City"
    )
    page.advancements.setCurrentRow(2)
    click(qtbot, page.remove_advancement)
    assert len(document.character.stunts) == 5  # type: ignore[attr-defined]


def test_the_editor_has_an_in_play_step_that_problems_lead_to(qtbot: Any, sotc: Any) -> None:
    character = build(advancements=[{"kind": "stunt", "stunt": "Master Marksman"}])
    document = CharacterDocument(character, sotc, version=None)
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    assert editor.step_keys[-1] == "play"
    assert editor.step_for("advancements[0].stunt") == "play"
    editor.focus_path("advancements[0].stunt")
    assert editor.current_step() == "play"


def test_the_derived_panel_shows_the_books_numbers(qtbot: Any, sotc: Any) -> None:
    doc = build(gadgets=[{"name": "Garrote Watch", "base_cost": 1,
                          "improvements": [{"name": "Armed"}]}])  # fmt: skip
    document = CharacterDocument(doc, sotc, version=None)
    panel = DerivedPanel(document)
    qtbot.addWidget(panel)
    text = panel.book_label.text()
    assert "Empathy reads up to 2 aspect(s)" in text
    assert "Workspace Terrible (-2)" in text
    # SotC "Some Sample Gadgets": Garrote Watch, Average + Armed = Fair; price Average + 2.
    assert "Garrote Watch: quality Fair (+2), price Good (+3), seller in 2 day(s)" in text
