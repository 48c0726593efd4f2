"""GUI layer: Qt models over a SotC character's skills: the skill list and the pyramid's rungs.

Thin adapters over a :class:`CharacterDocument`: they read the character and the document's cached
derived values and problems; ``setData`` pushes a :class:`PlaceSkillCommand` and never mutates.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush

from gui.documents.character_document import CharacterDocument
from gui.models.base import FIRST_FREE_ROLE, IdRole, SortRole, TableModel
from gui.systems.sotc.commands import PlaceSkillCommand
from gui.systems.sotc.stunt_checks import sotc_settings
from gui.theme import colour
from rules.names import find_name
from rules.systems.sotc.system import PYRAMID
from rules.validation import Severity

SKILL_MIME = "application/x-fatesmith-skill"
"""Drag-and-drop payload: one skill name, UTF-8."""

RatingRole = FIRST_FREE_ROLE
SkillsRole = FIRST_FREE_ROLE + 1
CapacityRole = FIRST_FREE_ROLE + 2
ProblemsRole = FIRST_FREE_ROLE + 3
SectionRole = FIRST_FREE_ROLE + 4

RUNGS: tuple[int, ...] = tuple(sorted(PYRAMID, reverse=True))
"""The pyramid's rungs, top (Superb) first."""

_Index = QModelIndex | QPersistentModelIndex


def skill_mime(name: str) -> QMimeData:
    """Mime data carrying one skill name (used by the list and by placed slots)."""
    mime = QMimeData()
    mime.setData(SKILL_MIME, QByteArray(name.encode("utf-8")))
    mime.setText(name)
    return mime


def skill_from_mime(mime: QMimeData) -> str | None:
    """The skill name in ``mime``, or None when it carries none."""
    if mime.hasFormat(SKILL_MIME):
        return bytes(mime.data(SKILL_MIME).data()).decode("utf-8", "replace").strip() or None
    return None


class SkillListModel(TableModel):
    """Every skill of the campaign with its current rating (columns: Skill, Rung).

    Skills on the character but not in the campaign list are appended so they can be removed.
    """

    COLUMNS = ("Skill", "Rung")
    EDITABLE_COLUMNS = frozenset({1})

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._names: list[str] = self._current_names()
        self._skills = dict(document.character.skills)
        document.character_replaced.connect(self._on_character_replaced)

    def _current_names(self) -> list[str]:
        names = list(self._document.skill_names())
        known = {n.casefold() for n in names}
        names += [k for k in self._document.character.skills if k.casefold() not in known]
        return names

    def _on_character_replaced(self, _character: object) -> None:
        skills = dict(self._document.character.skills)
        if skills == self._skills:
            return
        self._skills = skills
        names = self._current_names()
        if names != self._names:
            self.beginResetModel()
            self._names = names
            self.endResetModel()
        elif self._names:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._names) - 1, 1))

    def skill_at(self, row: int) -> str:
        """The skill name on ``row``."""
        return self._names[row]

    def row_of(self, name: str) -> int:
        """The row of skill ``name`` (case-insensitive), or -1."""
        found = find_name(self._names, name)
        return -1 if found is None else self._names.index(found)

    def row_count(self) -> int:
        """Number of skills."""
        return len(self._names)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name, rating (as "Good (+3)") and roles for sorting and dragging."""
        if not index.isValid() or not 0 <= index.row() < len(self._names):
            return None
        name = self._names[index.row()]
        rating = self._document.character.skill(name)
        if role == IdRole:
            return name
        if role == RatingRole:
            return rating
        if role == SortRole:
            return name.casefold() if index.column() == 0 else -rating
        if role == Qt.ItemDataRole.EditRole and index.column() == 1:
            return rating
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return name
            return self._document.system.ladder.render(rating) if rating else "\u2014"
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(name, rating)
        if role == Qt.ItemDataRole.ForegroundRole and rating == 0 and index.column() == 1:
            # only the empty rating is quiet: an unplaced skill is available, not disabled
            return QBrush(colour("muted"))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            where = self._document.system.ladder.render(rating) if rating else "not placed"
            return f"{name}, {where}"
        return None

    def _tooltip(self, name: str, rating: int) -> str:
        catalog = getattr(self._document.system, "catalog", None)
        summary = ""
        if catalog is not None:
            try:
                summary = catalog.skill(sotc_settings(self._document).book_name(name)).summary
            except KeyError:
                summary = ""
        where = (
            f"On the pyramid at {self._document.system.ladder.render(rating)}."
            if rating
            else "Not on the pyramid (Mediocre)."
        )
        return f"{summary}\n{where}".strip()

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Selectable and draggable; the rung column is editable."""
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return super().flags(index) | Qt.ItemFlag.ItemIsDragEnabled

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push a command that places the skill at ``value`` (0 takes it off the pyramid)."""
        if not index.isValid() or index.column() != 1 or role != Qt.ItemDataRole.EditRole:
            return False
        try:
            rating = int(value)
        except (TypeError, ValueError):
            return False
        name = self._names[index.row()]
        if rating == self._document.character.skill(name) or not 0 <= rating <= max(PYRAMID):
            return False
        self._document.undo_stack.push(PlaceSkillCommand(self._document, name, rating))
        return True

    def mimeTypes(self) -> list[str]:
        """Skill names travel as :data:`SKILL_MIME`."""
        return [SKILL_MIME]

    def mimeData(self, indexes: Any) -> QMimeData:
        """The dragged skill's name."""
        rows = [i.row() for i in indexes if i.isValid()]
        return skill_mime(self._names[rows[0]] if rows else "")

    def supportedDragActions(self) -> Qt.DropAction:
        """Skills are moved onto the pyramid."""
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def supportedDropActions(self) -> Qt.DropAction:
        """Dropping a placed skill back on the list takes it off the pyramid."""
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def canDropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: _Index
    ) -> bool:
        """Only skill names may be dropped."""
        return skill_from_mime(data) is not None

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: _Index
    ) -> bool:
        """A skill dropped back on the list leaves the pyramid (one undoable step)."""
        name = skill_from_mime(data)
        if name is None or self._document.character.skill(name) == 0:
            return False
        self._document.undo_stack.push(PlaceSkillCommand(self._document, name, 0))
        return True


