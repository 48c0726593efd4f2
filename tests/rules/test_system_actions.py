"""The system-action seam (issue 13, "Special maneuvers and hazards"): a system lists actions of
its own (``ConflictRules.actions``) and applies them (``apply_action``) with the engine's steps;
the engine checks the parameters against the spec, draws the dice a script leaves out, logs and
replays the event like any other. The system here is the made-up one of
test_encounter_fake_system.py, given one action ("quake": a hit of ``force`` on every target,
with one roll to soften it), so nothing SotC-specific is needed for the seam to work."""

from __future__ import annotations

import random

import pytest

from rules import conflict
from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, SystemActionEvent
from rules.encounter_script import parse_script, run_events
from rules.errors import RuleViolation
from tests.rules.test_encounter_fake_system import LevelsRules

QUAKE = ActionSpec(
    name="quake", label="Quake", section="Fake book, Quakes", group="Hazards", actor="none",
    min_targets=1, max_targets=3,
    params=(
        ActionParam(name="force", label="Force", minimum=1, maximum=6),
        ActionParam(name="where", label="Where", type="choice", choices=("here", "there"),
                    default="here"),
        ActionParam(name="warned", label="Warned", type="bool", default=False),
    ),
)  # fmt: skip


class QuakeRules(LevelsRules):
    """The fake system with one action of its own, built from :mod:`rules.conflict.steps`."""

    def actions(self) -> tuple[ActionSpec, ...]:
        return (QUAKE,)

    def action_rolls(self, event: SystemActionEvent) -> int:
        return 1

    def apply_action(self, state: Encounter, event: SystemActionEvent) -> tuple[Encounter, str]:
        faces = (event.dice or ((),))[0]
        soften = self.resolve(self.dice_for(), faces) if faces else 0
        force = int(event.params["force"]) - (1 if event.params["warned"] else 0)
        parts = [f"quake {event.params['where']} ({soften:+d})"]
        for pid in event.targets:
            state, text = steps.hit(state, self, pid, max(1, force))
            parts.append(text)
        return state, "; ".join(parts)


CR: ConflictRules = QuakeRules()


def _state() -> Encounter:
    a = CR.npc_participant(pid="a", name="Ann", skills={"Reflexes": 2})
    b = CR.npc_participant(pid="b", name="Bo", skills={"Reflexes": 1})
    return Encounter(system="fake", participants=(a, b))


def test_defaults_offer_no_actions_and_refuse_one() -> None:
    """A system that adds nothing (ConflictHookDefaults) lists no actions and refuses any."""
    plain = LevelsRules()
    assert plain.actions() == ()
    with pytest.raises(RuleViolation, match="no action 'quake'"):
        conflict.system_action(plain, _state(), action="quake", targets=("a",))


def test_an_action_is_checked_applied_logged_and_replayed() -> None:
    state = _state()
    event = SystemActionEvent(
        action="quake", targets=("a", "b"), params={"force": 3}, dice=((3, 4),)
    )
    new, entry = conflict.apply_event(CR, state, event)
    assert new.find("a").track("wounds")[0] == 2  # type: ignore[union-attr]
    assert new.find("b").track("wounds")[0] == 2  # type: ignore[union-attr]
    assert entry.text.startswith("quake here (+0); Ann takes 3 wounds stress")
    assert entry.text.endswith("(Fake book, Quakes)")
    assert entry.event == event  # logged as given: defaults are not written in
    replayed, log = conflict.replay(CR, state, [entry.event])
    assert replayed == new and log[0].text == entry.text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"targets": ("a",)}, "needs force"),
        ({"targets": ("a",), "params": {"force": 9}}, "between 1 and 6"),
        ({"targets": ("a",), "params": {"force": True}}, "whole number"),
        ({"targets": ("a",), "params": {"force": 2, "where": "elsewhere"}}, "one of here, there"),
        ({"targets": ("a",), "params": {"force": 2, "warned": 1}}, "true or false"),
        ({"targets": ("a",), "params": {"force": 2, "size": 1}}, "no parameter 'size'"),
        ({"targets": (), "params": {"force": 2}}, "takes 1 to 3 target"),
        ({"targets": ("a", "a"), "params": {"force": 2}}, "names a target twice"),
        ({"targets": ("zed",), "params": {"force": 2}}, "no participant 'zed'"),
        ({"actor": "a", "targets": ("b",), "params": {"force": 2}}, "has no actor"),
    ],
)
def test_parameters_are_checked_against_the_spec(kwargs: dict, message: str) -> None:
    state = _state()
    with pytest.raises(RuleViolation, match=message):
        conflict.system_action(CR, state, action="quake", **kwargs)


def test_missing_dice_are_drawn_from_the_seed_and_kept() -> None:
    event = SystemActionEvent(action="quake", targets=("a",), params={"force": 2})
    filled = conflict.fill_dice(CR, event, random.Random(5))
    assert filled.dice is not None and len(filled.dice) == 1 and len(filled.dice[0]) == 2
    again = conflict.fill_dice(CR, event, random.Random(5))
    assert again == filled
    # dice given are kept; an unknown action draws none
    given = event.model_copy(update={"dice": ((1, 1),)})
    assert conflict.fill_dice(CR, given, random.Random(5)) == given
    odd = SystemActionEvent(action="nope")
    assert conflict.fill_dice(CR, odd, random.Random(5)) == odd


def test_scripts_accept_system_actions() -> None:
    script = parse_script(
        {
            "format": "fatesmith-encounter-script",
            "events": [{"do": "system_action", "action": "quake", "targets": ["b"],
                        "params": {"force": 5, "warned": True}, "dice": [[6, 6]]}],
        }
    )  # fmt: skip
    state, log = run_events(CR, _state(), script.events, random.Random(1))
    assert state.find("b").track("wounds")[0] == 2  # type: ignore[union-attr]
    assert "quake here (+5)" in log[0].text


def test_a_stored_encounter_with_system_actions_reads_back_and_replays() -> None:
    """The library's payload keeps system actions (params, dice) like any other event."""
    import json

    from rules.encounter_script import from_payload, to_payload

    initial = _state()
    state, entry = conflict.system_action(
        CR, initial, action="quake", targets=("a",), params={"force": 4, "where": "there"},
        dice=((2, 5),),
    )  # fmt: skip
    data = json.loads(json.dumps(to_payload(initial, (entry,), state)))
    back = from_payload(data)
    assert back.log == (entry,) and back.state == state
    replayed, _ = conflict.replay(CR, back.initial, [e.event for e in back.log])
    assert replayed == state
