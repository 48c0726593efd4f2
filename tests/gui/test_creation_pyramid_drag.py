"""GUI tests: dragging skills with the mouse onto the pyramid, between slots and back off it.

The mouse is real (QTest press and move on the skill list and on the slots), so the views decide
when a drag starts and build the QDrag with its QMimeData themselves. Only the window system's
drag loop is stood in for: on the offscreen platform ``QDrag.exec`` returns at once, so
:class:`DragLoop` moves the drag to the target point and delivers the enter, move and drop events
to the widget under it that accepts drops, as Qt's own loop does.

Book section: SotC "Character Creation: Skills" (the pyramid; digest sotc.md 2.3).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.models.pyramid_model import SKILL_MIME
from gui.systems.sotc.widgets.pyramid_widget import PyramidWidget
from rules.systems.sotc.character import SotcCharacter

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


class DragLoop:
    """Stand-in for the platform drag loop: drops each QDrag at :attr:`target` (global point)."""

    def __init__(self, root: QWidget) -> None:
        self.root = root
        self.target = QPoint()
        self.dragged: list[QMimeData] = []
        self.results: list[Qt.DropAction] = []

    def exec(self, drag: QDrag, *args: Any) -> Qt.DropAction:
        """What ``QDrag.exec`` does on a desktop once the user releases the button."""
        mime = drag.mimeData()
        self.dragged.append(mime)
        actions = args[0] if args else Qt.DropAction.MoveAction
        widget = self.root.childAt(self.root.mapFromGlobal(self.target))
        while widget is not None and not widget.acceptDrops():
            widget = widget.parentWidget()
        assert widget is not None, "nothing under the drop point accepts drops"
        pos = widget.mapFromGlobal(self.target)
        result = Qt.DropAction.IgnoreAction
        enter = QDragEnterEvent(pos, actions, mime, LEFT, NONE)
        QApplication.sendEvent(widget, enter)
        if enter.isAccepted():
            move = QDragMoveEvent(pos, actions, mime, LEFT, NONE)
            QApplication.sendEvent(widget, move)
            if move.isAccepted():
                drop = QDropEvent(QPointF(pos), actions, mime, LEFT, NONE)
                QApplication.sendEvent(widget, drop)
                if drop.isAccepted():
                    result = drop.dropAction()
            else:
                QApplication.sendEvent(widget, QDragLeaveEvent())
        self.results.append(result)
        return result


@pytest.fixture
def pyramid(qtbot: Any, sotc: Any) -> PyramidWidget:
    doc = CharacterDocument(SotcCharacter(name="Ada"), sotc, version=None)
    widget = PyramidWidget(doc)
    qtbot.addWidget(widget)
    widget.resize(1000, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def loop(pyramid: PyramidWidget, monkeypatch: pytest.MonkeyPatch) -> DragLoop:
    drag_loop = DragLoop(pyramid)
    monkeypatch.setattr(QDrag, "exec", lambda drag, *args: drag_loop.exec(drag, *args))
    return drag_loop


def centre(widget: QWidget) -> QPoint:
    return widget.mapToGlobal(widget.rect().center())


def drag_from_list(pyramid: PyramidWidget, skill: str, target: QPoint, loop: DragLoop) -> None:
    """Press on the skill's row and move the mouse past the drag distance, as a user does."""
    pyramid.select_skill(skill)
    view = pyramid.skill_view
    start = view.visualRect(view.currentIndex()).center()
    loop.target = target
    viewport = view.viewport()
    QTest.mousePress(viewport, LEFT, NONE, start)
    step = QApplication.startDragDistance() + 5
    QTest.mouseMove(viewport, start + QPoint(step, 0))
    QTest.mouseMove(viewport, start + QPoint(2 * step, 2))
    QTest.mouseRelease(viewport, LEFT, NONE, start + QPoint(2 * step, 2))


