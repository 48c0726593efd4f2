"""GUI layer: the gadgets page of the creation flow: personal gadgets and artifacts."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.creation.page_base import WidgetPage
from gui.systems.sotc.widgets.gadget_editor import GadgetEditor


class GadgetsPage(WidgetPage):
    """The gadget editor."""

    key = "gadgets"
    TITLE = "Gadgets"
    INTRO = (
        "Took <b>Personal Gadget</b> or <b>Personal Artifact</b>? Each gives three improvements "
        "to spend on a device of your own: pick an ordinary base item, then improve it. Weird or "
        "Mad Science improvements cost extra without those stunts. No such stunt? Skip this step."
    )

    def make_widget(self, document: CharacterDocument) -> GadgetEditor:
        """The gadget editor."""
        self.editor = GadgetEditor(document)
        return self.editor

    def first_field(self) -> QWidget | None:
        """The list of devices."""
        return self.editor.gadget_view
