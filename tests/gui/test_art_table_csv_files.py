"""Action Results Table CSV files as users and spreadsheets write them (issue #22): classic-Mac
CR line ends, CRLF and mixed ends read like LF; an oversized cell (200 KB) is one error naming
its line, row and column, never a ``_csv.Error`` traceback. Through the real command line
(``python -m gui.cli art art-table ...``) and the table editor's Import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gui.systems.art.table_editor import ArtTableEditor, ArtTableTab
from rules.systems.art.table_csv import write_table_csv
from tests.rules.test_art_support import fake_table

ROOT = Path(__file__).resolve().parents[2]
LF = write_table_csv(fake_table())
ENDS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.cli", "art", "art-table", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def with_ends(text: str, end: str) -> str:
    return text.replace("\n", end)


def mixed_ends(text: str) -> str:
    lines = text.split("\n")
    cycle = ["\r", "\r\n", "\n"]
    return "".join(line + cycle[i % 3] for i, line in enumerate(lines[:-1]))


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))  # bytes: no newline translation on any platform
    return path


@pytest.mark.parametrize("ends", [*ENDS, "mixed"])
def test_every_kind_of_line_end_checks_imports_and_exports_alike(ends: str, tmp_path: Path) -> None:
    text = mixed_ends(LF) if ends == "mixed" else with_ends(LF, ENDS[ends])
    table = write(tmp_path / "table.csv", text)

    checked = cli("check", str(table))
    assert (checked.returncode, checked.stderr) == (0, ""), checked.stderr
    assert "valid (31 rows" in checked.stdout

    lib = str(tmp_path / "lib.sqlite3")
    done = cli("--library", lib, "--create", "--no-samples", "import", str(table))
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out.csv"
    done = cli("--library", lib, "export", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == LF


def _oversized(row: int, column: int, size: int = 200_000) -> str:
    """The table with the cell at (row, column) (0: the row number) ``size`` characters long."""
    lines = LF.split("\n")
    fields = lines[row + 1].split(",")
    fields[column] = "1" * size
    lines[row + 1] = ",".join(fields)
    return "\n".join(lines)


@pytest.mark.parametrize(("row", "column", "name"), [(5, 2, "PT"), (30, 10, "AW"), (12, 0, "row")])
@pytest.mark.parametrize("ends", list(ENDS))
def test_an_oversized_cell_is_one_error_naming_its_row_and_column(
    row: int, column: int, name: str, ends: str, tmp_path: Path
) -> None:
    table = write(tmp_path / "huge.csv", with_ends(_oversized(row, column), ENDS[ends]))

    checked = cli("check", str(table))

    assert checked.returncode == 1, checked.stderr
    assert "Traceback" not in checked.stderr
    errors = [line for line in checked.stderr.splitlines() if ": error: " in line]
    big = [line for line in errors if "characters" in line]
    assert len(big) == 1, checked.stderr
    assert f"Line {row + 2}" in big[0] and f"column {name}" in big[0] and "200000" in big[0]
    if column:  # an oversized row number leaves the row unknown; the line names it
        assert f"row {row}," in big[0]
    assert len(big[0]) < 300  # the cell itself is not echoed

    lib = str(tmp_path / "lib.sqlite3")
    done = cli("--library", lib, "--create", "--no-samples", "import", str(table))
    assert done.returncode == 1 and "not imported" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_oversized_header_is_refused_in_one_line(tmp_path: Path) -> None:
    table = write(tmp_path / "huge.csv", "row," + "C" * 200_000 + LF[LF.index("\n") :])
    checked = cli("check", str(table))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "Line 1" in checked.stderr and "header" in checked.stderr
    assert len(checked.stderr) < 400


def test_a_quoted_cell_with_a_line_break_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    lines = LF.split("\n")
    lines[3] = lines[3].replace(",", ',"1\r5",', 1).replace(",,", ",", 1)
    table = write(tmp_path / "quoted.csv", "\r".join(lines))
    checked = cli("check", str(table))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr


class _Workspace:
    def __init__(self, library: Any) -> None:
        self.library = library


def test_the_editor_imports_a_classic_mac_file(qtbot: Any, registry: Any, tmp_path: Path) -> None:
    from storage.library import Library

    with Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry,
                      samples=False) as library:  # fmt: skip
        tab = ArtTableEditor("art").open_tab(_Workspace(library))
        assert isinstance(tab, ArtTableTab)
        qtbot.addWidget(tab)
        table = write(tmp_path / "mac.csv", with_ends(LF, "\r"))
        report = tab.import_csv(table)
        assert report == "Imported 31 rows from mac.csv (0 errors)."
        big = write(tmp_path / "big.csv", _oversized(5, 2))
        report = tab.import_csv(big)
        # the oversized cell, and the gap it leaves in row 5
        assert report == "Imported 31 rows from big.csv (2 errors)."


def test_the_editor_exports_by_replacing_the_file_whole(
    qtbot: Any, registry: Any, tmp_path: Path
) -> None:
    """Export CSV writes a temporary file and renames it (a second name for the old file keeps
    the old bytes; a FIFO at the target is refused, not hung on)."""
    from storage.library import Library

    with Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry,
                      samples=False) as library:  # fmt: skip
        tab = ArtTableEditor("art").open_tab(_Workspace(library))
        assert isinstance(tab, ArtTableTab)
        qtbot.addWidget(tab)
        tab.import_csv(write(tmp_path / "in.csv", LF))
        out = tmp_path / "out.csv"
        out.write_text("old\n")
        os.link(out, tmp_path / "second-name")
        tab.export_csv(out)
        assert out.read_text(encoding="utf-8") == LF
        assert (tmp_path / "second-name").read_text() == "old\n"
        if hasattr(os, "mkfifo"):
            fifo = tmp_path / "fifo.csv"
            os.mkfifo(fifo)
            with pytest.raises(OSError, match="named pipe"):
                tab.export_csv(fifo)
