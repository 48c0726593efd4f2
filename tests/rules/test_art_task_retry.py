"""ART Engine exploration: a bare roll (no time limit) names its task with ``name_task``, so a
retry of a task aborted at its limit is caught (issue #12; rules/systems/art/conflict_time.py).

"Setting Time Limits" (shared/seeds/art-engine-2012.txt L1683-1685): "Aborted actions cannot be
attempted again until the next gaming session" - any attempt, not only one under a new limit.
No table is loaded: the columns are entered.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.encounter import GmOverrideEvent, NextTurnEvent, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.art import conflict_time as timing
from rules.systems.art.scale import Result

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_conflict_time import _explore, _limit, _run, _task


def _name(task: str) -> SystemActionEvent:
    return SystemActionEvent(action="name_task", actor="ada", params={"task": task})


def test_a_bare_retry_of_an_aborted_task_is_refused_and_logged() -> None:
    """Aborted at its limit (L1683-1685), "pick the lock" named before a bare roll is refused,
    and so is the roll after it (the token stays); another task goes on."""
    cr, state = _explore()
    state, texts = _run(cr, state, _limit(2, "pick the lock"), _task(state, Result.CT, "PT"))
    assert "aborted after 10 minutes" in texts[1]
    state, _ = _run(cr, state, NextTurnEvent())
    state, texts = _run(cr, state, _name("Pick the lock"))
    assert "may not try \u201cPick the lock\u201d again" in texts[0]
    assert "GM override" in texts[0]
    before = state.find("ada")
    state, texts = _run(cr, state, _task(state, Result.PR, "AW"))  # no limit: still caught
    assert state.find("ada") == before
    assert "may not try \u201cPick the lock\u201d again" in texts[0]
    state, texts = _run(cr, state, _name("climb the wall"), _task(state, Result.PR, "GD"))
    assert texts[0].startswith("Ada's next roll attempts \u201cclimb the wall\u201d")
    assert "takes 3 phases" in texts[1] and "may not" not in texts[1]
    ada = state.find("ada")
    assert ada is not None and timing.OPT_TASK not in ada.options  # held until that roll


def test_a_gm_override_lets_the_named_task_be_tried_again() -> None:
    """The engine's GM override: spent on the named task, which is no longer aborted."""
    cr, state = _explore()
    state, _ = _run(cr, state, _limit(1, "pick the lock"), _task(state, Result.CT, "PT"))
    state, texts = _run(
        cr, state, NextTurnEvent(), GmOverrideEvent(who="ada", reason="a spare lock pick"),
        _name("pick the lock"), _task(state, Result.PR, "AW"),
    )  # fmt: skip
    assert "GM override: tried again before the next session" in texts[2]
    assert "takes less than a phase" in texts[3]
    ada = state.find("ada")
    assert ada is not None and timing.aborted_tasks(ada) == () and state.overrides == ()


def test_a_bare_roll_without_a_named_task_is_not_checked() -> None:
    """With neither a limit nor a named task, the roll's task is unknown: the trait alone
    would refuse every later Dexterity roll, so nothing is refused."""
    cr, state = _explore()
    state, _ = _run(cr, state, _limit(1), _task(state, Result.CT, "PT"))
    ada = state.find("ada")
    assert ada is not None and timing.aborted_tasks(ada) == ("Dexterity",)
    state, texts = _run(cr, state, NextTurnEvent(), _task(state, Result.PR, "AW"))
    assert "may not" not in texts[1] and "takes less than a phase" in texts[1]
    with pytest.raises(RuleViolation, match="name the task"):
        _run(cr, state, _name("  "))
