"""GUI layer: the ART Engine editor's Qt models (attributes, lists of gear and treasures,
skills, perks and the perk catalogue).

Every model reads the document's current adventurer and its cached problems and derived
values; every edit goes through :mod:`gui.systems.art.commands` onto the document's undo stack.
A cell whose field has a problem is tinted, with the problem's message as its tooltip (ART
Engine, Chapter 2 "Creating an Adventurer").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.art.commands import art, set_attribute, set_item, set_pair, set_skill
from gui.theme import colour
from rules.systems.art.catalog import ATTRIBUTE_NAMES, ATTRIBUTES, ArtCatalog
from rules.validation import Problem, Severity

Index = QModelIndex | QPersistentModelIndex
CHOICES_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""A cell's choices (a list of strings) when it is edited with a drop-down."""
DASH = "\u2014"


def tint(problems: Sequence[Problem]) -> QBrush | None:
    """The background of a cell with ``problems`` (None when it has none)."""
    if not problems:
        return None
    worst = any(p.severity is Severity.ERROR for p in problems)
    return QBrush(colour("error_bg" if worst else "warning_bg"))


def tip(problems: Sequence[Problem]) -> str | None:
    """The messages of ``problems``, one a line."""
    return "\n".join(p.message for p in problems) or None


class ChoiceDelegate(QStyledItemDelegate):
    """Edits a cell with a drop-down when its model gives choices (:data:`CHOICES_ROLE`)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        """A combo box for cells with choices, else the default editor."""
        choices = index.data(CHOICES_ROLE)
        if not choices:
            return super().createEditor(parent, option, index)
        combo = QComboBox(parent)
        combo.addItems(list(choices))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        """Select the cell's value."""
        if isinstance(editor, QComboBox):
            value = str(index.data(Qt.ItemDataRole.EditRole) or "")
            found = editor.findText(value)
            editor.setCurrentIndex(max(0, found))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        """Hand the chosen text to the model."""
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


class _DocumentModel(QAbstractTableModel):
    """A table over the document's adventurer, reset whenever it changes."""

    headers: tuple[str, ...] = ()

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__()
        self.document = document
        document.problems_changed.connect(self._reset)

    def _reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The headers' count (no children)."""
        return 0 if parent.isValid() else len(self.headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.headers)
        ):
            return self.headers[section]
        return None

    def push(self, command: Any) -> None:
        """Push ``command`` on the document's undo stack."""
        self.document.undo_stack.push(command)


