"""GUI layer: the Action Results Table being edited: a grid of typed cells, its undo commands
and its Qt model.

The grid always shows rows 0-30 and the ten columns CT..AW; a row with every cell empty is not
in the table. Cells are kept as the user typed them, so a malformed cell stays on screen,
marked, until it is corrected. Every problem the rules' checker finds
(:func:`rules.systems.art.table.check_table`) tints its cell (or its row's header) with the
message as tooltip (ART Engine, Chapter 3 "Using the ART"; the table itself is published
separately and never shipped).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtGui import QUndoCommand

from gui.systems.art.models import tint, tip
from rules.systems.art.scale import COLUMNS
from rules.systems.art.table import (
    FIRST_ROW,
    LAST_ROW,
    S_FORMAT,
    ActionResultsTable,
    ArtRow,
    Cell,
    check_table,
)
from rules.systems.art.table_csv import cell_text, parse_cell
from rules.validation import Problem, error

Index = QModelIndex | QPersistentModelIndex
ROWS = tuple(range(FIRST_ROW, LAST_ROW + 1))
Grid = tuple[tuple[str, ...], ...]
EMPTY_GRID: Grid = tuple(("",) * len(COLUMNS) for _ in ROWS)


def grid_from_table(table: ActionResultsTable | None) -> Grid:
    """The grid showing ``table`` (rows outside 0-30 cannot be shown and are left out)."""
    rows = [list(r) for r in EMPTY_GRID]
    if table is not None:
        for r in table.rows:
            if FIRST_ROW <= r.row <= LAST_ROW:
                texts = [cell_text(c) for c in r.cells[: len(COLUMNS)]]
                rows[r.row - FIRST_ROW] = texts + [""] * (len(COLUMNS) - len(texts))
    return tuple(tuple(r) for r in rows)


def table_from_grid(grid: Grid, source: str = "") -> tuple[ActionResultsTable, list[Problem]]:
    """The table the grid holds, and one error for each malformed cell (left empty)."""
    problems: list[Problem] = []
    rows: list[ArtRow] = []
    for number, texts in zip(ROWS, grid, strict=True):
        if not any(t.strip() for t in texts):
            continue
        cells: list[Cell] = []
        for col, text in zip(COLUMNS, texts, strict=True):
            try:
                cells.append(parse_cell(text))
            except ValueError:
                cells.append(None)
                problems.append(
                    error(
                        "ART-T-cell-text",
                        f"rows.{number}.{col.name}",
                        f"Row {number}, column {col.name} ({col.title}): {text.strip()!r} is not "
                        "a range (write lo-hi, one number, or leave it empty).",
                        S_FORMAT,
                    )
                )
        rows.append(ArtRow(row=number, cells=tuple(cells)))
    return ActionResultsTable(source=source[:500], rows=tuple(rows)), problems


def is_empty(grid: Grid) -> bool:
    """Whether no cell holds anything (no table)."""
    return not any(t.strip() for row in grid for t in row)


class TableDraft(QObject):
    """The grid and source text being edited, with the problems of their current state.

    Signals:
        changed(): after every change of the grid or the source.
    """

    changed = QtSignal()

    def __init__(self, grid: Grid = EMPTY_GRID, source: str = "") -> None:
        super().__init__()
        self._grid = grid
        self._source = source
        self._problems: tuple[Problem, ...] = ()
        self._malformed = 0
        self._recheck()

    @property
    def grid(self) -> Grid:
        """The cells as typed."""
        return self._grid

    @property
    def source(self) -> str:
        """Where the user's numbers come from."""
        return self._source

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Malformed cells and the checker's problems (none for an empty grid: no table)."""
        return self._problems

    @property
    def malformed(self) -> int:
        """How many cells are not ranges."""
        return self._malformed

    def table(self) -> ActionResultsTable:
        """The table as it stands (malformed cells empty)."""
        return table_from_grid(self._grid, self._source)[0]

    def set_state(self, grid: Grid, source: str) -> None:
        """Replace the grid and source (commands only)."""
        self._grid = grid
        self._source = source
        self._recheck()
        self.changed.emit()

    def set_cell(self, row: int, column: int, text: str) -> None:
        """Set one cell (commands only)."""
        rows = [list(r) for r in self._grid]
        rows[row][column] = text
        self.set_state(tuple(tuple(r) for r in rows), self._source)

    def _recheck(self) -> None:
        if is_empty(self._grid):
            self._problems, self._malformed = (), 0
            return
        table, malformed = table_from_grid(self._grid, self._source)
        self._malformed = len(malformed)
        self._problems = (*malformed, *check_table(table))


