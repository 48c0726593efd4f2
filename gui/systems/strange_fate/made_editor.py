"""GUI layer: the Companion or Equipment item a Gift makes («Companion», L3640-L3663;
«Equipment», L3683-L3702), edited beside the Gift on the Gifts page.

The Gift's target names it; each edit writes the whole Companion or item back through
:class:`~gui.systems.strange_fate.commands.PutMadeCommand` (one undo step per action).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.strange_fate.commands import PutMadeCommand, sf_of
from gui.systems.strange_fate.models import DesignListModel
from rules.systems.strange_fate.catalog import DrawbackUse
from rules.systems.strange_fate.character import (
    Companion,
    EquipmentItem,
    ImprovementPick,
    StrangeFateCharacter,
)

TRACKS = ("", "Health", "Composure", "Reputation")


class MadeEditor(QGroupBox):
    """Improvements (and a Companion's skills) of the Companion or item a Gift names."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__("Companion or item", parent)
        self.document = document
        _, system = sf_of(document)
        creation = system.book.creation
        self.names = {
            "Companion": [m.name for m in creation.companion.improvements],
            "Equipment": [m.name for m in creation.equipment.improvements],
        }
        self.kind: str | None = None
        self.target = ""
        self.improvement = QComboBox()
        self.improvement.setAccessibleName("Improvement")
        self.track = QComboBox()
        self.track.addItems(list(TRACKS))
        self.track.setAccessibleName("Stress track")
        self.detail = QLineEdit()
        self.detail.setPlaceholderText("Skill, or what it does")
        self.detail.setAccessibleName("Improvement detail")
        self.add = QPushButton("Add &improvement")
        self.model = DesignListModel(self)
        self.list = QListView()
        self.list.setModel(self.model)
        self.list.setMaximumHeight(90)
        self.list.setAccessibleName("Improvements")
        self.remove = QPushButton("Remove improvement")
        self.skill = QLineEdit()
        self.skill.setPlaceholderText("Companion skill")
        self.skill.setAccessibleName("Companion skill")
        self.rating = QSpinBox()
        self.rating.setRange(0, 3)
        self.rating.setAccessibleName("Companion skill rating")
        self.set_skill = QPushButton("Set s&kill")
        self.skills = QLabel()
        self.protective = QCheckBox("Protective item (armour and the like)")
        # the optional Gifts and Flaws rule: a Drawback buys one more improvement (L3665-L3681)
        self.drawback = QComboBox()
        self.drawback.addItems([d.name for d in system.book.catalog.drawbacks])
        self.drawback.setAccessibleName("Gift Drawback")
        self.drawback_severity = QComboBox()
        self.drawback_severity.addItems(["minor", "major"])
        self.drawback_severity.setAccessibleName("Gift Drawback severity")
        self.drawback_label = QLineEdit()
        self.drawback_label.setPlaceholderText("Aspect, or what it limits")
        self.drawback_label.setAccessibleName("Gift Drawback label")
        self.add_drawback = QPushButton("Add &Drawback (Gifts and Flaws)")
        self.remove_drawbacks = QPushButton("Remove Drawbacks")
        self.drawbacks = QLabel()
        self.drawbacks.setWordWrap(True)
        form = QFormLayout(self)
        row = QHBoxLayout()
        for widget in (self.improvement, self.track, self.detail, self.add):
            row.addWidget(widget)
        form.addRow(row)
        form.addRow(self.list)
        form.addRow(self.remove)
        self.skill_row = QWidget()
        srow = QHBoxLayout(self.skill_row)
        srow.setContentsMargins(0, 0, 0, 0)
        for part in (self.skill, self.rating, self.set_skill, self.skills):
            srow.addWidget(part)
        form.addRow(self.skill_row)
        form.addRow(self.protective)
        drow = QHBoxLayout()
        for widget in (self.drawback, self.drawback_severity, self.drawback_label,
                       self.add_drawback, self.remove_drawbacks):  # fmt: skip
            drow.addWidget(widget)
        form.addRow(drow)
        form.addRow(self.drawbacks)
        self.add_drawback.clicked.connect(self._on_add_drawback)
        self.remove_drawbacks.clicked.connect(self._on_remove_drawbacks)
        self.add.clicked.connect(self._on_add)
        self.remove.clicked.connect(self._on_remove)
        self.set_skill.clicked.connect(self._on_skill)
        self.protective.clicked.connect(self._on_protective)
        self.show_for(None, "")

    def made(self) -> Companion | EquipmentItem | None:
        """The Companion or item being edited (a new one when none has the name yet)."""
        if self.kind is None or not self.target:
            return None
        character: StrangeFateCharacter = sf_of(self.document)[0]
        if self.kind == "Companion":
            found = next((x for x in character.companions if x.name == self.target), None)
            return found or Companion(name=self.target)
        item = next((x for x in character.equipment if x.name == self.target), None)
        return item or EquipmentItem(name=self.target)

    def show_for(self, kind: str | None, target: str) -> None:
        """Edit what the Gift ``kind`` (Companion, Equipment or other) named ``target`` made."""
        self.kind = kind if kind in self.names else None
        self.target = target.strip()
        self.setVisible(self.kind is not None)
        if self.kind is None:
            return
        names = self.names[self.kind]
        if [self.improvement.itemText(i) for i in range(self.improvement.count())] != names:
            self.improvement.clear()
            self.improvement.addItems(names)
        self.setTitle(f"{self.kind}: {self.target or '(name it in the Gift above)'}")
        made = self.made()
        self.setEnabled(made is not None)
        self.skill_row.setVisible(self.kind == "Companion")
        self.protective.setVisible(self.kind == "Equipment")
        rows = []
        for pick in made.improvements if made else ():
            extra = ", ".join(x for x in (pick.track or "", pick.skill, pick.note) if x)
            rows.append(f"{pick.name}{f' ({extra})' if extra else ''}")
        self.model.set_rows(rows)
        if isinstance(made, Companion):
            self.skills.setText(", ".join(f"{k} {v}" for k, v in made.skills.items()))
        if isinstance(made, EquipmentItem):
            self.protective.setChecked(made.protective)
        held = made.drawbacks if made else ()
        listed = "; ".join(
            f"{d.drawback} ({d.severity}{f', {d.label}' if d.label else ''})" for d in held
        )
        self.drawbacks.setText(f"Drawbacks: {listed or 'none'}")

    def _on_add_drawback(self) -> None:
        made = self.made()
        if made is None:
            return
        use = DrawbackUse.model_validate(
            {"drawback": self.drawback.currentText(),
             "severity": self.drawback_severity.currentText(),
             "label": self.drawback_label.text().strip() or None}
        )  # fmt: skip
        self._put(made.model_copy(update={"drawbacks": (*made.drawbacks, use)}))
        self.drawback_label.clear()

    def _on_remove_drawbacks(self) -> None:
        made = self.made()
        if made is not None and made.drawbacks:
            self._put(made.model_copy(update={"drawbacks": ()}))

    def _put(self, made: Any) -> None:
        self.document.undo_stack.push(PutMadeCommand(self.document, made))

    def _on_add(self) -> None:
        made = self.made()
        if made is None:
            return
        detail = self.detail.text().strip()
        pick = ImprovementPick.model_validate(
            {"name": self.improvement.currentText(), "track": self.track.currentText() or None,
             "skill": detail if self.kind == "Companion" or detail in self._skills() else "",
             "note": "" if detail in self._skills() else detail}
        )  # fmt: skip
        self._put(made.model_copy(update={"improvements": (*made.improvements, pick)}))
        self.detail.clear()

    def _skills(self) -> set[str]:
        return set(sf_of(self.document)[0].skills)

    def _on_remove(self) -> None:
        made = self.made()
        index = self.list.currentIndex()
        if made is None or not index.isValid():
            return
        kept = tuple(p for i, p in enumerate(made.improvements) if i != index.row())
        self._put(made.model_copy(update={"improvements": kept}))

    def _on_skill(self) -> None:
        made = self.made()
        name = self.skill.text().strip()
        if not isinstance(made, Companion) or not name:
            return
        skills = {k: v for k, v in made.skills.items() if k != name}
        if self.rating.value() > 0:
            skills[name] = self.rating.value()
        self._put(made.model_copy(update={"skills": skills}))

    def _on_protective(self, checked: bool) -> None:
        made = self.made()
        if isinstance(made, EquipmentItem):
            self._put(made.model_copy(update={"protective": checked}))
