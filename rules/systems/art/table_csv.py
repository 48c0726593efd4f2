"""Rules layer: the CSV form of the Action Results Table (parse and write, text only).

The form: a header line ``row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW``, then one line per row: the row
number and ten cells, each ``lo-hi``, a single number, or empty. Lines may end in LF, CRLF or a
classic Mac's lone CR, mixed in one file; a cell is at most :data:`MAX_CELL` characters (a
longer one is an error naming its line, row and column, and is never echoed). Numbers are the
ASCII digits 0-9, unsigned. Only the first :data:`MAX_ROWS` rows are parsed and at most
:data:`MAX_PROBLEMS` problems reported (then a count of the rest). What
:func:`write_table_csv` writes of any table the library can store reads back as that table.
Parsing is pure (text in, table and problems out); reading the file is the storage layer's job.
"""

from __future__ import annotations

import csv
import io
import re

from rules.systems.art.scale import COLUMNS
from rules.systems.art.table import S_FORMAT, ActionResultsTable, ArtRow, Cell, check_table
from rules.validation import Problem, Severity, error, warning

HEADER: tuple[str, ...] = ("row", *(c.name for c in COLUMNS))
MAX_ROWS = 100
"""Rows kept from a file (the model holds at most 100; a real table has 31)."""
DASHES = ("-", "\u2013", "\u2014")  # hyphen, en dash, em dash (spreadsheets retype them)
MAX_CELL = 40
"""Characters a cell may hold: ``100-100`` is seven; spaces and quotes typed by hand fit."""
MAX_LINE = (len(HEADER) + 1) * (MAX_CELL + 3)
"""Characters past which a line is not parsed as CSV (the csv module refuses a field over
128 KB with an exception); it is split at its commas so the oversized cell can be named."""
_LINE_END = re.compile(r"\r\n|\r|\n")
_NUMBER = re.compile(r"[0-9]+")
_CELL = re.compile(rf"([0-9]+)(?:[ \t]*[{''.join(DASHES)}][ \t]*([0-9]+))?")
MAX_CELLS = 20
"""Cells a row may hold (:class:`ArtRow`'s bound): what the library can store, the CSV reads
back as it is (ten is right; :func:`check_table` names any other count)."""
MAX_PROBLEMS = 100
"""Problems reported for one file; past them, one more says how many were left out."""
_SHOWN = 120
"""Characters of a wrong header quoted back in its error."""


def parse_cell(text: str) -> Cell:
    """One cell as typed (CSV or the table editor): ``"59-73"`` -> (59, 73); ``"100"`` ->
    (100, 100); ``""`` -> None.

    Numbers are ASCII digits only, with no sign: a d100 range is 1-100, so neither a minus
    nor a plus means anything, and Python's ``int()`` would take other scripts' digits
    (Arabic-Indic, full-width) and ``3_4`` as 34.

    Raises:
        ValueError: for anything else.
    """
    text = text.strip()
    if not text:
        return None
    found = _CELL.fullmatch(text)
    if found is None:
        raise ValueError(f"not a range: {text!r}")
    lo, hi = found.group(1), found.group(2)
    return int(lo), int(hi if hi is not None else lo)


def parse_row_number(text: str) -> int:
    """A row number as typed: ASCII digits only (rows are trait totals 0-30, never signed).

    Raises:
        ValueError: for anything else.
    """
    text = text.strip()
    if _NUMBER.fullmatch(text) is None:
        raise ValueError(f"not a row number: {text!r}")
    return int(text)


def parse_table_csv(
    text: str, source: str = ""
) -> tuple[ActionResultsTable | None, tuple[Problem, ...]]:
    """The table in CSV ``text``, with the problems found (never raises).

    Malformed cells and lines are errors naming the line, row and column, and are left empty in
    the returned table; the table's own checks (:func:`check_table`) follow. A row keeps the
    cells it has (up to :data:`MAX_CELLS`), so every table the library can store reads back as
    it was written. Lines past the first :data:`MAX_ROWS` rows are counted, not parsed, and at
    most :data:`MAX_PROBLEMS` problems are returned, then one saying how many more there were:
    a junk file is reported in a screenful, quickly. Returns None for the table only when the
    header is wrong.
    """
    problems: list[Problem] = []
    lines = (
        (n, cells)
        for n, cells in ((n, _fields(line)) for n, line in
                         enumerate(_LINE_END.split(text.lstrip("\ufeff")), start=1))
        if any(c.strip() for c in cells)
    )  # fmt: skip
    first = next(lines, None)
    if first is None:
        return None, (error("ART-CSV-empty", "header", "The file is empty.", S_FORMAT),)
    header_line, header = first
    names = tuple(c.strip().upper() for c in header)
    if names != tuple(h.upper() for h in HEADER):
        found = ",".join(c.strip() for c in header)
        if len(found) > _SHOWN:
            found = f"{found[:_SHOWN]}... ({len(found)} characters)"
        return None, (
            error(
                "ART-CSV-header",
                "header",
                f"Line {header_line}: the header must be {','.join(HEADER)} (found {found}).",
                S_FORMAT,
            ),
        )
    rows: list[ArtRow] = []
    for read, (line_no, fields) in enumerate(lines, start=1):
        if read > MAX_ROWS:
            rest = 1 + sum(1 for line in _LINE_END.split(text)[line_no:] if line.strip(" \t,"))
            problems.insert(
                0,
                error(
                    "ART-CSV-too-many-rows",
                    f"line {line_no}",
                    f"The file has {MAX_ROWS + rest} rows; a table has at most 31 (rows 0-30), "
                    f"so the lines after the first {MAX_ROWS} rows (from line {line_no}) are "
                    "ignored.",
                    S_FORMAT,
                ),
            )
            break
        row = _parse_row(line_no, fields, problems)
        if row is not None:
            rows.append(row)
    table = ActionResultsTable(source=source[:500], rows=tuple(rows))
    return table, _capped((*problems, *check_table(table)))


