"""GUI layer: FATE 2.0's creation pages (§2 Character Creation), each a :class:`StepPage`.

Concept and name; the phase-by-phase builder; aspects with their levels and free aspects; the
skills as the phases left them (typed in directly only on a sheet without history); extras;
fate points; the goal. Every edit goes through a command (``gui.systems.fate2.commands``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.fate2.builder_model import PhaseGridModel
from gui.systems.fate2.builder_view import BreakReasons, PhaseGridView, PhasePyramids
from gui.systems.fate2.commands import (
    AddAspectCommand,
    AddExtraCommand,
    AddPhaseCommand,
    EditFieldCommand,
    FillFromShorthandCommand,
    RemoveAspectCommand,
    RemoveExtraCommand,
    RemovePhaseCommand,
    SetFatePointsCommand,
    SetFreeAspectsCommand,
    SetSkillValueCommand,
    fate2_of,
)
from gui.systems.fate2.sheet_models import AspectModel, ExtraModel
from gui.theme import tint
from rules.systems.fate2.character import Fate2Extra
from rules.systems.fate2.settings import Fate2Settings


def options_in_force(settings: Fate2Settings) -> str:
    """The campaign's creation rules in one line (phases, ranks, shape, options on)."""
    parts = [
        f"{settings.phases} phases of {settings.ranks_per_phase} ranks",
        f"{settings.aspects_per_phase} aspect level{'s' if settings.aspects_per_phase != 1 else ''}"
        " a phase",
        f"aspect cap {settings.cap()}",
        "skill column" if settings.skill_shape == "column" else "skill pyramid",
    ]
    on = []
    if settings.plot_aspects:
        on.append(f"plot aspects (+{settings.plot_bonus})")
    if settings.free_aspects:
        on.append(f"{settings.free_aspects} free aspect(s)")
    if settings.potential:
        on.append("potential")
    if settings.destiny:
        on.append("Destiny")
    if settings.difficult_skills:
        on.append("difficult skills")
    if settings.extras:
        on.append("extras" + (" in the pyramid" if settings.extras_in_pyramid else ""))
    return "; ".join(parts) + (". Options: " + ", ".join(on) if on else ". No options") + "."


class Fate2Page(QWidget):
    """Base: a heading, a hint line, and focus by problem path."""

    key = ""

    def __init__(self, document: CharacterDocument, title: str, hint: str) -> None:
        super().__init__()
        self.document = document
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(4, 4, 4, 4)
        heading = QLabel(f"<h2 style='margin:0'>{title}</h2>")
        self.layout_.addWidget(heading)
        self.hint = QLabel(hint)
        self.hint.setWordWrap(True)
        tint(self.hint, "muted")
        self.layout_.addWidget(self.hint)
        self._fields: dict[str, QWidget] = {}

    def focus_path(self, path: str) -> bool:
        """Focus the widget registered for the path's head."""
        head = path.split(".", 1)[0].split("[", 1)[0]
        widget = self._fields.get(head)
        if widget is None:
            return False
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def first_field(self) -> QWidget | None:
        """The first registered field."""
        return next(iter(self._fields.values()), None)


def bind_text(document: CharacterDocument, edit: QLineEdit, field: str) -> None:
    """Typing in ``edit`` pushes :class:`EditFieldCommand`; undo writes the text back."""

    def read(character: Any) -> str:
        return str(getattr(character, field))

    def on_replaced(character: Any) -> None:
        if edit.text() != read(character):
            edit.setText(read(character))

    edit.setText(read(document.character))
    edit.textEdited.connect(
        lambda text: document.undo_stack.push(EditFieldCommand(document, field, text))
    )
    document.character_replaced.connect(on_replaced)


