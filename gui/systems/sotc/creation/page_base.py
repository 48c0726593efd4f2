"""GUI layer: what every creation page shares: a heading, field bindings and in-place problems.

A binding connects one text widget to one character path: typing pushes an
:class:`EditTextCommand` (merged while typing in the same field), and any change of the document
(undo, redo, another view) writes the stored text back into the widget if it differs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import EditTextCommand, max_length, read_text
from gui.theme import css
from gui.widgets.steady_label import SteadyLabel
from rules.validation import Problem


def hint_style() -> str:
    """The style of an in-place hint on the active theme."""
    return f"color: {css('hint')};"


class TextBinding:
    """Keeps a QLineEdit or QPlainTextEdit and the character's text at ``path`` in step.

    The path may change (:meth:`set_path`) when one form edits whichever gadget or stunt is
    selected; an empty path leaves the widget showing nothing and pushing nothing.
    """

    def __init__(
        self, document: CharacterDocument, widget: QLineEdit | QPlainTextEdit, path: str
    ) -> None:
        self.document = document
        self.widget = widget
        self.path = path
        self._updating = False
        if isinstance(widget, QLineEdit):
            if path:
                widget.setMaxLength(max_length(path))
            widget.textEdited.connect(self._on_edited)
        else:
            widget.setTabChangesFocus(True)
            widget.textChanged.connect(self._on_plain_changed)
        document.character_replaced.connect(self._on_character_replaced)
        self._on_character_replaced(document.character)

    def set_path(self, path: str) -> None:
        """Edit the text at ``path`` from now on ("" for nothing) and show what it holds."""
        self.path = path
        if path and isinstance(self.widget, QLineEdit):
            self.widget.setMaxLength(max_length(path))
        self._on_character_replaced(self.document.character)

    def _on_edited(self, text: str) -> None:
        if not self.path:
            return
        self.document.undo_stack.push(EditTextCommand(self.document, self.path, text))

    def _on_plain_changed(self) -> None:
        if self._updating or not self.path:
            return
        assert isinstance(self.widget, QPlainTextEdit)
        text = self.widget.toPlainText()
        if text != read_text(self.document.character, self.path):
            self.document.undo_stack.push(EditTextCommand(self.document, self.path, text))

    def _on_character_replaced(self, character: Any) -> None:
        stored = read_text(character, self.path) if self.path else ""
        if isinstance(self.widget, QLineEdit):
            if self.widget.text() != stored:
                self.widget.setText(stored)
            return
        if self.widget.toPlainText() != stored:
            self._updating = True
            try:
                self.widget.setPlainText(stored)
            finally:
                self._updating = False


class FieldProblems(SteadyLabel):
    """Problems at one path (or below it), shown in plain words beside the field.

    The book section is the tooltip. They read as "still to do" hints (amber, not red) so a
    fresh page guides rather than scolds. With ``exact`` only problems at the paths themselves
    are shown, not those of fields beneath them (which show their own). The label keeps its room
    when its problems go (:class:`gui.widgets.steady_label.SteadyLabel`), so the fields below
    never move while the user types.
    """

    def __init__(
        self,
        document: CharacterDocument,
        paths: tuple[str, ...],
        parent: QWidget | None = None,
        *,
        exact: bool = False,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._paths = paths
        self._exact = exact
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        document.problems_changed.connect(self.refresh)
        self.refresh()

    def set_paths(self, paths: tuple[str, ...]) -> None:
        """Show the problems at ``paths`` from now on."""
        self._paths = paths
        self.refresh()

    def current(self) -> list[Problem]:
        """The problems shown."""
        found = [p for path in self._paths for p in self._document.problems_at(path)]
        if self._exact:
            found = [p for p in found if p.path in self._paths]
        return found

    def refresh(self) -> None:
        """Re-read the document's cached problems."""
        problems = self.current()
        self.set_message("\n".join(f"\u2022 {p.message}" for p in problems), hint_style())
        self.setToolTip("\n".join(sorted({p.section for p in problems})))


def with_problems(
    document: CharacterDocument, paths: tuple[str, ...], *widgets: QWidget
) -> QWidget:
    """The widgets stacked with their in-place problems beneath (a line kept for them)."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(3)
    for widget in widgets:
        layout.addWidget(widget)
    layout.addWidget(FieldProblems(document, paths))
    return box


class CreationPage(QWidget):
    """Base of every page: a title, an introduction, and a body layout.

    Attributes:
        key: The creation step key (``"concept"``, ``"phase1"`` ... ``"review"``).
    """

    key = ""

    def __init__(
        self, document: CharacterDocument, title: str, intro: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.bindings: list[TextBinding] = []
        self.fields: dict[str, QWidget] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.setSpacing(8)
        self.heading = QLabel(f"<h2 style='margin:0'>{title}</h2>")
        outer.addWidget(self.heading)
        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.intro)
        self.body = QVBoxLayout()
        self.body.setSpacing(6)
        outer.addLayout(self.body, 1)

    def bind(self, widget: QLineEdit | QPlainTextEdit, path: str) -> None:
        """Bind ``widget`` to the character text at ``path`` and register it for focus_path."""
        self.bindings.append(TextBinding(self.document, widget, path))
        self.fields[path] = widget

    def focus_path(self, path: str) -> bool:
        """Focus the field for ``path`` (or the nearest one); True when something took focus."""
        candidates = [p for p in self.fields if p == path]
        candidates += [p for p in self.fields if p.startswith(path) and p not in candidates]
        candidates += [p for p in self.fields if path.startswith(p) and p not in candidates]
        for p in candidates:
            widget = self.fields[p]
            widget.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return False

    def first_field(self) -> QWidget | None:
        """The field a user starts with on this page."""
        return next(iter(self.fields.values()), None)


class WidgetPage(CreationPage):
    """A page that is one large editing widget (pyramid, stunt picker, gadgets) under the intro.

    Subclasses set ``key``, ``TITLE`` and ``INTRO`` and build the widget in :meth:`make_widget`;
    the widget's own ``focus_path(path)`` answers for the page.
    """

    TITLE = ""
    INTRO = ""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, self.TITLE, self.INTRO, parent)
        self.widget = self.make_widget(document)
        self.body.addWidget(self.widget, 1)

    def make_widget(self, document: CharacterDocument) -> Any:
        """The page's editing widget (it must have ``focus_path(path)``)."""
        raise NotImplementedError

    def focus_path(self, path: str) -> bool:
        """Let the widget focus what ``path`` names."""
        self.widget.focus_path(path)
        return True