def drag_slot(slot: QWidget, target: QPoint, loop: DragLoop) -> None:
    loop.target = target
    start = slot.rect().center()
    QTest.mousePress(slot, LEFT, NONE, start)
    QTest.mouseMove(slot, start + QPoint(20, 3))
    QTest.mouseRelease(slot, LEFT, NONE, start + QPoint(20, 3))


def test_mouse_drag_from_the_list_onto_a_slot_places_the_skill_sotc_skills(
    pyramid: PyramidWidget, loop: DragLoop
) -> None:
    """Drag Athletics to the top slot: Superb (+5), one undo step, with the skill as payload."""
    doc = pyramid._document
    drag_from_list(pyramid, "Athletics", centre(pyramid.rungs[5].slots[0]), loop)
    assert len(loop.dragged) == 1
    assert bytes(loop.dragged[0].data(SKILL_MIME).data()) == b"Athletics"
    assert loop.results[0] in (Qt.DropAction.MoveAction, Qt.DropAction.CopyAction)  # accepted
    assert doc.character.skills == {"Athletics": 5}
    assert doc.undo_stack.undoText() == "Place Athletics at Superb (+5)"
    assert pyramid.rungs[5].slots[0].occupant == "Athletics"
    doc.undo_stack.undo()
    assert doc.character.skills == {}
    assert pyramid.rungs[5].slots[0].occupant == ""


def test_drop_beside_the_slots_uses_the_rung_and_a_full_rung_overflows_sotc_v7(
    pyramid: PyramidWidget, loop: DragLoop
) -> None:
    """Dropping on a rung's title places the skill there; a second Superb shows as too many."""
    doc = pyramid._document
    drag_from_list(pyramid, "Guns", centre(pyramid.rungs[4].title), loop)
    assert doc.character.skills == {"Guns": 4}
    drag_from_list(pyramid, "Athletics", centre(pyramid.rungs[5].slots[0]), loop)
    drag_from_list(pyramid, "Fists", centre(pyramid.rungs[5].title), loop)
    assert doc.character.skill("Fists") == 5
    superb = pyramid.rungs[5]
    assert len(superb.slots) == 2 and superb.slots[1].property("state") == "over"
    assert "Superb (+5) has 2 skills" in superb.problem.text()


def test_mouse_drag_between_slots_swaps_and_back_to_the_list_takes_off(
    pyramid: PyramidWidget, loop: DragLoop
) -> None:
    """A placed skill dragged onto another swaps rungs; dragged onto the list it leaves."""
    doc = pyramid._document
    pyramid.place("Athletics", 5)
    pyramid.place("Guns", 4)
    drag_slot(pyramid.rungs[5].slots[0], centre(pyramid.rungs[4].slots[0]), loop)
    assert doc.character.skills == {"Athletics": 4, "Guns": 5}
    assert doc.undo_stack.undoText() == "Swap Athletics and Guns"
    assert pyramid.rungs[5].slots[0].occupant == "Guns"
    list_point = pyramid.skill_view.viewport().mapToGlobal(QPoint(20, 20))
    drag_slot(pyramid.rungs[5].slots[0], list_point, loop)
    assert doc.character.skills == {"Athletics": 4}
    assert doc.undo_stack.undoText() == "Remove Guns from the pyramid"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.skills == {"Athletics": 5, "Guns": 4}


def test_a_drop_without_a_skill_is_refused(pyramid: PyramidWidget, loop: DragLoop) -> None:
    """Plain text dragged in from elsewhere is not a skill: nothing changes."""
    doc = pyramid._document
    mime = QMimeData()
    mime.setText("Athletics")
    drag = QDrag(pyramid)
    drag.setMimeData(mime)
    loop.target = centre(pyramid.rungs[5].slots[0])
    assert drag.exec(Qt.DropAction.MoveAction) == Qt.DropAction.IgnoreAction
    assert doc.character.skills == {}
    assert doc.undo_stack.count() == 0
