"""The app's one shortcut scheme is the same on every desktop (issue #23, "Also seen").

On a Linux desktop Qt's standard Delete key is "Del, Ctrl+D" and its Undo is only "Ctrl+Z", so a
scheme built from standard keys bound Ctrl+D to both Duplicate and Delete (Qt: "Ambiguous
shortcut overload", nothing happens) and listed other keys in Help than docs/shortcuts.md. These
tests give Qt a Linux desktop's standard bindings and drive the real windows.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from pytestqt.qtbot import QtBot

from tests.gui.test_encounter_screens import mid_fight

_LINUX = {  # Qt's KB_X11 rows (qplatformtheme.cpp) where they differ from the offscreen ones
    "Undo": ["Ctrl+Z"],
    "Redo": ["Ctrl+Shift+Z"],
    "Delete": ["Del", "Ctrl+D"],
    "Close": ["Ctrl+W", "Ctrl+F4"],
    "NextChild": ["Ctrl+Tab"],
    "PreviousChild": ["Ctrl+Shift+Backtab"],
    "Preferences": [],
    "Quit": ["Ctrl+Q"],
}


@pytest.fixture
def linux_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard keys resolved as on a GNOME or KDE desktop."""
    original = QKeySequence.keyBindings

    def bindings(key: QKeySequence.StandardKey) -> list[QKeySequence]:
        name = key.name if isinstance(key.name, str) else str(key)
        if name in _LINUX:
            return [QKeySequence(k) for k in _LINUX[name]]
        return list(original(key))

    monkeypatch.setattr(QKeySequence, "keyBindings", staticmethod(bindings))


def _shared_keys(window: Any) -> list[tuple[str, str, str]]:
    """(key, action, other action) of ``window`` that one key press would reach together: a
    window-wide shortcut meets every other, a widget's shortcut those on the same widget."""
    found: list[tuple[str, str, str]] = []
    bound: dict[str, list[tuple[set[int] | None, str]]] = defaultdict(list)
    for action in window.findChildren(QAction):
        scope: set[int] | None = None  # the whole window
        if action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut:
            scope = {id(w) for w in action.associatedObjects()}
        name = action.text().replace("&", "")
        for sequence in action.shortcuts():
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            for other_scope, other in bound[text]:
                if scope is None or other_scope is None or scope & other_scope:
                    found.append((text, other, name))
            bound[text].append((scope, name))
    return found


def test_no_two_actions_of_one_window_share_a_key(
    linux_desktop: None, qtbot: QtBot, registry: Any, make_window: Any
) -> None:
    main = make_window()
    duplicate, delete = main.act.duplicate.shortcuts(), main.act.delete.shortcuts()
    assert duplicate and delete
    assert _shared_keys(main) == []
    encounter = mid_fight(qtbot, registry)
    assert _shared_keys(encounter) == []


def test_the_scheme_has_no_clash_on_any_desktop(linux_desktop: None) -> None:
    from gui.shortcuts import clashes

    assert clashes() == []


def _doc_rows() -> list[tuple[str, str]]:
    doc = Path(__file__).resolve().parents[2] / "docs" / "shortcuts.md"
    rows = []
    for line in doc.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"\| (.+?) \| (.+) \|", line)
        if m and m.group(1) not in ("Keys", "---"):
            rows.append((m.group(1), m.group(2)))
    return rows


def test_help_lists_what_the_docs_list_on_any_desktop(
    linux_desktop: None, qtbot: QtBot, make_window: Any
) -> None:
    main = make_window()
    dialog = main.show_shortcuts()
    try:
        listed = dialog.listed()
    finally:
        dialog.close()
    assert listed == _doc_rows()
    undo = dict((text, keys) for keys, text in listed)["Undo"]
    assert [s.toString() for s in main.act.undo.shortcuts()] == undo.split(", ")
