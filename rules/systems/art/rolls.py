"""Rules layer: ART Engine trait rolls: d100 and the kicker, the trait total, Fame, taking 25.

A roll is read on the Action Results Table the user loaded. With no table loaded the roll still
happens (d100 and kicker); the caller reads the column off a printed table and hands it to
:func:`read_column`, and the outcome says plainly that no table is loaded. Randomness comes from
an injected :class:`random.Random` (ART Engine, Chapter 1 "Using the Dice", "Kicker Die";
Chapter 3 "Summary of a Trait Roll" and "Player Steps").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.systems.art.scale import Result, degree
from rules.systems.art.table import ActionResultsTable

MAX_SKILLS = 2
"""Up to two skills are added to a trait roll (ART Engine "Using Skills")."""
TRAIT_CAP = 25
TRAIT_FLOOR = 1
"""Trait modifiers cannot raise a trait above 25 nor lower it below 1 ("Trait Modifiers")."""
FAME_TRAIT_BONUS = 2
"""Each Fame point spent before rolling gives +2 on the trait ("Using Fame Before Rolling")."""
FAME_PER_COLUMN = 2
"""Fame after rolling: 2 Fame per column, up to the difficulty ("Using Fame After Rolling")."""
TAKE_25 = 25
NO_PERK_ROW = 2
"""An action needing a perk the character lacks is rolled on row 2 ("Specialized Actions")."""

NO_TABLE = (
    "No Action Results Table is loaded: read the column for this roll off your printed table "
    "(row {row}, roll {roll}) and enter it."
)


class PercentileRoll(BaseModel):
    """Two d10 read high then low; both zero is 100 ("Using the Dice").

    Attributes:
        value: 1-100.
        kicker: The low (ones) die, 0-9 ("Kicker Die"); 0 on a roll of 100.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: int = Field(ge=1, le=100)

    @property
    def kicker(self) -> int:
        """The ones die."""
        return self.value % 10

    @property
    def doubles(self) -> bool:
        """11, 22, ... 99 or 00 (100): inspiration on a trait roll (Chapter 6)."""
        return self.value == 100 or (self.value % 11 == 0 and self.value < 100)


def roll_d100(rng: random.Random) -> PercentileRoll:
    """Roll percentile dice: a high and a low d10 (0-9 each); 0 and 0 read as 100."""
    high, low = rng.randrange(10), rng.randrange(10)
    return PercentileRoll(value=high * 10 + low or 100)


def trait_total(
    attribute: int, skills: Sequence[int] = (), modifiers: int = 0, fame_before: int = 0
) -> int:
    """Attribute + up to two skills, then modifiers and Fame (+2 a point) within 1-25.

    The caps bind modifiers only: a base (attribute + skills) above 25 keeps its value and
    ignores bonuses; penalties still apply down to 1 (judgment call, docs/rules-notes.md).

    Raises:
        ValueError: for more than two skills or negative Fame.
    """
    if len(skills) > MAX_SKILLS:
        raise ValueError(f"at most {MAX_SKILLS} skills can be added to a trait roll")
    if fame_before < 0:
        raise ValueError("Fame spent cannot be negative")
    base = attribute + sum(skills)
    bonus = modifiers + FAME_TRAIT_BONUS * fame_before
    if bonus > 0:
        return max(base, min(base + bonus, TRAIT_CAP))
    if bonus < 0:
        return min(base, max(base + bonus, TRAIT_FLOOR))
    return base


class TraitRoll(BaseModel):
    """What the narrator announced and the player chose before the dice are rolled.

    Attributes:
        attribute: The attribute score (for a henchman, its converted trait number).
        skills: Ratings of up to two relevant skills.
        modifiers: Trait modifiers from gear, the rules and the narrator.
        fame_before: Fame spent before rolling (+2 each).
        difficulty: The difficulty, or None for a roll without one (initiative, tables).
        take_25: The player announced "take 25" instead of rolling.
        lacks_perk: The action needs a perk the character lacks: row 2, nothing added
            (modifiers and Fame before rolling included: a judgment call).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    attribute: int = Field(ge=0, le=99)
    skills: tuple[int, ...] = Field(default=(), max_length=MAX_SKILLS)
    modifiers: int = Field(default=0, ge=-99, le=99)
    fame_before: int = Field(default=0, ge=0, le=99)
    difficulty: Result | None = None
    take_25: bool = False
    lacks_perk: bool = False

    @property
    def row(self) -> int:
        """The row of the table the roll is read on."""
        if self.lacks_perk:
            return NO_PERK_ROW
        return trait_total(self.attribute, self.skills, self.modifiers, self.fame_before)


class RollOutcome(BaseModel):
    """A trait roll, rolled (and read, when a table is loaded or a column was entered).

    Attributes:
        row: The row read.
        roll: The d100 (25 when taking 25).
        took_25: No dice were rolled: no kicker effects and no doubles (judgment call).
        rolled: The column the roll gives, or None until the column is read off a printed table.
        column: The result after Fame spent after rolling.
        difficulty: The difficulty, if any.
        fame_before: Fame spent before rolling.
        fame_after: Fame spent after rolling.
        table_loaded: Whether the column came from a loaded table.
        notice: What the player must be told (no table loaded), or empty.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    row: int
    roll: PercentileRoll
    took_25: bool = False
    rolled: Result | None = None
    column: Result | None = None
    difficulty: Result | None = None
    fame_before: int = 0
    fame_after: int = 0
    table_loaded: bool = False
    notice: str = ""

    @property
    def needs_column(self) -> bool:
        """True while the column must still be read off a printed table."""
        return self.column is None

    @property
    def kicker(self) -> int | None:
        """The kicker, or None when taking 25."""
        return None if self.took_25 else self.roll.kicker

    @property
    def doubles(self) -> bool:
        """Doubles rolled (never when taking 25)."""
        return not self.took_25 and self.roll.doubles

    @property
    def degree(self) -> int | None:
        """Successes (positive) or failures (negative); None without a difficulty or column."""
        if self.column is None or self.difficulty is None:
            return None
        return degree(self.column, self.difficulty)

    @property
    def succeeded(self) -> bool | None:
        """Whether the result reached the difficulty (None when unknown or no difficulty)."""
        d = self.degree
        return None if d is None else d > 0

    @property
    def fame_regained(self) -> bool:
        """An Awesome roll recovers all expended Fame, unless Fame improved this roll
        ("Regaining Fame"; Fame before rolling counts too: a judgment call)."""
        return self.rolled is Result.AW and self.fame_before == 0 and self.fame_after == 0


