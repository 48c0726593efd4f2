"""GUI tests: the fast start-up path (gui.app): the window is painted from the sqlite3-only
listing, then the real library opens on a worker and is swapped in without losing the user's
selection, search or filters; anything the quick reader declines takes the normal path."""

from __future__ import annotations

import gc
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from gui.workers import DeferredLibrary
from storage.library import Library
from storage.quick_listing import QuickCharacter

REPO = Path(__file__).resolve().parents[2]
ROSA = '"Kid" Rosa Delgado'
IMOGEN = 'Captain Imogen "Skylark" Vance'


@pytest.fixture
def existing_library(library_url: str, registry: Any) -> str:
    """A library file created (with the samples) before the app starts."""
    Library.open(library_url, registry=registry).close()
    return library_url


@pytest.fixture
def fast_window(qtbot: Any, existing_library: str, settings: Any, drafts_dir: Path) -> Any:
    from gui.app import build_window_fast

    window = build_window_fast(existing_library, settings=settings, drafts_dir=drafts_dir)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    yield window
    window.workers.wait()
    window.library.close()


def id_of(window: Any, name: str) -> uuid.UUID:
    return next(s.id for s in window.page.model.rows() if s.name == name)


def shown(window: Any) -> list[str]:
    proxy = window.page.proxy
    return [str(proxy.index(r, 0).data()) for r in range(proxy.rowCount())]


def test_the_first_listing_comes_from_the_quick_reader(fast_window: Any) -> None:
    window = fast_window
    assert isinstance(window.library, DeferredLibrary) and not window.library_is_ready()
    assert all(isinstance(r, QuickCharacter) for r in window.page.model.rows())
    assert {ROSA, IMOGEN} <= set(shown(window))
    assert window.page.campaign_model.rowCount() == 4  # a sample campaign of every system
    assert window.page.tag_filter.findData("pilot") > 0
    assert window.registry._registry is None  # the catalogues are not loaded either
    assert window.listing.search_index is None and not window.workers.busy()


def test_the_real_library_is_swapped_in_keeping_selection_search_and_filters(
    fast_window: Any, qtbot: Any
) -> None:
    window = fast_window
    page = window.page
    page.tag_filter.setCurrentIndex(page.tag_filter.findData("sample"))
    page.search.setText("kid")  # searching before the library is open asks it at once
    assert shown(window) == [ROSA]
    page.select_ids([id_of(window, ROSA)])
    with qtbot.waitSignal(window.library_ready, timeout=20_000):
        window.open_library_in_background()
    assert isinstance(window.library, Library) and window.library_is_ready()
    assert sorted(page.model.rows()) == sorted(window.library.list_characters())
    assert page.search.text() == "kid" and shown(window) == [ROSA]
    assert page.tag_filter.currentData() == "sample"
    assert page.selected_ids() == [id_of(window, ROSA)]
    qtbot.waitUntil(lambda: window.listing.search_index is not None, timeout=20_000)
    assert window.listing.search_index is not None and len(window.listing.search_index) == 9


def test_an_early_action_opens_the_library_on_the_spot(fast_window: Any) -> None:
    window = fast_window
    tab = window.characters.open_character(id_of(window, ROSA))
    assert tab is not None and tab.document.character.name == ROSA
    assert window.library.ready  # opened synchronously, the stand-in now delegates
    window.open_library_in_background()  # nothing left to do: attaches at once
    assert isinstance(window.library, Library)


def test_a_library_that_fails_to_open_is_reported(
    qtbot: Any, existing_library: str, settings: Any, drafts_dir: Path
) -> None:
    from gui.drafts import DraftStore
    from gui.shell import MainWindow
    from rules.errors import FatesmithError
    from storage.quick_listing import read_listing

    def broken() -> Any:
        raise FatesmithError("the disk went away")

    library = DeferredLibrary(existing_library, read_listing(existing_library), broken)
    window = MainWindow(library, None, settings, DraftStore(drafts_dir, existing_library, None))
    qtbot.addWidget(window)
    failures: list[str] = []
    window.open_library_in_background(failures.append)
    qtbot.waitUntil(lambda: bool(failures), timeout=10_000)
    assert failures == ["the disk went away"]
    assert not window.library_is_ready() and shown(window)  # the listing stays on screen
    with pytest.raises(FatesmithError, match="disk went away"):
        library.loaded()


