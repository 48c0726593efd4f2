"""GUI layer (command line, no Qt): ``fatesmith art-table import FILE.csv | export OUT.csv |
check FILE.csv``, the ART Engine's Action Results Table without the desktop app, and
``fatesmith art roll ROW``, a d100 roll and its kicker read on that table.

The book does not print the table (it is published separately); a user who owns it keeps it as
CSV (header ``row,CT,PT,FB,IN,PR,PS,GD,GT,SP,AW``, then a row number and ten cells ``lo-hi``,
one number or empty). ``check`` exits 0 when the table is valid (warnings included, printed),
1 with one line per error (a malformed cell or header included), 2 when the file cannot be
read. ``import`` stores a valid table in the library (``--library`` or ``FATESMITH_LIBRARY``) as
the ART Engine's system data; ``export`` writes the library's table.

The seam is two plain functions, :func:`add_arguments` and :func:`run`; :data:`PLUGIN` also
offers them as ``art-table`` under a system's own commands, beside ``roll`` (:func:`cmd_roll`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from gui.cli_text import printable
from gui.systems.art.table_file import read_table_csv
from rules.errors import FatesmithError
from rules.systems.art.table import FIRST_ROW, LAST_ROW
from rules.validation import Problem, Severity

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
SYSTEM_ID = "art"
PROG = "fatesmith art-table"


def _err(message: str, prog: str = PROG) -> None:
    print(printable(f"{prog}: {message}"), file=sys.stderr)


def _report(path: Path, problems: Iterable[Problem]) -> int:
    """Print warnings (stdout) and errors (stderr, one a line); the exit status."""
    errors = 0
    for p in problems:
        if p.severity is Severity.ERROR:
            errors += 1
            print(printable(f"{path}: error: {p.message}"), file=sys.stderr)
        else:
            print(printable(f"{path}: warning: {p.message}"))
    return EXIT_INVALID if errors else EXIT_OK


def _read(path: Path) -> tuple[Any, tuple[Problem, ...]] | None:
    try:
        return read_table_csv(path)
    except FatesmithError as exc:
        _err(f"{path}: {exc}")
        return None


def cmd_check(args: argparse.Namespace) -> int:
    """Check a CSV file."""
    path = Path(args.file)
    read = _read(path)
    if read is None:
        return EXIT_UNREADABLE
    table, problems = read
    status = _report(path, problems)
    if status == EXIT_OK and table is not None:
        warnings = len(problems)
        note = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
        print(printable(f"{path}: valid ({len(table.rows)} rows{note})"))
    return status


def _open_library(
    args: argparse.Namespace, *, keeps: bool = False, note_read_only: bool = True
) -> Any:
    """The library as every command opens it: only the default one is created when missing
    (else ``--create``), and an in-memory URL is refused for an import (nothing would stay)."""
    from gui.cli_library_open import open_library

    return open_library(args, keeps=keeps, note_read_only=note_read_only)


def _stored(library: Any) -> Any:
    from rules.systems.art.system import TABLE_KEY

    docs = library.system_documents(SYSTEM_ID)
    return next(d for d in docs if d.key == TABLE_KEY)


def cmd_import(args: argparse.Namespace) -> int:
    """Store a valid CSV table in the library (an invalid one is reported, not stored)."""
    from rules.system_data import SystemData
    from rules.systems.art.system import TABLE_KEY

    path = Path(args.file)
    read = _read(path)
    if read is None:
        return EXIT_UNREADABLE
    table, problems = read
    if _report(path, problems) != EXIT_OK or table is None:
        _err(f"{path}: not imported (correct the errors above first)")
        return EXIT_INVALID
    try:
        # No "note: read-only" on opening: it would be a second line saying what the refusal
        # below says (a read-only library is one line, the refusal).
        with _open_library(args, keeps=True, note_read_only=False) as library:
            if library.read_only:
                _err(f"the library cannot be written: {library.read_only_reason}")
                return EXIT_UNREADABLE
            current = _stored(library)
            doc = SystemData(system=SYSTEM_ID, key=TABLE_KEY, provenance="user",
                             content=table.model_dump(mode="json"))  # fmt: skip
            library.save_system_document(doc, expected_version=current.version)
    except FatesmithError as exc:
        _err(str(exc))
        return EXIT_UNREADABLE
    print(printable(f"Imported the Action Results Table from {path} ({len(table.rows)} rows)."))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    """Write the library's table as CSV (exit 1 when the library holds none)."""
    from rules.systems.art.table import table_from_content
    from rules.systems.art.table_csv import write_table_csv
    from storage.atomic_file import atomic_write_text

    out = Path(args.output)
    try:
        with _open_library(args) as library:
            doc = _stored(library)
    except FatesmithError as exc:
        _err(str(exc))
        return EXIT_UNREADABLE
    table = table_from_content(doc.content)[0] if doc.content else None
    if table is None:
        _err("the library holds no Action Results Table (import one first)")
        return EXIT_INVALID
    try:
        # Written beside the target and renamed over it: a kill mid-write leaves the old file.
        atomic_write_text(out, write_table_csv(table))
    except OSError as exc:
        _err(f"{out}: cannot be written ({exc.strerror or exc})")
        return EXIT_UNREADABLE
    print(printable(f"Exported the Action Results Table to {out} ({len(table.rows)} rows)."))
    return EXIT_OK


