"""GUI layer: Qt models for SotC stunts: the catalogue tree (skill -> stunts) and the stunts taken.

Availability comes from :func:`gui.systems.sotc.stunt_checks.stunt_check` and the document's
cached problems; the models only map those to rows, colours and tooltips. Unavailable stunts
stay in the tree, marked and explained, never hidden.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QFont

from gui.documents.character_document import CharacterDocument
from gui.models.base import (
    FIRST_FREE_ROLE,
    ColumnHeaders,
    IdRole,
    ObjectRole,
    SortRole,
    TableModel,
)
from gui.systems.sotc.stunt_checks import sotc_settings, stunt_check, stunt_requirement
from gui.theme import colour
from rules.systems.sotc.character import SotcCharacter
from rules.validation import Severity

StatusRole = FIRST_FREE_ROLE
ReasonsRole = FIRST_FREE_ROLE + 1
SearchRole = FIRST_FREE_ROLE + 2
KindRole = FIRST_FREE_ROLE + 3

AVAILABLE, TAKEN, UNAVAILABLE, GM_CHECK = "available", "taken", "unavailable", "gm-check"


_Index = QModelIndex | QPersistentModelIndex
_SKILL_NODE = 0


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class StuntStatus:
    """What the picker shows for one catalogue stunt, given the current character."""

    def __init__(self, status: str, text: str, reasons: tuple[str, ...]) -> None:
        self.status = status
        self.text = text
        self.reasons = reasons


def stunt_status(document: CharacterDocument, name: str) -> StuntStatus:
    """Status of catalogue stunt ``name``: taken, available, GM check or unavailable (and why).

    Reads the document's cached prerequisite check; computes no rules.
    """
    character = document.character
    assert isinstance(character, SotcCharacter)
    catalog = getattr(document.system, "catalog")  # noqa: B009 - SotC systems carry one
    stunt = catalog.stunt(name)
    takes = sum(1 for n in character.stunt_names() if n.casefold() == stunt.name.casefold())
    check = stunt_check(document, stunt.name)
    if takes:
        positions = [
            i for i, p in enumerate(character.stunts) if p.name.casefold() == stunt.name.casefold()
        ]
        errors = tuple(
            p.message
            for i in positions
            for p in document.problems_at(f"stunts[{i}]")
            if p.severity is Severity.ERROR
        )
        label = "Taken" if takes == 1 else f"Taken \u00d7{takes}"
        if errors:
            return StuntStatus(TAKEN, f"{label}, but: {errors[0]}", errors)
        limit = stunt.max_takes
        if stunt.repeatable and (limit is None or takes < limit):
            label += " (can be taken again)"
        return StuntStatus(TAKEN, label, ())
    if check is None:
        return StuntStatus(AVAILABLE, "Available", ())
    if not check.met:
        reasons = tuple(_sentence(r) for r in check.reasons)
        return StuntStatus(UNAVAILABLE, "; ".join(reasons), reasons)
    if check.warnings:
        notes = tuple(_sentence(w) for w in check.warnings)
        return StuntStatus(GM_CHECK, "GM check: " + "; ".join(notes), notes)
    return StuntStatus(AVAILABLE, "Available", ())


def requirement_text(document: CharacterDocument, name: str) -> str:
    """The stunt's prerequisites in plain words ("None" for an entry-level stunt)."""
    catalog = getattr(document.system, "catalog")  # noqa: B009
    if catalog.stunt(name).requires is None:
        return "None (an entry-level stunt)"
    parts = [_sentence(r.removeprefix("needs ")) for r in stunt_requirement(document, name)]
    return "; ".join(parts) or "None"


