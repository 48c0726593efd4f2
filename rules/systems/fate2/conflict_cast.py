"""Rules layer: FATE 2.0 characters and NPCs as conflict participants, and the results back.

Implements the :class:`rules.conflict_rules.CastRules` half of FATE 2.0's conflict rules. A
participant carries the character's skills on the FATE 2.0 ladder together with the campaign
list's defaults (an untrained skill rolls at Mediocre, -1, or at a difficult skill's lower
default: §2 Buying Skills, §7 Difficult Skills), Alertness for initiative and Tactics for ties
(§8 Turn Based Fights), its fate points and its aspects, and a wound track with the Injured
boxes the character still carries. Back on the character go the Injured boxes (Clipped and Hurt
end with the scene, §8 Injuries and Advantages) and the fate points.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.character import CharacterBase, ConflictKind
from rules.encounter import Participant
from rules.errors import RuleViolation
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.conflict_wounds import INJURED, blank_track, layout, marked
from rules.systems.fate2.resolve import Resolved
from rules.systems.fate2.settings import MEDIOCRE, Fate2Settings, SkillDef

MAX_SKILLS = 200
"""A participant holds at most this many skills (its own first, then the list's defaults)."""

INITIATIVE = "Alertness"
TIEBREAK = "Tactics"
"""§8 Turn Based Fights: initiative is Alertness, ties go to Tactics (then the combat skill)."""

_WOUNDS = "wounds"


def _every_kind(value: int) -> dict[ConflictKind, int]:
    """FATE 2.0 orders every kind of conflict by Alertness (fate2.md 9, "Initiative")."""
    return {"physical": value, "social": value, "mental": value}


def _skills(own: Mapping[str, int], resolved: Resolved) -> dict[str, int]:
    """``own`` skills plus every skill of the campaign list at its default, so that an untrained
    skill rolls at Mediocre (or lower) and not at the engine's 0 (Average here)."""
    out = {name: value for name, value in own.items() if name.strip()}
    taken = {name.strip().casefold() for name in out}
    for skill in resolved.skills:
        if len(out) >= MAX_SKILLS:
            break
        if skill.name.strip().casefold() not in taken:
            out[skill.name] = resolved.default_of(skill.name)
    return out


def _value(skills: Mapping[str, int], name: str) -> int:
    folded = name.casefold()
    for key, value in skills.items():
        if key.strip().casefold() == folded:
            return value
    return MEDIOCRE


class Fate2Cast:
    """Building participants from FATE 2.0 characters and writing the results back.

    Args:
        settings: The campaign's settings.
        book_list: The book's sample skill list (for settings that leave the list to it).
    """

    def __init__(self, settings: Fate2Settings, book_list: tuple[SkillDef, ...] = ()) -> None:
        self._settings = settings
        self._book_list = book_list
        self._resolved = Resolved(settings, book_list)

    def _own(self, character: CharacterBase) -> Fate2Character:
        if not isinstance(character, Fate2Character):
            raise RuleViolation(
                f"{character.name or 'this character'} is a {character.system!r} character, "
                "not a FATE 2.0 one"
            )
        return character

    def _track_size(self) -> int:
        return len(layout(self._settings.wound_boxes))

    def participant_from_character(
        self,
        character: CharacterBase,
        *,
        pid: str,
        kind: str = "pc",
        side: str = "",
        seat: int = 0,
        grit: int | None = None,
        zone: str | None = None,
    ) -> Participant:
        """A participant for a FATE 2.0 ``character``, carrying its Injured boxes.

        Raises:
            RuleViolation: ``character`` is not a FATE 2.0 character.
        """
        c = self._own(character)
        skills = _skills(c.skills, self._resolved.for_character(c))
        alertness = _value(skills, INITIATIVE)
        fate_points = self._settings.fate_points() if c.fate_points is None else c.fate_points
        return Participant(
            id=pid,
            name=c.name or pid,
            kind="npc" if kind == "npc" else "pc",
            side=side,
            character_id=c.id,
            skills=skills,
            initiative=_every_kind(alertness),
            tiebreak=_value(skills, TIEBREAK),
            seat=seat,
            tracks={_WOUNDS: blank_track(self._settings.wound_boxes, c.injured)},
            fate_points=fate_points,
            aspects=tuple(a.name for a in c.aspects if a.name.strip())[:50],
            grit=grit,
            zone=zone,
        )

    def npc_participant(
        self,
        *,
        pid: str,
        name: str,
        skills: Mapping[str, int],
        fate_points: int = 0,
        aspects: tuple[str, ...] = (),
        tracks: Mapping[str, int] | None = None,
        grit: int | None = None,
        side: str = "",
        seat: int = 0,
        zone: str | None = None,
        stunts: tuple[str, ...] = (),
        armor: int = 0,
    ) -> Participant:
        """A named NPC written straight into an encounter, with the campaign's wound track.

        Raises:
            RuleViolation: a wound track of another size than the campaign's, or stunts or
                armor (FATE 2.0 has no stunts that move harm; dramatic armor is a +1 on the
                roll, §8 Combat Options).
        """
        size = (tracks or {}).get(_WOUNDS)
        if size is not None and size != self._track_size():
            raise RuleViolation(
                f"{name or pid}: a FATE 2.0 wound track has the campaign's "
                f"{self._track_size()} boxes (Clipped, Hurt and Injured), not {size}"
            )
        if stunts or armor:
            raise RuleViolation(
                f"{name or pid}: FATE 2.0 has no stunts or armor that change where harm lands; "
                "better armor is a +1 on the defense roll (§8 Combat Options)"
            )
        own = _skills(skills, self._resolved)
        alertness = _value(own, INITIATIVE)
        return Participant(
            id=pid, name=name or pid, kind="npc", side=side, skills=own,
            initiative=_every_kind(alertness), tiebreak=_value(own, TIEBREAK),
            seat=seat, tracks={_WOUNDS: blank_track(self._settings.wound_boxes)},
            fate_points=fate_points, aspects=aspects, grit=grit, zone=zone,
        )  # fmt: skip

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        """The campaign's wound boxes, whatever the skills (§8 Changing Wound Boxes)."""
        return {_WOUNDS: self._track_size()}

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        """``p`` with the character's Injured boxes, fate points, skills and aspects as they
        are now; where the scene put it stays."""
        fresh = self.participant_from_character(
            character, pid=p.id, kind=p.kind, side=p.side, seat=p.seat, grit=p.grit,
            zone=p.zone,
        )  # fmt: skip
        return fresh.model_copy(update={"attached_to": p.attached_to, "hidden": p.hidden})

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        """``character`` with the Injured boxes and fate points it ends the encounter with.

        Clipped and Hurt are not written back: they last the scene at most (§8 Injuries and
        Advantages).

        Raises:
            RuleViolation: ``character`` is not a FATE 2.0 character.
        """
        c = self._own(character)
        injured = min(20, marked(p.track(_WOUNDS), INJURED))
        return c.model_copy(update={"injured": injured, "fate_points": p.fate_points})
