"""GUI layer: the editor for a SotC character's personal gadgets and artifacts.

Left, the devices; in the middle, the one selected (name, base item, kind, description and its
improvements with what each does); right, the book's improvements to add, each with what limits
it. Above, the allowance ("3 of 3 improvements used") from the document's derived values.
Every edit is one undoable command; the validator's problems show beside the field they concern
(SotC "Personal Gadgets", "Improving Things", "Artifacts").
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import (
    GADGET_KINDS,
    AddGadgetCommand,
    AddImprovementCommand,
    RemoveGadgetCommand,
    RemoveImprovementCommand,
    SetGadgetKindCommand,
)
from gui.systems.sotc.creation.page_base import FieldProblems, TextBinding
from gui.systems.sotc.models.gadget_model import (
    AvailableRole,
    GadgetListModel,
    ImprovementCatalogModel,
    ImprovementModel,
)
from gui.theme import css
from rules.systems.sotc.character import Gadget, SotcCharacter

_GADGET_PATH = re.compile(r"^gadgets\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?")


class _KeyTable(QTableView):
    """A table where Delete asks to remove the current row and Enter to act on it."""

    def __init__(self, on_delete: Any = None, on_enter: Any = None) -> None:
        super().__init__()
        self._on_delete = on_delete
        self._on_enter = on_enter
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setAlternatingRowColors(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete removes, Enter acts (unless an editor is open)."""
        editing = self.state() == QAbstractItemView.State.EditingState
        if not editing and self._on_delete and event.key() == Qt.Key.Key_Delete:
            self._on_delete()
            return
        if not editing and self._on_enter and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._on_enter()
            return
        super().keyPressEvent(event)


