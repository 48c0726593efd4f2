"""GUI layer: the SotC skill pyramid as a picture: Superb on top, Average at the bottom.

Skills are dragged from the skill list onto a rung's slots, or placed by keyboard (select a skill,
press 5 for Superb down to 1 for Average, 0 or Delete to take it off). Each rung shows how many of
its slots are filled and, in plain words, what is wrong with it; the book section is the tooltip.
Every placement is one undoable command; the widget reads the document through its Qt models.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.models.base import IdRole, SortRole
from gui.systems.sotc.commands import PlaceSkillCommand, SwapSkillsCommand
from gui.systems.sotc.models.pyramid_model import (
    RUNGS,
    CapacityRole,
    ProblemsRole,
    PyramidModel,
    SkillListModel,
    SkillsRole,
    skill_from_mime,
    skill_mime,
)
from gui.theme import css, tint
from rules.systems.sotc.system import PYRAMID
from rules.validation import Severity

SLOT_WIDTH = 112
SLOT_HEIGHT = 30


def error_style() -> str:
    """A problem's text style on the active theme."""
    return f"color: {css('error')};"


def ok_style() -> str:
    """Done, on the active theme."""
    return f"color: {css('ok')};"


def slot_css(state: str) -> str:
    """The style of a pyramid slot: empty, filled or over (the error colour of the theme)."""
    return _SLOT_CSS[state].replace("@error", css("error"))


_SLOT_CSS = {
    "empty": "QLabel { border: 1px dashed palette(mid); border-radius: 4px; color: palette(mid); }"
    " QLabel:focus { border: 2px solid palette(highlight); }",
    "filled": "QLabel { border: 1px solid palette(dark); border-radius: 4px;"
    " background: palette(base); font-weight: 600; }"
    " QLabel:focus { border: 2px solid palette(highlight); }",
    "over": "QLabel { border: 2px solid @error; border-radius: 4px; background: palette(base);"
    " color: @error; font-weight: 600; } QLabel:focus { border: 2px solid palette(highlight); }",
}


