"""GUI layer: the ART Engine's encounter prompts: the table box and the phase box
(:mod:`gui.systems.art.phase_box`) on the scene panel, the foe stat-block dialog, and the
traits the dice panel offers.

The encounter window rolls d100 for an ART roll and the engine reads it on the library's Action
Results Table (ART Engine, Chapter 3 "Using the ART"). With no table loaded the engine logs the
row and the roll to read; the table box then offers the column read off the printed table and
rolls the same dice again with it (an undoable event, like every change). Foes are stat blocks
on the result scale, with their Health levels (ART Engine, Chapter 5 "Foe Attacking Player";
digest §11).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.prompts import CompanionPrompt, MinionPrompt
from gui.systems.art.phase_box import ArtPhaseBox
from gui.theme import tint
from rules.encounter import (
    AttackEvent,
    Encounter,
    Event,
    Participant,
    RollEvent,
    SystemActionEvent,
)
from rules.systems.art.catalog import ATTRIBUTE_NAMES
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import DEFENSE, INITIATIVE, is_foe
from rules.systems.art.scale import COLUMNS, Result

if TYPE_CHECKING:
    from gui.encounter.document import EncounterDocument
    from rules.character import ConflictKind
    from rules.conflict_rules import ConflictRules
    from rules.ladder import Ladder

UNREAD_MARK = "Enter the column you read"
"""How the engine's log says a roll waits for its column (rules.systems.art.conflict)."""
FOE_RATINGS = ("Attack", "Defense", "Alertness", "Agility")
"""The foe ratings the combat rules read (digest §11: Attack, Defense, Alertness; Agility for
movement)."""


def unread_event(document: EncounterDocument) -> Event | None:
    """The last logged roll or attack that still waits for a column, or None."""
    if not document.log:
        return None
    entry = document.log[-1]
    if isinstance(entry.event, RollEvent | AttackEvent) and UNREAD_MARK in entry.text:
        return entry.event
    return None


def with_column(event: Event, column: Result, state: Encounter) -> Event:
    """``event`` with ``column`` as the reading of the roll that waits for it: a roll's, an
    attack's own roll unless its attacker is a foe (foes do not roll), else the defense's."""
    if isinstance(event, RollEvent):
        return event.model_copy(update={"reading": column.name})
    assert isinstance(event, AttackEvent)
    attacker = state.find(event.attacker)
    if event.reading is None and attacker is not None and not is_foe(attacker):
        return event.model_copy(update={"reading": column.name})
    return event.model_copy(update={"defense_reading": column.name})


class WrappedLabel(QLabel):
    """A word-wrapped label that is never squeezed below the height of its wrapped text (a
    plain one is, in a crowded panel, and its lines are cut off top and bottom)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def resizeEvent(self, event: Any) -> None:
        """Keep room for every wrapped line at the new width."""
        super().resizeEvent(event)
        self._fit()

    def setText(self, text: str) -> None:
        """Show ``text`` and keep room for its lines."""
        super().setText(text)
        self._fit()

    def _fit(self) -> None:
        need = self.heightForWidth(max(1, self.width())) if self.text() else 0
        if need > 0 and self.minimumHeight() != need:
            self.setMinimumHeight(need)


class ArtTableBox(QGroupBox):
    """The scene panel's table box: whether a table is loaded, and the column of a roll that
    waits for one (a :class:`gui.encounter.system_prompts.SceneControls`)."""

    def __init__(self, document: EncounterDocument, emit: Callable[[Event], None]) -> None:
        super().__init__("Action Results Table")
        self._doc = document
        self._emit = emit
        self.status = WrappedLabel()
        self.waiting = WrappedLabel()
        self.column = QComboBox()
        for result in COLUMNS:
            self.column.addItem(f"{result.title} ({result.name})", int(result))
        self.read_button = QPushButton("Use this column")
        self.read_button.setToolTip(
            "Roll the same dice again, read with the column you found on your printed table"
        )
        self.column_row = QWidget()
        row = QHBoxLayout(self.column_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.column, 1)
        row.addWidget(self.read_button)
        box = QVBoxLayout(self)
        box.addWidget(self.status)
        box.addWidget(self.waiting)
        box.addWidget(self.column_row)
        self.read_button.clicked.connect(self.read)
        self.refresh(document.state)

    def refresh(self, state: Encounter) -> None:
        """Show the table's status and the roll waiting for its column, if any."""
        rules = self._doc.conflict_rules
        loaded = isinstance(rules, ArtConflictRules) and rules.table is not None
        self.status.setText(
            "Rolls are read on the library's Action Results Table."
            if loaded
            else "No Action Results Table is loaded: each roll asks for the column you read "
            "on your printed table."
        )
        event = unread_event(self._doc)
        waiting = event is not None
        self.waiting.setText(
            f"Waiting: {self._doc.log[-1].text}" if waiting else "No roll is waiting for a column."
        )
        self.column.setEnabled(waiting)
        self.read_button.setEnabled(waiting)
        # with a table, rolls are read at once: the column controls only while one waits
        self.waiting.setVisible(waiting or not loaded)
        self.column_row.setVisible(waiting or not loaded)

    def read(self) -> None:
        """Roll the waiting event again with the chosen column."""
        event = unread_event(self._doc)
        if event is None:
            return
        column = Result(int(self.column.currentData()))
        self._emit(with_column(event, column, self._doc.state))


