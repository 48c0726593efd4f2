"""GUI layer: Qt models over a SotC character's personal gadgets and artifacts.

Three thin adapters over a :class:`CharacterDocument`: the gadgets themselves, the improvements
on the gadget being edited, and the book's list of improvements to pick from. They read the
character, the catalogue's flags and the document's cached problems; ``setData`` pushes an
:class:`EditTextCommand` and never mutates.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush

from gui.documents.character_document import CharacterDocument
from gui.models.base import (
    FIRST_FREE_ROLE,
    DocumentTableModel,
    IdRole,
    Index,
    ObjectRole,
    SortRole,
    TableModel,
)
from gui.models.problem_model import severity_icon
from gui.systems.sotc.commands import GADGET_KINDS, EditTextCommand, read_text
from gui.theme import colour
from rules.systems.sotc.character import Gadget, SotcCharacter
from rules.validation import Problem, Severity

PathRole = FIRST_FREE_ROLE
AvailableRole = FIRST_FREE_ROLE + 1

SHORT_KINDS = {"personal": "Gadget", "artifact": "Artifact", "other": "Other"}

SURCHARGE_ROWS: tuple[tuple[str, str], ...] = (
    (
        "Uses Weird Science",
        "Records what a personal gadget pays to use Weird Science improvements without the "
        "Weird Science stunt: one improvement, counted once per gadget.",
    ),
    (
        "Uses Mad Science",
        "Records what a personal gadget pays to use Mad Science improvements without the Mad "
        "Science stunt: two improvements, counted once per gadget.",
    ),
)
"""The two surcharge entries of SotC "Personal Gadgets", offered beside the book's list."""


def _gadgets(document: CharacterDocument) -> tuple[Gadget, ...]:
    character = document.character
    assert isinstance(character, SotcCharacter)
    return character.gadgets


def push_text_edit(document: CharacterDocument, path: str, value: Any) -> bool:
    """``setData`` for a text cell: push an :class:`EditTextCommand` unless nothing changes."""
    text = str(value)
    if text == read_text(document.character, path):
        return False
    document.undo_stack.push(EditTextCommand(document, path, text))
    return True


MARK_ROLES = (
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.ToolTipRole,
)
"""Roles through which a cell shows its problems."""


def _mark(problems: tuple[Problem, ...], role: int) -> Any:
    """Severity dot, colour or tooltip for cells with problems (None when there are none)."""
    if not problems:
        return None
    is_error = any(p.severity is Severity.ERROR for p in problems)
    if role == Qt.ItemDataRole.DecorationRole:
        return severity_icon(is_error)
    if role == Qt.ItemDataRole.ForegroundRole:
        return QBrush(colour("error") if is_error else colour("warning"))
    return "\n".join(f"{p.message} ({p.section})" for p in problems)


class GadgetListModel(DocumentTableModel):
    """One row per gadget: name (editable), kind and number of improvements."""

    COLUMNS = ("Gadget", "Kind", "Improvements")
    EDITABLE_COLUMNS = frozenset({0})
    _document: CharacterDocument

    def state_key(self) -> object:
        """The gadgets and their problems."""
        return (_gadgets(self._document), self._document.problems_at("gadgets"))

    def row_count(self) -> int:
        """Number of gadgets."""
        return len(_gadgets(self._document))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name, kind and count; problems as a dot, colour and tooltip on the name."""
        if not self.row_valid(index):
            return None
        row, column = index.row(), index.column()
        gadget = _gadgets(self._document)[row]
        path = f"gadgets[{row}]"
        if role in (IdRole, PathRole):
            return path
        if role == ObjectRole:
            return gadget
        if role == SortRole:
            return row
        if role == Qt.ItemDataRole.EditRole and column == 0:
            return gadget.name
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return gadget.name.strip() or f"Unnamed gadget {row + 1}"
            if column == 1:
                return SHORT_KINDS[gadget.kind]
            return str(len(gadget.improvements))
        if column == 0 and role in MARK_ROLES:
            return _mark(self._document.problems_at(path), role)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{gadget.name or 'Unnamed gadget'}, {GADGET_KINDS[gadget.kind]}"
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push a command renaming the gadget."""
        if not self.row_valid(index) or index.column() != 0 or role != Qt.ItemDataRole.EditRole:
            return False
        return push_text_edit(self._document, f"gadgets[{index.row()}].name", value)


