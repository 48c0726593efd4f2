"""GUI layer: the skills page of the creation flow: the visual pyramid."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.views.creation.page_base import CreationPage
from gui.widgets.pyramid_widget import PyramidWidget

INTRO = (
    "Now choose what your hero is good at. Skills sit on a pyramid: <b>one</b> Superb skill at "
    "the top, then two Great, three Good, four Fair and <b>five</b> Average at the bottom "
    "(15 in all). Anything you leave off is Mediocre. Think back over the five phases: what "
    "did your hero learn?"
)


class SkillsPage(CreationPage):
    """The pyramid editor."""

    key = "skills"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Skills", INTRO, parent)
        self.pyramid = PyramidWidget(document)
        self.body.addWidget(self.pyramid, 1)

    def focus_path(self, path: str) -> bool:
        """Focus the skill or rung a problem points to."""
        self.pyramid.focus_path(path)
        return True

    def first_field(self) -> QWidget | None:
        """The skill list."""
        return self.pyramid.skill_view
