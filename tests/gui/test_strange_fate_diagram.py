"""The Skill Trapping Diagram in the app: drawn as the book draws it (solid/dotted borders 1/2
points, thin/dotted/thick lines 1/2/free; «Skill Trapping Diagram», L1366-L1368, L1390), each
item's provenance in its tooltip, corrections as undo commands (a removed box takes its lines
in one composite command), a mark on everything that differs from the bundled reconstruction,
Reset to bundled in one action, and a saved correction repricing a character open in an
editor (issue 10: "corrections live in the library and every cost recomputes").
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.documents.character_document import CharacterDocument
from gui.systems.strange_fate.diagram_commands import (
    AddBoxCommand,
    AddLineCommand,
    MoveBoxCommand,
    RemoveBoxCommand,
    RestyleBoxCommand,
    RestyleLineCommand,
)
from gui.systems.strange_fate.diagram_document import DiagramDocument
from gui.systems.strange_fate.diagram_editor import DiagramTab
from gui.systems.strange_fate.diagram_scene import BoxItem, LineItem
from gui.systems.strange_fate.layout import BOX_HEIGHT, BOX_WIDTH, default_layout
from gui.systems.strange_fate.ui import StrangeFateUi
from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.system import DIAGRAM_KEY, StrangeFateSystem
from tests.rules.strange_fate_builders import professor

NW = frozenset(("Networking", "Wealth"))


@pytest.fixture
def sf(registry: Any) -> StrangeFateSystem:
    system = registry.get("strange-fate")
    assert isinstance(system, StrangeFateSystem)
    return system


@pytest.fixture
def bundled(sf: StrangeFateSystem) -> dict[str, Any]:
    content = next(k.bundled for k in sf.data_kinds if k.key == DIAGRAM_KEY)
    assert content is not None
    return content


@pytest.fixture
def document(qtbot: Any, sf: StrangeFateSystem, bundled: dict[str, Any]) -> DiagramDocument:
    categories = {t.name: t.category for t in sf.book.catalog.trappings}
    return DiagramDocument(bundled, bundled, version=0, categories=categories)


class FakeWorkspace:
    def __init__(self, library: Any = None) -> None:
        self.library = library


@pytest.fixture
def tab(qtbot: Any, document: DiagramDocument) -> DiagramTab:
    widget = DiagramTab(document, "strange-fate", DIAGRAM_KEY, FakeWorkspace())
    qtbot.addWidget(widget)
    widget.resize(1280, 720)
    widget.show()
    return widget


def test_drawn_as_the_book_draws_it(tab: DiagramTab, sf: StrangeFateSystem) -> None:
    """Every box and line of the reconstruction, styled by its border or line style."""
    diagram = sf.book.diagram
    scene = tab.scene
    assert set(scene.boxes) == {b.trapping for b in diagram.boxes}
    assert set(scene.lines) == {line.key for line in diagram.lines}
    widths = {item.spec.style: item.pen().widthF() for item in scene.lines.values()}
    assert widths["thick"] > widths["dotted"] > widths["thin"]
    dotted = next(i for i in scene.lines.values() if i.spec.style == "dotted")
    assert dotted.pen().style() == Qt.PenStyle.DotLine
    # Provenance in tooltips: Networking-Wealth is stated at L1380 (the Oxford Professor).
    assert "«Putting It Together»" in scene.lines[NW].toolTip()  # its section, not L1380
    inferred = next(b for b in diagram.boxes if b.provenance.kind == "inferred")
    assert "Inferred from the sample skills" in scene.boxes[inferred.trapping].toolTip()
    assert all(item.change is None for item in scene.boxes.values())


def test_default_layout_keeps_boxes_apart(sf: StrangeFateSystem) -> None:
    """Legible: no two boxes overlap."""
    layout = default_layout(sf.book.diagram)
    points = list(layout.values())
    for i, (x1, y1) in enumerate(points):
        for x2, y2 in points[i + 1 :]:
            assert abs(x1 - x2) >= BOX_WIDTH or abs(y1 - y2) >= BOX_HEIGHT


def test_restyle_marks_and_undo(tab: DiagramTab, document: DiagramDocument) -> None:
    stack = document.undo_stack
    stack.push(RestyleBoxCommand(document, "Leap", "dotted"))
    item = tab.scene.boxes["Leap"]
    assert item.change == "restyled"
    assert "bundled: solid" in item.toolTip()
    assert tab.differences.rowCount() == 1
    assert "Edited" in tab.mark.text()
    stack.push(RestyleLineCommand(document, NW, "thick"))
    assert tab.scene.lines[NW].change == "restyled"
    stack.undo()
    stack.undo()
    assert item.change is None
    assert tab.differences.rowCount() == 0
    assert "Bundled reconstruction" in tab.mark.text()


def test_remove_box_is_one_composite_command(tab: DiagramTab, document: DiagramDocument) -> None:
    """Removing Networking removes its lines as child commands; one undo restores all."""
    lines_before = set(document.lines)
    touching = {k for k in document.lines if "Networking" in k}
    command = RemoveBoxCommand(document, "Networking")
    assert len(command.children) == len(touching) > 0
    document.undo_stack.push(command)
    assert "Networking" not in tab.scene.boxes
    assert not touching & set(tab.scene.lines)
    assert ("box Networking", "removed") in document.differences()
    document.undo_stack.undo()
    assert set(document.lines) == lines_before
    assert "Networking" in tab.scene.boxes


def test_add_line_add_box_move_and_reset(tab: DiagramTab, document: DiagramDocument) -> None:
    stack = document.undo_stack
    stack.push(RemoveBoxCommand(document, "Climb"))
    stack.push(AddBoxCommand(document, "Climb", "solid", (10.0, 10.0)))
    assert tab.scene.boxes["Climb"].change == "restyled"  # the bundled Climb is dotted
    stack.push(AddLineCommand(document, "Climb", "Leap", "thin"))
    assert tab.scene.lines[frozenset(("Climb", "Leap"))].change == "added"
    stack.push(MoveBoxCommand(document, "Leap", (5.0, 5.0)))
    stack.push(MoveBoxCommand(document, "Leap", (15.0, 5.0)))  # merges with the first move
    assert stack.count() == 4
    assert tab.scene.boxes["Leap"].pos().x() == 15.0
    assert tab.scene.boxes["Leap"].change == "moved"
    tab.actions_by_name["reset"].trigger()
    assert stack.count() == 5
    assert document.differences() == ()
    stack.undo()
    assert frozenset(("Climb", "Leap")) in document.lines


def test_editor_actions_on_selection(
    qtbot: Any, tab: DiagramTab, document: DiagramDocument
) -> None:
    """Keyboard-reachable actions: select two boxes, Alt+3 joins them by a thick line."""
    tab.scene.boxes["Climb"].setSelected(True)
    tab.scene.boxes["Notice"].setSelected(True)
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert document.lines[frozenset(("Climb", "Notice"))].style == "thick"
    # The selected boxes are priced as one skill with their cheapest walk (L1366-L1368).
    assert "trapping points" in tab.price.text()
    qtbot.keyClick(tab.view, Qt.Key.Key_Right)
    assert document.boxes["Climb"].position is not None
    qtbot.keyClick(tab.view, Qt.Key.Key_Delete)
    assert "Climb" not in document.boxes and "Notice" not in document.boxes
    document.undo_stack.undo()
    assert {"Climb", "Notice"} <= set(document.boxes)


def test_differences_model(qtmodeltester: Any, tab: DiagramTab, document: DiagramDocument) -> None:
    document.undo_stack.push(RestyleLineCommand(document, NW, "dotted"))
    qtmodeltester.check(tab.differences)
    assert "restyled" in tab.differences.data(tab.differences.index(0, 0))


def test_box_items_paint(qtbot: Any, tab: DiagramTab) -> None:
    """Every item paints (walk badge, change mark, priced boxes) without error."""
    tab.scene.boxes["Shoot"].setSelected(True)
    tab.scene.boxes["Dodge"].setSelected(True)
    assert tab.scene.boxes["Dodge"].step is not None
    image = tab.view.grab()
    assert not image.isNull()
    assert isinstance(tab.scene.boxes["Variable"], BoxItem)
    assert isinstance(tab.scene.lines[NW], LineItem)


def test_rules_data_menu_and_a_correction_reprices_an_open_character(
    qtbot: Any, make_window: Any, sf: StrangeFateSystem
) -> None:
    """Library > Rules Data opens the diagram (once); saving a correction changes the skill
    costs of a character open in an editor; Reset to bundled puts the prices back."""
    window = make_window(editor=None)
    character = professor()
    tab = window.characters.open_document(character, None, None)
    assert tab is not None
    before: Any = tab.document.derived
    assert before.skill_costs["Oxford Professor"] == 9
    window.fill_rules_data_menu()
    actions = [a for a in window.act.rules_data_menu.actions() if "Skill Trapping" in a.text()]
    assert [a.text() for a in actions] == ["Strange Fate: Skill Trapping Diagram"]
    actions[0].trigger()
    diagram_tab = window.documents.current()
    assert isinstance(diagram_tab, DiagramTab)
    actions[0].trigger()  # a second time focuses the same tab
    assert len([t for t in window.documents.tabs() if isinstance(t, DiagramTab)]) == 1
    # Correct: the Networking-Wealth line is thick (free) instead of thin (1 point).
    diagram_tab.document.undo_stack.push(RestyleLineCommand(diagram_tab.document, NW, "thick"))
    assert diagram_tab.is_modified()
    assert diagram_tab.save()
    after: Any = tab.document.derived
    assert after.skill_costs["Oxford Professor"] == 8
    stored = window.library.system_documents("strange-fate")[0]
    assert stored.provenance == "user"
    # Reset to bundled is one action; saved, the library's copy is the bundled one again.
    diagram_tab.actions_by_name["reset"].trigger()
    assert diagram_tab.save()
    assert window.library.system_documents("strange-fate")[0].provenance == "bundled"
    final: Any = tab.document.derived
    assert final.skill_costs["Oxford Professor"] == 9
    # A closed character is not repriced (nor does the next save touch its deleted document).
    window.documents.remove(tab, discard=True)
    qtbot.wait(10)
    diagram_tab.document.undo_stack.push(RestyleLineCommand(diagram_tab.document, NW, "dotted"))
    assert diagram_tab.save()


def test_a_corrected_diagram_prices_characters_opened_later(
    qtbot: Any, make_window: Any, sf: StrangeFateSystem, bundled: dict[str, Any]
) -> None:
    """A character opened after the correction was saved is priced over it at once."""
    from rules.system_data import SystemData

    window = make_window(editor=None)
    content = dict(bundled)
    content["lines"] = [
        {**line, "style": "thick"} if {line["a"], line["b"]} == set(NW) else line
        for line in bundled["lines"]
    ]
    window.library.save_system_document(
        SystemData(system="strange-fate", key=DIAGRAM_KEY, provenance="user", content=content),
        expected_version=None,
    )
    tab = window.characters.open_document(professor(), None, None)
    derived: Any = tab.document.derived
    assert derived.skill_costs["Oxford Professor"] == 8


def test_designer_follows_a_rebound_system(
    qtbot: Any, sf: StrangeFateSystem, bundled: dict[str, Any]
) -> None:
    """The designer's diagram and price follow the document's system when it is rebound."""
    from rules.system_data import SystemData

    ui = StrangeFateUi(sf)
    document = CharacterDocument(professor(), sf, version=None)
    flow = ui.creation_flow(document, None)
    designer = flow.pages["skills"].designer  # type: ignore[attr-defined]
    designer.edit("Oxford Professor")
    assert designer.price is not None and designer.price.skill_points == 9
    content = dict(bundled)
    content["lines"] = [line for line in bundled["lines"] if {line["a"], line["b"]} != set(NW)]
    corrected = sf.with_data(
        {DIAGRAM_KEY: SystemData(system=sf.id, key=DIAGRAM_KEY, content=content)}
    )
    flow.rebind(corrected)
    assert NW not in designer.scene.lines
    character = document.character
    assert isinstance(character, StrangeFateCharacter)
    assert designer.price is not None and designer.price.skill_points != 9


def test_screenshots_of_the_diagram_and_the_designer(
    make_window: Any, qtbot: Any, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    """Offscreen grabs at 1280x720; with FATESMITH_SCREENSHOTS=1 they go to docs/screenshots."""
    import os
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from gui.theme import apply_theme
    from tests.gui.conftest import screenshot_theme

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = Path(tmp_path)
    app: Any = QApplication.instance()
    saved = (app.style().name(), app.palette(), app.styleSheet())
    apply_theme(app, screenshot_theme())
    request.addfinalizer(lambda: (app.setStyle(saved[0]), app.setPalette(saved[1]),
                                  app.setStyleSheet(saved[2])))  # fmt: skip
    window = make_window(editor=None)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.fill_rules_data_menu()
    editor = window.uis.get("strange-fate").data_editors()[0]
    diagram: Any = window.open_rules_data("strange-fate", editor)
    doc = diagram.document
    doc.undo_stack.push(RestyleLineCommand(doc, frozenset(("Leap", "Move")), "dotted"))
    for name in ("Esteem", "Shoot", "Dodge"):
        diagram.scene.boxes[name].setSelected(True)
    qtbot.wait(10)
    image = window.grab()
    assert image.width() == 1280
    assert image.save(str(folder / "strange-fate-diagram.png"))
    tab = window.characters.open_document(professor(), None, None)
    view: Any = tab.editor
    view.show_step("skills")
    skills = view.flow.pages["skills"]
    skills.tabs.setCurrentWidget(skills.designer)
    skills.designer.edit("Oxford Professor")
    qtbot.wait(10)
    assert window.grab().save(str(folder / "strange-fate-designer.png"))
    doc.undo_stack.setClean()
