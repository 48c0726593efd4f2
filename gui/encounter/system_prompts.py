"""GUI layer: what the encounter window asks of the encounter's game system, and the generic
answers a system without encounter prompts of its own gets.

The window speaks to a system's encounter UI only through :class:`EncounterPrompts` (from the
system's ``SystemUi.encounter_prompts()``): its controls on the scene panel (campaign switches
that may still change while framing), the words it uses for the conflict kinds, the skills the
dice panel offers, the dialogs that write NPCs, minion groups and companions into a scene, and
the system actions that apply at this moment (a stunt after the hit that triggers it).
:class:`GenericEncounterPrompts` builds all of these from the system's conflict rules (its
tracks), its ladder and its skill list, so any system with conflict rules gets a working window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QWidget

from gui.encounter.prompts import (
    CompanionPrompt,
    MinionAnswer,
    MinionPrompt,
    NpcPrompt,
    OptionField,
)

if TYPE_CHECKING:
    from gui.encounter.document import EncounterDocument
    from rules.conflict_rules import ConflictRules
    from rules.encounter import Encounter, Event, Participant, SystemActionEvent
    from rules.ladder import Ladder


class SceneControls(Protocol):
    """A system's own controls on the scene panel (a ``QWidget``)."""

    def refresh(self, state: Encounter) -> None:
        """Show ``state`` (enable what may still change, e.g. only while framing)."""


class EncounterPrompts(Protocol):
    """One system's encounter UI: scene controls, labels, skills and the cast dialogs."""

    def scene_controls(
        self, document: EncounterDocument, emit: Callable[[Event], None]
    ) -> QWidget | None:
        """Controls for the scene panel (a :class:`SceneControls`), or None; each change is an
        engine event handed to ``emit`` (so it goes on the undo stack)."""

    def conflict_kind_tip(self, rules: ConflictRules) -> str:
        """The tooltip of the conflict-kind choice: what each kind uses."""

    def attack_skills(self, skills: Sequence[str]) -> tuple[str, ...]:
        """The skills the dice panel offers for an action (``skills``: the campaign's list)."""

    def defense_skills(
        self, skills: Sequence[str], defender: Participant | None = None
    ) -> tuple[str, ...]:
        """The skills the dice panel offers for a defense by ``defender`` (None: no target
        chosen; asked again whenever the target changes, since a stunt may let one defend with
        a skill others cannot)."""

    def ask_npc(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        ladder: Ladder | None,
        known_skills: tuple[str, ...] | None,
    ) -> dict[str, Any] | None:
        """A named NPC's :meth:`rules.conflict_rules.CastRules.npc_participant` arguments (with
        ``side``, and ``options``: participant options the system's fields set), or None when
        cancelled."""

    def ask_minions(
        self, parent: QWidget | None, rules: ConflictRules, ladder: Ladder | None
    ) -> MinionAnswer | None:
        """A minion group's (name, quality, count), with the participant options the system's
        fields set as a fourth item when it asks any, or None when cancelled."""

    def ask_companion(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None,
    ) -> dict[str, Any] | None:
        """A companion's :func:`rules.conflict.companion` arguments, or None when cancelled."""

    def offered_actions(
        self, state: Encounter, rules: ConflictRules
    ) -> tuple[SystemActionEvent, ...]:
        """The system actions that apply right now (e.g. a stunt after the hit that triggers
        it), as events to confirm or fill in; the window offers them beside the status bar."""


def kinds_tip(rules: ConflictRules) -> str:
    """Which track each conflict kind hits, in words: ``Physical conflicts hit Health; ...``."""
    parts = []
    for kind in ("physical", "social", "mental"):
        track = rules.track_for(kind)
        label = next((t.label for t in rules.tracks if t.key == track), track)
        parts.append(f"{kind.title()} conflicts hit {label}")
    return "; ".join(parts)


class GenericEncounterPrompts:
    """The encounter UI of a system that supplies none: built from its rules alone.

    No scene controls; every skill of the campaign's list on the dice panel; the NPC dialog asks
    for each track the system names; minion and companion qualities on the system's ladder.

    Args:
        npc_fields: Participant options the NPC dialog also asks for (a system's power tier).
        minion_fields: Participant options the minion dialog also asks for.
    """

    def __init__(
        self, npc_fields: Sequence[OptionField] = (), minion_fields: Sequence[OptionField] = ()
    ) -> None:
        self.npc_fields = tuple(npc_fields)
        self.minion_fields = tuple(minion_fields)

    def scene_controls(
        self, document: EncounterDocument, emit: Callable[[Event], None]
    ) -> QWidget | None:
        """None: the system's settings come from the campaign."""
        return None

    def conflict_kind_tip(self, rules: ConflictRules) -> str:
        """Which track each kind hits (:func:`kinds_tip`)."""
        return kinds_tip(rules)

    def attack_skills(self, skills: Sequence[str]) -> tuple[str, ...]:
        """The campaign's skills."""
        return tuple(skills)

    def defense_skills(
        self, skills: Sequence[str], defender: Participant | None = None
    ) -> tuple[str, ...]:
        """The campaign's skills, whoever defends."""
        return tuple(skills)

    def ask_npc(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        ladder: Ladder | None,
        known_skills: tuple[str, ...] | None,
    ) -> dict[str, Any] | None:
        """The generic NPC dialog (:class:`gui.encounter.prompts.NpcPrompt`) with the
        ``npc_fields``."""
        return NpcPrompt.ask(parent, rules, ladder, known_skills, option_fields=self.npc_fields)

    def ask_minions(
        self, parent: QWidget | None, rules: ConflictRules, ladder: Ladder | None
    ) -> MinionAnswer | None:
        """The minion dialog, qualities on the system's ladder, with the ``minion_fields``."""
        if self.minion_fields:
            return MinionPrompt.ask_with_options(parent, ladder, self.minion_fields)
        return MinionPrompt.ask(parent, ladder)

    def ask_companion(
        self,
        parent: QWidget | None,
        rules: ConflictRules,
        patrons: Sequence[tuple[str, str]],
        ladder: Ladder | None,
    ) -> dict[str, Any] | None:
        """The companion dialog, qualities on the system's ladder."""
        return CompanionPrompt.ask(parent, rules, patrons, ladder)

    def offered_actions(
        self, state: Encounter, rules: ConflictRules
    ) -> tuple[SystemActionEvent, ...]:
        """None: the system's actions are in the Rules menu."""
        return ()
