"""GUI layer: FATE 2.0's encounter prompts: the generic ones plus a "strike back" control.

In FATE 2.0 a defender who wins the exchange harms his attacker (§8 Exchange Based Fights,
Multiple Opponents); the engine's attack harms only the defender. Right after an attack the
defender won, the scene panel offers the blow back, worked out by
:func:`rules.systems.fate2.conflict_counter.strike_back` from this exchange's attacks on him,
and sends it as the engine's ``apply_stress`` event (so it is one undoable step in the log).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from gui.encounter.system_prompts import GenericEncounterPrompts, default_skill
from rules.character import ConflictKind
from rules.encounter import AttackEvent, Participant
from rules.errors import RuleViolation
from rules.systems.fate2.conflict import Fate2ConflictRules
from rules.systems.fate2.conflict_counter import Pairing, exchange_attacks, strike_back

if TYPE_CHECKING:
    from gui.encounter.document import EncounterDocument
    from rules.conflict_rules import ConflictRules
    from rules.encounter import Encounter, Event


class StrikeBackControls(QWidget):
    """The defender's blow back after an attack he won (a :class:`SceneControls`)."""

    def __init__(
        self,
        document: EncounterDocument,
        emit: Callable[[Event], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._doc = document
        self._emit = emit
        self._defender: str | None = None
        self._pairings: tuple[Pairing, ...] = ()
        self.victim = QComboBox()
        self.victim.setAccessibleName("Victim of the blow back")
        self.victim.setToolTip(
            "Whom the defender harms: he may pick any attacker he beat, usually the one who "
            "rolled worst (FATE 2.0 §8 Multiple Opponents)"
        )
        self.button = QPushButton("Strike back")
        self.button.setToolTip(
            "A defender who beats every attacker this exchange harms one of them by his margin "
            "(§8 Exchange Based Fights); not when fighting defensively or defending with a "
            "non-combat skill (§8 Defense), nor in a turn-based fight"
        )
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.victim)
        row.addWidget(self.note, 1)
        self.button.clicked.connect(self._strike)
        self.victim.currentIndexChanged.connect(lambda _i: self._explain())
        self.refresh(document.state)

    def refresh(self, state: Encounter) -> None:
        """Offer the blow back while the log's last step is an attack its defender won."""
        log = self._doc.log
        self._defender, self._pairings = None, ()
        last = log[-1].event if log else None
        if isinstance(last, AttackEvent) and not state.ended and state.pending_hit is None:
            self._defender = last.defender
            self._pairings = exchange_attacks(
                self._doc.rules, self._doc.initial, log, last.defender
            )
        self.victim.blockSignals(True)
        self.victim.clear()
        for p in sorted(self._pairings, key=lambda p: p.attack):
            who = state.find(p.attacker)
            if who is not None and not who.taken_out:
                self.victim.addItem(f"{who.name} ({p.attack:+d})", p.attacker)
        self.victim.blockSignals(False)
        self._explain()

    def _blow(self) -> tuple[str, str | None]:
        """What the blow would be, or why there is none: (text, victim id or None)."""
        state = self._doc.state
        if self._defender is None:
            return "", None
        victim = self.victim.currentData()
        try:
            event = strike_back(state, self._defender, self._pairings, victim)
        except RuleViolation as exc:
            return str(exc), None
        d, v = state.find(self._defender), state.find(event.who)
        names = (d.name if d else self._defender, v.name if v else event.who)
        hit = self._doc.conflict_rules.hit_text(event.amount or 0)
        return f"{names[0]} strikes back: {names[1]} takes {hit}", event.who

    def _explain(self) -> None:
        text, victim = self._blow()
        self.note.setText(text)
        self.button.setEnabled(victim is not None)
        self.victim.setEnabled(victim is not None or self.victim.count() > 1)
        wanted = self._defender is not None
        if self.parent() is not None:
            self.setVisible(wanted)
        elif not wanted:  # not placed yet: showing it now would open a window of its own
            self.hide()

    def _strike(self) -> None:
        if self._defender is None:
            return
        try:
            event = strike_back(
                self._doc.state, self._defender, self._pairings, self.victim.currentData()
            )
        except RuleViolation:
            return
        self._emit(event)


class Fate2EncounterPrompts(GenericEncounterPrompts):
    """The generic encounter UI (built from FATE 2.0's wound track) plus the blow back."""

    def scene_controls(
        self, document: EncounterDocument, emit: Callable[[Event], None]
    ) -> QWidget | None:
        """The defender's "strike back" (:class:`StrikeBackControls`)."""
        return StrikeBackControls(document, emit)

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """The actor's best Combat skill (both sides of a fight roll their combat skill, §8
        Exchange Based Fights), else its best skill."""
        return default_skill(actor, state.kind, _combat(rules), offered)

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """The defender's best Combat skill too (§8 Exchange Based Fights; a non-combat
        defence, §8 Defense, is the GM's pick)."""
        return default_skill(defender, kind, _combat(rules), offered)


def _combat(rules: ConflictRules) -> tuple[str, ...]:
    return rules.combat_skills if isinstance(rules, Fate2ConflictRules) else ()