class ConceptPage(Fate2Page):
    """Name, player, concept and notes (§2 Character Creation: Concept)."""

    key = "concept"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Concept and name",
            "Start from a simple idea; the phases grow it (FATE 2.0, 2. Character Creation).",
        )
        form = QFormLayout()
        for field, label in (("name", "&Name:"), ("player", "&Player:"),
                             ("concept", "&Concept:"), ("notes", "N&otes:")):  # fmt: skip
            edit = QLineEdit()
            edit.setAccessibleName(label.replace("&", "").rstrip(":"))
            bind_text(document, edit, field)
            form.addRow(label, edit)
            self._fields[field] = edit
        self.layout_.addLayout(form)
        _, _, settings = fate2_of(document)
        self.options = QLabel(f"<b>Campaign rules:</b> {options_in_force(settings)}")
        self.options.setWordWrap(True)
        self.layout_.addWidget(self.options)
        self.layout_.addStretch(1)


class PhasesPage(Fate2Page):
    """The phase-by-phase builder: the tick grid, its pyramids, its tools."""

    key = "phases"

    def __init__(
        self,
        document: CharacterDocument,
        quick_npc: Callable[[QWidget], Any] | None = None,
    ) -> None:
        _, _, settings = fate2_of(document)
        super().__init__(
            document,
            "Phases",
            "One column per phase, a tick per rank bought; each phase takes an aspect and "
            "spends its ranks, and the pyramid must balance at its end (2. Looking at the "
            "Pyramid). Keys: + or Space adds a tick, \u2212 takes one off, Enter edits.",
        )
        self._quick_npc = quick_npc
        tools = QHBoxLayout()
        self.add_phase = QPushButton("&Add phase")
        self.add_phase.clicked.connect(lambda: document.undo_stack.push(AddPhaseCommand(document)))
        self.remove_phase = QPushButton("&Remove last phase")
        self.remove_phase.clicked.connect(self._remove_last)
        self.show_all = QCheckBox("Show the whole skill &list")
        self.quick = QPushButton("&Quick NPC\u2026")
        self.quick.setToolTip("Fill the phases from the Pyramid Shorthand (10. Utilities)")
        self.quick.clicked.connect(self._on_quick)
        self.options = QLabel(options_in_force(settings))
        tint(self.options, "muted")
        self.options.setWordWrap(True)
        for widget in (self.add_phase, self.remove_phase, self.show_all, self.quick):
            tools.addWidget(widget)
        tools.addStretch(1)
        self.layout_.addLayout(tools)
        self.layout_.addWidget(self.options)
        self.model = PhaseGridModel(document, parent=self)
        self.grid = PhaseGridView(self.model)
        self.grid.setMinimumHeight(230)
        self.show_all.toggled.connect(self.model.set_show_all)
        self.layout_.addWidget(self.grid, 1)
        self.pyramids = PhasePyramids(self.grid)
        self.layout_.addWidget(self.pyramids)
        self.reasons = BreakReasons(document)
        self.layout_.addWidget(self.reasons)
        self._fields["phases"] = self.grid
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        character, _, _ = fate2_of(self.document)
        self.remove_phase.setEnabled(bool(character.phases))

    def _remove_last(self) -> None:
        character, _, _ = fate2_of(self.document)
        if character.phases:
            self.document.undo_stack.push(
                RemovePhaseCommand(self.document, len(character.phases) - 1)
            )

    def _on_quick(self) -> None:
        if self._quick_npc is None:
            return
        phases = self._quick_npc(self)
        if phases is not None:
            self.document.undo_stack.push(FillFromShorthandCommand(self.document, phases))

    def focus_path(self, path: str) -> bool:
        """``phases[i]...`` selects that phase's column."""
        if path.startswith("phases[") and "]" in path:
            digits = path[len("phases[") : path.index("]")]
            if digits.isdigit():
                column = int(digits) + 1
                row = self.model.row_of(("field", "aspects" if ".aspects" in path else "ranks"))
                if column < self.model.columnCount() and row >= 0:
                    self.grid.setCurrentIndex(self.model.index(row, column))
                    self.grid.setFocus(Qt.FocusReason.OtherFocusReason)
                    return True
        return super().focus_path(path)


