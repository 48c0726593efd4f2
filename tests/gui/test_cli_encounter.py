"""Command line: ``fatesmith encounter run`` over every documented example and hostile input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.cli import main
from rules.encounter_script import parse_script, script_rules
from storage.systems_catalog import default_registry

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "docs" / "examples" / "encounters").glob("*.json"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["encounter", "run", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
def test_every_documented_example_runs(script: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/encounter-script.md: each example script runs to its end, in text and JSON."""
    code, out, err = run(capsys, str(script))
    assert code == 0, err
    assert "Log:" in out
    code, out, err = run(capsys, str(script), "--json")
    assert code == 0, err
    data = json.loads(out)
    tracks = script_rules(parse_script(json.loads(script.read_text())), default_registry()).tracks
    for p in data["participants"].values():
        assert {t.key for t in tracks} | {"consequences", "fate_points", "taken_out"} <= set(p)
        for t in tracks:  # a box of ticks is a boolean, a box holding levels a level
            kind = bool if t.levels == 1 else int
            assert all(isinstance(b, kind) and 0 <= b <= t.levels for b in p[t.key])
        if p["kind"] == "minions":
            assert isinstance(p["remaining"], int)


def test_dockside_brawl_gives_the_hand_worked_result(capsys: pytest.CaptureFixture[str]) -> None:
    """The worked SotC conflict (tests/rules/test_combat_worked_example.py) as a script."""
    code, out, err = run(capsys, str(REPO / "docs/examples/encounters/dockside-brawl.json"),
                         "--json")  # fmt: skip
    assert code == 0, err
    ps = json.loads(out)["participants"]
    x, o = True, False
    assert ps["jack"]["health"] == [x, x, x, x, x, o]
    assert ps["jack"]["consequences"] == [
        {"severity": "extra", "text": "Sparky Knocked Cold"},
        {"severity": "mild", "text": "Bruised Ribs"},
    ]
    assert ps["jack"]["fate_points"] == 1 and not ps["jack"]["taken_out"]
    assert ps["sparky"]["taken_out"]
    assert ps["baron"]["health"] == [o, x, o, o, o, o]
    assert [c["severity"] for c in ps["baron"]["consequences"]] == ["mild", "moderate"]
    assert ps["baron"]["fate_points"] == 4 and ps["baron"]["taken_out"]
    assert ps["thugs"]["remaining"] == 1 and ps["gunmen"]["remaining"] == 2


def _write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("doc", "needle"),
    [
        ([1, 2], "expected a JSON object"),
        ({"format": "other"}, "not an encounter script"),
        ({"format_version": 99}, "newer Fatesmith"),
        ({"cast": [{"id": "a"}]}, "exactly one of"),
        ({"cast": [{"id": "a", "file": "missing.fatesmith.json"}]}, "no such file"),
        ({"events": [{"do": "explode"}]}, "events[0]"),
        ({"cast": [{"id": "m", "minions": {"count": 2, "quality": "Splendid"}}]}, "Splendid"),
        ({"cast": [{"id": "a", "npc": {}}], "events": [{"do": "next_turn"}]}, "start the conflict"),
        ({"cast": [{"id": "a", "npc": {}}], "events": [{"do": "start"}, {"do": "attack",
          "attacker": "a", "defender": "zz", "skill": "Fists", "defense_skill": "Fists"}]},
         "no participant"),
    ],
)  # fmt: skip
def test_bad_scripts_fail_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: object, needle: str
) -> None:
    code, out, err = run(capsys, _write(tmp_path, doc))
    assert code == 2 and out == ""
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_unreadable_files_fail_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{" * 10_000, encoding="utf-8")
    code, _, err = run(capsys, str(bad))
    assert code == 2 and "nested" in err and err.count("\n") == 1
    code, _, err = run(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err


def test_missing_dice_come_from_the_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dice left out are drawn from the script's seed: same seed, same fight; --seed overrides."""
    doc = {
        "seed": 7,
        "cast": [{"id": "a", "npc": {"skills": {"Fists": 3, "Alertness": 2}}},
                 {"id": "m", "minions": {"count": 3, "quality": 2}}],
        "events": [{"do": "start"}] + [
            {"do": "attack", "attacker": "a", "defender": "m", "skill": "Fists",
             "defense_skill": "Fists"}, {"do": "next_turn"}, {"do": "next_turn"}] * 3,
    }  # fmt: skip
    path = _write(tmp_path, doc)
    outs = [run(capsys, path, "--json")[1] for _ in range(2)]
    assert outs[0] == outs[1]
    other = [run(capsys, path, "--json", "--seed", str(n))[1] for n in range(5)]
    assert any(o != outs[0] for o in other)


def test_strange_fate_consequences_are_named_in_the_books_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Strange Fate SRD, "Consequences": Trifling, Middling, Grievous (not SotC's mild,
    moderate, severe) in the end-of-scene summary as in the log (issue #23)."""
    script = REPO / "docs" / "examples" / "encounters" / "strange-fate-ashdown-cellar.json"
    code, out, err = run(capsys, str(script))
    assert code == 0, err
    summary = out.split("Log:")[0]
    assert "    Trifling: Split Lip" in summary and "    Middling: Cracked Jaw" in summary
    assert "mild:" not in summary and "moderate:" not in summary