class StuntTreeModel(ColumnHeaders, QAbstractItemModel):
    """Skills at the top level, each with its catalogue stunts; columns: Stunt, Status.

    Skills the campaign removed (SotC may drop Mysteries) are left out with their stunts; renamed
    ones show the campaign's name.
    """

    COLUMNS = ("Stunt", "Status")

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        catalog = getattr(document.system, "catalog")  # noqa: B009
        self._catalog = catalog
        removed = {s.casefold() for s in sotc_settings(document).removed_skills}
        skills = [s.name for s in catalog.skills if s.name.casefold() not in removed]
        self._skills: list[str] = skills
        self._stunts: list[tuple[str, ...]] = [
            tuple(s.name for s in catalog.stunts_for_skill(skill)) for skill in skills
        ]
        self._state = self._state_key()
        document.problems_changed.connect(self._on_problems_changed)

    def _state_key(self) -> tuple[object, ...]:
        """What the tree shows depends only on skills, stunts and the problems about stunts."""
        character = self._document.character
        return (
            tuple(sorted(character.skills.items())),
            getattr(character, "stunts", ()),
            self._document.problems_at("stunts"),
        )

    def _on_problems_changed(self) -> None:
        state = self._state_key()
        if state == self._state:
            return  # typing a phase's text must not repaint 266 stunts
        self._state = state
        last = self.columnCount() - 1
        for row, stunts in enumerate(self._stunts):
            parent = self.index(row, 0)
            self.dataChanged.emit(parent, self.index(row, last))
            if stunts:
                self.dataChanged.emit(
                    self.index(0, 0, parent), self.index(len(stunts) - 1, last, parent)
                )

    # -- structure ------------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Skill nodes carry id 0; stunt nodes carry their skill's row + 1."""
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _SKILL_NODE)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """A stunt's parent is its skill."""
        if not index.isValid() or index.internalId() == _SKILL_NODE:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _SKILL_NODE)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Skills at the top, stunts under each skill's first column."""
        if not parent.isValid():
            return len(self._skills)
        if parent.internalId() == _SKILL_NODE and parent.column() == 0:
            return len(self._stunts[parent.row()])
        return 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Stunt and status."""
        return len(self.COLUMNS)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Everything is selectable; stunts have no children."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != _SKILL_NODE:
            flags |= Qt.ItemFlag.ItemNeverHasChildren
        return flags

    def stunt_name(self, index: _Index) -> str | None:
        """The stunt at ``index``, or None for a skill node."""
        if not index.isValid() or index.internalId() == _SKILL_NODE:
            return None
        return self._stunts[index.internalId() - 1][index.row()]

    def find(self, name: str) -> QModelIndex:
        """The index of stunt ``name`` under its own skill (invalid if the campaign removed it)."""
        stunt = self._catalog.stunt(name)
        if stunt.skill not in self._skills:
            return QModelIndex()
        row = self._skills.index(stunt.skill)
        return self.index(self._stunts[row].index(stunt.name), 0, self.index(row, 0))

    # -- data -------------------------------------------------------------------------------------

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Skill rows show the rating; stunt rows the status and why."""
        if not index.isValid():
            return None
        if index.internalId() == _SKILL_NODE:
            return self._skill_data(index, role)
        return self._stunt_data(index, role)

    def _skill_data(self, index: _Index, role: int) -> Any:
        skill = self._skills[index.row()]
        campaign_name = sotc_settings(self._document).renamed_skills.get(skill, skill)
        rating = self._document.character.skill(campaign_name)
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return campaign_name
            return self._document.system.ladder.render(rating) if rating else "Not on pyramid"
        if role in (IdRole, SearchRole):
            return campaign_name
        if role == SortRole:
            return index.row()
        if role == KindRole:
            return "skill"
        if role == Qt.ItemDataRole.FontRole and index.column() == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 1 and rating == 0:
            return QBrush(colour("muted"))
        return None

    def _stunt_data(self, index: _Index, role: int) -> Any:
        name = self._stunts[index.internalId() - 1][index.row()]
        if role == IdRole:
            return name
        if role == KindRole:
            return "stunt"
        if role == SortRole:
            return index.row()
        if role == ObjectRole:
            return self._catalog.stunt(name)
        if role == SearchRole:
            stunt = self._catalog.stunt(name)
            return f"{stunt.name} {stunt.group} {stunt.summary}"
        status = stunt_status(self._document, name)
        if role == StatusRole:
            return status.status
        if role == ReasonsRole:
            return status.reasons
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return name
            return status.text
        if role == Qt.ItemDataRole.ToolTipRole:
            stunt = self._catalog.stunt(name)
            return f"{stunt.name} ({stunt.skill}, {stunt.group})\n{stunt.summary}\n{status.text}"
        if role == Qt.ItemDataRole.ForegroundRole:
            if status.status == UNAVAILABLE:
                return QBrush(colour("muted"))
            if status.status == TAKEN:
                return QBrush(colour("error") if status.reasons else colour("ok"))
            if status.status == GM_CHECK and index.column() == 1:
                return QBrush(colour("gm"))
        if role == Qt.ItemDataRole.FontRole and status.status == TAKEN and index.column() == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{name}: {status.text}"
        return None


class TakenStuntModel(TableModel):
    """The character's stunts, one row per take: Stunt, Skill, Status."""

    COLUMNS = ("Stunt", "Skill", "Status")

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = self._current()
        document.problems_changed.connect(self._on_problems_changed)

    def _current(self) -> list[tuple[str, str, bool, str, str, str]]:
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        rows = []
        catalog = getattr(self._document.system, "catalog", None)
        for i, pick in enumerate(character.stunts):
            problems = self._document.problems_at(f"stunts[{i}]")
            errors = [p.message for p in problems if p.severity is Severity.ERROR]
            notes = [p.message for p in problems if p.severity is not Severity.ERROR]
            if errors:
                status = errors[0]
            elif pick.custom:
                status = "Custom stunt: the GM must approve it"
            elif notes:
                status = notes[0]
            else:
                status = "OK"
            skill = pick.skill
            if not skill and catalog is not None and catalog.has_stunt(pick.name):
                skill = catalog.stunt(pick.name).skill
            rows.append(
                (pick.name, skill, pick.custom, status, "error" if errors else "", pick.detail)
            )
        return rows

    def _on_problems_changed(self) -> None:
        rows = self._current()
        if rows == self._rows:
            return
        if len(rows) == len(self._rows):
            self._rows = rows
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, 2))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def take_of(self, row: int) -> tuple[str, int]:
        """Stable identity of ``row``: (stunt name, 0-based take number)."""
        name = self._rows[row][0]
        take = sum(1 for r in self._rows[:row] if r[0].casefold() == name.casefold())
        return name, take

    def row_count(self) -> int:
        """Number of takes."""
        return len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name (custom ones marked), skill and status."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        name, skill, custom, status, error, detail = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                shown = f"{name} (custom)" if custom else name
                return f"{shown}: {detail}" if detail.strip() else shown
            return skill if index.column() == 1 else status
        if role == IdRole:
            return "{}#{}".format(*self.take_of(index.row()))
        if role == StatusRole:
            return "error" if error else ("custom" if custom else "ok")
        if role == SortRole:
            return index.row()
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{name}: {detail}\n{status}" if detail.strip() else status
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 2:
            if error:
                return QBrush(colour("error"))
            if custom or status != "OK":
                return QBrush(colour("gm"))
            return QBrush(colour("ok"))
        return None
