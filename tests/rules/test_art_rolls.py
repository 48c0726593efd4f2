"""ART Engine trait rolls and their arithmetic, checked against the book's examples.

Line numbers (L...) are lines of shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

import random

import pytest

from rules.systems.art.resolution import (
    KickerTrigger,
    StepResult,
    SustainedAction,
    combined_effort,
    complex_action,
    contest,
    defender_difficulty,
    fire_kicker,
    foe_action_rating,
    foe_difficulty,
    foe_successes,
    impede_modifier,
    kicker_candidates,
    sustain,
)
from rules.systems.art.rolls import (
    NO_PERK_ROW,
    PercentileRoll,
    RollOutcome,
    TraitRoll,
    fame_to_reach,
    inspiration,
    roll_d100,
    roll_trait,
    spend_fame_after,
    trait_total,
)
from rules.systems.art.scale import (
    Result,
    add_difficulties,
    degree,
    foe_rating_for_trait,
    foe_test,
    henchman_trait,
    shift_difficulty,
)
from tests.rules.test_art_support import fake_table

R = Result


class _Dice(random.Random):
    """Dice that return set values: high die then low die, in order."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self._values = list(values)

    def randrange(self, *_args: object, **_kwargs: object) -> int:  # type: ignore[override]
        return self._values.pop(0)


def test_d100_reads_high_then_low_and_00_is_100() -> None:
    """L293-295: high die first; both zero is 100. L299-301: the low die is the kicker."""
    assert roll_d100(_Dice(6, 1)).value == 61
    hundred = roll_d100(_Dice(0, 0))
    assert hundred.value == 100 and hundred.kicker == 0 and hundred.doubles
    assert roll_d100(_Dice(0, 7)).value == 7
    assert PercentileRoll(value=44).doubles and not PercentileRoll(value=45).doubles


def test_the_kicker_is_the_ones_digit() -> None:
    """The kicker is ART's rule, not the core dice's (art-engine.md section 2, "Dice", L103; book
    L299-301 "Kicker Die"): the low (ones) die of d100; 100 (00) reads as 0."""
    assert PercentileRoll(value=47).kicker == 7
    assert PercentileRoll(value=100).kicker == 0
    assert PercentileRoll(value=7).kicker == 7


def test_d100_covers_1_to_100() -> None:
    rng = random.Random(5)
    seen = {roll_d100(rng).value for _ in range(4000)}
    assert seen == set(range(1, 101))


def test_successes_and_failures() -> None:
    """L1098-1102: GT difficulty, PR rolled = 3f; PR vs GT = 4s; PR vs PR = 1s."""
    assert degree(R.PR, R.GT) == -3
    assert degree(R.GT, R.PR) == 4
    assert degree(R.PR, R.PR) == 1
    assert degree(R.CT, R.CT) == 1  # Catastrophic difficulty: automatic success (L912)
    assert degree(R.AW, R.EX) == -1  # Extreme: automatic failure


def test_climb_on_row_14_is_3_successes() -> None:
    """L1069-1073: row 14, a 73 is Good; against the Poor difficulty that is 3 successes."""
    outcome = roll_trait(
        TraitRoll(attribute=9, skills=(4, 1), difficulty=R.PR), fake_table(), _Dice(7, 3)
    )
    assert (outcome.row, outcome.roll.value, outcome.column) == (14, 73, R.GD)
    assert outcome.degree == 3 and outcome.kicker == 3


def test_trait_total_caps() -> None:
    """L1035: modifiers cannot raise a trait above 25 nor lower it below 1; L1077: +2 a Fame."""
    assert trait_total(9, (4, 1)) == 14
    assert trait_total(9, (4, 1), fame_before=2) == 18
    assert trait_total(20, (3,), modifiers=4) == 25
    assert trait_total(3, (), modifiers=-5) == 1
    assert trait_total(12, (8, 8), modifiers=2) == 28  # base above 25: bonuses ignored
    assert trait_total(12, (8, 8), modifiers=-2) == 26
    with pytest.raises(ValueError):
        trait_total(5, (1, 1, 1))  # L1057: at most two skills


def test_action_needing_a_missing_perk_rolls_on_row_2() -> None:
    """L904: no perk, row 2, no attribute or skill."""
    spec = TraitRoll(attribute=9, skills=(3,), modifiers=2, fame_before=1, lacks_perk=True)
    assert spec.row == NO_PERK_ROW
    assert roll_trait(spec, None, _Dice(1, 2)).fame_before == 0