class AttributesModel(_DocumentModel):
    """The ten attributes: score, the balanced method's two numbers, and what is wrong.

    Columns: attribute, score, numbers (``a+b``, balanced method), checks (the problem
    messages of that attribute, in place).
    """

    headers = ("Attribute", "Score", "Numbers", "Checks")

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Ten."""
        return 0 if parent.isValid() else len(ATTRIBUTES)

    def _problems(self, key: str) -> tuple[Problem, ...]:
        return (
            *self.document.problems_at(f"attributes.{key}"),
            *self.document.problems_at(f"balanced_pairs.{key}"),
        )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Names, scores, pairs and checks; tinted where a check fails."""
        if not index.isValid():
            return None
        key = ATTRIBUTES[index.row()]
        c = art(self.document)
        col = index.column()
        problems = self._problems(key)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if col == 0:
                return f"{ATTRIBUTE_NAMES[key]} ({key})"
            if col == 1:
                value = c.attribute(key)
                if role == Qt.ItemDataRole.EditRole:
                    return value if value is not None else 0
                return DASH if value is None else str(value)
            if col == 2:
                pair = c.balanced_pairs.get(key)  # type: ignore[call-overload]
                return "" if pair is None else f"{pair[0]}+{pair[1]}"
            if col == 3:
                return "; ".join(p.message for p in problems) or ("\u2713" if c.attribute(key)
                                                                   is not None else "")  # fmt: skip
        if role == Qt.ItemDataRole.BackgroundRole and col in (1, 2, 3):
            return tint(problems)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(problems)
        if role == Qt.ItemDataRole.AccessibleTextRole and col == 0:
            return ATTRIBUTE_NAMES[key]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Score editable (not once a pair sets it); numbers editable in the balanced method."""
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        c = art(self.document)
        balanced = c.attribute_method == "balanced"
        if index.column() == 1 or (index.column() == 2 and balanced):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A score (0 or empty clears it) or a pair ``a+b`` (empty clears it)."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        key = ATTRIBUTES[index.row()]
        if index.column() == 1:
            try:
                score = int(str(value).strip() or 0)
            except ValueError:
                return False
            if not 0 <= score <= 99:
                return False
            self.push(set_attribute(self.document, key, score or None))
            return True
        if index.column() == 2:
            pair = parse_pair(str(value))
            if pair is False or pair is True:
                return False
            self.push(set_pair(self.document, key, pair))
            return True
        return False


def parse_pair(text: str) -> tuple[int, int] | bool | None:
    """``"4+3"`` (or ``"4 3"``, ``"4,3"``) -> (4, 3); empty -> None; anything else False."""
    cleaned = text.replace("+", " ").replace(",", " ").split()
    if not cleaned:
        return None
    if len(cleaned) != 2 or not all(p.isdigit() for p in cleaned):
        return False
    a, b = int(cleaned[0]), int(cleaned[1])
    if not (0 <= a <= 99 and 0 <= b <= 99):
        return False
    return a, b


@dataclass(frozen=True)
class Column:
    """One column of an :class:`ItemsModel`.

    Attributes:
        title: The header.
        get: The cell's text for an item and its row.
        set: The item with the cell set to a text (None: refused), or None when read-only.
        choices: The drop-down's texts, or None for free text.
        path: The problem path below the item that this cell shows (``"cost"``), or ``""``.
    """

    title: str
    get: Callable[[Any, int], str]
    set: Callable[[Any, str], BaseModel | None] | None = None
    choices: Callable[[], list[str]] | None = None
    path: str = ""


class ItemsModel(_DocumentModel):
    """One list field of the adventurer (weapons, gear, treasures, trophies, perks).

    Args:
        document: The adventurer's document.
        field: The list field (``"weapons"``).
        label: What one item is called in undo texts.
        columns: The columns.
    """

    def __init__(
        self, document: CharacterDocument, field: str, label: str, columns: Sequence[Column]
    ) -> None:
        self.field = field
        self.label = label
        self.columns = tuple(columns)
        self.headers = tuple(c.title for c in self.columns)
        super().__init__(document)

    def items(self) -> tuple[Any, ...]:
        """The list as the adventurer has it."""
        items: tuple[Any, ...] = getattr(art(self.document), self.field)
        return items

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per item."""
        return 0 if parent.isValid() else len(self.items())

    def _problems(self, row: int, column: Column) -> tuple[Problem, ...]:
        base = f"{self.field}[{row}]"
        if column.path:
            return self.document.problems_at(f"{base}.{column.path}")
        exact = tuple(p for p in self.document.problems if p.path == base)
        return exact if column is self.columns[0] else ()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell texts, choices, tints and problem tooltips."""
        if not index.isValid():
            return None
        row, column = index.row(), self.columns[index.column()]
        item = self.items()[row]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return column.get(item, row)
        if role == CHOICES_ROLE:
            return column.choices() if column.choices is not None else None
        problems = self._problems(row, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            return tint(problems)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(problems)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Editable where the column has a setter."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.columns[index.column()].set is not None:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push the edit as one undo step (refused values change nothing)."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        column = self.columns[index.column()]
        if column.set is None:
            return False
        item = self.items()[index.row()]
        try:
            new = column.set(item, str(value))
        except ValueError:
            return False
        if new is None or new == item:
            return new is not None
        self.push(set_item(self.document, self.field, index.row(), new, self.label))
        return True


class SkillsModel(_DocumentModel):
    """The adventurer's skills: name, rating and the XP a starting skill costs."""

    headers = ("Skill", "Rating", "XP at creation")

    def __init__(self, document: CharacterDocument, catalog: ArtCatalog) -> None:
        self.catalog = catalog
        super().__init__(document)

    def names(self) -> list[str]:
        """Skill names in the adventurer's order."""
        return list(art(self.document).skills)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per skill."""
        return 0 if parent.isValid() else len(self.names())

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name, ``+n``, XP; tinted with the skill's problems."""
        if not index.isValid():
            return None
        name = self.names()[index.row()]
        value = art(self.document).skills[name]
        col = index.column()
        if role == Qt.ItemDataRole.EditRole:
            return name if col == 0 else value
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return name
            if col == 1:
                return f"{value:+d}"
            cost = self.catalog.skill_cost(value)
            return DASH if cost is None else str(cost)
        problems = self.document.problems_at(f"skills.{name}")
        if role == Qt.ItemDataRole.BackgroundRole:
            return tint(problems)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(problems)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Name and rating editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() < 2 else base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Rename (a name already taken is refused) or rate (``+3`` or ``3``, 1-8)."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        name = self.names()[index.row()]
        rating = art(self.document).skills[name]
        if index.column() == 0:
            new = str(value).strip()
            if not new or (new != name and new in art(self.document).skills):
                return False
            if new != name:
                self.push(set_skill(self.document, new, rating, old_name=name))
            return True
        try:
            number = int(str(value).strip().lstrip("+") or 0)
        except ValueError:
            return False
        if not 1 <= number <= 8:
            return False
        if number != rating:
            self.push(set_skill(self.document, name, number))
        return True


