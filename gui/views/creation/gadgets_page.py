"""GUI layer: the gadgets page of the creation flow: personal gadgets and artifacts."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.views.creation.page_base import CreationPage
from gui.widgets.gadget_editor import GadgetEditor

INTRO = (
    "Took <b>Personal Gadget</b> or <b>Personal Artifact</b>? Each gives three improvements "
    "to spend on a device of your own: pick an ordinary base item, then improve it. Weird or "
    "Mad Science improvements cost extra without those stunts. No such stunt? Skip this step."
)


class GadgetsPage(CreationPage):
    """The gadget editor."""

    key = "gadgets"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Gadgets", INTRO, parent)
        self.editor = GadgetEditor(document)
        self.body.addWidget(self.editor, 1)

    def focus_path(self, path: str) -> bool:
        """Focus the device, field or improvement a problem points to."""
        self.editor.focus_path(path)
        return True

    def first_field(self) -> QWidget | None:
        """The list of devices."""
        return self.editor.gadget_view