def _table(model: Any, accessible: str) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(accessible)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class AspectsPage(Fate2Page):
    """Aspects with levels, checked boxes and notes; free aspects (§2 Select Aspects; §6)."""

    key = "aspects"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Aspects",
            "Each phase's aspect is one level; taking a name again raises it. Levels come from "
            "the phases (2. Select Aspects); notes and checked boxes are yours.",
        )
        self.model = AspectModel(document, self)
        self.table = _table(self.model, "Aspects")
        self.layout_.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.new_aspect = QLineEdit()
        self.new_aspect.setPlaceholderText("New aspect (sheet without phases)")
        self.add_button = QPushButton("Add aspect")
        self.add_button.clicked.connect(self._add)
        self.remove_button = QPushButton("Remove aspect")
        self.remove_button.clicked.connect(self._remove)
        for widget in (self.new_aspect, self.add_button, self.remove_button):
            row.addWidget(widget)
        self.layout_.addLayout(row)
        form = QFormLayout()
        self.free = QLineEdit()
        self.free.setAccessibleName("Free aspects")
        self.free.setPlaceholderText("Free aspect levels, ; between (6. Free Aspects)")
        self.free.editingFinished.connect(self._on_free)
        form.addRow("&Free aspects:", self.free)
        self.layout_.addLayout(form)
        self._fields.update(aspects=self.table, free_aspects=self.free)
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        character, _, settings = fate2_of(self.document)
        history = bool(character.phases)
        for widget in (self.new_aspect, self.add_button, self.remove_button):
            widget.setEnabled(not history)
        self.free.setEnabled(settings.free_aspects > 0 or bool(character.free_aspects))
        text = "; ".join(character.free_aspects)
        if self.free.text() != text and not self.free.hasFocus():
            self.free.setText(text)

    def _add(self) -> None:
        name = " ".join(self.new_aspect.text().split())
        if name:
            self.document.undo_stack.push(AddAspectCommand(self.document, name))
            self.new_aspect.clear()

    def _remove(self) -> None:
        row = self.table.currentIndex().row()
        if row >= 0:
            self.document.undo_stack.push(RemoveAspectCommand(self.document, row))

    def _on_free(self) -> None:
        character, _, _ = fate2_of(self.document)
        names = tuple(a.strip() for a in self.free.text().split(";") if a.strip())
        if names != character.free_aspects:
            self.document.undo_stack.push(SetFreeAspectsCommand(self.document, names))


class SkillsPage(Fate2Page):
    """The skills by rung as the phases left them; a sheet without history is typed here."""

    key = "skills"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Skills",
            "Each skill is its default (Mediocre) plus its ticks; Average and up form the "
            "pyramid (2. Buying Skills). With phases, change skills in the builder.",
        )
        self.rungs = QLabel()
        self.rungs.setTextFormat(Qt.TextFormat.RichText)
        self.rungs.setWordWrap(True)
        self.layout_.addWidget(self.rungs)
        row = QHBoxLayout()
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.skill.setAccessibleName("Skill")
        self.skill.addItems(document.skill_names())
        self.value = QComboBox()
        self.value.setAccessibleName("Value")
        for value in range(6, -5, -1):
            self.value.addItem(document.system.ladder.render(value), value)
        self.set_button = QPushButton("&Set on the sheet")
        self.set_button.clicked.connect(self._set)
        self.clear_button = QPushButton("&Untrained")
        self.clear_button.clicked.connect(self._clear)
        for widget in (self.skill, self.value, self.set_button, self.clear_button):
            row.addWidget(widget)
        row.addStretch(1)
        self.layout_.addLayout(row)
        self.layout_.addStretch(1)
        self._fields.update(skills=self.skill, skill_defaults=self.skill, pyramid=self.skill)
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        character, system, _ = fate2_of(self.document)
        derived: Any = self.document.derived
        lines = [
            f"<b>{system.ladder.render(rung)}</b>: {', '.join(names)}"
            for rung, names in derived.pyramid.items()
        ]
        mediocre = [n for n, v in character.skills.items() if v < 0]
        if mediocre:
            lines.append(f"<b>Below Average</b>: {', '.join(mediocre)}")
        self.rungs.setText("<br>".join(lines) or "<i>No skills yet.</i>")
        for widget in (self.skill, self.value, self.set_button, self.clear_button):
            widget.setEnabled(not character.phases)

    def _set(self) -> None:
        name = " ".join(self.skill.currentText().split())
        if name:
            value = int(self.value.currentData())
            self.document.undo_stack.push(SetSkillValueCommand(self.document, name, value))

    def _clear(self) -> None:
        name = " ".join(self.skill.currentText().split())
        if name:
            self.document.undo_stack.push(SetSkillValueCommand(self.document, name, None))


