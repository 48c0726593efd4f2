"""GUI layer: the dice panel: pick actor, target and skills, see the odds, roll or type dice.

The panel builds engine events (attack, maneuver, block, simple roll) and hands them to the
window, which rolls any dice left blank (so undo/redo replays the same faces) and pushes the
command. Odds come from :mod:`rules.combat` before rolling; the result line names the efforts on
the system's ladder, the shifts and spin.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
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

from gui.encounter.document import EncounterDocument
from rules.combat import contest_odds, roll_bonus, roll_odds
from rules.encounter import (
    AttackEvent,
    BlockEvent,
    Encounter,
    Event,
    Invoke,
    ManeuverEvent,
    RollEvent,
)
from rules.errors import RuleViolation

ATTACK_SKILLS = ("Fists", "Weapons", "Guns", "Might", "Deceit", "Intimidation", "Rapport")
DEFENSE_SKILLS = ("Athletics", "Fists", "Weapons", "Resolve", "Empathy", "Deceit", "Might")
SCENE = "\u2014 scene / none \u2014"
_FACE = {"+": 1, "-": -1, "0": 0, " ": 0, "\u2212": -1}


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Dice typed in: ``"+0-+"``, ``"1 0 -1 1"``; empty means roll. Raises ValueError."""
    text = text.strip()
    if not text:
        return None
    parts = text.replace(",", " ").split()
    if len(parts) > 1:
        return tuple(int(x) for x in parts)
    faces = []
    for c in text:
        if c not in _FACE:
            raise ValueError(f"{c!r} is not a die face; type +, 0 and - (or numbers)")
        faces.append(_FACE[c])
    return tuple(faces)


