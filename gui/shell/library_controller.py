"""GUI layer: the library listing's controller: refresh, search, filters, delete, duplicate,
tags.

:class:`LibraryController` fills the :class:`gui.shell.library_page.LibraryPage`'s models from
the library, keeps the in-memory search index (built on a worker), and runs the library
operations that are not undoable (they ask first). It reports through signals and tells the
systems' UIs, through the :class:`gui.workspace.Workspace`, when stored characters change.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from gui.models.columns import SYSTEM_NAMES
from gui.models.encounter_model import encounter_items
from gui.models.library_model import SearchIndex
from gui.shell.library_page import LibraryPage
from gui.workspace import Workspace
from rules.errors import FatesmithError

if TYPE_CHECKING:
    from gui.settings import Settings
    from gui.shell.characters import CharacterDocuments
    from storage.library import Library


class LibraryController(QObject):
    """The library page's data and the library operations on its selection.

    Args:
        page: The library page.
        library: Returns the window's current library.
        registry: The game systems (only their names are read here).
        workers: The window's worker pool.
        settings: Preferences (recent characters).
        characters: The open character tabs.
        workspace: Told when stored characters change.
        ready: Whether the real library is open.
        dialog_parent: Parent of questions and error messages.

    Signals:
        status(str, int): a status bar message and its timeout.
        selection_changed(): what is listed or selected changed (actions may change).
    """

    status = Signal(str, int)
    selection_changed = Signal()

    def __init__(
        self,
        *,
        page: LibraryPage,
        library: Callable[[], Any],
        registry: Any,
        workers: Any,
        settings: Settings,
        characters: CharacterDocuments,
        workspace: Workspace,
        ready: Callable[[], bool],
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self.page = page
        self._library = library
        self.registry = registry
        self.workers = workers
        self.settings = settings
        self.characters = characters
        self.workspace = workspace
        self._ready = ready
        self._parent = dialog_parent
        self._search_text = ""
        self.search_index: SearchIndex | None = None  # None while (re)building: ask the library
        self._index_request = 0
        page.search_changed.connect(self._on_search_changed)
        page.filters_changed.connect(self.apply_filters)

    @property
    def library(self) -> Any:
        """The window's library."""
        return self._library()

    def _error(self, title: str, message: str) -> None:
        from gui.dialogs.confirm import ErrorDialog

        ErrorDialog.ask(self._parent, title, message)

    # -- listing ----------------------------------------------------------------------------------

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
        systems = sorted({s.system for s in summaries} | set(self._system_ids()))
        self.page.set_filter_choices(
            [(self.system_name(s), s) for s in systems],
            [(c.name or "(unnamed)", c.id) for c in sorted(campaigns, key=lambda c: c.name)],
            tags,
        )
        self._rebuild_search_index(summaries)
        if self._search_text:
            self._run_search(self._search_text)
        self.apply_filters()
        if selected:
            self.page.select_ids(selected)
        self.workspace.listing_reloaded.emit()
        self.refresh_encounters()
        self.selection_changed.emit()

    def _system_ids(self) -> list[str]:
        """The systems offered in the filter even without characters: those with a GUI.

        Read from the registration list without loading any catalogue (start-up speed).
        """
        from gui.plugins import gui_system_ids

        return gui_system_ids()

    def refresh_encounters(self) -> None:
        """Reload the encounter listing (keeping the selection)."""
        selected = self.page.selected_encounter_ids()
        try:
            records = self.library.list_encounters()
        except FatesmithError as exc:
            self.status.emit(f"Cannot list the encounters: {exc}", 6000)
            return
        names = {c.id: c.name for c in self.page.campaign_model.rows()}
        self.page.encounter_model.set_items(encounter_items(records, names))
        self.page.update_encounter_count()
        if selected:
            self.page.select_encounter_ids(selected)
        self.selection_changed.emit()

    def _rebuild_search_index(self, summaries: Sequence[Any]) -> Any:
        """Build the in-memory search index on a worker; until it is ready, search the library."""
        self.search_index = None
        self._index_request += 1
        if not self._ready():
            return None  # built when the real library is attached (start-up speed)
        request = self._index_request

        def job(library: Library) -> SearchIndex:
            # The library's stored search text (one builder, storage.mappers) with the
            # campaign's name: nothing here re-reads a system's payloads.
            return SearchIndex(library.search_texts())

        def done(result: SearchIndex) -> None:
            if request == self._index_request:
                self.search_index = result

        return self.workers.run_with_library(job, done, lambda _message: None)

    def system_name(self, system_id: str) -> str:
        """The display name of a system."""
        return SYSTEM_NAMES.label(system_id)  # without loading every catalogue at start-up

    def after_save(self, character_id: uuid.UUID, character: Any) -> None:
        """A character was saved from its tab: update its row, the index and the systems."""
        from storage.json_io import character_to_document

        try:
            summary = self.library.character_summary(character_id)
        except FatesmithError:
            self.refresh_library()
            return
        self.page.model.upsert(summary)
        document = character_to_document(character)
        if self.search_index is not None:
            for stored_id, blob in self.library.search_texts([character_id]):
                self.search_index.set(stored_id, blob)
        self.workspace.character_stored.emit(character_id, document)
        self.page.update_count(self.page.model.rowCount())

    # -- search and filters -----------------------------------------------------------------------

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
            self.status.emit(f"Search failed: {exc}", 5000)
            return
        self.page.proxy.set_filters(text_ids=frozenset(s.id for s in found))

    def apply_filters(self) -> None:
        """Apply the system, campaign and tag filters (a campaign shows its encounters too)."""
        system, campaign, tag = self.page.filter_values()
        self.page.proxy.set_filters(system=system, campaign=campaign, tag=tag)
        self.page.update_count(self.page.model.rowCount())
        self.page.encounter_proxy.set_filters(campaign=campaign)
        self.page.update_encounter_count()

    # -- operations on the selection --------------------------------------------------------------

    def selected_names(self, ids: Sequence[uuid.UUID]) -> list[str]:
        """The listed names of ``ids`` ("(unnamed)" for blank ones)."""
        names = []
        for character_id in ids:
            summary = self.page.model.object_by_id(character_id)
            names.append((summary.name if summary is not None else "") or "(unnamed)")
        return names

    def open_selected(self) -> None:
        """Open every selected library character."""
        for character_id in self.page.selected_ids():
            self.characters.open_character(character_id)

    def delete_selected(self) -> int:
        """Delete the selected characters after confirmation; returns how many."""
        from gui.dialogs.confirm import ConfirmDeleteDialog
        from storage.library import NotFoundError

        ids = self.page.selected_ids()
        if not ids or self.library.read_only:
            return 0
        tabs = self.characters
        open_tabs = [t for t in (tabs.tab_of(i) for i in ids) if t is not None]
        names = self.selected_names(ids)
        if not ConfirmDeleteDialog.ask(self._parent, names, open_count=len(open_tabs)):
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
            tab = tabs.tab_of(character_id)
            if tab is not None:
                tabs.tabs.remove(tab, discard=True)
            self.settings.remove_recent(str(character_id))
            self.page.model.remove(character_id)
            self.workspace.character_removed.emit(character_id)
        self.refresh_library()
        self.status.emit(f"Deleted {deleted} character(s)", 4000)
        return deleted

    def edit_tags_of_selected(self) -> int:
        """Add or remove tags of the selected characters; returns how many changed.

        A character open in a tab gets the change as an undoable edit of its document (saved
        with it, so the open copy and the library never disagree); the others are saved now.
        """
        from gui.dialogs.tags import EditTagsDialog
        from gui.documents.commands import ReplaceCharacterCommand
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
        change = EditTagsDialog.ask(self._parent, self.selected_names(ids), current, known)
        if change is None:
            return 0
        changed = 0
        pending = 0
        for character_id, tags in zip(ids, current, strict=True):
            tab = self.characters.tab_of(character_id)
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
        self.status.emit(message, 5000)
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
