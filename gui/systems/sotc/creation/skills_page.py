"""GUI layer: the skills page of the creation flow: the visual pyramid."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.creation.page_base import WidgetPage
from gui.systems.sotc.widgets.pyramid_widget import PyramidWidget


class SkillsPage(WidgetPage):
    """The pyramid editor."""

    key = "skills"
    TITLE = "Skills"
    INTRO = (
        "Now choose what your hero is good at. Skills sit on a pyramid: <b>one</b> Superb skill "
        "at the top, then two Great, three Good, four Fair and <b>five</b> Average at the bottom "
        "(15 in all). Anything you leave off is Mediocre. Think back over the five phases: what "
        "did your hero learn?"
    )

    def make_widget(self, document: CharacterDocument) -> PyramidWidget:
        """The pyramid."""
        self.pyramid = PyramidWidget(document)
        return self.pyramid

    def first_field(self) -> QWidget | None:
        """The skill list."""
        return self.pyramid.skill_view
