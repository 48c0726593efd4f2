"""GUI layer: what an encounter with nobody in it shows instead of an empty table.

Following Improved Initiative's lead, a new game master sees at once how to fill the scene:
visible "Add character", "Add NPC" and "Add minions" buttons, and a quick-add list of the
library's characters of the encounter's system with a search box above it (type a few letters,
press Enter or double-click). The panel only asks the window to add; the window's commands do
the work (the one mutation path).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.models.columns import with_player

ID_ROLE = Qt.ItemDataRole.UserRole + 1
NAME_ROLE = Qt.ItemDataRole.UserRole + 2


class EmptyCastPanel(QWidget):
    """Add buttons and a searchable quick-add list, for an encounter with no participants.

    Args:
        add_from_library: Opens the library picker (several characters at once).
        add_npc: Asks for a named NPC.
        add_minions: Asks for a minion group.
        add_character_id: Adds one library character by id (the quick-add list).
        parent: Parent widget.
    """

    def __init__(
        self,
        *,
        add_from_library: Callable[[], Any],
        add_npc: Callable[[], Any],
        add_minions: Callable[[], Any],
        add_character_id: Callable[[Any], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._add_id = add_character_id
        title = QLabel("<h3>Nobody is in this scene yet</h3>")
        hint = QLabel(
            "Add the player characters and their opposition, then press <b>Start</b> to fix "
            "the initiative order. Help \u2192 Keyboard Shortcuts lists every key."
        )
        hint.setWordWrap(True)
        self.add_character_button = QPushButton("&Add character from the library\u2026")
        self.add_character_button.clicked.connect(lambda: add_from_library())
        self.add_npc_button = QPushButton("Add named &NPC\u2026")
        self.add_npc_button.clicked.connect(lambda: add_npc())
        self.add_minions_button = QPushButton("Add &minions\u2026")
        self.add_minions_button.clicked.connect(lambda: add_minions())
        buttons = QHBoxLayout()
        for b in (self.add_character_button, self.add_npc_button, self.add_minions_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.items = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.items)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Type a name, then Enter")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search)
        self.search.returnPressed.connect(self.add_current)
        search_label = QLabel("&Quick add from the library:")
        search_label.setBuddy(self.search)
        self.list = QListView()
        self.list.setModel(self.proxy)
        self.list.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.list.activated.connect(lambda _index: self.add_current())
        self.add_button = QPushButton("Add to the scene")
        self.add_button.clicked.connect(self.add_current)
        self.none_label = QLabel()
        self.none_label.setWordWrap(True)
        quick = QHBoxLayout()
        quick.addWidget(self.search, 1)
        quick.addWidget(self.add_button)
        box = QVBoxLayout(self)
        box.addWidget(title)
        box.addWidget(hint)
        box.addLayout(buttons)
        box.addSpacing(8)
        box.addWidget(search_label)
        box.addLayout(quick)
        box.addWidget(self.list, 1)
        box.addWidget(self.none_label)
        self.setTabOrder(self.add_character_button, self.add_npc_button)
        self.setTabOrder(self.add_npc_button, self.add_minions_button)
        self.setTabOrder(self.add_minions_button, self.search)
        self.setTabOrder(self.search, self.add_button)
        self.setTabOrder(self.add_button, self.list)

    def set_characters(self, summaries: Sequence[Any]) -> None:
        """List ``summaries`` (library character summaries: ``id``, ``name``, ``player``)."""
        self.items.clear()
        for s in sorted(summaries, key=lambda s: s.name.casefold()):
            item = QStandardItem(with_player(s.name, s.player))
            item.setData(s.id, ID_ROLE)
            item.setData(s.name, NAME_ROLE)
            item.setEditable(False)
            self.items.appendRow(item)
        self._on_search(self.search.text())
        if not summaries:
            self.none_label.setText(
                "The library has no character of this encounter's system yet: add a named NPC "
                "or minions, or create characters in the main window."
            )
        self.none_label.setVisible(not summaries)

    def listed_names(self) -> list[str]:
        """The names the quick-add list shows now (after the search)."""
        return [str(self.proxy.index(r, 0).data(NAME_ROLE)) for r in range(self.proxy.rowCount())]

    def _on_search(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if self.proxy.rowCount():  # Enter in the search box adds the first match
            self.list.setCurrentIndex(self.proxy.index(0, 0))

    def add_current(self) -> None:
        """Add the highlighted character of the list (the first match of the search)."""
        index = self.list.currentIndex()
        if not index.isValid() and self.proxy.rowCount():
            index = self.proxy.index(0, 0)
        if index.isValid():
            self._add_id(index.data(ID_ROLE))
