"""Importing an archive in the app when the library holds its own, different rules data (issue
29): the import asks (Replace / Keep the library's, with "apply to all"; Cancel imports
nothing) and the import report lists what became of each document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.dialogs.duplicates import DuplicatesDialog
from gui.dialogs.import_report import ImportReportDialog, report_rows, summary_text
from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table import ActionResultsTable
from storage.library import Library
from storage.paths import file_url
from tests.rules.test_art_support import fake_table

MINE = ActionResultsTable(source="mine", rows=fake_table(range(0, 26)).rows)
WHAT = "ART Engine: Action Results Table"


def save_table(library: Any, table: ActionResultsTable) -> None:
    current = next(d for d in library.system_documents("art") if d.key == TABLE_KEY)
    library.save_system_document(
        SystemData(system="art", key=TABLE_KEY, provenance="user",
                   content=table.model_dump(mode="json")),
        expected_version=current.version or None,
    )  # fmt: skip


@pytest.fixture
def flow(
    make_window: Any, registry: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Any:
    """A window whose library holds its own table, an archive holding another, and the
    questions and reports recorded (answers set by each test)."""
    window = make_window()
    save_table(window.library, MINE)
    with Library.open(file_url(tmp_path / "other.sqlite3"), registry=registry, samples=False) as o:
        save_table(o, fake_table())
        o.export_archive(tmp_path / "other.zip")
    asked: list[tuple[str, int]] = []
    answers: list[Any] = []
    reports: list[Any] = []

    def ask(cls: Any, parent: Any, name: str, remaining: int) -> Any:
        asked.append((name, remaining))
        return answers.pop(0)

    monkeypatch.setattr(DuplicatesDialog, "ask_rules_data", classmethod(ask))
    monkeypatch.setattr(
        ImportReportDialog, "ask", classmethod(lambda cls, parent, r: reports.append(r))
    )

    class Flow:
        pass

    f = Flow()
    f.__dict__.update(window=window, archive=tmp_path / "other.zip", asked=asked,
                      answers=answers, reports=reports)  # fmt: skip
    return f


def finish(qtbot: Any, flow: Any, *, report: bool = True) -> None:
    if report:
        qtbot.waitUntil(lambda: bool(flow.reports), timeout=15_000)
    flow.window.workers.wait()
    qtbot.wait(50)


def table_rows(flow: Any) -> Any:
    return flow.window.library.registry.get("art").table.rows


def test_replace_takes_the_archives_table(qtbot: Any, flow: Any) -> None:
    flow.answers.append(("replace", True))
    flow.window.transfer.import_paths([flow.archive])
    finish(qtbot, flow)
    assert flow.asked == [(WHAT, 1)]
    assert table_rows(flow) == fake_table().rows
    assert (WHAT, "Replaced the library's rules data") in report_rows(flow.reports[0])
    assert "rules data" in summary_text(flow.reports[0])


def test_keep_leaves_the_librarys_table(qtbot: Any, flow: Any) -> None:
    flow.answers.append(("keep-both", False))
    flow.window.transfer.import_paths([flow.archive])
    finish(qtbot, flow)
    assert table_rows(flow) == MINE.rows
    rows = report_rows(flow.reports[0])
    assert (WHAT, "Kept the library's own (the archive's differs)") in rows


def test_cancel_imports_nothing(qtbot: Any, flow: Any) -> None:
    flow.answers.append(None)
    flow.window.transfer.import_paths([flow.archive])
    finish(qtbot, flow, report=False)
    assert flow.asked == [(WHAT, 1)]
    assert not flow.reports
    assert table_rows(flow) == MINE.rows
