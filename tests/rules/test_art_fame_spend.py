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

from rules.conflict import apply_event, replay
from rules.encounter import (
    AddZoneEvent,
    AttackEvent,
    Encounter,
    Event,
    PlaceEvent,
    RollEvent,
    StartEvent,
    SystemActionEvent,
)
from rules.systems.art import conflict_fame as fame
from rules.systems.art import conflict_move as moving
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
        pid="ghoul", name="Ghoul", skills={"Attack": 5, "Defense": 4, "Health 1": 3, "Health 2": 4}
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


def _attack(**kw: object) -> AttackEvent:
    return AttackEvent.model_validate(
        {"attacker": "ada", "defender": "ghoul", "skill": "Strength", "defense_skill": "Defense",
         "dice": [50], "defense_dice": [50]} | kw
    )  # fmt: skip


def test_an_attack_roll_uses_the_fame_up(cr: ArtConflictRules) -> None:
    """L1077 "before making a die roll": the attack roll is one. 1 Fame spent takes Strength 7
    to row 9 for the attack, the option is used up (the core applies the attacker's reading's
    options), and the next roll is on row 7 again with no Fame on it."""
    state, _ = _run(cr, _scene(cr), StartEvent(), _spend(1))
    state, texts = _run(cr, state, _attack())
    assert "row 9, d100 50" in texts[0]
    assert "+2 for 1 Fame spent before rolling" in texts[0]
    points, options = _ada(state)
    assert points == 2 and fame.OPT_FAME_BEFORE not in options
    state, texts = _run(cr, state, _roll())
    assert "row 7, d100 50" in texts[0] and "Fame" not in texts[0]


def test_a_defence_roll_uses_the_fame_up(cr: ArtConflictRules) -> None:
    """L1077: the adventurer's Defense roll against a foe's attack is a die roll too: 2 Fame
    spent before it move it 4 rows, and it uses them up (the core applies the defender's
    reading's options)."""
    plain, _ = _run(cr, _scene(cr), StartEvent())
    attack = _attack(attacker="ghoul", defender="ada", skill="Attack", dice=[1])
    _, base = _run(cr, plain, attack)
    spent, _ = _run(cr, plain, _spend(2))
    state, texts = _run(cr, spent, attack)
    row = int(base[0].split("row ")[1].split(",")[0])
    assert f"row {row + 4}, d100 50" in texts[0]
    assert "+4 for 2 Fame spent before rolling" in texts[0]
    assert fame.OPT_FAME_BEFORE not in _ada(state)[1] and _ada(state)[0] == 1


def test_an_awesome_attack_that_used_fame_regains_none(cr: ArtConflictRules) -> None:
    """L1093: "You cannot regain Fame if you spent Fame to improve your roll": an attack read
    as Awesome with Fame spent before it leaves the Fame spent."""
    state, _ = _run(cr, _scene(cr), StartEvent(), _spend(1))
    state, texts = _run(cr, state, _attack(reading="Awesome"))
    assert "no Fame regained" in texts[0] and "recovers" not in texts[0]
    assert _ada(state)[0] == 2


def test_an_attack_with_fame_replays_alike(cr: ArtConflictRules) -> None:
    """Replaying the log of a spend and the attack that used it gives the same state and log."""
    initial = _scene(cr)
    state, log = replay(cr, initial, [StartEvent(), _spend(2), _attack(), _roll()])
    assert replay(cr, initial, [e.event for e in log]) == (state, log)
    assert fame.OPT_FAME_BEFORE not in _ada(state)[1]


def test_the_movement_roll_holds_the_fame_back(cr: ArtConflictRules) -> None:
    """The Agility roll of ``move_bands`` (Range Track movement) applies no reading's options,
    so it cannot use the Fame up: it is read on Agility 7's row without it, the log says the
    Fame waits, and the attack after it gets the +2 (L1077)."""
    events: list[Event] = [AddZoneEvent(zone=b) for b in ("b1", "b2", "b3")]
    events += [PlaceEvent(who="ada", zone="b1"), PlaceEvent(who="ghoul", zone="b3")]
    state, _ = _run(cr, _scene(cr), *events, StartEvent(), _spend(1))
    move = SystemActionEvent(
        action=moving.MOVE_BANDS, actor="ada", params={"to": "b2", "reading": "Poor"},
        dice=((50,),),
    )  # fmt: skip
    state, texts = _run(cr, state, move)
    assert "row 7, d100 50" in texts[0]
    assert "the 1 Fame spent before rolling waits for the next roll" in texts[0]
    assert _ada(state)[1][fame.OPT_FAME_BEFORE] == 1
    state, texts = _run(cr, state, _attack())
    assert "row 9" in texts[0] and fame.OPT_FAME_BEFORE not in _ada(state)[1]


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
