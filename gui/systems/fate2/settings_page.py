"""GUI layer: FATE 2.0's campaign settings page (the campaign dialog's "Creation rules" tab).

The GM's choices of §2 GM Overview and the options of §6 and §7: number of phases, ranks and
aspect levels per phase, the aspect cap, starting fate points, pyramid or column, plot aspects,
free aspects, potential, Destiny, difficult skills, extras, the wound track's boxes (§8), and
the campaign's skill list (§10 Skill Lists: start from the book's sample list; add, rename,
remove; a difficult skill's default). Like every settings page it edits a draft that the
campaign dialog saves; the skill list is a Qt model.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.system_ui import SettingsConflict
from rules.ladder import Ladder
from rules.systems.fate2.history import key
from rules.systems.fate2.settings import Fate2Settings, SkillDef, WoundBoxes

Index = QModelIndex | QPersistentModelIndex

DEFAULTS = (-1, -2, -3, -4)
"""A skill's possible defaults: Mediocre, Poor, Terrible, Abysmal (§7 Difficult Skills)."""

TIPS = {
    "phases": "2. Phases: any number; five to eight is usual (the book's samples use five).",
    "ranks": "2. Buying Skills: four ranks a phase.",
    "aspects_per_phase": "6. Free Aspects advises one aspect level a phase.",
    "cap": "2. Select Aspects: a third to a half of the phases. 0 = half the phases.",
    "fate": "2. Fate Points: usually half the phases, rounded up.",
    "shape": "2. Buying Skills (pyramid) or 7. Skill Column: checked after every phase.",
    "plot": "6. Aspects as Plot Hooks: a plot phase gives bonus ranks.",
    "free": "6. Free Aspects: levels taken outside the phases (0 = off).",
    "potential": "6. Potential: a missed phase banks a point for a later extra phase.",
    "destiny": "6. Destiny: a phase may take the Destiny aspect and no ranks.",
    "difficult": "7. Difficult Skills: skills that start below Mediocre.",
    "extras": "5. Extras: ranks may buy items, servants, minions, contacts.",
    "extras_in_pyramid": "5. Extras within the Pyramid: an extra counts as a skill.",
    "half": "7. Aspect Caps: no aspect holds more than half the character's levels.",
    "peak": "7. Aspect Caps: no aspect above the character's best skill.",
    "wounds": "8. Changing Wound Boxes (Clipped 3 is our reading: its number is lost).",
    "overflow": "8. The Death Spiral: a full row spills into the next.",
}


