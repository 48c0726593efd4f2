"""GUI layer: live derived values of a SotC character: stress boxes, fate points, initiative.

A compact strip that reads ``CharacterDocument.derived`` (cached by the document) whenever the
character changes; it computes nothing itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from gui.documents.character_document import CharacterDocument

BOX = 13
GAP = 3


class StressBoxes(QWidget):
    """A row of empty stress boxes, like on the printed sheet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_count(self, count: int) -> None:
        """Show ``count`` boxes."""
        self._count = max(0, count)
        self.updateGeometry()
        self.update()

    def count(self) -> int:
        """How many boxes are shown."""
        return self._count

    def sizeHint(self) -> QSize:
        """Room for every box."""
        return QSize(max(1, self._count * (BOX + GAP)), BOX + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the boxes."""
        painter = QPainter(self)
        pen = QPen(self.palette().windowText().color())
        pen.setWidth(1)
        painter.setPen(pen)
        painter.setBrush(QColor(self.palette().base().color()))
        for i in range(self._count):
            painter.drawRect(i * (BOX + GAP), 1, BOX - 1, BOX - 1)
        painter.end()


class DerivedPanel(QFrame):
    """Health and Composure boxes, fate points and refresh, and initiative, updated live."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(8)
        self.health = StressBoxes()
        self.composure = StressBoxes()
        self.health_label = QLabel()
        self.composure_label = QLabel()
        self.fate_label = QLabel()
        self.initiative_label = QLabel()
        self.health_label.setToolTip(
            "Health (physical stress): 5 boxes, more with a good Endurance "
            "(SotC, Skills: Endurance)."
        )
        self.composure_label.setToolTip(
            "Composure (social and mental stress): 5 boxes, more with a good Resolve "
            "(SotC, Skills: Resolve)."
        )
        self.fate_label.setToolTip(
            "Refresh is the number of aspects; a new character starts with that many fate "
            "points (SotC, Fate Points)."
        )
        self.initiative_label.setToolTip(
            "Physical conflicts go in Alertness order, social ones in Empathy order; ties by "
            "Resolve (SotC, Conflicts: Initiative)."
        )
        for label, boxes in (
            (self.health_label, self.health),
            (self.composure_label, self.composure),
        ):
            layout.addWidget(label)
            layout.addWidget(boxes, 0, Qt.AlignmentFlag.AlignVCenter)
            layout.addSpacing(10)
        layout.addWidget(self.fate_label)
        layout.addSpacing(10)
        layout.addWidget(self.initiative_label)
        layout.addStretch(1)
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: Any) -> None:
        derived: Any = self._document.derived
        ladder = self._document.system.ladder
        self.health.set_count(derived.health_boxes)
        self.composure.set_count(derived.composure_boxes)
        self.health_label.setText(f"<b>Health</b> {derived.health_boxes}")
        self.composure_label.setText(f"<b>Composure</b> {derived.composure_boxes}")
        self.fate_label.setText(
            f"<b>Fate points</b> {derived.fate_points} &nbsp; <b>Refresh</b> {derived.refresh}"
        )
        init = derived.initiative
        self.initiative_label.setText(
            f"<b>Initiative</b> physical {ladder.render(init.physical)}, "
            f"social {ladder.render(init.social)}"
        )
