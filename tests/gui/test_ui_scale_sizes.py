"""At 150% text size the tables and the Steps sidebar grow with the text (issue #23, "Also
seen": the library's columns kept their 100% widths even maximized, and the creation flow's
Steps list clipped its titles). Each is rendered at 150% (with FATESMITH_SCREENSHOTS=1 into
docs/screenshots) and every header, cell and step title must fit."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QTableView

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.editor import CharacterEditor
from gui.theme import apply_scale
from rules.systems.sotc.character import SotcCharacter

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def app() -> Iterator[QApplication]:
    instance = QApplication.instance()
    assert isinstance(instance, QApplication)
    yield instance
    apply_scale(instance, 1.0)


def save(widget: Any, name: str, tmp_path: Path) -> None:
    folder = SHOTS if os.environ.get("FATESMITH_SCREENSHOTS") == "1" else tmp_path
    assert widget.grab().save(str(folder / name))


def clipped(view: QTableView) -> set[str]:
    """Headers and cells of ``view`` wider than their column (the last, stretched one aside)."""
    model, header = view.model(), view.horizontalHeader()
    fm = view.fontMetrics()
    out = set()
    last = max(i for i in range(model.columnCount()) if not view.isColumnHidden(i))
    for col in range(model.columnCount()):
        if view.isColumnHidden(col) or col == last:
            continue
        width = view.columnWidth(col)
        if header.sectionSizeHint(col) > width:
            out.add(f"header {model.headerData(col, header.orientation())!r}")
        for row in range(model.rowCount()):
            text = str(model.index(row, col).data() or "")
            if fm.horizontalAdvance(text) + 2 * fm.averageCharWidth() > width:
                out.add(f"{text!r} in column {col}")
    return out


def views(window: Any) -> dict[str, QTableView]:
    page = window.page
    return {
        "characters": page.table,
        "encounters": page.encounter_view,
        "campaigns": page.campaign_view,
    }


@pytest.mark.parametrize("when", ["at start", "changed live"])
def test_library_columns_follow_the_text_size(
    app: QApplication, make_window: Any, settings: Any, qtbot: Any, tmp_path: Path, when: str
) -> None:
    """Nothing is cut at 150% that was whole at 100%, and no header is ever cut."""
    window = make_window()
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    at_100 = {name: clipped(view) for name, view in views(window).items()}
    widths_100 = {n: [v.columnWidth(c) for c in range(v.model().columnCount())]
                  for n, v in views(window).items()}  # fmt: skip
    if when == "at start":  # the kept preference, applied as the window opens
        settings.ui_scale = 1.5
        window = make_window()
        window.showMaximized()
        qtbot.waitExposed(window)
    else:
        apply_scale(app, 1.5)
    qtbot.wait(20)  # the page restyles once the font change has settled
    save(window, f"library-150-{when.replace(' ', '-')}.png", tmp_path)
    for name, view in views(window).items():
        now = clipped(view)
        assert not {c for c in now if c.startswith("header")}, (name, now)
        assert now <= at_100[name], (name, now - at_100[name])
        last = max(c for c in range(view.model().columnCount()) if not view.isColumnHidden(c))
        for col, before in enumerate(widths_100[name]):
            if before and not view.isColumnHidden(col) and col != last:  # last: stretched
                assert view.columnWidth(col) >= before * 1.4, (name, col)


def test_steps_sidebar_fits_its_titles_at_150(
    app: QApplication, sotc: Any, qtbot: Any, tmp_path: Path
) -> None:
    apply_scale(app, 1.5)
    doc = CharacterDocument(SotcCharacter(), sotc, version=None)
    editor = CharacterEditor(doc, novels=list)
    qtbot.addWidget(editor)
    editor.resize(1920, 1000)
    editor.show()
    qtbot.waitExposed(editor)
    save(editor, "creation-steps-150.png", tmp_path)
    steps = editor.step_list
    viewport = steps.viewport().rect()
    fm = steps.fontMetrics()
    for row in range(steps.count()):
        item = steps.item(row)
        rect = steps.visualItemRect(item)
        assert viewport.contains(rect), (item.text(), rect, viewport)
        assert fm.horizontalAdvance(item.text()) + 8 <= viewport.width(), item.text()
