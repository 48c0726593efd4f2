"""Rules layer: ART Engine rolls that involve more than one roll or character.

Opposed rolls (player vs foe, player vs player), combined efforts, complex actions with assist
and impede rolls, sustained actions and the kicker die's one-good-one-bad rule (ART Engine,
Chapter 1 "Kicker Die"; Chapter 3 "Opposed Rolls", "Combined Efforts", "Complex Actions",
"Assist Rolls", "Impede Rolls", "Sustained Actions"). Pure functions on results.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.systems.art.scale import Result, add_difficulties, degree, shift_foe_rating

# -- opposed rolls -----------------------------------------------------------------------------


def defender_difficulty(attacker_result: Result, adjustment: int = 0) -> Result:
    """Player vs player: the initiator's result is the defender's difficulty, adjusted by the
    narrator ("Player vs. Player")."""
    return Result(max(0, min(int(Result.EX), int(attacker_result) + adjustment)))


def contest(first: Result, second: Result) -> int:
    """A contest (arm wrestling, a race): 1 if the first wins, -1 if the second, 0 a tie."""
    return (first > second) - (first < second)


def foe_difficulty(rating: Result, adjustment: int = 0) -> Result:
    """Player vs foe: the foe's rating is the difficulty, moved by the narrator's adjustment
    ("Opposed Rolls Player vs. Foe", "Adjusting Difficulty")."""
    return Result(max(0, min(int(Result.EX), int(rating) + adjustment)))


def foe_action_rating(rating: Result, difficulty_adjustment: int) -> Result:
    """A foe acting at ``difficulty_adjustment`` difficulty: its rating moves the other way."""
    return shift_foe_rating(rating, difficulty_adjustment)


def foe_successes(player_degree: int) -> int:
    """The foe's successes in an opposed roll: the player's failures ("Opposed Rolls")."""
    return max(0, -player_degree)


# -- combined efforts --------------------------------------------------------------------------


class CombinedOutcome(BaseModel):
    """A group's result: the best (non-compounding) or the added results (compounding).

    Attributes:
        result: The group's result (capped at Awesome).
        disaster: An adventurer rolled Catastrophic: the whole effort ends in disaster.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    result: Result
    disaster: bool


def combined_effort(
    rolled: Sequence[Result], ratings: Sequence[Result] = (), *, compounding: bool
) -> CombinedOutcome:
    """Combine the adventurers' rolled results and the narrator characters' ratings.

    ART Engine "Combined Efforts": only adventurers roll; narrator-controlled characters use
    their rating. Non-compounding: the highest result; compounding: results added like
    difficulties. Any adventurer's Catastrophic makes the effort a disaster.

    Raises:
        ValueError: when nobody takes part.
    """
    everything = [*rolled, *ratings]
    if not everything:
        raise ValueError("a combined effort needs at least one participant")
    capped = [min(r, Result.AW) for r in everything]
    result = add_difficulties(capped, top=Result.AW) if compounding else max(capped)
    return CombinedOutcome(result=result, disaster=Result.CT in rolled)


# -- complex actions, assist and impede rolls -------------------------------------------------


def step_modifier(step_degree: int) -> int:
    """Complex actions and assists: successes are a bonus and failures a penalty to the next
    roll ("Complex Actions", "Assist Rolls")."""
    return step_degree


def impede_modifier(impeder_degree: int) -> int:
    """An impeder's successes are a penalty to the impeded roll ("Impede Rolls")."""
    return -max(0, impeder_degree)


class StepResult(BaseModel):
    """One roll of a complex action (or one helper's assist roll)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    result: Result
    difficulty: Result


class ComplexOutcome(BaseModel):
    """Where a complex action ended.

    Attributes:
        steps_rolled: How many steps were rolled (fewer than given after a disaster).
        disaster: A Catastrophic ended it at once.
        final: Successes (positive) or failures (negative) of the last roll rolled.
        next_modifier: The modifier the last roll passes on (for a following step).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    steps_rolled: int
    disaster: bool
    final: int
    next_modifier: int


