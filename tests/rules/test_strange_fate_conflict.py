"""Tests for Strange Fate conflicts (rules/systems/strange_fate/conflict.py), each citing the
book line (shared/seeds/strange-fate-srd.txt) or digest section it checks."""

from __future__ import annotations

from fractions import Fraction

from rules.dice import distribution
from rules.encounter import Participant
from rules.systems.strange_fate.conflict import (
    StrangeFateConflictRules,
    absorb,
    check_stress,
    group_consequences,
    stress_box,
)
from rules.systems.strange_fate.conflict_state import HeldConsequence, StrangeFateCondition
from rules.systems.strange_fate.settings import StrangeFateSettings
from tests.rules.strange_fate_builders import professor, system


def rules(**settings: object) -> StrangeFateConflictRules:
    cr = system().conflict_rules(StrangeFateSettings.model_validate(settings))
    assert isinstance(cr, StrangeFateConflictRules)
    return cr


def test_dice_across_power_tiers_l1153() -> None:
    """Same tier 4dF; the higher side swaps one Fudge die per tier for a d6 (L1153); 3dF+1d6
    runs -2..+9 with mean 3.5 (L1164); 2dF+2d6 never goes below +0 (L1174-L1176)."""
    cr = rules()
    assert cr.dice_for(0, 0).text == "4dF"
    assert cr.dice_for(1, 0).text == "3dF+1d6"
    assert cr.dice_for(0, 1).text == "4dF"  # the lower side rolls the plain dice
    assert cr.dice_for(4, 0).text == "4d6"
    one = distribution(cr.dice_for(1, 0))
    assert (min(one), max(one)) == (-2, 9)
    assert sum(t * p for t, p in one.items()) == Fraction(7, 2)
    assert min(distribution(cr.dice_for(2, 0))) == 0


def test_the_books_alternatives_l1170_l1178() -> None:
    """d6-d6 with an extra d6 per tier (E vs Mundane: 2d6-1d6, -4..+11), or +3 per tier."""
    assert rules(tier_dice="d6-extra").dice_for(1, 0).text == "2d6-1d6"
    extra = distribution(rules(tier_dice="d6-extra").dice_for(1, 0))
    assert (min(extra), max(extra)) == (-4, 11)
    assert rules(tier_dice="d6-plus3").dice_for(1, 0).text == "1d6-1d6+3"


def test_static_difficulty_with_a_tier_l4036_l4042() -> None:
    """Good (+3) Burglary against a Great (+4) (E) lock rolls 3dF-1d6; dice totalling -3 give
    effort +0 (L4042)."""
    cr = rules()
    pool = cr.static_dice(0, 1)
    assert pool.text == "3dF-1d6"
    assert 3 + cr.resolve(pool, (0, 0, 0, 3)) == 0


def test_invulnerability_and_weakness_shift_the_defence_l1182_l1196() -> None:
    cr = rules()
    assert cr.defence_tier("Mundane", invulnerable=("minor",)) == 2
    assert cr.defence_tier("Extraordinary", weak=("major",)) == -3
    # a Mundane attacker against a defence made Superhuman rolls plain dice; the defender 2d6
    assert cr.dice_for(2, 0).text == "2dF+2d6"


def test_stress_checks_box_k_and_everything_left_l4191_l4199() -> None:
    """Two stress check boxes 1-2; another two find box 2 full and roll up to box 3; a hit
    beyond the last box has no box (taken out or a consequence)."""
    after = check_stress((0, 0, 0, 0, 0), 2)
    assert after == (1, 1, 0, 0, 0)
    assert check_stress(after, 2) == (1, 1, 1, 0, 0)
    assert stress_box((0, 0, 0), 4) is None
    assert stress_box((0, 0, 1), 1) is None  # box 3 checked means 1-3 are


def test_consequences_absorb_2_4_6_and_stack_l4211_l4216() -> None:
    assert absorb(("trifling",), 5) == 3
    assert absorb(("trifling", "middling"), 6) == 0
    cr = rules()
    p = Participant(id="a", tracks={"health": (0, 0, 0)})
    assert cr.consequence_slots(p, "physical") == ("mild", "moderate", "severe")
    assert cr.next_consequence(p, "physical") == "mild"


def test_minions_threshold_and_gang_up_l4465_l4535() -> None:
    cr = rules()
    assert [cr.minion_boxes(q) for q in (1, 2, 3)] == [1, 2, 3]
    assert cr.group_bonus(1) == 0 and cr.group_bonus(4) == 3
    group = Participant(id="g", kind="minions", count=4, quality=2)
    assert cr.consequence_slots(group, "physical") == ()


def test_group_consequences_l4580_l4597() -> None:
    assert group_consequences(0) == {"trifling": 0, "middling": 0, "grievous": 0}
    assert group_consequences(2) == {"trifling": 2, "middling": 1, "grievous": 0}
    assert group_consequences(4)["trifling"] == 4
    assert group_consequences(6) == {"trifling": 6, "middling": 3, "grievous": 0}
    assert group_consequences(9) == {"trifling": 8, "middling": 3, "grievous": 0}


def test_participant_from_a_character_and_results_written_back() -> None:
    """Tracks sized by derive (3 + Stress Capacity, L500, L2504); held harm travels in and the
    encounter's harm comes back in the book's words with its scope."""
    cr = rules()
    hero = professor().model_copy(
        update={
            "condition": StrangeFateCondition(
                health=(True,),
                consequences=(HeldConsequence(severity="middling", scope="mental", text="Shaken"),),
            )
        }
    )
    p = cr.participant_from_character(hero, pid="prof")
    assert {k: len(v) for k, v in p.tracks.items()} == {
        "health": 5,
        "composure": 5,
        "reputation": 3,
    }
    assert p.tracks["health"][0] == 1
    assert [(c.severity, c.kind) for c in p.consequences] == [("moderate", "mental")]
    hit = p.model_copy(update={"tracks": {**p.tracks, "health": (1, 1, 1, 0, 0)}, "fate_points": 2})
    back = cr.apply_results(hero, hit)
    assert back.condition.health == (True, True, True, False, False)
    assert back.condition.consequences[0].severity == "middling"
    assert back.fate_points == 2
