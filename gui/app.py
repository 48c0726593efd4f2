"""GUI layer: the desktop app's composition root: QApplication, theme, library, main window.

``fatesmith`` with no command calls :func:`run`. Start-up is kept short
(benchmarks/bench_gui.py): for an existing SQLite library the window is built and painted from
a listing read with the standard ``sqlite3`` module alone (:mod:`storage.quick_listing`), before
pydantic, SQLAlchemy or the system catalogues are imported; after the first paint the real
library opens on a worker thread and its listing is swapped in (the user's selection, search
and filters kept). A new library, another database, or anything the quick reader declines
takes the normal path: the library is opened (created with samples, migrated) first.
"""

from __future__ import annotations

# Start-up (benchmarks/bench_gui.py): nothing here imports PySide6 at module level (the
# listing is read before Qt loads). PySide6 installs an import hook that reads the source of
# every module imported after it (looking for its ``__feature__`` switches), so the
# pure-Python modules the first window needs are imported here, before it.
import contextlib  # noqa: F401
import datetime  # noqa: F401
import gc
import json  # noqa: F401
import logging  # noqa: F401
import sqlite3  # noqa: F401
import sys
import uuid  # noqa: F401
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gui.version  # noqa: F401
import rules.errors
import storage.quick_listing

if TYPE_CHECKING:
    import argparse

    from PySide6.QtWidgets import QApplication

APP_NAME = "Fatesmith"
ORGANIZATION = "Fatesmith"
READ_HERE: Any = object()


def drafts_folder() -> Path:
    """Where autosaved drafts live (in the user's data folder)."""
    from storage.paths import data_dir

    return data_dir() / "drafts"


class LazyRegistry:
    """The game-system registry, loaded on first use.

    Parsing the bundled catalogues (266 stunts, 70 packages) takes a noticeable part of a
    second; the library window does not need them until a character is opened or saved.
    """

    def __init__(self) -> None:
        self._registry: Any = None

    def loaded(self) -> Any:
        """The real registry (loading it now if needed)."""
        if self._registry is None:
            from storage.systems_catalog import default_registry

            self._registry = default_registry()
        return self._registry

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loaded(), name)

    def __iter__(self) -> Any:
        return iter(self.loaded())


def make_application(argv: list[str] | None = None) -> QApplication:
    """The process's QApplication (created once), named for QSettings and the desktop."""
    from PySide6.QtWidgets import QApplication

    from gui.theme import FRESH_FUSION, FUSION

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        # The style on the command line: setStyle would hand Python the QStyle (see gui.theme).
        args = list(argv if argv is not None else sys.argv[:1])
        app = QApplication([*args, "-style", FUSION])
        app.setProperty(FRESH_FUSION, True)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("io.github.fatesmith.Fatesmith")  # packaging/*.desktop, metainfo
    return app


def build_window(library_url: str, *, settings: Any = None, drafts_dir: Path | None = None,
                 samples: bool = True) -> Any:  # fmt: skip
    """Open the library and build the main window (not shown): the normal, synchronous path.

    Raises:
        LibraryError: the library cannot be opened.
    """
    from storage.library import Library

    registry: Any = LazyRegistry()  # duck-types SystemRegistry
    library = Library.open(library_url, registry=registry, samples=samples)
    return _main_window(library, registry, settings, drafts_dir)


def _main_window(library: Any, registry: Any, settings: Any, drafts_dir: Path | None) -> Any:
    from gui.drafts import DraftStore
    from gui.settings import Settings
    from gui.shell import MainWindow
    from gui.version import VERSION

    settings = settings if settings is not None else Settings()
    store = DraftStore(drafts_dir or drafts_folder(), library.url, registry)
    return MainWindow(library, registry, settings, store, version=VERSION)


def build_window_fast(library_url: str, *, settings: Any = None, drafts_dir: Path | None = None,
                      samples: bool = True, listing: Any = READ_HERE) -> Any:  # fmt: skip
    """The main window (not shown) listing the library from the quick ``sqlite3`` reader, with
    the real library still to open (:meth:`MainWindow.open_library_in_background`); falls back
    to :func:`build_window` whenever the quick reader declines.

    Args:
        listing: The quick listing if already read (None: the reader declined).

    Raises:
        LibraryError: the library cannot be opened (fallback path only).
    """
    if listing is READ_HERE:
        listing = storage.quick_listing.read_listing(library_url)
    if listing is None:
        return build_window(library_url, settings=settings, drafts_dir=drafts_dir, samples=samples)
    from gui.workers import DeferredLibrary

    registry: Any = LazyRegistry()

    def open_library() -> Any:
        from storage.library import Library

        return Library.open(library_url, registry=registry, samples=samples)

    library = DeferredLibrary(library_url, listing, open_library)
    return _main_window(library, registry, settings, drafts_dir)


def show_window(window: Any, *, on_failure: Any = None) -> None:
    """Show the main window; once its listing is painted, open the real library in the
    background (fast path) and then offer the drafts left by a crash."""
    window.show()
    if getattr(window.library, "deferred", False):
        window.library_ready.connect(window.offer_draft_restore)
        window.after_first_paint(lambda: window.open_library_in_background(on_failure))
    else:
        window.after_first_paint(window.offer_draft_restore)