def _parse_row(line_no: int, fields: list[str], problems: list[Problem]) -> ArtRow | None:
    """One line's row (None when its row number is wrong), adding its problems."""
    row_text = fields[0].strip() if fields else ""
    if len(row_text) > MAX_CELL:
        problems.append(_oversized(line_no, None, "row", row_text))
        return None
    try:
        number = parse_row_number(row_text)
    except ValueError:
        problems.append(
            error(
                "ART-CSV-row-number",
                f"line {line_no}",
                f"Line {line_no}, column row: {row_text!r} is not a row number (0-30, in the "
                "digits 0-9).",
                S_FORMAT,
            )
        )
        return None
    cells_text = fields[1:]
    if len(cells_text) > MAX_CELLS:
        problems.append(
            error(
                "ART-CSV-cell-count",
                f"rows.{number}",
                f"Line {line_no}, row {number}: {len(cells_text)} cells; one per column (ten) "
                "is needed.",
                S_FORMAT,
            )
        )
        cells_text = cells_text[: len(COLUMNS)]
    cells: list[Cell] = []
    for index, cell_text in enumerate(cells_text):
        column = COLUMNS[index].name if index < len(COLUMNS) else f"{index + 1} (past AW)"
        if len(cell_text.strip()) > MAX_CELL:
            cells.append(None)
            problems.append(_oversized(line_no, number, column, cell_text))
            continue
        try:
            cells.append(parse_cell(cell_text))
        except ValueError:
            cells.append(None)
            problems.append(
                error(
                    "ART-CSV-cell",
                    f"rows.{number}.{column}",
                    f"Line {line_no}, row {number}, column {column}: {cell_text.strip()!r} "
                    "is not a range (write lo-hi, one number, or leave it empty; numbers in "
                    "the digits 0-9, unsigned).",
                    S_FORMAT,
                )
            )
    return ArtRow(row=number, cells=tuple(cells))


def _capped(problems: tuple[Problem, ...]) -> tuple[Problem, ...]:
    """The first :data:`MAX_PROBLEMS` problems, then one counting the rest (an error when any
    of them is)."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = problems[MAX_PROBLEMS:]
    any_error = any(p.severity is Severity.ERROR for p in rest)
    more = f"... and {len(rest)} more problems, not shown (correct the ones above first)."
    last = (error if any_error else warning)("ART-CSV-more-problems", "rows", more, S_FORMAT)
    return (*problems[:MAX_PROBLEMS], last)


def _fields(line: str) -> list[str]:
    """One physical line's cells (its line end already cut off by the caller)."""
    if len(line) > MAX_LINE:
        return line.split(",")
    try:
        return next(csv.reader([line]), [])
    except csv.Error:  # e.g. a stray quote in strict dialects: the cells say what is wrong
        return line.split(",")


def _oversized(line_no: int, number: int | None, column: str, text: str) -> Problem:
    """The error for a cell too long to be one (the cell is not quoted back)."""
    where = f"Line {line_no}, row {number}" if number is not None else f"Line {line_no}"
    return error(
        "ART-CSV-cell-size",
        f"rows.{number}.{column}" if number is not None else f"line {line_no}",
        f"{where}, column {column}: a cell of {len(text.strip())} characters; a cell holds at "
        f"most {MAX_CELL} (write lo-hi, one number, or leave it empty).",
        S_FORMAT,
    )


def cell_text(cell: Cell) -> str:
    """A cell as written: ``"59-73"``, ``"100"`` or ``""`` (parses back with
    :func:`parse_cell`)."""
    return _cell_out(cell)


def _cell_out(cell: Cell) -> str:
    if cell is None:
        return ""
    return str(cell[0]) if cell[0] == cell[1] else f"{cell[0]}-{cell[1]}"


def write_table_csv(table: ActionResultsTable) -> str:
    """The table as CSV text (header, then one line per row, ascending); parses back equal."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for r in table.rows:
        writer.writerow([str(r.row), *(_cell_out(c) for c in r.cells)])
    return out.getvalue()
