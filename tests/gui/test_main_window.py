"""GUI tests: the main window on a real library: browse, search, filter, open, edit, save,
close, reopen, duplicate, delete with confirmation, import by drop, conflicts, read-only."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from gui.dialogs.confirm import ConfirmDeleteDialog, ConflictDialog, SaveChangesDialog
from gui.documents.tab import CharacterTab
from gui.shell import MainWindow
from gui.systems.sotc.commands import EditTextCommand
from storage.library import Library, SearchQuery

DATA = Path(__file__).resolve().parents[1] / "data" / "characters"
IMOGEN = 'Captain Imogen "Skylark" Vance'
ROSA = '"Kid" Rosa Delgado'


def names(window: MainWindow) -> list[str]:
    proxy = window.page.proxy
    return [str(proxy.index(r, 0).data()) for r in range(proxy.rowCount())]


def id_of(window: MainWindow, name: str) -> uuid.UUID:
    for summary in window.page.model.rows():
        if summary.name == name:
            return summary.id  # type: ignore[no-any-return]
    raise KeyError(name)


def select(window: MainWindow, *character_names: str) -> None:
    window.page.select_ids([id_of(window, n) for n in character_names])


def rename(tab: CharacterTab, name: str) -> None:
    tab.document.undo_stack.push(EditTextCommand(tab.document, "name", name))


def test_opens_on_library_with_sample_characters(make_window: Any, qtmodeltester: Any) -> None:
    window = make_window()
    window.show()
    assert {IMOGEN, ROSA} <= set(names(window))
    assert window.tabs.count() == 1 and window.tabs.tabText(0) == "Library"
    assert "9 characters" in window.page.count_label.text()  # samples of every system
    qtmodeltester.check(window.page.model)
    qtmodeltester.check(window.page.proxy)
    qtmodeltester.check(window.page.campaign_model)
    assert window.page.campaign_model.rowCount() == 4  # a sample campaign of every system


def test_search_as_you_type_matches_names_aspects_skills_and_stunts(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window()
    qtbot.keyClicks(window.page.search, "skylark")
    assert names(window) == [IMOGEN]
    for term, expected in (
        ("Leads with the Left", [ROSA]),  # an aspect
        ("Scene of the Crime", [ROSA]),  # a stunt
        ("barnstormer", [IMOGEN]),  # a stunt, any case
        ("zzzz-nobody", []),
    ):
        window.page.search.setText(term)
        assert names(window) == expected, term
    assert window.page.empty_hint.text().startswith("No character matches")
    window.page.search.clear()
    assert len(names(window)) == 9


def test_filters_by_campaign_tag_and_system(make_window: Any) -> None:
    window = make_window()
    page = window.page
    page.tag_filter.setCurrentIndex(page.tag_filter.findData("pilot"))
    assert names(window) == [IMOGEN]
    page.tag_filter.setCurrentIndex(0)
    page.campaign_filter.setCurrentIndex(page.campaign_filter.findText("No campaign"))
    assert names(window) == ["Tobias Wren"]  # the unfinished sample, outside the campaign
    page.campaign_filter.setCurrentIndex(0)
    page.system_filter.setCurrentIndex(page.system_filter.findData("sotc"))
    assert len(names(window)) == 4


def test_sorting_by_headline_column(make_window: Any) -> None:
    window = make_window()
    window.page.system_filter.setCurrentIndex(window.page.system_filter.findData("sotc"))
    column = window.page.model.column_index("headline")
    window.page.table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
    first = window.page.proxy.index(0, 0).data()
    assert first != "Tobias Wren"  # the only one whose peak is +4 sorts last
    assert names(window)[-1] == "Tobias Wren"


def test_open_edit_save_close_and_reopen_finds_the_change(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    select(window, ROSA)
    window.act.open.trigger()
    tab = window.documents.current()
    assert tab is not None and window.tabs.count() == 2
    assert window.undo_group.activeStack() is tab.document.undo_stack
    assert not window.isWindowModified()

    rename(tab, "Rosa the Kid")
    assert window.isWindowModified()
    assert "[*]" in window.windowTitle()
    assert window.tabs.tabText(1).startswith("\u25cf")
    assert window.act.undo.isEnabled()

    assert window.characters.save_current()
    assert not window.isWindowModified()
    assert "Rosa the Kid" in names(window)
    assert window.documents.close_current()
    assert window.tabs.count() == 1

    tab = window.characters.open_character(id_of(window, "Rosa the Kid"))
    assert tab is not None and tab.document.character.name == "Rosa the Kid"
    assert window.settings.recent()[0].name == "Rosa the Kid"


def test_library_tab_switch_changes_active_undo_stack(make_window: Any) -> None:
    window = make_window()
    first = window.characters.open_character(id_of(window, ROSA))
    second = window.characters.open_character(id_of(window, IMOGEN))
    assert first is not None and second is not None
    assert window.undo_group.activeStack() is second.document.undo_stack
    window.tabs.setCurrentWidget(first)
    assert window.undo_group.activeStack() is first.document.undo_stack
    window.tabs.setCurrentIndex(0)
    assert window.undo_group.activeStack() is None
    assert window.characters.open_character(id_of(window, ROSA)) is first  # no second tab
    assert window.tabs.count() == 3


def test_closing_a_dirty_tab_asks_and_cancel_keeps_it(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    tab = window.characters.open_character(id_of(window, ROSA))
    assert tab is not None
    rename(tab, "Changed")
    asked: list[str] = []

    def answer(choice: str) -> Any:
        def ask(cls: Any, parent: Any, name: str) -> str:
            asked.append(name)
            return choice

        return classmethod(ask)

    monkeypatch.setattr(SaveChangesDialog, "ask", answer("cancel"))
    assert not window.documents.close_current()
    assert window.tabs.count() == 2 and asked == ["Changed"]
    monkeypatch.setattr(SaveChangesDialog, "ask", answer("discard"))
    assert window.documents.close_current()
    assert ROSA in names(window) and "Changed" not in names(window)


def test_quitting_with_unsaved_changes_can_save_them(
    make_window: Any, monkeypatch: pytest.MonkeyPatch, library_url: str, registry: Any
) -> None:
    window = make_window()
    tab = window.characters.open_character(id_of(window, ROSA))
    assert tab is not None
    rename(tab, "Saved on quit")
    monkeypatch.setattr(SaveChangesDialog, "ask", classmethod(lambda cls, p, n: "save"))
    assert window.close()
    assert window.settings.geometry is not None
    with Library.open(library_url, registry=registry) as library:
        assert [s.name for s in library.list_characters(SearchQuery(text="Saved on quit"))]


def test_new_character_is_saved_as_a_new_library_entry(make_window: Any) -> None:
    window = make_window()
    tab = window.characters.new_character()
    assert tab is not None and tab.document.version is None
    rename(tab, "Brand New")
    assert window.characters.save_current()
    assert tab.document.version is not None
    assert "Brand New" in names(window)


def test_delete_asks_first_and_closes_the_open_tab(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.characters.open_character(id_of(window, ROSA))
    window.tabs.setCurrentIndex(0)
    select(window, ROSA)
    calls: list[tuple[list[str], int]] = []

    def no(cls: Any, parent: Any, found: Any, *, open_count: int = 0) -> bool:
        calls.append((list(found), open_count))
        return False

    monkeypatch.setattr(ConfirmDeleteDialog, "ask", classmethod(no))
    assert window.listing.delete_selected() == 0
    assert calls == [([ROSA], 1)] and ROSA in names(window)
    monkeypatch.setattr(
        ConfirmDeleteDialog, "ask", classmethod(lambda cls, p, n, open_count=0: True)
    )
    select(window, ROSA)
    assert window.listing.delete_selected() == 1
    assert ROSA not in names(window)
    assert window.tabs.count() == 1


def test_duplicate_makes_a_selected_copy(make_window: Any) -> None:
    window = make_window()
    select(window, IMOGEN)
    new_ids = window.listing.duplicate_selected()
    assert len(new_ids) == 1 and len(names(window)) == 10
    assert window.page.selected_ids() == new_ids


def test_import_by_dropping_a_character_file(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    window.show()
    source = DATA / "sky-hobo.fatesmith.json"
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(source))])
    event = QDropEvent(
        QPointF(QPoint(300, 300)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert event.isAccepted()
    qtbot.waitUntil(lambda: len(names(window)) == 10, timeout=10_000)
    assert not window.workers.busy() or window.workers.wait()


def test_drop_of_other_files_is_refused(make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(other))])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert not event.isAccepted()


def test_save_conflict_overwrite_and_copy(
    make_window: Any, monkeypatch: pytest.MonkeyPatch, library_url: str, registry: Any
) -> None:
    window = make_window()
    rosa = id_of(window, ROSA)
    tab = window.characters.open_character(rosa)
    assert tab is not None
    with Library.open(library_url, registry=registry) as other:
        stored = other.get_character(rosa)
        changed = stored.character.model_copy(update={"player": "Someone else"})
        other.save_character(changed, expected_version=stored.version)
    rename(tab, "Mine")
    monkeypatch.setattr(ConflictDialog, "ask", classmethod(lambda cls, p, n: "overwrite"))
    assert window.characters.save_current()
    assert "Mine" in names(window)

    with Library.open(library_url, registry=registry) as other:
        stored = other.get_character(rosa)
        other.save_character(
            stored.character.model_copy(update={"player": "Again"}),
            expected_version=stored.version,
        )
    rename(tab, "Mine too")
    monkeypatch.setattr(ConflictDialog, "ask", classmethod(lambda cls, p, n: "copy"))
    assert window.characters.save_current()
    assert "Mine too (my copy)" in names(window) and "Mine" in names(window)
    current = window.documents.current()
    assert current is not None and current.document.character.id != rosa


def test_read_only_library_shows_a_banner_and_disables_saving(
    make_window: Any, registry: Any, library_url: str
) -> None:
    Library.open(library_url, registry=registry).close()  # create it with samples
    original = Library.open

    def read_only_open(url: str, **kwargs: Any) -> Library:
        library = original(url, **kwargs)
        library.read_only = True
        library.read_only_reason = "written by a newer Fatesmith"
        return library

    window_library_open = pytest.MonkeyPatch()
    window_library_open.setattr(Library, "open", staticmethod(read_only_open))
    try:
        window = make_window()
    finally:
        window_library_open.undo()
    window.show()
    assert window.page.banner.isVisible()
    assert "newer Fatesmith" in window.page.banner_text.text()
    window.characters.open_character(id_of(window, ROSA))
    assert not window.act.save.isEnabled()
    assert not window.act.new.isEnabled()
    assert not window.characters.save_current()


def test_find_shortcut_focuses_the_search_field(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    window.characters.open_character(id_of(window, ROSA))
    window.act.find.trigger()
    assert window.tabs.currentIndex() == 0
    qtbot.waitUntil(lambda: window.page.search.hasFocus())


def test_end_to_end_with_the_real_editor_type_undo_save_close_reopen(
    make_window: Any, qtbot: Any
) -> None:
    """New character through the creation flow's concept page, then found again in the library."""
    from gui.shell.characters import default_editor as default_editor_factory

    window = make_window(editor=default_editor_factory)
    window.show()
    tab = window.characters.new_character()
    assert tab is not None
    name_edit = tab.editor.pages["concept"].name_edit
    tab.editor.show_step("concept")
    qtbot.keyClicks(name_edit, "Ada Thorne")
    assert tab.document.character.name == "Ada Thorne"
    assert window.isWindowModified() and window.tabs.tabText(1).endswith("Ada Thorne")
    window.act.undo.trigger()
    assert tab.document.character.name != "Ada Thorne"
    window.act.redo.trigger()
    assert tab.document.character.name == "Ada Thorne"
    window.act.save.trigger()
    assert not window.isWindowModified()
    window.act.close.trigger()
    assert window.tabs.count() == 1

    row = window.page.proxy.proxy_row_of(id_of(window, "Ada Thorne"))
    window.page.table.activated.emit(window.page.proxy.index(row, 0))  # double-click / Enter
    reopened = window.documents.current()
    assert (
        reopened is not None and reopened.editor.pages["concept"].name_edit.text() == "Ada Thorne"
    )