class _SkillDropTarget:
    """Mixin for the pyramid's drop targets: accept dragged skills and report where they land.

    Users emit ``skill_dropped(skill, rung, occupant)`` with their ``rating`` and
    :meth:`dropped_onto`.
    """

    rating: int
    skill_dropped: Any

    def dropped_onto(self) -> str:
        """The skill already where the drop landed ("" for none)."""
        raise NotImplementedError

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept skills."""
        if skill_from_mime(event.mimeData()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Keep accepting skills while the drag moves over the target."""
        if skill_from_mime(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Hand the dropped skill to the pyramid widget."""
        name = skill_from_mime(event.mimeData())
        if name:
            event.acceptProposedAction()
            self.skill_dropped.emit(name, self.rating, self.dropped_onto())


class SkillSlot(_SkillDropTarget, QLabel):
    """One place on a rung: empty, holding a skill, or holding a skill beyond the rung's size.

    Focusable; Delete takes the skill off, 1-5 moves it to another rung. Accepts dropped skills
    and can itself be dragged to another slot or back to the skill list.
    """

    skill_dropped = Signal(str, int, str)  # skill, rung, occupant ("" when empty)
    rating_keyed = Signal(str, int)  # occupant, new rating (0 = take off)

    def __init__(self, rating: int, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rating = rating
        self.number = number
        self.occupant = ""
        self._press_pos: Any = None
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFixedSize(SLOT_WIDTH, SLOT_HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        self.set_occupant("", over=False)

    def set_occupant(self, skill: str, *, over: bool) -> None:
        """Show ``skill`` (or an empty slot); ``over`` marks a skill beyond the rung's size."""
        self.occupant = skill
        state = "over" if over else ("filled" if skill else "empty")
        self.setProperty("state", state)
        self.setStyleSheet(slot_css(state))
        self.setText(skill or "empty")
        self.setAccessibleName(f"{skill or 'Empty'} slot")
        tip = "Drag a skill here, or select a skill in the list and press its rung's number."
        if skill:
            tip = "Delete takes it off; 1\u20135 moves it; drag it to another slot to swap."
        if over:
            tip = "This rung already has all the skills it may hold: move this one elsewhere."
        self.setToolTip(tip)

    # -- keyboard ------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete/Backspace/0 takes the skill off; 1-5 moves it to that rung."""
        if self.occupant:
            key = event.key()
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0):
                self.rating_keyed.emit(self.occupant, 0)
                return
            if Qt.Key.Key_1 <= key <= Qt.Key.Key_5:
                self.rating_keyed.emit(self.occupant, int(key) - int(Qt.Key.Key_0))
                return
        super().keyPressEvent(event)

    # -- drag and drop -------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Remember where a drag might start."""
        self._press_pos = event.position().toPoint()
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Start dragging the occupant once the mouse moved far enough."""
        if not self.occupant or self._press_pos is None:
            return
        if (event.position().toPoint() - self._press_pos).manhattanLength() < 8:
            return
        drag = QDrag(self)
        drag.setMimeData(skill_mime(self.occupant))
        drag.setPixmap(self.grab())
        self._press_pos = None
        drag.exec(Qt.DropAction.MoveAction)

    def dropped_onto(self) -> str:
        """The occupant a dropped skill lands on ("" when the slot is empty)."""
        return self.occupant


class RungWidget(_SkillDropTarget, QWidget):
    """One rung: its name and fill count, its slots, and its problems in plain words."""

    skill_dropped = Signal(str, int, str)  # skill, rung, "" (dropped beside the slots)

    def __init__(self, title: str, rating: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rating = rating
        self.setAcceptDrops(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(3)
        head = QHBoxLayout()
        head.addStretch(1)
        self.title = QLabel(f"<b>{title}</b>")
        self.count = QLabel()
        head.addWidget(self.title)
        head.addSpacing(8)
        head.addWidget(self.count)
        head.addStretch(1)
        layout.addLayout(head)
        self.slot_row = QHBoxLayout()
        self.slot_row.setSpacing(6)
        layout.addLayout(self.slot_row)
        self.problem = QLabel()
        tint(self.problem, "error")
        self.problem.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.problem.setWordWrap(True)
        self.problem.hide()
        layout.addWidget(self.problem)
        self.slots: list[SkillSlot] = []

    def dropped_onto(self) -> str:
        """Skills dropped beside the slots (e.g. onto a full rung) land on no occupant."""
        return ""


class _SkillListView(QTreeView):
    """The skill list; number keys place the current skill (forwarded to the pyramid).

    Dragging a skill carries its name (:data:`SKILL_MIME`) under a picture of a filled slot.
    """

    rating_keyed = Signal(int)

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        """Drag the current skill, showing it as the slot it will fill."""
        index = self.currentIndex()
        if not index.isValid():
            return
        mime = self.model().mimeData([index.siblingAtColumn(0)])
        name = skill_from_mime(mime)
        if not name:
            return
        chip = SkillSlot(0, 0)
        chip.set_occupant(name, over=False)
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(chip.grab())
        drag.setHotSpot(chip.rect().center())
        chip.deleteLater()
        drag.exec(supportedActions, Qt.DropAction.MoveAction)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """0-5 (and Delete) place the selected skill; other keys navigate as usual."""
        key = event.key()
        if Qt.Key.Key_0 <= key <= Qt.Key.Key_5:
            self.rating_keyed.emit(int(key) - int(Qt.Key.Key_0))
            return
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.rating_keyed.emit(0)
            return
        super().keyPressEvent(event)


class _SkillFilterProxy(QSortFilterProxyModel):
    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        text = self.filterRegularExpression().pattern()
        if not text:
            return True
        name = self.sourceModel().index(source_row, 0, source_parent).data(IdRole) or ""
        return text.casefold() in str(name).casefold()


class PyramidWidget(QWidget):
    """The skill list beside the pyramid of rungs, with a plain-words summary of what is left."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.skill_model = SkillListModel(document, self)
        self.pyramid_model = PyramidModel(document, self)
        self._proxy = _SkillFilterProxy(self)
        self._proxy.setSourceModel(self.skill_model)
        self._proxy.setSortRole(SortRole)

        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(16)
        outer.addWidget(self._build_skill_column())
        outer.addWidget(self._build_pyramid(), 1)

        self.pyramid_model.dataChanged.connect(self._refresh)
        self.pyramid_model.modelReset.connect(self._refresh)
        self._refresh()

    # -- construction ------------------------------------------------------------------------

    def _build_skill_column(self) -> QWidget:
        column = QWidget()
        column.setFixedWidth(236)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Find a skill\u2026")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Find a skill")
        self.filter_edit.textChanged.connect(self._proxy.setFilterFixedString)
        layout.addWidget(self.filter_edit)
        self.skill_view = _SkillListView()
        self.skill_view.setModel(self._proxy)
        self.skill_view.setRootIsDecorated(False)
        self.skill_view.setUniformRowHeights(True)
        self.skill_view.setAlternatingRowColors(True)
        self.skill_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.skill_view.setDragEnabled(True)
        self.skill_view.setAcceptDrops(True)
        self.skill_view.setDropIndicatorShown(False)
        self.skill_view.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.skill_view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.skill_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.skill_view.setAccessibleName("Skills")
        header = self.skill_view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.skill_view.rating_keyed.connect(self._place_current)
        if self._proxy.rowCount():
            self.skill_view.setCurrentIndex(self._proxy.index(0, 0))
        layout.addWidget(self.skill_view, 1)
        hint = QLabel(
            "Select a skill, then press <b>5</b> (Superb) \u2026 <b>1</b> (Average) or use the "
            "buttons below to place it; <b>0</b> or <b>Delete</b> takes it off. You can also "
            "drag skills onto the pyramid."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.place_buttons: dict[int, QPushButton] = {}
        ladder = self._document.system.ladder
        for i, rating in enumerate((*RUNGS, 0)):
            text = f"{ladder.adjective(rating)} ({rating})" if rating else "Take off"
            button = QPushButton(text)
            button.setToolTip(
                f"Place the selected skill at {ladder.render(rating)}"
                if rating
                else "Take the selected skill off the pyramid"
            )
            button.clicked.connect(lambda _=False, r=rating: self._place_current(r))
            grid.addWidget(button, i // 2, i % 2)
            self.place_buttons[rating] = button
        layout.addLayout(grid)
        return column

    def _build_pyramid(self) -> QWidget:
        area = QWidget()
        layout = QVBoxLayout(area)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.summary)
        self.rungs: dict[int, RungWidget] = {}
        self._rung_box = QWidget()
        rung_layout = QVBoxLayout(self._rung_box)
        rung_layout.setContentsMargins(0, 0, 0, 0)
        rung_layout.setSpacing(4)
        for row, rating in enumerate(RUNGS):
            index = self.pyramid_model.index(row, 0)
            title = self._document.system.ladder.render(rating)
            rung = RungWidget(title, rating, self._rung_box)
            rung.skill_dropped.connect(self.drop_skill)
            rung.setToolTip(str(index.data(Qt.ItemDataRole.ToolTipRole) or ""))
            rung_layout.addWidget(rung)
            self.rungs[rating] = rung
        layout.addWidget(self._rung_box)
        self.other_problems = QLabel()
        self.other_problems.setWordWrap(True)
        tint(self.other_problems, "error")
        self.other_problems.hide()
        layout.addWidget(self.other_problems)
        layout.addStretch(1)
        area.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        return area

    # -- refresh from the models -------------------------------------------------------------

    def _refresh(self, *_args: object) -> None:
        placed = 0
        missing: list[str] = []
        ladder = self._document.system.ladder
        for row, rating in enumerate(RUNGS):
            index = self.pyramid_model.index(row, 0)
            skills: tuple[str, ...] = index.data(SkillsRole) or ()
            capacity: int = index.data(CapacityRole)
            problems: tuple[str, ...] = index.data(ProblemsRole) or ()
            placed += min(len(skills), capacity)
            if len(skills) < capacity:
                missing.append(f"{capacity - len(skills)} {ladder.adjective(rating)}")
            self._fill_rung(self.rungs[rating], skills, capacity, problems)
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            self.rungs[rating].problem.setToolTip(str(tip or ""))
        total = sum(PYRAMID.values())
        fast = getattr(self._document.character, "creation_mode", "standard") == "fast"
        if fast and missing:
            self.summary.setText(
                f"<b>Fast creation:</b> {placed} of {total} skills so far. The first time a "
                "roll calls for a skill you lack, write it into any empty slot (or roll it at "
                "Mediocre). Only the shape is checked."
            )
        elif not missing and not any(r.problem.isVisible() for r in self.rungs.values()):
            self.summary.setText(
                f"<span style='{ok_style()}'><b>The pyramid is complete:</b> all {total} skills "
                "are placed.</span> Every skill you did not place is Mediocre (+0)."
            )
        else:
            left = ", ".join(missing) if missing else "nothing"
            self.summary.setText(
                f"<b>{placed} of {total}</b> skills placed. Still to fill: {left}. The shape is "
                "always 1 Superb, 2 Great, 3 Good, 4 Fair and 5 Average."
            )
        others = [
            p
            for p in self._document.problems_at("skills")
            if p.severity is Severity.ERROR and p.path != "skills"
        ]
        self.other_problems.setVisible(bool(others))
        self.other_problems.setText("\n".join(p.message for p in others))
        self.other_problems.setToolTip("\n".join(sorted({p.section for p in others})))

    def _fill_rung(
        self, rung: RungWidget, skills: tuple[str, ...], capacity: int, problems: tuple[str, ...]
    ) -> None:
        wanted = max(capacity, len(skills))
        focused = next((s for s in rung.slots if s.hasFocus()), None)
        focus_number = focused.number if focused is not None else None
        while len(rung.slots) < wanted:
            slot = SkillSlot(rung.rating, len(rung.slots), rung)
            slot.skill_dropped.connect(self.drop_skill)
            slot.rating_keyed.connect(self._place)
            rung.slots.append(slot)
        while len(rung.slots) > wanted:
            slot = rung.slots.pop()
            slot.deleteLater()
        while rung.slot_row.count():
            rung.slot_row.takeAt(0)
        rung.slot_row.addStretch(1)
        for i, slot in enumerate(rung.slots):
            slot.set_occupant(skills[i] if i < len(skills) else "", over=i >= capacity)
            slot.setAccessibleName(
                f"{self._document.system.ladder.adjective(rung.rating)} slot {i + 1}: "
                f"{slot.occupant or 'empty'}"
            )
            rung.slot_row.addWidget(slot)
            slot.show()
        rung.slot_row.addStretch(1)
        if focus_number is not None and focus_number < len(rung.slots):
            rung.slots[focus_number].setFocus()
        filled = min(len(skills), capacity)
        style = (
            error_style() if len(skills) > capacity else (ok_style() if filled == capacity else "")
        )
        if len(skills) > capacity:
            extra = len(skills) - capacity
            rung.count.setText(f"{len(skills)} of {capacity} \u2014 {extra} too many")
        elif len(skills) < capacity:
            rung.count.setText(f"{len(skills)} of {capacity} filled")
        else:
            rung.count.setText(f"{capacity} of {capacity} \u2713")
        rung.count.setStyleSheet(style)
        rung.problem.setVisible(bool(problems) and len(skills) > capacity)
        rung.problem.setText(" ".join(problems))

    # -- actions -------------------------------------------------------------------------------

    def current_skill(self) -> str | None:
        """The skill selected in the list."""
        index = self.skill_view.currentIndex()
        if not index.isValid():
            return None
        return str(index.siblingAtColumn(0).data(IdRole))

    def select_skill(self, name: str) -> None:
        """Select ``name`` in the skill list (clearing the filter if it hides it)."""
        row = self.skill_model.row_of(name)
        if row < 0:
            return
        index = self._proxy.mapFromSource(self.skill_model.index(row, 0))
        if not index.isValid():
            self.filter_edit.clear()
            index = self._proxy.mapFromSource(self.skill_model.index(row, 0))
        self.skill_view.setCurrentIndex(index)
        self.skill_view.scrollTo(index)

    def _place_current(self, rating: int) -> None:
        name = self.current_skill()
        if name:
            self._place(name, rating)
            self.select_skill(name)

    def _place(self, name: str, rating: int) -> None:
        if self._document.character.skill(name) == rating:
            return
        if rating == 0 and self._document.character.skill(name) == 0:
            return
        self._document.undo_stack.push(PlaceSkillCommand(self._document, name, rating))

    def place(self, name: str, rating: int) -> None:
        """Place ``name`` at ``rating`` (0 takes it off): one undoable step."""
        self._place(name, rating)

    def drop_skill(self, name: str, rating: int, occupant: str) -> None:
        """Handle a skill dropped on rung ``rating``, onto ``occupant``'s slot if it had one.

        Onto an empty slot (or beside the slots): place it. Onto another placed skill: the two
        swap rungs. An unplaced skill dropped onto a placed one replaces it (one undo step).
        """
        stack = self._document.undo_stack
        if occupant and occupant.casefold() == name.casefold():
            return
        current = self._document.character.skill(name)
        if not occupant:
            self._place(name, rating)
        elif current > 0:
            stack.push(SwapSkillsCommand(self._document, name, occupant))
        else:
            stack.beginMacro(f"Replace {occupant} with {name}")
            stack.push(PlaceSkillCommand(self._document, occupant, 0))
            stack.push(PlaceSkillCommand(self._document, name, rating))
            stack.endMacro()

    def focus_path(self, path: str) -> None:
        """Focus the place a problem path points to (``skills.X`` or ``pyramid.N``)."""
        if path.startswith("skills."):
            self.select_skill(path.removeprefix("skills."))
            self.skill_view.setFocus()
        elif path.startswith("pyramid."):
            try:
                rating = int(path.removeprefix("pyramid."))
            except ValueError:
                rating = 0
            rung = self.rungs.get(rating)
            if rung is not None and rung.slots:
                empty = next((s for s in rung.slots if not s.occupant), rung.slots[-1])
                empty.setFocus()
        else:
            self.skill_view.setFocus()
