"""The Action Results Table editor and the dice panel.

The table used here is INVENTED test data (tests/rules/test_art_support.py) sharing only the
book's one cell (row 14: 59-73 is Good, ART Engine "Using the ART", L1071-1073); Fatesmith ships
no table. Covers: "no table loaded" said plainly, cell edits with undo, each checker problem
tinted in place and listed, CSV import and export, save to the library (the bound registry then
rolls on it), provenance, Reset, and the dice panel with and without a table.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from gui.systems.art.dice_panel import ArtDicePanel
from gui.systems.art.table_editor import NO_TABLE, ArtTableEditor, ArtTableTab
from gui.systems.art.table_model import ROWS
from rules.systems.art.scale import COLUMNS, Result
from rules.systems.art.system import TABLE_KEY, ArtSystem
from rules.systems.art.table_csv import write_table_csv
from rules.validation import Severity
from tests.rules.test_art_support import fake_table

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GD = COLUMNS.index(Result.GD)


class _Workspace:
    def __init__(self, library: Any) -> None:
        self.library = library


@pytest.fixture
def library(registry: Any, tmp_path: Path) -> Iterator[Any]:
    from storage.library import Library

    lib = Library.open(f"sqlite:///{tmp_path / 'lib.sqlite3'}", registry=registry,
                       samples=False)  # fmt: skip
    yield lib
    lib.close()


@pytest.fixture
def tab(qtbot: Any, library: Any) -> ArtTableTab:
    widget = ArtTableEditor("art").open_tab(_Workspace(library))
    qtbot.addWidget(widget)
    widget.resize(1280, 720)
    widget.show()
    return widget


@pytest.fixture
def table_csv(tmp_path: Path) -> Path:
    path = tmp_path / "art.csv"
    path.write_text(write_table_csv(fake_table()), encoding="utf-8")
    return path


def type_cell(qtbot: Any, tab: ArtTableTab, number: int, column: int, text: str) -> None:
    """Select, F2, type, Enter."""
    index = tab.model.index(ROWS.index(number), column)
    tab.view.setCurrentIndex(index)
    qtbot.keyClick(tab.view, Qt.Key.Key_F2)
    editor = tab.view.indexWidget(index)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(1)


def shot(widget: Any, name: str) -> None:
    if os.environ.get("FATESMITH_SCREENSHOTS"):
        QApplication.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(SHOTS / f"art-{name}.png"))


def test_empty_library_says_no_table_is_loaded(tab: ArtTableTab, library: Any) -> None:
    """ "Using the ART": the table is published separately; none is shipped."""
    assert tab.status.text() == NO_TABLE
    assert "none shipped" in tab.provenance.text()
    assert tab.problem_list.count() == 0 and not tab.is_modified()
    system = library.registry.get("art")
    assert isinstance(system, ArtSystem) and system.table is None
    assert tab.key() == ("system-data", "art", TABLE_KEY) and tab.title()


def test_import_edit_undo_save_and_reset(
    qtbot: Any, tab: ArtTableTab, library: Any, table_csv: Path, tmp_path: Path,
    qtmodeltester: Any,
) -> None:  # fmt: skip
    report = tab.import_csv(table_csv)
    assert report.startswith("Imported 31 rows") and "(0 errors)" in report
    assert tab.is_modified() and "passes every check" in tab.status.text()
    assert tab.model.data(tab.model.index(ROWS.index(14), GD)) == "59-73"
    qtmodeltester.check(tab.model, force_py=True)

    # The book's cell broken by a typing slip: marked on the cell, listed, not usable.
    type_cell(qtbot, tab, 14, GD, "59-72")
    index = tab.model.index(ROWS.index(14), GD)
    assert "59-73 as Good on row 14" in tab.model.data(index, Qt.ItemDataRole.ToolTipRole)
    assert tab.model.data(index, Qt.ItemDataRole.BackgroundRole) is not None
    messages = [tab.problem_list.item(i).text() for i in range(tab.problem_list.count())]
    assert any("Row 14, column GT" in m and "73 fall in no column" in m for m in messages)
    assert any("Row 14, column GD" in m and "is 59-72" in m for m in messages)
    assert "not used for rolls" in tab.status.text()
    tab.undo_stack.undo()
    assert tab.model.data(index) == "59-73" and tab.problem_list.count() == 0

    # A malformed cell stays as typed, is marked, and blocks saving.
    type_cell(qtbot, tab, 3, 0, "abc")
    assert tab.model.data(tab.model.index(ROWS.index(3), 0)) == "abc"
    assert tab.save() is False and "not ranges" in tab.status.text()
    tab.undo_stack.undo()

    assert tab.save() is True and not tab.is_modified()
    assert "entered by you" in tab.provenance.text()
    [doc] = library.system_documents("art")
    assert doc.provenance == "user" and doc.content["rows"]
    system = library.registry.get("art")
    assert isinstance(system, ArtSystem) and system.table is not None
    assert system.table.column(14, 60) is Result.GD
    tab.source.setText("Invented test data: not the published table")
    tab.source.editingFinished.emit()
    assert tab.draft.source.startswith("Invented")
    type_cell(qtbot, tab, 14, GD, "59-72")
    tab.view.scrollTo(tab.model.index(ROWS.index(20), GD))
    shot(tab, "table-editor")
    tab.undo_stack.undo()
    tab.undo_stack.undo()

    out = tmp_path / "out.csv"
    tab.export_csv(out)
    assert out.read_text(encoding="utf-8") == table_csv.read_text(encoding="utf-8")

    assert tab.reset() is True
    assert tab.status.text() == NO_TABLE and "none shipped" in tab.provenance.text()
    system = library.registry.get("art")
    assert isinstance(system, ArtSystem) and system.table is None
    assert "No Action Results Table is loaded" in system.table_status


def test_a_wrong_header_or_unreadable_file_changes_nothing(
    tab: ArtTableTab, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("row,A,B\n1,1-100\n", encoding="utf-8")
    assert "the header must be" in tab.import_csv(bad)
    assert "no such file" in tab.import_csv(tmp_path / "missing.csv")
    assert tab.undo_stack.count() == 0


def test_errors_in_the_grid_are_listed_with_their_cells(
    qtbot: Any, tab: ArtTableTab, table_csv: Path
) -> None:
    """Art-engine.md 3.4: every error names the row, and the column where there is one; a
    click on a listed problem selects its cell."""
    tab.import_csv(table_csv)
    type_cell(qtbot, tab, 20, 0, "1-10")  # overlaps the next column
    problems = [p for p in tab.draft.problems if p.severity is Severity.ERROR]
    assert problems and all(p.path.startswith("rows.20") for p in problems)
    item = tab.problem_list.item(0)
    tab.problem_list.itemClicked.emit(item)
    assert tab.view.currentIndex().row() == ROWS.index(20)


# -- the dice panel ---------------------------------------------------------------------------


def test_dice_panel_without_a_table_asks_for_the_column(qtbot: Any, registry: Any) -> None:
    """With no table the roll still happens (d100 and kicker) and the player reads the
    column off the printed table; the panel says so plainly."""
    system = registry.get("art")
    panel = ArtDicePanel(system, None, random.Random(3))
    qtbot.addWidget(panel)
    panel.show()
    assert "No Action Results Table is loaded" in panel.status.text()
    panel.trait.setValue(14)
    panel.difficulty.setCurrentIndex(panel.difficulty.findData(int(Result.PS)))
    outcome = panel.roll()
    again = ArtDicePanel(system, None, random.Random(3)).roll()
    assert outcome.roll == again.roll
    assert outcome.needs_column and panel.column_row.isVisible()
    assert f"row 14, roll {outcome.roll.value}" in panel.result.text()
    panel.column.setCurrentIndex(GD)
    qtbot.mouseClick(panel.read_button, Qt.MouseButton.LeftButton)
    assert panel.outcome is not None and panel.outcome.column is Result.GD
    assert "2s (success)" in panel.result.text() and not panel.column_row.isVisible()


def test_dice_panel_reads_the_loaded_table(qtbot: Any, registry: Any) -> None:
    """The climb (L1071-1073): row 14, a roll in 59-73 is Good; the user's own dice too."""
    from rules.system_data import SystemData

    doc = SystemData(system="art", key=TABLE_KEY, provenance="user",
                     content=fake_table().model_dump(mode="json"))  # fmt: skip
    system = registry.get("art").with_data({TABLE_KEY: doc})
    panel = ArtDicePanel(system, None, random.Random(1))
    qtbot.addWidget(panel)
    assert panel.status.text() == "Action Results Table loaded."
    panel.set_trait(12, (2,))
    panel.own_roll.setValue(65)
    outcome = panel.roll()
    assert (outcome.row, outcome.roll.value, outcome.column) == (14, 65, Result.GD)
    assert outcome.kicker == 5 and "on the loaded table" in panel.result.text()
