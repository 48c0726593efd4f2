"""GUI layer: Phase Three's "guest stars in your novel" list (the SotC character worksheet).

Names are added by typing or by picking one of the campaign's other heroes, renamed in place
(F2 or double-click) and removed with Delete; each change is one undoable
:class:`SetGuestStarsCommand`. When the app knows the campaign's casting (who guest-stars in this
character's novel in their phases four and five), one click fills the list in from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import SetGuestStarsCommand
from rules.character import MAX_NAME
from rules.systems.sotc.character import NovelRef, SotcCharacter

NovelSource = Callable[[], list[NovelRef]]
NameSource = Callable[[], list[str]]

HINT = (
    "Who guest-stars in your novel: the heroes whose Phase Four or Five takes place in it. In a "
    "group this follows the guest-star deal; a late joiner asks for volunteers."
)


class _NameList(QListWidget):
    """The names; Delete removes the current one."""

    def __init__(self, on_delete: Callable[[], None]) -> None:
        super().__init__()
        self._on_delete = on_delete

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete/Backspace removes (unless a name is being edited)."""
        editing = self.state() == QAbstractItemView.State.EditingState
        if not editing and event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self._on_delete()
            return
        super().keyPressEvent(event)


class GuestStarsBox(QGroupBox):
    """The editable list of guest stars in the character's own novel (``phases[2]``)."""

    def __init__(
        self,
        document: CharacterDocument,
        novels: NovelSource | None = None,
        casting: NameSource | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Guest stars in your novel", parent)
        self._document = document
        self._novels = novels
        self._casting = casting
        self._cast: list[str] = []
        self._syncing = False
        grid = QGridLayout(self)
        hint = QLabel(HINT)
        hint.setWordWrap(True)
        grid.addWidget(hint, 0, 0, 1, 3)
        self.list = _NameList(self.remove_current)
        self.list.setAccessibleName("Guest stars")
        self.list.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.list.setFixedHeight(4 * (self.fontMetrics().height() + 6) + 4)
        self.list.itemChanged.connect(self._on_item_changed)
        grid.addWidget(self.list, 1, 0, 3, 1)
        self.name_box = QComboBox()
        self.name_box.setEditable(True)
        self.name_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.name_box.setAccessibleName("Guest star to add")
        line = self.name_box.lineEdit()
        assert line is not None  # the box is editable
        line.setMaxLength(MAX_NAME)
        line.setPlaceholderText("A hero's name, or pick one")
        line.returnPressed.connect(self.add_typed)
        grid.addWidget(self.name_box, 1, 1)
        self.add_button = QPushButton("A&dd")
        self.add_button.clicked.connect(self.add_typed)
        grid.addWidget(self.add_button, 1, 2)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the selected name (Delete)")
        self.remove_button.clicked.connect(self.remove_current)
        grid.addWidget(self.remove_button, 2, 2)
        self.cast_button = QPushButton()
        self.cast_button.clicked.connect(self.use_casting)
        grid.addWidget(self.cast_button, 3, 1, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        document.character_replaced.connect(self._sync)
        self._fill_candidates()
        self._sync()

    # -- state -----------------------------------------------------------------------------------

    def names(self) -> tuple[str, ...]:
        """The guest stars stored on the character."""
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        return character.phase(3).guest_stars

    def _set(self, names: list[str] | tuple[str, ...]) -> None:
        if tuple(names) != self.names():
            self._document.undo_stack.push(SetGuestStarsCommand(self._document, names))

    def _fill_candidates(self) -> None:
        own = self._document.character.id
        others = [n for n in (self._novels() if self._novels else []) if n.character_id != own]
        heroes = sorted({n.author for n in others if n.author.strip()}, key=str.casefold)
        text = self.name_box.currentText()
        self.name_box.clear()
        self.name_box.addItems(heroes)
        self.name_box.setEditText(text)
        self._cast = list(self._casting()) if self._casting else []
        self._sync()

    def _sync(self, *_args: Any) -> None:
        names = self.names()
        self._syncing = True
        try:
            if [self.list.item(i).text() for i in range(self.list.count())] != list(names):
                row = self.list.currentRow()
                self.list.clear()
                for name in names:
                    item = QListWidgetItem(name)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
                    self.list.addItem(item)
                if names:
                    self.list.setCurrentRow(min(max(row, 0), len(names) - 1))
        finally:
            self._syncing = False
        self.remove_button.setEnabled(bool(names))
        cast = [n for n in self._cast if n.strip()]
        self.cast_button.setVisible(bool(cast))
        self.cast_button.setEnabled(sorted(cast) != sorted(names))
        self.cast_button.setText(f"Use the campaign's casting: {', '.join(cast)}")

    # -- actions -----------------------------------------------------------------------------

    def add(self, name: str) -> None:
        """Add ``name`` (ignored when blank or already listed): one undoable step."""
        name = name.strip()
        if name and name.casefold() not in {n.casefold() for n in self.names()}:
            self._set([*self.names(), name])

    def add_typed(self) -> None:
        """Add the name typed or picked in the box, then clear it."""
        self.add(self.name_box.currentText())
        self.name_box.setEditText("")

    def remove_current(self) -> None:
        """Remove the selected name."""
        row = self.list.currentRow()
        names = list(self.names())
        if 0 <= row < len(names):
            del names[row]
            self._set(names)

    def rename(self, row: int, name: str) -> None:
        """Change the name on ``row`` (a blank name removes it)."""
        names = list(self.names())
        if 0 <= row < len(names):
            names[row] = name.strip()
            self._set([n for n in names if n])

    def use_casting(self) -> None:
        """Replace the list with the campaign's casting (one undoable step)."""
        if self._cast:
            self._set(self._cast)

    def _on_item_changed(self, item: QListWidgetItem) -> None:
        if not self._syncing:
            self.rename(self.list.row(item), item.text())

    def showEvent(self, event: QShowEvent) -> None:
        """Refresh the campaign's heroes and casting each time the page is shown."""
        self._fill_candidates()
        super().showEvent(event)
