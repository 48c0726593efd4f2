"""GUI layer: FATE 2.0's creation flow and derived panel for the core's creation flow view.

The steps are the system's (§2 Character Creation: concept, phases, aspects, skills, fate
points, goal) plus its own extras page; problem paths map to the page that edits them. The
derived panel reads ``CharacterDocument.derived`` (ranks given and spent, fate points, peak,
aspect levels, the wound track of §8) and computes nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from gui.documents.character_document import CharacterDocument
from gui.system_ui import CreationStepView
from gui.systems.fate2.commands import fate2_of
from gui.systems.fate2.pages import (
    AspectsPage,
    ConceptPage,
    ExtrasPage,
    Fate2Page,
    FatePointsPage,
    GoalPage,
    PhasesPage,
    SkillsPage,
)
from rules.validation import Problem

BOX_CHAR = "\u25a1"

STEP_KEYS = ("concept", "phases", "aspects", "skills", "extras", "fate-points", "goal")

_HEADS = {
    "name": "concept", "player": "concept", "concept": "concept", "notes": "concept",
    "phases": "phases", "aspects": "aspects", "free_aspects": "aspects", "skills": "skills",
    "skill_defaults": "skills", "pyramid": "skills", "extras": "extras",
    "fate_points": "fate-points", "goal": "goal",
}  # fmt: skip


def step_for_path(path: str) -> str:
    """The step whose page edits the field at problem ``path``."""
    head = path.split(".", 1)[0].split("[", 1)[0]
    return _HEADS.get(head, "concept")


class Fate2CreationFlow:
    """FATE 2.0's pages for one character document.

    Args:
        document: The character being edited.
        quick_npc: Asks for a quick NPC's phases (the Pyramid Shorthand dialog), or None.
    """

    def __init__(
        self, document: CharacterDocument, quick_npc: Callable[[QWidget], Any] | None = None
    ) -> None:
        self.document = document
        pages: list[Fate2Page] = [
            ConceptPage(document),
            PhasesPage(document, quick_npc),
            AspectsPage(document),
            SkillsPage(document),
            ExtrasPage(document),
            FatePointsPage(document),
            GoalPage(document),
        ]
        self.pages = {page.key: page for page in pages}
        titles = {s.key: s.title for s in document.system.creation_steps}
        titles["extras"] = "Extras"
        self._steps = tuple(
            CreationStepView(key=p.key, title=titles.get(p.key, p.key), page=p) for p in pages
        )

    def steps(self) -> tuple[CreationStepView, ...]:
        """Concept, phases, aspects, skills, extras, fate points, goal."""
        return self._steps

    def step_for(self, path: str) -> str:
        """The page of ``path``."""
        return step_for_path(path)

    def problem_rank(self, problem: Problem) -> int:
        """Problems in step order."""
        return STEP_KEYS.index(step_for_path(problem.path))

    def heading(self) -> tuple[str, str]:
        """ "Steps"."""
        return "<b>Steps</b>", ""

    def is_optional(self, key: str) -> bool:
        """Extras and the goal may stay empty; the aspects and skills come from the phases
        (2. Character Creation: "for each phase"), so before any phase is written there is
        nothing to do on their pages (neither done nor to do)."""
        if key in ("aspects", "skills"):
            return not fate2_of(self.document)[0].phases
        return key in ("extras", "goal")


class Fate2DerivedPanel(QFrame):
    """Ranks given/spent, fate points, peak, aspect levels and the wound track, live."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(18)
        self.ranks = QLabel()
        self.ranks.setToolTip(
            "Ranks the phases gave, and what the skills (each step above its default, one "
            "rank) and extras cost (2. Buying Skills)."
        )
        self.fate = QLabel()
        self.fate.setToolTip("Half the phases, rounded up, unless the GM says (2. Fate Points)")
        self.peak = QLabel()
        self.aspects = QLabel()
        self.aspects.setToolTip("Sum of the aspects' levels, and the level cap (2. Select Aspects)")
        self.wounds = QLabel()
        self.wounds.setToolTip(
            "The wound track (8. Injuries and Advantages, Table 2): boxes per row; Taken Out "
            "is the one X."
        )
        for label in (self.ranks, self.fate, self.peak, self.aspects, self.wounds):
            layout.addWidget(label)
        layout.addStretch(1)
        document.character_replaced.connect(self._refresh)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        derived: Any = self._document.derived
        ladder = self._document.system.ladder
        total = "\u2014" if derived.ranks_total is None else str(derived.ranks_total)
        spent = derived.ranks_spent + derived.ranks_on_extras
        self.ranks.setText(f"<b>Ranks</b> {spent} spent of {total}")
        self.fate.setText(f"<b>Fate points</b> {derived.fate_points}")
        peak = "\u2014" if derived.peak is None else ladder.render(derived.peak)
        self.peak.setText(f"<b>Peak</b> {peak}")
        self.aspects.setText(
            f"<b>Aspect levels</b> {derived.aspect_levels} (cap {derived.aspect_cap})"
        )
        rows = " ".join(
            f"{band.outcome} {BOX_CHAR * band.boxes}"
            for band in derived.wound_track
            if band.boxes and band.outcome != "Taken Out"
        )
        self.wounds.setText(f"<b>Wounds</b> {rows} Taken Out {BOX_CHAR}")
