"""A good desktop citizen (issue 14): a UI scale for a projector or a 4K screen, kept in the
settings and applied at once to the table text, the encounter table and the player view; every
control reachable from the keyboard (Tab reaches it, each form label has a mnemonic buddy)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from gui.encounter import open_encounter_window
from gui.theme import apply_scale, base_font_size, ui_scale
from tests.gui.test_encounter_screens import mid_fight

CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
)


@pytest.fixture
def app() -> Iterator[QApplication]:
    """The application, its UI scale put back to 1 after the test."""
    instance = QApplication.instance()
    assert isinstance(instance, QApplication)
    yield instance
    apply_scale(instance, 1.0)


def unreachable(root: QWidget) -> list[str]:
    """Visible, enabled controls under ``root`` that Tab never reaches."""
    out = []
    for w in root.findChildren(QWidget):
        if not isinstance(w, CONTROLS) or not w.isVisibleTo(root) or not w.isEnabled():
            continue
        if w.parent() is not None and type(w.parent()).__name__ == "QScrollBar":
            continue
        if type(w).__name__ in (
            "QToolBarExtension",
            "QTabBar",
            "QHeaderView",
        ) or w.objectName().startswith("qt_"):
            continue
        if isinstance(w, QLineEdit) and isinstance(w.parent(), QComboBox | QAbstractSpinBox):
            continue  # the combo box or spin box itself takes the focus
        if not (w.focusPolicy() & Qt.FocusPolicy.TabFocus):
            out.append(f"{type(w).__name__} {w.objectName()!r} {getattr(w, 'text', str)()!r}")
    return out


def test_the_ui_scale_is_kept_and_applied_live(
    qtbot: QtBot, app: QApplication, registry: Any, make_window: Any, settings: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from gui.dialogs.preferences import PreferencesDialog
    from gui.settings import Settings

    base = base_font_size()
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.scale.setCurrentIndex(dialog.scale.findData(1.5))
    dialog.apply_to(settings)
    settings.sync()
    again = Settings(QSettings(settings.qsettings.fileName(), QSettings.Format.IniFormat))
    assert again.ui_scale == 1.5  # kept in the settings
    settings.ui_scale = 1.0

    window = make_window()
    encounter = mid_fight(qtbot, registry)
    view = encounter.show_player_view()
    qtbot.addWidget(view)
    col = next(i for i, c in enumerate(encounter.model.columns) if c.track)
    box_font = encounter.model.index(0, col).data(Qt.ItemDataRole.FontRole)
    assert isinstance(box_font, QFont)
    before = (box_font.pointSizeF(), view.table.font().pointSizeF())

    def choose(cls: Any, parent: Any, s: Any) -> bool:
        s.ui_scale = 1.5
        return True

    monkeypatch.setattr(PreferencesDialog, "ask", classmethod(choose))
    window.edit_preferences()  # applied at once, no restart
    QApplication.processEvents()
    assert ui_scale() == 1.5
    assert app.font().pointSizeF() == pytest.approx(base * 1.5)
    assert window.page.table.font().pointSizeF() == pytest.approx(base * 1.5)  # table text
    box_font = encounter.model.index(0, col).data(Qt.ItemDataRole.FontRole)
    assert box_font.pointSizeF() == pytest.approx(before[0] * 1.5)  # the encounter table
    assert view.table.font().pointSizeF() == pytest.approx(before[1] * 1.5)  # the player view
    assert settings.ui_scale == 1.5


def test_every_control_is_reachable_by_keyboard(
    qtbot: QtBot, registry: Any, make_window: Any, settings: Any
) -> None:
    from gui.dialogs.preferences import PreferencesDialog
    from gui.shell.characters import default_editor

    window = make_window(editor=default_editor)
    window.show()
    qtbot.waitExposed(window)
    assert unreachable(window) == []
    encounter = mid_fight(qtbot, registry)
    encounter.show()
    qtbot.waitExposed(encounter)
    assert unreachable(encounter) == []
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    assert unreachable(dialog) == []
    empty = open_encounter_window(None, None, registry)  # the quick-add panel
    qtbot.addWidget(empty)
    empty.show()
    qtbot.waitExposed(empty)
    assert unreachable(empty) == []
    tab = window.characters.new_character()  # every creation step of a new character
    assert tab is not None
    for key in tab.editor.step_keys:
        tab.editor.show_step(key)
        QApplication.processEvents()
        assert unreachable(tab.editor) == [], key
    form = dialog.findChild(QFormLayout)
    assert form is not None
    for row in range(form.rowCount()):
        item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        label = item.widget() if item is not None else None
        assert isinstance(label, QLabel) and label.buddy() is not None
        assert "&" in label.text(), label.text()  # Alt+letter jumps to the field
