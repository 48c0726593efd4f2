"""GUI test fixtures for the app shell: a temporary library with samples, isolated QSettings,
a drafts folder, and dialogs that fail loudly unless a test says how to answer them.

The offscreen platform is set in tests/conftest.py; pytest-qt owns the QApplication.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QWidget


class Unexpected(AssertionError):
    """A modal dialog a test did not expect (it would block an offscreen run forever)."""


@pytest.fixture(autouse=True)
def guard_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Make every app-shell dialog fail the test unless the test patches its ``ask``.

    Error messages are recorded instead (returned list of (title, message)).
    """
    from gui.dialogs.about import AboutDialog
    from gui.dialogs.campaign import MemberChangesDialog
    from gui.dialogs.choose import SystemChoiceDialog
    from gui.dialogs.confirm import (
        ConfirmDeleteDialog,
        ConflictDialog,
        ErrorDialog,
        SaveChangesDialog,
    )
    from gui.dialogs.draft_restore import DraftRestoreDialog
    from gui.dialogs.files import FileDialogs
    from gui.dialogs.import_report import ImportReportDialog
    from gui.dialogs.new_encounter import NewEncounterDialog
    from gui.dialogs.preferences import PreferencesDialog

    def unexpected(name: str) -> Callable[..., Any]:
        def fail(*args: Any, **kwargs: Any) -> Any:
            raise Unexpected(f"unexpected dialog: {name}")

        return classmethod(fail)  # type: ignore[return-value]

    for cls in (AboutDialog, ConfirmDeleteDialog, ConflictDialog, SaveChangesDialog,
                DraftRestoreDialog, ImportReportDialog, PreferencesDialog, MemberChangesDialog,
                NewEncounterDialog, SystemChoiceDialog):  # fmt: skip
        monkeypatch.setattr(cls, "ask", unexpected(cls.__name__))
    for name in ("open_import_files", "save_character_file", "save_archive", "save_pdf"):
        monkeypatch.setattr(FileDialogs, name, unexpected(f"FileDialogs.{name}"))
    errors: list[tuple[str, str]] = []

    def record(cls: Any, parent: Any, title: str, message: str) -> None:
        errors.append((title, message))

    monkeypatch.setattr(ErrorDialog, "ask", classmethod(record))
    return errors


SHOTS_DIR = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def screenshot_theme() -> Any:
    """The theme screenshots are taken in: ``FATESMITH_SCREENSHOT_THEME`` (light by default)."""
    return "dark" if os.environ.get("FATESMITH_SCREENSHOT_THEME") == "dark" else "light"


@pytest.fixture(autouse=True)
def screenshot_run(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[None]:
    """A screenshot run (``FATESMITH_SCREENSHOTS`` set; never a normal run) wears the app's own
    theme: light, or dark with ``FATESMITH_SCREENSHOT_THEME=dark``, where every grab written
    to docs/screenshots is named ``<name>-dark.png``, so one run per theme regenerates both
    sets."""
    if not os.environ.get("FATESMITH_SCREENSHOTS"):
        yield
        return
    from PySide6.QtGui import QImage, QPixmap
    from PySide6.QtWidgets import QApplication

    from gui.theme import apply_theme

    def dark_path(path: Any) -> Any:
        p = Path(str(path))
        if p.parent.resolve() == SHOTS_DIR.resolve() and not p.stem.endswith("-dark"):
            return str(p.with_name(f"{p.stem}-dark{p.suffix}"))
        return path

    if screenshot_theme() == "dark":
        for cls in (QPixmap, QImage):
            real = cls.save

            def save(self: Any, path: Any, *args: Any, _real: Any = real, **kwargs: Any) -> bool:
                return bool(_real(self, dark_path(path), *args, **kwargs))

            monkeypatch.setattr(cls, "save", save)
    app = request.getfixturevalue("qapp")  # pytest-qt's application, made if not yet
    assert isinstance(app, QApplication)
    apply_theme(app, screenshot_theme())
    yield
    apply_theme(app, "light")


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    """Preferences in an INI file of their own (never the user's)."""
    from gui.settings import Settings

    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def library_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A new SQLite library file (created with the sample characters on first open)."""
    monkeypatch.delenv("FATESMITH_NO_SAMPLES", raising=False)
    return f"sqlite:///{tmp_path / 'library.sqlite3'}"


@pytest.fixture
def drafts_dir(tmp_path: Path) -> Path:
    """The autosave drafts folder."""
    return tmp_path / "drafts"


def stub_editor(document: Any, *, ui: Any, workspace: Any) -> QWidget:
    """A stand-in editor for tests of the shell alone (the real one is tested end to end)."""
    label = QLabel(document.title())
    label.setObjectName("stubEditor")
    return label


@pytest.fixture
def make_window(
    qtbot: Any, registry: Any, settings: Any, library_url: str, drafts_dir: Path
) -> Iterator[Callable[..., Any]]:
    """Build main windows on the test library; each is closed and its library shut at the end."""
    from gui.drafts import DraftStore
    from gui.shell import MainWindow
    from storage.library import Library

    made: list[Any] = []

    def settle(window: Any) -> None:
        # Unsaved test edits must not trigger the "Save changes?" question at teardown.
        for tab in window.documents.tabs():
            tab.document.undo_stack.setClean()

    def build(*, editor: Any = stub_editor, url: str | None = None, **kwargs: Any) -> Any:
        library = Library.open(url or library_url, registry=registry)
        store = DraftStore(drafts_dir, library.url, registry)
        window = MainWindow(
            library, registry, settings, store, editor_factory=editor, version="test", **kwargs
        )
        qtbot.addWidget(window, before_close_func=settle)
        window.resize(1280, 720)
        made.append(window)
        return window

    yield build
    for window in made:
        if window.autosaver is not None:
            window.autosaver.stop()
        window.workers.wait(10_000)
        window.library.close()
