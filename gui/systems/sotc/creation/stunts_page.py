"""GUI layer: the stunts page of the creation flow: the stunt picker."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.creation.page_base import WidgetPage
from gui.systems.sotc.widgets.stunt_picker import StuntPicker


class StuntsPage(WidgetPage):
    """The stunt picker."""

    key = "stunts"
    TITLE = "Stunts"
    INTRO = (
        "Finally, pick <b>five stunts</b>: special tricks that bend the rules in your hero's "
        "favour. They usually go with your best skills. Some need another stunt first; those are "
        "greyed out and say what they need. A Quick Pick package adds a ready-made set in one go."
    )

    def make_widget(self, document: CharacterDocument) -> StuntPicker:
        """The picker."""
        self.picker = StuntPicker(document)
        return self.picker

    def first_field(self) -> QWidget | None:
        """The search box."""
        return self.picker.search_edit
