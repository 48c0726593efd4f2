"""Rules layer: Spirit of the Century conflict rules, and the "How To Do Things" variant.

Implements :class:`rules.conflict_rules.ConflictRules` from SotC "How To Do Things" (SRD
L1110-L1586; digest sotc.md section 6). The wiki "How To Do Things" chapter differs only in
campaign switches (:data:`HOW_TO_DO_THINGS`): 3 boxes per track instead of 5, and
companions with a stress track of 1 + quality that soaks the patron's hits. Also here
(:class:`rules.conflict_rules.CastRules`): building participants from SotC characters and
writing the results back.

The top of SotC's conflict modules: its answers to the engine's action, defense, roll and
recovery hooks hand over to the modules below it (its own actions,
:mod:`rules.systems.sotc.conflict_actions`; the always-on stunts,
:mod:`rules.systems.sotc.stunts_always_on`), none of which imports this one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from pydantic import ValidationError

from rules.character import CharacterBase, Condition, ConflictKind, Consequence, Severity
from rules.conflict_rules import ActionSpec, ConflictHookDefaults, ConflictRules, TrackSpec
from rules.dice import DicePool, parse_dice
from rules.encounter import (
    Encounter,
    Event,
    OptionValue,
    Participant,
    RecoveryPeriod,
    SystemActionEvent,
    TrackName,
)
from rules.errors import RuleViolation
from rules.systems.sotc import conflict_actions, hazards, table_guard
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.chase import shotgun_hit
from rules.systems.sotc.participant_options import (
    has,
    options_of,
    options_problem,
    participant_options,
)
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.stunts_always_on import attack_stunts, stunt_defense
from rules.systems.sotc.stunts_fear_and_force import around_action, forced, more_rolls, now_bonus
from rules.systems.sotc.stunts_table import npc_stunt_sizes
from rules.systems.sotc.treatment_marks import treatment_options, with_marks_from

TRACKS: tuple[TrackSpec, ...] = (
    TrackSpec(key="health", label="Health", kinds=("physical",)),
    TrackSpec(key="composure", label="Composure", kinds=("social", "mental")),
)
"""SotC's two stress tracks (SotC "Stress": Health for physical harm, Composure for social and
mental), boxes that are checked or clear."""

DICE: DicePool = parse_dice("4dF")
"""SotC "The Dice": four Fudge dice."""

Deriver = Callable[[CharacterBase, SotcSettings], Any]
"""``SotcSystem.derive``: its result provides :class:`DerivedStress`'s fields."""

GROUP_BONUS: tuple[tuple[int, int], ...] = ((10, 4), (7, 3), (4, 2), (2, 1), (1, 0))
"""SotC "Minions": (smallest group size, bonus to act and react)."""

SEVERITY_LEVEL: dict[Severity, int] = {"mild": 0, "moderate": 1, "extra": 1, "severe": 2}
"""How long each consequence takes to go (SotC "Removing Consequences"); the companion's
"extra" consequence recovers like a moderate one (judgment call, docs/rules-notes.md)."""

PERIOD_CLEARS: dict[RecoveryPeriod, int] = {"breather": 0, "night": 1, "downtime": 2}
"""Highest level a rest period clears: a breather mild, 6+ hours moderate, days/weeks severe."""


def stress_bonus(rating: int) -> int:
    """Extra stress boxes from an Endurance or Resolve rating (SotC "Endurance", "Resolve").

    Mediocre or lower +0, Average-Fair +1, Good-Great +2, Superb-Fantastic +3. The book stops at
    Fantastic; Epic and above get +4 (house rule, see docs/rules-notes.md).
    """
    if rating <= 0:
        return 0
    if rating <= 2:
        return 1
    if rating <= 4:
        return 2
    if rating <= 6:
        return 3
    return 4


