"""Importing in the app a character already in the library (issue 14): the import asks once per
character (or once with "apply to all") to replace, keep both or skip, and reports each outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.dialogs.duplicates import DuplicatesDialog
from gui.dialogs.import_report import ImportReportDialog, report_rows
from storage.json_io import write_character_file


@pytest.fixture
def flow(make_window: Any, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A window on the sample library, two sample characters edited in files, and the
    questions and reports recorded (answers set by each test)."""
    window = make_window()
    library = window.library
    stored = [library.get_character(s.id).character for s in library.list_characters()[:2]]
    files = []
    for character in stored:
        path = tmp_path / f"{character.name}.fatesmith.json"
        write_character_file(path, character.model_copy(update={"notes": "edited"}))
        files.append(path)
    asked: list[tuple[str, int]] = []
    answers: list[Any] = []
    reports: list[Any] = []
    statuses: list[str] = []

    def ask(cls: Any, parent: Any, name: str, remaining: int) -> Any:
        asked.append((name, remaining))
        return answers.pop(0)

    monkeypatch.setattr(DuplicatesDialog, "ask", classmethod(ask))
    monkeypatch.setattr(
        ImportReportDialog, "ask", classmethod(lambda cls, parent, r: reports.append(r))
    )
    window.transfer.status.connect(lambda text, _ms: statuses.append(text))

    class Flow:
        pass

    f = Flow()
    f.__dict__.update(window=window, library=library, stored=stored, files=files, asked=asked,
                      answers=answers, reports=reports, statuses=statuses)  # fmt: skip
    return f


def finish(qtbot: Any, flow: Any, *, report: bool = True) -> None:
    if report:
        qtbot.waitUntil(lambda: bool(flow.reports), timeout=15_000)
    flow.window.workers.wait()
    qtbot.wait(50)


def test_replace_all_after_asking_once(qtbot: Any, flow: Any) -> None:
    count = len(flow.library.list_characters())
    flow.answers.append(("replace", True))
    flow.window.transfer.import_paths(flow.files)
    finish(qtbot, flow)
    assert [n for n, _ in flow.asked] == [flow.stored[0].name]  # asked once
    assert flow.asked[0][1] == 2
    assert len(flow.library.list_characters()) == count
    for character in flow.stored:
        assert flow.library.get_character(character.id).character.notes == "edited"
    results = [result for _item, result in report_rows(flow.reports[0])]
    assert results == ["Replaced the stored character"] * 2
    assert any("replaced 2" in s for s in flow.statuses)


def test_one_question_each_without_apply_to_all(qtbot: Any, flow: Any) -> None:
    count = len(flow.library.list_characters())
    flow.answers += [("skip", False), ("keep-both", False)]
    flow.window.transfer.import_paths(flow.files)
    finish(qtbot, flow)
    assert len(flow.asked) == 2
    assert len(flow.library.list_characters()) == count + 1  # the kept copy
    rows = dict(report_rows(flow.reports[0]))
    assert rows[flow.stored[0].name] == "Skipped: already in the library"
    assert rows[f"{flow.stored[1].name} (2)"] == "Kept both: imported as a new copy"


def test_cancel_imports_nothing(qtbot: Any, flow: Any) -> None:
    count = len(flow.library.list_characters())
    flow.answers.append(None)
    flow.window.transfer.import_paths(flow.files)
    qtbot.waitUntil(lambda: any("cancelled" in s for s in flow.statuses), timeout=15_000)
    assert len(flow.library.list_characters()) == count
    assert flow.reports == []


def test_unchanged_file_is_reported_without_a_question(
    qtbot: Any, flow: Any, tmp_path: Path
) -> None:
    same = tmp_path / "same.fatesmith.json"
    write_character_file(same, flow.stored[0])
    flow.window.transfer.import_paths([same])
    qtbot.waitUntil(lambda: any("unchanged" in s for s in flow.statuses), timeout=15_000)
    assert flow.asked == [] and len(flow.reports) == 1  # said in the report too (issue 23)
    assert any("already in the library, unchanged" in s for s in flow.statuses)


def test_dialog_buttons_choose(qtbot: Any) -> None:
    dialog = DuplicatesDialog("Ada Thorne", 3)
    qtbot.addWidget(dialog)
    assert not dialog.apply_all.isHidden() and "other 2" in dialog.apply_all.text()
    dialog.apply_all.setChecked(True)
    dialog.buttons["replace"].click()
    assert dialog.choice == "replace" and dialog.result() == DuplicatesDialog.DialogCode.Accepted
    single = DuplicatesDialog("Bo", 1)
    qtbot.addWidget(single)
    assert single.apply_all.isHidden()
    assert single.buttons["keep-both"].isDefault()


def test_in_memory_library_refuses_imports(
    make_window: Any, guard_dialogs: list[tuple[str, str]], tmp_path: Path
) -> None:
    from tests.rules.sotc_builders import build

    window = make_window(url="sqlite://")
    hero = tmp_path / "hero.fatesmith.json"
    write_character_file(hero, build(name="Someone New"))
    assert window.transfer.import_paths([hero]) is None
    assert guard_dialogs and guard_dialogs[-1][0] == "In-memory library"
    assert "Someone New" not in [s.name for s in window.library.list_characters()]
