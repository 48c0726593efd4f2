"""Rules layer: ART Engine combat rounds as :class:`rules.conflict_rules.ConflictRules`.

A roll is d100 read on the Action Results Table the user loaded (row = the trait total,
:mod:`rules.systems.art.rolls`), or, with no table loaded, on the column the user read off a
printed table and entered; until then the roll is logged as needing its column. Its effort is
the column (Catastrophic 0 .. Awesome 9); a difficulty or a foe's rating is a column too. Foes
never roll: their rating is their effort (ART Engine, Chapter 3 "Opposed Rolls").

Attacks (ART Engine, Chapter 5 "Foe Attacking Player", "Player Attacking Foe", "Player
Attacking Player"; Chapter 3 "Taking Damage", "Inflicting Damage"): a foe's Attack against an
adventurer's Defense roll deals the failures (plus the foe's damage rating) read on the Player
Damage table; an adventurer's Attack roll against a foe's Defense deals the column rolled (a hit
needs the Defense, digest A6); against another adventurer, the defender's failures. The damage is
recorded on the Health boxes as "Recording Damage" gives it (:func:`record_damage`): the
matching box, else the highest free box not above it, a hit over the highest free box checking
one more box per column over; a hit below every free box is shrugged off.

Initiative: an adventurer's ``Initiative`` roll (Alertness, no difficulty) fixes its place
before the start; foes use their Alertness rating; at a tie the adventurer goes first; with
Super or better initiative in the scene, round 1 is the bonus round, and Pathetic or
Catastrophic initiative sits out the first regular round. An adventurer who has not rolled has
no initiative (shown as "not rolled"), distinct from a Catastrophic roll
(:func:`conflict_cast.initiative_place`).

Exploration phases (``ArtSettings.exploration``; Chapter 4 "How Long Did It Take?", "Phase
Track"): each exchange is a turn of the marker; a roll against a difficulty moves the roller's
token one square per phase it took, and the tokens ahead of the marker sit out. A phase's size
is the scene's scale (``ArtSettings.phase_scale``), raised for one character by its failed
attempts; a time limit announced before a roll aborts a task that would take longer
(:mod:`rules.systems.art.conflict_time`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rules.character import CharacterBase, ConflictKind, Consequence
from rules.conflict_rules import (
    ActionSpec,
    ConflictHookDefaults,
    ConflictRules,
    NoConsequences,
    RollReading,
    TrackSpec,
)
from rules.dice import DicePool, parse_dice
from rules.encounter import (
    Encounter,
    OptionValue,
    Participant,
    RecoveryPeriod,
    SystemActionEvent,
    TrackName,
)
from rules.errors import RuleViolation
from rules.names import find_name
from rules.settings import settings_words
from rules.systems.art import conflict_cast as cast
from rules.systems.art import conflict_fame as fame
from rules.systems.art import conflict_move as moving
from rules.systems.art import conflict_time as timing
from rules.systems.art.catalog import ATTRIBUTE_NAMES, ArtCatalog
from rules.systems.art.conflict_order import (
    BONUS_ROUND_FROM,
    LOSES_FIRST_TURN_BELOW,
    PHASE_SQUARES,
    phases_taken,
)
from rules.systems.art.damage import DamageRecord, defense_damage, record_damage
from rules.systems.art.rolls import PercentileRoll, TraitRoll, read_roll
from rules.systems.art.scale import Result, degree, describe_degree
from rules.systems.art.settings import ArtSettings
from rules.systems.art.table import ActionResultsTable

HEALTH = TrackSpec(
    key=cast.TRACK,
    label="Health",
    kinds=("physical", "social", "mental"),
    levels=int(Result.EX),
    clears_after_scene=False,
    harm="damage",
    level_names=tuple(Result(i).title for i in range(1, int(Result.EX) + 1)),
)
"""Health: each box has a wound level; a checked box holds it (Pathetic 1 .. Extreme 10).
Injuries last until healed ("First Aid", "Natural Healing"), not the scene."""
NO_SPIN = 100
"""The ART Engine has no spin: no margin reaches it."""
FOE_GROUP_BOXES = 4
"""Most foes have four Health boxes (ART Engine, L472): a group's members take four hits."""
ATTACK = "Attack"
"""An adventurer's ``Attack`` with no weapon named is its first weapon's (the sheet's order)."""
MAX_TRAIT_PARTS = 3
"""An attribute (or Defense, an Attack) and up to two skills ("Using Skills")."""


