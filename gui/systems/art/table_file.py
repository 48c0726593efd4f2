"""GUI layer (no Qt): reading an Action Results Table CSV file a user names, as hostile input.

Shared by the table editor's Import and ``fatesmith art-table``: the file is read through
:mod:`storage.safe_read` (a regular file, bounded, UTF-8) and parsed by the rules layer
(:func:`rules.systems.art.table_csv.parse_table_csv`).
"""

from __future__ import annotations

from pathlib import Path

from rules.systems.art.table import ActionResultsTable
from rules.systems.art.table_csv import parse_table_csv
from rules.validation import Problem
from storage.safe_read import MB, FileKind, read_text

TABLE_FILE = FileKind("Action Results Table CSV file", MB)
"""A table's CSV is about 2 KB; a megabyte is far more than any real one."""


def read_table_csv(path: Path) -> tuple[ActionResultsTable | None, tuple[Problem, ...]]:
    """The table in the CSV file at ``path`` and its problems (None when the header is wrong).

    Raises:
        FatesmithError: the file cannot be read (missing, not a file, too big, not UTF-8).
    """
    return parse_table_csv(read_text(path, TABLE_FILE), source=path.name)