def test_fame_after_rolling_costs_2_a_column_up_to_the_difficulty() -> None:
    """L1085: below the difficulty, 2 Fame per column, up to the difficulty and not beyond."""
    outcome = RollOutcome(row=14, roll=PercentileRoll(value=40), rolled=R.PR, column=R.PR,
                          difficulty=R.GD)  # fmt: skip
    assert fame_to_reach(R.PR, R.GD) == 4
    raised = spend_fame_after(outcome, 2)
    assert raised.column is R.GD and raised.fame_after == 4 and raised.degree == 1
    with pytest.raises(ValueError):
        spend_fame_after(outcome, 3)  # beyond the difficulty
    with pytest.raises(ValueError):
        spend_fame_after(raised, 1)  # no longer below it
    assert not raised.fame_regained


def test_awesome_regains_fame_unless_fame_improved_the_roll() -> None:
    """L1093: on Awesome all expended Fame returns, not if Fame improved the roll."""
    rolled = RollOutcome(row=20, roll=PercentileRoll(value=99), rolled=R.AW, column=R.AW)
    assert rolled.fame_regained
    assert not rolled.model_copy(update={"fame_before": 1}).fame_regained


def test_taking_25_reads_25_without_kicker_or_doubles() -> None:
    """L1079-1081: take 25 instead of rolling."""
    table = fake_table()
    outcome = roll_trait(TraitRoll(attribute=10, take_25=True, difficulty=R.PT), table, _Dice())
    assert outcome.roll.value == 25 and outcome.took_25
    assert outcome.column == table.column(10, 25)
    assert outcome.kicker is None and not outcome.doubles


def test_inspiration_on_doubles_padlock_example() -> None:
    """L2300, L2308-2314: DEX 5, Opening locks +4, Picking padlocks +2, a roll of 44: no new skill
    (two skills used), not on Opening locks (4 is not more than 4), yes on Picking padlocks."""
    outcome = RollOutcome(row=11, roll=PercentileRoll(value=44), rolled=R.PS, column=R.PS)
    choices = inspiration(outcome, [("Opening locks", 4, 0), ("Picking padlocks", 2, 0)])
    assert not choices.new_skill and not choices.attribute_point
    assert choices.skill_points == ("Picking padlocks",)


def test_inspiration_00_allows_an_attribute_point_and_a_new_skill() -> None:
    """L2264-2267: an attribute point on 00 only; a new skill when fewer than two were used."""
    outcome = RollOutcome(row=5, roll=PercentileRoll(value=100), rolled=R.AW, column=R.AW)
    choices = inspiration(outcome, [("Climb", 1, 0)])
    assert choices.attribute_point and choices.new_skill
    assert choices.skill_points == ()  # kicker 0 is never more than a rating
    assert not inspiration(outcome.model_copy(update={"took_25": True})).any


def test_kicker_fires_one_beneficial_and_one_harmful_effect() -> None:
    """L305: at most one beneficial (player's pick) and one harmful (narrator's pick)."""
    triggers = [
        KickerTrigger(name="Strategic Positioning", kickers=frozenset({0})),
        KickerTrigger(name="Counter shield", kickers=frozenset({0, 9})),
        KickerTrigger(name="Troll's rend", kickers=frozenset({0}), beneficial=False),
        KickerTrigger(name="Flurry", kickers=frozenset({0}), needs_success=True),
    ]
    found = kicker_candidates(triggers, 0, succeeded=False)
    assert found.beneficial == ("Strategic Positioning", "Counter shield")
    assert found.harmful == ("Troll's rend",)
    with pytest.raises(ValueError):
        fire_kicker(found)
    assert fire_kicker(found, "Counter shield") == ("Counter shield", "Troll's rend")
    assert "Flurry" in kicker_candidates(triggers, 0, succeeded=True).beneficial
    assert kicker_candidates(triggers, None).beneficial == ()  # taking 25


def test_adding_difficulties() -> None:
    """L1017-1021: PR+PS+GT = SP; FB+IN+GT = GT; four PS = GT."""
    assert add_difficulties([R.PR, R.PS, R.GT]) is R.SP
    assert add_difficulties([R.FB, R.IN, R.GT]) is R.GT
    assert add_difficulties([R.PS] * 4) is R.GT


