"""GUI layer: noticing changes another process made to the open library.

The command line (``fatesmith library import``…) or a second app may write to the library the
window shows. :class:`LibraryWatch` asks the library every couple of seconds, on a worker
thread, whether anyone else changed it (:meth:`storage.library.Library.changed`: one row read,
a count every write transaction moves), and when so reloads the listing, the encounter list and
the open character tabs without unsaved edits, and says so in the status bar: no restart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

POLL_MS = 2000
"""How often the library is asked whether another process changed it."""


class LibraryWatch(QObject):
    """Asks the window's library, every :data:`POLL_MS`, whether another process changed it.

    Args:
        library: Returns the window's current library.
        ready: Whether the real library is open (nothing is asked before).
        workers: Runs the question off the UI thread (a shared server may be slow to answer).
        parent: The owning window.

    Signals:
        changed(): another process changed the library since the last look.
    """

    changed = Signal()

    def __init__(
        self,
        *,
        library: Callable[[], Any],
        ready: Callable[[], bool],
        workers: Any,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._ready = ready
        self._workers = workers
        self._asking = False
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.check)

    def start(self) -> None:
        """Start asking (the first answer only sets the starting point)."""
        self.timer.start()

    def stop(self) -> None:
        """Stop asking (the window is closing)."""
        self.timer.stop()

    def check(self) -> None:
        """Ask now (unless a question is still out); ``changed`` is emitted on a yes."""
        if self._asking or not self._ready():
            return
        library = self._library()
        self._asking = True

        def done(answer: object) -> None:
            self._asking = False
            if answer is True and library is self._library():
                self.changed.emit()

        def failed(_message: str) -> None:
            self._asking = False  # unreadable for now (busy, a server away): ask again later

        self._workers.run(library.changed, done, failed)
