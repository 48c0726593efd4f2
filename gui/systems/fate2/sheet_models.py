"""GUI layer: FATE 2.0's aspect and extra tables (thin Qt models over the document).

Aspects show their level (from the phases, §2 Select Aspects: a name taken again goes up a
level), the boxes checked since the last refresh (§4), the negative sign and notes; extras show
their kind, the ranks the phases put into them and what those ranks bought (§5 Extras).
``setData`` pushes the command; the models reset when the rows change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gui.documents.character_document import CharacterDocument
from gui.systems.fate2.commands import EditAspectCommand, EditExtraCommand, fate2_of
from rules.evolve import evolve
from rules.systems.fate2.character import ExtraKind, Fate2Character

Index = QModelIndex | QPersistentModelIndex

BOX_CHAR = "\u25a1"

EXTRA_KINDS: dict[str, str] = {
    "intrinsic": "Intrinsic",
    "item": "Item",
    "servant": "Servant",
    "minions": "Minions",
    "contact": "Contact",
    "resource": "Resource",
    "other": "Other",
}
"""The kinds of extra (§5 Personal Extras, Shared Extras, Minions)."""


class _DocumentTable(QAbstractTableModel):
    """Rows are one tuple of the character; reset when its length changes."""

    HEADERS: tuple[str, ...] = ()

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._count = len(self._items())
        document.character_replaced.connect(self._on_character_replaced)

    def _character(self) -> Fate2Character:
        character, _, _ = fate2_of(self.document)
        return character

    def _items(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def _on_character_replaced(self, _character: object) -> None:
        count = len(self._items())
        if count != self._count:
            self.beginResetModel()
            self._count = count
            self.endResetModel()
        elif count:
            self.dataChanged.emit(self.index(0, 0), self.index(count - 1, len(self.HEADERS) - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per item."""
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The table's columns."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return None


class AspectModel(_DocumentTable):
    """Aspect, level, boxes checked, negative, notes."""

    HEADERS = ("Aspect", "Level", "Checked", "Negative", "Notes")

    def _items(self) -> tuple[Any, ...]:
        return self._character().aspects

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Level is the phases' unless the sheet has no history; the rest is editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        column = index.column()
        if column == 3:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if column == 0 or (column == 1 and self._character().phases):
            return base
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The aspect's fields; the level shown as boxes and as a ladder word."""
        if not index.isValid() or not 0 <= index.row() < self._count:
            return None
        aspect = self._character().aspects[index.row()]
        column = index.column()
        ladder = self.document.system.ladder
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return aspect.name
            if column == 1:
                level = -aspect.level if aspect.negative else aspect.level
                return f"{BOX_CHAR * min(aspect.level, 8)} {ladder.render(level)}"
            if column == 2:
                return str(aspect.checked)
            if column == 4:
                return aspect.notes
        if role == Qt.ItemDataRole.EditRole:
            return (aspect.name, aspect.level, aspect.checked, None, aspect.notes)[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == 3:
            return Qt.CheckState.Checked if aspect.negative else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return "One level each time a phase (or a free aspect) takes it; its box count"
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push an :class:`EditAspectCommand`."""
        if not index.isValid():
            return False
        aspect = self._character().aspects[index.row()]
        column = index.column()
        try:
            if column == 3 and role == Qt.ItemDataRole.CheckStateRole:
                checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
                new = evolve(aspect, negative=checked)
            elif role != Qt.ItemDataRole.EditRole:
                return False
            elif column == 1:
                new = evolve(aspect, level=int(value))
            elif column == 2:
                new = evolve(aspect, checked=int(value))
            elif column == 4:
                new = evolve(aspect, notes=str(value))
            else:
                return False
        except (TypeError, ValueError):
            return False
        if new == aspect:
            return False
        self.document.undo_stack.push(EditAspectCommand(self.document, index.row(), new))
        return True


class ExtraModel(_DocumentTable):
    """Extra, kind, ranks, aspects it bought, controlling aspect, counts in pyramid, notes."""

    HEADERS = ("Extra", "Kind", "Ranks", "Aspects (; between)", "Controlled by", "In pyramid",
               "Notes")  # fmt: skip

    def _items(self) -> tuple[Any, ...]:
        return self._character().extras

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Ranks come from the phases; the rest is editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 2:
            return base if self._character().phases else base | Qt.ItemFlag.ItemIsEditable
        if index.column() == 5:
            return base | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsUserTristate
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The extra's fields."""
        if not index.isValid() or not 0 <= index.row() < self._count:
            return None
        extra = self._character().extras[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return extra.name
            if column == 1:
                return (
                    EXTRA_KINDS[extra.kind] if role == Qt.ItemDataRole.DisplayRole else extra.kind
                )
            if column == 2:
                return extra.ranks
            if column == 3:
                return "; ".join(extra.aspects)
            if column == 4:
                return extra.controlling_aspect
            if column == 6:
                return extra.notes
        if role == Qt.ItemDataRole.CheckStateRole and column == 5:
            if extra.in_pyramid is None:
                return Qt.CheckState.PartiallyChecked
            return Qt.CheckState.Checked if extra.in_pyramid else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole and column == 5:
            return "Partly ticked: as the campaign says (5. Extras and the Pyramid)"
        if role == Qt.ItemDataRole.ToolTipRole and column == 2:
            return "Ranks are ticked in the phases (the Extra: rows of the builder)"
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push an :class:`EditExtraCommand`."""
        if not index.isValid():
            return False
        extra = self._character().extras[index.row()]
        column = index.column()
        try:
            if column == 5 and role == Qt.ItemDataRole.CheckStateRole:
                state = Qt.CheckState(value) if isinstance(value, int) else value
                in_pyramid = {
                    Qt.CheckState.Checked: True,
                    Qt.CheckState.Unchecked: False,
                }.get(state)
                new = evolve(extra, in_pyramid=in_pyramid)
            elif role != Qt.ItemDataRole.EditRole:
                return False
            elif column == 0:
                new = evolve(extra, name=" ".join(str(value).split()))
            elif column == 1:
                if value not in EXTRA_KINDS:
                    return False
                kind: ExtraKind = value
                new = evolve(extra, kind=kind)
            elif column == 2:
                new = evolve(extra, ranks=int(value))
            elif column == 3:
                new = evolve(
                    extra, aspects=tuple(a.strip() for a in str(value).split(";") if a.strip())
                )
            elif column == 4:
                new = evolve(extra, controlling_aspect=str(value).strip())
            elif column == 6:
                new = evolve(extra, notes=str(value))
            else:
                return False
        except (TypeError, ValueError):
            return False
        if new == extra:
            return False
        self.document.undo_stack.push(EditExtraCommand(self.document, index.row(), new))
        return True
