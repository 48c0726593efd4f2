"""The ART Engine encounter (issue #12): initiative not rolled vs Catastrophic, the log in the
book's words, and exploration time (the scale of a phase, time limits, the time spent).

Book lines cite shared/seeds/art-engine-2012.txt. No table is loaded: columns are entered.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.conflict import apply_event
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    ApplyStressEvent,
    Encounter,
    Event,
    GmOverrideEvent,
    NextTurnEvent,
    Participant,
    RollEvent,
    StartEvent,
    SystemActionEvent,
)
from rules.errors import RuleViolation
from rules.systems.art import conflict_time as timing
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import foe_participant, initiative_column, initiative_place
from rules.systems.art.scale import Result
from rules.systems.art.settings import ArtSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_support import balanced_adventurer, catalog


def _foe(pid: str, levels: tuple[int, ...], **ratings: int) -> Participant:
    skills = {f"Health {i}": v for i, v in enumerate(levels, start=1)}
    return foe_participant(pid=pid, name=pid.title(), skills={**ratings, **skills})


def _run(cr: ConflictRules, state: Encounter, *events: Event) -> tuple[Encounter, list[str]]:
    texts = []
    for ev in events:
        state, entry = apply_event(cr, state, ev)
        texts.append(entry.text)
    return state, texts


def _scene(cr: ArtConflictRules, *cast: Participant) -> Encounter:
    return Encounter(name="t", system="art", settings=cr.settings_data, participants=cast)


def _hero(cr: ArtConflictRules, pid: str) -> Participant:
    return cr.participant_from_character(balanced_adventurer(name=pid.title()), pid=pid)


# -- initiative ------------------------------------------------------------------------------


def test_not_rolled_is_not_a_catastrophic_initiative() -> None:
    """L1769-1779: an adventurer's initiative is the column rolled; Catastrophic loses the first
    turn, while one who has not rolled has no initiative at all (shown as such)."""
    cr = ArtConflictRules(catalog())
    state = _scene(cr, _hero(cr, "cat"), _hero(cr, "late"), _foe("orc", (3, 4, 5, 6), Alertness=4))
    state, texts = _run(
        cr, state, RollEvent(who="cat", skill="Initiative", dice=(3,), reading="CT")
    )
    cat, late = state.find("cat"), state.find("late")
    assert cat is not None and late is not None
    assert initiative_column(cat.initiative["physical"]) is Result.CT
    assert not late.initiative and initiative_column(0) is None
    assert cr.initiative_text(cat.initiative["physical"]) == "Catastrophic"
    assert cr.initiative_text(0) == "not rolled"
    assert cr.initiative_text(initiative_place(Result.PR)) == "Poor"
    state, texts = _run(cr, state, StartEvent())
    assert texts[0].startswith(
        "Round 1 begins. Initiative: Orc (Poor), Cat (Catastrophic), Late (not rolled)"
    )
    assert "Cat sits out (Catastrophic initiative loses the first turn)" in texts[0]
    assert "Late sits out" not in texts[0]


def test_a_foe_without_alertness_has_no_initiative() -> None:
    """Foes use their Alertness rating (L1770); without one there is none to read."""
    assert not _foe("x", (3,)).initiative
    assert initiative_column(_foe("y", (3,), Alertness=0).initiative["physical"]) is Result.CT


# -- the log in the book's words --------------------------------------------------------------


def test_rounds_and_damage_by_wound_level_in_the_log() -> None:
    """Chapter 5 "Combat Rounds"; "Recording Damage" (L1410-1432): damage is a wound level
    checked on a box of that level, not a number of points."""
    cr = ArtConflictRules(catalog())
    state = _scene(cr, _hero(cr, "ada"), _foe("orc", (3, 4, 5, 6), Alertness=4))
    state, texts = _run(
        cr, state, StartEvent(), ApplyStressEvent(who="orc", amount=int(Result.PR)), NextTurnEvent()
    )
    assert texts[0].startswith("Round 1 begins")
    assert texts[1] == "Orc takes Poor damage: Health box 2 (Poor)"
    assert cr.hit_text(int(Result.GT)) == "Great damage"
    assert cr.margin_text(2) == "2 columns over"
    _state, texts = _run(cr, state, NextTurnEvent())
    assert texts[-1].startswith("Round 2 begins")


# -- exploration time -------------------------------------------------------------------------


def _explore(scale: timing.Scale = "minutes") -> tuple[ArtConflictRules, Encounter]:
    cr = ArtConflictRules(catalog(), settings=ArtSettings(exploration=True, phase_scale=scale))
    state, _ = _run(cr, _scene(cr, _hero(cr, "ada")), StartEvent())
    return cr, state


def _task(state: Encounter, difficulty: Result, column: str) -> RollEvent:
    return RollEvent(
        who="ada", skill="Dexterity", dice=(50,), difficulty=int(difficulty), reading=column
    )


def _limit(phases: int, task: str = "") -> SystemActionEvent:
    params: dict[str, int | str] = {"phases": phases}
    if task:
        params["task"] = task
    return SystemActionEvent(action="time_limit", actor="ada", params=params)


def test_phases_are_of_the_scenes_scale_and_add_up() -> None:
    """ "Time Scale of Phases" (L1618-1626): a phase is 5 minutes, 1 hour ... 10 years;
    "How Long Did It Take?" (L1644): Pathetic against Catastrophic on the hours scale is 8
    phases, 8 hours."""
    cr, state = _explore("hours")
    state, texts = _run(cr, state, _task(state, Result.CT, "PT"))
    assert "takes 8 phases, 8 hours (token on square 9)" in texts[0]
    ada = state.find("ada")
    assert ada is not None and timing.spent_text(ada) == "8 hours"
    assert "Ada: 8 hours spent; a phase is 1 hour" in cr.time_status(state)
    assert timing.duration_text(3, "minutes") == "15 minutes"
    assert timing.duration_text(2, "decades") == "20 years"


def test_the_safe_example_raises_the_scale_after_a_failure() -> None:
    """ "Rolling Again" (L1663-1665): Poor Dexterity on the hours scale, Pathetic: 3 hours; no
    penalty, so the scale rises to days; Good then takes 3 more days."""
    cr, state = _explore("hours")
    state, texts = _run(cr, state, _task(state, Result.PR, "PT"), NextTurnEvent())
    assert "takes 3 phases, 3 hours" in texts[0]
    state, texts = _run(cr, state, SystemActionEvent(action="raise_scale", actor="ada"))
    assert "next attempts are on the scale of days (a phase is 1 day)" in texts[0]
    state, texts = _run(cr, state, _task(state, Result.PR, "GD"))
    assert "takes 3 phases, 3 days" in texts[0]
    ada = state.find("ada")
    assert ada is not None and timing.spent_text(ada) == "3 days 3 hours"


def test_a_time_limit_aborts_a_task_that_would_take_longer() -> None:
    """ "Setting Time Limits" (L1677-1681): announced before rolling; a task taking more phases
    than the limit is left incomplete after the limit, neither success nor failure; within the
    limit it runs its course, and the limit is used up by the roll."""
    cr, state = _explore()
    state, texts = _run(
        cr, state, SystemActionEvent(action="time_limit", actor="ada", params={"phases": 3})
    )
    assert texts[0].startswith("Ada gives the next task at most 3 phases (15 minutes)")
    assert "next task limited to 3 phases (15 minutes)" in cr.time_status(state)
    state, texts = _run(cr, state, _task(state, Result.CT, "PT"))  # would take 8
    assert "would take 8 phases, over the limit of 3: aborted after 15 minutes" in texts[0]
    assert "neither success nor failure" in texts[0] and "(token on square 4)" in texts[0]
    assert " vs " not in texts[0]  # no verdict: aborted, neither success nor failure
    ada = state.find("ada")
    assert ada is not None and timing.limit_of(ada) is None
    assert "limited" not in cr.time_status(state)
    state, _ = _run(cr, state, NextTurnEvent())
    # another task (the one aborted is not tried again, see the next test)
    state, _ = _run(cr, state, _limit(1, "climb the wall"))
    state, texts = _run(cr, state, _task(state, Result.PR, "SP"))  # 1 phase, within 1
    assert "takes 1 phase, 5 minutes" in texts[0] and "aborted" not in texts[0]


def test_an_aborted_task_is_not_tried_again_without_a_gm_override() -> None:
    """ "Setting Time Limits" (L1677-1681): a task aborted at its limit is not to be tried again
    before the next session. A new time limit naming it is refused (nothing changes, the reason
    is logged); a GM override lets it through once (spent on it); another task is not held up."""
    cr, state = _explore()
    state, texts = _run(cr, state, _limit(2, "pick the lock"), _task(state, Result.CT, "PT"))
    assert texts[0].startswith("Ada gives \u201cpick the lock\u201d at most 2 phases")
    assert "aborted after 10 minutes" in texts[1]
    ada = state.find("ada")
    assert ada is not None and timing.aborted_tasks(ada) == ("pick the lock",)
    state, _ = _run(cr, state, NextTurnEvent())
    before = state
    state, texts = _run(cr, state, _limit(3, "Pick the  LOCK"))
    assert state.participants == before.participants
    assert "may not try \u201cPick the LOCK\u201d again" in texts[0]
    assert "not to be tried again before the next session" in texts[0]
    assert "GM override" in texts[0]
    state, texts = _run(cr, state, _limit(3, "climb the wall"))  # another task: allowed
    assert "\u201cclimb the wall\u201d at most 3 phases" in texts[0]
    state, texts = _run(cr, state, GmOverrideEvent(who="ada", reason="a new lock pick"))
    state, texts = _run(cr, state, _limit(3, "pick the lock"))
    assert "GM override" in texts[0] and "at most 3 phases" in texts[0]
    assert state.overrides == ()
    ada = state.find("ada")
    assert ada is not None and timing.aborted_tasks(ada) == ()
    state, texts = _run(cr, state, _task(state, Result.PR, "GD"))
    assert "takes 3 phases" in texts[0] and "aborted" not in texts[0]


def test_an_unnamed_task_is_the_trait_rolled() -> None:
    """A limit naming no task: the trait rolled is the task. A roll of that trait under a new
    limit is refused (the token stays, the limit stays), whatever the column."""
    cr, state = _explore()
    state, texts = _run(cr, state, _limit(1), _task(state, Result.CT, "PT"))
    assert "aborted after 5 minutes" in texts[1]
    ada = state.find("ada")
    assert ada is not None and timing.aborted_tasks(ada) == ("Dexterity",)
    state, _ = _run(cr, state, NextTurnEvent(), _limit(5))
    before = state
    state, texts = _run(cr, state, _task(state, Result.PR, "AW"))
    assert state.find("ada") == before.find("ada")
    assert "may not try \u201cDexterity\u201d again" in texts[0]
    assert "a time limit naming \u201cDexterity\u201d" in texts[0]
    state, texts = _run(
        cr,
        state,
        GmOverrideEvent(who="ada", reason="fresh eyes"),
        _limit(5, "Dexterity"),
        _task(state, Result.PR, "AW"),
    )
    assert "takes less than a phase" in texts[2] and "may not" not in texts[2]
    assert cr.participant_options_problem({"aborted_tasks": ("",)}) is not None
    assert cr.participant_options_problem({"aborted_tasks": ("x",), "time_limit_task": "x"}) is None


def test_time_actions_belong_to_exploration() -> None:
    """Time limits and scales are Chapter 4's (phases), not combat rounds'."""
    cr = ArtConflictRules(catalog())
    state = _scene(cr, _hero(cr, "ada"))
    with pytest.raises(RuleViolation, match="exploration phases"):
        cr.apply_action(state, SystemActionEvent(action="raise_scale", actor="ada"))
    cr2, state2 = _explore("decades")
    with pytest.raises(RuleViolation, match="longest scale"):
        cr2.apply_action(state2, SystemActionEvent(action="raise_scale", actor="ada"))
    assert cr.participant_options_problem({"time": (1, 2)}) is not None
    assert cr.participant_options_problem({"time_limit": (0, 0)}) is not None
    assert cr.participant_options_problem({"scale_raised": 2, "time": (0,) * 7}) is None
