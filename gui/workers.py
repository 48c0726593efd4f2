"""GUI layer: slow library work (imports, exports, PDF rendering) off the UI thread.

A job is a plain function of a :class:`storage.library.Library`: the window's own open library
(a Library is safe to share between threads: every call uses its own session on the process's
one engine for that library), never a second one opened and closed beside it (see
:mod:`storage.db` for why that matters to SQLite's locks). It runs on a ``QThreadPool`` thread
and reports back through signals, which Qt delivers on the UI thread. Jobs never touch widgets.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from rules.errors import FatesmithError

log = logging.getLogger(__name__)

LibraryJob = Callable[[Any], Any]
"""A function taking an open ``Library`` and returning a result for the UI thread."""


class JobSignals(QObject):
    """What a running job reports (emitted from the worker thread, delivered on the UI thread).

    Signals:
        finished(object): the job's result.
        failed(str): one line for the user.
    """

    finished = Signal(object)
    failed = Signal(str)


def _emit(signal: Any, value: object) -> None:
    try:
        signal.emit(value)
    except RuntimeError:  # the receiver went away first (e.g. the app is quitting)
        log.debug("background job finished after its window closed")


def _job_body(fn: Callable[[], Any], signals: JobSignals) -> Callable[[], None]:
    # A plain callable for QThreadPool.start: PySide6 manages its lifetime, which avoids the
    # crashes seen when a Python QRunnable subclass is auto-deleted by the pool.
    def body() -> None:
        try:
            result = fn()
        except FatesmithError as exc:
            _emit(signals.failed, str(exc))
        except Exception as exc:  # a bug: report it in one line, log the traceback
            import traceback

            log.error("background job failed:\n%s", traceback.format_exc())
            _emit(signals.failed, f"unexpected error ({type(exc).__name__}: {exc})")
        else:
            _emit(signals.finished, result)

    return body


class Workers(QObject):
    """Runs jobs on a thread pool (library jobs on the window's library).

    Args:
        library: Returns the library the UI uses now (None: :meth:`run` alone, no library jobs).
        pool: The thread pool (default: a private one with two threads).
    """

    def __init__(
        self,
        library: Callable[[], Any] | None = None,
        pool: QThreadPool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._pool = pool or QThreadPool(self)
        if pool is None:
            self._pool.setMaxThreadCount(2)
        self._active: set[JobSignals] = set()

    @property
    def pool(self) -> QThreadPool:
        """The thread pool."""
        return self._pool

    def busy(self) -> bool:
        """Whether any job is still running."""
        return bool(self._active)

    def run(
        self,
        fn: Callable[[], Any],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> JobSignals:
        """Run ``fn()`` on a worker thread; callbacks run on the UI thread."""
        signals = JobSignals()
        self._active.add(signals)  # keep the signal object alive until delivered

        def finish(_: object = None) -> None:
            self._active.discard(signals)

        if on_done is not None:
            signals.finished.connect(on_done)
        if on_error is not None:
            signals.failed.connect(on_error)
        signals.finished.connect(finish)
        signals.failed.connect(finish)
        self._pool.start(_job_body(fn, signals))
        return signals

    def run_with_library(
        self,
        job: LibraryJob,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> JobSignals:
        """Run ``job(library)`` on a worker thread with the UI's current library (taken now, on
        the UI thread, so a job started before a library switch keeps its library)."""
        if self._library is None:
            raise RuntimeError("these workers were made without a library")
        library = self._library()
        return self.run(lambda: job(library), on_done, on_error)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until every job is done (for shutdown and tests)."""
        return bool(self._pool.waitForDone(msecs))


class DeferredLibrary:
    """Stands in for the library while the real one opens on a worker thread (start-up speed).

    Until :meth:`start`'s job is done, the listing methods answer from a
    :class:`storage.quick_listing.QuickListing` read with ``sqlite3`` alone; anything else waits
    for the real :class:`storage.library.Library` (opening it on the spot if the job has not
    started), so an early click is slower, never wrong.

    Args:
        url: The library URL.
        listing: The quick listing to show meanwhile.
        opener: Opens the real library (run on a worker thread by :meth:`start`).
    """

    deferred = True

    def __init__(self, url: str, listing: Any, opener: Callable[[], Any]) -> None:
        self.url = url
        self.listing = listing
        self.read_only = False  # a read-only library never takes this path (newer schema)
        self.read_only_reason = ""
        self.backup = None
        self._opener = opener
        self._library: Any = None
        self._error: BaseException | None = None
        self._started = False
        self._done = threading.Event()

    @property
    def ready(self) -> bool:
        """Whether the real library is open."""
        return self._library is not None

    def start(
        self,
        workers: Workers,
        on_ready: Callable[[Any], None],
        on_error: Callable[[str], None],
    ) -> None:
        """Open the real library on a worker thread; ``on_ready(library)`` or
        ``on_error(message)`` then runs on the UI thread."""
        if self._started:
            if self._library is not None:
                on_ready(self._library)
            return
        self._started = True

        def job() -> Any:
            try:
                self._library = self._opener()
            except BaseException as exc:
                self._error = exc
                raise
            finally:
                self._done.set()
            return self._library

        workers.run(job, on_ready, on_error)

    def loaded(self) -> Any:
        """The real library (waiting for the worker, or opening it now when not started).

        Raises:
            FatesmithError: the library cannot be opened.
        """
        if self._library is not None:
            return self._library
        if not self._started:
            self._started = True
            try:
                self._library = self._opener()
            finally:
                self._done.set()
            return self._library
        self._done.wait()
        if self._library is None:
            if isinstance(self._error, FatesmithError):
                raise self._error
            raise FatesmithError(f"the library could not be opened: {self._error}")
        return self._library

    # -- the listing, from the quick rows until the real library is open --------------------------

    def list_characters(self, query: Any = None) -> Any:
        """The character listing (all of it from the quick rows; a search asks the library)."""
        if self._library is None and query is None:
            return list(self.listing.characters)
        return self.loaded().list_characters(query)

    def list_campaigns(self) -> Any:
        """The campaign listing."""
        if self._library is None:
            return list(self.listing.campaigns)
        return self._library.list_campaigns()

    def all_tags(self) -> list[str]:
        """Every tag in use."""
        if self._library is None:
            return list(self.listing.tags)
        return list(self._library.all_tags())

    def list_encounters(self, campaign_id: Any = None) -> Any:
        """The encounter listing."""
        if self._library is None and campaign_id is None:
            return list(self.listing.encounters)
        return self.loaded().list_encounters(campaign_id)

    def close(self) -> None:
        """Close the real library if it was opened (waiting for the worker first)."""
        if self._started:
            self._done.wait()
        if self._library is not None:
            self._library.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loaded(), name)
