"""GUI layer: the main window: the library browser, character tabs, menus, toolbar and undo.

The first tab is the library (characters and campaigns, searchable and filterable); each
character opens in its own tab as a :class:`gui.documents.character_document.CharacterDocument`
edited by the creation engineer's ``CharacterEditor``. The window owns a ``QUndoGroup`` whose
active stack follows the current tab; a stack's clean state drives the ``[*]`` marker in the
title. Saving, importing, exporting and deleting are not undoable: they ask first instead.
"""

from __future__ import annotations

import contextlib
import json
import logging
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QModelIndex,
    QObject,
    QPoint,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QIcon,
    QKeySequence,
    QPalette,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTableView,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.drafts import Autosaver, Draft, DraftStore
from gui.models.campaign_model import CampaignModel
from gui.models.columns import ID_ROLE, SYSTEM_NAMES
from gui.models.encounter_model import EncounterFilterProxyModel, EncounterModel, encounter_items
from gui.models.library_model import (
    NO_CAMPAIGN,
    LibraryFilterProxyModel,
    LibraryModel,
    SearchIndex,
)
from gui.settings import Settings
from gui.workers import Workers
from rules.errors import FatesmithError

if TYPE_CHECKING:
    # Start-up speed (benchmarks/bench_gui.py): the window shows before pydantic and SQLAlchemy
    # load, so the storage and rules models are imported where they are first needed.
    from rules.character import CharacterBase
    from rules.systems.sotc.character import NovelRef
    from storage.library import Library

log = logging.getLogger(__name__)

EditorFactory = Callable[..., QWidget]
"""Builds the editor widget of a document: ``factory(document, novels=callable,
guest_stars=callable)``."""

IMPORT_SUFFIXES = (".json", ".zip")
ENCOUNTER_SPLITTER_KEY = "window/encounter_splitter"


def default_editor_factory(
    document: Any,
    *,
    novels: Callable[[], list[NovelRef]],
    guest_stars: Callable[[], list[str]] | None = None,
) -> QWidget:
    """The SotC creation flow and free editor (imported on first use: startup speed)."""
    from gui.systems.sotc.editor import CharacterEditor

    editor: QWidget = CharacterEditor(document, novels=novels, guest_stars=guest_stars)
    return editor


def novel_of(document: Any) -> tuple[str, str] | None:
    """(novel title, author) of a stored SotC character document whose Phase Three names its
    novel, else None (read straight from the JSON, without validating the character)."""
    if not isinstance(document, dict) or document.get("system") != "sotc":
        return None
    phases = document.get("phases") or []
    if len(phases) < 3 or not isinstance(phases[2], dict):
        return None
    title = str(phases[2].get("novel_title", "") or "")
    return (title, str(document.get("name", ""))) if title.strip() else None


def find_data(combo: QComboBox, value: Any) -> int:
    """The index of the item whose data equals ``value``, or -1.

    ``QComboBox.findData`` compares wrapped Python objects by identity, so an equal id read
    again from the library (a new ``uuid.UUID`` object) would not be found.
    """
    for i in range(combo.count()):
        if combo.itemData(i) == value:
            return i
    return -1


LIGHT_COLOURS = {
    "title": "#7a4312",
    "hint": "#6e6e6e",
    "banner": "#fff1d6",
    "banner_border": "#e0b463",
    "banner_text": "#6b4700",
}
DARK_COLOURS = {
    "title": "#e0a060",
    "hint": "#9a9ca0",
    "banner": "#4a3a1c",
    "banner_border": "#8c6a2c",
    "banner_text": "#ffdca0",
}


def _set_colour(widget: QWidget, role: QPalette.ColorRole, colour: str) -> None:
    palette = widget.palette()
    palette.setColor(role, QColor(colour))
    widget.setPalette(palette)


class CharacterTab(QWidget):
    """One open character: its document and the editor widget showing it."""

    def __init__(self, document: Any, editor: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.editor = editor
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(editor)


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
        campaign_title = QLabel("Campaigns")
        campaign_title.setObjectName("sectionTitle")
        self.new_campaign_button = QPushButton("New campaign\u2026")
        self.edit_campaign_button = QPushButton("Edit\u2026")
        campaign_buttons = QHBoxLayout()
        campaign_buttons.addWidget(self.new_campaign_button)
        campaign_buttons.addWidget(self.edit_campaign_button)
        campaign_buttons.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(campaign_title)
        left_layout.addWidget(self.campaign_view, 1)
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
        for i, column in enumerate(self.model.columns):
            if column.width:
                self.table.setColumnWidth(i, column.width)
        header.setStretchLastSection(True)
        self.empty_hint = QLabel()
        self.empty_hint.setObjectName("emptyHint")
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_hint.setWordWrap(True)
        self.table_stack = QStackedWidget()
        self.table_stack.addWidget(self.table)
        self.table_stack.addWidget(self.empty_hint)
        characters_title = QLabel("Characters")
        characters_title.setObjectName("sectionTitle")
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
        self.splitter.setSizes([270, 1010])
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 6)
        layout.addWidget(self.banner)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)
        self._restyle_pending = False
        self.apply_style()

    # -- look -----------------------------------------------------------------------------------

    def apply_style(self) -> None:
        """Fonts and colours of the titles, hints and banner for the current colour scheme.

        Set on the widgets themselves rather than through an application style sheet: a style
        sheet makes Qt polish and paint every widget of the app through its slower style-sheet
        style (about 20 ms of the start-up alone; benchmarks/bench_gui.py).
        """
        app = QApplication.instance()
        dark = bool(app.property("fatesmithDark")) if app is not None else False
        colours = DARK_COLOURS if dark else LIGHT_COLOURS
        base = self.font()
        for label in self.findChildren(QLabel):
            name = label.objectName()
            if name == "sectionTitle":
                font = QFont(base)
                font.setBold(True)
                font.setPointSizeF(11)
                label.setFont(font)
                _set_colour(label, QPalette.ColorRole.WindowText, colours["title"])
            elif name == "emptyHint":
                font = QFont(base)
                font.setPointSizeF(13)
                label.setFont(font)
                _set_colour(label, QPalette.ColorRole.WindowText, colours["hint"])
            elif name == "smallHint":  # in a smaller pane: the text size of the tables
                _set_colour(label, QPalette.ColorRole.WindowText, colours["hint"])
        bold = QFont(base)
        bold.setWeight(QFont.Weight.DemiBold)
        self.banner_text.setFont(bold)
        _set_colour(self.banner_text, QPalette.ColorRole.WindowText, colours["banner_text"])
        self.banner.setAutoFillBackground(True)
        self.banner.setFrameShape(QFrame.Shape.Box)
        self.banner.setFrameShadow(QFrame.Shadow.Plain)
        _set_colour(self.banner, QPalette.ColorRole.Window, colours["banner"])
        _set_colour(self.banner, QPalette.ColorRole.WindowText, colours["banner_border"])
        self.search.setTextMargins(4, 2, 4, 2)
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("m") * 18)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a change of colour scheme (gui.theme.apply_theme sets the style, then the
        scheme and palette): restyle once the theme has finished switching."""
        super().changeEvent(event)
        kinds = (QEvent.Type.StyleChange, QEvent.Type.ApplicationPaletteChange)
        if event.type() in kinds and not self._restyle_pending:
            self._restyle_pending = True
            QTimer.singleShot(0, self, self._restyle)  # dropped if the page goes first

    def _restyle(self) -> None:
        self._restyle_pending = False
        self.apply_style()

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
        for i, column in enumerate(self.encounter_model.columns):
            if column.width:
                self.encounter_view.setColumnWidth(i, column.width)
        self.encounter_view.horizontalHeader().setStretchLastSection(True)
        self.encounter_hint = QLabel()
        self.encounter_hint.setObjectName("smallHint")
        self.encounter_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.encounter_hint.setWordWrap(True)
        self.encounter_stack = QStackedWidget()
        self.encounter_stack.addWidget(self.encounter_view)
        self.encounter_stack.addWidget(self.encounter_hint)

        title = QLabel("Encounters")
        title.setObjectName("sectionTitle")
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

    def _on_filter_combo(self, _index: int) -> None:
        self.filters_changed.emit()

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


class _FirstPaint(QObject):
    """Calls ``callback`` once, just after ``widget`` is first painted (or when :meth:`fire` is
    called first)."""

    def __init__(self, widget: QWidget, callback: Callable[[], Any]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._callback = callback
        self._fired = False
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice the first paint; the callback runs once the paint is done."""
        if event.type() == QEvent.Type.Paint and not self._fired:
            QTimer.singleShot(0, self, self.fire)
        return False

    def fire(self) -> None:
        """Run the callback now (once)."""
        if self._fired:
            return
        self._fired = True
        self._widget.removeEventFilter(self)
        self._callback()