ROW_MIN, ROW_MAX = FIRST_ROW, LAST_ROW  # the rows a table holds (0 and 26-30 for foes)
ROLL_PROG = "fatesmith art roll"
"""The rows ``art roll`` accepts (a table clamps a row past its last to the last)."""


def cmd_roll(args: argparse.Namespace) -> int:
    """``fatesmith art roll ROW``: d100 and its kicker, read on the library's Action Results
    Table (ART Engine, Chapter 1 "Using the Dice", "Kicker Die"; Chapter 3 "Action Results
    Table"); with no usable table, says so and prints the roll for the printed table."""
    import json
    import random

    from rules.systems.art.rolls import roll_d100

    row = args.row
    if not ROW_MIN <= row <= ROW_MAX:
        _err(
            f"ROW must be a trait total from {ROW_MIN} to {ROW_MAX} (a table row), not {row}",
            ROLL_PROG,
        )
        return EXIT_INVALID
    try:
        with _open_library(args) as library:
            system = library.registry.get(SYSTEM_ID)
            table, status = system.table, system.table_status
    except FatesmithError as exc:
        _err(str(exc), ROLL_PROG)
        return EXIT_UNREADABLE
    roll = roll_d100(random.Random(args.seed))
    column = table.column(row, roll.value) if table is not None else None
    out: dict[str, Any] = {
        "row": row,
        "roll": roll.value,
        "kicker": roll.kicker,
        "doubles": roll.doubles,
        "table_loaded": table is not None,
        "column": column.name if column is not None else None,
        "result": column.title if column is not None else None,
    }
    if args.json:
        print(json.dumps(out))
        return EXIT_OK
    dice = f"row {row}: d100 {roll.value}, kicker {roll.kicker}" + (
        " (doubles)" if roll.doubles else ""
    )
    if column is None:
        print(printable(status))
        print(f"{dice}: read the column on row {row} of your printed table for {roll.value}")
    else:
        print(printable(f"{dice} = {column.title} ({column.name})"))
    return EXIT_OK


def _library_arguments(parser: argparse.ArgumentParser) -> None:
    """``--library``, ``--no-samples`` and ``--create``, as every library command has them."""
    parser.add_argument(
        "--library",
        default=argparse.SUPPRESS,
        help="library file or SQLAlchemy URL (default: FATESMITH_LIBRARY, then the usual file)",
    )
    parser.add_argument(
        "--no-samples",
        action="store_true",
        help="a new library starts empty (also FATESMITH_NO_SAMPLES=1)",
    )
    parser.add_argument(
        "--create",
        action="store_true",
        default=argparse.SUPPRESS,  # never resets `fatesmith --create art-table ...`
        help="create the library named by --library if it does not exist",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``import``, ``export`` and ``check`` to ``fatesmith art-table``'s parser."""
    _library_arguments(parser)
    sub = parser.add_subparsers(dest="art_table_command", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="check a CSV table (exit 0 valid, 1 errors, 2 unreadable)")
    check.add_argument("file", metavar="FILE.csv")
    check.set_defaults(art_table_func=cmd_check)
    importer = sub.add_parser("import", help="store a valid CSV table in the library")
    importer.add_argument("file", metavar="FILE.csv")
    importer.set_defaults(art_table_func=cmd_import)
    exporter = sub.add_parser("export", help="write the library's table as CSV")
    exporter.add_argument("output", metavar="OUT.csv")
    exporter.set_defaults(art_table_func=cmd_export)


def run(args: argparse.Namespace) -> int:
    """Run the chosen ``art-table`` action; the exit status."""
    func: Callable[[argparse.Namespace], int] = args.art_table_func
    return func(args)


class ArtCli:
    """``art-table`` and ``roll`` as system commands (for the CLI seam that asks a system's
    ``PLUGIN``)."""

    @property
    def help(self) -> str:
        """What the commands do."""
        return "ART Engine tools (the Action Results Table you supply)"

    def add_commands(
        self, commands: argparse._SubParsersAction[Any], registry: Callable[[], Any]
    ) -> None:
        """Add ``art-table`` with its actions, and ``roll``."""
        parser = commands.add_parser(
            "art-table", help="check, import and export the Action Results Table (CSV)"
        )
        add_arguments(parser)
        parser.set_defaults(func=run)
        roller = commands.add_parser(
            "roll",
            help="roll d100 and the kicker on a row of the Action Results Table",
            description="Roll d100 and the kicker die and read the result column on ROW of the "
            "library's Action Results Table; with no table loaded, print the roll to read off "
            "your printed table.",
        )
        roller.add_argument("row", type=int, metavar="ROW", help="the trait total (the row)")
        roller.add_argument("--seed", type=int, help="seed for a repeatable roll")
        roller.add_argument("--json", action="store_true", help="print the result as JSON")
        _library_arguments(roller)
        roller.set_defaults(func=cmd_roll)


PLUGIN = ArtCli()