def test_screenshots_of_the_main_window(
    make_window: Any, qtbot: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Offscreen grabs at 1280x720; with FATESMITH_SCREENSHOTS=1 they go to docs/screenshots."""
    import os

    from gui.shell.characters import default_editor as default_editor_factory

    folder = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("FATESMITH_SCREENSHOTS") != "1":
        folder = tmp_path
    from PySide6.QtWidgets import QApplication

    from gui.theme import apply_theme
    from tests.gui.conftest import screenshot_theme

    app = QApplication.instance()
    saved = (app.style().name(), app.palette(), app.styleSheet())
    apply_theme(app, screenshot_theme())
    request.addfinalizer(lambda: (app.setStyle(saved[0]), app.setPalette(saved[1]),
                                  app.setStyleSheet(saved[2])))  # fmt: skip
    window = make_window(editor=default_editor_factory)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    select(window, IMOGEN)
    image = window.grab()
    assert image.width() == 1280
    assert image.save(str(folder / "main-window-library.png"))
    window.page.search.setText("pilot")
    window.grab().save(str(folder / "main-window-search.png"))
    window.page.search.clear()
    window.characters.open_character(id_of(window, ROSA))
    window.grab().save(str(folder / "main-window-character-tab.png"))


def test_build_window_opens_the_library_without_loading_the_catalogues(
    qtbot: Any, library_url: str, settings: Any, drafts_dir: Path, registry: Any
) -> None:
    """Start-up path of ``fatesmith`` (gui.app): the registry loads when a character opens."""
    from gui.app import LazyRegistry, build_window

    Library.open(library_url, registry=registry).close()  # an existing library, samples in
    window = build_window(library_url, settings=settings, drafts_dir=drafts_dir)
    qtbot.addWidget(window)
    try:
        assert isinstance(window.registry, LazyRegistry)
        assert window.registry._registry is None
        assert len(names(window)) == 9
        tab = window.characters.open_character(id_of(window, ROSA))
        assert tab is not None and window.registry._registry is not None
    finally:
        window.workers.wait()
        window.library.close()


def test_about_box_shows_the_licence_notices(qtbot: Any) -> None:
    """The shipped copy (resources/NOTICE.txt) must match the repository's NOTICE."""
    from gui.dialogs.about import AboutDialog

    repo = Path(__file__).resolve().parents[2]
    shipped = (repo / "resources" / "NOTICE.txt").read_text(encoding="utf-8")
    assert shipped == (repo / "NOTICE").read_text(encoding="utf-8")
    dialog = AboutDialog("9.9")
    qtbot.addWidget(dialog)
    text = dialog.notice.toPlainText()
    assert "OPEN GAME LICENSE" in text and "Section 15" in text.replace("SECTION", "Section")


def test_campaign_filter_survives_a_refresh(make_window: Any) -> None:
    """The filter keeps its campaign when the listing is reloaded (ids are read anew)."""
    window = make_window()
    campaign = window.library.list_campaigns()[0]
    window.page.select_campaign_filter(campaign.id)
    assert window.page.campaign_filter.currentData() == campaign.id
    window.listing.refresh_library()
    assert window.page.campaign_filter.currentData() == campaign.id
    assert len(names(window)) == 3  # the sample campaign's members
