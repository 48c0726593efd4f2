"""GUI layer: what the creation side's Qt table models share: row/column counts and headers.

Each model states its column titles in ``COLUMNS`` and how many rows it has in
:meth:`TableModel.row_count`; the Qt boilerplate (``rowCount``, ``columnCount``, ``headerData``
and read-only ``flags``) lives here once. Tree models reuse the header part through
:class:`ColumnHeaders`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
"""Either kind of model index, as Qt passes them to model methods."""

READ_ONLY = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)
"""Flags of a plain, selectable, read-only table cell."""


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

    Subclasses implement :meth:`row_count` and ``data``; editable ones extend :meth:`flags`.
    """

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
        """Read-only rows."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return READ_ONLY

    def row_valid(self, index: Index) -> bool:
        """True when ``index`` points at an existing row."""
        return index.isValid() and 0 <= index.row() < self.row_count()

    def refresh_rows(self) -> None:
        """Every cell may read differently (rows unchanged in number)."""
        rows = self.row_count()
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(self.COLUMNS) - 1))
