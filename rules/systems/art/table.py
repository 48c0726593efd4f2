"""Rules layer: the Action Results Table, as data the user supplies, and its checker.

The book reads every roll on the Action Results Table (ART) but does not print it: it is
published separately. Fatesmith never invents its numbers. A user who owns the table enters it
(or imports it from CSV, :mod:`rules.systems.art.table_csv`); :func:`check_table` says what is
wrong with it, row by row and column by column; a table without errors is used for rolls.

Rows are trait totals (0-30), columns the ten results Catastrophic .. Awesome; each cell is the
d100 range that gives that column on that row, or empty (ART Engine, Chapter 3 "Using the ART").
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.systems.art.scale import COLUMNS, Result
from rules.validation import Problem, error, field_path, has_errors, warning

S_TABLE = "ART Engine, Chapter 3: Using the ART"
S_FORMAT = "Fatesmith, Action Results Table data (the table is published separately)"

FIRST_ROW = 0
LAST_ROW = 30
REQUIRED_ROWS = range(1, 26)
"""Rows 1-25: the trait range of adventurers (trait modifiers keep a trait within 1-25, ART
Engine "Trait Modifiers"). Rows 0 and 26-30 (henchmen, "Henchman Traits") are optional."""

ANCHOR_ROW = 14
ANCHOR_COLUMN = Result.GD
ANCHOR_RANGE = (59, 73)
"""The one cell the book gives: on row 14, 59-73 is Good (ART Engine "Using the ART")."""

Cell = tuple[int, int] | None
"""A d100 range ``(lo, hi)``, or None for a column that no roll reaches on that row."""


class ArtRow(BaseModel):
    """One row of the table: a trait total and the range of each of the ten columns.

    Attributes:
        row: The trait total (0-30).
        cells: Ten cells, Catastrophic to Awesome; None where a column is empty.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    row: int
    cells: tuple[Cell, ...] = Field(max_length=20)


