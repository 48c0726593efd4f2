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

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QWidget

from gui.encounter.prompts import (
    CompanionPrompt,
    MinionAnswer,
    MinionPrompt,
    NpcPrompt,
    OptionField,
)
from rules.character import ConflictKind
from rules.names import find_name

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

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """The skill a turn starts with for ``actor``: its best attack in a conflict of the
        scene's kind (``offered``: the dice panel's attack skills; the GM may pick another)."""

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """The skill ``defender`` defends with by default in a conflict of ``kind``."""

    def addable_skills(self, rules: ConflictRules, actor: Participant) -> tuple[str, ...]:
        """The skills ``actor`` may add to the trait it rolls (the ART Engine's "Using Skills":
        an attribute and up to two skills; the dice panel then sends ``Attack + Swords``), or
        () where a roll is one skill."""

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


def best_skill(p: Participant, kind: ConflictKind, candidates: Sequence[str]) -> str | None:
    """``p``'s highest-rated skill among ``candidates`` that it has listed (ties: the first in
    ``candidates``), or None when it lists none of them (a minion group rolls its quality)."""
    best: tuple[int, str] | None = None
    for name in candidates:
        if find_name(p.skills, name) is None:
            continue
        rating = p.skill(name, kind)
        if best is None or rating > best[0]:
            best = (rating, name)
    return best[1] if best is not None else None


def default_skill(
    p: Participant, kind: ConflictKind, preferred: Sequence[str], offered: Sequence[str]
) -> str:
    """``p``'s best ``preferred`` skill; else its best ``offered`` one, else its best skill of
    all; else the first preferred or offered skill (a group rolls its quality whatever it is)."""
    for candidates in (preferred, offered, tuple(p.skills)):
        found = best_skill(p, kind, candidates)
        if found is not None:
            return found
    return next(iter((*preferred, *offered)), "")


KindSkills = Mapping[ConflictKind, tuple[tuple[str, ...], tuple[str, ...]]]
"""Per conflict kind, the skills that attack and those that defend (a book's table)."""


class GenericEncounterPrompts:
    """The encounter UI of a system that supplies none: built from its rules alone.

    No scene controls; every skill of the campaign's list on the dice panel; the NPC dialog asks
    for each track the system names; minion and companion qualities on the system's ladder.

    Args:
        npc_fields: Participant options the NPC dialog also asks for (a system's power tier).
        minion_fields: Participant options the minion dialog also asks for.
    """

    def __init__(
        self,
        npc_fields: Sequence[OptionField] = (),
        minion_fields: Sequence[OptionField] = (),
        kind_skills: KindSkills | None = None,
    ) -> None:
        self.npc_fields = tuple(npc_fields)
        self.minion_fields = tuple(minion_fields)
        self.kind_skills: KindSkills = kind_skills or {}

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

    def attack_default(
        self, rules: ConflictRules, state: Encounter, actor: Participant, offered: Sequence[str]
    ) -> str:
        """The actor's best skill among those that attack in the scene's kind
        (``kind_skills``), else among the offered ones (:func:`default_skill`)."""
        attack = self.kind_skills.get(state.kind, ((), ()))[0]
        return default_skill(actor, state.kind, attack, offered)

    def defense_default(
        self,
        rules: ConflictRules,
        defender: Participant,
        kind: ConflictKind,
        offered: Sequence[str],
    ) -> str:
        """The defender's best skill among those that defend in ``kind``, else among the
        offered ones."""
        return default_skill(defender, kind, self.kind_skills.get(kind, ((), ()))[1], offered)

    def addable_skills(self, rules: ConflictRules, actor: Participant) -> tuple[str, ...]:
        """None: a roll is one skill."""
        return ()

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
