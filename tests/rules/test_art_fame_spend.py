"""Spending Fame before a roll in an ART encounter (issue #12): the ``spend_fame`` system action
(ART Engine "Using Fame Before Rolling", L1075-1077: +2 on the trait per Fame) and its block on
regaining ("Regaining Fame", L1091-1093: "You cannot regain Fame if you spent Fame to improve
your roll"; docs/rules-notes.md A17). Book lines cite shared/seeds/art-engine-2012.txt. Rows
are read on the INVENTED test table of test_art_support (only the row number matters here) or
columns are entered as read off a printed table: no published number is used.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.conflict import apply_event
from rules.encounter import AttackEvent, Encounter, Event, RollEvent, StartEvent, SystemActionEvent
from rules.systems.art import conflict_fame as fame
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import foe_participant, options_problem

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_support import balanced_adventurer, catalog, fake_table


@pytest.fixture
def cr() -> ArtConflictRules:
    """The invented table loaded: the row a roll is read on shows in the log."""
    return ArtConflictRules(catalog(), fake_table())


def _scene(cr: ArtConflictRules, fame_rating: int = 3, spent: int = 0) -> Encounter:
    hero = balanced_adventurer(fame=fame_rating, fame_spent=spent)  # Strength 7: row 7
    ada = cr.participant_from_character(hero, pid="ada")
    foe = foe_participant(
        pid="ghoul", name="Ghoul", skills={"Defense": 4, "Health 1": 3, "Health 2": 4}
    )
    return Encounter(name="t", system="art", settings=cr.settings_data, participants=(ada, foe))


def _spend(n: int, who: str = "ada") -> SystemActionEvent:
    return SystemActionEvent(action=fame.SPEND_FAME, actor=who, params={"fame": n})


def _roll(face: int = 50, **kw: object) -> RollEvent:
    return RollEvent.model_validate(
        {"who": "ada", "skill": "Strength", "dice": [face], "difficulty": 5, **kw}
        | {"uses_action": False}  # several rolls in one exchange
    )


def _run(cr: ArtConflictRules, state: Encounter, *events: Event) -> tuple[Encounter, list[str]]:
    texts = []
    for ev in events:
        state, entry = apply_event(cr, state, ev)
        texts.append(entry.text)
    return state, texts


def _ada(state: Encounter) -> tuple[int, dict[str, object]]:
    p = state.find("ada")
    assert p is not None
    return p.fate_points, dict(p.options)


def test_the_action_is_offered_in_both_modes(cr: ArtConflictRules) -> None:
    """Fame is spent on any trait roll (L1077), in combat rounds and exploration phases."""
    assert fame.ACTION in cr.actions()
    state = _scene(cr)
    assert cr.action_applies(state, fame.SPEND_FAME)
    explore = cr.for_settings({"exploration": True})
    assert explore.action_applies(state, fame.SPEND_FAME)


def test_each_fame_spent_before_rolling_adds_two_to_the_trait(cr: ArtConflictRules) -> None:
    """L1077: "For every point of Fame that you expend before making a die roll you gain +2 on
    your trait": 2 Fame take Strength 7 to row 11; the Fame leaves the available Fame at once
    and the bonus waits in the option until the roll uses it up."""
    state, texts = _run(cr, _scene(cr, fame_rating=3), _spend(2))
    points, options = _ada(state)
    assert points == 1 and options[fame.OPT_FAME_BEFORE] == 2
    assert "Ada spends 2 Fame before rolling: +4 on the next roll" in texts[0]
    assert "(1 Fame left)" in texts[0]
    state, texts = _run(cr, state, _roll())
    assert "row 11, d100 50" in texts[0]
    assert "+4 for 2 Fame spent before rolling" in texts[0]
    points, options = _ada(state)
    assert points == 1 and fame.OPT_FAME_BEFORE not in options
    state, texts = _run(cr, state, _roll())  # used up: the next roll is on row 7 again
    assert "row 7, d100 50" in texts[0] and "Fame" not in texts[0]


def test_spends_add_up_before_the_roll(cr: ArtConflictRules) -> None:
    """Two spends before one roll: 1 + 1 Fame, +4 in all (L1077)."""
    state, texts = _run(cr, _scene(cr, fame_rating=3), _spend(1), _spend(1), _roll())
    assert "+4 on the next roll" in texts[1] and "row 11" in texts[2]
    assert _ada(state)[0] == 1


def test_too_little_fame_is_refused_with_the_reason(cr: ArtConflictRules) -> None:
    """Fame (L503): "When the tally marks equal your Fame you can no longer use Fame": with 1
    of 3 left, spending 2 is refused, the reason logged, nothing changed."""
    before = _scene(cr, fame_rating=3, spent=2)
    state, texts = _run(cr, before, _spend(2))
    assert texts[0].startswith("Ada may not spend 2 Fame before rolling: 1 Fame left to spend")
    assert _ada(state) == _ada(before)


def test_a_foe_has_no_fame_to_spend(cr: ArtConflictRules) -> None:
    """Foes have no Fame (Chapter 2 "Fame" is the adventurer's): refused with the reason."""
    state, texts = _run(cr, _scene(cr), _spend(1, who="ghoul"))
    assert texts[0].startswith("Ghoul may not spend 1 Fame before rolling: only adventurers")
    assert state.find("ghoul") == _scene(cr).find("ghoul")


def test_an_awesome_roll_that_used_fame_regains_none(cr: ArtConflictRules) -> None:
    """L1093: "You cannot regain Fame if you spent Fame to improve your roll": with 1 Fame spent
    before it, an Awesome roll leaves the tally as it is, and the log says why."""
    state, texts = _run(cr, _scene(cr, fame_rating=3), _spend(1), _roll(reading="Awesome"))
    assert _ada(state)[0] == 2
    assert "no Fame regained" in texts[1] and "recovers" not in texts[1]


def test_an_awesome_roll_without_fame_still_regains(cr: ArtConflictRules) -> None:
    """L1091-1092: the next roll, which used no Fame, regains all expended Fame on Awesome."""
    state, _ = _run(cr, _scene(cr, fame_rating=3), _spend(1), _roll(reading="Awesome"))
    state, texts = _run(cr, state, _roll(reading="Awesome"))
    assert _ada(state)[0] == 3
    assert "Awesome: Ada recovers all expended Fame (1 back, 3 to spend)" in texts[0]


def test_a_contest_leaves_the_fame_pending(cr: ArtConflictRules) -> None:
    """An attack is not a roll against a difficulty: it neither adds nor uses up the Fame spent
    before rolling (the core applies a roll's options only to a ``roll`` event; rules-notes),
    and the log says the Fame waits; the next roll against a difficulty uses it."""
    state, _ = _run(cr, _scene(cr), StartEvent(), _spend(1))
    attack = AttackEvent(
        attacker="ada", defender="ghoul", skill="Strength", defense_skill="Defense",
        dice=[50], defense_dice=[50],
    )  # fmt: skip
    state, texts = _run(cr, state, attack)
    assert "row 7, d100 50" in texts[0]
    assert "the 1 Fame spent before rolling waits" in texts[0]
    assert _ada(state)[1][fame.OPT_FAME_BEFORE] == 1


def test_the_pending_option_is_checked() -> None:
    """The option holds a whole number of Fame, at least 1."""
    assert options_problem({fame.OPT_FAME_BEFORE: 2}) is None
    for bad in (0, -1, True, "2"):
        assert options_problem({fame.OPT_FAME_BEFORE: bad}) is not None


def test_spending_fame_is_not_the_round_s_action(cr: ArtConflictRules) -> None:
    """Spending Fame is part of making the roll (L1077, "before making a die roll"), not an
    action of its own: in a combat round the roll after it still takes the action."""
    state, _ = _run(cr, _scene(cr), StartEvent(), _spend(1))
    ada = state.find("ada")
    assert ada is not None and not ada.acted
    roll = RollEvent(who="ada", skill="Strength", dice=(50,), difficulty=5)
    state, texts = _run(cr, state, roll)
    assert "+2 for 1 Fame spent before rolling" in texts[0] and "row 9" in texts[0]
