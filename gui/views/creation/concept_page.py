"""GUI layer: the first creation page: the character's concept, name and description."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from gui.documents.character_document import CharacterDocument
from gui.views.creation.page_base import CreationPage, with_problems

INTRO = (
    "Start with an idea: who is this pulp hero in a sentence? A flying ace with a secret, a "
    "scientist who punches first, a jungle-raised heir&hellip; Then give them a name with some "
    "punch: a short first name and a bold surname reads well on a novel's cover."
)


class ConceptPage(CreationPage):
    """Concept, name, player and a one- or two-sentence description."""

    key = "concept"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Concept and name", INTRO, parent)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.concept_edit = QLineEdit()
        self.concept_edit.setPlaceholderText("e.g. Two-fisted pilot with a price on her head")
        self.concept_edit.setAccessibleName("Concept")
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Ada Thorne")
        self.name_edit.setAccessibleName("Name")
        self.player_edit = QLineEdit()
        self.player_edit.setPlaceholderText("Who plays this character (optional)")
        self.player_edit.setAccessibleName("Player")
        self.description_edit = QPlainTextEdit()
        self.description_edit.setPlaceholderText("One or two sentences about the character")
        self.description_edit.setAccessibleName("Description")
        self.description_edit.setFixedHeight(80)
        form.addRow("&Concept:", self.concept_edit)
        name_box = with_problems(document, ("name",), self.name_edit)
        form.addRow("&Name:", name_box)
        form.labelForField(name_box).setBuddy(self.name_edit)  # type: ignore[attr-defined]
        form.addRow("&Player:", self.player_edit)
        form.addRow("&Description:", self.description_edit)
        self.body.addLayout(form)
        self.body.addStretch(1)
        self.bind(self.concept_edit, "concept")
        self.bind(self.name_edit, "name")
        self.bind(self.player_edit, "player")
        self.bind(self.description_edit, "description")
