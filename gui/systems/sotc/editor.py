"""GUI layer: the SotC character editor: the guided creation flow that is also the free editor.

Left: the steps (concept, the five phases, skills, stunts, review), each marked done or with what
is left, and below them every problem, each a link to its field. Top: live derived values.
Centre: the current step's page with Back/Next. The editor opens on the first unfinished step, so
leaving and coming back resumes creation; every page stays reachable for later editing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
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
from gui.models.problem_model import STEP_KEYS, step_for_path
from gui.systems.sotc.creation.concept_page import ConceptPage
from gui.systems.sotc.creation.gadgets_page import GadgetsPage
from gui.systems.sotc.creation.page_base import CreationPage
from gui.systems.sotc.creation.phase_page import PhasePage
from gui.systems.sotc.creation.review_page import ReviewPage
from gui.systems.sotc.creation.skills_page import SkillsPage
from gui.systems.sotc.creation.stunts_page import StuntsPage
from gui.widgets.derived_panel import DerivedPanel
from gui.widgets.validation_panel import ValidationPanel
from rules.systems.sotc.character import NovelRef
from rules.validation import Severity

FAST_START_PATHS = frozenset({"pyramid.5", "phases", "skills", "description"})
"""Problem paths of fast creation's start (apex skill, two aspects, early skills)."""


