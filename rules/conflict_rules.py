"""Rules layer: the plug-in protocol through which a game system supplies its conflict rules.

The engine in :mod:`rules.conflict` knows the shape every FATE-family conflict shares (turn
order, exchanges, contests, tracks, consequences, aspects, zones); a system states only what
differs: its dice and how a roll reads, its tracks (named by the system, holding ticks or
levels) and how a hit lands on them, its consequence slots and recovery, how big minion groups
and companions are, the numbers of spin, full defense and tags, and how its characters become
participants and take the results back (:class:`CastRules`).

A system hands the engine its rules through ``GameSystem.conflict_rules(settings)``; the
engine never names a system. Spirit of the Century implements it in
:mod:`rules.systems.sotc.conflict`. FATE 2.0 (a wound track in bands), Strange Fate (dice pools
by power tier) and ART (boxes that hold wound levels, d100 read off a table) plug in the same
way: e.g. a FATE 2.0 ``stress_box`` finds the band's row and ``hit_level`` the wound's level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from rules.character import CharacterBase, ConflictKind, Consequence, Severity
from rules.dice import DicePool
from rules.encounter import OptionValue, Participant, RecoveryPeriod, TrackName
from rules.settings import SystemSettings


class TrackSpec(BaseModel):
    """One harm track a system's participants carry.

    Attributes:
        key: The name events and payloads use (``health``, ``composure``, ``wounds``...).
        label: What the GUI and the CLI call it.
        kinds: The conflict kinds whose hits land on it.
        levels: The highest value one box holds (1: a tick; more: wound levels).
        clears_after_scene: Whether the track empties when the scene ends.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)
    kinds: tuple[ConflictKind, ...] = ()
    levels: int = Field(default=1, ge=1, le=20)
    clears_after_scene: bool = True


class CastRules(Protocol):
    """How a system's characters become participants, and carry the results back."""

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
        """A participant for ``character`` with its current harm and resources.

        Raises:
            RuleViolation: ``character`` is not of this system.
        """

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
        """A named NPC written straight into an encounter; ``tracks`` sizes some tracks (the
        others take :meth:`npc_track_sizes`)."""

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        """Each track's size for an inline NPC with ``skills``."""

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        """What is wrong with a participant's system ``options`` (``Participant.options``:
        keys this system does not read, values out of range), or None when it can use them."""

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        """``p`` with ``character``'s harm and resources as they are now (placement stays)."""

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        """``character`` with the harm and resources it ends the encounter with."""


