"""GUI layer: the phase-by-phase builder's table model: one column per phase, a tick per rank.

§2 Looking at the Pyramid keeps the character as a grid: the skills down the side, one column per
phase, a checkmark for each rank bought. The model shows that grid under a few rows that describe
each phase (its kind, plot flag, aspects, events and ranks spent of its budget), with the extras
bought with ranks below the skills and a last row to start a new skill. The last column is the
sheet (each skill's value now). ``setData`` pushes a command and never mutates; ``data`` reads
the document's state and its cached per-phase reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from gui.documents.character_document import CharacterDocument
from gui.systems.fate2.commands import (
    EditPhaseTextCommand,
    RenameSkillCommand,
    SetExtraTicksCommand,
    SetPhaseKindCommand,
    SetPhasePlotCommand,
    SetPhaseRenamesCommand,
    SetTicksCommand,
    fate2_of,
    parse_renames,
    show_renames,
)
from gui.theme import colour
from rules.systems.fate2.builder import PhaseReport, phase_reports
from rules.systems.fate2.character import Fate2Character, PhaseKind
from rules.systems.fate2.history import key

Index = QModelIndex | QPersistentModelIndex

TICK = "\u2713"


def broken_colour() -> QColor:
    """Where the pyramid breaks (the theme's error colour)."""
    return colour("error")


def broken_back() -> QColor:
    """Behind a breaking rung."""
    return colour("error_bg")


def ok_green() -> QColor:
    """A balanced pyramid."""
    return colour("ok")


def header_back() -> QColor:
    """Behind the grid's header rows."""
    return colour("header_bg")


RowKeyRole = Qt.ItemDataRole.UserRole + 1
"""A row's stable key: ("field", name), ("skill", name), ("extra", name) or ("add", "")."""
TicksRole = Qt.ItemDataRole.UserRole + 2
"""A tick cell's number of ticks (int)."""

KIND_LABELS: dict[str, str] = {
    "normal": "Phase",
    "absent": "Missed",
    "potential": "Potential",
    "destiny": "Destiny",
    "arc": "Arc",
}
"""Phase kinds as the grid names them (§2 Phases; §6 Potential, Destiny; §7 Advancement)."""

FIELD_LABELS = {"kind": "Kind", "plot": "Plot phase", "aspects": "Aspect", "events": "Events",
                "renames": "Renames", "ranks": "Ranks spent"}  # fmt: skip


@dataclass(frozen=True)
class Row:
    """One row of the grid: its kind and name."""

    kind: str
    name: str

    @property
    def key(self) -> tuple[str, str]:
        """The stable key (kind, name)."""
        return (self.kind, self.name)


def reports_of(document: CharacterDocument) -> tuple[PhaseReport, ...]:
    """The per-phase reports of the document's state (cached with the state)."""

    def make() -> tuple[PhaseReport, ...]:
        character, system, settings = fate2_of(document)
        return phase_reports(character, system.resolve(settings), system.ladder)

    return document.memo("fate2.phase_reports", make)


class PhaseGridModel(QAbstractTableModel):
    """Rows: phase fields, skills, extras, "add a skill"; columns: name, phases, sheet.

    Args:
        document: The FATE 2.0 character being edited.
        show_all: Whether every skill of the campaign's list gets a row (else only the skills
            bought so far).
        parent: The Qt parent.
    """

    def __init__(
        self, document: CharacterDocument, show_all: bool = False, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self._show_all = show_all
        self._rows: list[Row] = []
        self._phases = 0
        self._layout_rows()
        document.character_replaced.connect(self._on_character_replaced)

    # -- structure --------------------------------------------------------------------------------

    def _character(self) -> Fate2Character:
        character, _, _ = fate2_of(self.document)
        return character

    def _build_rows(self) -> list[Row]:
        character, _, settings = fate2_of(self.document)
        rows = [Row("field", "kind")]
        if settings.plot_aspects or any(p.plot for p in character.phases):
            rows.append(Row("field", "plot"))
        rows += [Row("field", "aspects"), Row("field", "events"), Row("field", "renames")]
        rows.append(Row("field", "ranks"))
        names: dict[str, str] = {}
        if self._show_all:
            for name in self.document.skill_names():
                names.setdefault(key(name), name)
        for phase in character.phases:
            for name in phase.ranks:
                if name.strip():
                    names.setdefault(key(name), name.strip())
        if not character.phases:
            for name in character.skills:
                if name.strip():
                    names.setdefault(key(name), name.strip())
        rows += [Row("skill", n) for n in names.values()]
        extras = [e.name.strip() for e in character.extras if e.name.strip()]
        rows += [Row("extra", n) for n in dict.fromkeys(extras)]
        rows.append(Row("add", ""))
        return rows

    def _layout_rows(self) -> None:
        self._rows = self._build_rows()
        self._phases = len(self._character().phases)

    def _on_character_replaced(self, _character: object) -> None:
        rows = self._build_rows()
        phases = len(self._character().phases)
        if rows != self._rows or phases != self._phases:
            self.beginResetModel()
            self._rows = rows
            self._phases = phases
            self.endResetModel()
            return
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def set_show_all(self, show_all: bool) -> None:
        """Show every skill of the campaign's list, or only those bought."""
        if show_all == self._show_all:
            return
        self.beginResetModel()
        self._show_all = show_all
        self._layout_rows()
        self.endResetModel()

    def row_of(self, row_key: tuple[str, str]) -> int:
        """The row of a row key, or -1."""
        for i, row in enumerate(self._rows):
            if row.key == row_key or (
                row.kind == row_key[0] and key(row.name) == key(row_key[1]) and row.name
            ):
                return i
        return -1

    def row_key(self, row: int) -> tuple[str, str]:
        """The key of ``row``."""
        return self._rows[row].key

    def phase_of(self, column: int) -> int | None:
        """The phase index (0-based) a column shows, or None for the name and sheet columns."""
        return column - 1 if 1 <= column <= self._phases else None

    @property
    def sheet_column(self) -> int:
        """The column of the sheet's values."""
        return self._phases + 1

    # -- Qt model ---------------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows of the grid (none under a cell)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Name, one per phase, sheet."""
        return 0 if parent.isValid() else self._phases + 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Phase numbers, marked where the pyramid breaks."""
        if orientation != Qt.Orientation.Horizontal:
            return None
        phase = self.phase_of(section)
        if phase is None:
            if role == Qt.ItemDataRole.DisplayRole:
                return "Skill" if section == 0 else "Sheet"
            if role == Qt.ItemDataRole.ToolTipRole and section != 0:
                return "Each skill's value now (its default plus its ticks)"
            return None
        reports = reports_of(self.document)
        report = reports[phase] if phase < len(reports) else None
        broken = report is not None and report.broken_rung is not None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{phase + 1}" + (" \u2717" if broken else "")
        if role == Qt.ItemDataRole.ForegroundRole and broken:
            return QBrush(broken_colour())
        if role == Qt.ItemDataRole.ToolTipRole:
            if report is None:
                return f"Phase {phase + 1}"
            if broken:
                return f"Phase {phase + 1}: the pyramid breaks: {report.reason}."
            return f"Phase {phase + 1}: the pyramid balances."
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Tick cells, phase fields and skill names are editable; the ranks row is not."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        row = self._rows[index.row()]
        phase = self.phase_of(index.column())
        if phase is not None:
            if row.key == ("field", "ranks"):
                return base
            if row.key == ("field", "plot"):
                return base | Qt.ItemFlag.ItemIsUserCheckable
            return base | Qt.ItemFlag.ItemIsEditable
        if index.column() == 0 and row.kind == "skill":
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Ticks, phase fields, names and the sheet's values."""
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == RowKeyRole:
            return row.key
        column = index.column()
        phase = self.phase_of(column)
        if column == 0:
            return self._name_data(row, role)
        if phase is None:
            return self._sheet_data(row, role)
        if row.kind == "field":
            return self._field_data(row.name, phase, role)
        if row.kind in ("skill", "extra"):
            ticks = self.ticks(row, phase)
            if role == TicksRole:
                return ticks
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                if role == Qt.ItemDataRole.AccessibleTextRole:
                    return f"{row.name}, phase {phase + 1}: {ticks} ticks"
                return TICK * ticks if ticks <= 4 else f"{TICK}\u00d7{ticks}"
            if role == Qt.ItemDataRole.EditRole:
                return ticks
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            if role == Qt.ItemDataRole.ToolTipRole:
                return (
                    f"{row.name} in phase {phase + 1}: {ticks} rank(s). "
                    "+ or Space adds a tick, - removes one, Delete clears."
                )
            return None
        if row.kind == "add" and role == Qt.ItemDataRole.ToolTipRole:
            return f"Buy a rank of a new skill in phase {phase + 1} (Enter to choose)"
        if row.kind == "add" and role == Qt.ItemDataRole.DisplayRole:
            return "+"
        if row.kind == "add" and role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(colour("muted"))
        if row.kind == "add" and role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def ticks(self, row: Row, phase: int) -> int:
        """Ranks ``phase`` puts into the skill or extra of ``row``."""
        counts = self._character().phases[phase]
        source = counts.ranks if row.kind == "skill" else counts.extras
        return sum(v for k, v in source.items() if key(k) == key(row.name))

    def _name_data(self, row: Row, role: int) -> Any:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if row.kind == "field":
                return FIELD_LABELS[row.name] if role == Qt.ItemDataRole.DisplayRole else None
            if row.kind == "extra":
                return f"Extra: {row.name}"
            if row.kind == "add":
                return "+ a new skill\u2026"
            return row.name
        if role == Qt.ItemDataRole.FontRole and row.kind in ("field", "add"):
            font = QFont()
            font.setItalic(row.kind == "add")
            font.setBold(row.kind == "field")
            return font
        if role == Qt.ItemDataRole.BackgroundRole and row.kind == "field":
            return QBrush(header_back())
        if role == Qt.ItemDataRole.ToolTipRole and row.kind == "skill":
            return "Type a new name to rename the skill in every phase (F2)"
        return None

    def _sheet_data(self, row: Row, role: int) -> Any:
        character, system, _ = fate2_of(self.document)
        if row.kind == "skill":
            value = next((v for k, v in character.skills.items() if key(k) == key(row.name)), None)
            later = next(
                (new for p in character.phases for old, new in p.renames.items()
                 if key(old) == key(row.name)),
                None,
            )  # fmt: skip
            if role == Qt.ItemDataRole.DisplayRole:
                if value is None and later is not None:
                    return f"\u2192 {later}"
                return system.ladder.render(value) if value is not None else "Mediocre"
            if role == Qt.ItemDataRole.EditRole:
                return value
        if row.kind == "extra" and role == Qt.ItemDataRole.DisplayRole:
            extra = character.extra(row.name)
            return f"{extra.ranks} rank(s)" if extra is not None else ""
        if row.kind == "field" and role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(header_back())
        return None

    def _field_data(self, field: str, phase: int, role: int) -> Any:
        character = self._character()
        p = character.phases[phase]
        reports = reports_of(self.document)
        report = reports[phase] if phase < len(reports) else None
        if role == Qt.ItemDataRole.BackgroundRole:
            if field == "ranks" and report is not None and report.broken_rung is not None:
                return QBrush(broken_back())
            return QBrush(header_back())
        if field == "kind":
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return KIND_LABELS[p.kind] if role == Qt.ItemDataRole.DisplayRole else p.kind
        elif field == "plot":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if p.plot else Qt.CheckState.Unchecked
        elif field == "aspects":
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return "; ".join(p.aspects)
            if role == Qt.ItemDataRole.ToolTipRole:
                return "The aspect this phase takes (a name already held goes up a level)"
        elif field == "events":
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return p.events
            if role == Qt.ItemDataRole.ToolTipRole:
                return p.events or "What the character did in this phase"
        elif field == "renames":
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return show_renames(dict(p.renames))
            if role == Qt.ItemDataRole.ToolTipRole:
                return (
                    "Skills renamed from this phase on, keeping their ticks: Sneak -> Stealth "
                    "(several with ;). Appendix IV: Juram's Sneak becomes Stealth."
                )
        elif field == "ranks" and report is not None:
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{report.spent}/{report.budget}"
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            if role == Qt.ItemDataRole.ForegroundRole:
                over = report.spent > report.budget or report.broken_rung is not None
                return QBrush(broken_colour() if over else ok_green())
            if role == Qt.ItemDataRole.ToolTipRole:
                text = f"Phase {phase + 1} spends {report.spent} of its {report.budget} ranks."
                if report.broken_rung is not None:
                    text += f" The pyramid breaks: {report.reason}."
                return text
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push the command for the edit; True when one was pushed."""
        if not index.isValid():
            return False
        row = self._rows[index.row()]
        phase = self.phase_of(index.column())
        doc = self.document
        command: Any = None
        if index.column() == 0 and row.kind == "skill" and role == Qt.ItemDataRole.EditRole:
            new = " ".join(str(value).split())
            if new and key(new) != key(row.name):
                command = RenameSkillCommand(doc, row.name, new)
        elif phase is None:
            return False
        elif row.key == ("field", "plot") and role == Qt.ItemDataRole.CheckStateRole:
            checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
            command = SetPhasePlotCommand(doc, phase, checked)
        elif role != Qt.ItemDataRole.EditRole:
            return False
        elif row.key == ("field", "kind"):
            kind = str(value)
            if kind in KIND_LABELS and kind != self._character().phases[phase].kind:
                command = SetPhaseKindCommand(doc, phase, _kind(kind))
        elif row.kind == "field" and row.name in ("aspects", "events"):
            command = EditPhaseTextCommand(doc, phase, row.name, str(value))
        elif row.key == ("field", "renames"):
            renames = parse_renames(str(value))
            if renames != dict(self._character().phases[phase].renames):
                command = SetPhaseRenamesCommand(doc, phase, renames)
        elif row.kind in ("skill", "extra"):
            try:
                ticks = max(0, int(value))
            except (TypeError, ValueError):
                return False
            if ticks == self.ticks(row, phase):
                return False
            cls = SetTicksCommand if row.kind == "skill" else SetExtraTicksCommand
            command = cls(doc, phase, row.name, ticks)
        elif row.kind == "add":
            name = " ".join(str(value).split())
            if name:
                existing = self.row_of(("skill", name))
                have = self.ticks(self._rows[existing], phase) if existing >= 0 else 0
                command = SetTicksCommand(doc, phase, name, have + 1)
        if command is None:
            return False
        doc.undo_stack.push(command)
        return True


def _kind(text: str) -> PhaseKind:
    kinds: dict[str, PhaseKind] = {
        "normal": "normal",
        "absent": "absent",
        "potential": "potential",
        "destiny": "destiny",
        "arc": "arc",
    }
    return kinds[text]