class ActionResultsTable(BaseModel):
    """The Action Results Table a user supplied (shape only; :func:`check_table` judges it).

    Attributes:
        version: Format version of the document.
        source: Where the user's numbers come from (free text, shown with the table).
        rows: The rows, kept sorted by row number.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = Field(default=1, ge=1, le=1)
    source: str = Field(default="", max_length=500)
    rows: tuple[ArtRow, ...] = Field(default=(), max_length=100)

    @model_validator(mode="after")
    def _sorted(self) -> ActionResultsTable:
        object.__setattr__(self, "rows", tuple(sorted(self.rows, key=lambda r: r.row)))
        return self

    def row_numbers(self) -> tuple[int, ...]:
        """The row numbers present, ascending."""
        return tuple(r.row for r in self.rows)

    def get_row(self, number: int) -> ArtRow | None:
        """Row ``number``, or None."""
        for r in self.rows:
            if r.row == number:
                return r
        return None

    def column(self, row: int, roll: int) -> Result:
        """The column a d100 ``roll`` (1-100) gives on ``row`` of a table without errors.

        ``row`` is clamped into the table's first..last row (a trait above the last row reads
        the last row). Call only on a table :func:`check_table` passed.

        Raises:
            ValueError: when the roll is outside 1-100 or the table has no cell for it.
        """
        if not 1 <= roll <= 100:
            raise ValueError(f"a d100 roll is 1-100, not {roll}")
        numbers = self.row_numbers()
        if not numbers:
            raise ValueError("the table has no rows")
        clamped = max(numbers[0], min(numbers[-1], row))
        found = self.get_row(clamped)
        if found is None:
            # A gap in optional rows cannot happen for 1-25; use the nearest row below.
            below = [n for n in numbers if n <= clamped]
            found = self.get_row(below[-1] if below else numbers[0])
        assert found is not None
        for col, cell in zip(COLUMNS, found.cells, strict=False):
            if cell is not None and cell[0] <= roll <= cell[1]:
                return col
        raise ValueError(f"row {found.row} has no column for {roll}")


def _where(row: int, column: Result | None = None) -> str:
    return f"rows.{row}" + (f".{column.name}" if column is not None else "")


def _label(row: int, column: Result | None = None) -> str:
    return f"Row {row}" + (f", column {column.name} ({column.title})" if column else "")


def _cell_text(cell: tuple[int, int]) -> str:
    return f"{cell[0]}-{cell[1]}" if cell[0] != cell[1] else str(cell[0])


def _check_row(r: ArtRow) -> list[Problem]:
    """Each row: ten cells, each within 1-100, together covering 1-100 once, in column order."""
    out: list[Problem] = []
    if len(r.cells) != len(COLUMNS):
        out.append(
            error(
                "ART-T-cell-count",
                _where(r.row),
                f"{_label(r.row)} has {len(r.cells)} cells; every row has one cell per column "
                "(ten: CT PT FB IN PR PS GD GT SP AW).",
                S_FORMAT,
            )
        )
        return out
    expected = 1
    previous: Result | None = None
    for col, cell in zip(COLUMNS, r.cells, strict=True):
        if cell is None:
            continue
        lo, hi = cell
        if not (1 <= lo <= 100 and 1 <= hi <= 100) or lo > hi:
            out.append(
                error(
                    "ART-T-cell-bounds",
                    _where(r.row, col),
                    f"{_label(r.row, col)}: {lo}-{hi} is not a range of d100 rolls (each end "
                    "1-100, the low end first).",
                    S_TABLE,
                )
            )
            return out
        if lo > expected:
            gap = _cell_text((expected, lo - 1))
            out.append(
                error(
                    "ART-T-gap",
                    _where(r.row, col),
                    f"{_label(r.row, col)}: rolls {gap} fall in no column (the range before "
                    f"{lo}-{hi} must end at {lo - 1}).",
                    S_TABLE,
                )
            )
        elif lo < expected:
            after = f"column {previous.name}" if previous is not None else "the row's start"
            out.append(
                error(
                    "ART-T-overlap",
                    _where(r.row, col),
                    f"{_label(r.row, col)}: {lo}-{hi} overlaps {after} (ranges must rise "
                    f"from Catastrophic to Awesome; this one should start at {expected}).",
                    S_TABLE,
                )
            )
        expected = max(expected, hi + 1)
        previous = col
    if previous is None:
        out.append(
            error(
                "ART-T-empty-row",
                _where(r.row),
                f"{_label(r.row)} has no ranges at all; its columns must cover 1-100.",
                S_TABLE,
            )
        )
    elif expected <= 100:
        out.append(
            error(
                "ART-T-gap",
                _where(r.row, previous),
                f"{_label(r.row, previous)}: rolls {_cell_text((expected, 100))} fall in no "
                "column (the last range must end at 100).",
                S_TABLE,
            )
        )
    return out


def _thresholds(r: ArtRow) -> list[int]:
    """For each column k (1..9), the lowest roll giving column k or better (101: none)."""
    out = []
    for k in range(1, len(COLUMNS)):
        los = [c[0] for c in r.cells[k:] if c is not None]
        out.append(min(los) if los else 101)
    return out


def check_table(table: ActionResultsTable) -> tuple[Problem, ...]:
    """Every problem with a user's Action Results Table (never raises).

    Errors: a row number outside 0-30 or given twice; a row without ten cells; a range outside
    1-100; rolls in no column or in two; a row of 1-25 missing; the book's cell (row 14, Good =
    59-73) not matching. Warning: a higher row that makes a better result less likely than a
    lower row does. Every problem names its row, and its column where there is one.
    """
    out: list[Problem] = []
    seen: set[int] = set()
    good_rows: list[ArtRow] = []
    for r in table.rows:
        if not FIRST_ROW <= r.row <= LAST_ROW:
            out.append(
                error(
                    "ART-T-row-range",
                    _where(r.row),
                    f"{_label(r.row)}: rows are trait totals {FIRST_ROW}-{LAST_ROW}.",
                    S_FORMAT,
                )
            )
            continue
        if r.row in seen:
            out.append(
                error(
                    "ART-T-row-duplicate",
                    _where(r.row),
                    f"{_label(r.row)} is given twice.",
                    S_FORMAT,
                )
            )
            continue
        seen.add(r.row)
        row_problems = _check_row(r)
        out += row_problems
        if not row_problems:
            good_rows.append(r)
    for number in REQUIRED_ROWS:
        if number not in seen:
            out.append(
                error(
                    "ART-T-row-missing",
                    _where(number),
                    f"{_label(number)} is missing; rows 1-25 are needed (0 and 26-30 optional).",
                    S_FORMAT,
                )
            )
    anchor = table.get_row(ANCHOR_ROW)
    if anchor is not None and len(anchor.cells) == len(COLUMNS):
        cell = anchor.cells[int(ANCHOR_COLUMN)]
        if cell != ANCHOR_RANGE:
            given = "empty" if cell is None else _cell_text(cell)
            out.append(
                error(
                    "ART-T-book-cell",
                    _where(ANCHOR_ROW, ANCHOR_COLUMN),
                    f"{_label(ANCHOR_ROW, ANCHOR_COLUMN)} is {given}, but the book's example "
                    "reads 59-73 as Good on row 14: this is not the published table (or a "
                    "typing slip).",
                    "ART Engine, Chapter 3: Using the ART (the climb on row 14)",
                )
            )
    for lower, higher in itertools.pairwise(good_rows):
        for k, (a, b) in enumerate(
            zip(_thresholds(lower), _thresholds(higher), strict=True), start=1
        ):
            if b > a:
                col = COLUMNS[k]
                out.append(
                    warning(
                        "ART-T-not-monotonic",
                        _where(higher.row, col),
                        f"{_label(higher.row, col)}: a roll of {a} gives {col.title} or better "
                        f"on row {lower.row} but not on row {higher.row}; a higher trait "
                        "should never make a better result less likely.",
                        S_TABLE,
                    )
                )
    return tuple(out)


def table_from_content(
    content: Mapping[str, Any],
) -> tuple[ActionResultsTable | None, tuple[Problem, ...]]:
    """A table from a stored document (library system data), with its problems.

    Returns None and one problem (naming the field) when the document's shape is wrong.
    """
    try:
        table = ActionResultsTable.model_validate(dict(content))
    except ValidationError as exc:
        first = exc.errors()[0]
        return None, (
            error(
                "ART-T-shape",
                field_path(tuple(first["loc"])),
                f"The stored table cannot be read: {first['msg']}.",
                S_FORMAT,
            ),
        )
    return table, check_table(table)


def usable(problems: tuple[Problem, ...]) -> bool:
    """Whether a table with ``problems`` can be used for rolls (warnings allowed)."""
    return not has_errors(problems)