class PerkCatalogModel(_DocumentModel):
    """The book's perks (read-only): XP, ranks, prerequisites, and whether the adventurer
    meets them now (ART Engine, Chapter 6 "Buying Perks")."""

    headers = ("Perk", "XP", "Ranks", "Needs", "Meets needs", "What it does")

    def __init__(self, document: CharacterDocument, catalog: ArtCatalog) -> None:
        self.catalog = catalog
        super().__init__(document)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per book perk."""
        return 0 if parent.isValid() else len(self.catalog.perks.perks)

    def unmet(self, row: int) -> list[str]:
        """The prerequisites of perk ``row`` the adventurer does not meet."""
        perk = self.catalog.perks.perks[row]
        c = art(self.document)
        out = []
        for key, minimum in perk.requirements(1).items():
            value = c.attribute(key)
            if value is None or value < minimum:
                out.append(f"{ATTRIBUTE_NAMES[key]} {minimum}")
        owned = {p.name.casefold() for p in c.perks}
        out += [need for need in perk.perks if need.casefold() not in owned]
        return out

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The perk's facts; the summary as tooltip."""
        if not index.isValid():
            return None
        perk = self.catalog.perks.perks[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return perk.name
            if col == 1:
                return f"{perk.xp} a rank" if perk.per_rank else str(perk.xp)
            if col == 2:
                if not perk.per_rank:
                    return "1"
                return f"1-{perk.max_rank}" if perk.max_rank else "any"
            if col == 3:
                needs = [f"{k} {v}" for k, v in perk.requirements(1).items()] + list(perk.perks)
                return ", ".join(needs) or DASH
            if col == 5:
                return perk.summary
            unmet = self.unmet(index.row())
            return "\u2713" if not unmet else "needs " + ", ".join(unmet)
        if role == Qt.ItemDataRole.ToolTipRole:
            return perk.summary or None
        if role == Qt.ItemDataRole.ForegroundRole and col == 4 and self.unmet(index.row()):
            return QBrush(colour("error"))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Selectable, read-only."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
