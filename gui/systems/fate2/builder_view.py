"""GUI layer: FATE 2.0's phase-by-phase builder: the tick grid, the pyramids under it, the tools.

One column per phase, a tick per rank bought (§2 Looking at the Pyramid); under each column the
pyramid as it stands at the end of that phase, drawn as boxes per rung, red where it breaks with
the reason in words (§2 Buying Skills: "balanced at the end of every phase"). Keyboard: arrows
move, ``+``/Space add a tick, ``-``/Backspace take one off, Delete clears the cell, Enter or F2
edits (a phase's kind, aspect, events; a skill's name; the last row starts a new skill).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.fate2.builder_model import (
    KIND_LABELS,
    PhaseGridModel,
    RowKeyRole,
    TicksRole,
    broken_back,
    broken_colour,
    ok_green,
    reports_of,
)

Index = QModelIndex | QPersistentModelIndex

BOX = 9
GAP = 2
RUNG_HEIGHT = 15


class GridDelegate(QStyledItemDelegate):
    """Editors by row: a kind list, a skill chooser for the new-skill row, a tick counter."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        """A combo for kinds and new skills, a spin box for ticks, else a line edit."""
        row_key = index.data(RowKeyRole)
        model = index.model()
        column0 = index.column() == 0
        if row_key == ("field", "kind") and not column0:
            combo = QComboBox(parent)
            for kind, label in KIND_LABELS.items():
                combo.addItem(label, kind)
            return combo
        if row_key is not None and row_key[0] == "add" and not column0:
            combo = QComboBox(parent)
            combo.setEditable(True)
            taken = {str(model.index(r, 0).data()).casefold() for r in range(model.rowCount())}
            names = [n for n in self._document.skill_names() if n.casefold() not in taken]
            combo.addItems(names)
            combo.setCurrentIndex(-1)
            completer = QCompleter(names, combo)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            combo.setCompleter(completer)
            return combo
        if row_key is not None and row_key[0] in ("skill", "extra") and not column0:
            spin = QSpinBox(parent)
            spin.setRange(0, 30)
            return spin
        editor: QWidget = super().createEditor(parent, option, index)
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        """Show the cell's value in the editor."""
        if isinstance(editor, QComboBox) and not editor.isEditable():
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))
            return
        if isinstance(editor, QComboBox):
            editor.setEditText("")
            return
        if isinstance(editor, QSpinBox):
            editor.setValue(int(index.data(TicksRole) or 0))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        """Hand the edited value to the model (which pushes the command)."""
        if isinstance(editor, QComboBox) and not editor.isEditable():
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QComboBox):
            text = editor.currentText().strip()
            if text:
                model.setData(index, text, Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


class PhaseGridView(QTableView):
    """The tick grid; keeps its current cell (by row key) when rows come and go."""

    def __init__(self, model: PhaseGridModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = model
        self.setModel(model)
        self.setItemDelegate(GridDelegate(model.document, self))
        self.setAccessibleName("Phase builder: ticks per skill and phase")
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.setTabKeyNavigation(False)
        self.setAlternatingRowColors(False)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self._kept: tuple[Any, int] | None = None
        model.modelAboutToBeReset.connect(self._keep_current)
        model.modelReset.connect(self._restore_current)
        self._size_columns()

    def _size_columns(self) -> None:
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(40)
        metrics = self.fontMetrics()
        self.setColumnWidth(
            0, max(150, metrics.horizontalAdvance("Area Knowledge (The City)") + 16)
        )
        for column in range(1, self.grid.sheet_column):
            self.setColumnWidth(column, max(86, metrics.horizontalAdvance("Potential") + 30))
        self.setColumnWidth(
            self.grid.sheet_column, metrics.horizontalAdvance("Legendary (+6)") + 16
        )

    def _keep_current(self) -> None:
        index = self.currentIndex()
        self._kept = (index.data(RowKeyRole), index.column()) if index.isValid() else None

    def _restore_current(self) -> None:
        self._size_columns()
        if self._kept is None:
            return
        row_key, column = self._kept
        row = self.grid.row_of(row_key) if row_key is not None else -1
        if row < 0:
            return
        column = min(column, self.grid.columnCount() - 1)
        self.setCurrentIndex(self.grid.index(row, column))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """``+``/Space add a tick, ``-``/Backspace remove one, Delete clears."""
        index = self.currentIndex()
        row_key = index.data(RowKeyRole) if index.isValid() else None
        phase = self.grid.phase_of(index.column()) if index.isValid() else None
        if row_key is not None and row_key[0] in ("skill", "extra") and phase is not None:
            ticks = int(index.data(TicksRole) or 0)
            text = event.text()
            if text in ("+", "=") or event.key() == Qt.Key.Key_Space:
                self.grid.setData(index, ticks + 1)
                return
            if text == "-" or event.key() == Qt.Key.Key_Backspace:
                if ticks:
                    self.grid.setData(index, ticks - 1)
                return
            if event.key() == Qt.Key.Key_Delete:
                if ticks:
                    self.grid.setData(index, 0)
                return
            if text and text.isprintable() and not text.isdigit():
                return  # ticks are counted, not typed: no editor for stray letters
        if row_key == ("field", "plot") and event.key() == Qt.Key.Key_Space and phase is not None:
            checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            self.grid.setData(
                index,
                Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked,
                Qt.ItemDataRole.CheckStateRole,
            )
            return
        super().keyPressEvent(event)


class PhasePyramids(QWidget):
    """Under each phase column, the pyramid at the end of that phase (boxes per rung).

    The rung that breaks is red; a broken phase's column is framed in red. The rung labels sit
    under the grid's name column.
    """

    def __init__(self, view: PhaseGridView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._document = view.grid.document
        self.setAccessibleName("Pyramid after each phase")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        view.horizontalHeader().sectionResized.connect(self._relayout)
        view.horizontalScrollBar().valueChanged.connect(self.update)
        view.grid.modelReset.connect(self._relayout)
        self._document.problems_changed.connect(self._relayout)

    def _relayout(self, *_args: object) -> None:
        self.updateGeometry()
        self.update()

    def _top_rung(self) -> int:
        reports = reports_of(self._document)
        return max([0, *(max(r.pyramid, default=0) for r in reports)])

    def sizeHint(self) -> QSize:
        """One line per rung from the highest reached down to Average, plus a heading."""
        return QSize(400, (self._top_rung() + 2) * RUNG_HEIGHT + 8)

    def minimumSizeHint(self) -> QSize:
        """As tall as the rungs."""
        return QSize(100, self.sizeHint().height())

    def column_rect(self, column: int) -> QRect:
        """Where grid column ``column`` lies, in this widget's coordinates."""
        view = self._view
        x = self.mapFromGlobal(view.viewport().mapToGlobal(QPoint(0, 0))).x()
        left = x + view.columnViewportPosition(column)
        return QRect(left, 0, view.columnWidth(column), self.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """Rung labels under the name column; each phase's boxes under its column."""
        painter = QPainter(self)
        ladder = self._document.system.ladder
        reports = reports_of(self._document)
        top = self._top_rung()
        text_pen = QPen(self.palette().windowText().color())
        name_rect = self.column_rect(0)
        painter.setPen(text_pen)
        painter.drawText(
            QRect(name_rect.left() + 4, 0, name_rect.width() - 8, RUNG_HEIGHT),
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
            "Pyramid after phase",
        )
        for i, rung in enumerate(range(top, -1, -1)):
            y = (i + 1) * RUNG_HEIGHT + 2
            painter.drawText(
                QRect(name_rect.left() + 12, y, name_rect.width() - 16, RUNG_HEIGHT),
                int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                ladder.render(rung),
            )
        for phase, report in enumerate(reports):
            rect = self.column_rect(phase + 1)
            broken = report.broken_rung is not None
            if broken:
                painter.fillRect(rect.adjusted(1, 0, -1, 0), QBrush(broken_back()))
                painter.setPen(QPen(broken_colour(), 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect.adjusted(1, 1, -2, -2))
            painter.setPen(QPen(broken_colour() if broken else ok_green()))
            painter.drawText(
                QRect(rect.left(), 0, rect.width(), RUNG_HEIGHT),
                int(Qt.AlignmentFlag.AlignCenter),
                f"{phase + 1} \u2717" if broken else f"{phase + 1} \u2713",
            )
            for i, rung in enumerate(range(top, -1, -1)):
                count = len(report.pyramid.get(rung, ()))
                if not count:
                    continue
                y = (i + 1) * RUNG_HEIGHT + 2
                bad = report.broken_rung in (rung, rung + 1)
                colour = broken_colour() if bad else self.palette().windowText().color()
                self._draw_boxes(
                    painter, rect, y, count, QColor(colour), rung == report.broken_rung
                )
        painter.end()

    def _draw_boxes(
        self, painter: QPainter, rect: QRect, y: int, count: int, colour: QColor, fill: bool
    ) -> None:
        width = count * (BOX + GAP) - GAP
        painter.setPen(QPen(colour))
        if width > rect.width() - 8:
            painter.drawText(
                QRect(rect.left(), y, rect.width(), RUNG_HEIGHT),
                int(Qt.AlignmentFlag.AlignCenter),
                f"{count} \u25a1",
            )
            return
        left = rect.left() + (rect.width() - width) // 2
        painter.setBrush(QBrush(colour.lighter(170)) if fill else Qt.BrushStyle.NoBrush)
        for n in range(count):
            painter.drawRect(left + n * (BOX + GAP), y + (RUNG_HEIGHT - BOX) // 2, BOX, BOX)
        painter.setBrush(Qt.BrushStyle.NoBrush)


class BreakReasons(QLabel):
    """Every phase whose pyramid breaks, in red, with the reason (empty when all balance)."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        document.problems_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the per-phase reports."""
        reports = reports_of(self._document)
        broken = [r for r in reports if r.broken_rung is not None]
        if not reports:
            self.setText("<i>No phases yet: add one to start buying skills.</i>")
            return
        if not broken:
            self.setText(
                f"<span style='color:{ok_green().name()}'>\u2713 The pyramid balances at the end "
                "of every phase.</span>"
            )
            return
        lines = [
            f"<b>Phase {r.number}{' (the first to break)' if i == 0 else ''}:</b> {r.reason}."
            for i, r in enumerate(broken)
        ]
        self.setText(
            f"<span style='color:{broken_colour().name()}'>" + "<br>".join(lines) + "</span>"
        )
