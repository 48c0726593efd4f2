"""GUI layer: the main window's library page: search and filters, campaigns, characters and
encounters.

A plain view: it emits what the user asks for (open, edit a campaign, search, filter) and offers
selection helpers; :class:`gui.shell.library_controller.LibraryController` fills its models.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.models.campaign_model import CampaignModel
from gui.models.columns import ID_ROLE
from gui.models.encounter_model import EncounterFilterProxyModel, EncounterModel
from gui.models.library_model import NO_CAMPAIGN, LibraryFilterProxyModel, LibraryModel
from gui.theme import ColourRole, colour, ui_scale


def find_data(combo: QComboBox, value: Any) -> int:
    """The index of the item whose data equals ``value``, or -1.

    ``QComboBox.findData`` compares wrapped Python objects by identity, so an equal id read
    again from the library (a new ``uuid.UUID`` object) would not be found.
    """
    for i in range(combo.count()):
        if combo.itemData(i) == value:
            return i
    return -1


def _set_colour(widget: QWidget, role: QPalette.ColorRole, theme_role: ColourRole) -> None:
    palette = widget.palette()
    palette.setColor(role, colour(theme_role))
    widget.setPalette(palette)


class LibraryPage(QWidget):
    """The library browser: search and filters above a campaign list and the character table.

    Signals:
        open_requested(object): a character id to open (double-click or Enter).
        campaign_requested(object): a campaign id to edit (double-click or Enter).
        encounter_requested(object): an encounter or template id to open (double-click, Enter).
        search_changed(str): the search text changed.
        filters_changed(): a system, campaign or tag filter changed.
    """

    open_requested = Signal(object)
    campaign_requested = Signal(object)
    encounter_requested = Signal(object)
    search_changed = Signal(str)
    filters_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The labels apply_style restyles, by object name (named here: a findChildren walk
        # makes PySide6 look up the Python type of every child widget, a few ms at start-up).
        self._styled_labels: list[QLabel] = []
        self.model = LibraryModel(self)
        self.proxy = LibraryFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.campaign_model = CampaignModel(self)

        # Read-only banner (hidden unless the library refuses writes).
        self.banner = QFrame()
        self.banner.setObjectName("banner")
        self.banner_text = QLabel()
        self.banner_text.setObjectName("bannerText")
        self.banner_text.setWordWrap(True)
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(8, 4, 8, 4)
        banner_layout.addWidget(self.banner_text)
        self.banner.hide()

        # Filter bar.
        self.search = QLineEdit()
        self.search.setObjectName("searchField")
        self.search.setPlaceholderText("Search\u2026  e.g. skill:Guns tag:villain")
        self.search.setToolTip(
            'Words and "quoted phrases" are found anywhere; a prefix looks in one part:\n'
            "name:  player:  system:  description:  aspect:  skill:  stunt:  tag:  campaign:\n"
            'e.g.  skill:Guns  stunt:"Danger Sense"  tag:villain  campaign:"Thunder Atoll"'
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.search_changed)
        self.system_filter = QComboBox()
        self.campaign_filter = QComboBox()
        self.tag_filter = QComboBox()
        for combo, tip in (
            (self.system_filter, "Show characters of one game system"),
            (self.campaign_filter, "Show the characters of one campaign"),
            (self.tag_filter, "Show characters with one tag"),
        ):
            combo.setToolTip(tip)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMinimumContentsLength(10)
            combo.currentIndexChanged.connect(self._on_filter_combo)
        self.count_label = QLabel()
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.count_label.setMinimumWidth(
            self.count_label.fontMetrics().horizontalAdvance("10000 of 10000 characters") + 4
        )
        bar = QHBoxLayout()
        bar.addWidget(self.search, 3)
        bar.addSpacing(8)
        for text, combo in (
            ("System", self.system_filter),
            ("Campaign", self.campaign_filter),
            ("Tag", self.tag_filter),
        ):
            bar.addSpacing(6)
            label = QLabel(text + ":")
            label.setBuddy(combo)
            bar.addWidget(label)
            bar.addWidget(combo, 1)
        bar.addSpacing(8)
        bar.addWidget(self.count_label)

        # Campaigns (left).
        self.campaign_view = QTableView()
        self.campaign_view.setModel(self.campaign_model)
        self._setup_table(self.campaign_view)
        self.campaign_view.setSortingEnabled(True)
        self.campaign_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.campaign_view.activated.connect(self._on_campaign_activated)
        self.campaign_view.setColumnHidden(1, True)  # one system per campaign list is enough
        campaign_header = self.campaign_view.horizontalHeader()
        campaign_header.setStretchLastSection(False)
        campaign_header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for section in range(1, self.campaign_model.columnCount()):
            campaign_header.setSectionResizeMode(section, QHeaderView.ResizeMode.ResizeToContents)
        campaign_title = self._styled_label("Campaigns", "sectionTitle")
        self.new_campaign_button = QPushButton("New campaign\u2026")
        self.edit_campaign_button = QPushButton("Edit\u2026")
        campaign_buttons = QHBoxLayout()
        campaign_buttons.addWidget(self.new_campaign_button)
        campaign_buttons.addWidget(self.edit_campaign_button)
        campaign_buttons.addStretch(1)
        # Choosing a campaign in the list shows only its characters; this button, shown only
        # then, shows them all again (as does "All campaigns" in the filter bar).
        self.clear_campaign_button = QPushButton("Show all characters")
        self.clear_campaign_button.setObjectName("clearCampaignFilter")
        self.clear_campaign_button.clicked.connect(lambda: self.select_campaign_filter(None))
        self.clear_campaign_button.hide()
        self.campaign_view.selectionModel().selectionChanged.connect(
            lambda *_: self._on_campaign_selected()
        )
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(campaign_title)
        left_layout.addWidget(self.campaign_view, 1)
        left_layout.addWidget(self.clear_campaign_button)
        left_layout.addLayout(campaign_buttons)

        # Characters (right).
        self.table = QTableView()
        # A viewport made here, so Python already knows its type: the first ``viewport()`` call
        # on Qt's own would make PySide6 inspect every widget class (~30 ms at start-up).
        self.table.setViewport(QWidget())
        self.table.setModel(self.proxy)
        self._setup_table(self.table)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.activated.connect(self._on_activated)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        self.empty_hint = self._styled_label("", "emptyHint")
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_hint.setWordWrap(True)
        self.table_stack = QStackedWidget()
        self.table_stack.addWidget(self.table)
        self.table_stack.addWidget(self.empty_hint)
        characters_title = self._styled_label("Characters", "sectionTitle")
        characters = QWidget()
        characters_layout = QVBoxLayout(characters)
        characters_layout.setContentsMargins(0, 0, 0, 0)
        characters_layout.addWidget(characters_title)
        characters_layout.addWidget(self.table_stack, 1)

        # Encounters and templates (right, under the characters).
        encounters = self._build_encounter_area()
        self.right_splitter = QSplitter(Qt.Orientation.Vertical)
        self.right_splitter.addWidget(characters)
        self.right_splitter.addWidget(encounters)
        self.right_splitter.setStretchFactor(0, 1)
        self.right_splitter.setStretchFactor(1, 0)
        self.right_splitter.setSizes([420, 190])
        self.right_splitter.setChildrenCollapsible(False)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.right_splitter)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([round(270 * ui_scale()), 1010])
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 6)
        layout.addWidget(self.banner)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)
        self._restyle_pending = False
        self._columns_scale = 0.0  # the UI scale the column widths were last sized for
        self.apply_style()

    # -- look -----------------------------------------------------------------------------------

    def apply_style(self) -> None:
        """Fonts and colours of the titles, hints and banner for the current colour scheme.

        Set on the widgets themselves rather than through an application style sheet: a style
        sheet makes Qt polish and paint every widget of the app through its slower style-sheet
        style (about 20 ms of the start-up alone; benchmarks/bench_gui.py).
        """
        base = self.font()
        for label in self._styled_labels:
            name = label.objectName()
            if name == "sectionTitle":
                font = QFont(base)
                font.setBold(True)
                font.setPointSizeF(11 * ui_scale())
                label.setFont(font)
                _set_colour(label, QPalette.ColorRole.WindowText, "title")
            elif name == "emptyHint":
                font = QFont(base)
                font.setPointSizeF(13 * ui_scale())
                label.setFont(font)
                _set_colour(label, QPalette.ColorRole.WindowText, "subtle")
            elif name == "smallHint":  # in a smaller pane: the text size of the tables
                _set_colour(label, QPalette.ColorRole.WindowText, "subtle")
        bold = QFont(base)
        bold.setWeight(QFont.Weight.DemiBold)
        self.banner_text.setFont(bold)
        _set_colour(self.banner_text, QPalette.ColorRole.WindowText, "banner_text")
        self.banner.setAutoFillBackground(True)
        self.banner.setFrameShape(QFrame.Shape.Box)
        self.banner.setFrameShadow(QFrame.Shadow.Plain)
        _set_colour(self.banner, QPalette.ColorRole.Window, "banner_bg")
        _set_colour(self.banner, QPalette.ColorRole.WindowText, "banner_border")
        self.search.setTextMargins(4, 2, 4, 2)
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("m") * 18)
        self.size_columns()

    def _styled_label(self, text: str, name: str) -> QLabel:
        """A label that apply_style styles by its object name (``sectionTitle``, ``emptyHint``,
        ``smallHint``)."""
        label = QLabel(text)
        label.setObjectName(name)
        self._styled_labels.append(label)
        return label

    def changeEvent(self, event: QEvent) -> None:
        """Follow a change of colour scheme (gui.theme.apply_theme sets the style, then the
        scheme and palette) or of UI scale: restyle once the theme has finished switching."""
        super().changeEvent(event)
        kinds = (
            QEvent.Type.StyleChange,
            QEvent.Type.ApplicationPaletteChange,
            QEvent.Type.FontChange,  # a new UI scale (the application font)
        )
        if event.type() in kinds and not self._restyle_pending:
            self._restyle_pending = True
            QTimer.singleShot(0, self, self._restyle)  # dropped if the page goes first

    def _restyle(self) -> None:
        self._restyle_pending = False
        self.apply_style()

    def size_columns(self) -> None:
        """Column widths that follow the text size: the columns' widths at 100% times the UI
        scale at first, then the widths the user left, rescaled when the scale changes; never
        narrower than the header's own label (with its sort arrow)."""
        scale = ui_scale()
        if scale == self._columns_scale:
            return
        first, ratio = not self._columns_scale, scale / (self._columns_scale or 1.0)
        self._columns_scale = scale
        if not first:  # the campaign list beside the tables widens with its text too
            left, right = self.splitter.sizes()
            wider = min(round(left * ratio), left + right - 200)
            self.splitter.setSizes([wider, left + right - wider])
        for view, columns in ((self.table, self.model.columns),
                              (self.encounter_view, self.encounter_model.columns)):  # fmt: skip
            header = view.horizontalHeader()
            for i, column in enumerate(columns):
                if not column.width or i == len(columns) - 1:
                    continue  # the last one stretches
                width = column.width * scale if first else view.columnWidth(i) * ratio
                view.setColumnWidth(i, max(round(width), header.sectionSizeHint(i)))

    def _build_encounter_area(self) -> QWidget:
        self.encounter_model = EncounterModel(self)
        self.encounter_proxy = EncounterFilterProxyModel(self)
        self.encounter_proxy.setSourceModel(self.encounter_model)
        self.encounter_view = QTableView()
        self.encounter_view.setObjectName("encounterTable")
        self.encounter_view.setModel(self.encounter_proxy)
        self._setup_table(self.encounter_view)
        self.encounter_view.setSortingEnabled(True)
        self.encounter_view.sortByColumn(
            self.encounter_model.column_index("updated"), Qt.SortOrder.DescendingOrder
        )
        self.encounter_view.activated.connect(self._on_encounter_activated)
        self.encounter_view.horizontalHeader().setStretchLastSection(True)
        self.encounter_hint = self._styled_label("", "smallHint")
        self.encounter_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.encounter_hint.setWordWrap(True)
        self.encounter_stack = QStackedWidget()
        self.encounter_stack.addWidget(self.encounter_view)
        self.encounter_stack.addWidget(self.encounter_hint)

        title = self._styled_label("Encounters", "sectionTitle")
        self.encounter_search = QLineEdit()
        self.encounter_search.setObjectName("encounterSearch")
        self.encounter_search.setPlaceholderText("Filter encounters\u2026")
        self.encounter_search.setClearButtonEnabled(True)
        self.encounter_search.textChanged.connect(self._on_encounter_filter)
        self.encounter_kind = QComboBox()
        self.encounter_kind.setToolTip("Show running encounters, templates, or both")
        for text, value in (
            ("Encounters and templates", "all"),
            ("Encounters only", "running"),
            ("Templates only", "templates"),
        ):
            self.encounter_kind.addItem(text, value)
        self.encounter_kind.currentIndexChanged.connect(self._on_encounter_filter)
        self.encounter_buttons = QHBoxLayout()
        self.encounter_buttons.setSpacing(4)
        bar = QHBoxLayout()
        bar.addWidget(title)
        bar.addSpacing(10)
        bar.addWidget(self.encounter_search, 2)
        bar.addWidget(self.encounter_kind)
        bar.addStretch(1)
        bar.addLayout(self.encounter_buttons)
        area = QWidget()
        area.setObjectName("encounterArea")
        layout = QVBoxLayout(area)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.encounter_stack, 1)
        return area

    def add_encounter_button(self, action: QAction) -> QToolButton:
        """A button in the encounter area's bar that runs (and follows) ``action``."""
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setAutoRaise(False)
        self.encounter_buttons.addWidget(button)
        return button

    @staticmethod
    def _setup_table(view: QTableView) -> None:
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.setShowGrid(False)
        view.setWordWrap(False)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        vertical = view.verticalHeader()
        vertical.hide()
        # A fixed row height lets the view skip measuring 10,000 rows (benchmarks/bench_gui).
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(max(24, view.fontMetrics().height() + 10))
        view.horizontalHeader().setHighlightSections(False)
        view.horizontalHeader().setSortIndicatorShown(True)

    # -- filters --------------------------------------------------------------------------------

    def set_filter_choices(
        self,
        systems: Sequence[tuple[str, str]],
        campaigns: Sequence[tuple[str, Any]],
        tags: Sequence[str],
    ) -> None:
        """Fill the filter combos, keeping the current choices where they still exist."""
        for combo, items, everything in (
            (self.system_filter, list(systems), "All systems"),
            (self.campaign_filter, list(campaigns), "All campaigns"),
            (self.tag_filter, [(t, t) for t in tags], "All tags"),
        ):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(everything, None)
            if combo is self.campaign_filter:
                combo.addItem("No campaign", NO_CAMPAIGN)
            for label, value in items:
                combo.addItem(label, value)
            index = find_data(combo, current) if current is not None else 0
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)
        self._follow_campaign_filter()

    def _on_filter_combo(self, _index: int) -> None:
        self._follow_campaign_filter()
        self.filters_changed.emit()

    def _on_campaign_selected(self) -> None:
        """A campaign chosen in the list filters the characters by it."""
        rows = self.campaign_view.selectionModel().selectedRows()
        if len(rows) != 1:
            return
        value = rows[0].siblingAtColumn(0).data(ID_ROLE)
        if isinstance(value, uuid.UUID) and value != self.campaign_filter.currentData():
            self.select_campaign_filter(value)

    def _follow_campaign_filter(self) -> None:
        """Keep the campaign list and the "Show all" button in step with the campaign filter:
        the list's selection goes when the filter shows another campaign, or all."""
        chosen = self.campaign_filter.currentData()
        selection = self.campaign_view.selectionModel()
        selected = [i.siblingAtColumn(0).data(ID_ROLE) for i in selection.selectedRows()]
        if selected and selected != [chosen]:
            selection.clearSelection()
        is_campaign = isinstance(chosen, uuid.UUID)
        self.clear_campaign_button.setVisible(is_campaign or chosen == NO_CAMPAIGN)
        name = self.campaign_filter.currentText()
        self.clear_campaign_button.setToolTip(
            f"Showing only the characters of \u201c{name}\u201d: show every character"
        )

    def filter_values(self) -> tuple[str | None, Any, str | None]:
        """The chosen (system, campaign, tag) filters."""
        return (
            self.system_filter.currentData(),
            self.campaign_filter.currentData(),
            self.tag_filter.currentData(),
        )

    def select_campaign_filter(self, campaign_id: Any) -> None:
        """Show only the characters of ``campaign_id`` (None: all)."""
        index = find_data(self.campaign_filter, campaign_id) if campaign_id is not None else 0
        self.campaign_filter.setCurrentIndex(max(0, index))

    # -- selection ------------------------------------------------------------------------------

    def selected_ids(self) -> list[uuid.UUID]:
        """Ids of the selected characters, in table order."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        ids = [self.proxy.id_at(r) for r in rows]
        return [i for i in ids if i is not None]

    def current_campaign_id(self) -> uuid.UUID | None:
        """The campaign selected in the campaign list."""
        index = self.campaign_view.currentIndex()
        if not index.isValid():
            return None
        value = index.siblingAtColumn(0).data(ID_ROLE)
        return value if isinstance(value, uuid.UUID) else None

    def select_ids(self, ids: Iterable[uuid.UUID]) -> None:
        """Select the rows of ``ids`` (those visible) and make the first current."""
        selection = self.table.selectionModel()
        selection.clearSelection()
        first: QModelIndex | None = None
        for item_id in ids:
            row = self.proxy.proxy_row_of(item_id)
            if row < 0:
                continue
            index = self.proxy.index(row, 0)
            selection.select(
                index,
                selection.SelectionFlag.Select | selection.SelectionFlag.Rows,
            )
            if first is None:
                first = index
        if first is not None:
            selection.setCurrentIndex(first, selection.SelectionFlag.NoUpdate)
            self.table.scrollTo(first)

    def selected_encounter_ids(self) -> list[uuid.UUID]:
        """Ids of the selected encounters and templates, in table order."""
        rows = sorted({i.row() for i in self.encounter_view.selectionModel().selectedRows()})
        ids = [self.encounter_proxy.id_at(r) for r in rows]
        return [i for i in ids if i is not None]

    def select_encounter_ids(self, ids: Iterable[uuid.UUID]) -> None:
        """Select the encounter rows of ``ids`` (those visible); the first becomes current."""
        selection = self.encounter_view.selectionModel()
        selection.clearSelection()
        first: QModelIndex | None = None
        for item_id in ids:
            row = self.encounter_proxy.proxy_row_of(item_id)
            if row < 0:
                continue
            index = self.encounter_proxy.index(row, 0)
            selection.select(index, selection.SelectionFlag.Select | selection.SelectionFlag.Rows)
            first = first or index
        if first is not None:
            selection.setCurrentIndex(first, selection.SelectionFlag.NoUpdate)
            self.encounter_view.scrollTo(first)

    def update_encounter_count(self) -> None:
        """Show the empty-state hint when no encounter is listed or none passes the filter."""
        if self.encounter_model.rowCount() == 0:
            self.encounter_hint.setText(
                "No encounters yet. Encounter \u203a New Encounter (Ctrl+Shift+E) sets up a "
                "conflict; it is saved as you play."
            )
            self.encounter_stack.setCurrentWidget(self.encounter_hint)
        elif self.encounter_proxy.rowCount() == 0:
            self.encounter_hint.setText("No encounter matches the filter.")
            self.encounter_stack.setCurrentWidget(self.encounter_hint)
        else:
            self.encounter_stack.setCurrentWidget(self.encounter_view)

    def _on_encounter_filter(self, *_args: object) -> None:
        self.encounter_proxy.set_filters(
            text=self.encounter_search.text(), kind=self.encounter_kind.currentData()
        )
        self.update_encounter_count()

    def _on_encounter_activated(self, index: QModelIndex) -> None:
        value = index.siblingAtColumn(0).data(ID_ROLE)
        if isinstance(value, uuid.UUID):
            self.encounter_requested.emit(value)

    def update_count(self, total: int) -> None:
        """Show how many characters are listed and shown, and the empty-state hint."""
        shown = self.proxy.rowCount()
        if total == 0:
            self.empty_hint.setText(
                "The library is empty.\nCreate a character with File \u203a New, or drop "
                ".fatesmith.json files here to import them."
            )
            self.table_stack.setCurrentWidget(self.empty_hint)
        elif shown == 0:
            self.empty_hint.setText("No character matches the search and filters.")
            self.table_stack.setCurrentWidget(self.empty_hint)
        else:
            self.table_stack.setCurrentWidget(self.table)
        noun = "character" if total == 1 else "characters"
        self.count_label.setText(
            f"{total} {noun}" if shown == total else f"{shown} of {total} {noun}"
        )

    def _on_activated(self, index: QModelIndex) -> None:
        value = index.siblingAtColumn(0).data(ID_ROLE)
        if isinstance(value, uuid.UUID):
            self.open_requested.emit(value)

    def _on_campaign_activated(self, index: QModelIndex) -> None:
        value = index.siblingAtColumn(0).data(ID_ROLE)
        if isinstance(value, uuid.UUID):
            self.campaign_requested.emit(value)
