"""``fatesmith art-table check | import | export`` (issue 12: exit 0 valid with warnings, 1 with
one line per error, 2 when the file cannot be read), called through ``add_arguments``/``run``.

The table is INVENTED test data (tests/rules/test_art_support.py) sharing only the book's one
cell (row 14: 59-73 is Good, ART Engine "Using the ART", L1071-1073).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gui.systems.art import cli
from rules.systems.art.system import ArtSystem
from rules.systems.art.table_csv import write_table_csv
from tests.rules.test_art_support import fake_table

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="fatesmith art-table")
    cli.add_arguments(parser)
    return cli.run(parser.parse_args(list(argv)))


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.csv"
    path.write_text(write_table_csv(fake_table()), encoding="utf-8")
    return path


@pytest.fixture
def library_file(tmp_path: Path) -> str:
    return str(tmp_path / "lib.sqlite3")


def test_check_valid_table(good: Path, capsys: Any) -> None:
    assert run("check", str(good)) == 0
    assert "valid (31 rows)" in capsys.readouterr().out


def test_check_warnings_still_exit_zero(tmp_path: Path, capsys: Any) -> None:
    """art-engine.md 3.4: a higher row making a better result less likely is a warning."""
    lines = write_table_csv(fake_table()).splitlines()
    # Row 20 copies row 19 but shifted worse: still covers 1-100, so only a warning.
    row19 = next(line for line in lines if line.startswith("19,"))
    lines = [("20," + row19.split(",", 1)[1]) if line.startswith("20,") else line
             for line in lines]  # fmt: skip
    row18 = next(line for line in lines if line.startswith("18,"))
    lines = [("21," + row18.split(",", 1)[1]) if line.startswith("21,") else line
             for line in lines]  # fmt: skip
    path = tmp_path / "warn.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run("check", str(path)) == 0
    out = capsys.readouterr().out
    assert "warning: Row 21" in out and "valid (31 rows, " in out


def test_check_errors_one_line_each(tmp_path: Path, capsys: Any) -> None:
    text = write_table_csv(fake_table()).replace("\n14,", "\n14x,", 1)
    text = text.replace("\n3,1-27,", "\n3,1-2x7,", 1)
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    assert run("check", str(path)) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert any("'14x' is not a row number" in line for line in err)
    assert any("row 3, column CT: '1-2x7' is not a range" in line for line in err)
    assert any("Row 14 is missing" in line for line in err)
    assert all(line.startswith(f"{path}: error: ") for line in err)


def test_check_bad_header_is_an_error(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "header.csv"
    path.write_text("row,CT,PT\n1,1-100,\n", encoding="utf-8")
    assert run("check", str(path)) == 1
    assert "the header must be row,CT,PT,FB" in capsys.readouterr().err


def test_check_unreadable_exits_2(tmp_path: Path, capsys: Any) -> None:
    assert run("check", str(tmp_path / "missing.csv")) == 2
    assert "no such file" in capsys.readouterr().err
    assert run("check", str(tmp_path)) == 2
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"row,CT\xe9\n")
    assert run("check", str(latin)) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_import_then_export_round_trip(
    good: Path, library_file: str, tmp_path: Path, registry: Any, capsys: Any
) -> None:
    out = tmp_path / "out.csv"
    assert run("--library", library_file, "--create", "--no-samples", "export", str(out)) == 1
    assert "holds no Action Results Table" in capsys.readouterr().err
    assert run("--library", library_file, "import", str(good)) == 0
    assert run("--library", library_file, "export", str(out)) == 0
    assert out.read_text(encoding="utf-8") == good.read_text(encoding="utf-8")
    from storage.library import Library

    with Library.open(f"sqlite:///{library_file}", registry=registry, samples=False) as lib:
        system = lib.registry.get("art")
        assert isinstance(system, ArtSystem) and system.table is not None
        assert [d.provenance for d in lib.system_documents("art")] == ["user"]
    # A second import replaces the first (the stored version is read first).
    assert run("--library", library_file, "import", str(good)) == 0


def test_invalid_table_is_not_imported(
    tmp_path: Path, library_file: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    text = write_table_csv(fake_table()).replace("59-73", "59-72", 1)
    path = tmp_path / "slip.csv"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("FATESMITH_LIBRARY", library_file)
    assert run("--no-samples", "import", str(path)) == 1
    assert "not imported" in capsys.readouterr().err
    assert not Path(library_file).exists()  # nothing stored: not even a library made
    assert run("--create", "export", str(tmp_path / "none.csv")) == 1


def test_plugin_adds_art_table_and_imports_no_qt() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command")
    cli.PLUGIN.add_commands(commands, lambda: None)
    args = parser.parse_args(["art-table", "check", "x.csv"])
    assert args.func is cli.run
    code = "import sys, gui.systems.art.cli; sys.exit('PySide6' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_a_missing_library_is_created_only_on_request(
    good: Path, library_file: str, capsys: Any
) -> None:
    """Like every command: a library named by the user is made only with --create (a typo must
    not make a new library full of samples)."""
    assert run("--library", library_file, "import", str(good)) == 2
    assert "--create" in capsys.readouterr().err
    assert not Path(library_file).exists()
    assert run("--library", library_file, "--create", "import", str(good)) == 0
    assert Path(library_file).exists()


def test_an_in_memory_library_refuses_an_import(good: Path, capsys: Any) -> None:
    """An import into sqlite:// would vanish with the process: refused, not reported done."""
    assert run("--library", "sqlite://", "import", str(good)) == 2
    err = capsys.readouterr().err
    assert "in-memory" in err and "Imported" not in err


