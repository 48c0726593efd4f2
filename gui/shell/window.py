"""GUI layer: the main window, which wires the library page, the document tabs and the
controllers together.

The first tab is the library (characters, campaigns and encounters, searchable and filterable);
every other tab holds a document (a character now) with its own undo stack, which the window's
``QUndoGroup`` follows. The work is done by the controllers in :mod:`gui.shell`: the listing
(:class:`LibraryController`), the character tabs (:class:`CharacterDocuments`), import, export
and printing (:class:`Transfer`) and the encounter windows (:class:`EncounterWindows`); this
class builds them, connects their signals and keeps the window's own state (title, actions,
geometry, start-up).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QUndoGroup
from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget, QWidget

from gui.drafts import Autosaver, DraftStore
from gui.plugins import SystemUis
from gui.settings import Settings
from gui.shell.actions import ShellActions, connect, popup
from gui.shell.characters import CharacterDocuments, EditorFactory
from gui.shell.encounters import EncounterWindows
from gui.shell.library_controller import LibraryController
from gui.shell.library_page import LibraryPage
from gui.shell.library_watch import LibraryWatch
from gui.shell.tabs import DocumentTabs
from gui.shell.transfer import IMPORT_SUFFIXES, Transfer
from gui.theme import apply_scale, ui_scale
from gui.workers import Workers
from gui.workspace import Workspace

if TYPE_CHECKING:
    from gui.dialogs.campaign import CampaignContext
    from storage.library import Library

ENCOUNTER_SPLITTER_KEY = "window/encounter_splitter"


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
        editor_factory: Builds a document's editor widget (default: the system's creation flow).
        uis: The systems' UIs (default: found from the registration list).
        version: The program version, for the About box.

    Attributes:
        page: The library page.
        tabs: The tab widget (the library first, then the documents).
        act: Every action (:class:`gui.shell.actions.ShellActions`).
        documents: The document tabs and the undo group.
        characters: Opening, starting and saving characters.
        listing: The library listing and the operations on its selection.
        transfer: Import, export, printing.
        encounters: The encounter windows.
        workspace: What the systems' UIs may read.
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
        uis: SystemUis | None = None,
        version: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.registry = registry
        self.settings = settings
        self.version = version
        self.uis = uis or SystemUis(registry)
        self.workers = Workers(lambda: self.library, parent=self)
        self.undo_group = QUndoGroup(self)
        self.setAcceptDrops(True)
        app = QApplication.instance()
        if isinstance(app, QApplication) and settings.ui_scale != ui_scale():
            apply_scale(app, settings.ui_scale)  # the kept UI scale, before any widget
        self.setUnifiedTitleAndToolBarOnMac(True)

        self.page = LibraryPage()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.addTab(self.page, "Library")
        self.setCentralWidget(self.tabs)
        self.documents = DocumentTabs(self.tabs, self.undo_group, self)
        self.act = ShellActions(self, self.undo_group)
        self.act.build_menus(self)
        self.toolbar = self.act.build_toolbar(self)
        self.statusBar()

        current_library = self._current_library
        self.workspace = Workspace(
            library=current_library,
            rows=self.page.model.rows,
            open_document=self._open_document_of,
            workers=self.workers,
            ready=self.library_is_ready,
            parent=self,
        )
        self.characters = CharacterDocuments(
            tabs=self.documents,
            library=current_library,
            registry=registry,
            uis=self.uis,
            workspace=self.workspace,
            settings=settings,
            dialog_parent=self,
            editor_factory=editor_factory,
        )
        self.listing = LibraryController(
            page=self.page,
            library=current_library,
            registry=registry,
            workers=self.workers,
            settings=settings,
            characters=self.characters,
            workspace=self.workspace,
            ready=self.library_is_ready,
            dialog_parent=self,
        )
        self.transfer = Transfer(
            page=self.page,
            library=current_library,
            registry=registry,
            workers=self.workers,
            settings=settings,
            characters=self.characters,
            dialog_parent=self,
        )
        self.encounters = EncounterWindows(
            page=self.page,
            library=current_library,
            registry=registry,
            window=self,
            settings=settings,
        )
        self._wire()

        self.autosaver: Autosaver | None = None
        if drafts is not None:
            self.autosaver = Autosaver(
                drafts, self.characters.documents, settings.autosave_seconds, parent=self
            )
            self.autosaver.start()
        self.characters.autosaver = self.autosaver

        self._first_paint: _FirstPaint | None = None
        self._first_paint_callbacks: list[Callable[[], Any]] = []
        self._restore_window_state()
        self._show_read_only()
        self.listing.refresh_library()
        self.documents.update_titles()
        self.watch = LibraryWatch(
            library=self._current_library,
            ready=self.library_is_ready,
            workers=self.workers,
            parent=self,
        )
        self.watch.changed.connect(self.follow_other_processes)
        self.watch.start()

    # == wiring ====================================================================================

    def _current_library(self) -> Any:
        return self.library

    def _open_document_of(self, character_id: uuid.UUID) -> Any:
        tab = self.characters.tab_of(character_id)
        return tab.document if tab is not None else None

    def _wire(self) -> None:
        act, page = self.act, self.page
        listing, characters, transfer = self.listing, self.characters, self.transfer
        encounters, documents = self.encounters, self.documents
        for action, slot in (
            (act.new, characters.ask_new_character),
            (act.open, listing.open_selected),
            (act.save, characters.save_current),
            (act.close, documents.close_current),
            (act.print, transfer.print_current),
            (act.export_pdfs, transfer.export_selected_pdf),
            (act.import_, transfer.import_files),
            (act.export, transfer.export_selected_file),
            (act.export_archive, transfer.export_archive),
            (act.quit, self.close),
            (act.find, self.focus_search),
            (act.duplicate, listing.duplicate_selected),
            (act.delete, listing.delete_selected),
            (act.edit_tags, listing.edit_tags_of_selected),
            (act.preferences, self.edit_preferences),
            (act.library, documents.show_library),
            (act.new_campaign, self.new_campaign),
            (act.edit_campaign, self._edit_current_campaign),
            (act.new_encounter, encounters.new_encounter),
            (act.open_encounter, encounters.open_selected),
            (act.start_template, encounters.start_from_template),
            (act.delete_encounter, encounters.delete_selected),
            (act.about, self.show_about),
            (act.shortcuts, self.show_shortcuts),
            (act.about_qt, QApplication.aboutQt),
            (act.next_tab, documents.next),
            (act.prev_tab, documents.previous),
        ):
            connect(action, slot)
        page.table.addAction(act.delete)
        page.encounter_view.addAction(act.delete_encounter)
        for action in (act.new_encounter, act.start_template, act.open_encounter,
                       act.delete_encounter):  # fmt: skip
            page.add_encounter_button(action)
        act.file_menu.aboutToShow.connect(self.new_character_actions)
        act.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        act.rules_data_menu.aboutToShow.connect(self.fill_rules_data_menu)

        page.open_requested.connect(characters.open_character)
        page.campaign_requested.connect(self.edit_campaign)
        page.encounter_requested.connect(encounters.open_encounter)
        page.new_campaign_button.clicked.connect(self.new_campaign)
        page.edit_campaign_button.clicked.connect(self._edit_current_campaign)
        page.table.selectionModel().selectionChanged.connect(self._update_actions)
        # A search that hides the selected rows drops them from the selection without a
        # selectionChanged signal (Qt's rule for removed rows): follow the filtered model too.
        for proxy in (page.proxy, page.encounter_proxy):
            for signal in (proxy.rowsRemoved, proxy.rowsInserted, proxy.modelReset,
                           proxy.layoutChanged):  # fmt: skip
                signal.connect(self._update_actions)
        page.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        page.table.customContextMenuRequested.connect(
            lambda pos: popup(act.library_menu(self), page.table, pos)
        )
        page.campaign_view.selectionModel().currentChanged.connect(self._update_actions)
        page.encounter_view.selectionModel().selectionChanged.connect(self._update_actions)
        page.encounter_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        page.encounter_view.customContextMenuRequested.connect(
            lambda pos: popup(act.encounter_menu(self), page.encounter_view, pos)
        )

        documents.title_changed.connect(self._show_title)
        documents.current_changed.connect(self._update_actions)
        documents.documents_changed.connect(self.documents_changed)
        characters.saved.connect(listing.after_save)
        characters.reload_requested.connect(listing.refresh_library)
        transfer.imported.connect(lambda _report: listing.refresh_library())
        encounters.encounters_changed.connect(listing.refresh_encounters)
        encounters.library_changed.connect(listing.refresh_library)
        encounters.characters_written.connect(characters.follow_library)
        listing.selection_changed.connect(self._update_actions)
        for controller in (characters, listing, transfer, encounters):
            controller.status.connect(self._show_status)

    def follow_other_processes(self) -> None:
        """Another process (the command line, a second app) changed the library: reload the
        listing and the encounter list, and show the stored version in every open character
        tab without unsaved edits (a tab with edits keeps them; saving it then asks)."""
        self.listing.refresh_library()
        self.encounters.refresh_soon()
        clean = []
        for document in self.characters.documents():
            tab = self.characters.tab_of(document.character.id)
            if tab is not None and document.version is not None and not tab.is_modified():
                clean.append(document.character.id)
        self.characters.follow_library(clean)
        self.statusBar().showMessage(
            "The library was changed by another program: the lists show its changes", 6000
        )

    def _show_status(self, message: str, timeout: int) -> None:
        if message:
            self.statusBar().showMessage(message, timeout)
        else:
            self.statusBar().clearMessage()

    def _show_title(self, title: str, modified: bool) -> None:
        self.setWindowTitle(title)
        self.setWindowModified(modified)

    def new_character_actions(self) -> list[Any]:
        """File > New's other ways to start a character, one per system and kind after the
        first (File > New itself); made when the File menu first opens (the systems load
        then, not at start-up)."""
        if self.act.new_kinds:
            return self.act.new_kinds
        actions = []
        for i, (system_id, kind, label, tip) in enumerate(self.characters.new_kinds()):
            if i == 0:
                continue  # File > New (Ctrl+N)
            action = self.act.make_new_kind(label, tip)
            connect(action, self._starter(system_id, kind))
            actions.append(action)
        self.act.set_new_kinds(actions)
        self._update_actions()
        return actions

    def _starter(self, system_id: str, kind: str) -> Callable[[], Any]:
        return lambda: self.characters.new_character(system_id, kind)

    def fill_rules_data_menu(self) -> None:
        """Library > Rules Data: one entry per data editor of every system with a GUI."""
        menu = self.act.rules_data_menu
        menu.clear()
        for ui in self.uis.available():
            for editor in ui.data_editors():
                action = menu.addAction(f"{ui.system.info.name}: {editor.title}")
                action.setToolTip(f"Correct the {editor.title} of {ui.system.info.name}")
                connect(action, self._data_opener(ui.system.id, editor))
        if menu.isEmpty():
            menu.addAction("No editable rules data").setEnabled(False)

    def _data_opener(self, system_id: str, editor: Any) -> Callable[[], Any]:
        return lambda: self.open_rules_data(system_id, editor)

    def open_rules_data(self, system_id: str, editor: Any) -> Any:
        """Open (or focus) the tab of ``editor``, a system's data editor; returns the tab."""
        tab = self.documents.find(("system-data", system_id, editor.key))
        if tab is None:
            tab = editor.open_tab(self.workspace)
            self.documents.add(tab)
        else:
            self.documents.show(tab)
        return tab

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
        self.listing.refresh_library()
        self.page.table.verticalScrollBar().setValue(scroll)
        self.page.encounter_view.verticalScrollBar().setValue(encounter_scroll)
        self.statusBar().clearMessage()
        self.library_ready.emit()

    def offer_draft_restore(self) -> int:
        """Offer to restore drafts left by a crash; returns how many were restored."""
        return self.characters.offer_draft_restore()

    # == window state ==============================================================================

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

    def _update_actions(self, *_args: object) -> None:
        act = self.act
        tab = self.documents.current()
        writable = not self.library.read_only
        on_library = tab is None
        selected = len(self.page.selected_ids()) if on_library else 0
        act.save.setEnabled(tab is not None and tab.can_save())
        act.close.setEnabled(tab is not None)
        act.open.setEnabled(on_library and selected > 0)
        act.new.setEnabled(writable)
        for action in act.new_kinds:
            action.setEnabled(writable)
        act.import_.setEnabled(writable)
        act.duplicate.setEnabled(writable and on_library and selected > 0)
        act.delete.setEnabled(writable and on_library and selected > 0)
        act.edit_tags.setEnabled(writable and on_library and selected > 0)
        act.export.setEnabled(self.characters.current_tab() is not None or selected == 1)
        act.print.setEnabled(self.characters.current_tab() is not None or selected > 0)
        act.export_pdfs.setEnabled(on_library and selected > 0)
        act.new_campaign.setEnabled(writable)
        self.page.new_campaign_button.setEnabled(writable)
        encounters = self.page.selected_encounter_ids()
        act.new_encounter.setEnabled(writable)
        act.start_template.setEnabled(writable)
        act.open_encounter.setEnabled(bool(encounters))
        act.delete_encounter.setEnabled(writable and bool(encounters))
        has_campaign = self.page.current_campaign_id() is not None
        act.edit_campaign.setEnabled(has_campaign)
        self.page.edit_campaign_button.setEnabled(has_campaign)

    def focus_search(self) -> None:
        """Show the library and put the cursor in the search field."""
        self.documents.show_library()
        self.page.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.page.search.selectAll()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about every document with unsaved changes; keep window state."""
        if not self.documents.settle_all():
            event.ignore()
            return
        self.documents.remove_all()
        self.encounters.close_all()
        self.watch.stop()
        if self.autosaver is not None:
            self.autosaver.stop()
        self.workers.wait(10_000)
        self._save_window_state()
        event.accept()

    def changeEvent(self, event: QEvent) -> None:
        """Back in the library window: show what other windows did to the encounters."""
        super().changeEvent(event)
        activated = event.type() == QEvent.Type.ActivationChange and self.isActiveWindow()
        if activated and self.encounters.windows:
            self.encounters.refresh_soon()

    # == campaigns =================================================================================

    def campaign_context(self) -> CampaignContext:
        """What the campaign dialog needs from this window."""
        from gui.dialogs.campaign import CampaignContext

        return CampaignContext(self.library, self.uis, self.workspace, self.settings)

    def new_campaign(self) -> Any:
        """Create a campaign in the campaign dialog."""
        from gui.dialogs.campaign import CampaignDialog

        if self.library.read_only:
            return None
        result = CampaignDialog.ask(self, None, self.campaign_context())
        if result is not None:
            self.listing.refresh_library()
        return result

    def _edit_current_campaign(self) -> Any:
        campaign_id = self.page.current_campaign_id()
        return self.edit_campaign(campaign_id) if campaign_id is not None else None

    def edit_campaign(self, campaign_id: uuid.UUID) -> Any:
        """Edit a campaign: name, notes, settings, members and the system's own pages."""
        from gui.dialogs.campaign import CampaignDialog

        result = CampaignDialog.ask(self, campaign_id, self.campaign_context())
        if result is not None:
            self.listing.refresh_library()
        return result

    # == misc ======================================================================================

    def show_about(self) -> None:
        """The About box with the licence notices."""
        from gui.dialogs.about import AboutDialog

        AboutDialog.ask(self, self.version)

    def show_shortcuts(self) -> Any:
        """Help > Keyboard Shortcuts: every key of every window (non-modal)."""
        from gui.dialogs.shortcuts import show_shortcuts

        return show_shortcuts(self)

    def edit_preferences(self) -> None:
        """Edit preferences and apply them at once."""
        from gui.dialogs.preferences import PreferencesDialog
        from gui.theme import apply_theme

        if not PreferencesDialog.ask(self, self.settings):
            return
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.settings.theme)
            apply_scale(app, self.settings.ui_scale)
        if self.autosaver is not None:
            self.autosaver.set_interval(self.settings.autosave_seconds)

    def _fill_recent_menu(self) -> None:
        menu = self.act.recent_menu
        menu.clear()
        items = self.settings.recent()
        if not items:
            none = menu.addAction("No recent characters")
            none.setEnabled(False)
            return
        for item in items:
            action = menu.addAction(item.name or "(unnamed)")
            action.triggered.connect(lambda _checked=False, i=item.id: self._open_recent(i))
        menu.addSeparator()
        menu.addAction("Clear Menu", self.settings.clear_recent)

    def _open_recent(self, item_id: str) -> None:
        try:
            character_id = uuid.UUID(item_id)
        except ValueError:
            self.settings.remove_recent(item_id)
            return
        self.characters.open_character(character_id)

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
        QTimer.singleShot(0, self, lambda: self.transfer.import_paths(paths))
