"""Rules layer: the CSV form of the Action Results Table (parse and write, text only).

The form: a header line ``row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW``, then one line per row: the row
number and ten cells, each ``lo-hi``, a single number, or empty. Parsing is pure (text in,
table and problems out); reading the file is the storage layer's job.
"""

from __future__ import annotations

import csv
import io

from rules.systems.art.scale import COLUMNS
from rules.systems.art.table import S_FORMAT, ActionResultsTable, ArtRow, Cell, check_table
from rules.validation import Problem, error

HEADER: tuple[str, ...] = ("row", *(c.name for c in COLUMNS))
MAX_ROWS = 100
"""Rows kept from a file (the model holds at most 100; a real table has 31)."""
DASHES = ("-", "\u2013", "\u2014")  # hyphen, en dash, em dash (spreadsheets retype them)


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
    lines = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    content = [
        (n, cells) for n, cells in enumerate(lines, start=1) if any(c.strip() for c in cells)
    ]
    if not content:
        return None, (error("ART-CSV-empty", "header", "The file is empty.", S_FORMAT),)
    header_line, header = content[0]
    names = tuple(c.strip().upper() for c in header)
    if names != tuple(h.upper() for h in HEADER):
        return None, (
            error(
                "ART-CSV-header",
                "header",
                f"Line {header_line}: the header must be {','.join(HEADER)} "
                f"(found {','.join(c.strip() for c in header)}).",
                S_FORMAT,
            ),
        )
    rows: list[ArtRow] = []
    for line_no, fields in content[1:]:
        row_text = fields[0].strip() if fields else ""
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