def complex_action(steps: Sequence[StepResult]) -> ComplexOutcome:
    """Run the steps of a complex action or an assist roll in order.

    Each step's result is already the roll made with the previous step's modifier; any
    Catastrophic ends the action immediately in disaster; the final roll is the outcome.

    Raises:
        ValueError: for no steps.
    """
    if not steps:
        raise ValueError("a complex action has at least one step")
    last = 0
    for n, step in enumerate(steps, start=1):
        last = degree(step.result, step.difficulty)
        if step.result is Result.CT:
            return ComplexOutcome(steps_rolled=n, disaster=True, final=last, next_modifier=0)
    return ComplexOutcome(
        steps_rolled=len(steps), disaster=False, final=last, next_modifier=step_modifier(last)
    )


# -- sustained actions -------------------------------------------------------------------------

GOAL_DEFAULT = 10
GOAL_MIN = 5
GOAL_MAX = 30
"""Most sustained actions have a goal of 10; it can range from 5 to 30 ("Sustained Actions")."""


class SustainedAction(BaseModel):
    """Running totals of a sustained action.

    Attributes:
        success_goal: Successes that complete it.
        failure_goal: Failures that end it (usually the same as the success goal).
        successes: Running total of successes.
        failures: Running total of failures.
        last: Successes/failures of the last roll: the degree of the whole action.
        rounds: Rolls made.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    success_goal: int = Field(default=GOAL_DEFAULT, ge=GOAL_MIN, le=GOAL_MAX)
    failure_goal: int = Field(default=GOAL_DEFAULT, ge=GOAL_MIN, le=GOAL_MAX)
    successes: int = Field(default=0, ge=0)
    failures: int = Field(default=0, ge=0)
    last: int = 0
    rounds: int = Field(default=0, ge=0)

    @property
    def done(self) -> bool:
        """Either running total reached its goal."""
        return self.successes >= self.success_goal or self.failures >= self.failure_goal

    @property
    def succeeded(self) -> bool | None:
        """True/False once done (successes reached first), None while running."""
        if not self.done:
            return None
        return self.successes >= self.success_goal


def sustain(action: SustainedAction, result: Result, difficulty: Result) -> SustainedAction:
    """Add one round's roll to a sustained action.

    Raises:
        ValueError: when the action is already over.
    """
    if action.done:
        raise ValueError("the sustained action has already reached its goal")
    d = degree(result, difficulty)
    return action.model_copy(
        update={
            "successes": action.successes + max(0, d),
            "failures": action.failures + max(0, -d),
            "last": d,
            "rounds": action.rounds + 1,
        }
    )


# -- the kicker die ----------------------------------------------------------------------------


class KickerTrigger(BaseModel):
    """An effect that fires on certain kicker digits (a perk, a trophy, a foe's ability).

    Attributes:
        name: What fires ("Flurry").
        kickers: The digits that fire it.
        beneficial: For the roller (the player picks among these) or against (the narrator picks).
        needs_success: Fires only when the roll succeeded ("when you successfully attack").
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=200)
    kickers: frozenset[int]
    beneficial: bool = True
    needs_success: bool = False


class KickerFiring(BaseModel):
    """The effects a kicker can fire: at most one of each list fires ("Kicker Die")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    beneficial: tuple[str, ...] = ()
    harmful: tuple[str, ...] = ()


def kicker_candidates(
    triggers: Sequence[KickerTrigger], kicker: int | None, succeeded: bool | None = None
) -> KickerFiring:
    """Which triggers ``kicker`` could fire (none when taking 25: ``kicker`` None)."""
    if kicker is None:
        return KickerFiring()
    hits = [
        t for t in triggers if kicker in t.kickers and (not t.needs_success or succeeded is True)
    ]
    return KickerFiring(
        beneficial=tuple(t.name for t in hits if t.beneficial),
        harmful=tuple(t.name for t in hits if not t.beneficial),
    )


def fire_kicker(
    candidates: KickerFiring, player_pick: str | None = None, narrator_pick: str | None = None
) -> tuple[str | None, str | None]:
    """The one beneficial effect (the player's pick) and one harmful effect (the narrator's) that
    fire. A single candidate fires without a pick.

    Raises:
        ValueError: when a choice is needed and missing, or names no candidate.
    """

    def pick(options: tuple[str, ...], chosen: str | None, who: str) -> str | None:
        if not options:
            return None
        if chosen is None:
            if len(options) == 1:
                return options[0]
            raise ValueError(f"the {who} must choose one of: {', '.join(options)}")
        if chosen not in options:
            raise ValueError(f"{chosen!r} cannot fire on this kicker")
        return chosen

    return (
        pick(candidates.beneficial, player_pick, "player"),
        pick(candidates.harmful, narrator_pick, "narrator"),
    )