class ConflictRules(CastRules, Protocol):
    """What a game system tells the conflict engine."""

    @property
    def settings(self) -> SystemSettings:
        """The campaign settings in force."""

    @property
    def settings_data(self) -> dict[str, Any]:
        """The settings in force as JSON (what ``Encounter.settings`` stores)."""

    def for_settings(self, data: Mapping[str, Any]) -> ConflictRules:
        """These rules under the settings stored as ``data`` (empty: the defaults).

        Raises:
            RuleViolation: settings this system cannot read.
        """

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        """Why the scene may not move from ``before``'s settings to these, or None."""

    def settings_text(self) -> str:
        """The settings in a few words, for the log ("run with 3 stress boxes...")."""

    @property
    def rotating_initiative(self) -> bool:
        """Whether the first actor rotates each exchange instead of initiative by skill."""

    @property
    def uses_grit(self) -> bool:
        """Whether NPCs may have grit (consequences taken before offering a concession)."""

    @property
    def one_companion_each(self) -> bool:
        """Whether a character may have only one companion attached at a time."""

    @property
    def tracks(self) -> tuple[TrackSpec, ...]:
        """The harm tracks every participant carries, in display order."""

    def track_for(self, kind: ConflictKind) -> TrackName:
        """The track a conflict of ``kind`` hits."""

    @property
    def full_defense_bonus(self) -> int:
        """Bonus to every defense roll while on full defense."""

    @property
    def spin_margin(self) -> int:
        """How much a defense must beat an attack by to earn spin."""

    @property
    def invoke_bonus(self) -> int:
        """The bonus of an invoke or tag that does not reroll."""

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        """The dice pool of one roll by a roller of ``attacker_tier`` against opposition of
        ``defender_tier`` (power tiers are for systems that have them)."""

    def tier_of(self, p: Participant) -> int:
        """``p``'s power tier, for :meth:`dice_for` (0 in systems without tiers)."""

    def skill_tier(
        self, p: Participant, skill: str, kind: ConflictKind, defense: bool = False
    ) -> int:
        """The power tier of ``p``'s roll of ``skill`` in a conflict of ``kind`` (a defence
        when ``defense``): systems whose tiers belong to skills, or shift on defence, say so
        here (default :meth:`tier_of`)."""

    def static_dice(self, roller_tier: int, difficulty_tier: int) -> DicePool:
        """The dice of a roll at ``roller_tier`` against a static difficulty of
        ``difficulty_tier`` (default: :meth:`dice_for` of the two tiers)."""

    def stress_marks(self, track: tuple[int, ...], box: int, level: int) -> tuple[int, ...]:
        """``track`` after a hit lands on ``box`` (0-based) at ``level`` (default: that box
        alone; a system may check more, e.g. every box to its left)."""

    def stress_armor(self, p: Participant, track: TrackName) -> int:
        """Points ``p``'s armor takes off every hit on ``track`` before it lands (0: none)."""

    def group_stress(self, g: Participant, track: TrackName, shifts: int) -> tuple[int, int]:
        """How a hit of ``shifts`` lands on minion group ``g``: (boxes to check, shifts that
        overflow past the group). Default: one box a shift, the rest overflows."""

    def consequence_absorbs(self, severity: Severity) -> int | None:
        """Stress a consequence of ``severity`` takes off the pending hit (the rest stays
        pending, for a box or another consequence), or None when it absorbs the whole hit."""

    def weapon_stress(self, p: Participant, skill: str, track: TrackName, shifts: int) -> int:
        """Stress ``p``'s weapon adds to a hit of ``shifts`` made with ``skill`` on ``track``
        (0: none)."""

    def free_consequences(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """The consequence slots ``p`` may still fill in a conflict of ``kind`` (a
        ``take_consequence`` naming its ``severity`` must pick one of them)."""

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """A standing modifier on every roll ``p`` makes with ``skill`` (a wound penalty, say)
        and its note for the log; ``(0, "")`` when there is none."""

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """What the dice ``faces`` of ``pool`` add to a roll's effort."""

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        """The 0-based box a hit of ``amount`` lands on ``track``, or None if none can."""

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """Like :meth:`stress_box` on ``p``'s track, with ``p``'s own options (armor, rolling
        down); an already filled box returned means the hit stays there."""

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        """The value the box a hit of ``amount`` lands on comes to hold (1 for a tick)."""

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        """Sets of lower empty boxes (0-based) ``p`` may fill instead of a roll-up, if any."""

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """The participant's consequence slots in a conflict of ``kind``, lowest first."""

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        """Severity of the next consequence ``p`` would take, or None when none is left."""

    def group_bonus(self, size: int) -> int:
        """The bonus a group of ``size`` members gets to act and react."""

    def minion_boxes(self, quality: int) -> int:
        """Boxes of one minion of ``quality`` on each track."""

    def companion_boxes(self, quality: int) -> int:
        """Boxes of a companion of ``quality`` on each track (0 when companions have none)."""

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """The consequences still held after ``period`` of rest."""

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        """Shifts beyond the minimum that forces a consequence on a named character."""


class ConflictHookDefaults:
    """The answers of :class:`ConflictRules` hooks most systems leave alone; a system's rules
    class inherits this and overrides what its book changes."""

    def tier_of(self, p: Participant) -> int:
        """No power tiers: every participant is at tier 0."""
        return 0

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """No standing modifiers."""
        return 0, ""

    def skill_tier(
        self, p: Participant, skill: str, kind: ConflictKind, defense: bool = False
    ) -> int:
        """The participant's tier, whatever the skill."""
        return self.tier_of(p)

    def static_dice(self: ConflictRules, roller_tier: int, difficulty_tier: int) -> DicePool:
        """A static difficulty's tier counts as an opponent's."""
        return self.dice_for(roller_tier, difficulty_tier)

    def stress_marks(self, track: tuple[int, ...], box: int, level: int) -> tuple[int, ...]:
        """Only the box the hit lands on."""
        return (*track[:box], level, *track[box + 1 :])

    def stress_armor(self, p: Participant, track: TrackName) -> int:
        """No armor that takes stress off a hit."""
        return 0

    def group_stress(self, g: Participant, track: TrackName, shifts: int) -> tuple[int, int]:
        """One box a shift, filling minions one after another; the rest overflows."""
        used = min(sum(1 for b in g.track(track) if not b), shifts)
        return used, shifts - used

    def consequence_absorbs(self, severity: Severity) -> int | None:
        """A consequence absorbs the whole hit."""
        return None

    def weapon_stress(self, p: Participant, skill: str, track: TrackName, shifts: int) -> int:
        """No weapons that add stress."""
        return 0

    def free_consequences(
        self: ConflictRules, p: Participant, kind: ConflictKind
    ) -> tuple[Severity, ...]:
        """Only the next one: the slots fill in order."""
        nxt = self.next_consequence(p, kind)
        return () if nxt is None else (nxt,)