def _main(*argv: str) -> int:
    from gui.cli import main

    return main(list(argv))


def test_art_roll_reads_the_loaded_table(
    good: Path, library_file: str, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fatesmith art roll ROW``: d100 and its kicker (L293-301 "Using the Dice", "Kicker Die")
    read on the library's table; the same seed gives the same roll and column."""
    assert run("--library", library_file, "--create", "--no-samples", "import", str(good)) == 0
    capsys.readouterr()
    assert _main("art", "roll", "14", "--seed", "3", "--library", library_file, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["table_loaded"] is True and out["row"] == 14
    assert out["kicker"] == out["roll"] % 10
    assert out["column"] == fake_table().column(14, out["roll"]).name
    assert _main("art", "roll", "14", "--seed", "3", "--library", library_file) == 0
    text = capsys.readouterr().out
    assert f"d100 {out['roll']}, kicker {out['kicker']}" in text and out["result"] in text


def test_art_roll_without_a_table_says_so(library_file: str, capsys: Any) -> None:
    """No table loaded (issue 12): the roll and kicker still happen, and the user is told
    plainly that no table is loaded and to read the column off the printed table."""
    argv = ("art", "roll", "14", "--seed", "3", "--library", library_file, "--create")
    assert _main(*argv, "--no-samples") == 0
    text = capsys.readouterr().out
    assert "No Action Results Table is loaded" in text and "kicker" in text
    assert "printed table" in text
    assert _main("art", "roll", "14", "--seed", "3", "--library", library_file, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["table_loaded"] is False and out["column"] is None
    assert 1 <= out["roll"] <= 100 and out["kicker"] == out["roll"] % 10


def test_art_roll_refuses_a_row_out_of_range(library_file: str, capsys: Any) -> None:
    # The table's rows are trait totals 0-30 (0 and 26-30 for foes, art-engine.md 3.4).
    for row in ("31", "-1"):
        assert _main("art", "roll", row, "--library", library_file, "--create") == 1
        err = capsys.readouterr().err
        assert err.startswith("fatesmith art roll: ROW must be") and "0 to 30" in err
    assert _main("art", "roll", "0", "--library", library_file, "--create", "--json") == 0
    assert json.loads(capsys.readouterr().out)["row"] == 0


def test_art_roll_names_itself_when_the_library_is_missing(tmp_path: Path, capsys: Any) -> None:
    missing = str(tmp_path / "none.sqlite3")
    assert _main("art", "roll", "14", "--library", missing) == 2
    assert capsys.readouterr().err.startswith("fatesmith art roll: there is no library")


def test_the_core_roll_of_d100_has_no_kicker(capsys: Any) -> None:
    """The kicker is ART's (``art roll``): ``fatesmith roll d100`` rolls plain percentile dice."""
    assert _main("roll", "d100", "--seed", "3", "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert "kicker" not in out and 1 <= out["total"] <= 100


def test_control_characters_in_file_names_are_shown_escaped(tmp_path: Path, capsys: Any) -> None:
    """A file name (or a user's column title) cannot drive the terminal or forge a line
    (issue #22): ESC and newlines are printed as visible escapes, as every other command does."""
    hostile = tmp_path / "t\x1b[2J\nfatesmith: all fine.csv"
    hostile.write_text(write_table_csv(fake_table()), encoding="utf-8")
    assert run("check", str(hostile)) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and out.count("\n") == 1
    assert "t\\x1b[2J\\nfatesmith: all fine.csv: valid (31 rows)" in out
    broken = tmp_path / "b\x1b[31m.csv"
    broken.write_text("not,a,table\n", encoding="utf-8")
    assert run("check", str(broken)) != 0
    err = capsys.readouterr().err
    assert "\x1b" not in err and "b\\x1b[31m.csv" in err