def test_a_new_library_takes_the_normal_path_and_gets_the_samples(
    qtbot: Any, library_url: str, settings: Any, drafts_dir: Path
) -> None:
    from gui.app import build_window_fast

    window = build_window_fast(library_url, settings=settings, drafts_dir=drafts_dir)
    qtbot.addWidget(window)
    try:
        assert isinstance(window.library, Library) and window.library_is_ready()
        assert {ROSA, IMOGEN} <= set(shown(window))
    finally:
        window.workers.wait()
        window.library.close()


def test_a_library_from_a_newer_fatesmith_takes_the_normal_path_read_only(
    qtbot: Any, existing_library: str, settings: Any, drafts_dir: Path
) -> None:
    import sqlite3

    from gui.app import build_window_fast

    path = existing_library.removeprefix("sqlite:///")
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    db.close()
    window = build_window_fast(existing_library, settings=settings, drafts_dir=drafts_dir)
    qtbot.addWidget(window)
    try:
        assert isinstance(window.library, Library) and window.library.read_only
        assert window.page.banner.isVisibleTo(window)
        assert len(shown(window)) == 9
    finally:
        window.workers.wait()
        window.library.close()


def test_launch_paints_then_opens_the_library_and_sets_the_icon(
    qtbot: Any, existing_library: str, tmp_path: Path
) -> None:
    """``fatesmith``'s own start-up (gui.app.launch), minus the event loop."""
    from PySide6.QtWidgets import QApplication

    from gui.app import launch

    frozen = gc.get_freeze_count()
    window = launch(existing_library, settings_file=tmp_path / "s.ini", drafts_dir=tmp_path / "d")
    qtbot.addWidget(window)
    try:
        assert window.isVisible() and not window.library_is_ready()
        assert not gc.isenabled()  # the cyclic collector rests until the first paint
        with qtbot.waitSignal(window.library_ready, timeout=20_000):
            qtbot.waitExposed(window)  # the first paint starts the background open
        assert not QApplication.windowIcon().isNull()
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen  # start-up's objects are out of the collector's way
    finally:
        # No gc.unfreeze(): it would hand every object frozen in this worker so far (the CLI
        # tests' too) back to the collector, which then met Qt wrappers of long-gone widgets
        # in a later test and crashed the worker.
        gc.enable()
        window.workers.wait()
        window.library.close()


def test_a_launch_that_fails_leaves_the_collector_running(tmp_path: Path) -> None:
    from gui.app import launch
    from rules.errors import FatesmithError

    folder = tmp_path / "not-a-library.sqlite3"
    folder.mkdir()  # a folder where the library file should be: it cannot be opened
    assert gc.isenabled()
    with pytest.raises(FatesmithError):
        launch(f"sqlite:///{folder}", settings_file=tmp_path / "s.ini", drafts_dir=tmp_path / "d")
    assert gc.isenabled()


def test_importing_the_window_loads_neither_pydantic_nor_sqlalchemy() -> None:
    """Start-up speed: the models and the database layer load after the first paint."""
    code = (
        "import sys, gui.app, gui.shell, gui.workers, gui.drafts\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'pydantic',"
        " 'alembic', 'reportlab'})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_the_page_restyles_itself_when_the_theme_changes(
    make_window: Any, qtbot: Any, request: pytest.FixtureRequest
) -> None:
    """No application style sheet: the library page sets its accents and follows the scheme."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication, QLabel

    from gui.theme import ROLES, apply_theme

    app = QApplication.instance()
    saved = (app.style().name(), app.palette(), app.property("fatesmithDark"))
    request.addfinalizer(
        lambda: (app.setStyle(saved[0]), app.setProperty("fatesmithDark", saved[2]),
                 app.setPalette(saved[1]))
    )  # fmt: skip
    window = make_window()
    titles = [
        label for label in window.page.findChildren(QLabel) if label.objectName() == "sectionTitle"
    ]
    assert len(titles) == 3 and app.styleSheet() == ""

    def colour() -> QColor:
        return titles[0].palette().color(QPalette.ColorRole.WindowText)

    apply_theme(app, "dark")
    qtbot.waitUntil(lambda: colour() == QColor(ROLES["title"].dark))
    assert titles[0].font().bold()
    apply_theme(app, "light")
    qtbot.waitUntil(lambda: colour() == QColor(ROLES["title"].light))
