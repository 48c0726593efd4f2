"""The user-supplied Action Results Table: its checker, the CSV form, and reading rolls on it.

ART Engine, Chapter 3 "Using the ART" (L1063-1073): the row is the trait total, the column whose
range holds the d100 roll is the result; the one cell the book gives is row 14, 59-73 = Good.
The table itself is invented test data (see test_art_support).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.systems.art.rolls import NO_TABLE, TraitRoll, read_column, roll_trait
from rules.systems.art.scale import Result
from rules.systems.art.table import ActionResultsTable, ArtRow, check_table, table_from_content
from rules.systems.art.table_csv import parse_table_csv, write_table_csv
from rules.validation import Severity
from tests.rules.test_art_support import fake_row, fake_table


def _with_row(row: ArtRow) -> ActionResultsTable:
    rows = [r for r in fake_table().rows if r.row != row.row]
    return ActionResultsTable(rows=(*rows, row))


def _codes(table: ActionResultsTable) -> list[tuple[str, str]]:
    return [(p.code, p.path) for p in check_table(table)]


def test_invented_table_passes() -> None:
    assert check_table(fake_table()) == ()


def test_climb_on_row_14_reads_good() -> None:
    """L1069-1073: Strength 9 + Climbing +4 + Rock climbing +1 = row 14; a 73 is Good."""
    spec = TraitRoll(attribute=9, skills=(4, 1), difficulty=Result.PR)
    assert spec.row == 14
    assert fake_table().column(14, 73) is Result.GD
    assert fake_table().column(14, 59) is Result.GD
    assert fake_table().column(14, 74) is not Result.GD


def test_rows_outside_the_table_read_the_nearest_edge() -> None:
    table = fake_table(range(1, 26))
    assert table.column(40, 50) == table.column(25, 50)
    assert table.column(0, 50) == table.column(1, 50)


def test_cell_count_error_names_the_row() -> None:
    bad = ArtRow(row=5, cells=fake_row(5).cells[:9])
    problems = check_table(_with_row(bad))
    assert [(p.code, p.path) for p in problems] == [("ART-T-cell-count", "rows.5")]
    assert "Row 5" in problems[0].message


def test_gap_error_names_row_and_column() -> None:
    cells = list(fake_row(7).cells)
    lo, hi = cells[6] or (0, 0)
    cells[6] = (lo + 2, hi)  # two rolls fall nowhere before GD
    problems = check_table(_with_row(ArtRow(row=7, cells=tuple(cells))))
    assert [(p.code, p.path) for p in problems] == [("ART-T-gap", "rows.7.GD")]
    assert "Row 7, column GD" in problems[0].message


def test_gap_at_the_end_of_a_row() -> None:
    cells = list(fake_row(20).cells)
    cells[9] = (cells[9] or (0, 0))[0], 99
    assert _codes(_with_row(ArtRow(row=20, cells=tuple(cells)))) == [("ART-T-gap", "rows.20.AW")]


def test_overlap_error_names_row_and_column() -> None:
    cells = list(fake_row(9).cells)
    lo, hi = cells[5] or (0, 0)
    cells[5] = (lo - 3, hi)
    problems = check_table(_with_row(ArtRow(row=9, cells=tuple(cells))))
    assert [(p.code, p.path) for p in problems] == [("ART-T-overlap", "rows.9.PS")]
    assert "column PR" in problems[0].message


def test_descending_ranges_are_an_overlap() -> None:
    cells = list(fake_row(10).cells)
    cells[3], cells[4] = cells[4], cells[3]
    codes = _codes(_with_row(ArtRow(row=10, cells=tuple(cells))))
    assert ("ART-T-overlap", "rows.10.PR") in codes


def test_range_outside_1_100() -> None:
    cells = list(fake_row(12).cells)
    cells[9] = (95, 101)
    assert _codes(_with_row(ArtRow(row=12, cells=tuple(cells)))) == [
        ("ART-T-cell-bounds", "rows.12.AW")
    ]


def test_empty_row() -> None:
    assert _codes(_with_row(ArtRow(row=20, cells=(None,) * 10))) == [("ART-T-empty-row", "rows.20")]


def test_missing_rows_1_to_25_are_errors_but_0_and_26_30_optional() -> None:
    assert check_table(fake_table(range(1, 26))) == ()
    codes = _codes(fake_table(range(2, 25)))
    assert codes == [("ART-T-row-missing", "rows.1"), ("ART-T-row-missing", "rows.25")]


def test_row_out_of_range_and_duplicate() -> None:
    table = ActionResultsTable(rows=(*fake_table().rows, fake_row(31), fake_row(4)))
    assert sorted(_codes(table)) == [
        ("ART-T-row-duplicate", "rows.4"),
        ("ART-T-row-range", "rows.31"),
    ]


def test_the_books_cell_must_hold() -> None:
    """L1073: whatever table is loaded, row 14 must read 59-73 as Good."""
    cells = list(fake_row(14).cells)
    cells[6], cells[7] = (59, 72), (73, 88)
    problems = check_table(_with_row(ArtRow(row=14, cells=tuple(cells))))
    assert [(p.code, p.path) for p in problems] == [("ART-T-book-cell", "rows.14.GD")]
    assert "59-73" in problems[0].message


def test_a_higher_row_making_a_better_result_less_likely_is_a_warning() -> None:
    # Row 16 copies row 10: Good or better now needs a higher roll than on row 15.
    row = ArtRow(row=16, cells=fake_row(10).cells)
    problems = check_table(_with_row(row))
    assert problems
    assert all(p.severity is Severity.WARNING for p in problems)
    assert {p.code for p in problems} == {"ART-T-not-monotonic"}
    assert any(p.path == "rows.16.GD" for p in problems)


def test_stored_content_round_trip_and_shape_errors() -> None:
    table = fake_table()
    again, problems = table_from_content(table.model_dump(mode="json"))
    assert again == table and problems == ()
    none, problems = table_from_content({"rows": [{"row": "x", "cells": []}]})
    assert none is None and problems[0].code == "ART-T-shape"
    assert problems[0].path.startswith("rows[0]")


# -- CSV --------------------------------------------------------------------------------------


def test_csv_round_trip() -> None:
    table = fake_table()
    text = write_table_csv(table)
    assert text.splitlines()[0] == "row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW"
    assert "14,1-5,6-12,13-22,23-33,34-45,46-58,59-73,74-88,89-97,98-100" in text.splitlines()
    parsed, problems = parse_table_csv(text, source="invented test data")
    assert problems == ()
    assert parsed == table
    assert write_table_csv(parsed) == text


def test_csv_single_numbers_empty_cells_and_dashes() -> None:
    lines = ["row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW"]
    for r in fake_table().rows:
        cells = [
            "" if c is None else (str(c[0]) if c[0] == c[1] else f"{c[0]}\u2013{c[1]}")
            for c in r.cells
        ]
        lines.append(",".join([str(r.row), *cells]))
    parsed, problems = parse_table_csv("\n".join(lines) + "\n")
    assert problems == ()
    assert parsed is not None and parsed.rows == fake_table().rows
    assert parsed.get_row(30) is not None and parsed.get_row(30).cells[3] == (1, 1)  # type: ignore[union-attr]


def test_csv_bad_header() -> None:
    table, problems = parse_table_csv("row,CT,PT\n1,1-100,\n")
    assert table is None
    assert [p.code for p in problems] == ["ART-CSV-header"]
    assert "row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW" in problems[0].message


def test_csv_malformed_cell_names_row_and_column() -> None:
    text = write_table_csv(fake_table()).replace("59-73", "59-7x")
    table, problems = parse_table_csv(text)
    assert table is not None
    cell = [p for p in problems if p.code == "ART-CSV-cell"]
    assert [(p.path) for p in cell] == ["rows.14.GD"]
    assert "row 14, column GD" in cell[0].message and "'59-7x'" in cell[0].message


def test_csv_short_line_and_bad_row_number() -> None:
    text = write_table_csv(fake_table())
    text = text.replace("\n7,", "\nseven,").replace("\n8,1", "\n8,1-100\n#8,1")
    _, problems = parse_table_csv(text)
    codes = {p.code for p in problems}
    # a short row is kept as it is (what the library stores reads back): the table's checker
    # names its cell count
    assert {"ART-CSV-row-number", "ART-T-cell-count"} <= codes


def test_csv_empty_text() -> None:
    assert [p.code for p in parse_table_csv("")[1]] == ["ART-CSV-empty"]


# -- rolls with and without a table ------------------------------------------------------------


def test_roll_without_a_table_asks_for_the_column() -> None:
    spec = TraitRoll(attribute=9, skills=(4, 1), difficulty=Result.PR)
    outcome = roll_trait(spec, None, random.Random(3))
    assert outcome.needs_column and not outcome.table_loaded
    assert outcome.notice == NO_TABLE.format(row=14, roll=outcome.roll.value)
    assert "No Action Results Table is loaded" in outcome.notice
    done = read_column(outcome, Result.GD)
    assert done.column is Result.GD and done.degree == 3  # GD vs PR: 3 successes (L1093-1102)
    with pytest.raises(ValueError):
        read_column(done, Result.GT)
    with pytest.raises(ValueError):
        read_column(outcome, Result.EX)


def test_roll_with_a_table_reads_it() -> None:
    table = fake_table()
    rng = random.Random(11)
    spec = TraitRoll(attribute=9, skills=(4, 1), difficulty=Result.PR)
    outcome = roll_trait(spec, table, rng)
    assert outcome.table_loaded and outcome.notice == ""
    assert outcome.column == table.column(14, outcome.roll.value)


CELL_TEXT = st.sampled_from(["", "1-100", "5", "7-", "x", "59-73", "101", "3\u20139", " 2 - 4 "])
LINE = st.lists(CELL_TEXT, min_size=0, max_size=12).map(",".join)


@settings(max_examples=200, deadline=None)
@given(
    numbers=st.lists(st.sampled_from(["0", "14", "25", "31", "-1", "x", ""]), max_size=120),
    lines=st.lists(LINE, max_size=120),
)
def test_csv_parser_never_raises(numbers: list[str], lines: list[str]) -> None:
    body = [f"{n},{line}" for n, line in zip(numbers, lines, strict=False)]
    text = "\n".join(["row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW", *body])
    table, problems = parse_table_csv(text)
    assert table is not None
    assert all(p.code.startswith("ART-") for p in problems)
