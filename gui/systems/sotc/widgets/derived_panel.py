"""GUI layer: live derived values of a SotC character: stress boxes (checked as the character
carries them), fate points, initiative, and the numbers the book computes from stunts, skills and
gadgets (companions, workspace, Scholar, Empathy reads, gadget quality and price).

A compact strip that reads ``CharacterDocument.derived`` (cached by the document) whenever the
character changes; it computes nothing itself (the book's numbers come from
:mod:`rules.systems.sotc.book_values`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from gui.documents.character_document import CharacterDocument
from rules.ladder import Ladder

BOX = 13
GAP = 3


class StressBoxes(QWidget):
    """A row of empty stress boxes, like on the printed sheet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = 0
        self._marks: tuple[bool, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_count(self, count: int) -> None:
        """Show ``count`` boxes."""
        self._count = max(0, count)
        self.updateGeometry()
        self.update()

    def set_marks(self, marks: tuple[bool, ...]) -> None:
        """Draw a cross in each box whose mark is True (the stress the character carries)."""
        self._marks = marks
        self.update()

    def marks(self) -> tuple[bool, ...]:
        """The checked state shown (may be shorter than the boxes: the rest are clear)."""
        return self._marks

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
            x = i * (BOX + GAP)
            painter.drawRect(x, 1, BOX - 1, BOX - 1)
            if i < len(self._marks) and self._marks[i]:
                painter.drawLine(x + 2, 3, x + BOX - 3, BOX - 2)
                painter.drawLine(x + BOX - 3, 3, x + 2, BOX - 2)
        painter.end()


class DerivedPanel(QFrame):
    """Health and Composure boxes, fate points and refresh, and initiative, updated live."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setFrameShape(QFrame.Shape.StyledPanel)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(10, 6, 10, 6)
        rows.setSpacing(3)
        layout = QHBoxLayout()
        layout.setSpacing(8)
        rows.addLayout(layout)
        self.book_label = QLabel()
        self.book_label.setWordWrap(True)
        self.book_label.setToolTip(
            "Numbers the book computes: Empathy reads (Skills: Empathy), workspaces "
            "(Resources: Workspaces), contacts and lieutenant (Stunts: Contacting, Leadership), "
            "Scholar's Academics, and gadgets' quality, price and the search for a seller "
            "(Gadgets and Gizmos: Improving Things, Buying Gadgets Outright)."
        )
        rows.addWidget(self.book_label)
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
        character: Any = self._document.character
        self.health.set_count(derived.health_boxes)
        self.composure.set_count(derived.composure_boxes)
        self.health.set_marks(tuple(character.condition.health))
        self.composure.set_marks(tuple(character.condition.composure))
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
        held = len(character.condition.consequences)
        if held:
            self.fate_label.setText(self.fate_label.text() + f" &nbsp; <b>Consequences</b> {held}")
        self.book_label.setText(" \u00b7 ".join(book_lines(derived, ladder)))


def book_lines(derived: Any, ladder: Ladder) -> list[str]:
    """The book's computed numbers as short phrases (only those the character has)."""
    lines = [f"Empathy reads up to {derived.empathy_reads} aspect(s)"]
    w = derived.workspace
    work = (
        f"Workspace {ladder.render(w.quality)} (specialized {ladder.render(w.specialized_quality)})"
    )
    if w.free > 1:
        work += f", {w.free} of them"
    if w.headquarters_quality is not None:
        work += f"; headquarters {ladder.render(w.headquarters_quality)}"
    lines.append(work)
    c = derived.companions
    if c.contacts:
        lines.append(
            f"Contacts {c.contacts} \u00d7 {c.advances_per_contact} advances"
            + (f", +{c.close_contacts_advances} to share" if c.close_contacts_advances else "")
            + f", at most {c.most_on_one_contact} on one"
        )
    if c.network_advances:
        lines.append(
            f"Network companion {c.network_advances} advances "
            f"({c.network_one_scene_advances} for one scene)"
        )
    if c.lieutenant_quality is not None:
        lines.append(
            f"Lieutenant {ladder.render(c.lieutenant_quality)}, {c.lieutenant_advances} advances"
        )
    for f in derived.scholar:
        field = f" ({f.field})" if f.field else ""
        lines.append(
            f"Scholar{field}: Academics {ladder.render(f.academics)}, "
            f"specialty {ladder.render(f.specialty_academics)}"
        )
    for g in derived.gadgets:
        lines.append(
            f"{g.name or 'Gadget'}: quality {ladder.render(g.quality)}, price "
            f"{ladder.render(g.price)}, seller in {g.seller_days} day(s)"
        )
    return lines