def test_adjusting_difficulty() -> None:
    """L1025-1031: GD Defense at -1 difficulty is a PS roll; at most 3 columns; a foe acting at
    +1 difficulty loses one column."""
    assert shift_difficulty(R.GD, -1) is R.PS
    assert foe_difficulty(R.GD, -1) is R.PS
    assert shift_difficulty(R.PT, -3) is R.CT and shift_difficulty(R.AW, 3) is R.EX
    with pytest.raises(ValueError):
        shift_difficulty(R.GD, 4)
    assert shift_difficulty(R.GD, 5, rule=True) is R.EX
    assert foe_action_rating(R.GD, 1) is R.PS


def test_opposed_rolls_and_foe_tests() -> None:
    """L952: the player's failures are the foe's successes; L966: the initiator's result is the
    defender's difficulty; L984: Feeble Attack against Good Defense misses."""
    assert foe_successes(degree(R.FB, R.IN)) == 1
    assert defender_difficulty(R.PR) is R.PR
    assert contest(R.GD, R.PS) == 1 and contest(R.PS, R.PS) == 0
    assert not foe_test(R.FB, R.GD)


def test_henchman_traits() -> None:
    """L988-1004: a Passable henchman trait is 13-16 (lowest of the band by default)."""
    assert henchman_trait(R.PS) == 13 and henchman_trait(R.PS, "middle") == 14
    assert henchman_trait(R.CT) == 0 and henchman_trait(R.EX) == 30
    assert foe_rating_for_trait(15) is R.PS and foe_rating_for_trait(29) is R.AW


def test_non_compounding_effort_takes_the_best() -> None:
    """L1177-1181: players roll IN and PR, a narrator character has IN Strength: Poor, 1f."""
    outcome = combined_effort([R.IN, R.PR], [R.IN], compounding=False)
    assert outcome.result is R.PR and not outcome.disaster
    assert degree(outcome.result, R.PS) == -1


def test_compounding_effort_adds_results() -> None:
    """L1194-1196: GD, PR and IN against GT: IN+PR = PS, PS+GD = GT."""
    outcome = combined_effort([R.GD, R.PR, R.IN], compounding=True)
    assert outcome.result is R.GT and degree(outcome.result, R.GT) == 1
    assert combined_effort([R.AW, R.CT], compounding=True).disaster
    assert combined_effort([R.AW, R.AW], compounding=True).result is R.AW  # capped


def test_complex_action_debate() -> None:
    """L1214-1220: GD vs PS = 2s (+2); FB vs PR = 2f (-2); SP vs PR = 5s, the outcome."""
    outcome = complex_action(
        [
            StepResult(result=R.GD, difficulty=R.PS),
            StepResult(result=R.FB, difficulty=R.PR),
            StepResult(result=R.SP, difficulty=R.PR),
        ]
    )
    assert outcome.final == 5 and not outcome.disaster and outcome.steps_rolled == 3
    assert complex_action([StepResult(result=R.GD, difficulty=R.PS)]).next_modifier == 2
    ended = complex_action(
        [StepResult(result=R.CT, difficulty=R.PT), StepResult(result=R.AW, difficulty=R.PT)]
    )
    assert ended.disaster and ended.steps_rolled == 1


def test_assist_roll() -> None:
    """L1232-1240: Jane (row 14) rolls SP against GT: 2s, +2 to the pilot's Craft 6 = row 8."""
    help_ = complex_action([StepResult(result=R.SP, difficulty=R.GT)])
    assert help_.next_modifier == 2
    assert trait_total(6, (), modifiers=help_.next_modifier) == 8
    assert degree(R.PR, R.PS) == -1


def test_impede_roll() -> None:
    """L1250-1252: the impeded character's penalty is the impeder's successes."""
    assert impede_modifier(degree(R.GT, R.PS)) == -3
    assert impede_modifier(degree(R.IN, R.PS)) == 0


def test_sustained_action_example() -> None:
    """L1264-1278: PS Strength, goal 10: GD, GT, PT, PS, FB, PS, GT ends at 10 successes with a
    Great (3s). The book counts PT as 5f; the rule gives 4f, so failures end at 7, not 8."""
    action = SustainedAction()
    for result in (R.GD, R.GT, R.PT, R.PS, R.FB, R.PS, R.GT):
        action = sustain(action, result, R.PS)
    assert action.done and action.succeeded
    assert (action.successes, action.failures, action.last, action.rounds) == (10, 7, 3, 7)
    with pytest.raises(ValueError):
        sustain(action, R.GD, R.PS)
    with pytest.raises(ValueError):
        SustainedAction(success_goal=4)  # goals run 5 to 30 (L1260)