class MainWindow(QMainWindow):
    """The Fatesmith main window.

    Args:
        library: The open library (the UI thread's own).
        registry: The loaded game systems.
        settings: Preferences and window state.
        drafts: The autosave drafts folder for this library (None: no autosave).
        editor_factory: Builds a document's editor widget (default: the SotC CharacterEditor).
        version: The program version, for the About box.
    """

    documents_changed = Signal()
    library_ready = Signal()

    def __init__(
        self,
        library: Library,
        registry: Any,
        settings: Settings,
        drafts: DraftStore | None = None,
        *,
        editor_factory: EditorFactory | None = None,
        version: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.registry = registry
        self.settings = settings
        self.version = version
        self._editor_factory = editor_factory or default_editor_factory
        self.workers = Workers(library.url, registry, parent=self)
        self.undo_group = QUndoGroup(self)
        self._search_text = ""
        self.search_index: SearchIndex | None = None  # None while (re)building: ask the library
        # SotC characters' own novels (id -> (title, author)), gathered with the search index.
        self.novel_index: dict[uuid.UUID, tuple[str, str]] | None = None
        self._index_request = 0

        self.setAcceptDrops(True)
        self.setUnifiedTitleAndToolBarOnMac(True)

        self.page = LibraryPage()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.addTab(self.page, "Library")
        self._unclosable(0)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.setCentralWidget(self.tabs)

        self._create_actions()
        self._create_menus()
        self._create_toolbar()
        self.statusBar()

        self.page.search_changed.connect(self._on_search_changed)
        self.page.filters_changed.connect(self._apply_filters)
        self.page.open_requested.connect(self.open_character)
        self.page.campaign_requested.connect(self.edit_campaign)
        self.page.new_campaign_button.clicked.connect(self.new_campaign)
        self.page.edit_campaign_button.clicked.connect(self._edit_current_campaign)
        self.page.table.selectionModel().selectionChanged.connect(self._update_actions)
        self.page.table.customContextMenuRequested.connect(self._library_menu)
        self.page.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.page.campaign_view.selectionModel().currentChanged.connect(self._on_campaign_selected)
        self.page.encounter_requested.connect(self.open_encounter)
        self.page.encounter_view.selectionModel().selectionChanged.connect(self._update_actions)
        self.page.encounter_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.page.encounter_view.customContextMenuRequested.connect(self._encounter_menu)
        self.encounter_windows: list[QMainWindow] = []
        self._fresh_encounters: set[uuid.UUID] = set()  # made by New, dropped if left untouched
        self._encounter_refresh = QTimer(self)
        self._encounter_refresh.setSingleShot(True)
        self._encounter_refresh.setInterval(300)  # an encounter saves after every change
        self._encounter_refresh.timeout.connect(self.refresh_encounters)

        self.autosaver: Autosaver | None = None
        if drafts is not None:
            self.autosaver = Autosaver(
                drafts, self.documents, settings.autosave_seconds, parent=self
            )
            self.autosaver.start()

        self._first_paint: _FirstPaint | None = None
        self._first_paint_callbacks: list[Callable[[], Any]] = []
        self._restore_window_state()
        self._show_read_only()
        self.refresh_library()
        self._on_tab_changed(0)

    # == start-up ==================================================================================

    def after_first_paint(self, callback: Callable[[], Any], fallback_ms: int = 1500) -> None:
        """Run ``callback`` once the character listing has been painted (start-up work that
        must not delay the first picture), or after ``fallback_ms`` if it never is."""
        self._first_paint_callbacks.append(callback)
        if self._first_paint is None:
            self._first_paint = _FirstPaint(self.page.table.viewport(), self._on_first_paint)
            QTimer.singleShot(fallback_ms, self._first_paint, self._first_paint.fire)

    def _on_first_paint(self) -> None:
        callbacks, self._first_paint_callbacks = self._first_paint_callbacks, []
        for callback in callbacks:
            callback()

    def library_is_ready(self) -> bool:
        """Whether the real library is open (False while the start-up listing is shown)."""
        return bool(getattr(self.library, "ready", True))

    def open_library_in_background(self, on_failure: Callable[[str], None] | None = None) -> None:
        """Open the real library on a worker (start-up fast path; see gui.app), then swap it in.

        Args:
            on_failure: Called with the message when it cannot be opened (default: tell the
                user); the listing stays on screen either way.
        """
        deferred: Any = self.library
        if not getattr(deferred, "deferred", False):
            return  # the real library already
        if deferred.ready:  # an early action opened it on the spot: just swap it in
            self.attach_library(deferred.loaded())
            return

        def failed(message: str) -> None:
            if on_failure is not None:
                on_failure(message)
            else:
                self._error("Cannot open the library", message)

        self.statusBar().showMessage("Opening the library\u2026")
        deferred.start(self.workers, self.attach_library, failed)

    def attach_library(self, library: Any) -> None:
        """Use the real ``library`` from now on and reload the listing from it, keeping the
        selection, the search, the filters and the scroll position."""
        if getattr(library, "deferred", False):
            library = library.loaded()
        if library is self.library:
            return
        scroll = self.page.table.verticalScrollBar().value()
        encounter_scroll = self.page.encounter_view.verticalScrollBar().value()
        self.library = library
        self._show_read_only()
        self.refresh_library()
        self.page.table.verticalScrollBar().setValue(scroll)
        self.page.encounter_view.verticalScrollBar().setValue(encounter_scroll)
        self.statusBar().clearMessage()
        self.library_ready.emit()

    # == construction ==============================================================================

    def _unclosable(self, index: int) -> None:
        bar = self.tabs.tabBar()
        for side in (bar.ButtonPosition.RightSide, bar.ButtonPosition.LeftSide):
            button = bar.tabButton(index, side)
            if button is not None:
                button.resize(0, 0)
                button.hide()

    def _action(
        self,
        text: str,
        slot: Callable[[], Any],
        shortcut: QKeySequence.StandardKey | str | None = None,
        icon: QStyle.StandardPixmap | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)
        elif shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _create_actions(self) -> None:
        sp = QStyle.StandardPixmap
        key = QKeySequence.StandardKey
        self.act_new = self._action(
            "&New Character", self.new_character, key.New, sp.SP_FileIcon, "Create a new character"
        )
        self.act_new_fast = self._action(
            "New &Fast Character",
            lambda: self.new_character(fast=True),
            None,
            None,
            "Create a character on the fly (SotC, Character Creation: Fast Character Creation)",
        )
        self.act_open = self._action(
            "&Open",
            self.open_selected,
            key.Open,
            sp.SP_DialogOpenButton,
            "Open the selected characters",
        )
        self.act_save = self._action(
            "&Save",
            self.save_current,
            key.Save,
            sp.SP_DialogSaveButton,
            "Save the character to the library",
        )
        self.act_close = self._action(
            "&Close Tab", self.close_current_tab, key.Close, None, "Close the current character"
        )
        self.act_print = self._action(
            "&Print / Export PDF\u2026",
            self.print_current,
            key.Print,
            None,
            "Preview the printable sheet and save it as PDF",
        )
        self.act_print.setIcon(
            QIcon.fromTheme(
                "document-print", self.style().standardIcon(sp.SP_FileDialogDetailedView)
            )
        )
        self.act_export_pdfs = self._action(
            "Export Selected as P&DF\u2026",
            self.export_selected_pdf,
            None,
            None,
            "Save the sheets of the selected characters in one PDF",
        )
        self.act_import = self._action(
            "&Import\u2026",
            self.import_files,
            "Ctrl+I",
            sp.SP_ArrowDown,
            "Import character files or an archive",
        )
        self.act_export = self._action(
            "&Export Character File\u2026",
            self.export_selected_file,
            "Ctrl+E",
            sp.SP_ArrowUp,
            "Save the selected character as a .fatesmith.json file",
        )
        self.act_export_archive = self._action(
            "Export &Archive\u2026",
            self.export_archive,
            None,
            None,
            "Save the whole library as one archive",
        )
        self.act_quit = self._action("&Quit", self.close, key.Quit, None, "Quit Fatesmith")
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)

        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcuts(key.Undo)
        self.act_undo.setIcon(
            QIcon.fromTheme("edit-undo", self.style().standardIcon(sp.SP_ArrowBack))
        )
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts(key.Redo)
        self.act_redo.setIcon(
            QIcon.fromTheme("edit-redo", self.style().standardIcon(sp.SP_ArrowForward))
        )
        self.act_find = self._action(
            "&Find in Library", self.focus_search, key.Find, None, "Search the library"
        )
        self.act_duplicate = self._action(
            "D&uplicate", self.duplicate_selected, "Ctrl+D", None, "Copy the selected characters"
        )
        self.act_delete = self._action(
            "&Delete from Library\u2026",
            self.delete_selected,
            key.Delete,
            sp.SP_TrashIcon,
            "Delete the selected characters",
        )
        self.act_delete.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.page.table.addAction(self.act_delete)
        self.act_edit_tags = self._action(
            "Edit &Tags\u2026",
            self.edit_tags_of_selected,
            "Ctrl+Shift+T",
            None,
            "Add or remove tags of the selected characters",
        )
        self.act_preferences = self._action(
            "Pre&ferences\u2026",
            self.edit_preferences,
            key.Preferences,
            None,
            "Theme, autosave, paper",
        )
        if not self.act_preferences.shortcuts():
            self.act_preferences.setShortcut(QKeySequence("Ctrl+,"))
        self.act_preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.act_library = self._action(
            "Show &Library",
            lambda: self.tabs.setCurrentIndex(0),
            "Ctrl+L",
            None,
            "Back to the library",
        )
        self.act_new_campaign = self._action("New &Campaign\u2026", self.new_campaign)
        self.act_edit_campaign = self._action("&Edit Campaign\u2026", self._edit_current_campaign)
        self.act_new_encounter = self._action(
            "&New Encounter",
            self.new_encounter,
            "Ctrl+Shift+E",
            None,
            "Set up a new conflict in its own window (saved as you play)",
        )
        self.act_open_encounter = self._action(
            "&Open Encounter",
            self.open_selected_encounters,
            None,
            None,
            "Open the selected encounters (a template starts a fresh run)",
        )
        self.act_start_template = self._action(
            "Start from &Template\u2026",
            self.start_from_template,
            None,
            None,
            "Run a prepared scene again: a new encounter of its own",
        )
        self.act_delete_encounter = self._action(
            "&Delete Encounter\u2026",
            self.delete_selected_encounters,
            QKeySequence.StandardKey.Delete,
            None,
            "Delete the selected encounters or templates",
        )
        self.act_delete_encounter.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.page.encounter_view.addAction(self.act_delete_encounter)
        for action, short in ((self.act_new_encounter, "New\u2026"),
                              (self.act_start_template, "From template\u2026"),
                              (self.act_open_encounter, "Open"),
                              (self.act_delete_encounter, "Delete\u2026")):  # fmt: skip
            action.setIconText(short)  # what the area's button shows
            self.page.add_encounter_button(action)
        self.act_about = self._action("&About Fatesmith", self.show_about)
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.act_about_qt = self._action("About &Qt", QApplication.aboutQt)
        self.act_about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        self.act_next_tab = self._action("Next Tab", self._next_tab, key.NextChild)
        self.act_prev_tab = self._action("Previous Tab", self._prev_tab, key.PreviousChild)
        self.addAction(self.act_next_tab)
        self.addAction(self.act_prev_tab)  # fmt: skip

    def _create_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.act_new)
        file_menu.addAction(self.act_new_fast)
        file_menu.addAction(self.act_open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.act_save)
        file_menu.addAction(self.act_close)
        file_menu.addSeparator()
        file_menu.addAction(self.act_import)
        file_menu.addAction(self.act_export)
        file_menu.addAction(self.act_export_archive)
        file_menu.addSeparator()
        file_menu.addAction(self.act_print)
        file_menu.addAction(self.act_export_pdfs)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_find)
        edit_menu.addAction(self.act_duplicate)
        edit_menu.addAction(self.act_edit_tags)
        edit_menu.addAction(self.act_delete)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_preferences)

        library_menu = bar.addMenu("&Library")
        library_menu.addAction(self.act_library)
        library_menu.addSeparator()
        library_menu.addAction(self.act_new_campaign)
        library_menu.addAction(self.act_edit_campaign)

        encounter_menu = bar.addMenu("E&ncounter")
        encounter_menu.addAction(self.act_new_encounter)
        encounter_menu.addAction(self.act_open_encounter)
        encounter_menu.addAction(self.act_start_template)
        encounter_menu.addSeparator()
        encounter_menu.addAction(self.act_delete_encounter)

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_about)
        help_menu.addAction(self.act_about_qt)

    def _create_toolbar(self) -> None:
        toolbar = QToolBar("Main toolbar")
        toolbar.setObjectName("mainToolbar")
        toolbar.setIconSize(QSize(20, 20))
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.act_new, self.act_open, self.act_save, None, self.act_undo,
                       self.act_redo, None, self.act_import, self.act_export, self.act_print,
                       None, self.act_delete):  # fmt: skip
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)
        for action, short in ((self.act_new, "New"), (self.act_export, "Export"),
                              (self.act_print, "Print"), (self.act_delete, "Delete"),
                              (self.act_open, "Open")):  # fmt: skip
            action.setIconText(short)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _restore_window_state(self) -> None:
        geometry = self.settings.geometry
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1280, 760)
        state = self.settings.window_state
        if state is not None:
            self.restoreState(state)
        splitter = self.settings.splitter_state
        if splitter is not None:
            self.page.splitter.restoreState(splitter)
        right = self.settings.qsettings.value(ENCOUNTER_SPLITTER_KEY)
        if isinstance(right, QByteArray):
            self.page.right_splitter.restoreState(right)

    def _save_window_state(self) -> None:
        self.settings.geometry = self.saveGeometry()
        self.settings.window_state = self.saveState()
        self.settings.splitter_state = self.page.splitter.saveState()
        self.settings.qsettings.setValue(
            ENCOUNTER_SPLITTER_KEY, self.page.right_splitter.saveState()
        )
        self.settings.sync()

    def _show_read_only(self) -> None:
        if self.library.read_only:
            reason = self.library.read_only_reason or "it cannot be written"
            self.page.banner_text.setText(
                f"This library is open read-only ({reason}). You can browse, open and print "
                "characters, but changes cannot be saved."
            )
            self.page.banner.show()
        else:
            self.page.banner.hide()

    # == library listing ===========================================================================

    def refresh_library(self) -> None:
        """Reload the character and campaign listings (one quick query each)."""
        selected = self.page.selected_ids()
        try:
            summaries = self.library.list_characters()
            campaigns = self.library.list_campaigns()
            tags = self.library.all_tags()
        except FatesmithError as exc:
            self._error("Cannot read the library", str(exc))
            return
        self.page.model.set_summaries(summaries)
        self.page.campaign_model.set_campaigns(campaigns)
        systems = sorted({s.system for s in summaries} | {"sotc"})
        self.page.set_filter_choices(
            [(self._system_name(s), s) for s in systems],
            [(c.name or "(unnamed)", c.id) for c in sorted(campaigns, key=lambda c: c.name)],
            tags,
        )
        self._rebuild_search_index(summaries)
        if self._search_text:
            self._run_search(self._search_text)
        self._apply_filters()
        if selected:
            self.page.select_ids(selected)
        self.refresh_encounters()
        self._update_actions()

    def refresh_encounters(self) -> None:
        """Reload the encounter listing (keeping the selection)."""
        selected = self.page.selected_encounter_ids()
        try:
            records = self.library.list_encounters()
        except FatesmithError as exc:
            self.statusBar().showMessage(f"Cannot list the encounters: {exc}", 6000)
            return
        names = {c.id: c.name for c in self.page.campaign_model.rows()}
        self.page.encounter_model.set_items(encounter_items(records, names))
        self.page.update_encounter_count()
        if selected:
            self.page.select_encounter_ids(selected)
        self._update_actions()

    def _rebuild_search_index(self, summaries: Sequence[Any]) -> Any:
        """Build the in-memory search index on a worker; until it is ready, search the library."""
        self.search_index = None
        self.novel_index = None
        self._index_request += 1
        if not self.library_is_ready():
            return None  # built when the real library is attached (start-up speed)
        request = self._index_request

        def job(library: Library) -> tuple[SearchIndex, dict[uuid.UUID, tuple[str, str]]]:
            index = SearchIndex(library.search_texts())
            novels: dict[uuid.UUID, tuple[str, str]] = {}
            for character_id, payload in library.payloads():
                try:
                    document = json.loads(payload)
                except json.JSONDecodeError:
                    continue
                novel = novel_of(document)
                if novel is not None:
                    novels[character_id] = novel
            return index, novels

        def done(result: tuple[SearchIndex, dict[uuid.UUID, tuple[str, str]]]) -> None:
            if request == self._index_request:
                self.search_index, self.novel_index = result

        return self.workers.run_with_library(job, done, lambda _message: None)

    def _system_name(self, system_id: str) -> str:
        return SYSTEM_NAMES.label(system_id)  # without loading every catalogue at start-up

    def _refresh_summary(self, character_id: uuid.UUID) -> None:
        try:
            summary = self.library.character_summary(character_id)
        except FatesmithError:
            self.refresh_library()
            return
        self.page.model.upsert(summary)
        tab = self.tab_of(character_id)
        if tab is None:
            # Rebuilt on the next refresh; meanwhile search and novels ask the library.
            self.search_index = None
            self.novel_index = None
        elif self.search_index is not None or self.novel_index is not None:
            from storage.json_io import character_to_document

            document = character_to_document(tab.document.character)
            if self.search_index is not None:
                for stored_id, blob in self.library.search_texts([character_id]):
                    self.search_index.set(stored_id, blob)
            if self.novel_index is not None:
                novel = novel_of(document)
                if novel is None:
                    self.novel_index.pop(character_id, None)
                else:
                    self.novel_index[character_id] = novel
        self.page.update_count(self.page.model.rowCount())

    def _on_search_changed(self, text: str) -> None:
        self._search_text = text.strip()
        self._run_search(self._search_text)
        self.page.update_count(self.page.model.rowCount())

    def _run_search(self, text: str) -> None:
        if not text:
            self.page.proxy.set_filters(text_ids=None)
            return
        if self.search_index is not None:
            self.page.proxy.set_filters(text_ids=self.search_index.matches(text))
            return
        from storage.library import SearchQuery

        try:
            found = self.library.list_characters(SearchQuery(text=text))
        except FatesmithError as exc:
            self.statusBar().showMessage(f"Search failed: {exc}", 5000)
            return
        self.page.proxy.set_filters(text_ids=frozenset(s.id for s in found))

    def _apply_filters(self) -> None:
        system, campaign, tag = self.page.filter_values()
        self.page.proxy.set_filters(system=system, campaign=campaign, tag=tag)
        self.page.update_count(self.page.model.rowCount())
        # Choosing a campaign shows its encounters too.
        self.page.encounter_proxy.set_filters(campaign=campaign)
        self.page.update_encounter_count()

    def _on_campaign_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._update_actions()

    def focus_search(self) -> None:
        """Show the library and put the cursor in the search field."""
        self.tabs.setCurrentIndex(0)
        self.page.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.page.search.selectAll()

    def _library_menu(self, pos: Any) -> None:
        menu = QMenu(self)
        for action in (self.act_open, self.act_duplicate, self.act_edit_tags, self.act_export,
                       self.act_print, self.act_export_pdfs, None, self.act_delete):  # fmt: skip
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.popup(self.page.table.viewport().mapToGlobal(pos))

    # == documents and tabs ========================================================================

    def document_tabs(self) -> list[CharacterTab]:
        """The open character tabs, in tab order."""
        out = []
        for i in range(self.tabs.count()):
            widget = self.tabs.widget(i)
            if isinstance(widget, CharacterTab):
                out.append(widget)
        return out

    def documents(self) -> list[Any]:
        """The open documents, in tab order."""
        return [t.document for t in self.document_tabs()]

    def current_tab(self) -> CharacterTab | None:
        """The current character tab, or None on the library page."""
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, CharacterTab) else None

    def tab_of(self, character_id: uuid.UUID) -> CharacterTab | None:
        """The open tab of ``character_id``, if any."""
        for tab in self.document_tabs():
            if tab.document.character.id == character_id:
                return tab
        return None

    def open_character(self, character_id: uuid.UUID) -> CharacterTab | None:
        """Open a library character in a tab (or switch to its tab when already open)."""
        from storage.library import NotFoundError

        existing = self.tab_of(character_id)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return existing
        try:
            stored = self.library.get_character(character_id)
        except NotFoundError as exc:
            self.settings.remove_recent(str(character_id))
            self._error("Cannot open the character", str(exc))
            self.refresh_library()
            return None
        except FatesmithError as exc:
            self._error("Cannot open the character", str(exc))
            return None
        tab = self._open_document(stored.character, stored.version, stored.campaign_id)
        if tab is not None:
            self.settings.add_recent(str(character_id), tab.document.title())
        return tab

    def _campaign_rules(self, campaign_id: uuid.UUID | None) -> Any:
        if campaign_id is None:
            return None
        try:
            campaign = self.library.get_campaign(campaign_id)
            return self.registry.get(campaign.system).parse_settings(campaign.settings)
        except FatesmithError:
            return None

    def _open_document(
        self,
        character: CharacterBase,
        version: int | None,
        campaign_id: uuid.UUID | None,
    ) -> CharacterTab | None:
        from gui.documents.character_document import CharacterDocument

        try:
            system = self.registry.get(character.system)
        except FatesmithError as exc:
            self._error("Cannot edit this character yet", str(exc))
            return None
        document = CharacterDocument(
            character,
            system,
            version=version,
            campaign_id=campaign_id,
            rules=self._campaign_rules(campaign_id),
            parent=self,
        )
        try:
            editor = self._editor_factory(
                document,
                novels=lambda: self.novels_for(document),
                guest_stars=lambda: self.guest_stars_for(document),
            )
        except Exception as exc:
            log.exception("could not build the editor")
            self._error("Cannot open the character", f"the editor failed to start: {exc}")
            return None
        tab = CharacterTab(document, editor)
        self.undo_group.addStack(document.undo_stack)
        document.undo_stack.cleanChanged.connect(lambda _clean: self._update_titles())
        document.character_replaced.connect(lambda _c: self._update_titles())
        index = self.tabs.addTab(tab, document.title())
        self.tabs.setCurrentIndex(index)
        self._update_titles()
        self.documents_changed.emit()
        return tab

    def novels_for(self, document: Any) -> list[NovelRef]:
        """The other characters' novels a character can guest-star in (phases four and five).

        Inside a campaign: the other members' novels; otherwise every other SotC character's.
        Answered from the novel index gathered with the search index (no parsing); while that
        is being built, only the stored documents of SotC characters are read.
        """
        from rules.systems.sotc.character import NovelRef

        own = document.character.id
        members: set[uuid.UUID] | None = None
        if document.campaign_id is not None:
            try:
                members = set(self.library.get_campaign(document.campaign_id).member_ids)
            except FatesmithError:
                members = None
        novels = self.novel_index
        if novels is None:
            wanted = [
                s.id
                for s in self.page.model.rows()
                if s.system == "sotc" and s.id != own and (members is None or s.id in members)
            ]
            novels = {}
            try:
                payloads = self.library.payloads(wanted) if wanted else []
            except FatesmithError:
                return []
            for character_id, payload in payloads:
                try:
                    novel = novel_of(json.loads(payload))
                except json.JSONDecodeError:
                    continue
                if novel is not None:
                    novels[character_id] = novel
        out = [
            NovelRef(title=title, author=author, character_id=character_id)
            for character_id, (title, author) in novels.items()
            if character_id != own and (members is None or character_id in members)
        ]
        out.sort(key=lambda n: (n.title.casefold(), n.author.casefold()))
        return out

    def guest_stars_for(self, document: Any) -> list[str]:
        """Names of the characters cast into this character's novel (SotC, Phase Three).

        From the campaign's casting: the other members whose Phase Four or Five
        ``guest_star_in`` names this character (by id, or by the novel's title when no id was
        recorded); open members are read from their tabs (unsaved casting counts). Outside a
        campaign there is no casting, so none.
        """
        from storage.json_io import character_to_document

        if document.campaign_id is None:
            return []
        own = document.character.id
        own_phases: Any = getattr(document.character, "phases", ())
        own_title = own_phases[2].novel_title.strip().casefold() if len(own_phases) >= 3 else ""
        try:
            members = [m for m in self.library.get_campaign(document.campaign_id).member_ids]
        except FatesmithError:
            return []
        documents: dict[uuid.UUID, Any] = {}
        closed = []
        for member in members:
            if member == own:
                continue
            tab = self.tab_of(member)
            if tab is not None:
                documents[member] = character_to_document(tab.document.character)
            else:
                closed.append(member)
        try:
            for member, payload in self.library.payloads(closed) if closed else []:
                try:
                    documents[member] = json.loads(payload)
                except json.JSONDecodeError:
                    continue
        except FatesmithError:
            pass
        names: list[str] = []
        for member in members:
            member_document = documents.get(member)
            if not isinstance(member_document, dict):
                continue
            phases = member_document.get("phases") or []
            for phase in phases[3:5]:
                ref = phase.get("guest_star_in") if isinstance(phase, dict) else None
                if not isinstance(ref, dict):
                    continue
                if ref.get("character_id"):
                    cast = str(ref["character_id"]) == str(own)
                else:
                    title = str(ref.get("title") or "").strip().casefold()
                    cast = bool(own_title) and title == own_title
                name = str(member_document.get("name") or "").strip()
                if cast and name and name not in names:
                    names.append(name)
        return names

    def _on_tab_changed(self, _index: int) -> None:
        tab = self.current_tab()
        self.undo_group.setActiveStack(tab.document.undo_stack if tab is not None else None)  # type: ignore[arg-type]
        self._update_titles()
        self._update_actions()

    def _update_titles(self) -> None:
        for i in range(self.tabs.count()):
            widget = self.tabs.widget(i)
            if isinstance(widget, CharacterTab):
                doc = widget.document
                dirty = not doc.undo_stack.isClean()
                self.tabs.setTabText(i, ("\u25cf " if dirty else "") + doc.title())
                self.tabs.setTabToolTip(i, doc.title() + (" (unsaved changes)" if dirty else ""))
        tab = self.current_tab()
        if tab is None:
            self.setWindowTitle("Library \u2014 Fatesmith[*]")
            self.setWindowModified(False)
        else:
            self.setWindowTitle(f"{tab.document.title()}[*] \u2014 Fatesmith")
            self.setWindowModified(not tab.document.undo_stack.isClean())
        self._update_actions()

    def _update_actions(self, *_args: object) -> None:
        tab = self.current_tab()
        writable = not self.library.read_only
        on_library = tab is None
        selected = len(self.page.selected_ids()) if on_library else 0
        self.act_save.setEnabled(tab is not None and writable)
        self.act_close.setEnabled(tab is not None)
        self.act_open.setEnabled(on_library and selected > 0)
        self.act_new.setEnabled(writable)
        self.act_new_fast.setEnabled(writable)
        self.act_import.setEnabled(writable)
        self.act_duplicate.setEnabled(writable and on_library and selected > 0)
        self.act_delete.setEnabled(writable and on_library and selected > 0)
        self.act_edit_tags.setEnabled(writable and on_library and selected > 0)
        self.act_export.setEnabled(tab is not None or selected == 1)
        self.act_print.setEnabled(tab is not None or selected > 0)
        self.act_export_pdfs.setEnabled(on_library and selected > 0)
        self.act_new_campaign.setEnabled(writable)
        self.page.new_campaign_button.setEnabled(writable)
        encounters = self.page.selected_encounter_ids()
        self.act_new_encounter.setEnabled(writable)
        self.act_start_template.setEnabled(writable)
        self.act_open_encounter.setEnabled(bool(encounters))
        self.act_delete_encounter.setEnabled(writable and bool(encounters))
        has_campaign = self.page.current_campaign_id() is not None
        self.act_edit_campaign.setEnabled(has_campaign)
        self.page.edit_campaign_button.setEnabled(has_campaign)

    def _next_tab(self) -> None:
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + 1) % self.tabs.count())

    def _prev_tab(self) -> None:
        self.tabs.setCurrentIndex((self.tabs.currentIndex() - 1) % self.tabs.count())

    # == new, open, save, close ====================================================================

    def new_character(self, system_id: str = "sotc", *, fast: bool = False) -> CharacterTab | None:
        """Start a new, unsaved character of ``system_id`` in a tab; ``fast`` starts SotC's
        Fast Character Creation (SotC, Character Creation: Fast Character Creation)."""
        if self.library.read_only:
            return None
        try:
            system = self.registry.get(system_id)
        except FatesmithError as exc:
            self._error("Cannot create the character", str(exc))
            return None
        factory = getattr(system, "new_character", None)
        character = factory() if callable(factory) else system.character_type(system=system_id)
        if fast and "creation_mode" in type(character).model_fields:
            character = character.model_copy(update={"creation_mode": "fast"})
        return self._open_document(character, None, None)

    def open_selected(self) -> None:
        """Open every selected library character."""
        for character_id in self.page.selected_ids():
            self.open_character(character_id)

    def save_current(self) -> bool:
        """Save the current tab's character."""
        tab = self.current_tab()
        return self.save_document(tab.document) if tab is not None else False

    def save_document(self, document: Any) -> bool:
        """Save ``document`` to the library; returns True when nothing unsaved remains."""
        from storage.library import ConflictError

        if self.library.read_only:
            self._error(
                "Read-only library",
                f"This library cannot be changed ({self.library.read_only_reason}).",
            )
            return False
        try:
            version = self.library.save_character(
                document.character,
                expected_version=document.version,
                campaign_id=document.campaign_id,
            )
        except ConflictError:
            return self._resolve_conflict(document)
        except FatesmithError as exc:
            self._error("Cannot save the character", str(exc))
            return False
        self._after_save(document, version)
        return True

    def _after_save(self, document: Any, version: int) -> None:
        document.mark_saved(version)
        if self.autosaver is not None:
            self.autosaver.forget(document.character.id)
        self.settings.add_recent(str(document.character.id), document.title())
        self._refresh_summary(document.character.id)
        self._update_titles()
        self.statusBar().showMessage(f"Saved \u201c{document.title()}\u201d", 4000)

    def _resolve_conflict(self, document: Any) -> bool:
        from gui.dialogs.confirm import ConflictDialog
        from storage.library import NotFoundError

        answer = ConflictDialog.ask(self, document.title())
        character_id = document.character.id
        if answer == "cancel":
            return False
        if answer == "reload":
            tab = self.tab_of(character_id)
            if tab is not None:
                self._remove_tab(tab, discard=True)
            self.refresh_library()
            self.open_character(character_id)
            return True
        if answer == "overwrite":
            try:
                current: int | None = self.library.character_summary(character_id).version
            except NotFoundError:
                current = None  # deleted elsewhere: saving recreates it
            except FatesmithError as exc:
                self._error("Cannot save the character", str(exc))
                return False
            try:
                version = self.library.save_character(
                    document.character, expected_version=current, campaign_id=document.campaign_id
                )
            except FatesmithError as exc:
                self._error("Cannot save the character", str(exc))
                return False
            self._after_save(document, version)
            return True
        # "copy": keep both; the edits become a new character in a new tab.
        name = document.character.name.strip() or "Unnamed character"
        copy = document.character.model_copy(
            update={"id": uuid.uuid4(), "name": f"{name} (my copy)"[:200]}
        )
        try:
            self.library.save_character(copy, expected_version=None, campaign_id=None)
        except FatesmithError as exc:
            self._error("Cannot save the copy", str(exc))
            return False
        tab = self.tab_of(character_id)
        if tab is not None:
            self._remove_tab(tab, discard=True)
        self.refresh_library()
        self.open_character(copy.id)
        return True

    def close_current_tab(self) -> bool:
        """Close the current character tab (asking about unsaved changes)."""
        index = self.tabs.currentIndex()
        return self.close_tab(index) if index > 0 else False

    def close_tab(self, index: int) -> bool:
        """Close the tab at ``index``; returns False when the user cancelled."""
        widget = self.tabs.widget(index)
        if not isinstance(widget, CharacterTab):
            return False
        if not self._settle(widget.document):
            return False
        self._remove_tab(widget, discard=True)
        return True

    def _settle(self, document: Any) -> bool:
        """Ask about unsaved changes; True when the document may close."""
        from gui.dialogs.confirm import SaveChangesDialog

        if document.undo_stack.isClean():
            return True
        tab = self.tab_of(document.character.id)
        if tab is not None:
            self.tabs.setCurrentWidget(tab)
        answer = SaveChangesDialog.ask(self, document.title())
        if answer == "cancel":
            return False
        if answer == "save":
            return self.save_document(document)
        return True

    def _remove_tab(self, tab: CharacterTab, *, discard: bool) -> None:
        document = tab.document
        if discard and self.autosaver is not None:
            self.autosaver.forget(document.character.id)
        self.undo_group.removeStack(document.undo_stack)
        index = self.tabs.indexOf(tab)
        if index >= 0:
            self.tabs.removeTab(index)
        tab.deleteLater()
        document.deleteLater()
        self._update_titles()
        self.documents_changed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about every document with unsaved changes; keep window state."""
        for document in list(self.documents()):
            if not self._settle(document):
                event.ignore()
                return
        for tab in self.document_tabs():
            self._remove_tab(tab, discard=True)
        for window in list(self.encounter_windows):
            window.close()  # saved after every change already
        if self.autosaver is not None:
            self.autosaver.stop()
        self.workers.wait(10_000)
        self._save_window_state()
        event.accept()

    # == drafts ====================================================================================

    def offer_draft_restore(self) -> int:
        """Offer to restore drafts left by a crash; returns how many were restored."""
        from gui.dialogs.draft_restore import DraftRestoreDialog

        if self.autosaver is None:
            return 0
        store = self.autosaver.store
        drafts = store.pending()
        if not drafts:
            return 0
        chosen = DraftRestoreDialog.ask(self, drafts)
        if chosen is None:
            return 0
        chosen_paths = {d.path for d in chosen}
        store.discard_all([d for d in drafts if d.path not in chosen_paths])
        restored = 0
        for draft in chosen:
            if self.restore_draft(draft):
                restored += 1
        return restored

    def restore_draft(self, draft: Draft) -> bool:
        """Open the draft's character with its autosaved edits (unsaved, undoable)."""
        from gui.systems.sotc.commands import ReplaceCharacterCommand
        from storage.library import NotFoundError

        character_id = draft.character.id
        tab = self.tab_of(character_id)
        if tab is None:
            try:
                stored = self.library.get_character(character_id)
            except NotFoundError:
                stored = None
            except FatesmithError as exc:
                self._error("Cannot restore the draft", str(exc))
                return False
            if stored is not None:
                tab = self._open_document(stored.character, draft.version, draft.campaign_id)
            else:
                tab = self._open_document(draft.character, None, draft.campaign_id)
                if tab is not None:
                    tab.document.undo_stack.resetClean()
                    self._update_titles()
                    return True
        if tab is None:
            return False
        tab.document.undo_stack.push(
            ReplaceCharacterCommand(tab.document, draft.character, "Restore autosaved changes")
        )
        self._update_titles()
        return True

    # == library operations ========================================================================

    def _selected_names(self, ids: Sequence[uuid.UUID]) -> list[str]:
        names = []
        for character_id in ids:
            summary = self.page.model.object_by_id(character_id)
            names.append((summary.name if summary is not None else "") or "(unnamed)")
        return names

    def delete_selected(self) -> int:
        """Delete the selected characters after confirmation; returns how many."""
        from gui.dialogs.confirm import ConfirmDeleteDialog
        from storage.library import NotFoundError

        ids = self.page.selected_ids()
        if not ids or self.library.read_only:
            return 0
        open_tabs = [t for t in (self.tab_of(i) for i in ids) if t is not None]
        if not ConfirmDeleteDialog.ask(self, self._selected_names(ids), open_count=len(open_tabs)):
            return 0
        deleted = 0
        for character_id in ids:
            try:
                self.library.delete_character(character_id)
            except NotFoundError:
                pass
            except FatesmithError as exc:
                self._error("Cannot delete", str(exc))
                break
            deleted += 1
            tab = self.tab_of(character_id)
            if tab is not None:
                self._remove_tab(tab, discard=True)
            self.settings.remove_recent(str(character_id))
            self.page.model.remove(character_id)
            if self.novel_index is not None:
                self.novel_index.pop(character_id, None)
        self.refresh_library()
        self.statusBar().showMessage(f"Deleted {deleted} character(s)", 4000)
        return deleted

    def edit_tags_of_selected(self) -> int:
        """Add or remove tags of the selected characters; returns how many changed.

        A character open in a tab gets the change as an undoable edit of its document (saved
        with it, so the open copy and the library never disagree); the others are saved now.
        """
        from gui.dialogs.tags import EditTagsDialog
        from gui.systems.sotc.commands import ReplaceCharacterCommand
        from rules.evolve import evolve

        ids = self.page.selected_ids()
        if not ids or self.library.read_only:
            return 0
        rows = [self.page.model.object_by_id(i) for i in ids]
        current = [tuple(r.tags) if r is not None else () for r in rows]
        try:
            known = self.library.all_tags()
        except FatesmithError as exc:
            self._error("Cannot edit the tags", str(exc))
            return 0
        change = EditTagsDialog.ask(self, self._selected_names(ids), current, known)
        if change is None:
            return 0
        changed = 0
        pending = 0
        for character_id, tags in zip(ids, current, strict=True):
            tab = self.tab_of(character_id)
            try:
                if tab is not None:
                    document = tab.document
                    new_tags = change.apply(document.character.tags)
                    if new_tags != tuple(document.character.tags):
                        edited = evolve(document.character, tags=new_tags)
                        document.undo_stack.push(
                            ReplaceCharacterCommand(document, edited, "Edit tags")
                        )
                        pending += 1
                elif change.apply(tags) != tags:
                    self.library.set_tags(character_id, change.apply(tags))
                    changed += 1
            except (FatesmithError, ValueError) as exc:  # ValueError: pydantic's, too many tags
                self._error("Cannot edit the tags", str(exc))
                break
        self.refresh_library()
        self.page.select_ids(ids)
        message = f"Changed the tags of {changed} character(s)"
        if pending:
            message += f"; {pending} open one(s) changed unsaved"
        self.statusBar().showMessage(message, 5000)
        return changed + pending

    def duplicate_selected(self) -> list[uuid.UUID]:
        """Copy the selected characters; returns the new ids (selected afterwards)."""
        new_ids = []
        for character_id in self.page.selected_ids():
            try:
                summary = self.library.duplicate_character(character_id)
            except FatesmithError as exc:
                self._error("Cannot duplicate", str(exc))
                break
            new_ids.append(summary.id)
        self.refresh_library()
        self.page.select_ids(new_ids)
        return new_ids

    def import_files(self) -> None:
        """Choose files to import."""
        from gui.dialogs.files import FileDialogs

        paths = FileDialogs.open_import_files(self, self.settings.last_folder)
        if paths:
            self.settings.last_folder = str(paths[0].parent)
            self.import_paths(paths)

    def import_paths(self, paths: Sequence[Path]) -> Any:
        """Import character files and archives in a worker; returns the job's signals."""
        if self.library.read_only:
            self._error("Read-only library", "Characters cannot be imported into this library.")
            return None
        files = [Path(p) for p in paths if not str(p).lower().endswith(".zip")]
        archives = [Path(p) for p in paths if str(p).lower().endswith(".zip")]

        def job(library: Library) -> Any:
            from storage.library import ImportReport

            imported: list[Any] = []
            failed: list[tuple[str, str]] = []
            if files:
                report = library.import_character_files(files)
                imported += report.imported
                failed += report.failed
            for archive in archives:
                try:
                    report = library.import_archive(archive, partial=True)
                except FatesmithError as exc:
                    failed.append((archive.name, str(exc)))
                    continue
                imported += report.imported
                failed += report.failed
            return ImportReport(imported=tuple(imported), failed=tuple(failed))

        self.statusBar().showMessage("Importing\u2026")
        return self.workers.run_with_library(job, self._on_imported, self._on_job_failed)

    def _on_imported(self, report: Any) -> None:
        from gui.dialogs.import_report import ImportReportDialog

        self.refresh_library()
        self.page.select_ids([s.id for s in report.imported])
        count = len(report.imported)
        self.statusBar().showMessage(f"Imported {count} character(s)", 5000)
        if report.failed:
            ImportReportDialog.ask(self, report)

    def _on_job_failed(self, message: str) -> None:
        self.statusBar().clearMessage()
        self._error("Fatesmith", message)

    def export_selected_file(self) -> Path | None:
        """Export the current or selected character as a ``.fatesmith.json`` file."""
        from gui.dialogs.files import FileDialogs

        tab = self.current_tab()
        if tab is not None:
            character = tab.document.character
            suggested = (character.name or "character").strip() + ".fatesmith.json"
            path = FileDialogs.save_character_file(self, self._suggest(suggested))
            if path is None:
                return None
            from storage.json_io import write_character_file

            try:
                write_character_file(path, character)
            except OSError as exc:
                self._error("Cannot export", f"{path}: {exc.strerror or exc}")
                return None
            self.statusBar().showMessage(f"Exported to {path}", 5000)
            return path
        ids = self.page.selected_ids()
        if len(ids) != 1:
            return None
        summary = self.page.model.object_by_id(ids[0])
        name = (summary.name if summary is not None else "") or "character"
        path = FileDialogs.save_character_file(self, self._suggest(f"{name}.fatesmith.json"))
        if path is None:
            return None
        try:
            self.library.export_character_file(ids[0], path)
        except (FatesmithError, OSError) as exc:
            self._error("Cannot export", str(exc))
            return None
        self.settings.last_folder = str(path.parent)
        self.statusBar().showMessage(f"Exported to {path}", 5000)
        return path

    def export_archive(self) -> Any:
        """Export the library (or the chosen campaign) as one archive, in a worker."""
        from gui.dialogs.files import FileDialogs

        campaign = self.page.campaign_filter.currentData()
        campaign_id = campaign if isinstance(campaign, uuid.UUID) else None
        path = FileDialogs.save_archive(self, self._suggest("fatesmith-library.zip"))
        if path is None:
            return None
        self.settings.last_folder = str(path.parent)

        def job(library: Library) -> Path:
            library.export_archive(path, campaign_id=campaign_id)
            return path

        self.statusBar().showMessage("Exporting\u2026")
        return self.workers.run_with_library(
            job,
            lambda p: self.statusBar().showMessage(f"Exported the archive to {p}", 5000),
            self._on_job_failed,
        )

    def _suggest(self, name: str) -> str:
        safe = "".join(ch if ch not in '/\\:*?"<>|' else "_" for ch in name)
        folder = self.settings.last_folder or str(Path.home())
        return str(Path(folder) / safe)

    # == printing ==================================================================================

    def _characters_to_print(self) -> list[CharacterBase]:
        tab = self.current_tab()
        if tab is not None:
            return [tab.document.character]
        out = []
        for character_id in self.page.selected_ids():
            try:
                out.append(self.library.get_character(character_id).character)
            except FatesmithError as exc:
                self._error("Cannot print", str(exc))
                return []
        return out

    def print_current(self) -> Any:
        """Preview the sheets of the current (or selected) characters and save them as PDF."""
        from gui.dialogs.print_preview import PrintPreviewDialog

        characters = self._characters_to_print()
        if not characters:
            return None
        return PrintPreviewDialog.ask(self, characters, self.registry, self.settings)

    def export_selected_pdf(self) -> Any:
        """Save the sheets of the selected characters in one PDF, in a worker."""
        from gui.dialogs.files import FileDialogs
        from gui.dialogs.print_preview import render_characters_pdf

        ids = self.page.selected_ids()
        if not ids:
            return None
        name = "character-sheets.pdf"
        if len(ids) == 1:
            summary = self.page.model.object_by_id(ids[0])
            name = f"{(summary.name if summary else '') or 'character'}.pdf"
        path = FileDialogs.save_pdf(self, self._suggest(name))
        if path is None:
            return None
        self.settings.last_folder = str(path.parent)
        registry, paper = self.registry, self.settings.paper

        def job(library: Library) -> Path:
            characters = [library.get_character(i).character for i in ids]
            render_characters_pdf(characters, registry, path, paper=paper)
            return path

        self.statusBar().showMessage("Rendering the sheets\u2026")
        return self.workers.run_with_library(
            job,
            lambda p: self.statusBar().showMessage(f"Saved {len(ids)} sheet(s) to {p}", 6000),
            self._on_job_failed,
        )

    # == campaigns =================================================================================

    def new_campaign(self) -> Any:
        """Create a campaign in the campaign dialog."""
        from gui.dialogs.campaign import CampaignDialog

        if self.library.read_only:
            return None
        result = CampaignDialog.ask(self, None)
        if result is not None:
            self.refresh_library()
        return result

    def _edit_current_campaign(self) -> Any:
        campaign_id = self.page.current_campaign_id()
        return self.edit_campaign(campaign_id) if campaign_id is not None else None

    def edit_campaign(self, campaign_id: uuid.UUID) -> Any:
        """Edit a campaign: name, notes, members and the guest-star deal."""
        from gui.dialogs.campaign import CampaignDialog

        result = CampaignDialog.ask(self, campaign_id)
        if result is not None:
            self.refresh_library()
        return result

    # == encounters ================================================================================

    def encounter_window_of(self, encounter_id: uuid.UUID) -> QMainWindow | None:
        """The open window of the encounter ``encounter_id``, if any."""
        for window in self.encounter_windows:
            document = getattr(window, "doc", None)
            if document is not None and document.record_id == encounter_id:
                return window
        return None

    def _campaign_for_new_encounter(self) -> Any:
        campaign = self.page.campaign_filter.currentData()
        if not isinstance(campaign, uuid.UUID):
            return None
        try:
            return self.library.get_campaign(campaign)
        except FatesmithError:
            return None

    def new_encounter(self) -> QMainWindow | None:
        """Set up a new encounter in its own window beside the library.

        It is stored at once (so the list shows it) in the campaign chosen in the filter, with
        that campaign's rule switches; left untouched, it is dropped again when its window
        closes.
        """
        from rules.encounter import Encounter
        from rules.encounter_script import to_payload
        from storage.library import EncounterRecord

        if self.library.read_only:
            return None
        campaign = self._campaign_for_new_encounter()
        if campaign is not None:
            settings = self.registry.get(campaign.system).parse_settings(campaign.settings)
            scene = Encounter(name="New encounter", system=campaign.system, rules=settings)
        else:
            scene = Encounter(name="New encounter")
        record = EncounterRecord(
            name=scene.name,
            campaign_id=campaign.id if campaign is not None else None,
            payload=to_payload(scene, (), scene),
        )
        try:
            self.library.save_encounter(record, expected_version=None)
            stored = self.library.get_encounter(record.id)
        except FatesmithError as exc:
            self._error("Cannot create the encounter", str(exc))
            return None
        self._fresh_encounters.add(stored.id)
        self.refresh_encounters()
        self.page.select_encounter_ids([stored.id])
        return self._show_encounter(stored)

    def open_selected_encounters(self) -> list[QMainWindow]:
        """Open every selected encounter (a template starts a fresh run)."""
        windows = []
        for encounter_id in self.page.selected_encounter_ids():
            window = self.open_encounter(encounter_id)
            if window is not None:
                windows.append(window)
        return windows

    def open_encounter(self, encounter_id: uuid.UUID) -> QMainWindow | None:
        """Open a stored encounter in its window (raised if already open); a template starts a
        fresh run of its own."""
        existing = self.encounter_window_of(encounter_id)
        if existing is not None:
            existing.show()
            existing.raise_()
            existing.activateWindow()
            return existing
        try:
            record = self.library.get_encounter(encounter_id)
        except FatesmithError as exc:
            self._error("Cannot open the encounter", str(exc))
            self.refresh_encounters()
            return None
        return self._show_encounter(record)

    def start_from_template(self, template_id: uuid.UUID | None = None) -> QMainWindow | None:
        """Start a fresh run of a template: the one given, the selected one, or one chosen
        from the list of templates."""
        from gui.dialogs.choose import ChoiceDialog

        if self.library.read_only:
            return None
        if template_id is None:
            selected = [
                i
                for i in self.page.selected_encounter_ids()
                if (item := self.page.encounter_model.object_by_id(i)) is not None
                and item.is_template
            ]
            template_id = selected[0] if len(selected) == 1 else None
        if template_id is None:
            templates = [r for r in self.page.encounter_model.rows() if r.is_template]
            if not templates:
                self._error(
                    "No templates yet",
                    "Save a prepared scene as a template first (in an encounter window: "
                    "Encounter \u203a Save as template).",
                )
                return None
            templates.sort(key=lambda r: r.name.casefold())
            labels = [
                (f"{t.name} \u2014 {t.campaign_name}" if t.campaign_name else t.name, t.id)
                for t in templates
            ]
            template_id = ChoiceDialog.ask(self, "Start from template", "Template:", labels)
            if template_id is None:
                return None
        try:
            record = self.library.get_encounter(template_id)
        except FatesmithError as exc:
            self._error("Cannot start the template", str(exc))
            return None
        return self._show_encounter(record)

    def _show_encounter(self, record: Any) -> QMainWindow | None:
        from gui.encounter import open_encounter_window

        try:
            window = open_encounter_window(self.library, record, self.registry)
        except FatesmithError as exc:
            self._error("Cannot open the encounter", str(exc))
            return None
        document = getattr(window, "doc", None)
        if document is not None:
            document.saved.connect(lambda _version: self._encounter_refresh.start())
        window.installEventFilter(self)
        self._place_beside(window)
        self.encounter_windows.append(window)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def _place_beside(self, window: QMainWindow) -> None:
        """Put an encounter window to the right of the library, or cascade over it."""
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        frame = self.frameGeometry()
        beside = QPoint(frame.right() + 1, frame.top())
        if screen is not None and beside.x() + window.width() <= screen.right():
            window.move(beside)
            return
        step = 32 * (len(self.encounter_windows) + 1)
        window.move(frame.topLeft() + QPoint(step, step))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice an encounter window closing (forget it, drop it if it was never used)."""
        if event.type() == QEvent.Type.Close and watched in self.encounter_windows:
            QTimer.singleShot(0, self, lambda w=watched: self._on_encounter_closed(w))
        return super().eventFilter(watched, event)

    def _on_encounter_closed(self, window: Any) -> None:
        if window.isVisible() or window not in self.encounter_windows:
            return  # the close was refused
        self.encounter_windows.remove(window)
        document = getattr(window, "doc", None)
        if document is not None and document.record_id in self._fresh_encounters:
            self._fresh_encounters.discard(document.record_id)
            if not document.log and not document.state.participants:
                with contextlib.suppress(FatesmithError):
                    self.library.delete_encounter(document.record_id)
        # Results may have been written back to the characters.
        self.refresh_library()

    def delete_selected_encounters(self) -> int:
        """Delete the selected encounters and templates after confirmation; returns how many."""
        from gui.dialogs.confirm import ConfirmDeleteDialog
        from storage.library import NotFoundError

        ids = self.page.selected_encounter_ids()
        if not ids or self.library.read_only:
            return 0
        names = []
        for encounter_id in ids:
            item = self.page.encounter_model.object_by_id(encounter_id)
            names.append((item.name if item is not None else "") or "(unnamed)")
        open_windows = [w for w in (self.encounter_window_of(i) for i in ids) if w is not None]
        if not ConfirmDeleteDialog.ask(self, names, open_count=len(open_windows), kind="encounter"):
            return 0
        for window in open_windows:
            if window in self.encounter_windows:
                self.encounter_windows.remove(window)
            window.close()
        deleted = 0
        for encounter_id in ids:
            try:
                self.library.delete_encounter(encounter_id)
            except NotFoundError:
                pass
            except FatesmithError as exc:
                self._error("Cannot delete", str(exc))
                break
            self._fresh_encounters.discard(encounter_id)
            deleted += 1
        self.refresh_encounters()
        self.statusBar().showMessage(f"Deleted {deleted} encounter(s)", 4000)
        return deleted

    def _encounter_menu(self, pos: Any) -> None:
        menu = QMenu(self)
        for action in (self.act_open_encounter, self.act_new_encounter, self.act_start_template,
                       None, self.act_delete_encounter):  # fmt: skip
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.popup(self.page.encounter_view.viewport().mapToGlobal(pos))

    def changeEvent(self, event: QEvent) -> None:
        """Back in the library window: show what other windows did to the encounters."""
        super().changeEvent(event)
        activated = event.type() == QEvent.Type.ActivationChange and self.isActiveWindow()
        if activated and self.encounter_windows:
            self._encounter_refresh.start()

    # == misc ======================================================================================

    def show_about(self) -> None:
        """The About box with the licence notices."""
        from gui.dialogs.about import AboutDialog

        AboutDialog.ask(self, self.version)

    def edit_preferences(self) -> None:
        """Edit preferences and apply them at once."""
        from gui.dialogs.preferences import PreferencesDialog
        from gui.theme import apply_theme

        if not PreferencesDialog.ask(self, self.settings):
            return
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.settings.theme)
        if self.autosaver is not None:
            self.autosaver.set_interval(self.settings.autosave_seconds)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        items = self.settings.recent()
        if not items:
            none = self.recent_menu.addAction("No recent characters")
            none.setEnabled(False)
            return
        for item in items:
            action = self.recent_menu.addAction(item.name or "(unnamed)")
            action.triggered.connect(lambda _checked=False, i=item.id: self._open_recent(i))
        self.recent_menu.addSeparator()
        self.recent_menu.addAction("Clear Menu", self.settings.clear_recent)

    def _open_recent(self, item_id: str) -> None:
        try:
            character_id = uuid.UUID(item_id)
        except ValueError:
            self.settings.remove_recent(item_id)
            return
        self.open_character(character_id)

    def _error(self, title: str, message: str) -> None:
        from gui.dialogs.confirm import ErrorDialog

        ErrorDialog.ask(self, title, message)

    # -- drag and drop --------------------------------------------------------------------------

    @staticmethod
    def _dropped_paths(event: QDragEnterEvent | QDropEvent) -> list[Path]:
        mime = event.mimeData()
        if not mime.hasUrls():
            return []
        out = []
        for url in mime.urls():
            if url.isLocalFile():
                path = Path(url.toLocalFile())
                if path.name.lower().endswith(IMPORT_SUFFIXES):
                    out.append(path)
        return out

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept ``.fatesmith.json`` files and archives."""
        if self._dropped_paths(event) and not self.library.read_only:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:
        """Keep accepting while over the window."""
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Import the dropped files."""
        paths = self._dropped_paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        # Let the drop finish before the import starts (the drag source waits for us).
        QTimer.singleShot(0, self, lambda: self.import_paths(paths))