class ExtrasPage(Fate2Page):
    """Extras bought with ranks (§5 Extras); their ranks are ticked in the builder."""

    key = "extras"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Extras",
            "Items, servants, minions, contacts and powers bought with skill ranks (5. Extras). "
            "Add one here, then tick its ranks in the phases.",
        )
        self.model = ExtraModel(document, self)
        self.table = _table(self.model, "Extras")
        self.layout_.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.new_extra = QLineEdit()
        self.new_extra.setPlaceholderText("New extra's name")
        self.add_button = QPushButton("Add e&xtra")
        self.add_button.clicked.connect(self._add)
        self.remove_button = QPushButton("Remove extra")
        self.remove_button.clicked.connect(self._remove)
        for widget in (self.new_extra, self.add_button, self.remove_button):
            row.addWidget(widget)
        self.layout_.addLayout(row)
        self._fields.update(extras=self.table)

    def _add(self) -> None:
        name = " ".join(self.new_extra.text().split())
        if name:
            self.document.undo_stack.push(AddExtraCommand(self.document, Fate2Extra(name=name)))
            self.new_extra.clear()

    def _remove(self) -> None:
        row = self.table.currentIndex().row()
        if row >= 0:
            self.document.undo_stack.push(RemoveExtraCommand(self.document, row))


class FatePointsPage(Fate2Page):
    """Starting and current fate points (§2 Fate Points)."""

    key = "fate-points"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Fate points",
            "A character starts with half the number of phases, rounded up, unless the GM says "
            "otherwise (2. Fate Points).",
        )
        grid = QGridLayout()
        self.starting = QLabel()
        self.current = QSpinBox()
        self.current.setAccessibleName("Current fate points")
        self.current.setRange(-1, 1000)
        self.current.setSpecialValueText("the starting amount")
        self.current.valueChanged.connect(self._on_value)
        grid.addWidget(QLabel("Starting fate points:"), 0, 0)
        grid.addWidget(self.starting, 0, 1)
        grid.addWidget(QLabel("&Current fate points:"), 1, 0)
        grid.addWidget(self.current, 1, 1)
        grid.setColumnStretch(2, 1)
        self.layout_.addLayout(grid)
        self.layout_.addStretch(1)
        self._fields["fate_points"] = self.current
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        character, _, _ = fate2_of(self.document)
        derived: Any = self.document.derived
        self.starting.setText(str(derived.starting_fate_points))
        value = -1 if character.fate_points is None else character.fate_points
        if self.current.value() != value:
            self.current.blockSignals(True)
            self.current.setValue(value)
            self.current.blockSignals(False)

    def _on_value(self, value: int) -> None:
        character, _, _ = fate2_of(self.document)
        points = None if value < 0 else value
        if points != character.fate_points:
            self.document.undo_stack.push(SetFatePointsCommand(self.document, points))


class GoalPage(Fate2Page):
    """The goal aspect (§2 Select Character Goal)."""

    key = "goal"

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(
            document,
            "Goal",
            "The next aspect the character is after; reaching it is an arc's aspect (2. Select "
            "Character Goal; 7. Advancement). It may stay blank.",
        )
        form = QFormLayout()
        self.goal = QLineEdit()
        self.goal.setAccessibleName("Goal")
        bind_text(document, self.goal, "goal")
        form.addRow("&Goal aspect:", self.goal)
        self.layout_.addLayout(form)
        self.layout_.addStretch(1)
        self._fields["goal"] = self.goal