class ImprovementModel(DocumentTableModel):
    """The improvements on one gadget (chosen with :meth:`set_gadget`): name and detail."""

    COLUMNS = ("Improvement", "Detail")
    EDITABLE_COLUMNS = frozenset({1})
    _document: CharacterDocument

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        self._gadget = -1
        super().__init__(document, parent)

    @property
    def gadget(self) -> int:
        """The index of the gadget shown (-1 for none)."""
        return self._gadget

    def set_gadget(self, index: int) -> None:
        """Show the improvements of gadget ``index`` (-1 shows none)."""
        self._gadget = index
        self.resync()

    def _improvements(self) -> tuple[Any, ...]:
        gadgets = _gadgets(self._document)
        if 0 <= self._gadget < len(gadgets):
            return gadgets[self._gadget].improvements
        return ()

    def state_key(self) -> object:
        """The gadget's improvements and their problems."""
        path = f"gadgets[{self._gadget}]"
        return (self._improvements(), self._document.problems_at(path))

    def row_count(self) -> int:
        """Number of improvements on the gadget."""
        return len(self._improvements())

    def path_of(self, row: int) -> str:
        """The validator's path of the improvement on ``row``."""
        return f"gadgets[{self._gadget}].improvements[{row}]"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Improvement name and detail; its problems as a dot, colour and tooltip."""
        if not self.row_valid(index):
            return None
        row, column = index.row(), index.column()
        improvement = self._improvements()[row]
        path = self.path_of(row)
        if role in (IdRole, PathRole):
            return path
        if role == ObjectRole:
            return improvement
        if role == SortRole:
            return row
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return improvement.name
            if role == Qt.ItemDataRole.DisplayRole and not improvement.detail:
                return "\u2014 double-click to describe"
            return improvement.detail
        if role == Qt.ItemDataRole.ForegroundRole and column == 1 and not improvement.detail:
            return QBrush(colour("muted"))
        if column == 0 and role in MARK_ROLES:
            return _mark(self._document.problems_at(path), role)
        if role == Qt.ItemDataRole.ToolTipRole:
            return "What this improvement does on this device (double-click to edit)."
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push a command that sets the improvement's detail."""
        if not self.row_valid(index) or index.column() != 1 or role != Qt.ItemDataRole.EditRole:
            return False
        return push_text_edit(self._document, f"{self.path_of(index.row())}.detail", value)


class ImprovementCatalogModel(TableModel):
    """The book's improvements (and the two surcharge entries) with what limits each.

    :meth:`set_gadget` says which gadget they would go on: rows that gadget cannot take (an
    artifact-only improvement on a gadget, a second Armed...) are greyed and say why, but stay
    listed and can still be added (the validator then reports the problem in place).
    """

    COLUMNS = ("Improvement", "Limits")

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        catalog = getattr(document.system, "catalog", None)
        self._defs: tuple[Any, ...] = tuple(catalog.improvements) if catalog is not None else ()
        self._gadget = -1
        self._state = self._state_key()
        document.character_replaced.connect(self._on_character_replaced)

    def set_gadget(self, index: int) -> None:
        """Judge the rows against gadget ``index`` (-1: no gadget chosen)."""
        self._gadget = index
        self._state = self._state_key()
        self.refresh_rows()

    def _target(self) -> Gadget | None:
        gadgets = _gadgets(self._document)
        return gadgets[self._gadget] if 0 <= self._gadget < len(gadgets) else None

    def _state_key(self) -> object:
        return self._target()

    def _on_character_replaced(self, _character: object) -> None:
        state = self._state_key()
        if state != self._state:
            self._state = state
            self.refresh_rows()

    def row_count(self) -> int:
        """The book's improvements plus the two surcharge entries."""
        return len(self._defs) + len(SURCHARGE_ROWS)

    def name_at(self, row: int) -> str:
        """The improvement's name on ``row``."""
        if row < len(self._defs):
            return str(self._defs[row].name)
        return SURCHARGE_ROWS[row - len(self._defs)][0]

    def summary_at(self, row: int) -> str:
        """One line on what the improvement on ``row`` does."""
        if row < len(self._defs):
            return str(self._defs[row].summary)
        return SURCHARGE_ROWS[row - len(self._defs)][1]

    def limits_at(self, row: int) -> str:
        """The improvement's flags in plain words ("Weird Science; repeatable")."""
        if row >= len(self._defs):
            return "Personal gadgets without the stunt"
        d = self._defs[row]
        parts = []
        if d.weird_science:
            parts.append("Weird Science")
        if d.mad_science:
            parts.append("Mad Science")
        if d.artifact_only:
            parts.append("artifacts only")
        if d.not_on_artifacts:
            parts.append("not on artifacts")
        parts.append("repeatable" if d.repeatable else "once per device")
        return ", ".join(parts)

    def blocked_at(self, row: int) -> str:
        """Why the chosen gadget cannot take the improvement on ``row`` ("" if it can)."""
        gadget = self._target()
        if gadget is None or row >= len(self._defs):
            if gadget is not None and gadget.kind == "artifact":
                return "Artifacts pay in complications, not improvements"
            return ""
        d = self._defs[row]
        if d.artifact_only and gadget.kind != "artifact":
            return "Only artifacts can take it"
        if d.not_on_artifacts and gadget.kind == "artifact":
            return "Artifacts cannot take it"
        if not d.repeatable and any(
            m.name.strip().casefold() == d.name.casefold() for m in gadget.improvements
        ):
            return "Already on this device (once only)"
        return ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Name and limits; greyed with the reason when the chosen gadget cannot take it."""
        if not self.row_valid(index):
            return None
        row, column = index.row(), index.column()
        name = self.name_at(row)
        blocked = self.blocked_at(row)
        if role in (IdRole, SortRole) and column == 0:
            return name if role == IdRole else row
        if role == ObjectRole:
            return self._defs[row] if row < len(self._defs) else None
        if role == AvailableRole:
            return not blocked
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return name
            return blocked or self.limits_at(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            why = f"\n{blocked}." if blocked else ""
            return f"{name} ({self.limits_at(row)})\n{self.summary_at(row)}{why}"
        if role == Qt.ItemDataRole.ForegroundRole and blocked:
            return QBrush(colour("muted"))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{name}: {blocked or self.limits_at(row)}"
        return None
