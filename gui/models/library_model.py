"""GUI layer: the library's character table (a thin adapter over ``CharacterSummary`` rows).

:class:`RowTableModel` shows a list of frozen row objects through a tuple of
:class:`gui.models.columns.Column`; :class:`LibraryModel` is it for character summaries and
:class:`LibraryFilterProxyModel` filters them by system, campaign, tag and search matches.

Speed (benchmarks/bench_gui.py): sorting happens in Python in the source model (one key sort
and a ``layoutChanged``), not in the proxy, whose comparisons would cost a Python call each;
the proxy only filters, and a filter change resets the proxy, which repaints faster than
removing thousands of scattered rows one interval at a time.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from gui.models.columns import CHARACTER_COLUMNS, ID_ROLE, OBJECT_ROLE, SORT_ROLE, Column
from gui.theme import colour

AnyIndex = QModelIndex | QPersistentModelIndex

NO_CAMPAIGN = "__no_campaign__"
"""Campaign filter value meaning "characters in no campaign"."""


class _Keep:
    """Marker type: "leave this filter as it is"."""


KEEP: Any = _Keep()


class RowTableModel(QAbstractTableModel):
    """A read-only table of frozen row objects that each have an ``id``.

    Args:
        columns: What to show, as data.
        parent: Qt parent.
    """

    def __init__(self, columns: Sequence[Column[Any]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._rows: list[Any] = []
        self._row_by_id: dict[uuid.UUID, int] = {}
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder
        self.generation = 0  # bumped whenever rows or their order change (proxy caches)

    # -- access -----------------------------------------------------------------------------

    @property
    def columns(self) -> tuple[Column[Any], ...]:
        """The columns, in order."""
        return self._columns

    def column_index(self, key: str) -> int:
        """Position of the column whose key is ``key``."""
        for i, column in enumerate(self._columns):
            if column.key == key:
                return i
        raise KeyError(key)

    def rows(self) -> list[Any]:
        """Every row object, in the model's current order (a copy)."""
        return list(self._rows)

    def row_object(self, row: int) -> Any:
        """The object at ``row``."""
        return self._rows[row]

    def row_of(self, item_id: uuid.UUID) -> int:
        """The row of the object whose id is ``item_id``, or -1."""
        return self._row_by_id.get(item_id, -1)

    def object_by_id(self, item_id: uuid.UUID) -> Any | None:
        """The object whose id is ``item_id``, if shown."""
        row = self.row_of(item_id)
        return self._rows[row] if row >= 0 else None

    # -- changes ----------------------------------------------------------------------------

    def set_rows(self, rows: Iterable[Any]) -> None:
        """Replace every row (keeps the current sort)."""
        self.beginResetModel()
        self._rows = list(rows)
        self._apply_sort()
        self._reindex()
        self.endResetModel()

    def upsert(self, item: Any) -> None:
        """Add ``item``, or replace the row with the same id (then re-sort)."""
        row = self.row_of(item.id)
        if row < 0:
            self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows))
            self._rows.append(item)
            self._row_by_id[item.id] = len(self._rows) - 1
            self.generation += 1
            self.endInsertRows()
        else:
            self._rows[row] = item
            self.generation += 1
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self._columns) - 1))
        if self._sort_column >= 0:
            self.sort(self._sort_column, self._sort_order)

    def remove(self, item_id: uuid.UUID) -> bool:
        """Remove the row whose id is ``item_id``; returns whether it was there."""
        row = self.row_of(item_id)
        if row < 0:
            return False
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self._reindex()
        self.endRemoveRows()
        return True

    def _reindex(self) -> None:
        self.generation += 1
        self._row_by_id = {item.id: i for i, item in enumerate(self._rows)}

    def _apply_sort(self) -> None:
        if 0 <= self._sort_column < len(self._columns):
            column = self._columns[self._sort_column]
            self._rows.sort(
                key=column.sort_value,
                reverse=self._sort_order == Qt.SortOrder.DescendingOrder,
            )

    # -- Qt overrides -------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Number of rows (none under a valid parent: this is a flat table)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns."""
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, tooltip, alignment and the id/object/sort roles."""
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= col < len(self._columns)):
            return None
        item = self._rows[row]
        column = self._columns[col]
        problem = self._problem(item)
        if role == Qt.ItemDataRole.DisplayRole:
            return column.display(item)
        if problem:  # unreadable here: greyed, italic, and the tooltip says why
            if role == Qt.ItemDataRole.ToolTipRole:
                return problem
            if role == Qt.ItemDataRole.ForegroundRole:
                return colour("muted")
            if role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setItalic(True)
                return font
        if role == ID_ROLE:
            return item.id
        if role == OBJECT_ROLE:
            return item
        if role == SORT_ROLE:
            return column.sort_value(item)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tooltip(item) if column.tooltip is not None else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(column.alignment.value)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(item, column)
        return None

    def _foreground(self, item: Any, column: Column[Any]) -> QColor | None:
        return None

    def _problem(self, item: Any) -> str:
        """Why ``item`` cannot be opened here ("" when it can); such rows show greyed out."""
        return ""

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column headers from the column list."""
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            if role == Qt.ItemDataRole.DisplayRole:
                return self._columns[section].header
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(self._columns[section].alignment.value)
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        """Rows are selectable, never editable in place (edits go through documents)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` with one Python key sort, keeping persistent indexes valid."""
        if not 0 <= column < len(self._columns):
            return
        self._sort_column, self._sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        old_persistent = self.persistentIndexList()
        old_ids = [self._rows[i.row()].id if i.isValid() else None for i in old_persistent]
        self._apply_sort()
        self._reindex()
        new_persistent = []
        for old, item_id in zip(old_persistent, old_ids, strict=True):
            row = self._row_by_id.get(item_id, -1) if item_id is not None else -1
            new_persistent.append(self.index(row, old.column()) if row >= 0 else QModelIndex())
        self.changePersistentIndexList(old_persistent, new_persistent)
        self.layoutChanged.emit()


