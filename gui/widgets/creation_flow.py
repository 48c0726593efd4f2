"""GUI layer: the guided creation flow that is also the free editor, for any game system.

It builds itself from the system's :class:`gui.system_ui.CreationFlow`. Left: the steps, each
marked done or with what is left, and below them every problem, each a link to its field. Top:
the system's live derived values, if it has any. Centre: the current step's page with
Back/Next. The editor opens on the first unfinished step, so leaving and coming back resumes
creation; every page stays reachable for later editing.

A new character's empty steps are work ahead, not mistakes: until the user has left a step for
another, its errors show as neutral "to do" items (also while the user types on it: what a step
still lacks is not wrong while it is being written); after that, as errors. A character opened
from the library has every step left already. A step is ticked only when it is done: it has no
errors and the user has worked on it (edited it, or looked at it and left it); a step nobody has
looked at yet has no mark, even when nothing on it is missing (SotC's gadgets before any stunt).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.system_ui import CreationFlow
from gui.theme import colour, ui_scale
from gui.widgets.validation_panel import ValidationPanel
from rules.validation import Severity

PAGE_MAX_WIDTH = 1100
"""The widest a step's page grows (pixels at UI scale 1), so a form stays readable at 1920."""


class CreationFlowView(QWidget):
    """A system's creation steps, problems and derived values, for one CharacterDocument.

    Args:
        document: The character being edited.
        flow: The system's creation flow for it (its pages are built already).
        derived_panel: The system's strip of derived values (None: none is shown).
        parent: The parent widget.
    """

    def __init__(
        self,
        document: CharacterDocument,
        flow: CreationFlow,
        derived_panel: QWidget | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.flow = flow
        self._steps = tuple(flow.steps())
        self.step_keys = tuple(s.key for s in self._steps)
        self._whole = next((s.key for s in self._steps if s.whole), None)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(6)
        self.derived_panel = derived_panel
        if derived_panel is not None:
            outer.addWidget(derived_panel)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        outer.addWidget(splitter, 1)
        splitter.addWidget(self._build_left())
        splitter.addWidget(self._build_centre())
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([270, 1000])
        self.splitter = splitter

        self.touched: set[str] = set() if document.version is None else set(self.step_keys)
        """Steps the user has left for another (or all, for a saved character): their errors
        are problems to fix."""
        self.worked: set[str] = set(self.touched)
        """Steps the user has edited or left: with no errors, they are done (ticked)."""
        self._shown: str | None = None
        self.validation_panel.set_todo(self._is_todo)
        self.validation_panel.path_activated.connect(self.focus_path)
        document.problems_changed.connect(self._refresh_steps)
        document.undo_stack.indexChanged.connect(self._on_edited)
        self._refresh_steps()
        self._fit_steps()
        self.show_step(self.first_incomplete_step())

    # -- construction ------------------------------------------------------------------------

    def _build_left(self) -> QWidget:
        left = QWidget()
        self._left = left  # sized from the font by _fit_steps
        layout = QVBoxLayout(left)
        layout.setContentsMargins(0, 0, 0, 0)
        self.steps_label = QLabel("<b>Steps</b>")
        layout.addWidget(self.steps_label)
        self.step_list = QListWidget()
        self.step_list.setAccessibleName("Creation steps")
        self.step_list.setFrameShape(QFrame.Shape.StyledPanel)
        self.step_list.setStyleSheet("QListWidget::item { padding: 3px 4px; }")
        layout.addWidget(self.step_list)
        problems_label = QLabel("<b>Still to do</b>")
        layout.addWidget(problems_label)
        self.validation_panel = ValidationPanel(self.document, rank=self.flow.problem_rank)
        layout.addWidget(self.validation_panel, 1)
        return left

    def _build_centre(self) -> QWidget:
        centre = QWidget()
        layout = QVBoxLayout(centre)
        layout.setContentsMargins(8, 0, 0, 0)
        self.stack = QStackedWidget()
        self.pages: dict[str, QWidget] = {}
        self._titles: dict[str, str] = {}
        for step in self._steps:
            scroll = QScrollArea()
            # on a wide screen a form stays readable: capped, centred in the space
            step.page.setMaximumWidth(round(PAGE_MAX_WIDTH * ui_scale()))
            scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            scroll.setWidget(step.page)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            self.stack.addWidget(scroll)
            self.pages[step.key] = step.page
            self._titles[step.key] = step.title
            item = QListWidgetItem(step.title)
            item.setData(Qt.ItemDataRole.UserRole, step.key)
            self.step_list.addItem(item)
        self.step_list.currentRowChanged.connect(self._on_step_row_changed)
        layout.addWidget(self.stack, 1)
        nav = QHBoxLayout()
        self.back_button = QPushButton("\u2190 &Back")
        self.back_button.clicked.connect(lambda: self._go(-1))
        self.next_button = QPushButton("&Next \u2192")
        self.next_button.clicked.connect(lambda: self._go(1))
        self.position_label = QLabel()
        nav.addWidget(self.back_button)
        nav.addStretch(1)
        nav.addWidget(self.position_label)
        nav.addStretch(1)
        nav.addWidget(self.next_button)
        layout.addLayout(nav)
        return centre

    # -- steps ---------------------------------------------------------------------------------

    def step_for(self, path: str) -> str:
        """The step whose page holds the field at ``path`` (the system decides)."""
        return self.flow.step_for(path)

    def touch(self, key: str) -> None:
        """Step ``key`` has been left for another: its errors show as errors from now on."""
        if key not in self.touched:
            self.touched.add(key)
            self.worked.add(key)
            self.validation_panel.set_todo(self._is_todo)
            self._refresh_steps()

    def changeEvent(self, event: QEvent) -> None:
        """A new theme: the steps' to-do and to-fix colours follow it; a new UI scale (the
        application font): the Steps list is sized again once the font has reached it."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "touched"):
            self._refresh_steps()
            self.validation_panel.set_todo(self._is_todo)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "touched"):
            QTimer.singleShot(0, self, self._fit_steps)

    def _fit_steps(self) -> None:
        """Size the Steps list from its font: wide enough for the longest title with its
        status ("\u2022 12 to fix"), tall enough for every step, so no UI scale clips it."""
        steps = self.step_list
        fm = steps.fontMetrics()
        longest = max(
            (fm.horizontalAdvance(f"{t}  \u2022 99 to fix") for t in self._titles.values()),
            default=0,
        )
        # item padding (4 px a side), the frame, and room for the text's own margins
        width = longest + 2 * steps.frameWidth() + 8 + 2 * fm.averageCharWidth()
        scale = ui_scale()
        self._left.setMinimumWidth(max(round(230 * scale), width))
        self._left.setMaximumWidth(max(round(380 * scale), width))
        steps.setFixedHeight(steps.sizeHintForRow(0) * steps.count() + 2 * steps.frameWidth() + 4)

    def _on_edited(self, _index: int) -> None:
        # An edit, an undo or a redo on this step: it is being worked on (a tick once nothing
        # is missing), but what it still lacks stays "to do" until the user leaves it.
        key = self.current_step()
        if key not in self.worked:
            self.worked.add(key)
            self._refresh_steps()

    def _is_todo(self, problem: Any) -> bool:
        return self.step_for(problem.path) not in self.touched

    def step_errors(self) -> dict[str, int]:
        """Number of errors on each step's page."""
        counts = dict.fromkeys(self.step_keys, 0)
        for problem in self.document.problems:
            if problem.severity is Severity.ERROR:
                counts[self.step_for(problem.path)] += 1
        return counts

    def first_incomplete_step(self) -> str:
        """The first step that still has errors; when none has, the whole-character step (or
        the last step if the system has none)."""
        counts = self.step_errors()
        done = self._whole if self._whole is not None else self.step_keys[-1]
        return next((k for k in self.step_keys if counts[k]), done)

    def current_step(self) -> str:
        """The key of the page on show."""
        return self.step_keys[self.stack.currentIndex()]

    def show_step(self, key: str) -> None:
        """Show the page of step ``key``."""
        row = self.step_keys.index(key)
        if self.step_list.currentRow() != row:
            self.step_list.setCurrentRow(row)
        else:
            self._on_step_row_changed(row)

    def _on_step_row_changed(self, row: int) -> None:
        count = len(self.step_keys)
        if not 0 <= row < count:
            return
        if self._shown is not None and self._shown != self.step_keys[row]:
            self.touch(self._shown)  # left for another step: what it lacks is now a problem
        self._shown = self.step_keys[row]
        self.stack.setCurrentIndex(row)
        self.back_button.setEnabled(row > 0)
        self.next_button.setEnabled(row < count - 1)
        self.position_label.setText(f"Step {row + 1} of {count}")

    def _go(self, delta: int) -> None:
        row = self.stack.currentIndex() + delta
        if 0 <= row < len(self.step_keys):
            key = self.step_keys[row]
            self.show_step(key)
            first = self._page(key).first_field()
            if first is not None:
                first.setFocus(Qt.FocusReason.OtherFocusReason)

    def _page(self, key: str) -> Any:
        return self.pages[key]

    def _refresh_steps(self) -> None:
        counts = self.step_errors()
        heading, tip = self.flow.heading()
        self.steps_label.setText(heading)
        self.steps_label.setToolTip(tip)
        for row, key in enumerate(self.step_keys):
            item = self.step_list.item(row)
            title = self._titles.get(key, key)
            n = counts[key]
            item.setData(Qt.ItemDataRole.ForegroundRole, None)
            if key == self._whole:
                total = sum(counts.values())
                item.setText(f"{title}" + ("  \u2713" if total == 0 else ""))
                item.setToolTip("The whole character at a glance")
            elif n and key not in self.touched:  # work ahead, in neutral words
                item.setText(f"{title}  \u25cb {n} to do")
                item.setToolTip(f"{n} thing{'s' if n != 1 else ''} still to do on this step")
                item.setForeground(colour("todo"))
            elif n:
                item.setText(f"{title}  \u2022 {n} to fix")
                item.setToolTip(f"{n} problem{'s' if n != 1 else ''} to fix on this step")
                item.setForeground(colour("error"))
            elif self.flow.is_optional(key):
                item.setText(title)
                item.setToolTip("Nothing needed here now")
            elif key not in self.worked:
                item.setText(title)
                item.setToolTip("Not looked at yet")
            else:
                item.setText(f"{title}  \u2713")
                item.setToolTip("Done")

    # -- problems ------------------------------------------------------------------------------

    def focus_path(self, path: str) -> None:
        """Jump to the field a :class:`rules.validation.Problem` path names."""
        key = self.step_for(path)
        self.show_step(key)
        page = self._page(key)
        # Focus after the stack switched pages, so the field is visible and can take focus.
        if not page.focus_path(path):
            first = page.first_field()
            if first is not None:
                first.setFocus(Qt.FocusReason.OtherFocusReason)
        QTimer.singleShot(0, lambda: self._ensure_visible(page))

    def _ensure_visible(self, page: QWidget) -> None:
        focused = page.focusWidget()
        scroll = self.stack.currentWidget()
        if focused is not None and isinstance(scroll, QScrollArea):
            scroll.ensureWidgetVisible(focused)
