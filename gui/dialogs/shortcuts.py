"""GUI layer: Help > Keyboard Shortcuts, the one list of every key of every window.

A non-modal window (it can stay open beside the table while the GM learns the keys), filled
from :data:`gui.shortcuts.SHORTCUTS`: what the windows bind is what it lists. One instance per
application: both windows' Help menus raise the same one.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.shortcuts import ENCOUNTER, EVERYWHERE, MAIN, SHORTCUTS, key_text

_GROUPS = (EVERYWHERE, MAIN, ENCOUNTER)


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut, grouped by window.

    Args:
        parent: Parent widget (the dialog stays a separate, non-modal window).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts \u2014 Fatesmith")
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        intro = QLabel(
            "One scheme for every window. In the encounter window the commands that act on the "
            "table need <b>Shift</b>, so a letter typed by accident does nothing; every command "
            "is in the menus and the buttons too."
        )
        intro.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Keys", "Command"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.fill(None)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        box = QVBoxLayout(self)
        box.addWidget(intro)
        box.addWidget(self.tree, 1)
        box.addWidget(buttons)
        self.resize(820, 660)

    def fill(self, shown: Mapping[str, str] | None) -> None:
        """List every window's keys; of the encounter window's, only the commands in
        ``shown`` (name to the text in the scene's system's words), or all when None."""
        self.tree.clear()
        for group in _GROUPS:
            head = QTreeWidgetItem([group, ""])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            head.setFirstColumnSpanned(True)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(head)
            for s in SHORTCUTS:
                if s.where != group:
                    continue
                if group == ENCOUNTER and shown is not None:
                    if s.name not in shown:
                        continue  # a command the encounter window does not show
                    text = shown[s.name]
                else:
                    text = s.text
                self.tree.addTopLevelItem(QTreeWidgetItem([key_text(s.name), text]))

    def listed(self) -> list[tuple[str, str]]:
        """(keys, command) of every row that names a command (for tests)."""
        rows = []
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and item.text(1):
                rows.append((item.text(0), item.text(1)))
        return rows


_open: list[ShortcutsDialog] = []


def show_shortcuts(
    parent: QWidget | None = None, shown: Mapping[str, str] | None = None
) -> ShortcutsDialog:
    """Show (or raise) the application's one shortcuts window and return it, listing of the
    encounter window's commands those in ``shown`` (name to text; None: all of them)."""
    dialog = _open[0] if _open else None
    if dialog is not None:
        try:
            dialog.isVisible()
        except RuntimeError:  # its C++ side is gone (the application quit)
            dialog = None
    if dialog is None:
        dialog = ShortcutsDialog(None)
        _open[:] = [dialog]
    dialog.fill(shown)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
