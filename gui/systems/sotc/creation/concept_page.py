"""GUI layer: the first creation page: how to build (standard or fast), concept, name, description.

Fast creation (SotC "Fast Character Creation") needs only a name and a sentence or two, the apex
(Superb) skill and two aspects; everything else is written in during play. In that mode this page
also holds the apex skill and the two aspects (stored as Phase One's), so one page is enough to
start playing. Switching between the modes is one undoable step and loses nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import (
    PlaceSkillCommand,
    SetCreationModeCommand,
    SwapSkillsCommand,
)
from gui.systems.sotc.creation.page_base import (
    CreationPage,
    FieldProblems,
    TextBinding,
    with_problems,
)
from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.system import TOP_RUNG

INTRO = (
    "Start with an idea: who is this pulp hero in a sentence? A flying ace with a secret, a "
    "scientist who punches first, a jungle-raised heir&hellip; Then give them a name with some "
    "punch: a short first name and a bold surname reads well on a novel's cover."
)
STANDARD_TEXT = "&Standard: the five phases, then the skill pyramid and five stunts"
FAST_TEXT = "&Fast: a description, the best skill and two aspects; the rest during play"
FAST_NOTE = (
    "Fast creation: write in skills, aspects and stunts the first time they matter in play. "
    "Each aspect written is a fate point. Switch to standard any time to finish the phases."
)
NO_APEX = "\u2014 choose the Superb skill \u2014"


class ConceptPage(CreationPage):
    """How to build, concept, name, player, description; in fast mode the apex and two aspects."""

    key = "concept"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "Concept and name", INTRO, parent)
        self.body.addWidget(self._build_mode())
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
        self.description_edit.setFixedHeight(64)
        form.addRow("&Concept:", self.concept_edit)
        name_box = with_problems(document, ("name",), self.name_edit)
        form.addRow("&Name:", name_box)
        form.labelForField(name_box).setBuddy(self.name_edit)  # type: ignore[attr-defined]
        form.addRow("&Player:", self.player_edit)
        description_box = with_problems(document, ("description",), self.description_edit)
        form.addRow("&Description:", description_box)
        form.labelForField(description_box).setBuddy(self.description_edit)  # type: ignore[attr-defined]
        self.body.addLayout(form)
        self.body.addWidget(self._build_fast_start())
        self.body.addStretch(1)
        self.bind(self.concept_edit, "concept")
        self.bind(self.name_edit, "name")
        self.bind(self.player_edit, "player")
        self.bind(self.description_edit, "description")
        document.character_replaced.connect(self._sync)
        self._sync()

    # -- construction ------------------------------------------------------------------------

    def _build_mode(self) -> QWidget:
        box = QGroupBox("How do you want to build this hero?")
        layout = QVBoxLayout(box)
        layout.setSpacing(2)
        self.standard_radio = QRadioButton(STANDARD_TEXT)
        self.fast_radio = QRadioButton(FAST_TEXT)
        self.fast_radio.setToolTip("SotC, Character Creation: Fast Character Creation")
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.standard_radio)
        self.mode_group.addButton(self.fast_radio)
        self.standard_radio.clicked.connect(lambda: self.set_mode("standard"))
        self.fast_radio.clicked.connect(lambda: self.set_mode("fast"))
        layout.addWidget(self.standard_radio)
        layout.addWidget(self.fast_radio)
        return box

    def _build_fast_start(self) -> QWidget:
        self.fast_box = QGroupBox("Fast start")
        layout = QVBoxLayout(self.fast_box)
        note = QLabel(FAST_NOTE)
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.apex_box = QComboBox()
        self.apex_box.setAccessibleName("Apex skill")
        self.apex_box.addItem(NO_APEX, "")
        for name in self.document.skill_names():
            self.apex_box.addItem(name, name)
        self.apex_box.activated.connect(self._on_apex_activated)
        apex = with_problems(self.document, ("pyramid.5",), self.apex_box)
        form.addRow("Best &skill (Superb):", apex)
        form.labelForField(apex).setBuddy(self.apex_box)  # type: ignore[attr-defined]
        self.fast_aspect_edits: list[QLineEdit] = []
        hints = ("Something good about them, e.g. Crack Shot", "A flaw, e.g. Can't Say No")
        for slot, hint in enumerate(hints):
            edit = QLineEdit()
            edit.setPlaceholderText(hint)
            edit.setAccessibleName(f"Fast aspect {slot + 1}")
            # Stored as Phase One's aspects (fast creation has no phases yet).
            self.bindings.append(TextBinding(self.document, edit, f"phases[0].aspects[{slot}]"))
            form.addRow(f"&Aspect {slot + 1}:", edit)
            self.fast_aspect_edits.append(edit)
        layout.addLayout(form)
        self.fast_problems = FieldProblems(self.document, ("phases", "skills"), exact=True)
        layout.addWidget(self.fast_problems)
        return self.fast_box

    # -- state -----------------------------------------------------------------------------------

    def _character(self) -> SotcCharacter:
        character = self.document.character
        assert isinstance(character, SotcCharacter)
        return character

    def is_fast(self) -> bool:
        """Whether the character is being made with fast creation."""
        return self._character().creation_mode == "fast"

    def _sync(self, *_args: Any) -> None:
        fast = self.is_fast()
        radio = self.fast_radio if fast else self.standard_radio
        if not radio.isChecked():
            radio.setChecked(True)
        self.fast_box.setVisible(fast)
        apex = self.apex_skill()
        row = self.apex_box.findData(apex) if apex else 0
        if row < 0:  # rated Superb but not in the campaign's list: show it anyway
            self.apex_box.addItem(apex, apex)
            row = self.apex_box.count() - 1
        if self.apex_box.currentIndex() != row:
            self.apex_box.setCurrentIndex(row)

    def apex_skill(self) -> str:
        """The skill rated Superb ("" if none; the first alphabetically if several)."""
        top = sorted(k for k, v in self._character().skills.items() if v == TOP_RUNG)
        return top[0] if top else ""

    # -- actions -----------------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Switch to standard or fast creation (one undoable step)."""
        if self._character().creation_mode != mode:
            self.document.undo_stack.push(SetCreationModeCommand(self.document, mode))

    def _on_apex_activated(self, row: int) -> None:
        self.set_apex(str(self.apex_box.itemData(row) or ""))

    def set_apex(self, skill: str) -> None:
        """Make ``skill`` the Superb skill; the old apex takes its former rating (one step)."""
        old = self.apex_skill()
        if not skill or skill == old:
            return
        stack = self.document.undo_stack
        if old:
            text = f"Make {skill} the Superb skill"
            stack.push(SwapSkillsCommand(self.document, skill, old, text=text))
        else:
            stack.push(PlaceSkillCommand(self.document, skill, TOP_RUNG))

    def focus_path(self, path: str) -> bool:
        """Fields of this page; in fast mode also the apex skill and the two aspects."""
        if self.is_fast():
            if path.startswith("pyramid") or path == "skills":
                self.apex_box.setFocus()
                return True
            if path.startswith("phases"):
                empty = next((e for e in self.fast_aspect_edits if not e.text()), None)
                (empty or self.fast_aspect_edits[0]).setFocus()
                return True
        return super().focus_path(path)