class CharacterEditor(QWidget):
    """Guided SotC creation flow + free editing, for one CharacterDocument."""

    def __init__(
        self,
        document: CharacterDocument,
        *,
        novels: Callable[[], list[NovelRef]] | None = None,
        guest_stars: Callable[[], list[str]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """Build the editor.

        Args:
            document: The character being edited.
            novels: The campaign's other characters' novels (phases four and five choose one).
            guest_stars: The names of the characters who guest-star in this one's novel
                according to the campaign's casting (offered to fill in Phase Three's list).
            parent: The parent widget.
        """
        super().__init__(parent)
        self.document = document
        self._novels = novels
        self._guest_stars = guest_stars
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(6)
        self.derived_panel = DerivedPanel(document)
        outer.addWidget(self.derived_panel)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        outer.addWidget(splitter, 1)
        splitter.addWidget(self._build_left())
        splitter.addWidget(self._build_centre())
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([270, 1000])
        self.splitter = splitter

        self.validation_panel.path_activated.connect(self.focus_path)
        document.problems_changed.connect(self._refresh_steps)
        self._refresh_steps()
        self.show_step(self.first_incomplete_step())

    # -- construction ------------------------------------------------------------------------

    def _build_left(self) -> QWidget:
        left = QWidget()
        left.setMinimumWidth(230)
        left.setMaximumWidth(380)
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
        self.validation_panel = ValidationPanel(self.document)
        layout.addWidget(self.validation_panel, 1)
        return left

    def _build_centre(self) -> QWidget:
        centre = QWidget()
        layout = QVBoxLayout(centre)
        layout.setContentsMargins(8, 0, 0, 0)
        self.stack = QStackedWidget()
        self.pages: dict[str, CreationPage] = {}
        pages: list[CreationPage] = [ConceptPage(self.document)]
        pages += [
            PhasePage(self.document, n, self._novels, casting=self._guest_stars)
            for n in range(1, 6)
        ]
        pages += [SkillsPage(self.document), StuntsPage(self.document)]
        pages += [GadgetsPage(self.document), ReviewPage(self.document)]
        titles = {s.key: s.title for s in self.document.system.creation_steps}
        titles["gadgets"] = "Gadgets"
        titles["review"] = "Review"
        for page in pages:
            scroll = QScrollArea()
            scroll.setWidget(page)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            self.stack.addWidget(scroll)
            self.pages[page.key] = page
            item = QListWidgetItem(titles.get(page.key, page.key))
            item.setData(Qt.ItemDataRole.UserRole, page.key)
            self.step_list.addItem(item)
        self._titles = titles
        self.step_list.setFixedHeight(
            self.step_list.sizeHintForRow(0) * self.step_list.count()
            + 2 * self.step_list.frameWidth()
            + 4
        )
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

    def is_fast(self) -> bool:
        """Whether the character is made with fast creation (SotC "Fast Character Creation")."""
        return getattr(self.document.character, "creation_mode", "standard") == "fast"

    def step_for(self, path: str) -> str:
        """The step whose page holds the field at ``path``.

        In fast creation the first page holds the apex skill and the two aspects, so the fast
        start's problems ("pyramid.5", "phases", "skills") lead there.
        """
        if self.is_fast() and path in FAST_START_PATHS:
            return "concept"
        return step_for_path(path)

    def step_errors(self) -> dict[str, int]:
        """Number of errors on each step's page."""
        counts = dict.fromkeys(STEP_KEYS, 0)
        for problem in self.document.problems:
            if problem.severity is Severity.ERROR:
                counts[self.step_for(problem.path)] += 1
        return counts

    def first_incomplete_step(self) -> str:
        """The first step that still has errors, or "review" when everything is done."""
        counts = self.step_errors()
        return next((k for k in STEP_KEYS if counts[k]), "review")

    def current_step(self) -> str:
        """The key of the page on show."""
        return STEP_KEYS[self.stack.currentIndex()]

    def show_step(self, key: str) -> None:
        """Show the page of step ``key``."""
        row = STEP_KEYS.index(key)
        if self.step_list.currentRow() != row:
            self.step_list.setCurrentRow(row)
        else:
            self._on_step_row_changed(row)

    def _on_step_row_changed(self, row: int) -> None:
        if not 0 <= row < len(STEP_KEYS):
            return
        self.stack.setCurrentIndex(row)
        self.back_button.setEnabled(row > 0)
        self.next_button.setEnabled(row < len(STEP_KEYS) - 1)
        self.position_label.setText(f"Step {row + 1} of {len(STEP_KEYS)}")

    def _go(self, delta: int) -> None:
        row = self.stack.currentIndex() + delta
        if 0 <= row < len(STEP_KEYS):
            self.show_step(STEP_KEYS[row])
            first = self.pages[STEP_KEYS[row]].first_field()
            if first is not None:
                first.setFocus(Qt.FocusReason.OtherFocusReason)

    def _refresh_steps(self) -> None:
        counts = self.step_errors()
        fast = self.is_fast()
        self.steps_label.setText("<b>Steps</b> (fast creation)" if fast else "<b>Steps</b>")
        self.steps_label.setToolTip(
            "Fast creation: only the first page is needed to play; fill in the others as the "
            "story calls for them (SotC, Fast Character Creation)."
            if fast
            else ""
        )
        for row, key in enumerate(STEP_KEYS):
            item = self.step_list.item(row)
            title = self._titles.get(key, key)
            n = counts[key]
            if key == "review":
                total = sum(counts.values())
                item.setText(f"{title}" + ("  \u2713" if total == 0 else ""))
                item.setToolTip("The whole character at a glance")
            elif n:
                item.setText(f"{title}  \u2022 {n} to do")
                item.setToolTip(f"{n} thing{'s' if n != 1 else ''} still to do on this step")
            elif fast and key != "concept":
                item.setText(title)
                item.setToolTip("Fill this in during play")
            else:
                item.setText(f"{title}  \u2713")
                item.setToolTip("Done")

    # -- problems ------------------------------------------------------------------------------

    def focus_path(self, path: str) -> None:
        """Jump to the field a :class:`rules.validation.Problem` path names."""
        key = self.step_for(path)
        self.show_step(key)
        page = self.pages[key]
        # Focus after the stack switched pages, so the field is visible and can take focus.
        if not page.focus_path(path):
            first = page.first_field()
            if first is not None:
                first.setFocus(Qt.FocusReason.OtherFocusReason)
        QTimer.singleShot(0, lambda: self._ensure_visible(page))

    def _ensure_visible(self, page: CreationPage) -> None:
        focused = page.focusWidget()
        scroll = self.stack.currentWidget()
        if focused is not None and isinstance(scroll, QScrollArea):
            scroll.ensureWidgetVisible(focused)
