"""GUI layer: SotC's editor flow (concept, the five phases, skills, stunts, gadgets, review, and
the character in play).

:class:`SotcCreationFlow` supplies the pages and the path-to-step mapping to the core's
:class:`gui.widgets.creation_flow.CreationFlowView`; :class:`CharacterEditor` is that view over
SotC's flow and derived panel (SotC, Character Creation; Fast Character Creation).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.system_ui import CreationStepView
from gui.systems.sotc.creation.concept_page import ConceptPage
from gui.systems.sotc.creation.gadgets_page import GadgetsPage
from gui.systems.sotc.creation.page_base import CreationPage
from gui.systems.sotc.creation.phase_page import PhasePage
from gui.systems.sotc.creation.review_page import ReviewPage
from gui.systems.sotc.creation.skills_page import SkillsPage
from gui.systems.sotc.creation.stunts_page import StuntsPage
from gui.systems.sotc.play_page import PlayPage
from gui.systems.sotc.steps import FAST_START_PATHS, STEP_KEYS, step_for_path
from gui.systems.sotc.widgets.derived_panel import DerivedPanel
from gui.widgets.creation_flow import CreationFlowView
from rules.systems.sotc.character import NovelRef
from rules.validation import Problem

PLAY_STEP = "play"
PLAY_HEADS = frozenset({"fate_points", "condition", "advancements"})
"""Fields the "In play" page edits (the character between fights)."""

NovelSource = Callable[[], list[NovelRef]]
CastingSource = Callable[[], list[str]]


class SotcCreationFlow:
    """SotC's steps and pages for one character document.

    Args:
        document: The character being edited.
        novels: The campaign's other characters' novels (phases four and five choose one).
        guest_stars: The names of the characters who guest-star in this one's novel according
            to the campaign's casting (offered to fill in Phase Three's list).
    """

    def __init__(
        self,
        document: CharacterDocument,
        *,
        novels: NovelSource | None = None,
        guest_stars: CastingSource | None = None,
    ) -> None:
        self.document = document
        self.novels = novels
        self.guest_stars = guest_stars
        pages: list[CreationPage] = [ConceptPage(document)]
        pages += [PhasePage(document, n, novels, casting=guest_stars) for n in range(1, 6)]
        pages += [SkillsPage(document), StuntsPage(document)]
        pages += [GadgetsPage(document), ReviewPage(document), PlayPage(document)]
        titles = {s.key: s.title for s in document.system.creation_steps}
        titles["gadgets"] = "Gadgets"
        titles["review"] = "Review"
        titles[PLAY_STEP] = "In play"
        self._steps = tuple(
            CreationStepView(
                key=page.key,
                title=titles.get(page.key, page.key),
                page=page,
                whole=page.key == "review",
            )
            for page in pages
        )

    def steps(self) -> tuple[CreationStepView, ...]:
        """Concept, phases one to five, skills, stunts, gadgets, review, in play."""
        return self._steps

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
        if _head(path) in PLAY_HEADS:
            return PLAY_STEP
        return step_for_path(path)

    def problem_rank(self, problem: Problem) -> int:
        """The creation-step order of the problem's field (the play page's last)."""
        if _head(problem.path) in PLAY_HEADS:
            return len(STEP_KEYS)
        return STEP_KEYS.index(step_for_path(problem.path))

    def heading(self) -> tuple[str, str]:
        """ "Steps", marked in fast creation."""
        if self.is_fast():
            return (
                "<b>Steps</b> (fast creation)",
                "Fast creation: only the first page is needed to play; fill in the others as "
                "the story calls for them (SotC, Fast Character Creation).",
            )
        return "<b>Steps</b>", ""

    def is_optional(self, key: str) -> bool:
        """In fast creation every page but the first is filled in during play; the play page
        always is."""
        return key == PLAY_STEP or (self.is_fast() and key != "concept")


def _head(path: str) -> str:
    """The top-level field of problem ``path`` ("advancements[2].stunt" -> "advancements")."""
    return path.split(".", 1)[0].split("[", 1)[0]


class CharacterEditor(CreationFlowView):
    """The core's creation flow view over SotC's pages and derived panel."""

    def __init__(
        self,
        document: CharacterDocument,
        *,
        novels: NovelSource | None = None,
        guest_stars: CastingSource | None = None,
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
        self.sotc_flow = SotcCreationFlow(document, novels=novels, guest_stars=guest_stars)
        super().__init__(document, self.sotc_flow, DerivedPanel(document), parent)

    def is_fast(self) -> bool:
        """Whether the character is made with fast creation."""
        return self.sotc_flow.is_fast()
