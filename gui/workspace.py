"""GUI layer: what a game system's UI may read from the main window, whatever the system.

The shell hands its :class:`Workspace` to each :class:`gui.system_ui.SystemUi`: the open library,
its character listing, the characters open in tabs (their unsaved state counts), a worker to read
stored documents off the UI thread, and signals telling when stored characters change. A system
keeps its own per-window helpers here (:meth:`Workspace.service`), for instance an index of facts
that only it reads from its characters' documents.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from rules.errors import FatesmithError


class Workspace(QObject):
    """The open library and documents of one main window, for the systems' UIs.

    Args:
        library: Returns the window's current library (it is swapped once at start-up).
        rows: Returns the listing's character summaries (``id``, ``system``, ``name`` ...).
        open_document: The open tab's document of a character id, or None.
        workers: The window's :class:`gui.workers.Workers`.
        ready: Whether the real library is open (False while the start-up listing shows).

    Signals:
        character_stored(object, object): a character was saved; its id and JSON document.
        character_removed(object): a character was deleted; its id.
        listing_reloaded(): the listing was read again (anything may have changed).
    """

    character_stored = Signal(object, object)
    character_removed = Signal(object)
    listing_reloaded = Signal()

    def __init__(
        self,
        *,
        library: Callable[[], Any],
        rows: Callable[[], Sequence[Any]],
        open_document: Callable[[uuid.UUID], Any],
        workers: Any,
        ready: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._rows = rows
        self._open_document = open_document
        self._ready = ready
        self.workers = workers
        self._services: dict[str, Any] = {}

    @property
    def library(self) -> Any:
        """The open library."""
        return self._library()

    def is_ready(self) -> bool:
        """Whether the real library is open (stored documents can be read in the background)."""
        return self._ready()

    def rows(self) -> Sequence[Any]:
        """The listed characters' summaries."""
        return self._rows()

    def open_document(self, character_id: uuid.UUID) -> Any:
        """The document of ``character_id`` if it is open in a tab (with its unsaved state)."""
        return self._open_document(character_id)

    def campaign_members(self, campaign_id: uuid.UUID | None) -> tuple[uuid.UUID, ...] | None:
        """The member ids of a campaign; None outside a campaign or when it cannot be read."""
        if campaign_id is None:
            return None
        try:
            return tuple(self.library.get_campaign(campaign_id).member_ids)
        except FatesmithError:
            return None

    def stored_documents(self, ids: Iterable[uuid.UUID]) -> dict[uuid.UUID, Any]:
        """The stored JSON documents of ``ids`` (unreadable ones left out; {} on failure)."""
        wanted = list(ids)
        if not wanted:
            return {}
        out: dict[uuid.UUID, Any] = {}
        try:
            for character_id, payload in self.library.payloads(wanted):
                try:
                    out[character_id] = json.loads(payload)
                except json.JSONDecodeError:
                    continue
        except FatesmithError:
            return out
        return out

    def run_with_library(self, job: Callable[[Any], Any], done: Callable[[Any], None]) -> Any:
        """Run ``job(library)`` on a worker with a library of its own; ``done(result)`` on the UI
        thread (failures are dropped: the caller keeps answering without the result)."""
        return self.workers.run_with_library(job, done, lambda _message: None)

    def service(self, key: str, make: Callable[[], Any]) -> Any:
        """The window's helper named ``key`` (made by ``make()`` on first use)."""
        if key not in self._services:
            self._services[key] = make()
        return self._services[key]
