"""Rules layer: the plug-in protocol through which a game system supplies its conflict rules.

The engine in :mod:`rules.combat` knows the shape every FATE-family conflict shares (turn order,
exchanges, contests, stress tracks, consequences, aspects, zones); a system states only what
differs: its dice, how a hit lands on a stress track, its consequence slots and recovery, how
big minion groups and companions are, and the numbers of spin, full defense and tags.

Spirit of the Century implements it in :mod:`rules.systems.sotc.conflict` (the "How To Do
Things" variant is the same class under other :class:`SotcSettings` switches).
FATE 2.0 (a wound track instead of boxes), Strange Fate (d6 per power tier instead of Fudge
dice) and ART (foe stat blocks, damage, kickers) plug in by implementing this protocol: e.g. a
FATE 2.0 ``stress_box`` would fill the wound track's rows and ``dice_for`` would return d6s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules.character import ConflictKind, Consequence, Severity
from rules.encounter import Participant, RecoveryPeriod, TrackName
from rules.systems.sotc.settings import SotcSettings


class ConflictRules(Protocol):
    """What a game system tells the conflict engine."""

    @property
    def system_id(self) -> str:
        """The system these rules belong to."""

    @property
    def campaign(self) -> SotcSettings:
        """The campaign switches in force."""

    @property
    def full_defense_bonus(self) -> int:
        """Bonus to every defense roll while on full defense."""

    @property
    def spin_margin(self) -> int:
        """How much a defense must beat an attack by to earn spin."""

    @property
    def invoke_bonus(self) -> int:
        """The bonus of an invoke or tag that does not reroll."""

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> str:
        """The dice expression of one roll (power tiers are for systems that have them)."""

    def stress_box(self, track: tuple[bool, ...], amount: int) -> int | None:
        """The 0-based box a hit of ``amount`` checks on ``track``, or None if none can."""

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """Like :meth:`stress_box` on ``p``'s track, with ``p``'s own stress options (armor,
        rolling down); an already checked box returned means the hit stays there."""

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        """Sets of lower empty boxes (0-based) ``p`` may check instead of a roll-up, if any."""

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """The participant's consequence slots in a conflict of ``kind``, lowest first."""

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        """Severity of the next consequence ``p`` would take, or None when none is left."""

    def group_bonus(self, size: int) -> int:
        """The bonus a group of ``size`` members gets to act and react."""

    def minion_boxes(self, quality: int) -> int:
        """Stress boxes of one minion of ``quality``."""

    def companion_boxes(self, quality: int) -> int:
        """Stress boxes of a companion of ``quality`` (0 when companions have no stress)."""

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """The consequences still held after ``period`` of rest."""

    def overflow(self, track: tuple[bool, ...], shifts: int) -> int:
        """Shifts beyond the minimum that forces a consequence on a named character."""


ConflictRulesFactory = Callable[[SotcSettings], ConflictRules]
"""Builds a system's conflict rules under a campaign's switches."""
