"""Rules layer: Strange Fate conflicts as :class:`rules.conflict_rules.ConflictRules`.

«Conflicts» and «The Opposition», digest sections 4 and 14-16:
dice across Power Tiers (L1153; the d6-d6 alternatives L1170-L1178 by the campaign's
``tier_dice``), static difficulties with a tier, Invulnerability and Weakness
shifts of a defence, three stress tracks where a hit of k checks box k *and every
box to its left* and rolls up past a checked box, Trifling, Middling and Grievous
consequences, minion groups with a stress threshold and a gang-up bonus of +1 per
minion beyond the first, and the adversaries' group consequences.

The core's consequence severities are SotC's words; here ``mild`` is Trifling, ``moderate``
Middling and ``severe`` Grievous (:data:`CORE_SEVERITY`), and the character keeps the book's.
The stress and consequence numbers are :mod:`.conflict_harm`'s, the cast :mod:`.conflict_cast`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rules.character import CharacterBase, ConflictKind, Consequence, Severity
from rules.conflict_rules import ActionSpec, ConflictHookDefaults, ConflictRules, TrackSpec
from rules.dice import DicePool, DiceTerm
from rules.encounter import (
    Encounter,
    OptionValue,
    Participant,
    RecoveryPeriod,
    SystemActionEvent,
    TrackName,
)
from rules.errors import RuleViolation
from rules.systems.strange_fate.book import StrangeFateBook
from rules.systems.strange_fate.catalog import Severity as TierShiftSeverity
from rules.systems.strange_fate.catalog import Tier
from rules.systems.strange_fate.conflict_actions import ACTIONS as MOVEMENT_ACTIONS
from rules.systems.strange_fate.conflict_actions import apply_movement, moved_this_exchange
from rules.systems.strange_fate.conflict_cast import (
    character_movement,
    character_options,
    character_participant,
    character_weapons,
    npc_character,
    npc_initiative,
    npc_track_sizes,
    own_character,
    refreshed,
    results_on_character,
)
from rules.systems.strange_fate.conflict_harm import (
    ABSORBS,
    BOOK_SEVERITY,
    CORE_SEVERITY,
    GROUP_CONSEQUENCES,
    LIGHTEST,
    MINION_GROUP,
    SHARERS,
    TRACK_OF,
    TRACKS,
    absorb,
    check_stress,
    group_consequences,
    stress_box,
    without_group,
)
from rules.systems.strange_fate.conflict_options import (
    ARMOR,
    ATTACK_TRAPPINGS,
    DEFENCE_TRAPPINGS,
    EXTRA_PHYSICAL,
    EXTRA_SOCIAL,
    FULL_ACTION,
    GROUP_MIDDLING,
    GROUP_TRIFLING,
    ROLE,
    TIER,
    defence_shift,
    int_option,
    nature_shifts,
    options_problem,
    skill_has_trapping,
    skill_tiers,
    weapon_points,
)
from rules.systems.strange_fate.settings import DEFAULT_SETTINGS, StrangeFateSettings
from rules.systems.strange_fate.tiers import (
    TierPool,
    opposed_pools,
    shifted_defence_tier,
    static_pool,
)

__all__ = [
    "ABSORBS", "ATTACK_TRAPPINGS", "BOOK_SEVERITY", "CORE_SEVERITY", "DEFENCE_TRAPPINGS",
    "GROUP_CONSEQUENCES", "MINION_GROUP",
    "TRACKS", "TRACK_OF", "StrangeFateConflictRules", "absorb", "character_movement",
    "character_options", "character_weapons", "check_stress", "group_consequences",
    "stress_box", "to_dice",
]  # fmt: skip


def to_dice(pool: TierPool) -> DicePool:
    """A :class:`rules.tiers.TierPool` as the core's dice pool (``3dF+1d6``, ``2dF-2d6``)."""
    terms: list[DiceTerm] = []
    if pool.fudge:
        terms.append(DiceTerm(count=pool.fudge, kind="fudge", sides=3))
    if pool.plus_d6:
        terms.append(DiceTerm(count=pool.plus_d6, kind="plain", sides=6))
    if pool.minus_d6:
        terms.append(DiceTerm(count=pool.minus_d6, kind="plain", sides=6, sign=-1))
    return DicePool(terms=tuple(terms), modifier=pool.modifier)