def _column(value: int) -> Result:
    return Result(max(0, min(int(Result.EX), value)))


class ArtConflictRules(NoConsequences, ConflictHookDefaults):
    """The ART Engine's combat rules, reading rolls on the bound table (a ConflictRules).

    Args:
        catalog: The gear and health tables (to read adventurers).
        table: The user's Action Results Table when loaded without errors, else None.
        settings: The campaign settings (None: the book's).
        table_status: One sentence on the table, for the log when a column is missing.
    """

    def __init__(
        self,
        catalog: ArtCatalog,
        table: ActionResultsTable | None = None,
        settings: ArtSettings | None = None,
        table_status: str = "",
    ) -> None:
        self._catalog = catalog
        self._table = table
        self._settings = settings or ArtSettings()
        self._status = table_status
        self._data: dict[str, Any] = self._settings.model_dump(mode="json")

    # -- settings -------------------------------------------------------------------------------

    @property
    def settings(self) -> ArtSettings:
        """The campaign settings in force."""
        return self._settings

    @property
    def settings_data(self) -> dict[str, Any]:
        """The settings as JSON."""
        return self._data

    @property
    def table(self) -> ActionResultsTable | None:
        """The table rolls are read on, or None."""
        return self._table

    def for_settings(self, data: Mapping[str, Any]) -> ArtConflictRules:
        """These rules under the settings stored as ``data`` (empty: the book's).

        Raises:
            RuleViolation: settings the ART Engine does not have.
        """
        try:
            settings = ArtSettings.model_validate(dict(data)) if data else ArtSettings()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise RuleViolation(f"campaign settings: {where}: {first['msg']}") from None
        if settings == self._settings:
            return self
        return ArtConflictRules(self._catalog, self._table, settings, self._status)

    def settings_change_problem(self, before: ConflictRules, has_cast: bool) -> str | None:
        """Rounds and phases are chosen before the cast joins (their initiative differs)."""
        was = isinstance(before.settings, ArtSettings) and before.settings.exploration
        if has_cast and was != self._settings.exploration:
            return "choose combat rounds or exploration phases before anyone joins the scene"
        return None

    def settings_text(self) -> str:
        """The settings and whether a table is loaded."""
        table = "an Action Results Table" if self._table is not None else "no table loaded"
        mode = "combat rounds"
        if self._settings.exploration:
            scale = self._settings.phase_scale
            mode = f"exploration phases on the scale of {scale} "
            mode += f"(a phase is {timing.duration_text(1, scale)})"
        return f"run as {mode} with {table} ({settings_words(self._settings)})"

    @property
    def rotating_initiative(self) -> bool:
        """Initiative by the Alertness column, highest first."""
        return False

    @property
    def uses_grit(self) -> bool:
        """No grit: a foe is defeated when every Health box is checked."""
        return False

    @property
    def one_companion_each(self) -> bool:
        """No companions in the ART Engine."""
        return False

    # -- tracks and dice ------------------------------------------------------------------------

    @property
    def tracks(self) -> tuple[TrackSpec, ...]:
        """Health."""
        return (HEALTH,)

    def track_for(self, kind: ConflictKind) -> TrackName:
        """Health whatever the conflict (the book's damage is physical)."""
        return cast.TRACK

    @property
    def full_defense_bonus(self) -> int:
        """No full defense (dodging is its own action, "Dodging")."""
        return 0

    @property
    def spin_margin(self) -> int:
        """No spin."""
        return NO_SPIN

    @property
    def invoke_bonus(self) -> int:
        """No aspects to invoke."""
        return 0

    @property
    def odds_from_dice(self) -> bool:
        """False: a roll's column depends on the table's row, not on the dice alone."""
        return False

    def dice_for(self, attacker_tier: int = 0, defender_tier: int = 0) -> DicePool:
        """Percentile dice, whose ones die is the kicker ("Using the Dice")."""
        return parse_dice("d100")

    def resolve(self, pool: DicePool, faces: tuple[int, ...]) -> int:
        """The d100 value (1-100); it is read on the table, not added."""
        return pool.dice_total(faces) + pool.modifier

    # -- reading rolls --------------------------------------------------------------------------

    def _parts(self, p: Participant, skill: str) -> list[tuple[str, int]] | str:
        """The named traits of ``skill`` (``Strength + Climbing``), or what is wrong."""
        names = [part.strip() for part in skill.split("+") if part.strip()]
        if not names or len(names) > MAX_TRAIT_PARTS:
            return f"a trait is one attribute and up to two skills, not {skill!r}"
        out: list[tuple[str, int]] = []
        for name in names:
            wanted = cast.ALERTNESS if name.casefold() == cast.INITIATIVE.casefold() else name
            key = find_name(p.skills, wanted)
            if key is None:
                key = find_name(p.skills, ATTRIBUTE_NAMES.get(wanted.upper(), wanted))
            if key is None and wanted.casefold() == ATTACK.casefold():
                key = next((k for k in p.skills if k.startswith(f"{ATTACK} (")), None)
            if key is None:
                return f"{p.name} has no trait {name!r}"
            out.append((key, p.skills[key]))
        return out

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
        """:meth:`_read_roll` with +2 a Fame spent before the roll, used up by it (ART Engine
        "Using Fame Before Rolling", L1077: any die roll; :mod:`conflict_fame`)."""
        bonus += fame.bonus_for(p)
        read = self._read_roll(p, skill, resolved=resolved, bonus=bonus, reading=reading,
                               difficulty=difficulty)  # fmt: skip
        return fame.finish(p, read)

    def _read_roll(
        self, p: Participant, skill: str, *, resolved: int, bonus: int, reading: str | None,
        difficulty: int | None,
    ) -> RollReading:  # fmt: skip
        """A foe's rating (moved by ``bonus`` columns), or an adventurer's d100 on the row of
        the trait total: read on the loaded table, or the column entered in ``reading``
        (which wins, so a log replays alike with or without a table); with neither, unread."""
        initiative = skill.strip().casefold() == cast.INITIATIVE.casefold()
        if initiative and self._settings.exploration:
            return RollReading(
                effort=None,
                text="exploration phases have no initiative: every token starts on the first "
                "square of the phase track",
            )
        refused = self._refused(p, skill, difficulty)
        if refused:
            return RollReading(effort=None, text=refused)
        parts = self._parts(p, skill)
        if isinstance(parts, str):
            return RollReading(effort=None, text=parts)
        if cast.is_foe(p):
            value = _column(sum(v for _k, v in parts[:1]) + bonus)
            shift = f" {bonus:+d} column{'s' if abs(bonus) != 1 else ''}" if bonus else ""
            return self._phases(
                p,
                skill,
                difficulty,
                RollReading(
                    effort=int(value),
                    text=f"{value.title}{shift} (a foe does not roll)",
                    initiative=cast.initiative_place(value) if initiative else None,
                    verdict=not initiative,
                ),
            )
        base, skills = parts[0][1], tuple(v for _k, v in parts[1:])
        try:
            spec = TraitRoll(attribute=base, skills=skills, modifiers=bonus)
            roll = PercentileRoll(value=resolved)
        except (ValidationError, ValueError) as exc:
            return RollReading(effort=None, text=f"{p.name}'s {skill}: {exc}")
        outcome = read_roll(spec, None if reading else self._table, roll)
        traits = " + ".join(k for k, _v in parts)
        named = "" if traits.casefold() == skill.strip().casefold() else f"{traits}, "
        dice = f"{named}row {outcome.row}, d100 {roll.value} (kicker {roll.kicker}"
        dice += ", doubles)" if roll.doubles else ")"
        column = outcome.column
        how = ""
        if reading:
            try:
                column = Result.parse(reading)
            except ValueError as exc:
                return RollReading(effort=None, text=f"{p.name}'s {skill}, {dice}: {exc}")
            if column is Result.EX:
                return RollReading(
                    effort=None, text=f"{p.name}'s {skill}, {dice}: Extreme is never rolled"
                )
            how = ", read off the printed table"
        elif outcome.column is None:
            status = self._status or "No Action Results Table is loaded."
            return RollReading(
                effort=None,
                text=(
                    f"{p.name} rolls {skill}, {dice}. {status} Enter the column you read on "
                    f"row {outcome.row} for {roll.value}."
                ),
            )
        assert column is not None
        used = fame.bonus_for(p) > 0
        points, regained = cast.fame_regained(p, column, fame_used=used)
        return self._phases(
            p,
            skill,
            difficulty,
            RollReading(
                effort=int(column),
                text=f"{dice} = {column.title}{how}{regained}",
                initiative=cast.initiative_place(column) if initiative else None,
                verdict=not initiative,
                points=points,
            ),
        )

    def _refused(self, p: Participant, skill: str, difficulty: int | None) -> str:
        """Why ``p`` may not roll ``skill`` now: in exploration, a task under a time limit, or
        named by ``name_task``, that was aborted at its limit before ("Setting Time Limits",
        L1677-1681: "Aborted actions cannot be attempted again until the next gaming
        session"); else empty."""
        if not self._settings.exploration or difficulty is None:
            return ""
        if timing.limit_of(p) is None and timing.OPT_TASK not in p.options:
            return ""  # a bare roll names no task (name_task names one)
        task = timing.task_of(p, skill)
        return timing.refusal(p, task) if timing.was_aborted(p, task) else ""

    def _phases(
        self, p: Participant, skill: str, difficulty: int | None, read: RollReading
    ) -> RollReading:
        """In exploration, an action against a difficulty moves ``p``'s token one square per
        phase it takes ("How Long Did It Take?", "Phase Track"): its place is the initiative,
        minus the phases gone by. The phases are of ``p``'s scale, and a task that would take
        more than the limit announced is aborted at the limit ("Setting Time Limits"), and
        recorded as aborted (:func:`conflict_time.abort`)."""
        if not self._settings.exploration or difficulty is None or read.effort is None:
            return read
        phases = phases_taken(_column(read.effort), _column(difficulty))
        scale = timing.scale_of(self._settings.phase_scale, p)
        limit = timing.limit_of(p)
        spent = phases if limit is None else min(phases, limit)
        now = min(p.initiative.values(), default=0)
        square = (-now + spent) % PHASE_SQUARES + 1
        options = timing.spend(p, spent, scale)
        if spent < phases:
            options.update(timing.abort(p, timing.task_of(p, skill)))
            took = (
                f"would take {phases} phases, over the limit of {spent}: aborted after "
                f"{timing.duration_text(spent, scale)}, neither success nor failure whatever "
                "the result (not to be tried again before the next session)"
            )
        elif not phases:
            took = "takes less than a phase"
        else:
            took = f"takes {phases} phase{'s' if phases != 1 else ''}, "
            took += timing.duration_text(phases, scale)
        return read.model_copy(
            update={
                "text": f"{read.text}; {took} (token on square {square})",
                "initiative": now - spent,
                "options": options,
                "verdict": read.verdict and spent >= phases,  # aborted: no success, no failure
            }
        )

    def roll_verdict(self, effort: int, difficulty: int) -> str:
        """``vs Poor: 3s`` (successes count the difficulty's column, "Successes & Failures")."""
        target = _column(difficulty)
        count = degree(_column(effort), target)
        return f"vs {target.title}: {describe_degree(count)}"

    def _damage(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[Result | None, str]:
        if cast.is_foe(defender):
            if attack < defense:
                return (
                    None,
                    f"misses: {_column(attack).title} is below {_column(defense).title} Defense",
                )
            return _column(attack), f"{_column(attack).title} damage"
        failures = -degree(_column(defense), _column(attack))
        rating = cast.damage_rating(attacker) if cast.is_foe(attacker) else 0
        damage = defense_damage(failures, rating)
        if damage is None:
            return None, f"Defense holds ({_column(defense).title} vs {_column(attack).title})"
        extra = f" {rating:+d} damage rating" if rating else ""
        return (
            damage,
            f"{failures} failure{'s' if failures != 1 else ''}{extra}: {damage.title} damage",
        )

    def _record(self, p: Participant, damage: Result) -> DamageRecord:
        return record_damage(cast.levels_of(p), tuple(bool(b) for b in p.track(cast.TRACK)), damage)

    def hit_shifts(
        self, attacker: Participant, defender: Participant, attack: int, defense: int
    ) -> tuple[int, str]:
        """The damage level the attack deals (0: none), with the book's reasons."""
        damage, why = self._damage(attacker, defender, attack, defense)
        if damage is None:
            return 0, why
        record = self._record(defender, damage)
        if record.shrugged:
            return 0, why + ", below every free Health box: shrugged off"
        if record.staggered:
            why += f"; {defender.name} is staggered"
        if record.defeated:
            why += f"; {defender.name} will be defeated"
        return int(damage), why

    def stress_box(self, track: tuple[int, ...], amount: int) -> int | None:
        """Without the boxes' levels: the rightmost free box (see :meth:`stress_box_for`)."""
        free = [i for i, b in enumerate(track) if not b]
        return free[-1] if free and amount > 0 else None

    def stress_box_for(self, p: Participant, track: TrackName, amount: int) -> int | None:
        """The first box "Recording Damage" checks for damage ``amount``, or None (shrugged
        off, or every box already checked)."""
        if amount < 1 or track != cast.TRACK:
            return None
        record = self._record(p, _column(amount))
        return record.marked[0] if record.marked else None

    def hit_level(self, p: Participant, track: TrackName, amount: int) -> int:
        """The checked box holds its own wound level."""
        box = self.stress_box_for(p, track, amount)
        levels = cast.levels_of(p)
        return int(levels[box]) if box is not None and box < len(levels) else 1

    def _initiative(self, state: Encounter, p: Participant) -> Result | None:
        """``p``'s initiative column, or None when it has none (an adventurer who has not
        rolled, a foe without an Alertness rating)."""
        return cast.initiative_column(p.initiative.get(state.kind, 0))

    def initiative_text(self, value: int) -> str:
        """The initiative column (``Great``, ``not rolled``); in exploration, the square of
        the character's token on the phase track."""
        if self._settings.exploration:
            return f"square {-value % PHASE_SQUARES + 1}"
        column = cast.initiative_column(value)
        return "not rolled" if column is None else column.title

    def exchange_text(self, number: int) -> str:
        """``Round 2`` ("Combat Rounds"); in exploration, the turn marker's move."""
        if self._settings.exploration:
            return f"Phase-track turn {number}"
        return f"Round {number}"

    @property
    def exchange_word(self) -> str:
        """``round`` ("Combat Rounds"); in exploration, ``phase-track turn``."""
        return "phase-track turn" if self._settings.exploration else "round"

    @property
    def points_label(self) -> str:
        """``Fame``: an adventurer's Fame not yet spent (Chapter 2 "Fame"); foes have none."""
        return "Fame"

    @property
    def grants_points(self) -> bool:
        """No: the narrator hands out no Fame point. Fame rises only from Glory (Chapter 1
        "Glory", L357) and comes back only on an Awesome roll ("Regaining Fame", L1091-1093)."""
        return False

    @property
    def cast_words(self) -> tuple[str, str]:
        """Foes, and groups of foes on one token ("Range Track", L1905)."""
        return ("foe", "group of foes")

    @property
    def command_words(self) -> Mapping[str, tuple[str, str]]:
        """Waiting, not holding an action (Chapter 5 "Waiting", L1867-1893); henchmen, not
        companions (L323, Chapter 3 "Henchman", L986-988: a friendly narrator-controlled
        character directed by an adventurer)."""
        return {
            "hold": ("Wait", "Wait: the current character acts later this round"),
            "resume": ("Act after waiting", "The selected waiting character acts now"),
            "add_companion": ("Add henchman", "Add a henchman directed by an adventurer"),
        }

    @property
    def zone_words(self) -> tuple[str, str] | None:
        """Bands on the range track in combat (Chapter 5 "Range Track", L1903-1923); none in
        exploration, where the track counts phases ("Phase Track")."""
        return None if self._settings.exploration else ("Bands on the range track", "band")

    @property
    def zone_borders(self) -> bool:
        """No: the bands lie in a row, the number between two tokens is their distance
        ("Range Track", L1903-1919; :mod:`conflict_move`)."""
        return False

    @property
    def difficulty_on_ladder(self) -> bool:
        """Yes: a difficulty is a result column, Catastrophic to Extreme ("Adjusting
        Difficulty", L1027)."""
        return True

    @property
    def shared_actions(self) -> frozenset[str]:
        """Attacks and rolls: no aspects to place, invoke or tag, no blocks."""
        return frozenset({"attack", "roll"})

    def hit_text(self, amount: int) -> str:
        """Damage by its wound level: ``Great damage`` ("Recording Damage")."""
        return f"{_column(amount).title} damage"

    def result_words(
        self, action: str, effort: int, opposition: int | None, shifts: int
    ) -> str | None:
        """A roll's successes or failures against its difficulty (``vs Poor: 2f``,
        "Successes & Failures"), not a margin that reads 0 for a failure; an attack that
        deals nothing: ``no damage``."""
        if action == "roll" and opposition is not None:
            return self.roll_verdict(effort, opposition)
        if action == "attack" and shifts <= 0:
            return "no damage"
        return None

    def margin_text(self, margin: int) -> str:
        """Columns over the difficulty: ``2 columns over``."""
        return f"{margin} column{'s' if margin != 1 else ''} over"

    # -- exploration time -----------------------------------------------------------------------

    def actions(self) -> tuple[ActionSpec, ...]:
        """A time limit before a roll, a raised scale after a failure (exploration phases);
        movement across the range track's bands (combat rounds); Fame before a roll (both)."""
        return (*timing.ACTIONS, moving.ACTION, fame.ACTION)

    def action_applies(self, state: Encounter, action: str) -> bool:
        """Time limits, task names and raised scales in exploration phases only ("Setting Time
        Limits", L1677-1685; "Phase Track"); movement across the bands in combat rounds only
        ("Range Track", L1903-1923); both refuse the other mode."""
        exploring = self._settings.exploration
        if action == moving.MOVE_BANDS:
            return not exploring
        if action in {spec.name for spec in timing.ACTIONS}:
            return exploring
        return True

    def action_rolls(self, event: SystemActionEvent) -> int:
        """One d100 for a move (the round's Agility roll; unused once it is made)."""
        return 1 if event.action == moving.MOVE_BANDS else 0

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        """Apply one of :meth:`actions` (:func:`conflict_move.apply_move`,
        :func:`conflict_time.apply_action`)."""
        if event.action == fame.SPEND_FAME:
            return fame.apply_spend(state, self, event)
        if event.action == moving.MOVE_BANDS:
            return moving.apply_move(state, self, event, self._settings.exploration)
        return timing.apply_action(
            state, self, event, self._settings.phase_scale, self._settings.exploration
        )

    def time_status(self, state: Encounter) -> str:
        """In exploration, each character's time spent, phase size and limit; else empty."""
        if not self._settings.exploration:
            return ""
        acting = {p.id: p for p in state.participants if not cast.is_foe(p)}
        return timing.status_text(self._settings.phase_scale, acting)

    def after_check(
        self, state: Encounter, before: Participant, after: Participant, track: TrackName
    ) -> tuple[Participant, str]:
        """Staggering and defeat ("Staggering", "Defeat", L1434-1462): every box checked
        defeats (a foe dies, an adventurer falls unconscious: out of the fight); the rightmost
        box newly checked staggers, and the character loses its next turn: this round's if it
        has not acted yet, else the next round's."""
        if track != cast.TRACK or after.is_group:
            return after, ""
        old, new = before.track(track), after.track(track)
        if not new:
            return after, ""
        if all(new) and not all(old):
            fate = "dies" if cast.is_foe(after) else "falls unconscious"
            return after.model_copy(update={"taken_out": True}), (
                f"; {after.name} is defeated and {fate}"
            )
        if not new[-1] or old[-1]:
            return after, ""
        if state.started and not after.acted and state.current != after.id:
            return after.model_copy(update={"acted": True}), (
                f"; {after.name} is staggered and loses this round's turn"
            )
        options = {**after.options, cast.OPT_STAGGERED: True}
        return after.model_copy(update={"options": options}), (
            f"; {after.name} is staggered and loses the next turn"
        )

    def exchange_begins(self, state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
        """A stagger carried over has now cost its turn (the engine sat it out just before)."""
        if not any(p.options.get(cast.OPT_STAGGERED) for p in state.participants):
            return state, ()
        parts = tuple(
            p.model_copy(
                update={"options": {k: v for k, v in p.options.items() if k != cast.OPT_STAGGERED}}
            )
            if cast.OPT_STAGGERED in p.options
            else p
            for p in state.participants
        )
        return state.model_copy(update={"participants": parts}), ()

    def sits_out(self, state: Encounter, p: Participant) -> str:
        """The bonus round and the lost first turn ("Initiative", L1778-1779): when anyone has
        Super or better initiative, exchange 1 is the bonus round, only they act; in the first
        regular round, Pathetic and Catastrophic initiative lose the turn."""
        if p.options.get(cast.OPT_STAGGERED) is True:
            return "staggered: loses this turn"
        if self._settings.exploration:
            return self._behind_marker(state, p)
        mine = self._initiative(state, p)
        if mine is None:
            return ""
        acting = [x for x in state.participants if not x.taken_out and x.attached_to is None]
        bonus = any(
            (v := self._initiative(state, x)) is not None and v >= BONUS_ROUND_FROM for x in acting
        )
        if bonus and state.exchange == 1 and mine < BONUS_ROUND_FROM:
            return "the bonus round is for Super and Awesome initiative"
        first = 2 if bonus else 1
        if state.exchange == first and mine < LOSES_FIRST_TURN_BELOW:
            return f"{mine.title} initiative loses the first turn"
        return ""

    def _behind_marker(self, state: Encounter, p: Participant) -> str:
        """The phase track (L1687-1695): only the tokens on the marker's square act; the marker
        is the token furthest behind (the most phases gone by is the least initiative)."""
        acting = [x for x in state.participants if not x.taken_out and x.attached_to is None]
        marker = max((x.initiative.get(state.kind, 0) for x in acting), default=0)
        ahead = marker - p.initiative.get(state.kind, 0)
        if ahead <= 0:
            return ""
        return f"its token is {ahead} phase{'s' if ahead != 1 else ''} ahead on the phase track"

    def track_text(self, p: Participant, track: TrackName) -> str | None:
        """Each Health box with its wound level, checked or not: ``☐IN ☒IN ☐PR ☒PS``."""
        levels = cast.levels_of(p)
        boxes = p.track(track)
        if track != cast.TRACK or len(levels) != len(boxes):
            return None
        return " ".join(
            ("\u2612" if b else "\u2610") + level.name
            for b, level in zip(boxes, levels, strict=True)
        )

    def shrugs_off(self, p: Participant, track: TrackName, amount: int) -> bool:
        """Every free Health box is above the damage: "shrug off the injury without harm"."""
        if track != cast.TRACK:
            return False
        return amount < 1 or self._record(p, _column(amount)).shrugged

    def extra_boxes(
        self, p: Participant, track: TrackName, amount: int
    ) -> tuple[tuple[int, int], ...]:
        """The further boxes a hit over the highest free box checks, one per column over."""
        if amount < 1 or track != cast.TRACK:
            return ()
        levels = cast.levels_of(p)
        record = self._record(p, _column(amount))
        return tuple((i, int(levels[i])) for i in record.marked[1:])

    def group_bonus(self, size: int) -> int:
        """No group bonus (several foes combine their Attack instead, "Adding Difficulties")."""
        return 0

    def minion_boxes(self, quality: int) -> int:
        """Four boxes a member (most foes have four Health boxes, L472)."""
        return FOE_GROUP_BOXES

    def companion_boxes(self, quality: int) -> int:
        """No companions."""
        return 0

    def recover(
        self, consequences: tuple[Consequence, ...], period: RecoveryPeriod, back_to_back: bool
    ) -> tuple[Consequence, ...]:
        """Nothing to recover: healing clears Health boxes ("First Aid", "Natural Healing")."""
        return consequences

    def overflow(self, track: tuple[int, ...], shifts: int) -> int:
        """No overflow beyond the Health boxes."""
        return 0

    # -- the cast -------------------------------------------------------------------------------

    def participant_options_problem(self, options: Mapping[str, OptionValue]) -> str | None:
        """Health levels, the foe flag and a damage rating (0-3)."""
        return cast.options_problem(options)

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
        """An adventurer (see :func:`conflict_cast.participant_from_character`).

        Raises:
            RuleViolation: not an ART Engine character.
        """
        return cast.participant_from_character(
            character, self._catalog, self._settings, pid=pid, kind=kind, side=side,
            seat=seat, zone=zone,
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
        """A foe from its stat block (see :func:`conflict_cast.foe_participant`).

        Raises:
            RuleViolation: a rating off the scale or no Health levels.
        """
        foe = cast.foe_participant(
            pid=pid, name=name, skills=skills, side=side, seat=seat, zone=zone, aspects=aspects
        )
        if self._settings.exploration:  # every token starts on the first square
            foe = foe.model_copy(update={"initiative": {}})
        return foe

    def npc_track_sizes(self, skills: Mapping[str, int]) -> dict[str, int]:
        """One Health box per ``Health N`` rating of the stat block (four for most foes)."""
        count = sum(1 for k in skills if cast.HEALTH_KEY.match(k.strip()))
        return {cast.TRACK: count or FOE_GROUP_BOXES}

    def refresh_participant(self, p: Participant, character: CharacterBase) -> Participant:
        """``p`` with the adventurer's Health and Fame now; placement and initiative stay."""
        fresh = self.participant_from_character(
            character, pid=p.id, kind=p.kind, side=p.side, seat=p.seat, zone=p.zone
        )
        return fresh.model_copy(
            update={"attached_to": p.attached_to, "hidden": p.hidden, "initiative": p.initiative}
        )

    def apply_results(self, character: CharacterBase, p: Participant) -> CharacterBase:
        """The adventurer's Health boxes and Fame tally after the encounter."""
        return cast.apply_results(character, p)