class LibraryModel(RowTableModel):
    """The library's characters, one ``CharacterSummary`` per row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(CHARACTER_COLUMNS, parent)
        self._status_column = self.column_index("status")

    def set_summaries(self, summaries: Iterable[Any]) -> None:
        """Show ``summaries`` (the library's listing)."""
        self.set_rows(summaries)

    def _foreground(self, item: Any, column: Column[Any]) -> QColor | None:
        if column.key == "status":
            return colour("ok") if item.valid else colour("warning")
        return None


class LibraryFilterProxyModel(QSortFilterProxyModel):
    """Filters the character table by system, campaign, tag and text-search matches.

    Sorting is forwarded to the source model (see the module docstring for why).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)
        self._system: str | None = None
        self._campaign: uuid.UUID | str | None = None
        self._tag: str | None = None
        self._text_ids: frozenset[uuid.UUID] | None = None
        self._accepted: list[bool] | None = None
        self._accepted_generation = -1

    # -- filters ------------------------------------------------------------------------------

    @property
    def system(self) -> str | None:
        """The system id shown, or None for all."""
        return self._system

    @property
    def campaign(self) -> uuid.UUID | str | None:
        """The campaign id shown, :data:`NO_CAMPAIGN`, or None for all."""
        return self._campaign

    @property
    def tag(self) -> str | None:
        """The tag shown, or None for all."""
        return self._tag

    @property
    def text_ids(self) -> frozenset[uuid.UUID] | None:
        """Ids matching the search text, or None when there is no search."""
        return self._text_ids

    def set_filters(
        self,
        *,
        system: Any = KEEP,
        campaign: Any = KEEP,
        tag: Any = KEEP,
        text_ids: Any = KEEP,
    ) -> None:
        """Change any of the filters (a filter not given stays as it is) and refilter once.

        Args:
            system: A system id, or None for every system.
            campaign: A campaign id, :data:`NO_CAMPAIGN`, or None for every campaign.
            tag: A tag, or None for every tag.
            text_ids: Ids of the characters matching the search text, or None for no search.
        """
        before = (self._system, self._campaign, self._tag, self._text_ids)
        after = (
            before[0] if system is KEEP else system,
            before[1] if campaign is KEEP else campaign,
            before[2] if tag is KEEP else tag,
            before[3] if text_ids is KEEP else None if text_ids is None else frozenset(text_ids),
        )
        if after == before:
            return  # nothing to refilter (a reset repaints the whole table)
        self.beginResetModel()
        self._system, self._campaign, self._tag, self._text_ids = after
        self._accepted_generation = -1
        self.endResetModel()

    def is_filtered(self) -> bool:
        """Whether any filter hides rows."""
        return any(f is not None for f in (self._system, self._campaign, self._tag, self._text_ids))

    def accepts(self, summary: Any) -> bool:
        """Whether ``summary`` passes every filter."""
        if self._text_ids is not None and summary.id not in self._text_ids:
            return False
        if self._system is not None and summary.system != self._system:
            return False
        if self._campaign is not None:
            if self._campaign == NO_CAMPAIGN:
                if summary.campaign_id is not None:
                    return False
            elif summary.campaign_id != self._campaign:
                return False
        return self._tag is None or self._tag in summary.tags

    # -- Qt overrides -------------------------------------------------------------------------

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        """Whether the source row passes the filters (one list lookup per row: see below)."""
        source = self.sourceModel()
        if source_parent.isValid() or not isinstance(source, RowTableModel):
            return True
        if self._accepted_generation != source.generation:
            # Decide every row at once in Python (a few ms for 10,000 rows); Qt then asks
            # row by row, and each virtual call does as little as possible.
            rows = source._rows
            self._accepted = [self.accepts(r) for r in rows] if self.is_filtered() else None
            self._accepted_generation = source.generation
        accepted = self._accepted
        return accepted is None or (source_row < len(accepted) and accepted[source_row])

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort in the source model (one Python key sort) rather than comparing in the proxy."""
        source = self.sourceModel()
        if isinstance(source, RowTableModel):
            source.sort(column, order)

    # -- helpers ------------------------------------------------------------------------------

    def id_at(self, row: int) -> uuid.UUID | None:
        """The character id shown at proxy ``row``."""
        value = self.index(row, 0).data(ID_ROLE)
        return value if isinstance(value, uuid.UUID) else None

    def proxy_row_of(self, item_id: uuid.UUID) -> int:
        """The proxy row showing ``item_id``, or -1 when filtered out or absent."""
        source = self.sourceModel()
        if not isinstance(source, RowTableModel):
            return -1
        row = source.row_of(item_id)
        if row < 0:
            return -1
        return self.mapFromSource(source.index(row, 0)).row()


class SearchIndex:
    """Search-as-you-type over the whole library in memory (built once on a worker thread).

    Its texts are the library's own (:meth:`storage.library.Library.search_texts`), so the
    index finds what a library search finds, for any game system.

    Matching is the library's (:func:`storage.search_syntax.blob_matches`): every word or
    phrase must occur in the character's text, every ``field:value`` term in that field.
    A keystroke over 10,000 characters is a few milliseconds of substring tests, where a
    database query per keystroke costs tens of milliseconds (benchmarks/bench_gui.py).
    """

    def __init__(self, entries: Iterable[tuple[uuid.UUID, str]] = ()) -> None:
        self._blobs: dict[uuid.UUID, str] = dict(entries)

    def __len__(self) -> int:
        return len(self._blobs)

    def set(self, item_id: uuid.UUID, blob: str) -> None:
        """Add or replace one character's text."""
        self._blobs[item_id] = blob

    def remove(self, item_id: uuid.UUID) -> None:
        """Forget one character."""
        self._blobs.pop(item_id, None)

    def matches(self, text: str) -> frozenset[uuid.UUID]:
        """Ids of the characters matching ``text`` in the search syntax of
        :mod:`storage.search_syntax` (words, quoted phrases, ``field:value`` terms)."""
        # Imported on the first search, not at start-up (its dataclasses and patterns).
        from storage.search_syntax import blob_matches, parse_search

        search = parse_search(text)
        if search.empty:
            return frozenset(self._blobs)
        if not search.fields and len(search.words) == 1:
            word = search.words[0]  # the common case while typing: one substring test a row
            return frozenset(i for i, blob in self._blobs.items() if word in blob)
        return frozenset(i for i, blob in self._blobs.items() if blob_matches(search, blob))
