"""GUI layer: the desktop app's composition root: QApplication, theme, library, main window.

``fatesmith`` with no command calls :func:`run`. Start-up is kept short (benchmarks/bench_gui):
the library is opened and listed with one summary query, characters are not loaded or validated
until opened, and dialogs and editors are imported on first use.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

import gui.pyside_fixes  # noqa: F401  - PySide6 6.12.0 Signal.emit refcount bug; import first

APP_NAME = "Fatesmith"
ORGANIZATION = "Fatesmith"


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
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("fatesmith")
    return app


def build_window(library_url: str, *, settings: Any = None, drafts_dir: Path | None = None,
                 samples: bool = True) -> Any:  # fmt: skip
    """Open the library and build the main window (not shown).

    Raises:
        LibraryError: the library cannot be opened.
    """
    from gui.cli import VERSION
    from gui.drafts import DraftStore
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from storage.library import Library

    registry: Any = LazyRegistry()  # duck-types SystemRegistry
    library = Library.open(library_url, registry=registry, samples=samples)
    settings = settings if settings is not None else Settings()
    store = DraftStore(drafts_dir or drafts_folder(), library.url, registry)
    return MainWindow(library, registry, settings, store, version=VERSION)


def run(library_url: str, args: argparse.Namespace | None = None) -> int:
    """Run the desktop app on the library at ``library_url`` until the window closes."""
    from gui.settings import Settings
    from gui.theme import app_icon, apply_theme
    from rules.errors import FatesmithError

    app = make_application()
    app.setWindowIcon(app_icon())
    settings = Settings()
    apply_theme(app, settings.theme)

    def follow_system(*_: object) -> None:
        if settings.theme == "system":
            apply_theme(app, "system")

    hints = app.styleHints()
    hints.colorSchemeChanged.connect(follow_system)
    try:
        window = build_window(library_url, settings=settings)
    except FatesmithError as exc:
        QMessageBox.critical(None, "Fatesmith cannot open the library", f"{library_url}\n\n{exc}")
        return 2
    window.show()
    # Offer crash drafts once the window is painted.
    QTimer.singleShot(0, window.offer_draft_restore)
    code = app.exec()
    window.library.close()
    return int(code)