def roll_trait(
    spec: TraitRoll, table: ActionResultsTable | None, rng: random.Random
) -> RollOutcome:
    """Roll (or take 25) and read the loaded table; without a table, leave the column open.

    Args:
        spec: The roll as announced.
        table: A table that passed :func:`rules.systems.art.table.check_table`, or None.
        rng: The dice.
    """
    roll = PercentileRoll(value=TAKE_25) if spec.take_25 else roll_d100(rng)
    return read_roll(spec, table, roll)


def read_roll(
    spec: TraitRoll, table: ActionResultsTable | None, roll: PercentileRoll
) -> RollOutcome:
    """A roll already made (the player's own dice, or :func:`roll_trait`'s) read like
    :func:`roll_trait` reads it: on the loaded table, or left for the printed table's column.

    Args:
        spec: The roll as announced (taking 25 reads 25 whatever ``roll`` is).
        table: A table that passed :func:`rules.systems.art.table.check_table`, or None.
        roll: The d100.
    """
    row = spec.row
    if spec.take_25:
        roll = PercentileRoll(value=TAKE_25)
    outcome = RollOutcome(
        row=row,
        roll=roll,
        took_25=spec.take_25,
        difficulty=spec.difficulty,
        fame_before=0 if spec.lacks_perk else spec.fame_before,
    )
    if table is None:
        return outcome.model_copy(update={"notice": NO_TABLE.format(row=row, roll=roll.value)})
    column = table.column(row, roll.value)
    return outcome.model_copy(update={"rolled": column, "column": column, "table_loaded": True})


def read_column(outcome: RollOutcome, column: Result) -> RollOutcome:
    """The outcome once the player has read ``column`` off a printed table (no table loaded).

    Raises:
        ValueError: when the column is Extreme (never a roll result) or already known.
    """
    if column is Result.EX:
        raise ValueError("Extreme is never a roll result (Catastrophic to Awesome)")
    if outcome.column is not None:
        raise ValueError("this roll's column is already known")
    return outcome.model_copy(update={"rolled": column, "column": column})


def fame_to_reach(result: Result, difficulty: Result | None) -> int:
    """Fame needed after rolling to raise ``result`` to ``difficulty`` (0 when not below it)."""
    if difficulty is None or result >= difficulty:
        return 0
    return FAME_PER_COLUMN * (int(difficulty) - int(result))


def spend_fame_after(outcome: RollOutcome, columns: int) -> RollOutcome:
    """Raise a result below the difficulty by ``columns`` columns for 2 Fame each.

    Raises:
        ValueError: without a known column or difficulty, when the result is not below the
            difficulty, or when the raise would pass the difficulty.
    """
    if outcome.column is None or outcome.difficulty is None:
        raise ValueError("Fame after rolling needs a result and a difficulty")
    if columns < 1:
        raise ValueError("raise by at least one column")
    room = int(outcome.difficulty) - int(outcome.column)
    if room <= 0:
        raise ValueError("Fame after rolling only improves a result below the difficulty")
    if columns > room:
        raise ValueError(
            f"the result can be raised up to the difficulty, not beyond ({room} column(s) left)"
        )
    return outcome.model_copy(
        update={
            "column": Result(int(outcome.column) + columns),
            "fame_after": outcome.fame_after + FAME_PER_COLUMN * columns,
        }
    )


class Inspiration(BaseModel):
    """What doubles on a trait roll allow (Chapter 6 "Inspiration Points"); pick one.

    Attributes:
        new_skill: Create a +1 skill (fewer than two skills were used).
        attribute_point: A point on the attribute used (on 00 only).
        skill_points: Skills used whose rating is below the kicker, below +8 and not capped.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    new_skill: bool = False
    attribute_point: bool = False
    skill_points: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        """Whether there is anything to choose."""
        return self.new_skill or self.attribute_point or bool(self.skill_points)


SKILL_MAX = 8
SKILL_CAP_POINTS = 4


def inspiration(
    outcome: RollOutcome, skills_used: Sequence[tuple[str, int, int]] = ()
) -> Inspiration:
    """The inspiration choices after ``outcome``.

    Args:
        outcome: The roll.
        skills_used: ``(name, rating, inspiration points)`` of each skill added to the roll.
    """
    if not outcome.doubles:
        return Inspiration()
    kicker = outcome.roll.kicker
    return Inspiration(
        new_skill=len(skills_used) < MAX_SKILLS,
        attribute_point=outcome.roll.value == 100,
        skill_points=tuple(
            name
            for name, rating, points in skills_used
            if kicker > rating and rating < SKILL_MAX and points < SKILL_CAP_POINTS
        ),
    )
