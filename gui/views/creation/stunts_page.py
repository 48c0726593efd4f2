"""GUI layer: the stunts page of the creation flow: the stunt picker."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.views.creation.page_base import CreationPage
from gui.widgets.stunt_picker import StuntPicker

INTRO = (
    "Finally, pick <b>five stunts</b>: special tricks that bend the rules in your hero's favour. "
    "They usually go with your best skills. Some need another stunt first; those are greyed "
    "out and say what they need. A Quick Pick package adds a ready-made set in one go."
)


class StuntsPage(CreationPage):
    """The stunt picker."""

    key = "stunts"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Stunts", INTRO, parent)
        self.picker = StuntPicker(document)
        self.body.addWidget(self.picker, 1)

    def focus_path(self, path: str) -> bool:
        """Focus the stunt a problem points to."""
        self.picker.focus_path(path)
        return True

    def first_field(self) -> QWidget | None:
        """The search box."""
        return self.picker.search_edit