class ArtSceneControls(QWidget):
    """The ART Engine's scene controls: the table box and the phase box (a
    :class:`gui.encounter.system_prompts.SceneControls`)."""

    def __init__(self, table: ArtTableBox, phases: ArtPhaseBox) -> None:
        super().__init__()
        self.table = table
        self.phases = phases
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(table)
        box.addWidget(phases)

    def refresh(self, state: Encounter) -> None:
        """Refresh both boxes."""
        self.table.refresh(state)
        self.phases.refresh(state)


def _rating_combo(default: Result) -> QComboBox:
    combo = QComboBox()
    for result in Result:
        combo.addItem(f"{result.title} ({result.name})", int(result))
    combo.setCurrentIndex(int(default))
    return combo


class FoePrompt(QDialog):
    """A foe's stat block: its ratings on the result scale, its Health levels left to right and
    its damage rating (digest §11; the book prints no bestiary, so nothing is filled in for the
    narrator beyond Passable ratings and four Health boxes)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a foe")
        self.name = QLineEdit()
        self.name.setPlaceholderText("Tomb Guardian")
        self.side = QLineEdit()
        self.side.setPlaceholderText("foes")
        self.ratings = {name: _rating_combo(Result.PS) for name in FOE_RATINGS}
        self.health = QLineEdit()
        self.health.setPlaceholderText("PR/PS/GD/GT")
        self.health.setToolTip("Wound level of each Health box, left to right (most foes: four)")
        self.damage = QSpinBox()
        self.damage.setRange(0, 3)
        self.damage.setPrefix("+")
        self.error = QLabel()
        tint(self.error, "error")
        form = QFormLayout()
        form.addRow("Name", self.name)
        for name, combo in self.ratings.items():
            form.addRow(name, combo)
        form.addRow("Health", self.health)
        form.addRow("Damage rating", self.damage)
        form.addRow("Side", self.side)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.error)
        box.addWidget(buttons)

    def answer(self) -> dict[str, Any]:
        """The ``npc_participant`` arguments (ValueError on unreadable Health levels)."""
        parts = [p for p in self.health.text().replace(",", "/").split("/") if p.strip()]
        if not parts:
            raise ValueError("give the foe's Health levels, e.g. PR/PS/GD/GT")
        levels = [Result.parse(p) for p in parts]
        skills = {name: int(combo.currentData()) for name, combo in self.ratings.items()}
        skills.update({f"Health {i}": int(level) for i, level in enumerate(levels, start=1)})
        if self.damage.value():
            skills["Damage"] = self.damage.value()
        return {
            "name": self.name.text().strip() or "Foe",
            "skills": skills,
            "side": self.side.text().strip() or "foes",
        }

    def accept(self) -> None:
        """Only with readable Health levels."""
        try:
            self.answer()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        super().accept()

    @classmethod
    def ask(cls, parent: QWidget | None) -> dict[str, Any] | None:
        """The foe's arguments, or None when cancelled."""
        dialog = cls(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.answer()


class ArtEncounterPrompts:
    """The ART Engine's encounter UI (a :class:`gui.encounter.system_prompts.EncounterPrompts`)."""

    def scene_controls(
        self, document: EncounterDocument, emit: Callable[[Event], None]
    ) -> QWidget | None:
        """The table box and the phase box."""
        return ArtSceneControls(ArtTableBox(document, emit), ArtPhaseBox(document, emit))

    def offered_actions(
        self, state: Encounter, rules: ConflictRules
    ) -> tuple[SystemActionEvent, ...]:
        """None: the ART Engine's rules offer no actions of their own at a moment."""
        return ()

    def conflict_kind_tip(self, rules: ConflictRules) -> str:
        """ART damage always lands on Health."""
        return "Every hit lands on Health (the ART Engine has one harm track)"

    def attack_skills(self, skills: Sequence[str]) -> tuple[str, ...]:
        """The initiative roll, the attack (a foe's rating, an adventurer's first weapon; type
        ``Attack (bow)`` for another) and the attributes."""
        return (INITIATIVE, "Attack", *ATTRIBUTE_NAMES.values(), *skills)

    def defense_skills(
        self, skills: Sequence[str], defender: Participant | None = None
    ) -> tuple[str, ...]:
        """Defense first, then the attributes (the same for every defender)."""
        return ("Defense", *ATTRIBUTE_NAMES.values(), *skills)

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """Before the start, an adventurer's initiative roll (Chapter 5 "Initiative": foes
        roll none, their Alertness places them); then the attack: a foe's Attack rating, an
        adventurer's first weapon (Chapter 5 "Foe Attacking Player", "Player Attacking Foe")."""
        exploring = isinstance(rules, ArtConflictRules) and rules.settings.exploration
        if not state.started and not exploring and not is_foe(actor):
            return INITIATIVE
        return "Attack"

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """A foe's Defense rating, an adventurer's Defense (Chapter 5)."""
        return "Defense"

    def addable_skills(self, rules: ConflictRules, actor: Participant) -> tuple[str, ...]:
        """An adventurer's skills, added to the attribute, Attack or Defense it rolls (ART
        Engine, Chapter 3 "Using Skills", "Summary of a Trait Roll"); a foe rolls its ratings
        alone."""
        if is_foe(actor):
            return ()
        plain = {*ATTRIBUTE_NAMES.values(), DEFENSE, INITIATIVE}
        return tuple(
            name for name in actor.skills if name not in plain and not name.startswith("Attack")
        )

    def ask_npc(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        ladder: Ladder | None,
        known_skills: tuple[str, ...] | None,
    ) -> dict[str, Any] | None:
        """The foe stat-block dialog."""
        return FoePrompt.ask(parent)

    def ask_minions(
        self, parent: QWidget | None, rules: ConflictRules, ladder: Ladder | None
    ) -> tuple[str, int, int] | None:
        """The generic minion dialog (the book has no minions: four boxes a member)."""
        return MinionPrompt.ask(parent, ladder)

    def ask_companion(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None,
    ) -> dict[str, Any] | None:
        """The companion dialog as a henchman's (:class:`HenchmanPrompt`)."""
        return HenchmanPrompt.ask(parent, rules, patrons, ladder)


class HenchmanPrompt(CompanionPrompt):
    """The companion dialog in ART's words: a henchman, a friendly narrator-controlled
    character directed by the adventurer it is attached to (L323, "Henchman", L986-988); the
    players roll for it with its foe ratings converted to adventurer traits (L988-1004)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setWindowTitle("Add a henchman")
        self.skills.setPlaceholderText("its traits as trait numbers, e.g. Strength 13, Charm 9")

    def _update(self) -> None:
        super()._update()
        text = self.preview.text()
        tail = text[text.index("<br>") :] if "<br>" in text else ""
        self.preview.setText(
            "A henchman: the players roll for it, each foe rating converted to a trait number "
            '(Poor 9-12, Passable 13-16, Good 17-20: Chapter 3 "Henchman Traits").' + tail
        )