class StrangeFateConflictRules(ConflictHookDefaults):
    """Strange Fate's conflict rules under a campaign's settings (a :class:`ConflictRules`).

    Args:
        book: The system's rules data (to read characters: tracks, tiers, trappings).
        settings: The campaign settings (None: the book's).
    """

    def __init__(self, book: StrangeFateBook, settings: StrangeFateSettings | None = None) -> None:
        self._book = book
        self._settings = settings or DEFAULT_SETTINGS
        self._data: dict[str, Any] = self._settings.model_dump(mode="json")

    # -- settings ---------------------------------------------------------------------------------

    @property
    def settings(self) -> StrangeFateSettings:
        """The campaign settings in force."""
        return self._settings

    @property
    def settings_data(self) -> dict[str, Any]:
        """The settings as JSON (what ``Encounter.settings`` stores)."""
        return self._data

    def for_settings(self, data: Mapping[str, Any]) -> StrangeFateConflictRules:
        """These rules under the settings stored as ``data`` (empty: the book's).

        Raises:
            RuleViolation: settings Strange Fate does not have.
        """
        try:
            settings = StrangeFateSettings.model_validate(dict(data)) if data else DEFAULT_SETTINGS
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise RuleViolation(f"campaign settings: {where}: {first['msg']}") from None
        if settings == self._settings:
            return self
        return StrangeFateConflictRules(self._book, settings)

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        """Any change is fine: the settings change dice, never track sizes."""
        return None

    def settings_text(self) -> str:
        """``run with Fudge dice across tiers (one d6 per tier of difference)``."""
        words = {
            "fudge": "Fudge dice across tiers (one d6 per tier of difference)",
            "d6-extra": "d6-d6 across tiers (one more d6 per tier)",
            "d6-plus3": "d6-d6 across tiers (+3 per tier)",
        }
        return (
            f"run with {words[self._settings.tier_dice]}, "
            f"at most {self._settings.max_tier_difference} tiers of difference"
        )

    @property
    def rotating_initiative(self) -> bool:
        """Initiative by the Initiative trapping's skill, not rotating."""
        return False

    @property
    def uses_grit(self) -> bool:
        """No grit: NPCs concede as the book's concessions say."""
        return False

    @property
    def one_companion_each(self) -> bool:
        """Companions have no stress track of their own here."""
        return False

    # -- tracks and dice --------------------------------------------------------------------------

    @property
    def tracks(self) -> tuple[TrackSpec, ...]:
        """Health, Composure and Reputation."""
        return TRACKS

    def track_for(self, kind: ConflictKind) -> TrackName:
        """Physical -> Health, Mental -> Composure, Social -> Reputation."""
        return TRACK_OF[kind]

    @property
    def full_defense_bonus(self) -> int:
        """+2 to every defence until the next turn."""
        return 2

    @property
    def spin_margin(self) -> int:
        """Spin is 3 or more shifts."""
        return 3

    @property
    def invoke_bonus(self) -> int:
        """An invoke or tag adds +2 when it does not reroll."""
        return 2

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        """The roller's dice against an opponent ``attacker_tier - defender_tier`` tiers below
        : the higher side swaps one Fudge die for a d6 per tier (at most the campaign's
         ``max_tier_difference``), the lower side rolls the plain dice; the d6-d6 alternatives
         by ``tier_dice``."""
        mine, _ = opposed_pools(
            attacker_tier,
            defender_tier,
            self._settings.tier_dice,
            self._settings.max_tier_difference,
        )
        return to_dice(mine)

    def tier_of(self, p: Participant) -> int:
        """The tier of ``p``'s skills not named in its ``tiers`` option (its ``tier``; Mundane
        by default)."""
        return int_option(p.options, TIER)

    def skill_tier(
        self, p: Participant, skill: str, kind: ConflictKind, defense: bool = False
    ) -> int:
        """The tier of the skill in use (L1153: "compare the Tiers of the skills you're
        using"), a defence shifted by the broad Invulnerabilities and scene Weaknesses of the
        conflict's scope."""
        tier = skill_tiers(p.options).get(skill.strip().casefold(), self.tier_of(p))
        return tier + defence_shift(p.options, kind) if defense else tier

    def static_dice(self, roller_tier: int, difficulty_tier: int) -> DicePool:
        """Against a static difficulty with a tier: a higher difficulty turns one
        Fudge die per tier into a subtracted d6 (Good Burglary vs a Great (E) lock: 3dF-1d6)."""
        return to_dice(
            static_pool(
                roller_tier,
                difficulty_tier,
                self._settings.tier_dice,
                self._settings.max_tier_difference,
            )
        )

    def defence_tier(
        self,
        tier: Tier | int,
        invulnerable: tuple[TierShiftSeverity, ...] = (),
        weak: tuple[TierShiftSeverity, ...] = (),
    ) -> int:
        """A defence's tier against a category the defender is Invulnerable or Weak to: Minor
        +/-2, Major +/-4."""
        return shifted_defence_tier(tier, invulnerable, weak)

    def defense_tier_shift(
        self, attacker: Participant, skill: str, defender: Participant
    ) -> tuple[int, str]:
        """The defender's narrow Invulnerabilities and Weaknesses to what the attack is: each
        shifts "any defensive skill you might bring to bear against the specified attack" by
        2 (Minor) or 4 (Major) tiers; the attack is of a category when the
        attacker's ``natures`` say so or the skill's name holds it."""
        found = nature_shifts(attacker.options, skill, defender.options)
        if not found:
            return 0, ""
        words = ", ".join(
            f"{'Invulnerable' if tiers > 0 else 'Weak'} to {category} ({tiers:+d} tiers)"
            for category, tiers in found
        )
        return sum(tiers for _c, tiers in found), f"{defender.name} is {words} on this defence"

    def pass_block_result(
        self, breaker_tier: int, block_tier: int, effort: int, strength: int
    ) -> tuple[bool, bool, str]:
        """Meeting the block's strength gets past it; the breaker's dice stood against
        it as a difficulty at the blocker's tier. The attempt takes a Full Action from
        a breaker of the block's tier or lower, An Action from one a tier higher, a Free Action
        (the turn's action kept) from one two or more higher."""
        above = breaker_tier - block_tier
        time = "a Free Action" if above >= 2 else "An Action" if above == 1 else "a Full Action"
        return effort >= strength, above < 2, f"{time} at its tier"

    def pass_block_full_action(self, breaker_tier: int, block_tier: int) -> bool:
        """A breaker of the block's tier or lower spends a Full Action, so
        nothing free goes with it."""
        return breaker_tier <= block_tier

    def mark_full_action(self, state: Encounter, p: Participant) -> Participant:
        """The exchange of ``p``'s Full Action attempt at a block (``full_action_exchange``),
        which refuses a free Move or Leap and the Hide sneak after it (:mod:`.conflict_actions`)."""
        return p.model_copy(update={"options": {**p.options, FULL_ACTION: state.exchange}})

    def persistent_block_bonus(self, rounds: int) -> int:
        """A persistent block (a wall of stone): +1 a round to get past it, cumulative (L4354;
        none in its own exchange)."""
        return max(0, rounds)

    def full_action_problem(self, state: Encounter, p: Participant) -> str | None:
        """Not even a Free Action goes with a Full Action: none after a free or
        supplemental move this exchange (the other order: :mod:`.conflict_actions`)."""
        taken = moved_this_exchange(state, p)
        if taken is None:
            return None
        return (
            f"{p.name} has taken {taken} this exchange, and a Full Action is the whole round "
            "with not even a Free Action beside it"
        )

    def actions(self) -> tuple[ActionSpec, ...]:
        """The movement Tier Benefits (:mod:`.conflict_actions`): a free Move or Leap, a
        hidden character's unseen move."""
        return MOVEMENT_ACTIONS

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """See :func:`rules.systems.strange_fate.conflict_actions.apply_movement`.

        Raises:
            RuleViolation: the rules do not allow it now.
        """
        return apply_movement(state, self, event)

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """The signed sum of the faces (a subtracted d6 counts against the roll)."""
        return pool.dice_total(faces) + pool.modifier

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        """See :func:`stress_box`."""
        return stress_box(track, amount)

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """Box ``amount`` on ``p``'s track, rolled up past the checked boxes."""
        return stress_box(p.track(track), amount)

    def stress_marks(self, track: tuple[int, ...], box: int, level: int) -> tuple[int, ...]:
        """Box ``box`` and every box to its left are checked («Stress»)."""
        return tuple(level if i <= box else v for i, v in enumerate(track))

    def stress_armor(self, p: Participant, track: TrackName) -> int:
        """Armor N takes N off each hit on its track."""
        return int_option(p.options, ARMOR[track]) if track in ARMOR else 0

    def severity_word(self, severity: Severity) -> str:
        """Trifling, Middling, Grievous; an extra slot is a Trifling one."""
        return BOOK_SEVERITY[severity].title()

    def consequence_absorbs(self, severity: Severity) -> int | None:
        """Trifling 2, Middling 4, Grievous 6; they stack on one hit, the rest
        marks the track."""
        return ABSORBS[BOOK_SEVERITY[severity]]

    def weapon_stress(self, p: Participant, skill: str, track: TrackName, shifts: int) -> int:
        """Weapon N adds N stress to a hit with its skill on its track, never more than the
        shifts (the stress stays at most twice them)."""
        return min(shifts, weapon_points(p.options, skill, track))

    def group_stress(self, g: Participant, track: TrackName, shifts: int) -> tuple[int, int]:
        """Minions have a stress threshold: a hit takes out one minion per full
        threshold, the remainder is ignored; only stress beyond the whole group overflows."""
        free = sum(1 for b in g.track(track) if not b)
        if shifts >= free:
            return free, shifts - free
        per = max(1, g.per_minion)
        return shifts // per * per, 0

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        """A box is checked, whatever the hit."""
        return 1

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        """See :mod:`rules.systems.strange_fate.conflict_options`."""
        return options_problem(options)

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        """None: the book checks the boxes to the left anyway."""
        return ()

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """Trifling, extra Trifling slots (Tier Benefits, Essential gear, in the conflict's
        scope), Middling, Grievous; minions have none.

        An adversary has no personal slots: the group consequences it may draw on, its own
        Tier Benefit slots added to them; a villain has its personal
        slots and then the group's."""
        if p.is_group:
            return ()
        key = EXTRA_PHYSICAL if kind == "physical" else EXTRA_SOCIAL
        extras: list[Severity] = ["mild"] * int_option(p.options, key)
        trifling: list[Severity] = ["mild"] * int_option(p.options, GROUP_TRIFLING)
        middling: list[Severity] = ["moderate"] * int_option(p.options, GROUP_MIDDLING)
        group = trifling + middling
        role = p.options.get(ROLE, "pc")
        if role == "adversary":
            return tuple(sorted([*extras, *group], key=LIGHTEST.index))
        personal: tuple[Severity, ...] = ("mild", *extras, "moderate", "severe")
        return (*personal, *group) if role == "villain" else personal

    def shared_slots(self, state: Encounter, p: Participant) -> Participant:
        """An adversary or villain drawing on its side's group consequences:
        the pool is the largest ``group_trifling`` / ``group_middling`` any adversary or
        villain of the side names, plus every adversary's Tier Benefit Trifling slots of the
        conflict's scope (they "become another group consequence"), less what the side's
        other adversaries and villains hold or spent of it this scene (a villain's own slots
        first); anyone else keeps its own slots."""
        if p.is_group or p.options.get(ROLE) not in SHARERS:
            return p
        sharers = [
            q
            for q in state.participants
            if q.side == p.side and not q.is_group and q.options.get(ROLE) in SHARERS
        ]
        extra = EXTRA_PHYSICAL if state.kind == "physical" else EXTRA_SOCIAL
        trifling = max(int_option(q.options, GROUP_TRIFLING) for q in sharers) + sum(
            int_option(q.options, extra) for q in sharers if q.options.get(ROLE) == "adversary"
        )
        middling = max(int_option(q.options, GROUP_MIDDLING) for q in sharers)
        for q in sharers:
            if q.id != p.id:
                used = self._group_used(q, state.kind)
                trifling -= used.count("mild")
                middling -= used.count("moderate")
        options = {**p.options, GROUP_TRIFLING: max(0, trifling), GROUP_MIDDLING: max(0, middling)}
        if p.options.get(ROLE) == "adversary":  # its own extras are in the pool already
            options.pop(extra, None)
        return p.model_copy(update={"options": options})

    def _group_used(self, q: Participant, kind: ConflictKind) -> list[Severity]:
        """The group consequences ``q`` holds or spent this scene: an adversary's all, a
        villain's beyond its personal slots."""
        personal = (
            list(self.consequence_slots(without_group(q), kind))
            if q.options.get(ROLE) == "villain"
            else []
        )
        used: list[Severity] = []
        for severity in [c.severity for c in q.consequences] + list(q.spent_slots):
            key: Severity = "mild" if severity == "extra" else severity
            if key in personal:
                personal.remove(key)
            else:
                used.append(key)
        return used

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        """The lightest free slot (held consequences and those removed this scene fill slots)."""
        slots = self.free_consequences(p, kind)
        return slots[0] if slots else None

    def free_consequences(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """Every free slot, lightest first: the victim picks which to take (digest 14.5: one or
        more free slots absorb a hit)."""
        slots = list(self.consequence_slots(p, kind))
        for severity in [c.severity for c in p.consequences] + list(p.spent_slots):
            key = "mild" if severity == "extra" else severity
            if key in slots:
                slots.remove(key)
        return tuple(slots)

    def group_bonus(self, size: int) -> int:
        """+1 per minion beyond the first."""
        return max(0, size - 1)

    def minion_boxes(self, quality: int) -> int:
        """The stress threshold: Average 1, Fair 2, Good 3; stress on a group
        takes out one minion per full threshold."""
        return max(1, quality)

    def companion_boxes(self, quality: int) -> int:
        """Companions take no stress of their own in conflicts (none printed)."""
        return 0

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """A breather or more clears Trifling consequences; Middling needs a downtime
        roll against Great (+4) and Grievous lasts the story, so they stay for the
        GM to remove."""
        return tuple(c for c in consequences if c.severity not in ("mild", "extra"))

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        """Shifts beyond the largest hit the track could still take."""
        room = len(track) if stress_box(track, len(track)) is not None else 0
        return max(0, shifts - room)

    # -- the cast (:mod:`.conflict_cast`) ------------------------------------------------------

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
        """A participant with the character's tracks (derived sizes), held stress and
        consequences, Fate Points, aspects and skills
        (:func:`~rules.systems.strange_fate.conflict_cast.character_participant`).

        Raises:
            RuleViolation: not a Strange Fate character.
        """
        return character_participant(
            self._book, self._settings, own_character(character),
            pid=pid, kind=kind, side=side, seat=seat, grit=grit, zone=zone,
        )  # fmt: skip

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
        """A named NPC written into an encounter, derived from its skills like a PC ("Creating
        Adversaries": built more or less like PCs): its initiative from its Initiative [scope]
        skills and three boxes per track plus its Stress Capacity skills' (L500,
        L2504) unless ``tracks`` says otherwise; ``armor`` is Armor on Health.
        Its tiers, role and the rest come as the cast entry's ``options``
        (:mod:`.conflict_options`)."""
        hero = npc_character(name or pid, skills)
        sizes = {**npc_track_sizes(self._book, self._settings, hero), **(tracks or {})}
        options: dict[str, OptionValue] = {ARMOR["health"]: min(10, armor)} if armor else {}
        return Participant(
            id=pid, name=name or pid, kind="npc", side=side, skills=dict(skills), seat=seat,
            initiative=npc_initiative(self._book, hero),
            tracks={k: (0,) * v for k, v in sizes.items()}, fate_points=fate_points,
            aspects=aspects, grit=grit, zone=zone, options=options,
        )  # fmt: skip

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        """Three boxes on each track plus what its Stress Capacity skills add."""
        return npc_track_sizes(self._book, self._settings, npc_character("", skills))

    def skills_with(self, p: Participant, trappings: tuple[str, ...]) -> tuple[str, ...]:
        """``p``'s skills with one of ``trappings`` (a Common skill's by the book, a Unique or
        Strange skill's by its ``trappings`` option), in its order, then the book's Common
        skills with one (which it rolls at Mediocre): the attack or defence skills a turn
        offers first (:data:`ATTACK_TRAPPINGS`, :data:`DEFENCE_TRAPPINGS`)."""
        own = [
            name
            for name in p.skills
            if self._has_trapping(name, trappings) or skill_has_trapping(p.options, name, trappings)
        ]
        book = [
            s.name
            for s in self._book.catalog.common_skills
            if s.name not in own and self._has_trapping(s.name, trappings)
        ]
        return (*own, *book)

    def _has_trapping(self, skill: str, trappings: tuple[str, ...]) -> bool:
        common = self._book.common_skill(skill)
        return common is not None and any(t.trapping in trappings for t in common.trappings)

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        """``p`` with the character's harm and Fate Points now; placement, and what only the
        cast gave it, stay (:func:`~rules.systems.strange_fate.conflict_cast.refreshed`)."""
        fresh = self.participant_from_character(
            character, pid=p.id, kind=p.kind, side=p.side, seat=p.seat, grit=p.grit, zone=p.zone
        )
        return refreshed(p, fresh)

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        """The character with the stress boxes, consequences (in the book's words, with the
        scope of the conflict) and Fate Points it ends the encounter with."""
        hero = own_character(character)
        personal = (
            self.consequence_slots(without_group(p), "physical")
            if p.options.get(ROLE) != "adversary"
            else ()
        )
        return results_on_character(hero, p, personal)
