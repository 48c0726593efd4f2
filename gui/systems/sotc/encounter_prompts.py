"""GUI layer: Spirit of the Century's encounter prompts (a
:class:`gui.encounter.system_prompts.EncounterPrompts`).

The scene panel's two campaign switches that may change while framing: the "How To Do Things"
variant (3 boxes a track and companions with stress, instead of the book's 5 and none; it sizes
every track, so only before the cast is in) and rotating initiative (SotC "An Alternative to
Skills", until the conflict starts); the skills the dice panel offers; the NPC dialog's stunts
that change where stress lands and armor (SRD L3069, L3083, L4149, L4935); the companion
dialog's Skilled advances, never above the companion's quality (SotC "Companions"); the stunts
that apply right after a roll (Crippling Blow, Lethal Weapon, Riposte...:
:func:`rules.systems.sotc.stunt_actions.offers`), offered by the window at that moment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLineEdit, QSpinBox, QWidget

from gui.encounter.document import EncounterDocument
from gui.encounter.prompts import CompanionPrompt, MinionPrompt, NpcPrompt
from gui.encounter.system_prompts import KindSkills, default_skill
from rules.character import ConflictKind
from rules.conflict_rules import ConflictRules
from rules.encounter import Encounter, Event, Participant, SetSceneEvent, SystemActionEvent
from rules.ladder import Ladder
from rules.systems.sotc.stunt_actions import offers
from rules.systems.sotc.stunts_fear_and_force import defense_skills
from rules.systems.sotc.stunts_table import npc_stunt_sizes

ATTACK_SKILLS = ("Fists", "Weapons", "Guns", "Might", "Deceit", "Intimidation", "Rapport")
"""Skills that attack (SotC "Attacks": physical and social)."""
DEFENSE_SKILLS = ("Athletics", "Fists", "Weapons", "Resolve", "Empathy", "Deceit", "Might")
"""Skills that defend anyone (SotC "Defending"); a defender's stunts may add one
(:func:`rules.systems.sotc.stunts_fear_and_force.defense_skills`: Guns with Shot on the Run)."""
_SOCIAL = (("Deceit", "Intimidation", "Rapport"), ("Resolve", "Empathy", "Deceit"))
KIND_SKILLS: KindSkills = {
    "physical": (("Fists", "Weapons", "Guns"), ("Athletics", "Fists", "Weapons")),
    "social": _SOCIAL,
    "mental": _SOCIAL,
}
"""Per conflict kind, the skills that attack and defend, best first on ties (SRD L1237-L1244:
physical harm with Fists, Guns or Weapons against Fists, Weapons or Athletics; deceit, scares
and charm against Resolve, Empathy or Deceit)."""
KIND_TIP = (
    "Physical conflicts use Health and Alertness; social and mental ones Composure and Empathy"
)
"""SotC "Stress" and "Establish Initiative" (digest 13 #6)."""


class SotcSceneControls(QWidget):
    """The "How To Do Things" variant and rotating initiative, as scene events."""

    def __init__(
        self,
        document: EncounterDocument,
        emit: Callable[[Event], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._doc = document
        self._emit = emit
        self.variant = QComboBox()
        self.variant.addItem("SotC book (5 boxes)", "book")
        self.variant.addItem("How To Do Things (3 boxes, companions' stress)", "htdt")
        self.variant.setToolTip("Sizes every stress track: choose it before adding the cast")
        self.rotating = QCheckBox("Rotating initiative")
        self.rotating.setToolTip("The first actor moves one seat each exchange (SotC's "
                                 "alternative to skill-based initiative)")  # fmt: skip
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.variant, 1)
        row.addWidget(self.rotating)
        self.variant.activated.connect(self._on_variant_chosen)
        self.rotating.clicked.connect(self._on_rotating_clicked)
        self.refresh(document.state)

    def refresh(self, state: Encounter) -> None:
        """The switches in force; the variant only before the cast, rotation only while
        framing."""
        settings = self._doc.conflict_rules.settings_data
        htdt = settings.get("stress_boxes") == 3 and bool(settings.get("companions_have_stress"))
        self.variant.setCurrentIndex(1 if htdt else 0)
        self.variant.setEnabled(not state.started and not state.participants)
        self.rotating.setChecked(self._doc.conflict_rules.rotating_initiative)
        self.rotating.setEnabled(not state.started)

    def _on_variant_chosen(self, _index: int) -> None:
        htdt = self.variant.currentData() == "htdt"
        old = self._doc.conflict_rules.settings_data
        new = {**old, "stress_boxes": 3 if htdt else 5, "companions_have_stress": htdt}
        if new != old:
            self._emit(SetSceneEvent(settings=new))

    def _on_rotating_clicked(self, checked: bool) -> None:
        old = self._doc.conflict_rules.settings_data
        new = {**old, "rotating_initiative": checked}
        if new != old:
            self._emit(SetSceneEvent(settings=new))


class SotcNpcPrompt(NpcPrompt):
    """The NPC dialog with SotC's stunts and armor (``npc_participant``'s ``stunts`` and
    ``armor``): the stunts that change where stress lands, Thick Skinned's box and the extra
    consequence slots (SRD L3075, L3015, L4189), the stunts used in a fight, the Armored
    improvement."""

    def skills_placeholder(self, known_skills: tuple[str, ...] | None) -> str:
        """SotC skills an NPC fights with."""
        return "Weapons 4, Athletics 3, Alertness 4, Endurance 1"

    def extra_rows(self) -> list[tuple[str, QWidget]]:
        """Stunts and armor."""
        self.stunts = QLineEdit()
        self.stunts.setPlaceholderText("e.g. Thick Skinned; Feel the Burn; Crippling Blow")
        self.stunts.setToolTip(
            "Stunts the encounter applies: toughness (Thick Skinned, Feel the Burn, Still "
            "Standing, Man of Iron, One Hit to the Body, Aplomb) and those used in a fight "
            "(Crippling Blow, Cut Off, Riposte...)"
        )
        self.armor = QSpinBox()
        self.armor.setRange(0, 10)
        self.armor.setToolTip("Armored improvements: hits this small do not roll up")
        self.stunts.textChanged.connect(self._update)
        return [("Stunts", self.stunts), ("Armor", self.armor)]

    def stunt_names(self) -> tuple[str, ...]:
        """The stunts typed, split by ``;`` or ``,``."""
        return tuple(t.strip() for t in re.split(r"[;,]", self.stunts.text()) if t.strip())

    def extra_answer(self) -> dict[str, Any]:
        """``stunts`` (names) and ``armor`` (points)."""
        return {"stunts": self.stunt_names(), "armor": self.armor.value()}

    def tracks(self, skills: dict[str, int]) -> dict[str, int]:
        """As set, else by Endurance and Resolve, with Thick Skinned's box (SRD L3075) on an
        automatic Health track."""
        sizes = super().tracks(skills)
        health = self.track_spins.get("health")
        if health is not None and not health.value() and "health" in sizes:
            sizes["health"] += npc_stunt_sizes(self.stunt_names())[0]
        return sizes


class SotcCompanionPrompt(CompanionPrompt):
    """The companion dialog with Skilled advances capped at the companion's quality (SotC
    "Companions")."""

    def __init__(
        self,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(rules, patrons, ladder, parent, cap_skills=True)
        self.skills.setPlaceholderText("Skilled advances, e.g. Mechanics 1, Stealth 1")


class SotcEncounterPrompts:
    """SotC's :class:`gui.encounter.system_prompts.EncounterPrompts`."""

    def scene_controls(
        self, document: EncounterDocument, emit: Callable[[Event], None]
    ) -> QWidget | None:
        """The variant and rotating-initiative switches."""
        return SotcSceneControls(document, emit)

    def conflict_kind_tip(self, rules: ConflictRules) -> str:
        """Health and Alertness; Composure and Empathy."""
        return KIND_TIP

    def attack_skills(self, skills: Sequence[str]) -> tuple[str, ...]:
        """The skills that attack."""
        return ATTACK_SKILLS

    def defense_skills(
        self, skills: Sequence[str], defender: Participant | None = None
    ) -> tuple[str, ...]:
        """The skills that defend, with those ``defender``'s stunts add (Shot on the Run: Guns,
        SRD L3387)."""
        return defense_skills(defender, DEFENSE_SKILLS)

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """The actor's best attack skill for the scene's kind (SRD L1237-L1244)."""
        return default_skill(actor, state.kind, KIND_SKILLS[state.kind][0], offered)

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """The defender's best defence for ``kind`` (SRD L1237-L1244), or one its stunts
        allow."""
        return default_skill(
            defender, kind, defense_skills(defender, KIND_SKILLS[kind][1]), offered
        )

    def addable_skills(self, rules: ConflictRules, actor: Participant) -> tuple[str, ...]:
        """None: a SotC roll is one skill (a modifying skill is the GM's call)."""
        return ()

    def ask_npc(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        ladder: Ladder | None,
        known_skills: tuple[str, ...] | None,
    ) -> dict[str, Any] | None:
        """:class:`SotcNpcPrompt`."""
        return SotcNpcPrompt.ask(parent, rules, ladder, known_skills)

    def ask_minions(
        self, parent: QWidget | None, rules: ConflictRules, ladder: Ladder | None
    ) -> tuple[str, int, int] | None:
        """Average, Fair or Good minions (SotC "Minions")."""
        return MinionPrompt.ask(parent, ladder)

    def ask_companion(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None,
    ) -> dict[str, Any] | None:
        """:class:`SotcCompanionPrompt`."""
        return SotcCompanionPrompt.ask(parent, rules, patrons, ladder)

    def offered_actions(
        self, state: Encounter, rules: ConflictRules
    ) -> tuple[SystemActionEvent, ...]:
        """The stunts that apply now (:func:`rules.systems.sotc.stunt_actions.offers`)."""
        return offers(state, rules)
