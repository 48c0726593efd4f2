"""Rules layer: the :class:`rules.conflict_rules.ConflictRules` hooks through which Spirit of the
Century's own encounter actions plug into the engine (ambush, hazards, first aid, recovery by the
time chart, a heavy load's penalty), as a mixin of
:class:`rules.systems.sotc.conflict.SotcConflictRules`.

Each hook hands over to :mod:`rules.systems.sotc.conflict_actions` (imported when first used:
that module reads the participant options defined with the conflict rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from rules.character import Consequence
    from rules.conflict_rules import ActionSpec, ConflictRules
    from rules.encounter import Encounter, Event, Participant, RecoveryPeriod, SystemActionEvent


class SotcActionHooks:
    """SotC's answers to the engine's action, surprise, exchange and recovery hooks."""

    def actions(self) -> tuple[ActionSpec, ...]:
        """Ambush, falling, first aid, care, initiative stunts, hazards, maneuvers, chases."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.ACTIONS

    def action_rolls(self, event: SystemActionEvent) -> int:
        """The rolls of one of :meth:`actions`."""
        from rules.systems.sotc import conflict_actions
        from rules.systems.sotc.stunts_more import more_rolls

        rolls = more_rolls(event)
        return conflict_actions.action_rolls(event) if rolls is None else rolls

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """Apply one of :meth:`actions`, with the stunts that change another action (Slippery,
        Body Toss, Developed Immunities: :func:`rules.systems.sotc.stunts_more.around_action`).
        """
        from rules.systems.sotc import conflict_actions
        from rules.systems.sotc.stunts_more import around_action

        cr = cast("ConflictRules", self)
        return around_action(state, event, lambda s, e: conflict_actions.apply_action(s, cr, e))

    def refuses(self, state: Encounter, event: Event) -> tuple[str, str]:
        """A due fast poison's attack before anyone acts (SRD L5577); Steely Gaze's lock on
        the pair's maneuvers, blocks and moves (SRD L3565): see
        :func:`rules.systems.sotc.table_guard.refuses`."""
        from rules.systems.sotc.table_guard import refuses

        return refuses(state, event)

    def defense_rating(
        self, state: Encounter, p: Participant, skill: str, rating: int
    ) -> tuple[int, str]:
        """Mediocre while surprised by an ambush (SotC "Avoiding Surprise", SRD L1716)."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.defense_rating(state, p, rating)

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """Actions given up for first aid (SRD L5890); a lasting fire burns (SRD L5976)."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.exchange_begins(state, cast("ConflictRules", self))

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """A heavy load: -1 a step past what ``p`` carries freely on its other physical rolls
        (SotC "Encumbrance", SRD L5776); no Weapons while disarmed (SRD L1450).

        Raises:
            RuleViolation: a Weapons roll while disarmed.
        """
        from rules.systems.sotc import hazards
        from rules.systems.sotc.conflict import options_of

        options = options_of(p)
        hazards.disarmed_check(options.disarmed, skill, p.name)
        return hazards.encumbrance_modifier(options.encumbered, skill)

    def hit_shifts(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[int, str]:
        """The margin, one more on the lead car when the attacking car's Shotgun! gunman still
        shoots (SotC "Chase Scenes", Shotgun!, SRD L5521: "any time the lead car takes stress,
        it's increased by one")."""
        from rules.systems.sotc.chase import shotgun_hit

        shifts = max(0, attack - defense)
        if not shifts or not shotgun_hit(attacker, defender):
            return shifts, ""
        margin = cast("ConflictRules", self).margin_text(shifts)
        return shifts + 1, f"{margin}; +1 Shotgun!: {shifts + 1}"

    def kept_after_rest(
        self,
        p: Participant,
        period: RecoveryPeriod,
        back_to_back: bool,
        kept: tuple[Consequence, ...],
    ) -> tuple[Consequence, ...]:
        """Care and Bounce Back make a recovery slower to pass than a period's reach only by
        the time chart (SRD L3045, L5892); see
        :func:`rules.systems.sotc.conflict_actions.kept_after_rest`."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.kept_after_rest(p, period, back_to_back, kept)

    def time_chart(self) -> tuple[str, ...]:
        """SotC's time increments (SRD L5201), shortest first."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.TIME_CHART

    def recover_after(
        self, p: Participant, elapsed: str, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """What ``p`` still holds after ``elapsed`` on the time chart (SRD L1394-L1416)."""
        from rules.systems.sotc import conflict_actions

        return conflict_actions.recover_after(p, elapsed, back_to_back)
