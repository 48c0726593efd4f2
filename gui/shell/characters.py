"""GUI layer: opening, starting, saving and restoring characters in the main window's tabs.

:class:`CharacterDocuments` makes a :class:`gui.documents.character_document.CharacterDocument`
with the campaign's settings, asks the character's system UI for its creation flow and derived
panel (:class:`gui.widgets.creation_flow.CreationFlowView`), and puts them in a
:class:`gui.documents.tab.CharacterTab`. Saving is not undoable: a version conflict asks what to
do instead. It tells the library listing what changed through signals.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from gui.documents.tab import CharacterTab
from gui.plugins import SystemUis
from gui.shell.tabs import DocumentTabs
from gui.workspace import Workspace
from rules.errors import FatesmithError

if TYPE_CHECKING:
    from gui.drafts import Autosaver, Draft
    from gui.settings import Settings
    from rules.character import CharacterBase

log = logging.getLogger(__name__)

EditorFactory = Callable[..., QWidget]
"""Builds the editor widget of a document: ``factory(document, ui=..., workspace=...)``."""


def default_editor(document: Any, *, ui: Any, workspace: Workspace | None) -> QWidget:
    """The core's creation flow view over the system's flow and derived panel."""
    from gui.widgets.creation_flow import CreationFlowView

    return CreationFlowView(
        document, ui.creation_flow(document, workspace), ui.derived_panel(document)
    )


class CharacterDocuments(QObject):
    """Character tabs: open, new, save, conflicts, drafts.

    Args:
        tabs: The window's document tabs.
        library: Returns the window's current library.
        registry: The loaded game systems.
        uis: The systems' UIs.
        workspace: What the systems' UIs may read.
        settings: Preferences (recent characters).
        dialog_parent: Parent of questions and error messages.
        editor_factory: Builds a document's editor (default: the system's creation flow).

    Signals:
        saved(object, object): a character was saved from a tab (its id and character).
        reload_requested(): the listing must be read again.
        status(str, int): a status bar message and its timeout.
    """

    saved = Signal(object, object)
    reload_requested = Signal()
    status = Signal(str, int)

    def __init__(
        self,
        *,
        tabs: DocumentTabs,
        library: Callable[[], Any],
        registry: Any,
        uis: SystemUis,
        workspace: Workspace,
        settings: Settings,
        dialog_parent: QWidget,
        editor_factory: EditorFactory | None = None,
    ) -> None:
        super().__init__(dialog_parent)
        self.tabs = tabs
        self._library = library
        self.registry = registry
        self.uis = uis
        self.workspace = workspace
        self.settings = settings
        self._parent = dialog_parent
        self._editor_factory = editor_factory or default_editor
        self.autosaver: Autosaver | None = None

    @property
    def library(self) -> Any:
        """The window's library."""
        return self._library()

    def _error(self, title: str, message: str) -> None:
        from gui.dialogs.confirm import ErrorDialog

        ErrorDialog.ask(self._parent, title, message)

    # -- finding ----------------------------------------------------------------------------------

    def tab_of(self, character_id: uuid.UUID) -> CharacterTab | None:
        """The open tab of ``character_id``, if any."""
        tab: CharacterTab | None = self.tabs.find(("character", character_id))
        return tab

    def documents(self) -> list[Any]:
        """The open character documents, in tab order (what the autosaver writes)."""
        return [t.document for t in self.tabs.tabs() if isinstance(t, CharacterTab)]

    def current_tab(self) -> CharacterTab | None:
        """The current tab if it shows a character."""
        tab = self.tabs.current()
        return tab if isinstance(tab, CharacterTab) else None

    # -- opening ----------------------------------------------------------------------------------

    def open_character(self, character_id: uuid.UUID) -> CharacterTab | None:
        """Open a library character in a tab (or switch to its tab when already open)."""
        from storage.library import NotFoundError

        existing = self.tab_of(character_id)
        if existing is not None:
            self.tabs.show(existing)
            return existing
        try:
            stored = self.library.get_character(character_id)
        except NotFoundError as exc:
            self.settings.remove_recent(str(character_id))
            self._error("Cannot open the character", str(exc))
            self.reload_requested.emit()
            return None
        except FatesmithError as exc:
            self._error("Cannot open the character", str(exc))
            return None
        tab = self.open_document(stored.character, stored.version, stored.campaign_id)
        if tab is not None:
            self.settings.add_recent(str(character_id), tab.document.title())
        return tab

    def new_kinds(self) -> list[tuple[str, str, str, str]]:
        """Every way to start a character: (system id, kind key, menu text, tip).

        With one system the menu texts are the system's own; with several, each names its
        system.
        """
        uis = self.uis.available()
        out = []
        for ui in uis:
            for kind in ui.new_character_kinds():
                label = kind.label
                if len(uis) > 1:
                    label = f"{label.replace('&', '')} ({ui.system.info.name})"
                out.append((ui.system.id, kind.key, label, kind.tip))
        return out

    def ask_new_character(self) -> CharacterTab | None:
        """File > New (Ctrl+N): ask which game system the new character plays (the one chosen
        last time offered first, so Enter takes it), remember the answer, start the
        character. With one system there is nothing to ask."""
        from gui.dialogs.choose import SystemChoiceDialog, SystemOption

        if self.library.read_only:
            return None
        uis = self.uis.available()
        if not uis:
            self._error("Cannot create the character", "no game system has an editor")
            return None
        system_id: str | None = uis[0].system.id
        if len(uis) > 1:
            options = [
                SystemOption(ui.system.id, ui.system.info.name, _book_of(ui.system.info.source))
                for ui in uis
            ]
            system_id = SystemChoiceDialog.ask(
                self._parent,
                "New character",
                "Which game system will the character play?",
                options,
                self.settings.last_system,
            )
        if system_id is None:
            return None
        self.settings.last_system = system_id
        return self.new_character(system_id)

    def new_character(
        self, system_id: str | None = None, kind: str | None = None
    ) -> CharacterTab | None:
        """Start a new, unsaved character in a tab.

        Args:
            system_id: Its game system (None: the first system with a GUI).
            kind: One of the system's ways to start (None: its usual one).
        """
        if self.library.read_only:
            return None
        try:
            if system_id is None:
                available = self.uis.available()
                if not available:
                    self._error("Cannot create the character", "no game system has an editor")
                    return None
                ui = available[0]
            else:
                ui = self.uis.get(system_id)
            kinds = ui.new_character_kinds()
            character = ui.new_character(kind or kinds[0].key)
        except FatesmithError as exc:
            self._error("Cannot create the character", str(exc))
            return None
        return self.open_document(character, None, None)

    def _settings_of(self, campaign_id: uuid.UUID | None, system: Any) -> Any:
        from gui.campaigns import campaign_settings

        if campaign_id is None:
            return None
        try:
            return campaign_settings(self.library.get_campaign(campaign_id), system)
        except FatesmithError:
            return None

    def open_document(
        self,
        character: CharacterBase,
        version: int | None,
        campaign_id: uuid.UUID | None,
    ) -> CharacterTab | None:
        """Show ``character`` in a new tab (its system's editor over a new document)."""
        from gui.documents.character_document import CharacterDocument

        try:
            system = self.registry.get(character.system)
            ui = self.uis.get(character.system)
        except FatesmithError as exc:
            self._error("Cannot edit this character yet", str(exc))
            return None
        document = CharacterDocument(
            character,
            system,
            version=version,
            campaign_id=campaign_id,
            settings=self._settings_of(campaign_id, system),
            parent=self,
        )
        try:
            editor = self._editor_factory(document, ui=ui, workspace=self.workspace)
        except Exception as exc:
            log.exception("could not build the editor")
            self._error("Cannot open the character", f"the editor failed to start: {exc}")
            return None
        tab = CharacterTab(
            document,
            editor,
            save=self.save_document,
            can_save=lambda: not self.library.read_only,
            discard=self._forget_draft,
        )
        self.tabs.add(tab)
        return tab

    def _forget_draft(self, document: Any) -> None:
        if self.autosaver is not None:
            self.autosaver.forget(document.character.id)

    # -- saving -----------------------------------------------------------------------------------

    def save_current(self) -> bool:
        """Save the current tab's document."""
        tab = self.tabs.current()
        return bool(tab.save()) if tab is not None else False

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
        self._forget_draft(document)
        self.settings.add_recent(str(document.character.id), document.title())
        self.saved.emit(document.character.id, document.character)
        self.tabs.update_titles()
        self.status.emit(f"Saved \u201c{document.title()}\u201d", 4000)

    def _resolve_conflict(self, document: Any) -> bool:
        from gui.dialogs.confirm import ConflictDialog
        from storage.library import NotFoundError

        answer = ConflictDialog.ask(self._parent, document.title())
        character_id = document.character.id
        if answer == "cancel":
            return False
        if answer == "reload":
            self._close(character_id)
            self.reload_requested.emit()
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
        self._close(character_id)
        self.reload_requested.emit()
        self.open_character(copy.id)
        return True

    def follow_library(self, ids: Any) -> list[uuid.UUID]:
        """Show what another window just stored for these characters (an encounter's results)
        in their open tabs; returns the ids of the tabs that now show it.

        A tab without unsaved edits takes the stored character as one undoable step ("Changes
        stored elsewhere") and is clean at the stored version. A tab with unsaved edits is left
        as it is (saving it then asks about the conflict, nothing is overwritten unasked).
        """
        from gui.documents.commands import ReplaceCharacterCommand

        followed = []
        for character_id in ids:
            tab = self.tab_of(character_id)
            if tab is None:
                continue
            if tab.is_modified():
                self.status.emit(
                    f"\u201c{tab.title()}\u201d has unsaved edits: its tab does not show the "
                    "change stored from the encounter (saving will ask)",
                    8000,
                )
                continue
            try:
                stored = self.library.get_character(character_id)
            except FatesmithError as exc:
                self.status.emit(f"Cannot show the stored {tab.title()}: {exc}", 8000)
                continue
            document = tab.document
            if stored.version == document.version:
                continue
            document.undo_stack.push(
                ReplaceCharacterCommand(document, stored.character, "Changes stored elsewhere")
            )
            document.mark_saved(stored.version)
            self._forget_draft(document)
            followed.append(character_id)
        if followed:
            self.tabs.update_titles()
        return followed

    def _close(self, character_id: uuid.UUID) -> None:
        tab = self.tab_of(character_id)
        if tab is not None:
            self.tabs.remove(tab, discard=True)

    # -- drafts -----------------------------------------------------------------------------------

    def offer_draft_restore(self) -> int:
        """Offer to restore drafts left by a crash; returns how many were restored."""
        from gui.dialogs.draft_restore import DraftRestoreDialog

        if self.autosaver is None:
            return 0
        store = self.autosaver.store
        drafts = store.pending()
        if not drafts:
            return 0
        chosen = DraftRestoreDialog.ask(self._parent, drafts)
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
        from gui.documents.commands import ReplaceCharacterCommand
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
                tab = self.open_document(stored.character, draft.version, draft.campaign_id)
            else:
                tab = self.open_document(draft.character, None, draft.campaign_id)
                if tab is not None:
                    tab.document.undo_stack.resetClean()
                    self.tabs.update_titles()
                    return True
        if tab is None:
            return False
        tab.document.undo_stack.push(
            ReplaceCharacterCommand(tab.document, draft.character, "Restore autosaved changes")
        )
        self.tabs.update_titles()
        return True


def _book_of(source: str) -> str:
    """The book named in a system's source line, without its licence ("Spirit of the Century
    SRD, Evil Hat Productions")."""
    return source.split(" (", 1)[0].strip()