def launch(
    library_url: str,
    *,
    settings: Any = None,
    settings_file: Path | None = None,
    drafts_dir: Path | None = None,
    on_failure: Callable[[str], None] | None = None,
) -> Any:
    """Start the app up to the shown main window (what :func:`run` does before the event loop;
    the start-up benchmark times exactly this).

    Args:
        library_url: The library to open.
        settings: Preferences (default: the user's).
        settings_file: Keep the preferences in this INI file instead (tests, benchmarks).
        drafts_dir: The autosave folder (default: in the user's data folder).
        on_failure: Called with the message if the real library fails to open in the
            background (fast path).

    Raises:
        FatesmithError: the library cannot be opened (normal path).
    """
    # Start-up makes a few hundred thousand objects (PySide6's enums, the modules, the listing)
    # and frees almost none of them: the cyclic collector would walk them again and again before
    # the first paint (about 2% of the start-up). It rests until the listing is on screen.
    collecting = gc.isenabled()
    gc.disable()
    try:
        window = _start(library_url, settings, settings_file, drafts_dir, on_failure)
    except BaseException:
        if collecting:
            gc.enable()
        raise
    if collecting:
        window.after_first_paint(_collect_from_now_on)
    return window


def _collect_from_now_on() -> None:
    """The app's collector policy, set once when the first listing is on screen: what start-up
    made lives as long as the app (modules, Qt's enums, the catalogues), so it is moved out of
    the collector's way (``gc.freeze``), and later passes, such as those a 10,000-row listing
    sets off, walk only what was made since. The library itself never switches the collector."""
    gc.freeze()
    gc.enable()


def _start(
    library_url: str,
    settings: Any,
    settings_file: Path | None,
    drafts_dir: Path | None,
    on_failure: Callable[[str], None] | None,
) -> Any:
    """What :func:`launch` does, with the cyclic collector paused around it."""
    # Read before Qt is imported. (Not on a thread beside it: sqlite3 hands the interpreter lock
    # back and forth at every row, and both sides then crawl.)
    listing = storage.quick_listing.read_listing(library_url)
    from gui.settings import Settings
    from gui.theme import app_icon, apply_theme

    app = make_application()
    if settings is None and settings_file is not None:
        from PySide6.QtCore import QSettings

        settings = Settings(QSettings(str(settings_file), QSettings.Format.IniFormat))
    settings = settings if settings is not None else Settings()
    apply_theme(app, settings.theme)

    def follow_system(*_: object) -> None:
        if settings.theme == "system":
            apply_theme(app, "system")

    app.styleHints().colorSchemeChanged.connect(follow_system)
    window = build_window_fast(
        library_url, settings=settings, drafts_dir=drafts_dir, listing=listing
    )
    show_window(window, on_failure=on_failure)
    # The icon files are read once the listing is on screen (the taskbar shows it a moment later).
    window.after_first_paint(lambda: app.setWindowIcon(app_icon()))
    return window


def missing_library(library_url: str, args: argparse.Namespace | None = None) -> Path | None:
    """The library file the user named (``--library`` or ``FATESMITH_LIBRARY``) when it does
    not exist and ``--create`` was not given: it is created only once the user confirms (the
    default library is created without asking)."""
    from storage.db import parse_url, sqlite_path
    from storage.paths import chosen_library

    if not chosen_library(getattr(args, "library", None)) or getattr(args, "create", False):
        return None
    try:
        path = sqlite_path(parse_url(library_url))
    except rules.errors.FatesmithError:
        return None  # opening reports the bad URL
    return path if path is not None and not path.exists() else None


def confirm_create(path: Path) -> bool:
    """Ask whether to create a new library at ``path`` (tests patch this)."""
    from PySide6.QtWidgets import QMessageBox

    answer = QMessageBox.question(
        None,
        "Create a new library?",
        f"There is no library at\n{path}\n\nCreate a new, empty library there?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes


def run(library_url: str, args: argparse.Namespace | None = None) -> int:
    """Run the desktop app on the library at ``library_url`` until the window closes.

    A library file named by the user that does not exist is created only when the user
    confirms (or passed ``--create``); otherwise the app does not start (exit status 2).
    """
    from rules.errors import FatesmithError

    missing = missing_library(library_url, args)
    if missing is not None:
        make_application()
        if not confirm_create(missing):
            print(f"fatesmith: no library at {missing}; nothing was created", file=sys.stderr)
            return 2

    def cannot_open(message: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        title = "Fatesmith cannot open the library"
        QMessageBox.critical(None, title, f"{library_url}\n\n{message}")

    failed: list[str] = []
    windows: list[Any] = []

    def on_failure(message: str) -> None:
        failed.append(message)
        cannot_open(message)
        for window in windows:
            window.close()

    try:
        window = launch(library_url, on_failure=on_failure)
    except FatesmithError as exc:
        cannot_open(str(exc))
        return 2
    windows.append(window)
    code = make_application().exec()
    window.library.close()
    return 2 if failed else int(code)
