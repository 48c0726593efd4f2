"""The command line's text commands: ``fatesmith validate`` and ``fatesmith roll``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gui.cli import main
from storage.json_io import write_character_file
from tests.rules.sotc_builders import build

DATA = Path(__file__).resolve().parents[1] / "data" / "characters"


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_json_valid_file(capsys: Any, tmp_path: Path) -> None:
    path = tmp_path / "ada.fatesmith.json"
    write_character_file(path, build())
    code, out, _ = run(capsys, "validate", "--json", str(path))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert set(record) >= {"file", "system", "valid", "problems", "derived"}
    assert record["valid"] is True and record["system"] == "sotc" and record["problems"] == []
    derived = record["derived"]
    assert derived["health_boxes"] == 7 and derived["composure_boxes"] == 7
    assert derived["fate_points"] == 10 and derived["refresh"] == 10
    assert derived["initiative"]["physical"] == 4 and derived["initiative"]["social"] == 2


def test_validate_sky_hobo_prints_the_books_numbers(capsys: Any) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(DATA / "sky-hobo.fatesmith.json"))
    record = json.loads(out)
    assert code == 0 and record["valid"]
    assert (record["derived"]["health_boxes"], record["derived"]["composure_boxes"]) == (7, 6)


def test_validate_exit_1_when_any_file_has_an_error(capsys: Any, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.fatesmith.json", tmp_path / "bad.fatesmith.json"
    write_character_file(good, build())
    write_character_file(bad, build(name=""))
    code, out, _ = run(capsys, "validate", "--json", str(good), str(bad))
    assert code == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["valid"] for r in records] == [True, False]
    problem = records[1]["problems"][0]
    assert set(problem) == {"code", "severity", "path", "message", "section"}
    assert problem["path"] == "name" and problem["severity"] == "error"


def test_validate_exit_2_when_a_file_cannot_be_read(capsys: Any, tmp_path: Path) -> None:
    good, broken = tmp_path / "good.fatesmith.json", tmp_path / "broken.fatesmith.json"
    write_character_file(good, build(name=""))
    broken.write_text('{"format": "fatesmith-character", "format_ver', encoding="utf-8")
    code, out, err = run(capsys, "validate", str(good), str(broken))
    assert code == 2
    assert err.count("\n") == 1 and "broken.fatesmith.json" in err and "JSON" in err
    assert "NOT valid" in out


def test_validate_text_output_lists_problems_with_sections(capsys: Any, tmp_path: Path) -> None:
    path = tmp_path / "x.fatesmith.json"
    write_character_file(path, build(skills={"Athletics": 5, "Fists": 5}))
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert "SotC, Character Creation: Skills" in out and "SOTC-V7-rung-over" in out


def test_roll_shows_faces_total_shifts_and_odds(capsys: Any) -> None:
    code, out, _ = run(capsys, "roll", "4dF+3", "--vs", "Good", "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["faces"]) == 4 and data["total"] == sum(data["faces"]) + 3
    assert data["success"] == (data["total"] >= 3)
    assert data["shifts"] == max(0, data["total"] - 3)
    assert data["odds"] == {"numerator": 50, "denominator": 81, "percent": 61.7}
    code, text, _ = run(capsys, "roll", "4dF+3", "--vs", "Good", "--seed", "7")
    assert "odds of success: 50/81 (61.7%)" in text and "vs Good (+3)" in text


def test_roll_is_repeatable_with_a_seed(capsys: Any) -> None:
    first = run(capsys, "roll", "4dF", "--seed", "99")
    assert run(capsys, "roll", "4dF", "--seed", "99") == first


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [(["roll", "4dQ"], "cannot read dice"), (["roll", "4dF", "--vs", "Splendid"], "--vs")],
)
def test_roll_errors_are_one_line(capsys: Any, argv: list[str], fragment: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and fragment in err and err.count("\n") == 1


def test_no_traceback_from_the_real_console_script(tmp_path: Path) -> None:
    """A hostile file through the installed entry point: one line on stderr, exit 2."""
    hostile = tmp_path / "deep.fatesmith.json"
    hostile.write_text("[" * 50_000, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "gui.cli", "validate", str(hostile)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