class DicePanel(QWidget):
    """Actor, target, skills, typed dice, odds and the action buttons.

    Signals:
        event_requested(object): an engine event to push (dice may still be None: roll them).
    """

    event_requested = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = document
        self.actor = QComboBox()
        self.target = QComboBox()
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.skill.addItems(ATTACK_SKILLS)
        self.defense_skill = QComboBox()
        self.defense_skill.setEditable(True)
        self.defense_skill.addItems(DEFENSE_SKILLS)
        self.dice = QLineEdit()
        self.dice.setPlaceholderText("roll (or type +0-+)")
        self.defense_dice = QLineEdit()
        self.defense_dice.setPlaceholderText("roll (or type +0-+)")
        self.aspect = QLineEdit()
        self.aspect.setPlaceholderText("maneuver aspect, e.g. Off Balance")
        self.difficulty = QSpinBox()
        self.difficulty.setRange(-10, 20)
        self.invokes = QSpinBox()
        self.invokes.setRange(0, 5)
        self.invokes.setToolTip("Free tags / own aspects to invoke for +2 each (paid with FP)")
        self.odds = QLabel()
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.attack_button = QPushButton("&Attack")
        self.maneuver_button = QPushButton("&Maneuver")
        self.block_button = QPushButton("&Block")
        self.roll_button = QPushButton("Roll vs difficulty")
        form = QFormLayout()
        form.addRow("Actor", self.actor)
        form.addRow("Skill", self.skill)
        form.addRow("Dice", self.dice)
        form.addRow("Invokes (+2)", self.invokes)
        form.addRow("Target", self.target)
        form.addRow("Defense skill", self.defense_skill)
        form.addRow("Defense dice", self.defense_dice)
        form.addRow("Maneuver aspect", self.aspect)
        form.addRow("Difficulty", self.difficulty)
        buttons = QHBoxLayout()
        for b in (self.attack_button, self.maneuver_button, self.block_button, self.roll_button):
            buttons.addWidget(b)
        group = QGroupBox("Dice")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(self.odds)
        inner.addLayout(buttons)
        inner.addWidget(self.result)
        inner.addWidget(self.error)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(group)
        outer.addStretch(1)
        self.attack_button.clicked.connect(lambda: self.request("attack"))
        self.maneuver_button.clicked.connect(lambda: self.request("maneuver"))
        self.block_button.clicked.connect(lambda: self.request("block"))
        self.roll_button.clicked.connect(lambda: self.request("roll"))
        for w in (self.actor, self.target, self.skill, self.defense_skill):
            w.currentTextChanged.connect(self.update_odds)
        self.invokes.valueChanged.connect(self.update_odds)
        self.difficulty.valueChanged.connect(self.update_odds)
        document.state_replaced.connect(self._on_state_replaced)
        self._on_state_replaced(document.state)

    # -- state -> widgets -------------------------------------------------------------------------

    def _fill(self, combo: QComboBox, items: list[tuple[str, str]], keep: str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        for label, pid in items:
            combo.addItem(label, pid)
        index = combo.findData(keep) if keep is not None else -1
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)

    def _on_state_replaced(self, state: Encounter) -> None:
        active = [(p.name, p.id) for p in state.participants if not p.taken_out]
        actor = state.current or self.actor.currentData()
        self._fill(self.actor, active, actor)
        self._fill(self.target, [(SCENE, ""), *active], self.target.currentData())
        last = state.last
        self.result.setText(self.describe(last) if last is not None else "")
        self.update_odds()

    def select(self, actor: str | None = None, target: str | None = None) -> None:
        """Point the panel at an actor and/or a target."""
        if actor is not None:
            self.actor.setCurrentIndex(max(0, self.actor.findData(actor)))
        if target is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(target)))
        self.update_odds()

    def describe(self, outcome: Any) -> str:
        """The last result with ladder adjectives, shifts and spin."""
        ladder = self._doc.ladder
        parts = []
        for r in outcome.rolls:
            name = self._doc.participant(r.who)
            label = name.name if name is not None else r.who
            effort = ladder.render(r.effort) if ladder is not None else f"{r.effort:+d}"
            parts.append(f"{label}: {r.skill} {effort}")
        text = " vs ".join(parts)
        if outcome.action in ("attack", "maneuver", "roll", "pass_block"):
            text += f" \u2192 {outcome.shifts} shift{'s' if outcome.shifts != 1 else ''}"
        if outcome.spin:
            text += " (spin)"
        return text

    def update_odds(self) -> None:
        """The chance of success before rolling."""
        state = self._doc.state
        actor = self.actor.currentData()
        if not actor or state.find(actor) is None:
            self.odds.setText("")
            return
        try:
            total = roll_bonus(state, actor, self.skill.currentText()) + 2 * self.invokes.value()
            target = self.target.currentData()
            if target:
                defense = roll_bonus(state, target, self.defense_skill.currentText(), defense=True)
                chance = contest_odds(state, total, defense)
                self.odds.setText(f"Odds of at least one shift: {float(chance) * 100:.0f}%")
            else:
                chance = roll_odds(state, total, self.difficulty.value())
                self.odds.setText(
                    f"Odds vs {self.difficulty.value():+d}: {float(chance) * 100:.0f}%"
                )
        except RuleViolation:
            self.odds.setText("")

    # -- widgets -> events ------------------------------------------------------------------------

    def _invokes(self, actor: str) -> tuple[Invoke, ...]:
        """Use free tags the actor's side holds first, then the actor's own aspects (paid)."""
        state = self._doc.state
        me = state.find(actor)
        if me is None:
            return ()
        out: list[Invoke] = []
        wanted = self.invokes.value()
        for a in state.aspects:
            if len(out) >= wanted:
                break
            owner = state.find(a.free_tag_owner) if a.free_tag_owner else None
            if a.free_tags and owner is not None and owner.side == me.side:
                out.append(Invoke(aspect=a.id, by=actor, free=True))
                break  # one free tag per roll
        for text in me.aspects:
            if len(out) >= wanted:
                break
            out.append(Invoke(aspect=text, by=actor))
        if len(out) < wanted:
            raise ValueError(f"{me.name} has only {len(out)} aspect(s) to invoke")
        return tuple(out)

    def build(self, action: str) -> Event:
        """The event for ``action`` from the widgets (ValueError on unreadable dice)."""
        actor = self.actor.currentData()
        if not actor:
            raise ValueError("choose who acts")
        target = self.target.currentData() or None
        skill = self.skill.currentText().strip()
        dice = parse_faces(self.dice.text())
        invokes = self._invokes(actor)
        if action == "attack":
            if target is None:
                raise ValueError("choose whom to attack")
            return AttackEvent(
                attacker=actor,
                defender=target,
                skill=skill,
                defense_skill=self.defense_skill.currentText().strip(),
                dice=dice,
                defense_dice=parse_faces(self.defense_dice.text()),
                invokes=invokes,
            )
        if action == "maneuver":
            aspect = self.aspect.text().strip()
            if not aspect:
                raise ValueError("name the aspect the maneuver places")
            return ManeuverEvent(
                actor=actor,
                skill=skill,
                aspect=aspect,
                target=target,
                defense_skill=self.defense_skill.currentText().strip(),
                dice=dice,
                defense_dice=parse_faces(self.defense_dice.text()),
                difficulty=self.difficulty.value(),
                invokes=invokes,
            )
        if action == "block":
            return BlockEvent(
                actor=actor,
                skill=skill,
                dice=dice,
                protects=target,
                against="" if target else "the GM's call",
                invokes=invokes,
            )
        return RollEvent(
            who=actor, skill=skill, dice=dice, difficulty=self.difficulty.value(), invokes=invokes
        )

    def request(self, action: str) -> None:
        """Build the event for ``action`` and hand it to the window."""
        try:
            event = self.build(action)
        except (ValueError, KeyError) as exc:
            self.error.setText(f"Cannot {action}: {exc}")
            return
        self.error.setText("")
        self.dice.clear()
        self.defense_dice.clear()
        self.invokes.setValue(0)
        self.event_requested.emit(event)
