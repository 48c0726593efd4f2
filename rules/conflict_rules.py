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

from rules.character import CharacterBase, ConflictKind, Consequence, Severity

# The values the hooks exchange live in rules.conflict_types; re-exported here for callers.
from rules.conflict_types import SHARED_ACTIONS as SHARED_ACTIONS
from rules.conflict_types import ActionParam as ActionParam
from rules.conflict_types import ActionSpec as ActionSpec
from rules.conflict_types import RollReading as RollReading
from rules.conflict_types import TrackSpec as TrackSpec
from rules.dice import DicePool
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
from rules.settings import SystemSettings


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
    def has_consequences(self) -> bool:
        """Whether the system's characters take consequences at all (the window shows their
        column only then)."""

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

    def defense_tier_shift(
        self, attacker: Participant, skill: str, defender: Participant
    ) -> tuple[int, str]:
        """Tiers added to ``defender``'s defence against ``attacker``'s ``skill`` (an
        Invulnerability or a Weakness to what the attack is), and why, for the log ("" when
        none)."""

    def pass_block_result(
        self, breaker_tier: int, block_tier: int, effort: int, strength: int
    ) -> tuple[bool, bool, str]:
        """Whether an ``effort`` at ``breaker_tier`` gets past a block of ``strength`` standing
        at ``block_tier``, whether the attempt takes the breaker's action, and a note for the
        log ("" for none)."""

    def persistent_block_bonus(self, rounds: int) -> int | None:
        """The bonus on an attempt to get past a persistent block ``rounds`` exchanges after it
        was raised; None when the system has no persistent blocks (one is refused)."""

    def pass_block_full_action(self, breaker_tier: int, block_tier: int) -> bool:
        """Whether an attempt at ``breaker_tier`` to get past a block at ``block_tier`` is a
        Full Action (checked with :meth:`full_action_problem`, then recorded with
        :meth:`mark_full_action`)."""

    def mark_full_action(self, state: Encounter, p: Participant) -> Participant:
        """``p`` as the system records that it took a Full Action the state does not show by
        itself (an attempt to get past a block), so that its later free actions this exchange
        can be refused."""

    def full_action_problem(self, state: Encounter, p: Participant) -> str | None:
        """Why ``p`` cannot take a Full Action (full defense, a block) now: a system where a
        Full Action is the whole turn refuses one after a free or supplemental action this
        exchange (a GM override allows it); None when it may."""

    def shared_slots(self, state: Encounter, p: Participant) -> Participant:
        """``p`` as its consequence slots count in ``state``: a system whose participants
        share a pool of consequences (Strange Fate's adversaries) folds what the others have
        taken of it into ``p``; the engine asks the slot hooks about what this returns."""

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """A standing modifier on every roll ``p`` makes with ``skill`` (a wound penalty, say)
        and its note for the log; ``(0, "")`` when there is none."""

    def margin_text(self, margin: int) -> str:
        """A margin of success in the system's words, for the log (``3 shifts``)."""

    def hit_text(self, amount: int) -> str:
        """A hit of ``amount`` in the system's words, for the log (``a 3-point hit``)."""

    def exchange_text(self, number: int) -> str:
        """Exchange ``number`` in the system's words, for the log (``Exchange 2``)."""

    @property
    def exchange_word(self) -> str:
        """What one exchange is called, lower case, for buttons and menus (``exchange``)."""

    def severity_word(self, severity: Severity) -> str:
        """A consequence's severity in the book's words (Strange Fate's ``Trifling`` for the
        core's ``mild``), for the log, the table and the sheets."""

    @property
    def points_label(self) -> str:
        """The short heading of what ``Participant.fate_points`` holds (``FP``)."""

    @property
    def grants_points(self) -> bool:
        """Whether the GM hands out the points ``Participant.fate_points`` holds (a FATE
        compel's fate point); False: the window offers no command to grant them."""

    @property
    def cast_words(self) -> tuple[str, str]:
        """What the window calls a GM character written into the scene and a group of them
        (``("named NPC", "minion group")``), lower case."""

    @property
    def command_words(self) -> Mapping[str, tuple[str, str]]:
        """The window's commands the system names in its own words: command name
        (:data:`gui.shortcuts.SHORTCUTS`) to (menu text without key mark or ellipsis, Help
        text); empty: the window's words."""

    def result_words(
        self, action: str, effort: int, opposition: int | None, shifts: int
    ) -> str | None:
        """The last roll's result for the dice panel and the player view, after the efforts
        (``effort``: the actor's; ``opposition``: what it faced, None for a roll without a
        verdict); None: the window's own words (:meth:`hit_text` for a hit, else
        :meth:`margin_text` of ``shifts``)."""

    @property
    def zone_words(self) -> tuple[str, str] | None:
        """The heading of a scene's places and the noun for one (``("Zones and borders",
        "zone")``); None when the system places no one (the scene panel hides them)."""

    @property
    def zone_borders(self) -> bool:
        """Whether the scene's places have borders between them that a move crosses (False:
        the window offers no border command, e.g. places in a row whose order is the
        distance)."""

    @property
    def difficulty_on_ladder(self) -> bool:
        """Whether a difficulty is chosen, and a result shown, by its name on the system's
        ladder (the dice panel shows the adjectives, from the bottom rung to the top) rather
        than as a number."""

    @property
    def shared_actions(self) -> frozenset[str]:
        """Which of the shared actions (:data:`SHARED_ACTIONS`) the system's book has; the
        encounter's dice panel shows the controls of these only."""

    def initiative_text(self, value: int) -> str:
        """A stored initiative in the system's words, for the log and the turn order (``+3``)."""

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """What the dice ``faces`` of ``pool`` add to a roll's effort."""

    def read_roll(
        self,
        p: Participant,
        skill: str,
        *,
        rating: int,
        faces: tuple[int, ...],
        resolved: int,
        bonus: int,
        reading: str | None = None,
        difficulty: int | None = None,
    ) -> RollReading:
        """How ``p``'s roll with ``skill`` reads: ``rating`` (``p``'s rating), the ``faces``
        (``resolved``: what :meth:`resolve` makes of them), ``bonus`` (every modifier) and a
        ``reading`` the user entered, if any (a column read off a printed table); a simple
        action's ``difficulty`` (None for a roll in a contest)."""

    def roll_verdict(self, effort: int, difficulty: int) -> str:
        """A simple action's outcome against ``difficulty`` for the log ("vs +2: failure")."""

    def hit_shifts(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[int, str]:
        """The hit an attack of effort ``attack`` against ``defense`` deals (0: none) and a
        note for the log ("" when there is nothing to add)."""

    @property
    def odds_from_dice(self) -> bool:
        """Whether the dice and the ratings alone give a roll's odds (False for a system that
        reads rolls off a table of its own: the engine then offers no odds)."""

    def sits_out(self, state: Encounter, p: Participant) -> str:
        """Why ``p`` sits out the exchange ``state`` begins (when the conflict starts and at
        each new exchange: a turn lost, a round only some act in), or "" when it acts."""

    def track_text(self, p: Participant, track: TrackName) -> str | None:
        """``p``'s track in the system's words for the turn-order table (boxes labelled by
        their levels), or None for the plain boxes."""

    def shrugs_off(self, p: Participant, track: TrackName, amount: int) -> bool:
        """Whether a hit of ``amount`` on ``p``'s track does nothing at all (a system where a
        hit below every free box is ignored)."""

    def extra_boxes(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, int], ...]:
        """Further boxes a hit of ``amount`` checks on ``p``'s track besides the box
        :meth:`stress_box_for` names, as (0-based box, value it comes to hold): a system where
        one hit may check several boxes."""

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

    def actions(self) -> tuple[ActionSpec, ...]:
        """The actions this system adds to the shared ones (hazards, first aid...)."""

    def action_applies(self, state: Encounter, action: str) -> bool:
        """Whether the system action named ``action`` (one of :meth:`actions`) can be taken in
        ``state`` under these rules at all (the Rules menu and the offers show only these; e.g.
        an action of one mode of play in the other); True for any other."""

    def action_rolls(self, event: SystemActionEvent) -> int:
        """How many rolls ``event`` makes, each ``dice_for()`` (the engine draws missing dice
        for that many; ``event``'s parameters are checked, defaults filled in)."""

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """Apply one of :meth:`actions` with the engine's steps (:mod:`rules.conflict.steps`);
        returns the new state and the log line.

        Raises:
            RuleViolation: the action is unknown, or the rules do not allow it now.
        """

    def defense_rating(
        self, state: Encounter, p: Participant, skill: str, rating: int
    ) -> tuple[int, str]:
        """The rating ``p`` defends with when its ``skill`` is ``rating`` (surprise lowers it),
        and a note for the log ("" when unchanged)."""

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """What the system does as a new exchange begins (actions forfeited...), with notes
        for the log."""

    def after_check(
        self, state: Encounter, before: Participant, after: Participant, track: TrackName
    ) -> tuple[Participant, str]:
        """``after`` (``before`` with a hit's boxes of ``track`` just checked) as the system
        leaves it (a lost turn, a defeat...), and a note for the log ("" for none)."""

    def refuses(self, state: Encounter, event: Event) -> tuple[str, str]:
        """Why the system's rules forbid ``event`` now, beyond the action economy (a hazard
        that must be rolled first, a stunt that locks who may act), and whose GM override lets
        it pass; ``("", "")`` when they allow it."""

    def spin_denied(self, state: Encounter, attacker: Participant, defender: Participant) -> str:
        """Why ``defender``'s defense against ``attacker``'s attack or maneuver earns no spin
        however well it rolls (a stunt of the attacker's), for the log; "" when it may."""

    def attack_modifiers(
        self, state: Encounter, attacker: Participant, defender: Participant, skill: str
    ) -> tuple[int, int, str]:
        """What ``attacker``'s attack with ``skill`` on ``defender`` adds to the attack roll
        and to the defense roll (a stunt of either side's), and a note for the log ("" and
        zeros when nothing).

        Raises:
            RuleViolation: the system's rules forbid this attack now (e.g. out of ammunition).
        """

    def kept_after_rest(
        self,
        p: Participant,
        period: RecoveryPeriod,
        back_to_back: bool,
        kept: tuple[Consequence, ...],
    ) -> tuple[Consequence, ...]:
        """Of ``kept`` (what :meth:`recover` leaves), what ``p`` still holds after ``period``
        given what only the system tracks (medical care that shortened a recovery)."""

    def time_chart(self) -> tuple[str, ...]:
        """The steps of in-game time the system measures recovery in, shortest first (empty:
        only the periods of :meth:`recover`)."""

    def recover_after(
        self, p: Participant, elapsed: str, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """The consequences ``p`` still holds after ``elapsed`` (a step of :meth:`time_chart`).

        Raises:
            RuleViolation: ``elapsed`` is not a step of the chart.
        """


class ConflictHookDefaults:
    """The answers of :class:`ConflictRules` hooks most systems leave alone; a system's rules
    class inherits this and overrides what its book changes."""

    @property
    def has_consequences(self) -> bool:
        """Consequences are taken, as in every FATE book with them."""
        return True

    def tier_of(self, p: Participant) -> int:
        """No power tiers: every participant is at tier 0."""
        return 0

    def roll_modifier(self, p: Participant, skill: str) -> tuple[int, str]:
        """No standing modifiers."""
        return 0, ""

    def margin_text(self, margin: int) -> str:
        """Shifts: ``1 shift``, ``3 shifts``."""
        return f"{margin} shift{'s' if margin != 1 else ''}"

    def hit_text(self, amount: int) -> str:
        """``a 3-point hit``."""
        return f"a {amount}-point hit"

    def exchange_text(self, number: int) -> str:
        """``Exchange 2``."""
        return f"Exchange {number}"

    @property
    def exchange_word(self) -> str:
        """``exchange``."""
        return "exchange"

    def severity_word(self, severity: Severity) -> str:
        """The core's own word (SotC's ``mild``, ``moderate``, ``severe``)."""
        return severity

    @property
    def points_label(self) -> str:
        """``FP``: fate points."""
        return "FP"

    @property
    def grants_points(self) -> bool:
        """Yes: compels and awards give fate points."""
        return True

    @property
    def cast_words(self) -> tuple[str, str]:
        """Named NPCs and minion groups (SotC "Minions")."""
        return ("named NPC", "minion group")

    @property
    def command_words(self) -> Mapping[str, tuple[str, str]]:
        """None: the window's (FATE) words."""
        return {}

    def result_words(
        self, action: str, effort: int, opposition: int | None, shifts: int
    ) -> str | None:
        """None: the margin in shifts, or the hit."""
        return None

    @property
    def zone_words(self) -> tuple[str, str] | None:
        """Zones with borders between them (the FATE books' zones)."""
        return ("Zones and borders", "zone")

    @property
    def zone_borders(self) -> bool:
        """Yes: zones are joined by borders (SotC "Zones and Borders")."""
        return True

    @property
    def difficulty_on_ladder(self) -> bool:
        """No: a number (the FATE ladder's numbers are what the table says aloud)."""
        return False

    @property
    def shared_actions(self) -> frozenset[str]:
        """All of them (every FATE book attacks, maneuvers, blocks, rolls and invokes)."""
        return frozenset(SHARED_ACTIONS)

    def initiative_text(self, value: int) -> str:
        """The number on the ladder's scale: ``+3``."""
        return f"{value:+d}"

    def read_roll(
        self,
        p: Participant,
        skill: str,
        *,
        rating: int,
        faces: tuple[int, ...],
        resolved: int,
        bonus: int,
        reading: str | None = None,
        difficulty: int | None = None,
    ) -> RollReading:
        """Effort = rating + what the dice add + bonus; an entered reading is not used."""
        return RollReading(effort=rating + resolved + bonus)

    def roll_verdict(self, effort: int, difficulty: int) -> str:
        """``vs +2: success, 1 shift`` or ``vs +2: failure``."""
        if effort < difficulty:
            return f"vs {difficulty:+d}: failure"
        shifts = effort - difficulty
        return f"vs {difficulty:+d}: success, {shifts} shift{'s' if shifts != 1 else ''}"

    def hit_shifts(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[int, str]:
        """The margin of the attack over the defense (none below 0)."""
        return max(0, attack - defense), ""

    @property
    def odds_from_dice(self) -> bool:
        """The dice give the odds."""
        return True

    def sits_out(self, state: Encounter, p: Participant) -> str:
        """Everyone acts every exchange."""
        return ""

    def track_text(self, p: Participant, track: TrackName) -> str | None:
        """The plain boxes."""
        return None

    def shrugs_off(self, p: Participant, track: TrackName, amount: int) -> bool:
        """Every hit counts."""
        return False

    def extra_boxes(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, int], ...]:
        """One box a hit."""
        return ()

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

    def shared_slots(self, state: Encounter, p: Participant) -> Participant:
        """``p`` itself: every participant's slots are its own."""
        return p

    def defense_tier_shift(
        self, attacker: Participant, skill: str, defender: Participant
    ) -> tuple[int, str]:
        """No shift: a defence's tier is its skill's."""
        return 0, ""

    def pass_block_result(
        self, breaker_tier: int, block_tier: int, effort: int, strength: int
    ) -> tuple[bool, bool, str]:
        """One shift gets past (SotC "Block Actions"); the attempt always takes the action."""
        return effort - strength >= 1, True, ""

    def full_action_problem(self, state: Encounter, p: Participant) -> str | None:
        """None: full defense and a block are the exchange's action like any other."""
        return None

    def persistent_block_bonus(self, rounds: int) -> int | None:
        """None: a block lasts the exchange it is made in, no longer."""
        return None

    def pass_block_full_action(self, breaker_tier: int, block_tier: int) -> bool:
        """False: getting past a block is the exchange's action like any other."""
        return False

    def mark_full_action(self, state: Encounter, p: Participant) -> Participant:
        """``p`` unchanged: nothing is refused after a Full Action."""
        return p

    def actions(self) -> tuple[ActionSpec, ...]:
        """No actions beyond the shared ones."""
        return ()

    def action_applies(self, state: Encounter, action: str) -> bool:
        """Always: every action the system has applies whatever the state."""
        return True

    def action_rolls(self, event: SystemActionEvent) -> int:
        """No rolls (there are no system actions)."""
        return 0

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """Refuse: the system has no actions of its own.

        Raises:
            RuleViolation: always.
        """
        raise RuleViolation(f"this game system has no action {event.action!r}")

    def defense_rating(
        self, state: Encounter, p: Participant, skill: str, rating: int
    ) -> tuple[int, str]:
        """Defenses use the skill's rating."""
        return rating, ""

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """Nothing happens as an exchange begins."""
        return state, ()

    def after_check(
        self, state: Encounter, before: Participant, after: Participant, track: TrackName
    ) -> tuple[Participant, str]:
        """Checked boxes change nothing else."""
        return after, ""

    def refuses(self, state: Encounter, event: Event) -> tuple[str, str]:
        """Nothing beyond the action economy."""
        return "", ""

    def spin_denied(self, state: Encounter, attacker: Participant, defender: Participant) -> str:
        """A defense that wins by the margin always earns spin."""
        return ""

    def attack_modifiers(
        self, state: Encounter, attacker: Participant, defender: Participant, skill: str
    ) -> tuple[int, int, str]:
        """Nothing changes an attack beyond its own event."""
        return 0, 0, ""

    def kept_after_rest(
        self,
        p: Participant,
        period: RecoveryPeriod,
        back_to_back: bool,
        kept: tuple[Consequence, ...],
    ) -> tuple[Consequence, ...]:
        """Recovery is what :meth:`ConflictRules.recover` says."""
        return kept

    def time_chart(self) -> tuple[str, ...]:
        """No time chart: recovery goes by the periods of ``recover``."""
        return ()

    def recover_after(
        self, p: Participant, elapsed: str, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """Refuse: the system measures recovery only in periods.

        Raises:
            RuleViolation: always.
        """
        raise RuleViolation("this game system measures recovery in periods, not in elapsed time")


class NoConsequences:
    """The consequence hooks of a system whose characters take none (their harm is all on
    tracks: FATE 2.0's wounds, the ART Engine's Health boxes); put it before
    :class:`ConflictHookDefaults` among a rules class's bases."""

    @property
    def has_consequences(self) -> bool:
        """No consequences: the window shows no column for them."""
        return False

    def consequence_slots(self, p: Participant, kind: ConflictKind) -> tuple[Severity, ...]:
        """No slots."""
        return ()

    def next_consequence(self, p: Participant, kind: ConflictKind) -> Severity | None:
        """None: what no box takes takes the character out (or is lost)."""
        return None

    def fill_lower_choices(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, ...], ...]:
        """None: the system says which box a hit marks."""
        return ()