class PyramidModel(QAbstractListModel):
    """The pyramid's rungs, Superb first: which skills sit on each, its capacity and problems."""

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._state = self._state_key()
        document.problems_changed.connect(self._on_problems_changed)

    def _state_key(self) -> tuple[object, ...]:
        return (
            tuple(sorted(self._document.character.skills.items())),
            self._document.problems_at("pyramid"),
            self._document.problems_at("skills"),
        )

    def _on_problems_changed(self) -> None:
        state = self._state_key()
        if state == self._state:
            return
        self._state = state
        self.dataChanged.emit(self.index(0, 0), self.index(len(RUNGS) - 1, 0))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Five rungs."""
        return 0 if parent.isValid() else len(RUNGS)

    def skills_on(self, rating: int) -> tuple[str, ...]:
        """The skills rated ``rating`` (read from the document's cached derived values)."""
        pyramid: dict[int, tuple[str, ...]] = getattr(self._document.derived, "pyramid", {})
        return pyramid.get(rating, ())

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Rung label and counts, the skills on it and the problems found there."""
        if not index.isValid() or not 0 <= index.row() < len(RUNGS) or index.column() != 0:
            return None
        rating = RUNGS[index.row()]
        skills = self.skills_on(rating)
        capacity = PYRAMID[rating]
        problems = self._document.problems_at(f"pyramid.{rating}")
        if role == Qt.ItemDataRole.DisplayRole:
            label = self._document.system.ladder.render(rating)
            return f"{label}: {len(skills)} of {capacity}"
        if role in (RatingRole, IdRole, SortRole):
            return rating
        if role == SkillsRole:
            return skills
        if role == CapacityRole:
            return capacity
        if role == ProblemsRole:
            return tuple(p.message for p in problems if p.severity is Severity.ERROR)
        if role == SectionRole:
            return problems[0].section if problems else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(f"{p.message} ({p.section})" for p in problems) or None
        return None
