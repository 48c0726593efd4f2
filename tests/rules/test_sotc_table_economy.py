"""Issue 13, "Wrong today": the action economy, enforced by the engine with a logged GM override.

SotC "Taking Action" (SRD L1227 on): one action in each exchange; free actions (defense rolls,
simple actions the GM calls free: ``roll`` with ``uses_action: false``) are unlimited (SRD
L1256); full defense forgoes the character's action (SRD L1264); a supplemental action goes
with the primary one (moving one zone, SRD L1292), so not after it; a sprint is the action.
"""

from __future__ import annotations

import json

import pytest

from rules import conflict
from rules.encounter import AttackEvent, Border, Encounter, GmOverrideEvent, MoveEvent, Zone
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import SotcSettings

CR = SotcConflictRules()
Z4 = (0, 0, 0, 0)


def _fight() -> Encounter:
    cast = tuple(
        npc_participant(
            pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), seat=i, side=pid
        )
        for i, (pid, skills) in enumerate(
            (("ann", {"Fists": 3, "Alertness": 3}), ("bob", {"Fists": 1, "Athletics": 1}))
        )
    )
    zones = (Zone(id="dock"), Zone(id="shed"))
    state = Encounter(system="sotc", participants=cast, zones=zones,
                      borders=(Border(between=("dock", "shed")),))  # fmt: skip
    state, _ = conflict.start(CR, state)
    return state


def _punch(state: Encounter, attacker: str = "ann", defender: str = "bob") -> Encounter:
    state, _ = conflict.attack(
        CR, state, attacker=attacker, defender=defender, skill="Fists", defense_skill="Athletics",
        dice=Z4, defense_dice=Z4,
    )  # fmt: skip
    state, _ = conflict.apply_stress(CR, state, who=defender)
    return state


def test_one_action_an_exchange_and_the_gm_override_is_logged_and_spent() -> None:
    state = _punch(_fight())
    with pytest.raises(RuleViolation, match=r"Ann has already acted this exchange.*GM override"):
        _punch(state)
    state, entry = conflict.gm_override(CR, state, "ann", "a dramatic second blow")
    assert "GM override: Ann may take one more action" in entry.text
    assert "a dramatic second blow" in entry.text
    assert state.overrides == ("ann",)
    state = _punch(state)  # allowed once ...
    assert state.overrides == ()
    with pytest.raises(RuleViolation, match="already acted"):
        _punch(state)  # ... and only once
    # a new exchange gives everyone their action back (and drops an unspent override)
    state, _ = conflict.gm_override(CR, state, "bob", "unused")
    state, _ = conflict.next_exchange(CR, state)
    assert state.overrides == ()
    _punch(state)


def test_full_defense_is_the_action() -> None:
    """SRD L1264: by forgoing his normal action he gains +2 on defenses."""
    state, _ = conflict.full_defense(CR, _fight(), "ann")
    with pytest.raises(RuleViolation, match="Ann is on full defense, which is the action"):
        _punch(state)
    with pytest.raises(RuleViolation, match=r"already acted|full defense"):
        conflict.full_defense(CR, _punch(_fight()), "ann")


def test_free_actions_are_unlimited_and_a_supplemental_move_goes_before_the_action() -> None:
    state = _fight()
    for _ in range(3):  # SRD L1256: no limit on free actions
        state, _ = conflict.roll(CR, state, who="ann", skill="Alertness", dice=Z4,
                                 uses_action=False)  # fmt: skip
    state, entry = conflict.move(CR, state, who="ann", to="dock")  # placing: free
    state, entry = conflict.move(CR, state, who="ann", to="shed")  # supplemental: -1
    assert "-1 on this turn's action" in entry.text
    state = _punch(state, "ann", "bob")
    with pytest.raises(RuleViolation, match="cannot move as a supplemental action"):
        conflict.move(CR, state, who="ann", to="dock")
    with pytest.raises(RuleViolation, match="cannot sprint"):
        conflict.move(CR, state, who="ann", to="dock", sprint=True, dice=Z4)


def test_the_override_is_a_script_step_and_replays() -> None:
    """The same events replayed give the same fight, the override included."""
    state = _fight()
    events = [
        AttackEvent(attacker="ann", defender="bob", skill="Fists", defense_skill="Athletics",
                    dice=Z4, defense_dice=Z4),
        GmOverrideEvent(who="ann", reason="Lightning reflexes"),
        MoveEvent(who="bob", to="dock"),
    ]  # fmt: skip
    final, log = conflict.replay(CR, state, events)
    again, _ = conflict.replay(CR, state, [e.event for e in log])
    assert again == final and final.overrides == ("ann",)
    # in a script the step is {"do": "gm_override", "who": ..., "reason": ...}
    from rules.encounter_script import parse_script

    script = parse_script(
        {"format": "fatesmith-encounter-script", "format_version": 2, "system": "sotc",
         "events": [{"do": "gm_override", "who": "ann", "reason": "Lightning reflexes"}]}
    )  # fmt: skip
    assert script.events[0] == events[1]
    with pytest.raises(Exception, match="reason"):
        parse_script(json.loads('{"format": "fatesmith-encounter-script", "system": "sotc", '
                                '"events": [{"do": "gm_override", "who": "ann"}]}'))  # fmt: skip