class SkillListModel(QAbstractTableModel):
    """The campaign's skill list being edited: name, category, default, pyramid.

    The pyramid column (§5 Special Skills and the Pyramid) reads "main" for the character's one
    pyramid, "none" for a skill outside every pyramid, or a name a suite of special skills
    shares for a pyramid of its own (typing "main", "none" or a name sets it).

    Args:
        skills: The list to start from.
        ladder: Names the defaults.
        parent: The Qt parent.
    """

    HEADERS = ("Skill", "Category", "Default", "Pyramid")

    def __init__(
        self, skills: tuple[SkillDef, ...], ladder: Ladder, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._skills = list(skills)
        self._ladder = ladder
        self.difficult = False

    def skills(self) -> tuple[SkillDef, ...]:
        """The list as edited."""
        return tuple(self._skills)

    def replace(self, skills: tuple[SkillDef, ...]) -> None:
        """Show another list (the book's)."""
        self.beginResetModel()
        self._skills = list(skills)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per skill."""
        return 0 if parent.isValid() else len(self._skills)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Name, category, default, pyramid."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Everything is editable; the default only when difficult skills are on."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 2 and not self.difficult:
            return base
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name, category, default (as a ladder word)."""
        if not index.isValid() or not 0 <= index.row() < len(self._skills):
            return None
        skill = self._skills[index.row()]
        column = index.column()
        pyramid = "none" if skill.pyramid is None else skill.pyramid or "main"
        if role == Qt.ItemDataRole.DisplayRole:
            return (skill.name, skill.category, self._ladder.render(skill.default), pyramid)[column]
        if role == Qt.ItemDataRole.EditRole:
            return (skill.name, skill.category, skill.default, pyramid)[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 2 and not self.difficult:
            return "Turn on difficult skills to give a skill a lower default"
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return (
                "5. Special Skills and the Pyramid: main (the one pyramid), none (outside "
                "any), or a name a suite of special skills shares for a pyramid of its own"
            )
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Rename (refused when blank or taken), recategorise, set the default."""
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        skill = self._skills[index.row()]
        column = index.column()
        if column == 0:
            name = " ".join(str(value).split())
            taken = {key(s.name) for i, s in enumerate(self._skills) if i != index.row()}
            if not name or key(name) in taken:
                return False
            new = skill.model_copy(update={"name": name})
        elif column == 1:
            new = skill.model_copy(update={"category": " ".join(str(value).split())})
        elif column == 3:
            text = " ".join(str(value).split())
            words = {"": "", "main": "", "none": None, "-": None}
            group = words.get(text.casefold(), text)
            new = skill.model_copy(update={"pyramid": group})
        else:
            try:
                default = int(value)
            except (TypeError, ValueError):
                return False
            if default not in DEFAULTS:
                return False
            new = skill.model_copy(update={"default": default})
        self._skills[index.row()] = SkillDef.model_validate(new.model_dump())
        self.dataChanged.emit(index, index)
        return True

    def add(self, name: str) -> int:
        """Append a skill called ``name`` (numbered when taken); its row."""
        taken = {key(s.name) for s in self._skills}
        base, n, candidate = name, 2, name
        while key(candidate) in taken:
            candidate, n = f"{base} {n}", n + 1
        row = len(self._skills)
        self.beginInsertRows(QModelIndex(), row, row)
        self._skills.append(SkillDef(name=candidate))
        self.endInsertRows()
        return row

    def removeRows(self, row: int, count: int, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        """Remove skills."""
        if parent.isValid() or row < 0 or count < 1 or row + count > len(self._skills):
            return False
        self.beginRemoveRows(QModelIndex(), row, row + count - 1)
        del self._skills[row : row + count]
        self.endRemoveRows()
        return True


class DefaultDelegate(QStyledItemDelegate):
    """A list of the four defaults for the Default column."""

    def __init__(self, ladder: Ladder, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ladder = ladder

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        """A combo of Mediocre, Poor, Terrible, Abysmal."""
        if index.column() != 2:
            editor: QWidget = super().createEditor(parent, option, index)
            return editor
        combo = QComboBox(parent)
        for value in DEFAULTS:
            combo.addItem(self._ladder.render(value), value)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        """Select the current default."""
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        """Store the chosen default."""
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


def _spin(low: int, high: int, value: int, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setMaximumWidth(170)
    if special:
        spin.setSpecialValueText(special)
    return spin


class Fate2SettingsPage(QWidget):
    """A FATE 2.0 campaign's creation rules (a :class:`gui.system_ui.SettingsPage`).

    Args:
        settings: The campaign's settings (the skill list filled in).
        book_list: The book's sample list (for "Start from the book's list").
        ladder: FATE 2.0's ladder.
        parent: The parent widget.
    """

    def __init__(
        self,
        settings: Fate2Settings,
        book_list: tuple[SkillDef, ...],
        ladder: Ladder,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._base = settings
        self._book = book_list
        s = settings
        self.phases = _spin(1, 50, s.phases)
        self.ranks = _spin(0, 50, s.ranks_per_phase)
        self.aspects_per_phase = _spin(1, 10, s.aspects_per_phase)
        self.cap = _spin(0, 50, s.aspect_cap or 0, "half the phases")
        fate = -1 if s.starting_fate_points is None else s.starting_fate_points
        self.fate = _spin(-1, 100, fate, "half the phases")
        self.shape = QComboBox()
        self.shape.addItem("Pyramid (one more below)", "pyramid")
        self.shape.addItem("Column (as many below)", "column")
        self.shape.setCurrentIndex(max(0, self.shape.findData(s.skill_shape)))
        self.plot = QCheckBox("Plot aspects, with bonus ranks:")
        self.plot.setChecked(s.plot_aspects)
        self.plot_bonus = _spin(0, 50, s.plot_bonus)
        self.free = _spin(0, 50, s.free_aspects, "none")
        self.potential = QCheckBox("Potential, with points at start:")
        self.potential.setChecked(s.potential)
        self.granted = _spin(0, 50, s.granted_potential)
        self.destiny = QCheckBox("Destiny phases")
        self.destiny.setChecked(s.destiny)
        self.difficult = QCheckBox("Difficult skills (lower defaults)")
        self.difficult.setChecked(s.difficult_skills)
        self.extras = QCheckBox("Extras bought with ranks")
        self.extras.setChecked(s.extras)
        self.extras_in_pyramid = QCheckBox("Extras count in the pyramid")
        self.extras_in_pyramid.setChecked(s.extras_in_pyramid)
        self.half = QCheckBox("No aspect above half the levels")
        self.half.setChecked("half-of-levels" in s.cap_rules)
        self.peak = QCheckBox("No aspect above the best skill")
        self.peak.setChecked("not-above-peak-skill" in s.cap_rules)
        self.clipped = _spin(0, 20, s.wound_boxes.clipped)
        self.hurt = _spin(0, 20, s.wound_boxes.hurt)
        self.injured = _spin(0, 20, s.wound_boxes.injured)
        self.overflow = QCheckBox("A full row spills into the next")
        self.overflow.setChecked(s.wound_overflow)
        for name, tip in TIPS.items():
            widget = getattr(self, name, None) if name not in ("wounds",) else self.clipped
            if isinstance(widget, QWidget):
                widget.setToolTip(tip)
        self.skill_model = SkillListModel(s.skills or book_list, ladder, self)
        self.skill_model.difficult = s.difficult_skills
        self.skills = QTableView()
        self.skills.setModel(self.skill_model)
        self.skills.setAccessibleName("Campaign skill list")
        self.skills.setItemDelegate(DefaultDelegate(ladder, self.skills))
        self.skills.verticalHeader().hide()
        self.skills.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.skills.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.skills.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.skills.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.difficult.toggled.connect(self._on_difficult)
        self.add_skill = QPushButton("&Add skill")
        self.add_skill.clicked.connect(self._on_add)
        self.remove_skill = QPushButton("&Remove skill")
        self.remove_skill.clicked.connect(self._on_remove)
        self.book_skills = QPushButton("The &book's sample list")
        self.book_skills.setToolTip("Start again from 10. A Sample List")
        self.book_skills.clicked.connect(lambda: self.skill_model.replace(self._book))
        self._lay_out()

    def _lay_out(self) -> None:
        def group(title: str, rows: list[tuple[str, QWidget]]) -> QGroupBox:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for label, widget in rows:
                if label:
                    form.addRow(label, widget)
                else:
                    form.addRow(widget)
            return box

        def pair(check: QCheckBox, spin: QSpinBox) -> QWidget:
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(check)
            row.addWidget(spin)
            row.addStretch(1)
            return holder

        creation = group("Creation", [
            ("Phases:", self.phases), ("Ranks per phase:", self.ranks),
            ("Aspect levels per phase:", self.aspects_per_phase), ("Aspect cap:", self.cap),
            ("Starting fate points:", self.fate), ("Skill shape:", self.shape),
        ])  # fmt: skip
        options = group("Options", [
            ("", pair(self.plot, self.plot_bonus)), ("Free aspects:", self.free),
            ("", pair(self.potential, self.granted)), ("", self.destiny), ("", self.difficult),
            ("", self.extras), ("", self.extras_in_pyramid), ("", self.half), ("", self.peak),
        ])  # fmt: skip
        wounds = QHBoxLayout()
        for label, spin in (("Clipped", self.clipped), ("Hurt", self.hurt),
                            ("Injured", self.injured)):  # fmt: skip
            wounds.addWidget(QLabel(label))
            wounds.addWidget(spin)
        wounds.addStretch(1)
        wound_box = QGroupBox("Wound track boxes")
        wound_layout = QVBoxLayout(wound_box)
        wound_layout.addLayout(wounds)
        wound_layout.addWidget(self.overflow)
        left = QVBoxLayout()  # one column, so the skill list gets the width its names need
        left.addWidget(creation)
        left.addWidget(options)
        left.addWidget(wound_box)
        left.addStretch(1)
        skills = QVBoxLayout()
        note = QLabel(
            "The GM's skill list (10. Skill Lists). Double-click a name to rename it; a "
            "difficult skill's default applies when that option is on."
        )
        note.setWordWrap(True)
        skills.addWidget(note)
        skills.addWidget(self.skills, 1)
        buttons = QHBoxLayout()
        for button in (self.add_skill, self.remove_skill, self.book_skills):
            buttons.addWidget(button)
        buttons.addStretch(1)
        skills.addLayout(buttons)
        skills_box = QGroupBox("Skills")
        skills_box.setLayout(skills)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addWidget(skills_box, 1)

    def _on_difficult(self, on: bool) -> None:
        self.skill_model.beginResetModel()
        self.skill_model.difficult = on
        self.skill_model.endResetModel()

    def _on_add(self) -> None:
        row = self.skill_model.add("New skill")
        index = self.skill_model.index(row, 0)
        self.skills.setCurrentIndex(index)
        self.skills.edit(index)

    def _on_remove(self) -> None:
        row = self.skills.currentIndex().row()
        if row >= 0:
            self.skill_model.removeRows(row, 1)

    def settings(self) -> Fate2Settings:
        """The creation rules as edited.

        Raises:
            SettingsConflict: an empty skill list, or extras in the pyramid without extras.
        """
        skills = self.skill_model.skills()
        if not skills:
            raise SettingsConflict("No skills", "The campaign's skill list is empty.")
        if self.extras_in_pyramid.isChecked() and not self.extras.isChecked():
            raise SettingsConflict(
                "Extras are off", "Extras cannot count in the pyramid when ranks cannot buy them."
            )
        cap_rules: list[str] = []
        if self.half.isChecked():
            cap_rules.append("half-of-levels")
        if self.peak.isChecked():
            cap_rules.append("not-above-peak-skill")
        data = {
            **self._base.model_dump(),
            "phases": self.phases.value(),
            "ranks_per_phase": self.ranks.value(),
            "aspects_per_phase": self.aspects_per_phase.value(),
            "aspect_cap": self.cap.value() or None,
            "starting_fate_points": None if self.fate.value() < 0 else self.fate.value(),
            "skill_shape": self.shape.currentData(),
            "plot_aspects": self.plot.isChecked(),
            "plot_bonus": self.plot_bonus.value(),
            "free_aspects": self.free.value(),
            "potential": self.potential.isChecked(),
            "granted_potential": self.granted.value(),
            "destiny": self.destiny.isChecked(),
            "difficult_skills": self.difficult.isChecked(),
            "extras": self.extras.isChecked(),
            "extras_in_pyramid": self.extras_in_pyramid.isChecked(),
            "cap_rules": tuple(cap_rules),
            "wound_boxes": WoundBoxes(
                clipped=self.clipped.value(), hurt=self.hurt.value(), injured=self.injured.value()
            ).model_dump(),
            "wound_overflow": self.overflow.isChecked(),
            "skills": [s.model_dump() for s in skills],
        }
        return Fate2Settings.model_validate(data)