class SetCellCommand(QUndoCommand):
    """One cell edit."""

    def __init__(self, draft: TableDraft, row: int, column: int, text: str) -> None:
        number, col = ROWS[row], COLUMNS[column]
        super().__init__(f"Row {number}, {col.name}: {text or 'empty'}")
        self._draft = draft
        self._at = (row, column)
        self._before = draft.grid[row][column]
        self._after = text

    def redo(self) -> None:
        """Set the new text."""
        self._draft.set_cell(*self._at, self._after)

    def undo(self) -> None:
        """Put the old text back."""
        self._draft.set_cell(*self._at, self._before)


class ReplaceTableCommand(QUndoCommand):
    """Replace the whole grid and source (a CSV import, clearing the grid, the source text)."""

    def __init__(self, draft: TableDraft, grid: Grid, source: str, text: str) -> None:
        super().__init__(text)
        self._draft = draft
        self._before = (draft.grid, draft.source)
        self._after = (grid, source)

    def redo(self) -> None:
        """Install the new grid."""
        self._draft.set_state(*self._after)

    def undo(self) -> None:
        """Install the old grid."""
        self._draft.set_state(*self._before)


def _where(path: str) -> tuple[int, int | None] | None:
    """(grid row, column or None) of a problem path ``rows.N[.COL]``."""
    parts = path.split(".")
    if len(parts) < 2 or parts[0] != "rows" or not parts[1].lstrip("-").isdigit():
        return None
    number = int(parts[1])
    if number not in ROWS:
        return None
    column = None
    if len(parts) > 2:
        names = [c.name for c in COLUMNS]
        column = names.index(parts[2]) if parts[2] in names else None
    return ROWS.index(number), column


class ArtTableModel(QAbstractTableModel):
    """Rows 0-30 by the columns CT..AW; each edit is a :class:`SetCellCommand`.

    Args:
        draft: The table being edited.
        push: Pushes a command on the editor's undo stack.
    """

    def __init__(self, draft: TableDraft, push: Any) -> None:
        super().__init__()
        self.draft = draft
        self._push = push
        self._cell_problems: dict[tuple[int, int | None], list[Problem]] = {}
        draft.changed.connect(self._reset)
        self._index_problems()

    def _index_problems(self) -> None:
        self._cell_problems = {}
        for p in self.draft.problems:
            at = _where(p.path)
            if at is not None:
                self._cell_problems.setdefault(at, []).append(p)

    def _reset(self) -> None:
        self.beginResetModel()
        self._index_problems()
        self.endResetModel()

    def problems_at(self, row: int, column: int | None) -> Sequence[Problem]:
        """The problems of one cell (column None: the row's own)."""
        return self._cell_problems.get((row, column), ())

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows 0-30."""
        return 0 if parent.isValid() else len(ROWS)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The ten columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column abbreviations (full names as tooltips) and row numbers (tinted with the row's
        own problems)."""
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(COLUMNS):
                return None
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section].name
            if role == Qt.ItemDataRole.ToolTipRole:
                return COLUMNS[section].title
            return None
        if not 0 <= section < len(ROWS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return str(ROWS[section])
        problems = self.problems_at(section, None)
        if role == Qt.ItemDataRole.BackgroundRole:
            return tint(problems)
        if role == Qt.ItemDataRole.ToolTipRole:
            optional = "" if 1 <= ROWS[section] <= 25 else " (optional: foes and henchmen)"
            return tip(problems) or f"Row {ROWS[section]}{optional}"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The typed text; tinted where a problem lies, with its message as tooltip."""
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.draft.grid[row][column]
        problems = self.problems_at(row, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            return tint(problems)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(problems)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            text = self.draft.grid[row][column] or "empty"
            return f"Row {ROWS[row]}, {COLUMNS[column].title}: {text}"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Every cell is editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push the edit as one undo step (the text is kept as typed, trimmed)."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        text = str(value if value is not None else "").strip()
        if text == self.draft.grid[index.row()][index.column()]:
            return True
        self._push(SetCellCommand(self.draft, index.row(), index.column(), text))
        return True
