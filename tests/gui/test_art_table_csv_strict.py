"""The Action Results Table CSV read strictly and quickly, and written so it reads back (issue
29): only ASCII digits are numbers (no Arabic-Indic or full-width digits, no ``+1``, no
``3_4``), each wrong cell named by row and column; a junk file shows the first hundred problems
and a count of the rest, and is read fast; every table shape the library can store exports a
CSV that reads back as the same table; an import into a read-only library is one line. Through
the real command line (``python -m gui.cli art art-table ...``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gui.cli import main
from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table import ActionResultsTable, ArtRow, check_table
from rules.systems.art.table_csv import parse_table_csv, write_table_csv
from storage.library import Library
from storage.systems_catalog import default_registry
from tests.rules.test_art_support import fake_row, fake_table

MAX_SHOWN = 100
ROOT = Path(__file__).resolve().parents[2]


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", "art", "art-table", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def with_cell(row: int, column: int, text: str) -> str:
    """The valid fake table's CSV with the cell at (row, column) (0: the row number) typed as
    ``text``."""
    lines = write_table_csv(fake_table()).splitlines()
    fields = lines[row + 1].split(",")
    fields[column] = text
    lines[row + 1] = ",".join(fields)
    return "\n".join(lines) + "\n"


NOT_NUMBERS = {
    "arabic-indic": "\u0665\u0669-\u0667\u0663",  # ٥٩-٧٣
    "full-width": "\uff15\uff19-\uff17\uff13",  # ５９-７３
    "plus": "+59-73",
    "underscore": "5_9-73",
    "devanagari": "\u096b\u096f-73",
    "superscript": "\u00b2",
    "minus-sign": "\u221259-73",
}


@pytest.mark.parametrize("kind", sorted(NOT_NUMBERS))
def test_only_ascii_digits_are_numbers_in_a_cell(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "table.csv"
    path.write_text(with_cell(14, 7, NOT_NUMBERS[kind]), encoding="utf-8")
    done = cli("check", str(path))
    assert done.returncode == 1, done.stdout
    errors = done.stderr.splitlines()
    assert "row 14, column GD" in errors[0] and "not a range" in errors[0], errors[0]


@pytest.mark.parametrize("text", ["+14", "1_4", "\u0661\u0664", "\uff11\uff14", "-1"])
def test_only_ascii_digits_are_row_numbers(text: str, tmp_path: Path) -> None:
    path = tmp_path / "table.csv"
    path.write_text(with_cell(14, 0, text), encoding="utf-8")
    done = cli("check", str(path))
    assert done.returncode == 1
    assert "is not a row number" in done.stderr, done.stderr
    assert "column row" in done.stderr or "row number" in done.stderr


def test_plain_numbers_with_spaces_and_dashes_still_read() -> None:
    table, problems = parse_table_csv(with_cell(14, 7, " 59 \u2013 73 "))
    assert table is not None and not problems
    assert table.get_row(14) is not None
    assert table.get_row(14).cells[6] == (59, 73)  # type: ignore[union-attr]


def test_a_junk_file_shows_the_first_hundred_problems_and_a_count(tmp_path: Path) -> None:
    header = "row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW\n"
    junk = header + "".join(f"{i},x,x,x,x,x,x,x,x,x,x\n" for i in range(40_000))
    assert len(junk.encode()) < 1024 * 1024
    path = tmp_path / "junk.csv"
    path.write_text(junk, encoding="utf-8")
    started = time.perf_counter()
    done = cli("check", str(path))
    took = time.perf_counter() - started
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) <= MAX_SHOWN + 1, len(lines)
    assert "more problems" in lines[-1], lines[-1]
    assert took < 8, took


def test_the_parse_stops_early_on_junk() -> None:
    header = "row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW\n"
    junk = header + "".join(f"{i},x,x,x,x,x,x,x,x,x,x\n" for i in range(40_000))
    started = time.perf_counter()
    _table, problems = parse_table_csv(junk)
    took = time.perf_counter() - started
    assert len(problems) <= MAX_SHOWN + 1
    assert "more" in problems[-1].message
    assert took < 0.5, took


SHAPES = {
    "valid": fake_table(),
    "twenty-cells": ActionResultsTable(
        rows=tuple(ArtRow(row=r, cells=(*fake_row(r).cells, *([None] * 10))) for r in range(31))
    ),
    "twenty-filled": ActionResultsTable(
        rows=(ArtRow(row=3, cells=tuple((i, i) for i in range(1, 21))),)
    ),
    "no-cells": ActionResultsTable(rows=(ArtRow(row=3, cells=()),)),
    "one-empty-cell": ActionResultsTable(rows=(ArtRow(row=3, cells=(None,)),)),
    "short-rows": ActionResultsTable(rows=(ArtRow(row=5, cells=((1, 50), (51, 100))),)),
    "all-empty": ActionResultsTable(rows=(ArtRow(row=7, cells=(None,) * 10),)),
    "rows-outside": ActionResultsTable(
        rows=(fake_row(0), ArtRow(row=31, cells=fake_row(3).cells), ArtRow(row=999, cells=()))
    ),
    "twice": ActionResultsTable(rows=(fake_row(4), fake_row(4))),
    "hundred-rows": ActionResultsTable(rows=tuple(fake_row(r % 31) for r in range(100))),
    "out-of-bounds": ActionResultsTable(rows=(ArtRow(row=2, cells=((0, 0), (101, 999))),)),
    "empty": ActionResultsTable(),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_stored_shape_exports_a_csv_that_reads_back(shape: str, tmp_path: Path) -> None:
    stored = SHAPES[shape]
    lib_path = tmp_path / "lib.sqlite3"
    with Library.open(
        f"sqlite:///{lib_path}", registry=default_registry(), samples=False
    ) as library:
        doc = SystemData(system="art", key=TABLE_KEY, provenance="user",
                         content=stored.model_dump(mode="json"))  # fmt: skip
        library.save_system_document(doc, expected_version=None)
    out = tmp_path / "out.csv"
    done = cli("--library", str(lib_path), "export", str(out))
    assert done.returncode == 0, done.stderr
    table, problems = parse_table_csv(out.read_text(encoding="utf-8"))
    assert table is not None
    assert table.rows == stored.rows
    assert problems == check_table(stored)  # the table's own problems, no CSV complaint

    lib2 = tmp_path / "lib2.sqlite3"
    done = cli("--library", str(lib2), "--create", "--no-samples", "import", str(out))
    if not check_table(stored):
        assert done.returncode == 0, done.stderr
        with Library.open(f"sqlite:///{lib2}", registry=default_registry()) as library:
            system = library.registry.get("art")
            assert system.table is not None
            assert system.table.rows == stored.rows
    else:
        # A table with errors is never stored by an import, for what it holds (the same
        # errors the library shows), never for how the app wrote it.
        assert done.returncode == 1
        assert "cells; one per column" not in done.stderr


def test_an_import_into_a_read_only_library_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "table.csv"
    table.write_text(write_table_csv(fake_table()), encoding="utf-8")
    lib = tmp_path / "lib.sqlite3"
    Library.open(f"sqlite:///{lib}", registry=default_registry(), samples=False).close()
    real = os.access

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path) == lib:
            return False  # the tests may run as root, who may write anything
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    code = main(["art", "art-table", "--library", str(lib), "import", str(table)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("fatesmith art-table: the library cannot be written"), err
