"""``fatesmith encounter run`` on the ART Engine example (docs/examples/encounters/
art-tomb-guardian.json, documented in docs/encounter-script.md "ART Engine scripts"), and the
same fight read off a loaded table: the INVENTED test table of tests/data/art/made-up-table.csv
(NOT the published Action Results Table)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gui.cli import main
from gui.cli_encounter import load_script_run
from rules.encounter_script import build_encounter, parse_script, run_events
from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table_csv import parse_table_csv
from storage.json_io import read_character_file
from storage.systems_catalog import default_registry

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "docs/examples/encounters/art-tomb-guardian.json"
LOCK = REPO / "docs/examples/encounters/art-lock-picking.json"
TABLE = REPO / "tests/data/art/made-up-table.csv"


def test_the_example_runs_to_the_guardians_defeat(capsys: pytest.CaptureFixture[str]) -> None:
    """Ch.5 "Player Attacking Foe" (L2022-2030): Great on PR/PS/GD/GT checks GT (staggered);
    Great again is one over GD: GD and the next highest, PS; Poor then finishes it. "Foe
    Attacking Player" (L2016-2020) with +1 damage (L1384): Inferior Defense against Passable
    Attack is 2 failures, +1: Passable damage on Ada's IN/IN/PR/PS (her second box already
    checked). Staggered characters lose their next turn and the last box defeats, by
    themselves ("Staggering", "Defeat", L1434-1462)."""
    code = main(["encounter", "run", str(EXAMPLE), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    guardian, ada = data["participants"]["guardian"], data["participants"]["ada"]
    assert guardian["health"] == [4, 5, 6, 7] and guardian["taken_out"]
    assert ada["health"] == [0, 3, 0, 5] and not ada["taken_out"]
    assert ada["fate_points"] == 2  # Fame 3, 1 spent
    log = data["log"]
    assert "No Action Results Table is loaded" in log[0]
    # "Combat Rounds", "Initiative": a Great roll, the guardian's Poor Alertness
    assert "Round 1 begins. Initiative: Ada Quill (Great), Tomb Guardian (Poor)" in log[2]
    # "Staggering" (L1434): the guardian, staggered before its turn, loses round 1's; Ada,
    # staggered after hers in round 2, sits out round 3; "Defeat": the last box kills a foe
    assert "Tomb Guardian is staggered and loses this round's turn" in log[4]
    assert "Ada Quill is staggered and loses the next turn" in log[10]
    assert "Ada Quill sits out (staggered: loses this turn)" in log[11]
    assert "Defense holds" in log[12]
    assert log[-1].endswith("Tomb Guardian is defeated and dies")


def test_with_a_loaded_table_the_rolls_are_read_off_it() -> None:
    """Without the entered columns, the library's table (here the made-up one) reads every roll."""
    registry = default_registry()
    table, _problems = parse_table_csv(TABLE.read_text("utf-8"))
    assert table is not None
    data = {TABLE_KEY: SystemData(system="art", key=TABLE_KEY, provenance="user",
                                  content=table.model_dump(mode="json"))}  # fmt: skip
    bound = registry.bind({"art": data})
    raw = json.loads(EXAMPLE.read_text("utf-8"))
    for event in raw["events"]:
        event.pop("reading", None)
        event.pop("defense_reading", None)
    raw["events"] = [e for e in raw["events"] if e["do"] in ("roll", "start", "attack")][1:]
    script = parse_script(raw)
    cr = bound.get("art").conflict_rules()
    assert cr is not None
    characters = {
        e.id: read_character_file(EXAMPLE.parent / e.file, registry)
        for e in script.cast
        if e.file is not None
    }
    initial = build_encounter(script, characters, cr, registry.info("art").ladder, system="art")
    state, log = run_events(cr, initial, script.events[:3], random.Random(1))
    assert all("No Action Results Table" not in e.text for e in log)
    assert "row 7, d100 57 (kicker 7) = " in log[0].text
    assert state.find("ada").initiative  # type: ignore[union-attr]


def _stored_table(tmp_path: Path) -> Path:
    """A library file holding the made-up table, imported as a user would
    (``fatesmith art art-table --library FILE --create import TABLE.csv``)."""
    lib = tmp_path / "lib.sqlite3"
    code = main(
        ["art", "art-table", "--library", str(lib), "--create", "--no-samples", "import",
         str(TABLE)]
    )  # fmt: skip
    assert code == 0
    return lib


