"""Rules layer: the CSV form of the Action Results Table (parse and write, text only).

The form: a header line ``row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW``, then one line per row: the row
number and ten cells, each ``lo-hi``, a single number, or empty. Lines may end in LF, CRLF or a
classic Mac's lone CR, mixed in one file; a cell is at most :data:`MAX_CELL` characters (a
longer one is an error naming its line, row and column, and is never echoed). Parsing is pure
(text in, table and problems out); reading the file is the storage layer's job.
"""

from __future__ import annotations

import csv
import io
import re

from rules.systems.art.scale import COLUMNS
from rules.systems.art.table import S_FORMAT, ActionResultsTable, ArtRow, Cell, check_table
from rules.validation import Problem, error

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
_SHOWN = 120
"""Characters of a wrong header quoted back in its error."""


def parse_cell(text: str) -> Cell:
    """One cell as typed (CSV or the table editor): ``"59-73"`` -> (59, 73); ``"100"`` ->
    (100, 100); ``""`` -> None.

    Raises:
        ValueError: for anything else.
    """
    text = text.strip()
    if not text:
        return None
    for dash in DASHES:
        if dash in text[1:]:
            lo_text, hi_text = text.split(dash, 1)
            return int(lo_text.strip()), int(hi_text.strip())
    value = int(text)
    return value, value


def parse_table_csv(
    text: str, source: str = ""
) -> tuple[ActionResultsTable | None, tuple[Problem, ...]]:
    """The table in CSV ``text``, with every problem found (never raises).

    Malformed cells and lines are errors naming the line, row and column, and are left empty in
    the returned table; the table's own checks (:func:`check_table`) follow. Returns None for
    the table only when the header is wrong.
    """
    problems: list[Problem] = []
    lines = enumerate(_LINE_END.split(text.lstrip("\ufeff")), start=1)
    content = [(n, cells) for n, cells in ((n, _fields(line)) for n, line in lines)
               if any(c.strip() for c in cells)]  # fmt: skip
    if not content:
        return None, (error("ART-CSV-empty", "header", "The file is empty.", S_FORMAT),)
    header_line, header = content[0]
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
    for line_no, fields in content[1:]:
        row_text = fields[0].strip() if fields else ""
        if len(row_text) > MAX_CELL:
            problems.append(_oversized(line_no, None, "row", row_text))
            continue
        try:
            number = int(row_text)
        except ValueError:
            problems.append(
                error(
                    "ART-CSV-row-number",
                    f"line {line_no}",
                    f"Line {line_no}: {row_text!r} is not a row number (0-30).",
                    S_FORMAT,
                )
            )
            continue
        cells_text = fields[1:]
        if len(cells_text) != len(COLUMNS):
            problems.append(
                error(
                    "ART-CSV-cell-count",
                    f"rows.{number}",
                    f"Line {line_no}, row {number}: {len(cells_text)} cells; one per column "
                    "(ten) is needed.",
                    S_FORMAT,
                )
            )
            cells_text = (cells_text + [""] * len(COLUMNS))[: len(COLUMNS)]
        cells: list[Cell] = []
        for col, cell_text in zip(COLUMNS, cells_text, strict=True):
            if len(cell_text.strip()) > MAX_CELL:
                cells.append(None)
                problems.append(_oversized(line_no, number, col.name, cell_text))
                continue
            try:
                cells.append(parse_cell(cell_text))
            except ValueError:
                cells.append(None)
                problems.append(
                    error(
                        "ART-CSV-cell",
                        f"rows.{number}.{col.name}",
                        f"Line {line_no}, row {number}, column {col.name}: {cell_text.strip()!r} "
                        "is not a range (write lo-hi, one number, or leave it empty).",
                        S_FORMAT,
                    )
                )
        rows.append(ArtRow(row=number, cells=tuple(cells)))
    if len(rows) > MAX_ROWS:
        problems.append(
            error(
                "ART-CSV-too-many-rows",
                f"rows.{rows[MAX_ROWS].row}",
                f"The file has {len(rows)} rows; a table has at most 31 (rows 0-30), so the "
                f"lines after the first {MAX_ROWS} rows are ignored.",
                S_FORMAT,
            )
        )
        rows = rows[:MAX_ROWS]
    table = ActionResultsTable(source=source[:500], rows=tuple(rows))
    return table, (*problems, *check_table(table))


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
