"""GUI layer: group creation's guest-star deal for phases four and five, as an editable table.

One row per character: their own novel, whose novel they guest-star in during Phase Four and
Phase Five (chosen from the other members' novels), and who guest-stars in their own novel.
"Deal for me" deals at random like the book's shuffled title cards; any cell can then be changed
by hand. Every change is an undoable command on the widget's own stack and is checked live with
:func:`rules.systems.sotc.group.check_assignment`; problems are shown in the cells and listed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.models.base import FIRST_FREE_ROLE, IdRole, ObjectRole, SortRole, TableModel
from gui.systems.sotc.commands import CastGuestStarCommand, DealGuestStarsCommand
from gui.theme import colour, css
from rules.systems.sotc.group import Casting, Member, check_assignment
from rules.validation import Problem, Severity

_Index = QModelIndex | QPersistentModelIndex

PathRole = FIRST_FREE_ROLE

COL_NAME, COL_NOVEL, COL_PHASE4, COL_PHASE5, COL_GUESTS = range(5)
PHASE_OF_COLUMN = {COL_PHASE4: 4, COL_PHASE5: 5}


class CastingModel(TableModel):
    """Rows are members; columns: character, own novel, Phase Four, Phase Five, guest stars.

    ``setData`` on a phase column pushes a :class:`CastGuestStarCommand` onto ``stack``.
    """

    COLUMNS = (
        "Character",
        "Their novel",
        "Phase Four: guest-stars in",
        "Phase Five: guest-stars in",
        "Guest stars in their novel",
    )
    EDITABLE_COLUMNS = frozenset(PHASE_OF_COLUMN)

    def __init__(self, owner: GroupCastingWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._owner = owner

    @property
    def members(self) -> list[Member]:
        """The group, in display order."""
        return self._owner.members

    def refresh(self) -> None:
        """The assignment or its problems changed: every cell may read differently."""
        self.refresh_rows()

    def row_count(self) -> int:
        """One row per member."""
        return len(self.members)

    def _cell_path(self, member: Member, column: int) -> str:
        if column in PHASE_OF_COLUMN:
            return f"group.{member.key}.phase{PHASE_OF_COLUMN[column]}"
        if column == COL_GUESTS:
            return f"group.{member.key}.novel"
        return f"group.{member.key}"

    def _cell_problems(self, member: Member, column: int) -> list[Problem]:
        path = self._cell_path(member, column)
        if column in (COL_NAME, COL_NOVEL):
            return []
        return [p for p in self._owner.problems if p.path == path or p.path.startswith(path + ".")]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Names and titles; problems as colour and tooltip."""
        if not index.isValid() or not 0 <= index.row() < len(self.members):
            return None
        member = self.members[index.row()]
        column = index.column()
        casting = self._owner.assignment.get(member.key, Casting())
        if role == IdRole:
            return member.key
        if role == ObjectRole:
            return member
        if role == PathRole:
            return self._cell_path(member, column)
        if role == SortRole:
            return index.row()
        if role == Qt.ItemDataRole.EditRole and column in PHASE_OF_COLUMN:
            return getattr(casting, f"phase{PHASE_OF_COLUMN[column]}")
        problems = self._cell_problems(member, column)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_NAME:
                return member.name or member.key
            if column == COL_NOVEL:
                return member.novel or "(no title yet)"
            if column in PHASE_OF_COLUMN:
                target = getattr(casting, f"phase{PHASE_OF_COLUMN[column]}")
                return self._owner.novel_title(target) if target else "\u2014 choose \u2014"
            return self._guests(member)
        if role == Qt.ItemDataRole.ToolTipRole:
            if problems:
                return "\n".join(p.message for p in problems)
            if column in PHASE_OF_COLUMN:
                target = getattr(casting, f"phase{PHASE_OF_COLUMN[column]}")
                where = self._owner.describe_novel(target) if target else "no novel yet"
                return f"{where}\nDouble-click or press F2 to choose the novel"
            if column == COL_GUESTS:
                return f"Guest stars by phase: {self._guests(member)}"
            return None
        if role == Qt.ItemDataRole.BackgroundRole and any(
            p.severity is Severity.ERROR for p in problems
        ):
            return QBrush(colour("error_bg"))
        if role == Qt.ItemDataRole.ForegroundRole and problems:
            return QBrush(colour("error"))
        return None

    def _guests(self, member: Member) -> str:
        parts = []
        for phase in (4, 5):
            names = [
                self._owner.name_of(m.key)
                for m in self.members
                if getattr(self._owner.assignment.get(m.key, Casting()), f"phase{phase}")
                == member.key
            ]
            who = ", ".join(names) if names else "\u2014"
            parts.append(f"{phase}: {who}")
        return " \u00b7 ".join(parts)

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push a command casting the member in the chosen novel (None clears it)."""
        if not index.isValid() or index.column() not in PHASE_OF_COLUMN:
            return False
        if role != Qt.ItemDataRole.EditRole:
            return False
        member = self.members[index.row()]
        phase = PHASE_OF_COLUMN[index.column()]
        target = None if value in (None, "") else str(value)
        current = getattr(self._owner.assignment.get(member.key, Casting()), f"phase{phase}")
        if target == current:
            return False
        self._owner.cast(member.key, phase, target)
        return True


class NovelChoiceDelegate(QStyledItemDelegate):
    """Edits a phase cell with a list of the other members' novels."""

    def __init__(self, owner: GroupCastingWidget) -> None:
        super().__init__(owner)
        self._owner = owner

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: _Index) -> QWidget:
        """A combo box: "not chosen" and each other member's novel."""
        box = QComboBox(parent)
        box.addItem("\u2014 not chosen \u2014", None)
        own = index.data(IdRole)
        for member in self._owner.members:
            if member.key != own:
                box.addItem(self._owner.describe_novel(member.key), member.key)
        # A choice (click, or arrow keys on the closed box) is committed at once.
        box.activated.connect(lambda _i, b=box: self._commit(b))
        return box

    def _commit(self, box: QComboBox) -> None:
        self.commitData.emit(box)
        self.closeEditor.emit(box, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        """Select the current choice."""
        assert isinstance(editor, QComboBox)
        current = index.data(Qt.ItemDataRole.EditRole)
        found = editor.findData(current)
        editor.setCurrentIndex(max(0, found))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        """Hand the choice to the model (which pushes a command)."""
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class GroupCastingWidget(QWidget):
    """The guest-star deal table for a campaign, with "Deal for me", manual edits and checks.

    Signals:
        assignment_changed(dict): the new assignment (member key -> Casting) after every change.
    """

    assignment_changed = Signal(dict)

    def __init__(
        self,
        members: list[Member],
        assignment: dict[str, Casting],
        rng_factory: Callable[[], random.Random] = random.Random,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.members: list[Member] = list(members)
        self._assignment: dict[str, Casting] = dict(assignment)
        self._rng_factory = rng_factory
        self.problems: tuple[Problem, ...] = check_assignment(self.members, self._assignment)
        self.undo_stack = QUndoStack(self)
        self.model = CastingModel(self, self)

        layout = QVBoxLayout(self)
        intro = QLabel(
            "In Phases Four and Five every hero guest-stars in another hero's novel: one guest "
            "star per novel in each phase, never in their own novel, and never the same novel "
            "twice. Let Fatesmith deal the novels like shuffled title cards, or choose by hand."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        bar = QHBoxLayout()
        self.deal_button = QPushButton("&Deal for me")
        self.deal_button.setToolTip("Deal every novel at random so that all the rules hold")
        self.deal_button.clicked.connect(self.deal)
        bar.addWidget(self.deal_button)
        self.undo_button = QPushButton("&Undo")
        self.redo_button = QPushButton("&Redo")
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.redo_button.clicked.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_stack.undoTextChanged.connect(lambda t: self.undo_button.setToolTip(f"Undo {t}"))
        self.undo_stack.redoTextChanged.connect(lambda t: self.redo_button.setToolTip(f"Redo {t}"))
        for button in (self.undo_button, self.redo_button):
            button.setEnabled(False)
            bar.addWidget(button)
        bar.addStretch(1)
        self.headline = QLabel()
        bar.addWidget(self.headline)
        layout.addLayout(bar)

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(NovelChoiceDelegate(self))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setAccessibleName("Guest-star casting")
        header = self.table.horizontalHeader()
        # the columns share the width the dialog has: no sideways scrolling at its default size
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(60)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.table, 2)

        self.problem_list = QListWidget()
        self.problem_list.setAccessibleName("Casting problems")
        self.problem_list.setWordWrap(True)
        self.problem_list.itemActivated.connect(self._on_problem_activated)
        self.problem_list.itemClicked.connect(self._on_problem_activated)
        layout.addWidget(self.problem_list, 1)
        self._refresh()

    # -- state -------------------------------------------------------------------------------

    @property
    def assignment(self) -> dict[str, Casting]:
        """The current assignment (member key -> Casting)."""
        return dict(self._assignment)

    def set_assignment(self, assignment: dict[str, Casting]) -> None:
        """Replace the assignment (called by the casting commands only); re-checks it."""
        self._assignment = dict(assignment)
        self.problems = check_assignment(self.members, self._assignment)
        self._refresh()
        self.assignment_changed.emit(dict(self._assignment))

    def name_of(self, key: str) -> str:
        """A member's display name."""
        member = next((m for m in self.members if m.key == key), None)
        return (member.name or member.key) if member is not None else key

    def novel_title(self, key: str) -> str:
        """The title of member ``key``'s novel (or a placeholder)."""
        member = next((m for m in self.members if m.key == key), None)
        if member is None:
            return f"(unknown: {key})"
        return member.novel or f"{member.name or member.key}'s untitled novel"

    def describe_novel(self, key: str | None) -> str:
        """ "Title (Hero)" for the novel of member ``key``."""
        if key is None:
            return ""
        member = next((m for m in self.members if m.key == key), None)
        if member is None:
            return f"(unknown: {key})"
        title = member.novel or "untitled novel"
        return f"{title} ({member.name or member.key})"

    # -- actions -------------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal every novel at random in one undoable step (or explain why it cannot)."""
        command = DealGuestStarsCommand(self, self.members, self._rng_factory())
        if not command.ok:
            self.headline.setText(f"<span style='color:{css('error')}'>{command.reason}</span>")
            return
        self.undo_stack.push(command)

    def cast(self, member: str, phase: int, novel_owner: str | None) -> None:
        """Cast ``member`` in ``novel_owner``'s novel for ``phase`` (one undoable step)."""
        self.undo_stack.push(
            CastGuestStarCommand(self, member, phase, novel_owner, describe=self.name_of)
        )

    def _refresh(self) -> None:
        self.model.refresh()
        self.problem_list.clear()
        errors = [p for p in self.problems if p.severity is Severity.ERROR]
        for problem in self.problems:
            mark = "\u2716" if problem.severity is Severity.ERROR else "\u26a0"
            item = QListWidgetItem(f"{mark} {problem.message}")
            item.setData(Qt.ItemDataRole.UserRole, problem.path)
            item.setToolTip(problem.section)
            item.setForeground(
                QBrush(colour("error" if problem.severity is Severity.ERROR else "warning"))
            )
            self.problem_list.addItem(item)
        if not self.problems:
            self.problem_list.addItem("\u2713 Every novel has one guest star in each phase.")
        if errors:
            self.headline.setText(f"<b>{len(errors)} problem{'s' if len(errors) != 1 else ''}</b>")
        else:
            self.headline.setText(f"<b style='color:{css('ok')}'>\u2713 The casting works.</b>")

    def _on_problem_activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.focus_path(str(path))

    def focus_path(self, path: str) -> None:
        """Select the cell a casting problem path (``group.<key>.phase4``...) points to."""
        parts = path.split(".")
        if len(parts) < 2:
            return
        row = next((i for i, m in enumerate(self.members) if m.key == parts[1]), -1)
        if row < 0:
            return
        column = COL_NAME
        if parts[-1] in ("phase4", "phase5"):
            column = (
                COL_GUESTS
                if "novel" in parts
                else (COL_PHASE4 if parts[-1] == "phase4" else COL_PHASE5)
            )
        self.table.setCurrentIndex(self.model.index(row, column))
        self.table.setFocus()


def members_from(characters: Sequence[Any]) -> list[Member]:
    """Members for the table from SotC characters (key = id, novel = phase three's title)."""
    return [Member(key=str(c.id), name=c.name, novel=c.phase(3).novel_title) for c in characters]
