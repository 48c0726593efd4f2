"""GUI layer: the Action Results Table editor, a document tab over the library's system data.

The book reads every roll on the Action Results Table but does not print it (it is published
separately); Fatesmith never invents its numbers. A user who owns the table enters it here
once, or imports it from CSV: a grid of rows 0-30 by the columns CT..AW, every cell edit one
undo step, every checker problem tinted in place and listed below. Saving stores it in the
library as the ART Engine's ``action-results-table`` system data (provenance "edited");
"Reset" puts the library back to no table. Until a table is saved the tab says plainly that no
table is loaded (ART Engine, Chapter 3 "Using the ART").
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.systems.art.table_file import read_table_csv
from gui.systems.art.table_model import (
    EMPTY_GRID,
    ArtTableModel,
    ReplaceTableCommand,
    TableDraft,
    _where,
    grid_from_table,
    is_empty,
)
from gui.theme import css
from rules.errors import FatesmithError
from rules.system_data import SystemData
from rules.systems.art.system import TABLE_KEY
from rules.systems.art.table import table_from_content
from rules.systems.art.table_csv import write_table_csv
from rules.validation import Severity
from storage.atomic_file import atomic_write_text

NO_TABLE = (
    "No Action Results Table is loaded. The book does not print it (it is published "
    "separately) and Fatesmith never invents its numbers: type your table in, or Import CSV. "
    "Until then rolls ask for the column read off your printed table."
)


class ArtTableTab(QWidget):
    """The Action Results Table of one library, in a tab (a
    :class:`gui.documents.tab.DocumentTab`).

    Args:
        library: The open library (``system_documents``, ``save_system_document``,
            ``reset_system_document``, ``read_only``).
        system_id: The ART system's id.
        parent: The parent widget.
    """

    changed = Signal()

    def __init__(self, library: Any, system_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.system_id = system_id
        self.undo_stack = QUndoStack(self)
        self.document: SystemData | None = None
        self.draft = TableDraft()
        self.model = ArtTableModel(self.draft, self.undo_stack.push)
        self._build()
        self._load()
        self.draft.changed.connect(self._show)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    # -- layout --------------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Table status")
        layout.addWidget(self.status)
        bar = QHBoxLayout()
        self.provenance = QLabel()
        self.provenance.setAccessibleName("Provenance")
        bar.addWidget(self.provenance)
        bar.addSpacing(12)
        source_label = QLabel("S&ource")
        self.source = QLineEdit()
        self.source.setPlaceholderText("where your numbers come from (book, page)")
        self.source.setAccessibleName("Source")
        source_label.setBuddy(self.source)
        self.source.editingFinished.connect(self._source_edited)
        bar.addWidget(source_label)
        bar.addWidget(self.source, 1)
        self.import_button = QPushButton("&Import CSV\u2026")
        self.import_button.clicked.connect(self._ask_import)
        self.export_button = QPushButton("E&xport CSV\u2026")
        self.export_button.clicked.connect(self._ask_export)
        self.save_button = QPushButton("&Save to library")
        self.save_button.clicked.connect(self.save)
        self.reset_button = QPushButton("&Reset (no table)")
        self.reset_button.setToolTip("Remove the table from the library: rolls ask for columns")
        self.reset_button.clicked.connect(self.reset)
        for button in (self.import_button, self.export_button, self.save_button,
                       self.reset_button):  # fmt: skip
            bar.addWidget(button)
        layout.addLayout(bar)

        splitter = QSplitter(Qt.Orientation.Vertical)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setAccessibleName("Action Results Table")
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().setDefaultSectionSize(22)
        splitter.addWidget(self.view)
        problems = QWidget()
        inner = QVBoxLayout(problems)
        inner.setContentsMargins(0, 0, 0, 0)
        self.problems_label = QLabel()
        inner.addWidget(self.problems_label)
        self.problem_list = QListWidget()
        self.problem_list.setAccessibleName("Table problems")
        self.problem_list.itemActivated.connect(self._go_to)
        self.problem_list.itemClicked.connect(self._go_to)
        inner.addWidget(self.problem_list)
        splitter.addWidget(problems)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([520, 110])
        layout.addWidget(splitter, 1)

    # -- state ---------------------------------------------------------------------------------

    def _stored(self) -> SystemData | None:
        docs = self.library.system_documents(self.system_id)
        return next((d for d in docs if d.key == TABLE_KEY), None)

    def _load(self) -> None:
        self.document = self._stored()
        content = self.document.content if self.document is not None else {}
        table = table_from_content(content)[0] if content else None
        self.draft.set_state(
            grid_from_table(table) if table is not None else EMPTY_GRID,
            table.source if table is not None else "",
        )
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._show()

    def _show(self) -> None:
        source = self.draft.source
        if self.source.text() != source:
            self.source.setText(source)
        problems = self.draft.problems
        errors = [p for p in problems if p.severity is Severity.ERROR]
        warnings = len(problems) - len(errors)
        stored_empty = self.document is None or not self.document.content
        if is_empty(self.draft.grid):
            self.status.setText(NO_TABLE if stored_empty else "The grid is empty: saving it "
                                "removes the table from the library.")  # fmt: skip
            self.status.setStyleSheet(f"color: {css('warning')}; font-weight: bold;")
        elif errors:
            self.status.setText(
                f"{len(errors)} error{'s' if len(errors) != 1 else ''}: a table with errors is "
                "not used for rolls (rolls ask for the column until it is corrected)."
            )
            self.status.setStyleSheet(f"color: {css('error')}; font-weight: bold;")
        else:
            note = f" ({warnings} warning{'s' if warnings != 1 else ''})" if warnings else ""
            self.status.setText(f"The table passes every check{note}; rolls read it once saved.")
            self.status.setStyleSheet(f"color: {css('ok')}; font-weight: bold;")
        self.problems_label.setText(
            f"<b>Problems</b> ({len(errors)} errors, {warnings} warnings)" if problems
            else "<b>Problems</b> (none)"
        )  # fmt: skip
        self.problem_list.clear()
        for p in problems:
            mark = "\u2716" if p.severity is Severity.ERROR else "\u26a0"
            item = QListWidgetItem(f"{mark} {p.message}")
            item.setData(Qt.ItemDataRole.UserRole, p.path)
            item.setToolTip(p.section)
            self.problem_list.addItem(item)
        self._show_provenance()
        self._changed()

    def _show_provenance(self) -> None:
        doc = self.document
        if doc is None or doc.provenance == "bundled":
            text = "Provenance: none shipped (Fatesmith has no table of its own)"
        else:
            text = f"Provenance: entered by you (library version {doc.version})"
        if not self.undo_stack.isClean():
            text += " \u00b7 unsaved changes"
        self.provenance.setText(text)

    def _on_clean_changed(self, _clean: bool) -> None:
        self._changed()

    def _changed(self) -> None:
        self._show_provenance()
        self.save_button.setEnabled(self.can_save())
        self.reset_button.setEnabled(not getattr(self.library, "read_only", False))
        self.changed.emit()

    def _go_to(self, item: QListWidgetItem) -> None:
        at = _where(str(item.data(Qt.ItemDataRole.UserRole)))
        if at is None:
            return
        row, column = at
        self.view.setCurrentIndex(self.model.index(row, column if column is not None else 0))
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _source_edited(self) -> None:
        text = self.source.text().strip()
        if text != self.draft.source:
            self.undo_stack.push(
                ReplaceTableCommand(self.draft, self.draft.grid, text, "Edit source")
            )

    # -- CSV -----------------------------------------------------------------------------------

    def import_csv(self, path: Path) -> str:
        """Read ``path`` into the grid as one undo step; returns a one-line report.

        A file whose header is wrong (or that cannot be read) changes nothing.
        """
        try:
            table, problems = read_table_csv(path)
        except FatesmithError as exc:
            return f"{path.name}: {exc}"
        if table is None:
            return f"{path.name}: {problems[0].message}"
        self.undo_stack.push(
            ReplaceTableCommand(
                self.draft, grid_from_table(table), table.source, f"Import {path.name}"
            )
        )
        errors = sum(1 for p in problems if p.severity is Severity.ERROR)
        return f"Imported {len(table.rows)} rows from {path.name} ({errors} errors)."

    def export_csv(self, path: Path) -> None:
        """Write the grid's table as CSV (malformed cells are written empty).

        Raises:
            OSError: the file cannot be written.
        """
        atomic_write_text(path, write_table_csv(self.draft.table()))

    def _ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import Action Results Table", "",
                                              "CSV files (*.csv);;All files (*)")  # fmt: skip
        if name:
            self.status.setText(self.import_csv(Path(name)))

    def _ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export Action Results Table",
                                              "action-results-table.csv",
                                              "CSV files (*.csv)")  # fmt: skip
        if name:
            try:
                self.export_csv(Path(name))
            except OSError as exc:
                self.status.setText(f"Cannot write {name}: {exc.strerror or exc}")

    # -- DocumentTab -----------------------------------------------------------------------------

    def key(self) -> Hashable:
        """One tab per system's table."""
        return ("system-data", self.system_id, TABLE_KEY)

    def title(self) -> str:
        """ "Action Results Table"."""
        return "Action Results Table"

    def is_modified(self) -> bool:
        """Unsaved cell edits."""
        return not self.undo_stack.isClean()

    def can_save(self) -> bool:
        """Not in a read-only library."""
        return not getattr(self.library, "read_only", False)

    def save(self) -> bool:
        """Store the table (an empty grid resets the library to no table).

        Refused while a cell is not a range, since saving would lose what was typed there.
        """
        if self.draft.malformed:
            self.status.setText(
                f"Not saved: {self.draft.malformed} cell(s) are not ranges; correct the cells "
                "marked in red first."
            )
            return False
        if not self.can_save():
            return False
        if is_empty(self.draft.grid):
            return self.reset()
        content: dict[str, Any] = self.draft.table().model_dump(mode="json")
        expected = self.document.version if self.document is not None else None
        doc = SystemData(system=self.system_id, key=TABLE_KEY, provenance="user", version=0,
                         content=content)  # fmt: skip
        try:
            version = self.library.save_system_document(doc, expected_version=expected)
        except FatesmithError as exc:
            self.status.setText(f"Not saved: {exc}")
            return False
        self.document = doc.model_copy(update={"version": version})
        self.undo_stack.setClean()
        self._show()
        return True

    def reset(self) -> bool:
        """Remove the library's table (back to "no table"); unsaved edits are dropped.

        Returns:
            Whether the library took it.
        """
        try:
            self.library.reset_system_document(self.system_id, TABLE_KEY)
        except FatesmithError as exc:
            self.status.setText(f"Not reset: {exc}")
            return False
        self._load()
        return True

    def discard(self) -> None:
        """Nothing is autosaved."""


class ArtTableEditor:
    """The Action Results Table's entry in Library > Rules Data (a
    :class:`gui.system_ui.SystemDataEditor`).

    Args:
        system_id: The ART system's id.
    """

    key = TABLE_KEY
    title = "Action Results Table"

    def __init__(self, system_id: str) -> None:
        self.system_id = system_id

    def open_tab(self, workspace: Any) -> ArtTableTab:
        """A tab editing the table of the workspace's library."""
        return ArtTableTab(workspace.library, self.system_id)
