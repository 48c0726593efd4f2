"""GUI layer: what the creation side's Qt table models share: row/column counts and headers.

Each model states its column titles in ``COLUMNS`` and how many rows it has in
:meth:`TableModel.row_count`; the Qt boilerplate (``rowCount``, ``columnCount``, ``headerData``
and read-only ``flags``) lives here once. Tree models reuse the header part through
:class:`ColumnHeaders`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
"""Either kind of model index, as Qt passes them to model methods."""

READ_ONLY = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)
"""Flags of a plain, selectable, read-only table cell."""

IdRole = Qt.ItemDataRole.UserRole + 1
"""A row's stable identity (a name or a validator path), never its row number."""
ObjectRole = Qt.ItemDataRole.UserRole + 2
"""The domain object a row shows."""
SortRole = Qt.ItemDataRole.UserRole + 3
"""What a QSortFilterProxyModel sorts by."""
FIRST_FREE_ROLE = Qt.ItemDataRole.UserRole + 4
"""Models number their own roles from here."""


class ColumnHeaders:
    """Mixin: horizontal header titles from ``COLUMNS``."""

    COLUMNS: tuple[str, ...] = ()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.COLUMNS)
        ):
            return self.COLUMNS[section]
        return None


class TableModel(ColumnHeaders, QAbstractTableModel):
    """A flat table: ``row_count()`` rows of ``len(COLUMNS)`` read-only cells.

    Subclasses implement :meth:`row_count` and ``data``; columns listed in
    ``EDITABLE_COLUMNS`` are editable (their ``setData`` pushes a command).
    """

    EDITABLE_COLUMNS: frozenset[int] = frozenset()

    def row_count(self) -> int:
        """How many rows the table has."""
        raise NotImplementedError

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows at the top level only (a table has no children)."""
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One column per title in ``COLUMNS``."""
        return 0 if parent.isValid() else len(self.COLUMNS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Selectable rows; the cells of ``EDITABLE_COLUMNS`` are editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.column() in self.EDITABLE_COLUMNS:
            return READ_ONLY | Qt.ItemFlag.ItemIsEditable
        return READ_ONLY

    def row_valid(self, index: Index) -> bool:
        """True when ``index`` points at an existing row."""
        return index.isValid() and 0 <= index.row() < self.row_count()

    def refresh_rows(self) -> None:
        """Every cell may read differently (rows unchanged in number)."""
        rows = self.row_count()
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(self.COLUMNS) - 1))


class DocumentTableModel(TableModel):
    """A table over a character document that repaints only when what it shows changed.

    Subclasses say what they show in :meth:`state_key` (compared after every change of the
    document); a change in the number of rows resets the model, any other change repaints it.
    """

    def __init__(self, document: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._state = self.state_key()
        self._shown_rows = self.row_count()
        document.problems_changed.connect(self._on_problems_changed)

    def state_key(self) -> object:
        """Everything the table shows (typing elsewhere must not repaint it)."""
        raise NotImplementedError

    def resync(self) -> None:
        """Re-read the state now (after the subclass changed what it shows)."""
        self.beginResetModel()
        self._state = self.state_key()
        self._shown_rows = self.row_count()
        self.endResetModel()

    def _on_problems_changed(self) -> None:
        state = self.state_key()
        if state == self._state:
            return
        self._state = state
        rows = self.row_count()
        if rows != self._shown_rows:
            self.beginResetModel()
            self._shown_rows = rows
            self.endResetModel()
        else:
            self.refresh_rows()
