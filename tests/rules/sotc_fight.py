"""Test helpers (tests layer) shared by the SotC rules tests: NPCs, a started fight, the
system-action and attack calls that return the log line's text, and a participant by id."""

from __future__ import annotations

from rules import conflict
from rules.encounter import Encounter, Participant
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import SotcSettings

CR = SotcConflictRules()
ZERO = (0, 0, 0, 0)


def npc(pid: str, skills: dict[str, int], *stunts: str, fp: int = 0, seat: int = 0,
        side: str = "") -> Participant:  # fmt: skip
    """An NPC named after ``pid`` (title case) with ``fp`` fate points, on ``side``."""
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), stunts=stunts,
        fate_points=fp, seat=seat, side=side,
    )  # fmt: skip


def rival(pid: str, skills: dict[str, int], *stunts: str, fp: int = 3, seat: int = 0,
          side: str = "") -> Participant:  # fmt: skip
    """An NPC with 3 fate points unless told, on a side of its own unless ``side`` is given."""
    return npc(pid, skills, *stunts, fp=fp, seat=seat, side=side or pid)


def fight(*cast: Participant, kind: str = "physical") -> Encounter:
    """A conflict of ``kind`` between ``cast``, started (initiative rolled)."""
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=cast, kind=kind))
    return state


def p(state: Encounter, pid: str) -> Participant:
    """The participant ``pid`` of ``state`` (which must be there)."""
    found = state.find(pid)
    assert found is not None
    return found


def act(state: Encounter, action: str, **kwargs: object) -> tuple[Encounter, str]:
    """The SotC system action ``action`` applied to ``state``, and its log line's text."""
    new, entry = conflict.system_action(CR, state, action=action, **kwargs)
    return new, entry.text


def hit(state: Encounter, attacker: str, defender: str, skill: str = "Fists",
        defense: str = "Athletics", *, dice: tuple[int, ...] = ZERO,
        defense_dice: tuple[int, ...] = ZERO) -> tuple[Encounter, str]:  # fmt: skip
    """``attacker`` attacks ``defender`` (dice keyword-only), and the log line's text."""
    state, entry = conflict.attack(
        CR, state, attacker=attacker, defender=defender, skill=skill, defense_skill=defense,
        dice=dice, defense_dice=defense_dice,
    )  # fmt: skip
    return state, entry.text