class SotcConflictRules(ConflictHookDefaults):
    """SotC conflict rules under a campaign's switches (a :class:`ConflictRules`).

    Args:
        campaign: The campaign switches (None: the book's).
        derive: ``SotcSystem.derive``, to build participants from characters (track sizes,
            fate points, extra consequence slots).
    """

    def __init__(self, campaign: SotcSettings | None = None, derive: Deriver | None = None) -> None:
        self._campaign = campaign or SotcSettings()
        self._derive = derive
        self._data: dict[str, Any] = self._campaign.model_dump(mode="json")
        self._rebound: dict[str, SotcConflictRules] = {}

    # -- settings ---------------------------------------------------------------------------------

    @property
    def campaign(self) -> SotcSettings:
        """The campaign switches in force."""
        return self._campaign

    @property
    def settings(self) -> SotcSettings:
        """The campaign switches in force."""
        return self._campaign

    @property
    def settings_data(self) -> dict[str, Any]:
        """The switches as JSON (what ``Encounter.settings`` stores)."""
        return self._data

    def for_settings(self, data: Mapping[str, Any]) -> SotcConflictRules:
        """These rules under the switches stored as ``data`` (empty: the book's).

        Raises:
            RuleViolation: switches SotC does not have, or out of range.
        """
        key = json.dumps(data, sort_keys=True)
        found = self._rebound.get(key)
        if found is None:
            try:
                campaign = SotcSettings.model_validate(dict(data))
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(x) for x in first["loc"])
                raise RuleViolation(f"campaign rules: {where}: {first['msg']}") from None
            found = (
                self if campaign == self._campaign else SotcConflictRules(campaign, self._derive)
            )
            if len(self._rebound) < 16:
                self._rebound[key] = found
        return found

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        """Stress boxes and companions' stress size every track: fixed once anyone is in."""
        old = before.settings
        if not has_cast or not isinstance(old, SotcSettings):
            return None
        new = self._campaign
        if (old.stress_boxes, old.companions_have_stress) != (
            new.stress_boxes,
            new.companions_have_stress,
        ):
            return (
                "stress boxes and companions' stress shape every track: change them before "
                "adding the cast"
            )
        return None

    def settings_text(self) -> str:
        """``run with 3 stress boxes, companions with stress, rotating initiative``."""
        c = self._campaign
        return (
            f"run with {c.stress_boxes} stress boxes"
            + (", companions with stress" if c.companions_have_stress else "")
            + (", rotating initiative" if c.rotating_initiative else "")
        )

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        """Options SotC does not have, or out of range
        (:class:`rules.systems.sotc.participant_options.SotcOptions`)."""
        return options_problem(options)

    @property
    def rotating_initiative(self) -> bool:
        """SotC "An Alternative to Skills": the first actor rotates, when the campaign says so."""
        return self._campaign.rotating_initiative

    @property
    def uses_grit(self) -> bool:
        """SotC's optional grit rule, when the campaign uses it."""
        return self._campaign.grit

    @property
    def one_companion_each(self) -> bool:
        """ "How To Do Things": one companion attached at a time, when companions have stress."""
        return self._campaign.companions_have_stress

    # -- tracks and dice --------------------------------------------------------------------------

    @property
    def tracks(self) -> tuple[TrackSpec, ...]:
        """Health and Composure."""
        return TRACKS

    def track_for(self, kind: ConflictKind) -> TrackName:
        """Health in physical conflicts, Composure in social and mental ones."""
        return "health" if kind == "physical" else "composure"

    @property
    def full_defense_bonus(self) -> int:
        """+2 to every defense for the exchange (SotC "Full Defense")."""
        return 2

    @property
    def spin_margin(self) -> int:
        """A defense that wins by 3 or more earns spin (SotC "Spin")."""
        return 3

    @property
    def invoke_bonus(self) -> int:
        """An invoke or tag adds +2 when it does not reroll (SotC "Invoking Aspects")."""
        return 2

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        """Always 4dF (SotC "The Dice")."""
        return DICE

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """The faces added up (SotC "The Dice": the total of the Fudge dice)."""
        return sum(faces)

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        """A SotC box is checked, whatever the hit."""
        return 1

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        """Box N for a hit of N, rolling up past checked boxes (SotC "Resolving Attacks")."""
        for index in range(amount - 1, len(track)):
            if not track[index]:
                return index
        return None

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """Box N, rolled up, with ``p``'s stunts and gear: an Armored device keeps a hit of at
        most its armor on its already checked box (SRD L4935, digest 13 #18); Man of Iron
        (health, SRD L3083) and Aplomb (composure, SRD L4149) roll down to the next lower
        empty box first."""
        boxes = p.track(track)
        if 1 <= amount <= len(boxes) and boxes[amount - 1]:
            options = options_of(p)
            if track == "health" and amount <= options.armor:
                return amount - 1
            if track in options.roll_down:
                for index in range(amount - 2, -1, -1):
                    if not boxes[index]:
                        return index
        return self.stress_box(boxes, amount)

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        """One Hit to the Body (SRD L3069): when box N is checked, any lower empty boxes whose
        values add up to N may be checked instead; fewest boxes first, then the highest. None
        for a hit forced to a consequence (Crippling Blow, The Promise of Pain), which no box
        may take."""
        boxes = p.track(track)
        if (
            forced(p)
            or track not in options_of(p).fill_lower
            or not 1 <= amount <= len(boxes)
            or not boxes[amount - 1]
        ):
            return ()
        landing = self.stress_box_for(p, track, amount)
        if landing is not None and landing < amount:
            return ()  # it would not roll up (Man of Iron rolls it down, armor holds it)
        free = [i for i in range(amount - 1) if not boxes[i]]
        found: list[tuple[int, ...]] = []

        def walk(start: int, left: int, chosen: tuple[int, ...]) -> None:
            if left == 0:
                found.append(chosen)
                return
            for k in range(start, len(free)):
                value = free[k] + 1
                if value > left:
                    break
                walk(k + 1, left - value, (*chosen, free[k]))

        walk(0, amount, ())
        return tuple(sorted(found, key=lambda c: (len(c), [-i for i in sorted(c, reverse=True)])))

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """Mild, moderate, extra moderates from stunts, severe (digest 6.6 and 13 #3/#4)."""
        options = options_of(p)
        extra = options.extra_physical if kind == "physical" else options.extra_social
        slots: list[Severity] = ["mild", "moderate"]
        for _ in range(extra):
            slots.append("moderate")
        slots.append("severe")
        return tuple(slots)

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        """The lowest free slot: held consequences and those removed this conflict fill slots.

        Returns None when the severe slot is taken: the next hit takes the character out.
        """
        slots = list(self.consequence_slots(p, kind))
        used = [False] * len(slots)
        taken = [c.severity for c in p.consequences if c.severity != "extra"]
        order = {"mild": 0, "moderate": 1, "severe": 2}
        for severity in sorted([*taken, *p.spent_slots], key=lambda s: order.get(s, 1)):
            level = order.get(severity, 1)
            for i, slot in enumerate(slots):
                if not used[i] and order[slot] >= level:
                    used[i] = True
                    break
        for i, slot in enumerate(slots):
            if not used[i]:
                return slot
        return None

    def group_bonus(self, size: int) -> int:
        """SotC "Minions": 1 +0, 2-3 +1, 4-6 +2, 7-9 +3, 10 or more +4."""
        for smallest, bonus in GROUP_BONUS:
            if size >= smallest:
                return bonus
        return 0

    def minion_boxes(self, quality: int) -> int:
        """Average 1, Fair 2, Good 3 boxes per minion (Great 4 for a companion caught alone,
        digest 13 #11)."""
        return max(1, quality)

    def companion_boxes(self, quality: int) -> int:
        """ "How To Do Things": 1 + quality (Average 2 ... Great 5); SotC: none."""
        return 1 + quality if self._campaign.companions_have_stress else 0

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """Drop the consequences ``period`` heals; back-to-back sessions count one level lower."""
        limit = PERIOD_CLEARS[period]
        drop = 1 if back_to_back else 0
        return tuple(c for c in consequences if SEVERITY_LEVEL[c.severity] - drop > limit)

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        """Shifts beyond the smallest hit that no box can take (digest 13 #20)."""
        highest_free = max((i + 1 for i, checked in enumerate(track) if not checked), default=0)
        return max(0, shifts - (highest_free + 1))

    # -- SotC's own actions and always-on stunts on the engine's hooks ----------------------------

    def actions(self) -> tuple[ActionSpec, ...]:
        """Ambush, falling, first aid, care, initiative stunts, hazards, maneuvers, chases."""
        return conflict_actions.ACTIONS

    def action_rolls(self, event: SystemActionEvent) -> int:
        """The rolls of one of :meth:`actions`."""
        rolls = more_rolls(event)
        return conflict_actions.action_rolls(event) if rolls is None else rolls

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """Apply one of :meth:`actions`, with the stunts that change another action (Slippery,
        Body Toss, Developed Immunities:
        :func:`rules.systems.sotc.stunts_fear_and_force.around_action`).
        """
        return around_action(state, event, lambda s, e: conflict_actions.apply_action(s, self, e))

    def refuses(self, state: Encounter, event: Event) -> tuple[str, str]:
        """A due fast poison's attack before anyone acts (SRD L5577); Steely Gaze's lock on
        the pair's maneuvers, blocks and moves (SRD L3565): see
        :func:`rules.systems.sotc.table_guard.refuses`."""
        return table_guard.refuses(state, event)

    def defense_rating(
        self, state: Encounter, p: Participant, skill: str, rating: int
    ) -> tuple[int, str]:
        """Mediocre while surprised by an ambush (SotC "Avoiding Surprise", SRD L1716), then
        the defensive stunts (:func:`rules.systems.sotc.stunts_always_on.stunt_defense`)."""
        rating, why = conflict_actions.defense_rating(state, p, rating)
        rating, more = stunt_defense(self, state, p, skill, rating)
        return rating, "; ".join(x for x in (why, more) if x)

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """Actions given up for first aid (SRD L5890); a lasting fire burns (SRD L5976)."""
        return conflict_actions.exchange_begins(state, self)

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """A heavy load: -1 a step past what ``p`` carries freely on its other physical rolls
        (SotC "Encumbrance", SRD L5776); no Weapons while disarmed (SRD L1450); and a stunt's
        bonus for the action under way (Slippery, Developed Immunities:
        :func:`rules.systems.sotc.stunts_fear_and_force.now_bonus`).

        Raises:
            RuleViolation: a Weapons roll while disarmed.
        """
        options = options_of(p)
        hazards.disarmed_check(options.disarmed, skill, p.name)
        value, why = hazards.encumbrance_modifier(options.encumbered, skill)
        more, note = now_bonus(p)
        return value + more, "; ".join(x for x in (why, note) if x)

    def spin_denied(self, state: Encounter, attacker: Participant, defender: Participant) -> str:
        """Cut Off (SRD L2361): the targets of the attacker's attacks and attack-like
        maneuvers generate no spin, however well they defend."""
        return f"{attacker.name}'s Cut Off" if has(attacker, "Cut Off") else ""

    def attack_modifiers(
        self, state: Encounter, attacker: Participant, defender: Participant, skill: str
    ) -> tuple[int, int, str]:
        """:func:`rules.systems.sotc.stunts_always_on.attack_stunts`."""
        return attack_stunts(self, state, attacker, defender, skill)

    def hit_shifts(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[int, str]:
        """The margin, one more on the lead car when the attacking car's Shotgun! gunman still
        shoots (SotC "Chase Scenes", Shotgun!, SRD L5521: "any time the lead car takes stress,
        it's increased by one")."""
        shifts = max(0, attack - defense)
        if not shifts or not shotgun_hit(attacker, defender):
            return shifts, ""
        margin = self.margin_text(shifts)
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
        return conflict_actions.kept_after_rest(p, period, back_to_back, kept)

    def time_chart(self) -> tuple[str, ...]:
        """SotC's time increments (SRD L5201), shortest first."""
        return conflict_actions.TIME_CHART

    def recover_after(
        self, p: Participant, elapsed: str, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """What ``p`` still holds after ``elapsed`` on the time chart (SRD L1394-L1416)."""
        return conflict_actions.recover_after(p, elapsed, back_to_back)

    # -- the cast (CastRules) ---------------------------------------------------------------------

    def _character(self, character: CharacterBase) -> tuple[SotcCharacter, DerivedStress]:
        if not isinstance(character, SotcCharacter):
            raise RuleViolation(
                f"{character.name or 'this character'} is a {character.system!r} character, "
                "not a Spirit of the Century one"
            )
        if self._derive is None:
            raise RuleViolation("these conflict rules cannot read characters (no derived values)")
        derived: DerivedStress = self._derive(character, self._campaign)
        return character, derived

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
        """A participant for a SotC ``character`` (see :func:`participant_from_character`).

        Raises:
            RuleViolation: ``character`` is not a SotC character.
        """
        sotc, derived = self._character(character)
        return participant_from_character(
            sotc, derived, pid=pid, kind=kind, side=side, seat=seat, grit=grit, zone=zone
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
        """A named NPC (see :func:`npc_participant`); ``tracks`` may size Health and Composure."""
        sizes = tracks or {}
        return npc_participant(
            pid=pid, name=name, skills=dict(skills), rules=self._campaign,
            fate_points=fate_points, aspects=aspects, health=sizes.get("health"),
            composure=sizes.get("composure"), grit=grit, side=side, seat=seat, zone=zone,
            stunts=stunts, armor=armor,
        )  # fmt: skip

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        """The campaign's base plus the Endurance / Resolve bands (SotC "Endurance", "Resolve")."""
        probe = Participant(id="probe", skills=dict(skills))
        base = self._campaign.stress_boxes
        return {
            "health": base + stress_bonus(probe.skill("Endurance", "physical")),
            "composure": base + stress_bonus(probe.skill("Resolve", "physical")),
        }

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        """``p`` with the character's condition now (see :func:`refresh_participant`)."""
        sotc, derived = self._character(character)
        return refresh_participant(p, sotc, derived)

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        """The character with the encounter's stress, consequences and fate points."""
        sotc, _ = self._character(character)
        return apply_results(sotc, p)


class DerivedStress(Protocol):
    """The derived values a participant needs (satisfied by ``SotcDerived``)."""

    @property
    def health_boxes(self) -> int:
        """Health track length."""

    @property
    def composure_boxes(self) -> int:
        """Composure track length."""

    @property
    def fate_points(self) -> int:
        """Current fate points."""

    @property
    def consequence_slots_physical(self) -> int:
        """Consequence slots in physical conflicts."""

    @property
    def consequence_slots_social(self) -> int:
        """Consequence slots in social and mental conflicts."""


def _count(stunts: tuple[str, ...], name: str) -> int:
    folded = name.casefold()
    return sum(1 for s in stunts if s.casefold().strip() == folded)


def initiative_of(
    skills: Mapping[str, int], stunts: tuple[str, ...] = ()
) -> tuple[dict[ConflictKind, int], dict[ConflictKind, int]]:
    """Initiative and tie edge by conflict kind for a SotC character with ``skills``/``stunts``.

    SotC "Establish Initiative" (SRD L1205): Alertness in physical conflicts, Empathy in social
    ones (mental: Empathy too, digest 13 #6). Ready for Anything (SRD L2353): +1 to Alertness
    for initiative per take, and it breaks ties. Lightning Hands (SRD L3441): Guns instead of
    Alertness (the better of the two is used; Ready for Anything raises Alertness only).
    Preemptive Grace (SRD L2933): Empathy +2 for initiative, and it breaks ties against those
    without it. Situational substitutions (Trespass Tempo while a job goes to plan, Psychic
    against otherworldly foes) are the GM's call at the table (``set_initiative``).

    Returns:
        ``(initiative, tie_edge)`` as :class:`rules.encounter.Participant` takes them.
    """
    probe = Participant(id="probe", skills=dict(skills))
    ready = _count(stunts, "Ready for Anything")
    physical = probe.skill("Alertness", "physical") + ready
    if _count(stunts, "Lightning Hands"):
        physical = max(physical, probe.skill("Guns", "physical"))
    grace = 1 if _count(stunts, "Preemptive Grace") else 0
    empathy = probe.skill("Empathy", "social") + 2 * grace
    initiative: dict[ConflictKind, int] = {
        "physical": physical, "social": empathy, "mental": empathy,
    }  # fmt: skip
    edge: dict[ConflictKind, int] = {"physical": 1 if ready else 0, "social": grace}
    return initiative, edge


def _fit(track: tuple[bool, ...], size: int) -> tuple[int, ...]:
    return (*(int(b) for b in track[:size]), *([0] * max(0, size - len(track))))


def brawler_bonus(stunts: tuple[str, ...]) -> int:
    """Brawler (SRD L3165): one additional stress on a successful hit when fighting two or more
    minions."""
    return 1 if _count(stunts, "Brawler") else 0


def gadget_armor(character: SotcCharacter) -> int:
    """Points of armor: the most "Armored" improvements on one gadget (judgment call: armor
    from two devices does not add up; docs/rules-notes.md)."""
    return max(
        (sum(1 for i in g.improvements if i.name.casefold().strip() == "armored")
         for g in character.gadgets),
        default=0,
    )  # fmt: skip


def participant_from_character(
    character: SotcCharacter,
    derived: DerivedStress,
    *,
    pid: str,
    kind: str = "pc",
    side: str = "",
    seat: int = 0,
    grit: int | None = None,
    zone: str | None = None,
) -> Participant:
    """A participant for ``character``, with its current stress, consequences and fate points.

    ``derived`` is ``SotcSystem.derive(character, rules)`` under the encounter's campaign rules
    (track sizes, extra consequence slots from Feel the Burn, Smooth Recovery, Still Standing).
    """
    cond = character.condition
    resolve = character.skill("Resolve")
    stunts = character.stunt_names()
    initiative, edge = initiative_of(character.skills, stunts)
    return Participant(
        id=pid,
        name=character.name or pid,
        kind="npc" if kind == "npc" else "pc",
        side=side,
        character_id=character.id,
        skills=dict(character.skills),
        initiative=initiative,
        tie_edge=edge,
        tiebreak=resolve,
        seat=seat,
        tracks={
            "health": _fit(cond.health, derived.health_boxes),
            "composure": _fit(cond.composure, derived.composure_boxes),
        },
        consequences=cond.consequences,
        fate_points=derived.fate_points,
        aspects=character.all_aspects(),
        grit=grit,
        zone=zone,
        extra_stress_vs_groups=brawler_bonus(stunts),
        options={
            **participant_options(
                stunts,
                gadget_armor(character),
                extra_physical=max(0, derived.consequence_slots_physical - 3),
                extra_social=max(0, derived.consequence_slots_social - 3),
            ),
            **treatment_options(character),
        },
    )


def npc_participant(
    *,
    pid: str,
    name: str,
    skills: dict[str, int],
    rules: SotcSettings,
    fate_points: int = 0,
    aspects: tuple[str, ...] = (),
    health: int | None = None,
    composure: int | None = None,
    grit: int | None = None,
    side: str = "",
    seat: int = 0,
    zone: str | None = None,
    stunts: tuple[str, ...] = (),
    armor: int = 0,
) -> Participant:
    """A named NPC written straight into an encounter (no character file).

    Track sizes default to the campaign's base plus the Endurance / Resolve bands (SotC
    "Endurance", "Resolve") and Thick Skinned's box; Feel the Burn, Smooth Recovery and Still
    Standing add consequence slots (:func:`rules.systems.sotc.stunts_table.npc_stunt_sizes`);
    initiative is Alertness / Empathy, ties by Resolve.
    """
    probe = Participant(id=pid, skills=skills)
    initiative, edge = initiative_of(skills, stunts)
    endurance = probe.skill("Endurance", "physical")
    resolve = probe.skill("Resolve", "physical")
    thick, physical, social = npc_stunt_sizes(stunts)  # SRD L3075, L3015, L4133, L4189
    h = health if health is not None else rules.stress_boxes + stress_bonus(endurance) + thick
    c = composure if composure is not None else rules.stress_boxes + stress_bonus(resolve)
    return Participant(
        id=pid, name=name or pid, kind="npc", side=side, skills=dict(skills),
        initiative=initiative, tie_edge=edge, tiebreak=resolve, seat=seat,
        extra_stress_vs_groups=brawler_bonus(stunts),
        tracks={"health": (0,) * h, "composure": (0,) * c}, fate_points=fate_points,
        aspects=aspects, grit=grit, zone=zone,
        options=participant_options(stunts, armor, extra_physical=physical, extra_social=social),
    )  # fmt: skip


def refresh_participant(
    p: Participant, character: SotcCharacter, derived: DerivedStress
) -> Participant:
    """``p`` with ``character``'s condition, fate points, skills and aspects as they are now.

    For a template started again later: where the scene put the participant (id, side, seat,
    zone, grit, attachment, hidden) stays, what the character has been through since comes
    from the character.
    """
    fresh = participant_from_character(
        character, derived, pid=p.id, kind=p.kind, side=p.side, seat=p.seat, grit=p.grit,
        zone=p.zone,
    )  # fmt: skip
    return fresh.model_copy(update={"attached_to": p.attached_to, "hidden": p.hidden})


def apply_results(character: SotcCharacter, participant: Participant) -> SotcCharacter:
    """``character`` with the stress, consequences and fate points it ends the encounter with,
    and its consequences' care, poison and first-aid marks (:mod:`.treatment_marks`)."""
    condition = character.condition.model_copy(
        update={
            "health": tuple(bool(b) for b in participant.track("health")),
            "composure": tuple(bool(b) for b in participant.track("composure")),
            "consequences": participant.consequences,
        }
    )
    after = character.model_copy(
        update={"condition": condition, "fate_points": participant.fate_points}
    )
    return with_marks_from(after, participant)


def recover_condition(
    cr: ConflictRules,
    condition: Condition,
    period: RecoveryPeriod,
    *,
    back_to_back: bool = False,
    stunts: tuple[str, ...] = (),
    marks: Mapping[str, OptionValue] | None = None,
) -> Condition:
    """A SotC character's condition after rest between scenes or sessions: stress clears and
    consequences recover as ``cr`` says (SotC "Removing Consequences"), sooner with the
    character's Bounce Back among ``stunts`` (SRD L3045: a severe one after a night) and the
    care its consequences had, and keeping a slow poison's until it is cured (``marks``: the
    participant options of :func:`.treatment_marks.treatment_options`).
    """
    kept = cr.recover(condition.consequences, period, back_to_back)
    if stunts or marks:
        options = {**participant_options(stunts), **(marks or {})}
        probe = Participant(id="probe", consequences=condition.consequences, options=options)
        kept = cr.kept_after_rest(probe, period, back_to_back, kept)
    return Condition(
        health=(False,) * len(condition.health),
        composure=(False,) * len(condition.composure),
        consequences=kept,
    )
