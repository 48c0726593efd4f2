"""GUI layer: slow library work (imports, exports, PDF rendering) off the UI thread.

A job is a plain function of a :class:`storage.library.Library`; the worker opens its own
library on the same URL (a Library is used from one thread at a time), runs the job on a
``QThreadPool`` thread and reports back through signals, which Qt delivers on the UI thread.
Jobs never touch widgets.
"""

from __future__ import annotations

import logging
import traceback
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


def _job_body(fn: Callable[[], Any], signals: JobSignals) -> Callable[[], None]:
    # A plain callable for QThreadPool.start: PySide6 manages its lifetime, which avoids the
    # crashes seen when a Python QRunnable subclass is auto-deleted by the pool.
    def body() -> None:
        try:
            result = fn()
        except FatesmithError as exc:
            signals.failed.emit(str(exc))
        except Exception as exc:  # a bug: report it in one line, log the traceback
            log.error("background job failed:\n%s", traceback.format_exc())
            signals.failed.emit(f"unexpected error ({type(exc).__name__}: {exc})")
        else:
            signals.finished.emit(result)

    return body


class Workers(QObject):
    """Runs jobs on a thread pool, each with its own Library.

    Args:
        library_url: The URL of the library the UI uses.
        registry: The loaded game systems.
        pool: The thread pool (default: a private one with two threads).
    """

    def __init__(
        self,
        library_url: str,
        registry: Any,
        pool: QThreadPool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._url = library_url
        self._registry = registry
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
        """Run ``job(library)`` on a worker thread with a freshly opened Library."""
        url, registry = self._url, self._registry

        def call() -> Any:
            from storage.library import Library

            library = Library.open(url, registry=registry, samples=False)
            try:
                return job(library)
            finally:
                library.close()

        return self.run(call, on_done, on_error)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until every job is done (for shutdown and tests)."""
        return bool(self._pool.waitForDone(msecs))
