"""Stored encounters of every older payload version open, upgrade and replay as they were
fought: version 1 (the libraries in tests/data/db_versions, made by the released app) and
version 2 (tests/rules/data/encounter-payloads-v2.json: the same encounters as the code of
payload 2 saved them). Version 3 moves the participant's initiative into ``initiative`` by
conflict kind and what only the system reads (extra consequence slots, armor, the stress
stunts) into ``options``; SotC "Establish Initiative" (digest 13 #6), "Consequences" (13 #4)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from rules.conflict import replay
from rules.encounter import PAYLOAD_VERSION, LogEntry, Participant
from rules.encounter_script import (
    EncounterScriptError,
    from_payload,
    participant_summary,
    to_payload,
    upgrade_payload,
)
from rules.systems.sotc.participant_options import options_of
from tests.conftest import DATA

V2 = json.loads(
    (DATA.parent / "rules" / "data" / "encounter-payloads-v2.json").read_text(encoding="utf-8")
)


def _v1_payloads() -> dict[str, dict[str, Any]]:
    path = DATA / "db_versions" / "v0001-release.sqlite3"
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("select name, payload from encounters").fetchall()
    finally:
        db.close()
    return {name: json.loads(payload) for name, payload in rows}


V1 = _v1_payloads()


def _participants(data: dict[str, Any]) -> list[dict[str, Any]]:
    parts = list(data["initial"]["participants"]) + list(data["state"]["participants"])
    for entry in data.get("log") or ():
        if entry["event"].get("do") == "add_participant":
            parts.append(entry["event"]["participant"])
    return parts


@pytest.mark.parametrize(("version", "payloads"), [(1, V1), (2, V2)], ids=["v1", "v2"])
def test_older_payloads_replay_exactly(version: int, payloads: dict[str, Any], sotc: Any) -> None:
    """Every logged event, applied again to the upgraded initial state, gives the upgraded
    stored state and the very log lines the older code wrote."""
    assert {d["version"] for d in payloads.values()} == {version}
    assert "Dockside Brawl" in payloads and len(payloads["Dockside Brawl"]["log"]) == 50
    for name, data in payloads.items():
        stored = from_payload(data)
        assert stored.version == PAYLOAD_VERSION and stored.state.version == PAYLOAD_VERSION
        cr = sotc.conflict_rules(sotc.parse_settings(stored.initial.settings))
        state, log = replay(cr, stored.initial, [e.event for e in stored.log])
        assert state == stored.state, name
        assert [e.text for e in log] == [e["text"] for e in data["log"]], name
        again = from_payload(to_payload(stored.initial, stored.log, stored.state))
        assert again == stored  # today's payload reads back as it was written


@pytest.mark.parametrize("payloads", [V1, V2], ids=["v1", "v2"])
def test_the_moved_fields_keep_their_values(payloads: dict[str, Any]) -> None:
    """Each version-2 field lands where version 3 keeps it, with the same value."""
    for data in payloads.values():
        upgraded = upgrade_payload(data)
        for old, new in zip(_participants(data), _participants(upgraded), strict=True):
            p = Participant.model_validate(new)
            assert not {"init_physical", "init_social", "armor", "extra_physical"} & set(new)
            if "init_physical" in old:
                assert p.initiative.get("physical", 0) == old["init_physical"]
                assert p.initiative.get("social", 0) == old["init_social"]
                assert p.initiative.get("mental", 0) == old["init_social"]
            o = options_of(p)
            for key in ("armor", "extra_physical", "extra_social"):
                assert getattr(o, key) == old.get(key, 0)
            for key in ("roll_down", "fill_lower"):
                assert getattr(o, key) == tuple(old.get(key, ()))


def test_summaries_read_the_same_before_and_after(sotc: Any) -> None:
    """The CLI's and the player view's JSON of each participant does not change."""
    for name, data in V2.items():
        stored = from_payload(data)
        cr = sotc.conflict_rules(sotc.parse_settings(stored.state.settings))
        for raw, p in zip(data["state"]["participants"], stored.state.participants, strict=True):
            summary = participant_summary(p, cr)
            assert summary["name"] == raw["name"] and summary["zone"] == raw["zone"], name
            assert summary["fate_points"] == raw["fate_points"]
            for key, boxes in raw["tracks"].items():
                assert summary[key] == [bool(b) for b in boxes]


def test_a_payload_from_a_newer_fatesmith_is_refused() -> None:
    data = {**V2["Dockside Brawl"], "version": PAYLOAD_VERSION + 1}
    with pytest.raises(EncounterScriptError, match="newer Fatesmith"):
        from_payload(data)


def test_a_logged_participant_of_version_2_joins_with_its_options(sotc: Any) -> None:
    """A version-2 ``add_participant`` event (a script's, or a saved log's) still reads: the
    NPC's armor and Man of Iron arrive as options and act on the next hit (SRD L4935, L3083)."""
    entry = LogEntry.model_validate(
        {
            "index": 0, "exchange": 0, "text": "Tank joins the scene",
            "event": {
                "do": "add_participant",
                "participant": {
                    "id": "tank", "name": "Tank", "init_physical": 2, "init_social": 1,
                    "tracks": {"health": [1, 1, 0, 0, 0]}, "armor": 1, "roll_down": ["health"],
                    "fill_lower": [], "extra_physical": 0, "extra_social": 0,
                },
            },
        }
    )  # fmt: skip
    p = entry.event.participant  # type: ignore[union-attr]
    assert p.initiative == {"physical": 2, "social": 1, "mental": 1}
    assert p.options == {"armor": 1, "roll_down": ("health",)}
    cr = sotc.conflict_rules(None)
    assert cr.stress_box_for(p, "health", 1) == 0  # armor 1 holds a 1 on its checked box
    assert cr.stress_box_for(p, "health", 2) == 2  # not a 2; nothing lower is empty: it rolls up
    lower_free = p.model_copy(update={"tracks": {"health": (0, 1, 0, 0, 0)}})
    assert cr.stress_box_for(lower_free, "health", 2) == 0  # Man of Iron: it rolls down


def test_the_system_checks_the_options_of_a_joining_participant(sotc: Any) -> None:
    """Options are the system's to read: SotC refuses one it does not have, or out of range."""
    from rules import conflict
    from rules.encounter import Encounter
    from rules.errors import RuleViolation

    cr = sotc.conflict_rules(None)
    state = Encounter(system="sotc")
    ok = Participant(id="a", options={"armor": 2, "roll_down": ("health",)})
    assert conflict.add_participant(cr, state, ok)[0].find("a") == ok
    for bad in ({"armour": 1}, {"armor": 11}, {"roll_down": 3}):
        with pytest.raises(RuleViolation, match="option"):
            conflict.add_participant(cr, state, Participant(id="b", options=bad))
