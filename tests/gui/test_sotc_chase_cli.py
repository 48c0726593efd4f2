"""Issue 13 through ``fatesmith encounter run``: a chase scene with its pursuit points and a fast
poison that attacks again as the next exchange begins, with the book's numbers (SotC SRD
L5507-L5521 chase scenes, L5575-L5579 fast poisons).

Worked by hand (4dF faces as in the script): the Count has 5 pursuit points and buys two Fair
cars (4 points, L5509); Shotgun! costs his last point (L5521). The Packard (Drive +3) names
difficulty 2: +3 [0000] makes it; the two cars (Fair +2, +1 for two, L1500) +3 [0000] beat 2
by 1, +1 Shotgun!: 2 stress, box 2. Meanwhile a dart's fast poison +1 [0000] against Jack's
Endurance +1 [0000] does nothing, and attacks again as exchange 2 begins: +1 [++00] = +3 vs
+1: 2 shifts, box 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.cli import main

ZERO = [0, 0, 0, 0]


def _script() -> dict[str, object]:
    npc = {"name": "", "skills": {}}
    return {
        "format": "fatesmith-encounter-script",
        "format_version": 2,
        "name": "Rooftop Chase",
        "system": "sotc",
        "cast": [
            {"id": "packard", "side": "heroes",
             "npc": {**npc, "name": "The Packard", "skills": {"Drive": 3, "Alertness": 3},
                     "tracks": {"health": 3}}},
            {"id": "jack", "side": "heroes",
             "npc": {**npc, "name": "Jack", "skills": {"Endurance": 1, "Alertness": 1}}},
            {"id": "count", "side": "villains",
             "npc": {**npc, "name": "The Count", "skills": {"Drive": 4}}},
        ],
        "events": [
            {"do": "system_action", "action": "pursuit", "actor": "count",
             "params": {"points": 5}},
            {"do": "system_action", "action": "pursuit_cars", "actor": "count",
             "params": {"quality": 2, "count": 2, "id": "cars", "name": "Black Sedans"}},
            {"do": "start"},
            {"do": "system_action", "action": "pursuit_effect", "actor": "count",
             "targets": ["cars"], "params": {"effect": "shotgun"}},
            {"do": "system_action", "action": "chase", "actor": "packard", "targets": ["cars"],
             "params": {"difficulty": 2}, "dice": [ZERO, ZERO]},
            {"do": "system_action", "action": "poison", "targets": ["jack"],
             "params": {"potency": 1}, "dice": [ZERO, ZERO]},
            {"do": "next_exchange"},
            {"do": "system_action", "action": "poison_attack", "targets": ["jack"],
             "dice": [[1, 1, 0, 0], ZERO]},
        ],
    }  # fmt: skip


def test_a_chase_scene_and_a_fast_poison_run_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "chase.json"
    path.write_text(json.dumps(_script()), encoding="utf-8")
    assert main(["encounter", "run", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ps, log = data["participants"], data["log"]
    assert ps["packard"]["health"] == [False, True, False]
    assert ps["jack"]["health"][:3] == [False, True, False]
    assert ps["cars"]["remaining"] == 2
    assert any("spends 4 points on 2 cars of quality +2 (Black Sedans); 1 left" in x for x in log)
    assert any("(+1 Shotgun!)" in x for x in log)
    assert any("the fast poison in Jack (+1) attacks before the first initiative" in x
               for x in log)  # fmt: skip
    assert "fast poison +1 [++00] = +3 vs Jack Endurance +1 [0000] = +1: 2 shifts" in log[-1]
