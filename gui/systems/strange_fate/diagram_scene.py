"""GUI layer: the Skill Trapping Diagram drawn as the book draws it (a ``QGraphicsScene``).

Boxes are labelled rectangles with a solid border (1 point) or a dotted one (2 points); Variable
and Minions, priced by their detail, get a dash-dot border and their prices. Lines are thin
(1 point), dotted (2) or thick (free). Anything that differs from the bundled reconstruction
carries an orange mark, and every item's tooltip says where it comes from (stated, with the book
lines; inferred, from which samples; unknown). :meth:`DiagramScene.show_walk` highlights a
skill's cheapest walk: its boxes numbered in order of addition with the running cost, its paid
lines drawn over in the highlight colour. The scene reads the document; it never changes it:
moves and clicks are reported as signals for the view to turn into commands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.systems.strange_fate.diagram_document import Change, DiagramDocument
from gui.systems.strange_fate.layout import BOX_HEIGHT, BOX_WIDTH
from rules.systems.strange_fate.cost import Walk
from rules.systems.strange_fate.diagram import Box, Line, Provenance

INK = QColor("#2b2b2b")
PAPER = QColor("#fffdf7")
HIGHLIGHT = QColor("#1f6fd1")
HIGHLIGHT_FILL = QColor("#dbe9fb")
CHANGED = QColor("#e07b00")
LINE_WIDTH = {"thin": 1.3, "dotted": 1.6, "thick": 4.5}


BOOK_HEADINGS: tuple[tuple[int, str], ...] = (
    (1356, "Putting It Together"),
    (1384, "Skill Trapping Diagram"),
    (1394, "Power Tier and Refresh"),
    (1886, "Craft"),
    (2256, "Minions"),
    (2286, "Minions: Duplicates"),
    (2576, "Variable"),
)
"""The book's headings (with the SRD line each starts on) under which the diagram's stated facts
are written: a tooltip names the section, never a line number a player cannot look up."""


def book_section(line: int) -> str:
    """The heading of the book section holding SRD line ``line`` («Putting It Together»)."""
    heading = next((h for start, h in reversed(BOOK_HEADINGS) if start <= line), "Skills")
    return f"\u00ab{heading}\u00bb"


def provenance_text(provenance: Provenance) -> str:
    """Where a fact comes from, in words (the book's sections, not its line numbers)."""
    if provenance.kind == "stated":
        where = ", ".join(dict.fromkeys(book_section(n) for n in provenance.lines))
        text = f"Stated in the book ({where})"
    elif provenance.kind == "inferred":
        text = "Inferred from the sample skills " + ", ".join(provenance.samples)
    else:
        text = "Unknown: nothing in the book decides it"
    return f"{text}. {provenance.note}".strip() if provenance.note else text + "."


LABEL_POINTS = 9.0
"""The point size a box writes its trapping in (the view keeps it readable: DiagramView)."""

LEGEND = (
    "Boxes: solid border 1 point, dotted 2, dash-dot priced by detail. Lines: thin 1, dotted "
    "2, thick free; at most 4 points of lines per addition («Putting It Together», «How to Use "
    "This»). <span style='color:#1f6fd1'>Blue</span>: the cheapest walk, each box badged "
    "step\u00b7running total."
)
"""What the diagram's marks mean: the designer shows it beside the diagram, the diagram editor
in its side panel (with its own words for the user's changes)."""

CHANGE_WORDS = {
    "added": "Added by you (not in the bundled reconstruction).",
    "restyled": "Changed by you from the bundled reconstruction",
    "moved": "Moved by you (drawing only: prices are unchanged).",
}


def _pen(color: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(color, width, style)
    pen.setCosmetic(False)
    return pen


class BoxItem(QGraphicsObject):
    """One trapping's box."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.box: Box | None = None
        self.change: Change | None = None
        self.step: int | None = None
        self.running = 0
        self.picked = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        self.setZValue(2)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        """The box and its marks."""
        return QRectF(-BOX_WIDTH / 2 - 4, -BOX_HEIGHT / 2 - 10, BOX_WIDTH + 16, BOX_HEIGHT + 20)

    def shape(self) -> QPainterPath:
        """Clicks land on the box itself."""
        path = QPainterPath()
        path.addRect(QRectF(-BOX_WIDTH / 2, -BOX_HEIGHT / 2, BOX_WIDTH, BOX_HEIGHT))
        return path

    def set_state(self, box: Box, change: Change | None, tip: str) -> None:
        """Show ``box`` (border, change mark, tooltip)."""
        self.box, self.change = box, change
        self.setToolTip(tip)
        self.update()

    def set_step(self, step: int | None, running: int = 0, picked: bool = False) -> None:
        """Number the box as step ``step`` of a walk (None: not in the walk)."""
        if (self.step, self.running, self.picked) != (step, running, picked):
            self.step, self.running, self.picked = step, running, picked
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Rectangle, label, and the walk's and the change's marks."""
        assert self.box is not None
        rect = QRectF(-BOX_WIDTH / 2, -BOX_HEIGHT / 2, BOX_WIDTH, BOX_HEIGHT)
        on_walk = self.step is not None or self.picked
        border = self.box.border
        style = {"solid": Qt.PenStyle.SolidLine, "dotted": Qt.PenStyle.DotLine}.get(
            border, Qt.PenStyle.DashDotLine
        )
        color = HIGHLIGHT if on_walk else INK
        painter.setPen(_pen(color, 2.2 if on_walk else 1.4, style))
        painter.setBrush(QBrush(HIGHLIGHT_FILL if on_walk else PAPER))
        painter.drawRect(rect)
        if self.isSelected():
            painter.setPen(_pen(HIGHLIGHT, 1.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(-3, -3, 3, 3))
        font = QFont(painter.font())
        font.setPointSizeF(LABEL_POINTS)
        painter.setFont(font)
        painter.setPen(INK)
        if border == "priced" and self.box.prices:
            top = QRectF(rect.left(), rect.top() + 1, rect.width(), rect.height() / 2)
            painter.drawText(top, Qt.AlignmentFlag.AlignCenter, self.name)
            small = QFont(font)
            small.setPointSizeF(7.5)
            painter.setFont(small)
            prices = " \u00b7 ".join(f"{k} {v}" for k, v in self.box.prices.items())
            bottom = QRectF(rect.left() + 3, rect.center().y(), rect.width() - 6, rect.height() / 2)
            text = QFontMetricsF(small).elidedText(
                prices, Qt.TextElideMode.ElideRight, bottom.width()
            )
            painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, text)
            painter.setFont(font)
        else:
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.name)
        if self.step is not None:
            badge = QRectF(-BOX_WIDTH / 2 - 4, -BOX_HEIGHT / 2 - 10, 34, 15)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(HIGHLIGHT)
            painter.drawRoundedRect(badge, 7, 7)
            painter.setPen(QColor("white"))
            font.setPointSizeF(7.5)
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(
                badge, Qt.AlignmentFlag.AlignCenter, f"{self.step}\u00b7{self.running}"
            )
        if self.change is not None and self.change != "moved":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(CHANGED)
            painter.drawEllipse(QPointF(BOX_WIDTH / 2 + 2, -BOX_HEIGHT / 2 - 2), 6, 6)
        elif self.change == "moved":
            painter.setPen(_pen(CHANGED, 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(BOX_WIDTH / 2 + 2, -BOX_HEIGHT / 2 - 2), 4, 4)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Tab through the boxes: the focused box is the selected one (Ctrl keeps others)."""
        super().focusInEvent(event)
        scene = self.scene()
        if scene is not None and not self.isSelected():
            if not QApplication.keyboardModifiers() & Qt.KeyboardModifier.ControlModifier:
                scene.clearSelection()
            self.setSelected(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space or Enter on a box is a click (the designer adds or removes its trapping)."""
        scene = self.scene()
        keys = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if isinstance(scene, DiagramScene) and event.key() in keys:
            scene.box_clicked.emit(self.name)
            return
        super().keyPressEvent(event)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        """Lines follow a box being dragged."""
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            scene = self.scene()
            if isinstance(scene, DiagramScene):
                scene.follow(self.name)
        return super().itemChange(change, value)


class LineItem(QGraphicsLineItem):
    """One line between two boxes."""

    def __init__(self, line: Line) -> None:
        super().__init__()
        self.spec = line
        self.change: Change | None = None
        self.paid = False
        self.setZValue(1)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)

    def set_state(self, line: Line, change: Change | None, tip: str) -> None:
        """Show ``line`` with its style and change mark."""
        self.spec, self.change = line, change
        self.setToolTip(tip)
        self._restyle()

    def set_paid(self, paid: bool) -> None:
        """Whether the highlighted walk pays this line."""
        if paid != self.paid:
            self.paid = paid
            self._restyle()

    def _restyle(self) -> None:
        style = Qt.PenStyle.DotLine if self.spec.style == "dotted" else Qt.PenStyle.SolidLine
        if self.paid:
            color = HIGHLIGHT
        elif self.change is not None:
            color = CHANGED
        else:
            color = INK
        pen = _pen(color, LINE_WIDTH[self.spec.style] + (1.2 if self.paid else 0), style)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        self.setPen(pen)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """The line, and a dashed halo when selected."""
        if self.isSelected():
            painter.setPen(_pen(HIGHLIGHT, LINE_WIDTH[self.spec.style] + 5, Qt.PenStyle.SolidLine))
            painter.setOpacity(0.25)
            painter.drawLine(self.line())
            painter.setOpacity(1.0)
        painter.setPen(self.pen())
        painter.drawLine(self.line())
        if self.change is not None:  # the same orange mark as a changed box, mid-line
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(CHANGED)
            painter.drawEllipse(self.line().center(), 5, 5)

    def boundingRect(self) -> QRectF:
        """The line and its change mark."""
        return super().boundingRect().adjusted(-6, -6, 6, 6)


class DiagramScene(QGraphicsScene):
    """The diagram of one :class:`DiagramDocument`.

    Args:
        document: The diagram to draw.
        movable: Whether boxes can be dragged (the editor; the designer only picks).
        parent: The widget whose lifetime the scene shares.

    Signals:
        box_moved(str, float, float): a drag of box ``name`` ended at (x, y).
        box_clicked(str): box ``name`` was clicked (the designer toggles it).
    """

    box_moved = Signal(str, float, float)
    box_clicked = Signal(str)

    def __init__(
        self, document: DiagramDocument, *, movable: bool = True, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.movable = movable
        self.boxes: dict[str, BoxItem] = {}
        self.lines: dict[frozenset[str], LineItem] = {}
        self._press: tuple[str, QPointF] | None = None
        self.setBackgroundBrush(QColor("#f4f1e8"))
        document.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        """Make the items what the document holds (added, removed, restyled, moved)."""
        doc = self.document
        for name in [n for n in self.boxes if n not in doc.boxes]:
            self.removeItem(self.boxes.pop(name))
        for key in [k for k in self.lines if k not in doc.lines]:
            self.removeItem(self.lines.pop(key))
        for name, box in doc.boxes.items():
            item = self.boxes.get(name)
            if item is None:
                item = self.boxes[name] = BoxItem(name)
                item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, self.movable)
                self.addItem(item)
            change = doc.box_change(name)
            tip = f"<b>{name}</b> \u2014 {box.border} border"
            if box.border != "priced":
                tip += (
                    f" ({1 if box.border == 'solid' else 2} point{'s' * (box.border != 'solid')})"
                )
            else:
                tip += ": " + ", ".join(f"[{k}] {v} points" for k, v in box.prices.items())
            tip += f"<br>{provenance_text(box.provenance)}"
            if change is not None:
                tip += f"<br><span style='color:#b35f00'>{CHANGE_WORDS[change]}"
                if change == "restyled":
                    tip += f" (bundled: {doc.bundled.box(name).border} border)"
                tip += "</span>"
            item.set_state(box, change, tip)
            x, y = doc.position(name)
            if item.pos() != QPointF(x, y):
                item.setPos(x, y)
        for key, line in doc.lines.items():
            litem = self.lines.get(key)
            if litem is None:
                litem = self.lines[key] = LineItem(line)
                self.addItem(litem)
            change = doc.line_change(key)
            points = {"thin": "1 point", "dotted": "2 points", "thick": "free"}[line.style]
            tip = f"<b>{line.a} \u2013 {line.b}</b> \u2014 {line.style} line ({points})"
            tip += f"<br>{provenance_text(line.provenance)}"
            if change is not None:
                tip += f"<br><span style='color:#b35f00'>{CHANGE_WORDS[change]}"
                if change == "restyled":
                    old = next(x for x in doc.bundled.lines if x.key == key)
                    tip += f" (bundled: {old.style})"
                tip += "</span>"
            litem.set_state(line, change, tip)
            self._place(litem)
        rect = self.itemsBoundingRect().adjusted(-16, -16, 16, 16)
        self.setSceneRect(rect)

    def _place(self, item: LineItem) -> None:
        """Join the facing edges of the two boxes (left/right side by side, else top/bottom),
        so a line never runs under a third box of the same column."""
        a, b = self.boxes[item.spec.a].pos(), self.boxes[item.spec.b].pos()
        if abs(b.x() - a.x()) > BOX_WIDTH * 0.75:
            sign = 1 if b.x() > a.x() else -1
            start = QPointF(a.x() + sign * BOX_WIDTH / 2, a.y())
            end = QPointF(b.x() - sign * BOX_WIDTH / 2, b.y())
        else:
            sign = 1 if b.y() > a.y() else -1
            start = QPointF(a.x(), a.y() + sign * BOX_HEIGHT / 2)
            end = QPointF(b.x(), b.y() - sign * BOX_HEIGHT / 2)
        item.setLine(start.x(), start.y(), end.x(), end.y())

    def follow(self, name: str) -> None:
        """Redraw the lines of box ``name`` (it is being dragged)."""
        for key, item in self.lines.items():
            if name in key:
                self._place(item)

    def show_walk(self, walk: Walk | None, picked: Iterable[str] = ()) -> None:
        """Highlight ``walk`` (None: nothing) and the ``picked`` trappings not yet walked."""
        steps: dict[str, tuple[int, int]] = {}
        paid: set[frozenset[str]] = set()
        running = 0
        for i, step in enumerate(walk.steps if walk else (), start=1):
            running += step.points
            name = step.trapping.split(" [", 1)[0]
            steps.setdefault(name, (i, running))
            paid.update(frozenset((line.a, line.b)) for line in step.lines)
        chosen = set(picked)
        for name, item in self.boxes.items():
            step_of = steps.get(name)
            item.set_step(step_of[0] if step_of else None, step_of[1] if step_of else 0,
                          name in chosen)  # fmt: skip
        for key, litem in self.lines.items():
            litem.set_paid(key in paid)

    # -- mouse ------------------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Remember which box a press started on."""
        item = self._box_at(event.scenePos())
        self._press = (item.name, item.pos()) if item is not None else None
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A drag that moved a box reports the move; a click reports the box."""
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if press is None:
            return
        name, start = press
        item = self.boxes.get(name)
        if item is None:
            return
        if self.movable and item.pos() != start:
            self.box_moved.emit(name, item.pos().x(), item.pos().y())
        elif event.button() == Qt.MouseButton.LeftButton:
            self.box_clicked.emit(name)

    def _box_at(self, pos: QPointF) -> BoxItem | None:
        for item in self.items(pos):
            if isinstance(item, BoxItem):
                return item
        return None

    def selected_boxes(self) -> list[str]:
        """The selected boxes' trappings, in name order."""
        return sorted(i.name for i in self.selectedItems() if isinstance(i, BoxItem))

    def selected_lines(self) -> list[frozenset[str]]:
        """The selected lines."""
        return [i.spec.key for i in self.selectedItems() if isinstance(i, LineItem)]
