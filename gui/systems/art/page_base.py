"""GUI layer: what every ART Engine creation page shares (field bindings, in-place checks).

A page binds its widgets to fields of the adventurer: an edit pushes a command; a change of
the document refreshes the widgets with their signals blocked, so undo and redo show at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTableView,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.art.commands import FieldCommand, art
from gui.systems.art.models import ChoiceDelegate
from gui.theme import css
from gui.widgets.steady_label import SteadyLabel
from rules.systems.art.character import ArtCharacter
from rules.systems.art.system import ArtSystem
from rules.validation import Severity


class ArtPage(QWidget):
    """Base of the ART creation pages.

    Args:
        document: The adventurer's document.
        key: The step key.
    """

    def __init__(self, document: CharacterDocument, key: str) -> None:
        super().__init__()
        self.document = document
        self.key = key
        system = document.system
        assert isinstance(system, ArtSystem)
        self.system = system
        self.catalog = system.catalog
        self._fields: dict[str, QWidget] = {}
        self._refreshers: list[Callable[[ArtCharacter], None]] = []
        self._checks: list[tuple[SteadyLabel, tuple[str, ...]]] = []
        document.problems_changed.connect(self.refresh)

    @property
    def character(self) -> ArtCharacter:
        """The adventurer now."""
        return art(self.document)

    def push(self, command: Any) -> None:
        """Push ``command`` on the document's undo stack."""
        self.document.undo_stack.push(command)

    # -- bindings ---------------------------------------------------------------------------

    def line(self, field: str, label: str) -> QLineEdit:
        """A line edit bound to text field ``field``."""
        edit = QLineEdit()
        edit.setAccessibleName(label)
        edit.textEdited.connect(
            lambda text: self.push(FieldCommand(self.document, field, text, label))
        )

        def show(c: ArtCharacter) -> None:
            value = str(getattr(c, field))
            if edit.text() != value:  # keep the cursor where it is while typing
                edit.setText(value)

        self._bind(field, edit, show)
        return edit

    def text(self, field: str, label: str) -> QPlainTextEdit:
        """A multi-line edit bound to text field ``field`` (Tab moves focus on)."""
        edit = QPlainTextEdit()
        edit.setAccessibleName(label)
        edit.setTabChangesFocus(True)

        def edited() -> None:
            value = edit.toPlainText()
            if value != getattr(self.character, field):
                self.push(FieldCommand(self.document, field, value, label))

        edit.textChanged.connect(edited)

        def show(c: ArtCharacter) -> None:
            if edit.toPlainText() != getattr(c, field):
                edit.setPlainText(str(getattr(c, field)))

        self._bind(field, edit, show)
        return edit

    def spin(
        self,
        field: str,
        label: str,
        low: int,
        high: int,
        get: Callable[[ArtCharacter], int],
        store: Callable[[int], Any] | None = None,
    ) -> QSpinBox:
        """A spin box bound to integer field ``field`` (``get`` reads the shown value,
        ``store`` turns a shown value into the field's)."""
        box = QSpinBox()
        box.setRange(low, high)
        box.setAccessibleName(label)
        box.valueChanged.connect(
            lambda value: self.push(
                FieldCommand(self.document, field, store(value) if store else value, label)
            )
        )
        self._bind(field, box, lambda c: box.setValue(get(c)))
        return box

    def _bind(self, field: str, widget: QWidget, show: Callable[[ArtCharacter], None]) -> None:
        self._fields[field] = widget

        def refresh(c: ArtCharacter) -> None:
            blocker = QSignalBlocker(widget)
            show(c)
            del blocker

        self._refreshers.append(refresh)
        refresh(self.character)

    def on_refresh(self, call: Callable[[ArtCharacter], None]) -> None:
        """Call ``call(adventurer)`` now and after every change."""
        self._refreshers.append(call)
        call(self.character)

    def checks(self, *paths: str) -> SteadyLabel:
        """A label listing, in place, the problems at exactly ``paths``; it keeps its room when
        they go, so the fields below never move while the user types."""
        label = SteadyLabel()
        label.setTextFormat(Qt.TextFormat.PlainText)
        self._checks.append((label, paths))
        self._show_checks(label, paths)
        return label

    def _show_checks(self, label: SteadyLabel, paths: tuple[str, ...]) -> None:
        problems = [p for p in self.document.problems if p.path in paths]
        # What the page on show still lacks is work in progress, not a mistake: errors read in
        # the neutral to-do colour here (the step list turns them red once the user leaves).
        error = any(p.severity is Severity.ERROR for p in problems)
        label.set_message(
            "\n".join(f"\u2022 {p.message}" for p in problems),
            f"color: {css('todo' if error else 'warning')};",
        )

    def refresh(self) -> None:
        """Show the document's current state."""
        c = self.character
        for call in self._refreshers:
            call(c)
        for label, paths in self._checks:
            self._show_checks(label, paths)

    # -- StepPage -----------------------------------------------------------------------------

    def focus_path(self, path: str) -> bool:
        """Focus the widget of ``path``'s field."""
        head = path.split(".", 1)[0].split("[", 1)[0]
        widget = self._fields.get(head)
        if widget is None:
            return False
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def first_field(self) -> QWidget | None:
        """The first bound widget."""
        return next(iter(self._fields.values()), None)


def table_view(model: Any, name: str, stretch: int = 0) -> QTableView:
    """A keyboard-editable table over ``model`` (drop-downs where it offers choices)."""
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(name)
    view.setItemDelegate(ChoiceDelegate(view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
    )
    view.setTabKeyNavigation(False)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view
