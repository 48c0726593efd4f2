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
from rules.systems.sotc.conflict import SotcConflictRules


def build(script: Any, characters: dict[str, Any], sotc: Any, ladder: Any = None) -> Encounter:
    """``build_encounter`` under SotC's conflict rules with the script's settings."""
    cr = sotc.conflict_rules(sotc.parse_settings(script.settings))
    return build_encounter(script, characters, cr, ladder, system="sotc")


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
    state = build(script, {}, sotc, sotc.ladder)
    npc, dog, mob = state.participants
    assert (len(npc.track("health")), len(npc.track("composure"))) == (3 + 2, 3 + 1)
    assert len(dog.track("health")) == 4 and dog.attached_to == "npc"
    assert len(mob.track("health")) == 6 and mob.remaining == 3


def test_character_files_bring_their_condition(sotc: Any) -> None:
    script = parse_script({"cast": [{"id": "pc", "file": "pc.json", "side": "heroes"}]})
    pc = SotcCharacter(name="Pat", skills={"Endurance": 5}, fate_points=2)
    pc = pc.model_copy(update={"condition": pc.condition.model_copy(update={"health": (True,)})})
    state = build(script, {"pc": pc}, sotc, sotc.ladder)
    (p,) = state.participants
    assert p.track("health") == (True, False, False, False, False, False, False, False)
    assert p.fate_points == 2 and p.character_id == pc.id
    with pytest.raises(EncounterScriptError, match="not loaded"):
        build(script, {}, sotc, sotc.ladder)


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
            build(parse_script(doc), {}, sotc, sotc.ladder)


def test_payload_round_trip_and_newer_versions_refused(rng: Any, sotc: Any) -> None:
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
    initial = build(script, {}, sotc)
    state, log = run_events(SotcConflictRules(), initial, script.events, rng)
    back = from_payload(to_payload(initial, log, state))
    assert back.state == state and back.initial == initial and back.log == log
    assert set(state_summary(state, log)["participants"]) == {"a", "m"}
    with pytest.raises(EncounterScriptError, match="newer"):
        from_payload({"version": 99})
    with pytest.raises(EncounterScriptError, match="damaged"):
        from_payload({"version": 2, "initial": {"kind": "x"}, "state": {}})
    assert isinstance(back.initial, Encounter)


def test_version_1_payloads_upgrade_to_named_tracks_and_settings() -> None:
    """Payload 1 -> 2: ``rules`` become ``settings``; health/composure booleans become tracks
    of the same names (0 clear, 1 checked), in the states and in the logged events."""
    old_p = {"id": "a", "name": "A", "health": [True, False], "composure": [False]}
    old_state = {"version": 1, "system": "sotc", "rules": {"stress_boxes": 3},
                 "participants": [old_p]}  # fmt: skip
    payload = {
        "version": 1,
        "initial": {**old_state, "participants": []},
        "state": old_state,
        "log": [
            {"index": 0, "exchange": 0, "text": "A joins",
             "event": {"do": "add_participant", "participant": old_p}},
            {"index": 1, "exchange": 0, "text": "framed",
             "event": {"do": "set_scene", "rules": {"stress_boxes": 3}}},
        ],
    }  # fmt: skip
    back = from_payload(payload)
    (p,) = back.state.participants
    assert p.tracks == {"health": (1, 0), "composure": (0,)}
    assert back.state.settings == {"stress_boxes": 3} and back.initial.settings["stress_boxes"] == 3
    added, framed = (e.event for e in back.log)
    assert added.participant == p  # type: ignore[union-attr]
    assert framed.settings == {"stress_boxes": 3}  # type: ignore[union-attr]


def test_version_1_scripts_still_read(sotc: Any) -> None:
    """A script of format 1 (``rules``, an NPC's ``health``/``composure`` box counts)."""
    script = parse_script(
        {"format_version": 1, "rules": {"stress_boxes": 3},
         "cast": [{"id": "n", "npc": {"health": 2, "skills": {"Resolve": 3}}}]}
    )  # fmt: skip
    (npc,) = build(script, {}, sotc).participants
    assert len(npc.track("health")) == 2 and len(npc.track("composure")) == 3 + 2