class GadgetEditor(QWidget):
    """Personal gadgets and artifacts of one character, with the improvement allowance live."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.gadget_model = GadgetListModel(document, self)
        self.improvement_model = ImprovementModel(document, self)
        self.catalog_model = ImprovementCatalogModel(document, self)
        self._current = -1

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(6)
        self.allowance = QLabel()
        self.allowance.setAccessibleName("Improvement allowance")
        self.allowance.setTextFormat(Qt.TextFormat.RichText)
        self.allowance.setWordWrap(True)
        outer.addWidget(self.allowance)
        self.list_problems = FieldProblems(document, ("gadgets",), exact=True)
        outer.addWidget(self.list_problems)
        columns = QHBoxLayout()
        columns.setSpacing(12)
        columns.addWidget(self._build_list(), 3)
        columns.addWidget(self._build_form(), 4)
        columns.addWidget(self._build_catalog(), 5)
        outer.addLayout(columns, 1)

        document.problems_changed.connect(self._refresh)
        self.gadget_model.modelReset.connect(self._on_gadgets_reset)
        self._select(0 if self.gadget_model.rowCount() else -1)
        self._refresh()

    # -- construction ------------------------------------------------------------------------

    def _build_list(self) -> QWidget:
        box = QGroupBox("Devices")
        layout = QVBoxLayout(box)
        self.gadget_view = _KeyTable(on_delete=self.remove_current)
        self.gadget_view.setModel(self.gadget_model)
        self.gadget_view.setAccessibleName("Gadgets")
        self.gadget_view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        header = self.gadget_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.gadget_view.hideColumn(2)
        self.gadget_view.selectionModel().currentRowChanged.connect(self._on_row_changed)
        layout.addWidget(self.gadget_view, 1)
        self.add_gadget_button = QPushButton("Add &gadget")
        self.add_gadget_button.setToolTip("A personal gadget: a base item with improvements")
        self.add_gadget_button.clicked.connect(lambda: self.add_gadget("personal"))
        self.add_artifact_button = QPushButton("Add a&rtifact")
        self.add_artifact_button.setToolTip(
            "A personal artifact: a mystical item of at least Good quality (SotC, Artifacts)"
        )
        self.add_artifact_button.clicked.connect(lambda: self.add_gadget("artifact"))
        self.remove_gadget_button = QPushButton("Remove")
        self.remove_gadget_button.setToolTip("Remove the selected device (Delete)")
        self.remove_gadget_button.clicked.connect(self.remove_current)
        row = QHBoxLayout()
        row.addWidget(self.add_gadget_button)
        row.addWidget(self.add_artifact_button)
        layout.addLayout(row)
        layout.addWidget(self.remove_gadget_button, 0, Qt.AlignmentFlag.AlignRight)
        return box

    def _build_form(self) -> QWidget:
        self.form_box = QGroupBox("Selected device")
        layout = QVBoxLayout(self.form_box)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. The Thunder Harpoon")
        self.name_edit.setAccessibleName("Gadget name")
        self.base_edit = QLineEdit()
        self.base_edit.setPlaceholderText("The ordinary item it improves, e.g. harpoon gun")
        self.base_edit.setAccessibleName("Base item")
        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName("Kind")
        for kind, label in GADGET_KINDS.items():
            self.kind_box.addItem(label.capitalize(), kind)
        self.kind_box.setToolTip(
            "Personal gadgets and artifacts use the Personal Gadget / Personal Artifact stunts' "
            "improvements; other devices come with their own stunt (Custom Ride, Prototype Car...)"
            " and do not count against that allowance."
        )
        self.kind_box.activated.connect(self._on_kind_activated)
        self.description_edit = QPlainTextEdit()
        self.description_edit.setPlaceholderText("What it is and what it does, in your words")
        self.description_edit.setAccessibleName("Gadget description")
        self.description_edit.setFixedHeight(54)
        self.name_problems = FieldProblems(self._document, ())
        name_box = QWidget()
        nl = QVBoxLayout(name_box)
        nl.setContentsMargins(0, 0, 0, 0)
        nl.setSpacing(3)
        nl.addWidget(self.name_edit)
        nl.addWidget(self.name_problems)
        form.addRow("&Name:", name_box)
        form.labelForField(name_box).setBuddy(self.name_edit)  # type: ignore[attr-defined]
        form.addRow("&Base item:", self.base_edit)
        form.addRow("&Kind:", self.kind_box)
        form.addRow("&Description:", self.description_edit)
        layout.addLayout(form)
        self.gadget_problems = FieldProblems(self._document, (), exact=True)
        layout.addWidget(self.gadget_problems)
        self.bindings = [
            TextBinding(self._document, self.name_edit, ""),
            TextBinding(self._document, self.base_edit, ""),
            TextBinding(self._document, self.description_edit, ""),
        ]
        layout.addWidget(QLabel("<b>Improvements on it</b>"))
        self.improvement_view = _KeyTable(on_delete=self.remove_improvement)
        self.improvement_view.setModel(self.improvement_model)
        self.improvement_view.setAccessibleName("Improvements on the device")
        self.improvement_view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        header = self.improvement_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.improvement_view.setMinimumHeight(4 * (self.fontMetrics().height() + 8))
        layout.addWidget(self.improvement_view, 1)
        self.improvement_problems = FieldProblems(self._document, ())
        layout.addWidget(self.improvement_problems)
        self.remove_improvement_button = QPushButton("Remove improvement")
        self.remove_improvement_button.setToolTip("Take the selected improvement off (Delete)")
        self.remove_improvement_button.clicked.connect(self.remove_improvement)
        layout.addWidget(self.remove_improvement_button, 0, Qt.AlignmentFlag.AlignRight)
        return self.form_box

    def _build_catalog(self) -> QWidget:
        box = QGroupBox("Improvements from the book")
        layout = QVBoxLayout(box)
        self.catalog_view = _KeyTable(on_enter=self.add_current_improvement)
        self.catalog_view.setModel(self.catalog_model)
        self.catalog_view.setAccessibleName("Improvements to add")
        self.catalog_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.catalog_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.catalog_view.selectionModel().currentRowChanged.connect(self._on_catalog_row)
        self.catalog_view.doubleClicked.connect(lambda _i: self.add_current_improvement())
        layout.addWidget(self.catalog_view, 1)
        self.catalog_text = QLabel("Pick an improvement to read what it does.")
        self.catalog_text.setWordWrap(True)
        self.catalog_text.setMinimumHeight(3 * self.fontMetrics().height())
        self.catalog_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.catalog_text)
        self.add_improvement_button = QPushButton("&Add to device")
        self.add_improvement_button.setToolTip("Put the selected improvement on the device (Enter)")
        self.add_improvement_button.clicked.connect(self.add_current_improvement)
        layout.addWidget(self.add_improvement_button, 0, Qt.AlignmentFlag.AlignRight)
        return box

    # -- selection -----------------------------------------------------------------------------

    def current_gadget(self) -> int:
        """Index of the device being edited (-1 when there is none)."""
        return self._current

    def _gadgets(self) -> tuple[Gadget, ...]:
        character = self._document.character
        assert isinstance(character, SotcCharacter)
        return character.gadgets

    def _select(self, index: int) -> None:
        count = len(self._gadgets())
        index = min(index, count - 1)
        self._current = index
        if index >= 0 and self.gadget_view.currentIndex().row() != index:
            self.gadget_view.setCurrentIndex(self.gadget_model.index(index, 0))
        self._show_current()

    def _on_row_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        if current.isValid() and current.row() != self._current:
            self._current = current.row()
            self._show_current()

    def _on_gadgets_reset(self) -> None:
        self._select(self._current if self._current >= 0 else 0)

    def _show_current(self) -> None:
        index = self._current
        prefix = f"gadgets[{index}]" if index >= 0 else ""
        for binding, field in zip(self.bindings, ("name", "base", "description"), strict=True):
            binding.set_path(f"{prefix}.{field}" if prefix else "")
        self.name_problems.set_paths((f"{prefix}.name",) if prefix else ())
        self.gadget_problems.set_paths((prefix,) if prefix else ())
        self.improvement_problems.set_paths((f"{prefix}.improvements",) if prefix else ())
        if self.improvement_model.gadget != index:
            self.improvement_model.set_gadget(index)
        self.catalog_model.set_gadget(index)
        self.form_box.setEnabled(index >= 0)
        self.form_box.setTitle(
            "Selected device" if index < 0 else f"Device {index + 1} of {len(self._gadgets())}"
        )
        self._sync_kind()
        self._refresh_buttons()

    def _sync_kind(self) -> None:
        gadgets = self._gadgets()
        if 0 <= self._current < len(gadgets):
            row = self.kind_box.findData(gadgets[self._current].kind)
            if self.kind_box.currentIndex() != row:
                self.kind_box.setCurrentIndex(row)

    def _refresh_buttons(self) -> None:
        has = 0 <= self._current < len(self._gadgets())
        self.remove_gadget_button.setEnabled(has)
        self.remove_improvement_button.setEnabled(has and self.improvement_model.rowCount() > 0)
        self.add_improvement_button.setEnabled(has and self.catalog_view.currentIndex().isValid())

    def _on_catalog_row(self, current: QModelIndex, _previous: Any = None) -> None:
        if current.isValid():
            self.catalog_text.setText(
                str(self.catalog_model.index(current.row(), 0).data(Qt.ItemDataRole.ToolTipRole))
            )
        self._refresh_buttons()

    # -- refresh -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        derived: Any = self._document.derived
        allowed = int(derived.gadget_improvements_allowed)
        used = int(derived.gadget_improvements_used)
        if allowed == 0:
            text = (
                "No improvements to spend: the <b>Personal Gadget</b> or <b>Personal "
                "Artifact</b> stunt gives three each. Devices from other stunts can still be "
                "noted here as \u201cother device\u201d."
            )
            style = ""
        else:
            left = allowed - used
            text = f"<b>Improvements used: {used} of {allowed}</b>"
            if left > 0:
                text += f" \u2014 {left} left to spend."
                style = ""
            elif left == 0:
                text += " \u2713"
                style = f"color: {css('ok')};"
            else:
                text += f" \u2014 {-left} too many: remove some or take the stunt again."
                style = f"color: {css('error')};"
        self.allowance.setText(f"<span style='{style}'>{text}</span>" if style else text)
        if self._current >= len(self._gadgets()):
            self._select(len(self._gadgets()) - 1)
        else:
            self._sync_kind()
            self._refresh_buttons()

    # -- actions -------------------------------------------------------------------------------

    def add_gadget(self, kind: str = "personal") -> None:
        """Add a device of ``kind`` (one undoable step), select it and focus its name."""
        command = AddGadgetCommand(self._document, Gadget(kind=kind))
        self._document.undo_stack.push(command)
        self._select(command.index)
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def remove_current(self) -> None:
        """Remove the device being edited."""
        if 0 <= self._current < len(self._gadgets()):
            self._document.undo_stack.push(RemoveGadgetCommand(self._document, self._current))

    def _on_kind_activated(self, row: int) -> None:
        kind = str(self.kind_box.itemData(row))
        self.set_kind(kind)

    def set_kind(self, kind: str) -> None:
        """Make the device being edited a personal gadget, artifact or other device."""
        gadgets = self._gadgets()
        if 0 <= self._current < len(gadgets) and gadgets[self._current].kind != kind:
            self._document.undo_stack.push(
                SetGadgetKindCommand(self._document, self._current, kind)
            )

    def add_improvement(self, name: str) -> None:
        """Put improvement ``name`` on the device being edited (one undoable step)."""
        if not 0 <= self._current < len(self._gadgets()):
            return
        command = AddImprovementCommand(self._document, self._current, name)
        self._document.undo_stack.push(command)
        self.improvement_view.setCurrentIndex(self.improvement_model.index(command.position, 1))

    def add_current_improvement(self) -> None:
        """Add the improvement selected in the book's list."""
        index = self.catalog_view.currentIndex()
        if index.isValid():
            self.add_improvement(self.catalog_model.name_at(index.row()))

    def select_improvement(self, name: str) -> None:
        """Select improvement ``name`` in the book's list."""
        for row in range(self.catalog_model.rowCount()):
            if self.catalog_model.name_at(row).casefold() == name.casefold():
                self.catalog_view.setCurrentIndex(self.catalog_model.index(row, 0))
                return

    def is_available(self, name: str) -> bool:
        """Whether the book's list shows ``name`` as fitting the device being edited."""
        for row in range(self.catalog_model.rowCount()):
            if self.catalog_model.name_at(row).casefold() == name.casefold():
                return bool(self.catalog_model.index(row, 0).data(AvailableRole))
        return False

    def remove_improvement(self) -> None:
        """Take the selected improvement (or the last one) off the device."""
        rows = self.improvement_model.rowCount()
        if not rows or self._current < 0:
            return
        index = self.improvement_view.currentIndex()
        row = index.row() if index.isValid() else rows - 1
        self._document.undo_stack.push(RemoveImprovementCommand(self._document, self._current, row))

    def focus_path(self, path: str) -> None:
        """Focus what a problem path names: ``gadgets``, ``gadgets[i]``, its fields and
        ``gadgets[i].improvements[j]``."""
        match = _GADGET_PATH.match(path)
        if match is None:
            target: QWidget = self.gadget_view if self._gadgets() else self.add_gadget_button
            target.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        index = int(match.group(1))
        if not 0 <= index < len(self._gadgets()):
            self.gadget_view.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._select(index)
        field, sub = match.group(2), match.group(3)
        if field == "improvements":
            if sub is not None and int(sub) < self.improvement_model.rowCount():
                self.improvement_view.setCurrentIndex(self.improvement_model.index(int(sub), 1))
            self.improvement_view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif field == "base":
            self.base_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        elif field == "description":
            self.description_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        elif field == "name":
            self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.gadget_view.setFocus(Qt.FocusReason.OtherFocusReason)
