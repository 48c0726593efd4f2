"""Benchmarks for the desktop app shell.

- Cold start to the library window painted with 1,000 characters, against a bare PySide6
  ``QMainWindow`` shown in the same way; both are fresh Python processes started in this run
  (target 2x).
- One search keystroke in a 10,000-character library, typed letter by letter in the real
  window: the library query, the proxy filter and the repaint (absolute: 50 ms median).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

from benchmarks.bench_library import characters, filled_library
from benchmarks.harness import Result
from storage.library import Library
from storage.systems_catalog import default_registry

STARTS = 5
TYPED = ("s", "sk", "sky", "skyl", "skyla", "skylar", "skylark", "skylar", "skyla", "sky")

BARE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 720)
window.show()
QTimer.singleShot(0, app.quit)
app.exec()
"""

OURS = """
import sys, tempfile
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from gui.app import build_window, make_application
from gui.settings import Settings
app = make_application()
folder = Path(tempfile.mkdtemp(prefix="fatesmith-bench-"))
settings = Settings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
window = build_window(sys.argv[1], settings=settings, drafts_dir=folder / "drafts")
window.resize(1280, 720)
window.show()
QTimer.singleShot(0, app.quit)
app.exec()
assert window.page.model.rowCount() == 1000, window.page.model.rowCount()
"""


@cache
def library_of_1000() -> Path:
    """A SQLite library with 1,000 characters."""
    path = Path(tempfile.mkdtemp(prefix="fatesmith-bench-")) / "library.sqlite3"
    with Library.open(f"sqlite:///{path}", registry=default_registry(), samples=False) as lib:
        lib.import_characters(characters()[:1000])
    return path


def _start(code: str, *args: str) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATESMITH_NO_SAMPLES="1")
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, env=env)
    return time.perf_counter() - begin


def bench_cold_start() -> Result:
    """Process start to the library window shown with 1,000 characters vs a bare QMainWindow."""
    url = f"sqlite:///{library_of_1000()}"
    _start(BARE)  # warm the OS file cache for both
    _start(OURS, url)
    ours, bare = [], []
    for _ in range(STARTS):
        bare.append(_start(BARE))
        ours.append(_start(OURS, url))
    return Result(
        "gui_cold_start_1k",
        statistics.median(ours),
        statistics.median(bare),
        target=2,
        baseline_label="bare PySide6 QMainWindow",
    )


def bench_search_keystroke() -> Result:
    """Median time per typed letter of a search in the window over 10,000 characters."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import build_window, make_application
    from gui.settings import Settings

    app = make_application()
    folder = Path(tempfile.mkdtemp(prefix="fatesmith-bench-"))
    settings = Settings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window = build_window(
        f"sqlite:///{filled_library()}", settings=settings, drafts_dir=folder / "drafts"
    )
    window.resize(1280, 720)
    window.show()
    window.workers.wait()  # the in-memory search index is built on a worker after start
    QApplication.processEvents()
    assert window.search_index is not None and len(window.search_index) == 10_000
    search = window.page.search
    times = []
    for _ in range(3):
        for prefix in TYPED:
            begin = time.perf_counter()
            search.setText(prefix)
            window.page.table.viewport().repaint()
            times.append(time.perf_counter() - begin)
        search.clear()
    assert window.page.proxy.rowCount() == window.page.model.rowCount()
    window.autosaver.stop() if window.autosaver else None
    window.close()
    window.library.close()
    del app
    return Result(
        "gui_search_keystroke_10k",
        statistics.median(times),
        0.05,
        target=1,
        baseline_label="50 ms limit",
    )


BENCHMARKS = [bench_cold_start, bench_search_keystroke]
