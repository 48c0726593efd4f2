"""Encounter scripts and stored payloads (docs/encounter-script.md), without any file I/O."""

from __future__ import annotations

from typing import Any

import pytest

from rules.encounter import Encounter
from rules.encounter_script import (
    EncounterScriptError,
    build_encounter,
    from_payload,
    parse_script,
    run_events,
    state_summary,
    to_payload,
)
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import SotcSettings


def _no_files(character: Any, rules: SotcSettings) -> Any:
    raise AssertionError("no character files in this script")


def test_htdt_switches_shape_the_cast(sotc: Any) -> None:
    """ "How To Do Things": 3 boxes + band; companions 1 + quality; Fair minions 2 boxes each."""
    script = parse_script(
        {
            "rules": {"stress_boxes": 3, "companions_have_stress": True},
            "cast": [
                {"id": "npc", "npc": {"skills": {"Endurance": 3, "Resolve": 1}}},
                {"id": "dog", "companion": {"quality": "Good", "patron": "npc"}},
                {"id": "mob", "minions": {"quality": "Fair", "count": 3}},
            ],
        }
    )
    state = build_encounter(script, {}, _no_files, sotc.ladder)
    npc, dog, mob = state.participants
    assert (len(npc.health), len(npc.composure)) == (3 + 2, 3 + 1)
    assert len(dog.health) == 4 and dog.attached_to == "npc"
    assert len(mob.health) == 6 and mob.remaining == 3


def test_character_files_bring_their_condition(sotc: Any) -> None:
    script = parse_script({"cast": [{"id": "pc", "file": "pc.json", "side": "heroes"}]})
    pc = SotcCharacter(name="Pat", skills={"Endurance": 5}, fate_points=2)
    pc = pc.model_copy(update={"condition": pc.condition.model_copy(update={"health": (True,)})})
    state = build_encounter(script, {"pc": pc}, sotc.derive, sotc.ladder)
    (p,) = state.participants
    assert p.health == (True, False, False, False, False, False, False, False)
    assert p.fate_points == 2 and p.character_id == pc.id
    with pytest.raises(EncounterScriptError, match="not loaded"):
        build_encounter(script, {}, sotc.derive, sotc.ladder)


@pytest.mark.parametrize(
    ("doc", "needle"),
    [
        ({"cast": [{"id": "a", "npc": {}}, {"id": "a", "npc": {}}]}, "two cast members"),
        ({"cast": [{"id": "bad id", "npc": {}}]}, "cast[0].id"),
        ({"conflict": "musical"}, "conflict"),
        ({"events": [{"do": "attack", "attacker": "a"}]}, "events[0]"),
    ],
)
def test_bad_scripts_name_the_field(doc: dict[str, Any], needle: str) -> None:
    with pytest.raises(EncounterScriptError, match=needle.replace("[", r"\[")):
        parse_script(doc)


def test_unknown_zone_and_patron_are_refused(sotc: Any) -> None:
    for doc in (
        {"cast": [{"id": "a", "npc": {}, "zone": "moon"}]},
        {"cast": [{"id": "d", "companion": {"patron": "nobody"}}]},
        {"scene": {"borders": [{"between": ["x", "y"]}]}},
    ):
        with pytest.raises(EncounterScriptError):
            build_encounter(parse_script(doc), {}, _no_files, sotc.ladder)


def test_payload_round_trip_and_newer_versions_refused(rng: Any) -> None:
    script = parse_script(
        {
            "cast": [
                {"id": "a", "npc": {"skills": {"Fists": 2}}},
                {"id": "m", "minions": {"count": 2}},
            ],
            "events": [
                {"do": "start"},
                {
                    "do": "attack",
                    "attacker": "a",
                    "defender": "m",
                    "skill": "Fists",
                    "defense_skill": "Fists",
                },
            ],
        }
    )
    initial = build_encounter(script, {}, _no_files)
    state, log = run_events(initial, script.events, rng)
    back = from_payload(to_payload(initial, log, state))
    assert back.state == state and back.initial == initial and back.log == log
    assert set(state_summary(state, log)["participants"]) == {"a", "m"}
    with pytest.raises(EncounterScriptError, match="newer"):
        from_payload({"version": 99})
    with pytest.raises(EncounterScriptError, match="damaged"):
        from_payload({"version": 1, "initial": {"kind": "x"}, "state": {}})
    assert isinstance(back.initial, Encounter)
