"""Benchmarks for the desktop app shell.

- Cold start to the library window painted with 1,000 characters, against a bare PySide6
  ``QMainWindow`` shown in the same way (target 2x). Both are fresh Python processes started in
  this run, interleaved; each reports on stdout the moment its window's first paint is done,
  and the time is from spawning the process to reading that line (process exit is not timed).
  Each side's best of several starts is compared, so a busy machine (other processes on the
  cores) does not decide the ratio; the medians are printed alongside. Both run with bytecode
  caches, as an installed program does (see ``_start``).
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

STARTS = 9
TYPED = ("s", "sk", "sky", "skyl", "skyla", "skylar", "skylark", "skylar", "skyla", "sky")

# Report once the first paint of the watched widget has been handled.
PAINTED = """
from PySide6.QtCore import QEvent, QObject, QTimer

class Painted(QObject):
    def __init__(self, widget, report):
        super().__init__(widget)
        self.report = report
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.report)
        return False
"""

BARE = (
    PAINTED
    + """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 720)
window.show()

def report():
    print("painted", flush=True)
    app.quit()

watch = Painted(window, report)
app.exec()
"""
)

# What the ``fatesmith`` command does (gui.cli, then gui.app's start-up), with preferences and
# drafts in a folder of their own.
OURS = (
    """
import sys, tempfile
from pathlib import Path
import gui.cli
from gui.app import launch, make_application
folder = Path(tempfile.mkdtemp(prefix="fatesmith-bench-"))
window = launch(sys.argv[1], settings_file=folder / "s.ini", drafts_dir=folder / "drafts")
window.resize(1280, 720)
"""
    + PAINTED
    + """

def report():
    print("painted", window.page.model.rowCount(), window.page.table_stack.currentIndex(),
          flush=True)
    make_application().quit()

watch = Painted(window.page.table.viewport(), report)
make_application().exec()
"""
)


@cache
def library_of_1000() -> Path:
    """A SQLite library with 1,000 characters."""
    path = Path(tempfile.mkdtemp(prefix="fatesmith-bench-")) / "library.sqlite3"
    with Library.open(f"sqlite:///{path}", registry=default_registry(), samples=False) as lib:
        lib.import_characters(characters()[:1000])
    return path


@cache
def _bytecode_cache() -> str:
    """A private folder for the children's bytecode caches (written by the warm-up starts)."""
    return tempfile.mkdtemp(prefix="fatesmith-bench-pyc-")


def _start(code: str, *args: str) -> tuple[float, str]:
    """Seconds from spawning ``python -c code`` to its "painted" line, and that line.

    Both sides run as installed programs do, with bytecode caches (pip and PyInstaller ship
    them): the caches go to a private folder, filled by the first, untimed starts, so this
    works even where ``PYTHONDONTWRITEBYTECODE`` is set and leaves the source tree alone.
    """
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        FATESMITH_NO_SAMPLES="1",
        PYTHONPYCACHEPREFIX=_bytecode_cache(),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    begin = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    elapsed = time.perf_counter() - begin
    child.stdout.read()
    if child.wait(timeout=60) != 0 or not line.startswith("painted"):
        raise RuntimeError(f"start-up benchmark child failed ({child.returncode}): {line!r}")
    return elapsed, line.strip()


def bench_cold_start() -> Result:
    """Process start to the library window painted with 1,000 characters vs a bare QMainWindow."""
    url = f"sqlite:///{library_of_1000()}"
    for _ in range(2):  # warm the OS file cache and the bytecode caches of both
        _start(BARE)
        _start(OURS, url)
    ours, bare = [], []
    for i in range(STARTS):
        # Alternate which goes first, so neither always runs right after the other.
        for side in ("bare", "ours") if i % 2 == 0 else ("ours", "bare"):
            if side == "bare":
                bare.append(_start(BARE)[0])
            else:
                seconds, line = _start(OURS, url)
                assert line == "painted 1000 0", line  # every character listed, table shown
                ours.append(seconds)
    return Result(
        "gui_cold_start_1k",
        min(ours),
        min(bare),
        target=2,
        baseline_label=(
            f"bare PySide6 QMainWindow; best of {STARTS} each, medians "
            f"{statistics.median(ours) * 1e3:.0f} ms vs {statistics.median(bare) * 1e3:.0f} ms"
        ),
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
    assert window.listing.search_index is not None and len(window.listing.search_index) == 10_000
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
