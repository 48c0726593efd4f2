"""Importing a file again says what happened (issue #23, "Also seen"): an identical file is
"already in the library, unchanged" in the app's import report and on the command line, and
"Keep both" names the copy "Name (2)", then "(3)", instead of two rows with one name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.cli import main
from gui.dialogs.duplicates import DuplicatesDialog
from gui.dialogs.import_report import ImportReportDialog, report_rows, summary_text
from storage.json_io import write_character_file
from tests.rules.sotc_builders import build

ADA = build()


def test_the_app_reports_an_identical_file_as_unchanged(
    make_window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    stored = window.library.get_character(window.library.list_characters()[0].id).character
    same = tmp_path / "same.fatesmith.json"
    write_character_file(same, stored)
    shown: list[ImportReportDialog] = []

    def ask(cls: Any, parent: Any, report: Any) -> None:
        dialog = cls(report, parent)
        qtbot.addWidget(dialog)
        shown.append(dialog)

    monkeypatch.setattr(ImportReportDialog, "ask", classmethod(ask))
    statuses: list[str] = []
    window.transfer.status.connect(lambda text, _ms: statuses.append(text))
    count = len(window.library.list_characters())
    window.transfer.import_paths([same])
    qtbot.waitUntil(lambda: bool(shown), timeout=15_000)
    window.workers.wait()
    dialog = shown[0]
    assert dialog.table.item(0, 0).text() == stored.name
    assert dialog.table.item(0, 1).text() == "Already in the library, unchanged"
    assert f"{stored.name} is already in the library, unchanged" in dialog.summary.text()
    assert any("already in the library, unchanged" in s for s in statuses)
    assert len(window.library.list_characters()) == count


def test_keep_both_names_the_copy_2_then_3(
    make_window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    library = window.library
    stored = library.get_character(library.list_characters()[0].id).character
    monkeypatch.setattr(DuplicatesDialog, "ask", classmethod(lambda *a: ("keep-both", True)))
    reports: list[Any] = []
    monkeypatch.setattr(ImportReportDialog, "ask", classmethod(lambda c, p, r: reports.append(r)))
    for round_, note in enumerate(("edited", "edited again"), start=1):
        path = tmp_path / f"{round_}.fatesmith.json"
        write_character_file(path, stored.model_copy(update={"notes": note}))
        window.transfer.import_paths([path])
        qtbot.waitUntil(lambda n=round_: len(reports) == n, timeout=15_000)
        window.workers.wait()
    names = [s.name for s in library.list_characters()]
    assert names.count(stored.name) == 1
    assert f"{stored.name} (2)" in names and f"{stored.name} (3)" in names
    assert dict(report_rows(reports[1]))[f"{stored.name} (3)"].startswith("Kept both")
    assert "kept both" in summary_text(reports[1])


@pytest.fixture
def cli_library_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    monkeypatch.setenv("FATESMITH_NO_SAMPLES", "1")
    monkeypatch.delenv("FATESMITH_LIBRARY", raising=False)
    hero = tmp_path / "ada.fatesmith.json"
    write_character_file(hero, ADA)
    lib = str(tmp_path / "lib.sqlite3")
    assert main(["--library", lib, "--create", "library", "import", str(hero)]) == 0
    return lib, hero


def test_the_cli_says_unchanged_and_numbers_copies(
    cli_library_file: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib, hero = cli_library_file
    capsys.readouterr()
    assert main(["--library", lib, "library", "import", str(hero)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "skipped Ada Thorne: already in the library, unchanged"
    edited = tmp_path / "edited.fatesmith.json"
    for note in ("one", "two"):
        write_character_file(edited, ADA.model_copy(update={"notes": note}))
        assert main(["--library", lib, "library", "import", str(edited)]) == 0
    out = capsys.readouterr().out
    assert "kept both: Ada Thorne (2) (new copy " in out
    assert "kept both: Ada Thorne (3) (new copy " in out
    assert main(["--library", lib, "library", "list"]) == 0
    listed = capsys.readouterr().out
    assert "Ada Thorne (2)" in listed and "Ada Thorne (3)" in listed
