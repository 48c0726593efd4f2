"""GUI layer: the encounter windows beside the library: new, open, templates, delete.

:class:`EncounterWindows` asks a new encounter's name, campaign and game system (a campaign
fixes the system; the library's campaign filter is only offered first), stores it at once (so
the list shows it), opens stored encounters in their own windows beside the main window, drops a
new encounter again if it was never used, and asks the listing to refresh as encounters save
themselves.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QTimer, Signal
from PySide6.QtWidgets import QMainWindow, QWidget

from gui.shell.library_page import LibraryPage
from rules.errors import FatesmithError


class EncounterWindows(QObject):
    """The open encounter windows of one main window.

    Args:
        page: The library page (its encounter list and campaign filter).
        library: Returns the window's current library.
        registry: The game systems.
        window: The main window (windows open beside it; parent of messages).
        settings: The main window's preferences (an encounter prints on their paper).

    Signals:
        encounters_changed(): the encounter list should be read again.
        library_changed(): characters may have changed (results written back).
        characters_written(object): an encounter wrote to these library characters (results
            written, undone or redone), with their ids; open tabs follow.
        status(str, int): a status bar message and its timeout.
    """

    encounters_changed = Signal()
    library_changed = Signal()
    characters_written = Signal(object)
    status = Signal(str, int)

    def __init__(
        self,
        *,
        page: LibraryPage,
        library: Callable[[], Any],
        registry: Any,
        window: QMainWindow,
        settings: Any = None,
    ) -> None:
        super().__init__(window)
        self.settings = settings
        self.page = page
        self._library = library
        self.registry = registry
        self._window = window
        self.windows: list[QMainWindow] = []
        self._fresh: set[uuid.UUID] = set()  # made by New, dropped if left untouched
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(300)  # an encounter saves after every change
        self._refresh.timeout.connect(self.encounters_changed)

    @property
    def library(self) -> Any:
        """The window's library."""
        return self._library()

    def _error(self, title: str, message: str) -> None:
        from gui.dialogs.confirm import ErrorDialog

        ErrorDialog.ask(self._window, title, message)

    def refresh_soon(self) -> None:
        """Refresh the encounter list shortly (several saves in a row refresh once)."""
        self._refresh.start()

    def window_of(self, encounter_id: uuid.UUID) -> QMainWindow | None:
        """The open window of the encounter ``encounter_id``, if any."""
        for window in self.windows:
            document = getattr(window, "doc", None)
            if document is not None and document.record_id == encounter_id:
                return window
        return None

    def conflict_systems(self) -> list[tuple[str, str]]:
        """(id, name) of every registered system that runs conflicts, in registration order."""
        out = []
        for system in self.registry or ():
            if system.conflict_rules() is not None:
                out.append((str(system.id), system.info.name))
        return out

    def new_encounter_options(self) -> Any:
        """What "New encounter" offers: the systems that run conflicts, their campaigns, the
        campaign the library is filtered by, the system chosen last and the names taken (a new
        encounter's suggested name is unique in the library)."""
        from gui.dialogs.new_encounter import CampaignOption, NewEncounterOptions

        systems = self.conflict_systems()
        ids = {system_id for system_id, _name in systems}
        campaigns = [
            CampaignOption(c.id, c.name, c.system)
            for c in self.library.list_campaigns()
            if c.system in ids and not c.problem
        ]
        filtered = self.page.campaign_filter.currentData()
        chosen = filtered if any(c.id == filtered for c in campaigns) else None
        last = self.settings.last_system if self.settings is not None else ""
        taken = frozenset(r.name for r in self.library.list_encounters())
        return NewEncounterOptions(systems, campaigns, chosen, last, taken)

    def new_encounter(self) -> QMainWindow | None:
        """Ask for a new encounter's name, campaign and system, then set it up in its own
        window beside the library.

        It is stored at once (so the list shows it), in the chosen campaign with that
        campaign's settings and system, or outside any campaign with the chosen system and the
        book's rules; left untouched, it is dropped again when its window closes.
        """
        from gui.campaigns import campaign_settings
        from gui.dialogs.new_encounter import NewEncounterDialog
        from gui.encounter import new_encounter
        from rules.encounter_script import to_payload
        from storage.library import EncounterRecord

        if self.library.read_only:
            return None
        try:
            options = self.new_encounter_options()
        except FatesmithError as exc:
            self._error("Cannot create the encounter", str(exc))
            return None
        if not options.systems:
            self._error("Cannot create the encounter", "no game system runs conflicts")
            return None
        answer = NewEncounterDialog.ask(self._window, options)
        if answer is None:
            return None
        try:
            if answer.campaign_id is not None:
                campaign = self.library.get_campaign(answer.campaign_id)
                settings = campaign_settings(campaign, self.registry.get(campaign.system))
                scene = new_encounter(
                    self.registry,
                    answer.name,
                    system=campaign.system,
                    settings=settings.model_dump(mode="json"),
                )
            else:
                scene = new_encounter(self.registry, answer.name, system=answer.system)
                if self.settings is not None:
                    self.settings.last_system = answer.system
            record = EncounterRecord(
                name=scene.name,
                campaign_id=answer.campaign_id,
                payload=to_payload(scene, (), scene),
            )
            self.library.save_encounter(record, expected_version=None)
            stored = self.library.get_encounter(record.id)
        except FatesmithError as exc:
            self._error("Cannot create the encounter", str(exc))
            return None
        self._fresh.add(stored.id)
        self.encounters_changed.emit()
        self.page.select_encounter_ids([stored.id])
        return self._show(stored)

    def open_selected(self) -> list[QMainWindow]:
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
        existing = self.window_of(encounter_id)
        if existing is not None:
            existing.show()
            existing.raise_()
            existing.activateWindow()
            return existing
        try:
            record = self.library.get_encounter(encounter_id)
        except FatesmithError as exc:
            self._error("Cannot open the encounter", str(exc))
            self.encounters_changed.emit()
            return None
        return self._show(record)

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
            template_id = ChoiceDialog.ask(self._window, "Start from template", "Template:", labels)
            if template_id is None:
                return None
        try:
            record = self.library.get_encounter(template_id)
        except FatesmithError as exc:
            self._error("Cannot start the template", str(exc))
            return None
        return self._show(record)

    def _show(self, record: Any) -> QMainWindow | None:
        from gui.encounter import open_encounter_window

        try:
            window = open_encounter_window(self.library, record, self.registry)
        except FatesmithError as exc:
            self._error("Cannot open the encounter", str(exc))
            return None
        window.print_settings = self.settings
        document = getattr(window, "doc", None)
        if document is not None:
            document.saved.connect(lambda _version: self._refresh.start())
        written = getattr(window, "characters_written", None)
        if written is not None:
            written.connect(self._on_characters_written)
        window.installEventFilter(self)
        self._place_beside(window)
        self.windows.append(window)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def _on_characters_written(self, ids: Any) -> None:
        self.characters_written.emit(ids)
        self.library_changed.emit()

    def _place_beside(self, window: QMainWindow) -> None:
        """Put an encounter window to the right of the library, or cascade over it."""
        main: QWidget = self._window
        screen = main.screen().availableGeometry() if main.screen() is not None else None
        frame = main.frameGeometry()
        beside = QPoint(frame.right() + 1, frame.top())
        if screen is not None and beside.x() + window.width() <= screen.right():
            window.move(beside)
            return
        step = 32 * (len(self.windows) + 1)
        window.move(frame.topLeft() + QPoint(step, step))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice an encounter window closing (forget it, drop it if it was never used)."""
        if event.type() == QEvent.Type.Close and watched in self.windows:
            QTimer.singleShot(0, self, lambda w=watched: self._on_closed(w))
        return super().eventFilter(watched, event)

    def _on_closed(self, window: Any) -> None:
        if window.isVisible() or window not in self.windows:
            return  # the close was refused
        self.windows.remove(window)
        document = getattr(window, "doc", None)
        if document is not None and document.record_id in self._fresh:
            self._fresh.discard(document.record_id)
            if not document.log and not document.state.participants:
                with contextlib.suppress(FatesmithError):
                    self.library.delete_encounter(document.record_id)
        # Results may have been written back to the characters.
        self.library_changed.emit()

    def delete_selected(self) -> int:
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
        open_windows = [w for w in (self.window_of(i) for i in ids) if w is not None]
        if not ConfirmDeleteDialog.ask(
            self._window, names, open_count=len(open_windows), kind="encounter"
        ):
            return 0
        for window in open_windows:
            if window in self.windows:
                self.windows.remove(window)
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
            self._fresh.discard(encounter_id)
            deleted += 1
        self.encounters_changed.emit()
        self.status.emit(f"Deleted {deleted} encounter(s)", 4000)
        return deleted

    def close_all(self) -> None:
        """Close every encounter window (each saved after every change already)."""
        for window in list(self.windows):
            window.close()
