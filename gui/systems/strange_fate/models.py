"""GUI layer: Strange Fate's Qt models (read-only views of rules results).

:class:`SkillsModel` lists a character's skills with kind, rating, Power Tier and skill-point
cost (from the document's cached derived values); :class:`BreakdownModel` is the skill
designer's step-by-step walk with its running cost; :class:`DesignListModel` lists the
designer's trappings or Drawbacks. None computes rules: they show what they are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from gui.documents.character_document import CharacterDocument
from gui.theme import colour
from rules.systems.strange_fate.book import SkillPrice
from rules.systems.strange_fate.cost import Walk

_ROLE = Qt.ItemDataRole
_NO_PARENT = QModelIndex()
Index = QModelIndex | QPersistentModelIndex


class SkillsModel(QAbstractTableModel):
    """The character's skills: name, kind, rating, tier, skill points (and any pricing problem)."""

    HEADERS = ("Skill", "Kind", "Rating", "Tier", "Skill points")

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: tuple[SkillPrice, ...] = ()
        self._reload()
        document.problems_changed.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        derived: Any = self._document.derived
        self._rows = tuple(derived.skills)
        self.endResetModel()

    def skill_at(self, row: int) -> str | None:
        """The skill name of ``row``."""
        return self._rows[row].name if 0 <= row < len(self._rows) else None

    def row_of(self, name: str) -> int:
        """The row of skill ``name`` (-1: none)."""
        return next((i for i, r in enumerate(self._rows) if r.name == name), -1)

    def rowCount(self, parent: Index = _NO_PARENT) -> int:
        """One row per skill."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _NO_PARENT) -> int:
        """Five columns."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        """Column titles."""
        horizontal = orientation == Qt.Orientation.Horizontal and role == _ROLE.DisplayRole
        if horizontal and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        return None

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        """The row's price facts."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role in (_ROLE.DisplayRole, _ROLE.AccessibleTextRole):
            values = (row.name, row.kind.title(), row.rating, row.tier, row.skill_points)
            return values[column] if 0 <= column < len(values) else None
        if role == _ROLE.ToolTipRole:
            if row.problem:
                return row.problem
            if row.trapping_points is not None:
                tip = (
                    f"rating {row.rating} + trapping points {row.trapping_points} + Extras "
                    f"{row.extra_points} \u2212 Drawbacks {row.drawback_points}"
                )
                if row.printed is not None:
                    tip += f" (the book prints {row.printed})"
                return tip
            return "A Common skill costs its rating."
        if role == _ROLE.TextAlignmentRole and column in (2, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == _ROLE.ForegroundRole and row.problem:
            return colour("error")
        return None


class BreakdownModel(QAbstractTableModel):
    """A cheapest walk, step by step: trapping, box, lines crossed, points, running total."""

    HEADERS = ("#", "Trapping", "Box", "Lines", "Points", "Total")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[Any, ...]] = []

    def set_walk(self, walk: Walk | None) -> None:
        """Show ``walk`` (None: empty)."""
        self.beginResetModel()
        self._rows = []
        running = 0
        for i, step in enumerate(walk.steps if walk else (), start=1):
            running += step.points
            via = ", ".join(f"{ln.a}\u2013{ln.b} ({ln.style})" for ln in step.lines)
            lines = f"{step.line_points}{' capped' if step.capped else ''}"
            self._rows.append(
                (i, step.trapping, step.box, f"{lines} {via}" if via else "\u2014",
                 step.points, running)
            )  # fmt: skip
        self.endResetModel()

    def rowCount(self, parent: Index = _NO_PARENT) -> int:
        """One row per step."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _NO_PARENT) -> int:
        """Six columns."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        """Column titles."""
        horizontal = orientation == Qt.Orientation.Horizontal and role == _ROLE.DisplayRole
        if horizontal and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        return None

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        """The step's facts."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (_ROLE.DisplayRole, _ROLE.AccessibleTextRole):
            row = self._rows[index.row()]
            return row[index.column()] if 0 <= index.column() < len(row) else None
        return None


class DesignListModel(QAbstractListModel):
    """A list of labels (the designer's trappings or Drawbacks)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[str] = []

    def set_rows(self, rows: Sequence[str]) -> None:
        """Show ``rows``."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = _NO_PARENT) -> int:
        """One row per label."""
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        """The label."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (_ROLE.DisplayRole, _ROLE.AccessibleTextRole):
            return self._rows[index.row()]
        return None


class TierBenefitsModel(QAbstractListModel):
    """The trappings of one skill that have Tier Benefits (L1200), ticked when chosen.

    Ticking pushes :class:`~gui.systems.strange_fate.commands.SetTierBenefitsCommand`; the
    model only reads the document back.
    """

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.skill: str | None = None
        self._rows: list[str] = []
        self._chosen: tuple[str, ...] = ()
        document.character_replaced.connect(self._on_replaced)

    def set_skill(self, skill: str | None) -> None:
        """Show ``skill``'s trappings with Tier Benefits."""
        self.skill = skill
        self._reload()

    def _on_replaced(self, _character: object) -> None:
        self._reload()

    def _reload(self) -> None:
        from rules.systems.strange_fate.derive import skill_trappings

        self.beginResetModel()
        character: Any = self._document.character
        system: Any = self._document.system
        self._rows, self._chosen = [], ()
        if self.skill is not None and self.skill in character.skills:
            uses = skill_trappings(system.book, character, self.skill)
            names = dict.fromkeys(u.trapping for u in uses)
            self._rows = [n for n in names if system.book.benefits.of(n) is not None]
            self._chosen = tuple(character.tier_benefits.get(self.skill, ()))
        self.endResetModel()

    def rowCount(self, parent: Index = _NO_PARENT) -> int:
        """One row per trapping with Tier Benefits."""
        return 0 if parent.isValid() else len(self._rows)

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Checkable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsUserCheckable
        )

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        """The trapping, ticked when chosen."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        name = self._rows[index.row()]
        if role in (_ROLE.DisplayRole, _ROLE.AccessibleTextRole):
            return name
        if role == _ROLE.CheckStateRole:
            checked = name in self._chosen
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        return None

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        """Tick or untick: one undoable command."""
        from gui.systems.strange_fate.commands import SetTierBenefitsCommand

        if role != _ROLE.CheckStateRole or not index.isValid() or self.skill is None:
            return False
        if not 0 <= index.row() < len(self._rows):
            return False
        name = self._rows[index.row()]
        on = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2)
        chosen = [n for n in self._chosen if n != name] + ([name] if on else [])
        self._document.undo_stack.push(
            SetTierBenefitsCommand(self._document, self.skill, tuple(chosen))
        )
        return True
