"""GUI layer: the ART Engine dice panel: d100 and the kicker, read on the loaded table.

Usable from the character editor (a dialog over one adventurer's attributes and skills) and by
the encounter window (the widget alone, with :meth:`ArtDicePanel.set_trait`). With no table
loaded (or one with errors) the panel says so plainly, rolls anyway and asks for the column
read off the user's printed table; the user may also type in a roll made with their own dice
(ART Engine, Chapter 1 "Using the Dice", "Kicker Die"; Chapter 3 "Summary of a Trait Roll",
"Using Fame After Rolling").
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.theme import tint
from rules.systems.art.catalog import ATTRIBUTE_NAMES, ATTRIBUTES
from rules.systems.art.character import ArtCharacter
from rules.systems.art.rolls import (
    FAME_PER_COLUMN,
    PercentileRoll,
    RollOutcome,
    TraitRoll,
    read_column,
    read_roll,
    roll_d100,
    spend_fame_after,
)
from rules.systems.art.scale import COLUMNS, Result, describe_degree
from rules.systems.art.system import ArtSystem


class ArtDicePanel(QWidget):
    """Announce a trait roll, roll it, read it.

    Args:
        system: The ART system, bound to the library's table (or to none).
        character: The adventurer whose attributes and skills are offered, or None (the trait
            is typed in: a foe, a henchman).
        rng: The dice (tests inject a seeded one).
        parent: The parent widget.

    Signals:
        rolled(object): a :class:`RollOutcome` whenever one is rolled, read or improved.
    """

    rolled = Signal(object)

    def __init__(
        self,
        system: ArtSystem,
        character: ArtCharacter | None = None,
        rng: random.Random | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.character = character
        self.rng = rng or random.Random()
        self.outcome: RollOutcome | None = None
        layout = QVBoxLayout(self)
        self.status = QLabel(system.table_status)
        self.status.setWordWrap(True)
        if system.table is None:
            tint(self.status, "warning", " font-weight: bold;")
        layout.addWidget(self.status)

        form = QFormLayout()
        self.attribute = QComboBox()
        self.attribute.setAccessibleName("Attribute")
        self.attribute.addItem("Type a trait number", None)
        for key in ATTRIBUTES:
            score = character.attribute(key) if character is not None else None
            if score is not None:
                self.attribute.addItem(f"{ATTRIBUTE_NAMES[key]} {score}", score)
        self.attribute.currentIndexChanged.connect(self._attribute_changed)
        form.addRow("&Attribute", self.attribute)
        self.trait = QSpinBox()
        self.trait.setRange(0, 99)
        self.trait.setValue(10)
        self.trait.setAccessibleName("Trait number")
        form.addRow("&Trait number", self.trait)
        self.skills: list[QComboBox] = []
        for n in (1, 2):
            combo = QComboBox()
            combo.setAccessibleName(f"Skill {n}")
            combo.addItem("(none)", 0)
            for name, value in character.skills.items() if character is not None else ():
                combo.addItem(f"{name} {value:+d}", value)
            self.skills.append(combo)
            form.addRow(f"Skill &{n}", combo)
        self.modifiers = QSpinBox()
        self.modifiers.setRange(-99, 99)
        self.modifiers.setAccessibleName("Modifiers")
        form.addRow("&Modifiers", self.modifiers)
        self.fame_before = QSpinBox()
        self.fame_before.setRange(0, 99)
        self.fame_before.setAccessibleName("Fame before rolling")
        self.fame_before.setToolTip("+2 on the trait for each Fame point (never past 25)")
        form.addRow("&Fame before rolling", self.fame_before)
        self.difficulty = QComboBox()
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.addItem("(none)", None)
        for r in Result:
            self.difficulty.addItem(f"{r.name} {r.title}", int(r))
        form.addRow("&Difficulty", self.difficulty)
        self.take_25 = QCheckBox("Take 25 (no dice, no kicker)")
        self.lacks_perk = QCheckBox("Needs a perk the adventurer lacks (row 2)")
        form.addRow(self.take_25)
        form.addRow(self.lacks_perk)
        self.own_roll = QSpinBox()
        self.own_roll.setRange(0, 100)
        self.own_roll.setSpecialValueText("roll here")
        self.own_roll.setAccessibleName("Your own d100 roll")
        self.own_roll.setToolTip("Leave at \u201croll here\u201d, or type the d100 you rolled")
        form.addRow("Your own d100", self.own_roll)
        layout.addLayout(form)

        self.roll_button = QPushButton("&Roll d100")
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.roll_button)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.result)

        self.column_row = QWidget()
        column_layout = QHBoxLayout(self.column_row)
        column_layout.setContentsMargins(0, 0, 0, 0)
        self.column = QComboBox()
        self.column.setAccessibleName("Column read off your table")
        for r in COLUMNS:
            self.column.addItem(f"{r.name} {r.title}", int(r))
        self.read_button = QPushButton("Use this &column")
        self.read_button.clicked.connect(self._read)
        column_layout.addWidget(QLabel("Column on your printed table:"))
        column_layout.addWidget(self.column, 1)
        column_layout.addWidget(self.read_button)
        layout.addWidget(self.column_row)

        self.fame_row = QWidget()
        fame_layout = QHBoxLayout(self.fame_row)
        fame_layout.setContentsMargins(0, 0, 0, 0)
        self.fame_columns = QSpinBox()
        self.fame_columns.setRange(1, 10)
        self.fame_columns.setAccessibleName("Columns to raise with Fame")
        self.fame_button = QPushButton("Spend &Fame")
        self.fame_button.clicked.connect(self._spend_fame)
        fame_layout.addWidget(QLabel(f"Raise the result ({FAME_PER_COLUMN} Fame a column):"))
        fame_layout.addWidget(self.fame_columns)
        fame_layout.addWidget(self.fame_button)
        layout.addWidget(self.fame_row)
        layout.addStretch(1)
        self._show()

    # -- the roll ---------------------------------------------------------------------------------

    def set_trait(self, trait: int, skills: tuple[int, ...] = ()) -> None:
        """Announce a roll on ``trait`` (a foe's converted rating, a henchman) with skills."""
        self.attribute.setCurrentIndex(0)
        self.trait.setValue(trait)
        for combo, value in zip(self.skills, (*skills, 0, 0), strict=False):
            found = combo.findData(value)
            if found < 0:
                combo.addItem(f"{value:+d}", value)
                found = combo.count() - 1
            combo.setCurrentIndex(found)

    def spec(self) -> TraitRoll:
        """The roll as announced."""
        difficulty = self.difficulty.currentData()
        skills = tuple(int(c.currentData()) for c in self.skills if c.currentData())
        return TraitRoll(
            attribute=self.trait.value(),
            skills=skills,
            modifiers=self.modifiers.value(),
            fame_before=self.fame_before.value(),
            difficulty=None if difficulty is None else Result(difficulty),
            take_25=self.take_25.isChecked(),
            lacks_perk=self.lacks_perk.isChecked(),
        )

    def roll(self) -> RollOutcome:
        """Roll (or take the user's own roll) and read it on the loaded table, if any."""
        own = self.own_roll.value()
        dice = PercentileRoll(value=own) if own else roll_d100(self.rng)
        self.outcome = read_roll(self.spec(), self.system.table, dice)
        self._show()
        self.rolled.emit(self.outcome)
        return self.outcome

    def _read(self) -> None:
        if self.outcome is None or not self.outcome.needs_column:
            return
        self.outcome = read_column(self.outcome, Result(self.column.currentData()))
        self._show()
        self.rolled.emit(self.outcome)

    def _spend_fame(self) -> None:
        if self.outcome is None:
            return
        try:
            self.outcome = spend_fame_after(self.outcome, self.fame_columns.value())
        except ValueError as exc:
            self.result.setText(self.result.text() + f"<br><i>{exc}</i>")
            return
        self._show()
        self.rolled.emit(self.outcome)

    def _attribute_changed(self, _index: int) -> None:
        score = self.attribute.currentData()
        self.trait.setEnabled(score is None)
        if score is not None:
            self.trait.setValue(int(score))

    def _show(self) -> None:
        o = self.outcome
        self.column_row.setVisible(o is not None and o.needs_column)
        room = (
            o is not None
            and o.column is not None
            and o.difficulty is not None
            and o.column < o.difficulty
        )
        self.fame_row.setVisible(bool(room))
        if o is None:
            self.result.setText("")
            return
        kicker = "none (took 25)" if o.kicker is None else str(o.kicker)
        parts = [f"<b>Row {o.row}</b> \u00b7 d100 <b>{o.roll.value}</b> \u00b7 kicker {kicker}"]
        if o.doubles:
            parts.append("doubles: inspiration")
        if o.column is None:
            parts.append(f"<br>{o.notice}")
        else:
            read = "on the loaded table" if o.table_loaded else "off your printed table"
            text = f"<br><b>{o.column.name} {o.column.title}</b> ({read})"
            if o.fame_after:
                text += (
                    f", raised from {o.rolled.name if o.rolled else '?'} for {o.fame_after} Fame"
                )
            parts.append(text)
            if o.degree is not None:
                verdict = "success" if o.degree > 0 else "failure"
                parts.append(f"\u00b7 {describe_degree(o.degree)} ({verdict})")
            if o.fame_regained:
                parts.append("\u00b7 Awesome: all spent Fame is regained")
        self.result.setText(" ".join(parts))


class ArtDiceDialog(QDialog):
    """The dice panel in a dialog, for the character editor's Roll button."""

    def __init__(
        self,
        system: ArtSystem,
        character: ArtCharacter | None,
        rng: random.Random | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        name = character.name if character is not None and character.name else "a trait"
        self.setWindowTitle(f"Roll for {name}")
        layout = QVBoxLayout(self)
        self.panel = ArtDicePanel(system, character, rng, self)
        layout.addWidget(self.panel)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 560)