def test_encounter_run_reads_the_librarys_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #12, "``fatesmith encounter run`` works for ART scripts": with ``--library`` the
    rolls without an entered column are read on the library's table (the made-up one); without
    it, a note on stderr says no table was supplied and the rolls wait for their column."""
    lib = _stored_table(tmp_path)
    raw = json.loads(EXAMPLE.read_text("utf-8"))
    raw["events"] = [
        {k: v for k, v in e.items() if k not in ("reading", "defense_reading", "note")}
        for e in raw["events"]
    ][1:4]  # Ada's initiative, the start, her first attack
    script = tmp_path / "tomb.json"
    script.write_text(json.dumps(raw), "utf-8")
    (tmp_path / "characters").mkdir()
    (tmp_path / "characters" / "art-ada.fatesmith.json").write_text(
        (EXAMPLE.parent / "characters" / "art-ada.fatesmith.json").read_text("utf-8"), "utf-8"
    )
    capsys.readouterr()
    assert main(["encounter", "run", str(script), "--json", "--library", str(lib)]) == 0
    out, err = capsys.readouterr()
    log = json.loads(out)["log"]
    assert "note" not in err
    assert all("No Action Results Table" not in line for line in log)
    assert "row 7, d100 57 (kicker 7) = " in log[0] and log[1].startswith("Round 1 begins")
    assert "Ada Quill attacks Tomb Guardian" in log[2]
    # the top-level --library works the same
    assert main(["--library", str(lib), "encounter", "run", str(script), "--json"]) == 0
    assert json.loads(capsys.readouterr()[0])["log"] == log

    assert main(["encounter", "run", str(script), "--json"]) == 0
    out, err = capsys.readouterr()
    assert "note: no Action Results Table supplied (give --library" in err
    assert "No Action Results Table is loaded" in json.loads(out)["log"][0]
    missing = tmp_path / "missing.sqlite3"
    assert main(["encounter", "run", str(script), "--library", str(missing)]) == 2
    assert "--create" in capsys.readouterr()[1] and not missing.exists()


def test_the_lock_picking_example_in_exploration_phases(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Chapter 4, the lock example (L1667-1679): on the minutes scale Feeble against Passable
    takes 3 phases (15 minutes), Inferior 2 (10 minutes), a Super Strength roll 1 (5 minutes),
    Poor 1; with no penalty the scale rises to hours, where Feeble takes 3 hours; then to days
    ("Rolling Again", L1653-1655). A limit of 1 phase announced before a roll that would take 4
    aborts it after 1 day ("Setting Time Limits", L1677-1681)."""
    assert main(["encounter", "run", str(LOCK), "--json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    log = data["log"]
    assert "takes 3 phases, 15 minutes" in log[1] and "takes 2 phases, 10 minutes" in log[3]
    assert "takes 1 phase, 5 minutes" in log[5] and "takes 1 phase, 5 minutes" in log[7]
    assert "next attempts are on the scale of hours" in log[8]
    assert "takes 3 phases, 3 hours" in log[10]
    assert "next attempts are on the scale of days" in log[11]
    assert "would take 4 phases, over the limit of 1: aborted after 1 day" in log[14]
    _initial, final, _log, _cr = load_script_run(LOCK)
    ada = final.find("ada")
    assert ada.options["time"] == (7, 3, 1, 0, 0, 0, 0)  # minutes, hours, days phases
    assert "time_limit" not in ada.options
    assert main(["encounter", "run", str(LOCK)]) == 0
    out = capsys.readouterr()[0]
    assert out.splitlines()[0].endswith("physical conflict, phase-track turn 6")


def test_the_range_track_example_moves_refuses_and_overrides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/encounter-script.md "Movement on the range track" (Chapter 5, L1921-1974): Poor
    Agility moves 1 band free (L1938, the example L1942); a second band this round is refused
    with the reason logged; the GM override lets it through; the foe moves by its Poor Agility
    rating without a roll (L1956-1958)."""
    example = REPO / "docs/examples/encounters/art-range-track.json"
    code = main(["encounter", "run", str(example), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    log = data["log"]
    assert "= Poor, read off the printed table: 1 band this round as a free action" in log[1]
    assert "Ada Quill moves to Hall (Hall is 1 band away; free)" in log[1]
    assert log[2].startswith("Ada Quill may not move to Stairs: Stairs is 1 band away")
    assert "0 bands left; the GM may allow it (GM override)" in log[2]
    assert "one more action this round (she slides down the banister)" in log[3]
    assert "Ada Quill moves to Stairs (Stairs is 1 band away; beyond its movement" in log[4]
    assert "Tomb Guardian moves by its Agility rating, Poor (foes do not roll)" in log[5]
    assert {p["zone"] for p in data["participants"].values()} == {"stairs"}


def test_the_documented_movement_example_is_the_scripts() -> None:
    """docs/encounter-script.md "Movement on the range track": the example's events are those
    of examples/encounters/art-range-track.json (so the logged lines it quotes are the ones
    the test above checks)."""
    doc = (REPO / "docs/encounter-script.md").read_text("utf-8")
    section = doc.split("**Movement on the range track**", 1)[1]
    block = section.split("```json", 1)[1].split("```", 1)[0]
    script = json.loads((REPO / "docs/examples/encounters/art-range-track.json").read_text())
    assert json.loads(block) == script["events"][1:5]


def test_an_awesome_roll_regains_fame_in_encounter_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Regaining Fame (L1091-1093) through ``fatesmith encounter run``: Ada Quill (Fame 3, one
    spent) spends another, then rolls Awesome (the column entered as read off a printed table):
    all expended Fame comes back, 3 to spend; a Superb roll after it changes nothing."""
    (tmp_path / "characters").mkdir()
    ada = EXAMPLE.parent / "characters" / "art-ada.fatesmith.json"
    (tmp_path / "characters" / ada.name).write_text(ada.read_text("utf-8"), "utf-8")
    script = {
        "format": "fatesmith-encounter-script", "format_version": 2, "name": "Fame",
        "system": "art", "conflict": "physical", "seed": 1,
        "cast": [{"id": "ada", "file": f"characters/{ada.name}", "side": "adventurers"}],
        "events": [
            {"do": "spend_fate_point", "who": "ada", "reason": "first aid"},
            {"do": "roll", "who": "ada", "skill": "Strength", "dice": [91],
             "difficulty": 5, "reading": "Awesome"},
            {"do": "spend_fate_point", "who": "ada", "reason": "first aid"},
            {"do": "roll", "who": "ada", "skill": "Strength", "dice": [88],
             "difficulty": 5, "reading": "Superb"},
        ],
    }  # fmt: skip
    path = tmp_path / "fame.json"
    path.write_text(json.dumps(script), "utf-8")
    code = main(["encounter", "run", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["participants"]["ada"]["fate_points"] == 2  # back to 3, then one spent
    log = data["log"]
    regain = [line for line in log if "recovers all expended Fame" in line]
    assert len(regain) == 1
    assert "Awesome: Ada Quill recovers all expended Fame (2 back, 3 to spend)" in regain[0]


FAME_EVENTS = [
    {"do": "system_action", "action": "spend_fame", "actor": "ada", "params": {"fame": 2}},
    {"do": "roll", "who": "ada", "skill": "Strength", "dice": [91], "difficulty": 5,
     "reading": "Awesome", "uses_action": False},
    {"do": "system_action", "action": "spend_fame", "actor": "ada", "params": {"fame": 1}},
    {"do": "roll", "who": "ada", "skill": "Strength", "dice": [93], "difficulty": 5,
     "reading": "Awesome", "uses_action": False},
]  # fmt: skip
"""The events of docs/encounter-script.md "Fame before rolling"."""


def test_fame_spent_before_rolling_in_encounter_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Using Fame Before Rolling (L1075-1077) and Regaining Fame (L1091-1093) through
    ``fatesmith encounter run``: Ada Quill (Fame 3, one spent) spends her 2 left, +4 on the
    roll; it reads Awesome but used Fame, so nothing comes back (L1093); a third Fame is refused
    with the reason logged (none left, L503); the next Awesome roll, with no Fame on it,
    recovers all 3."""
    (tmp_path / "characters").mkdir()
    ada = EXAMPLE.parent / "characters" / "art-ada.fatesmith.json"
    (tmp_path / "characters" / ada.name).write_text(ada.read_text("utf-8"), "utf-8")
    script = {
        "format": "fatesmith-encounter-script", "format_version": 2, "name": "Fame spent",
        "system": "art", "conflict": "physical", "seed": 1,
        "cast": [{"id": "ada", "file": f"characters/{ada.name}", "side": "adventurers"}],
        "events": FAME_EVENTS,
    }  # fmt: skip
    path = tmp_path / "fame.json"
    path.write_text(json.dumps(script), "utf-8")
    code = main(["encounter", "run", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    log = data["log"]
    assert "Ada Quill spends 2 Fame before rolling: +4 on the next roll" in log[0]
    assert "(0 Fame left)" in log[0]
    assert "Awesome, but Fame was spent on this roll: no Fame regained" in log[1]
    assert "+4 for 2 Fame spent before rolling" in log[1]
    assert log[2].startswith("Ada Quill may not spend 1 Fame before rolling: 0 Fame left")
    assert "Awesome: Ada Quill recovers all expended Fame (3 back, 3 to spend)" in log[3]
    assert data["participants"]["ada"]["fate_points"] == 3


def test_the_documented_fame_example_is_the_tests() -> None:
    """docs/encounter-script.md "Fame before rolling" shows the events the test above runs."""
    doc = (REPO / "docs/encounter-script.md").read_text("utf-8")
    section = doc.split("**Fame before rolling**", 1)[1]
    block = section.split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == FAME_EVENTS
