"""GUI layer: Strange Fate's first creation pages, in the book's order («Character Creation»,
L331-L346): Archetype and Social Class (with their aspects and the first Conviction), the Five
Questions, and the five other aspects.

Each page edits the document only through :mod:`.commands` and writes the stored values back
into its widgets after every change (undo, redo, another view), so the widgets never hold state
of their own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.strange_fate.commands import (
    QUESTIONS,
    EditAnswerCommand,
    EditFieldCommand,
    RemoveAspectCommand,
    SetAspectCommand,
    sf_of,
)
from rules.systems.strange_fate.character import Aspect, StrangeFateCharacter

CAMPAIGN_ERA = "(the campaign's)"


class SfPage(QWidget):
    """Base of a Strange Fate page: a heading, a form, and write-back on every change."""

    key = ""
    heading = ""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._writing = False
        self.fields: dict[str, QWidget] = {}
        self.outer = QVBoxLayout(self)
        title = QLabel(f"<h3>{self.heading}</h3>")
        self.outer.addWidget(title)

    def character(self) -> StrangeFateCharacter:
        """The current character."""
        return sf_of(self.document)[0]

    def watch(self) -> None:
        """Write the document into the widgets now and after every change."""
        self.document.character_replaced.connect(self._on_replaced)
        self._write_back()

    def _on_replaced(self, _character: object) -> None:
        # A bound method (not a lambda): Qt drops the connection when the page is deleted.
        self._write_back()

    def _write_back(self) -> None:
        self._writing = True
        try:
            self.show_character(self.character())
        finally:
            self._writing = False

    def show_character(self, character: StrangeFateCharacter) -> None:
        """Show ``character`` (subclasses)."""

    def push(self, command: Any) -> None:
        """Push ``command`` unless the page is writing the document back into its widgets."""
        if not self._writing:
            self.document.undo_stack.push(command)

    def focus_path(self, path: str) -> bool:
        """Focus the widget of problem ``path``."""
        head = path.split(".", 1)[0].split("[", 1)[0]
        widget = self.fields.get(path) or self.fields.get(head)
        if widget is None:
            return False
        widget.setFocus()
        return True

    def first_field(self) -> QWidget | None:
        """The first field of the page."""
        return next(iter(self.fields.values()), None)


def set_text(widget: QLineEdit | QPlainTextEdit, text: str) -> None:
    """Put ``text`` in ``widget`` if it differs (keeps the cursor while typing)."""
    if isinstance(widget, QLineEdit):
        if widget.text() != text:
            widget.setText(text)
    elif widget.toPlainText() != text:
        widget.setPlainText(text)


def aspect_of_path(path: str) -> int:
    """The aspect index of a problem path ``aspects[i]...`` (-1 for any other path)."""
    if not path.startswith("aspects["):
        return -1
    try:
        return int(path[len("aspects[") :].split("]", 1)[0])
    except ValueError:
        return -1


def aspect_index(character: StrangeFateCharacter, kind: str, question: str | None = None) -> int:
    """The index of the first aspect of ``kind`` (answering ``question``), or -1."""
    for i, a in enumerate(character.aspects):
        if question is not None and a.question == question:
            return i
        if question is None and a.kind == kind and a.skill is None:
            return i
    return -1


class ArchetypePage(SfPage):
    """Name, role, era; Archetype and Social Class with their aspects; the first Conviction."""

    key = "archetype"
    heading = "Archetype and Social Class"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        _, system = sf_of(document)
        creation = system.book.creation
        self.eras = {e.name: e.key for e in creation.eras}
        form = QFormLayout()
        self.name = QLineEdit()
        self.player = QLineEdit()  # a PC's player: without one it joins a scene as an NPC
        self.player.setPlaceholderText("who plays this character (blank for the GM's)")
        self.role = QComboBox()
        for key, label in (("pc", "Player character"), ("adversary", "Adversary"),
                           ("villain", "Villain")):  # fmt: skip
            self.role.addItem(label, key)
        self.role.setToolTip(
            "Adversaries and villains start with other Refresh («Creating Adversaries», "
            "«Creating Villains»)."
        )
        self.era = QComboBox()
        self.era.addItems([CAMPAIGN_ERA, *self.eras])
        self.archetype = QComboBox()
        self.archetype.setEditable(True)
        self.archetype.addItems(["", *(a.name for a in creation.archetypes)])
        self.archetype_help = QLabel()
        self.archetype_help.setWordWrap(True)
        self.social_class = QComboBox()
        self.social_class.addItems(["", *(c.name for c in creation.social_classes)])
        self.aspect_edits: dict[str, QLineEdit] = {}
        for kind, label in (("archetype", "Archetype aspect"), ("social-class", "Social Class "
                            "aspect"), ("conviction", "Conviction")):  # fmt: skip
            edit = QLineEdit()
            edit.setAccessibleName(label)
            edit.textEdited.connect(lambda text, k=kind: self._on_aspect(k, text))
            self.aspect_edits[kind] = edit
        for label, widget in (("&Name", self.name), ("Pla&yer", self.player),
                              ("R&ole", self.role), ("&Era", self.era),
                              ("&Archetype", self.archetype), ("", self.archetype_help),
                              ("Archetype as&pect", self.aspect_edits["archetype"]),
                              ("&Social Class", self.social_class),
                              ("Social Class aspe&ct", self.aspect_edits["social-class"]),
                              ("First Con&viction", self.aspect_edits["conviction"])):  # fmt: skip
            form.addRow(label, widget)
        self.outer.addLayout(form)
        self.outer.addStretch(1)
        self.fields = {"name": self.name, "player": self.player, "role": self.role, "era": self.era,
                       "archetype": self.archetype, "social_class": self.social_class,
                       "aspects": self.aspect_edits["archetype"]}  # fmt: skip
        self.name.textEdited.connect(lambda t: self.push(EditFieldCommand(document, "name", t)))
        self.player.textEdited.connect(lambda t: self.push(EditFieldCommand(document, "player", t)))
        self.role.currentIndexChanged.connect(
            lambda _i: self.push(EditFieldCommand(document, "role", self.role.currentData()))
        )
        self.era.currentTextChanged.connect(
            lambda t: self.push(EditFieldCommand(document, "era", self.eras.get(t)))
        )
        self.archetype.currentTextChanged.connect(
            lambda t: self.push(EditFieldCommand(document, "archetype", t.strip()))
        )
        self.social_class.currentTextChanged.connect(
            lambda t: self.push(EditFieldCommand(document, "social_class", t))
        )
        self.watch()

    def focus_path(self, path: str) -> bool:
        """``aspects[i]``: the edit of that aspect (Archetype, Social Class, Conviction)."""
        index = aspect_of_path(path)
        character = self.character()
        if 0 <= index < len(character.aspects):
            edit = self.aspect_edits.get(character.aspects[index].kind)
            if edit is not None:
                edit.setFocus()
                return True
        return super().focus_path(path)

    def _on_aspect(self, kind: str, text: str) -> None:
        character = self.character()
        index = aspect_index(character, kind)
        if index < 0:
            index = len(character.aspects)
        self.push(SetAspectCommand(self.document, index, Aspect(kind=kind, text=text)))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """Show the fields."""
        set_text(self.name, character.name)
        set_text(self.player, character.player)
        self.role.setCurrentIndex(max(0, self.role.findData(character.role)))
        era = next((n for n, k in self.eras.items() if k == character.era), CAMPAIGN_ERA)
        self.era.setCurrentText(era)
        if self.archetype.currentText() != character.archetype:
            self.archetype.setCurrentText(character.archetype)
        self.social_class.setCurrentText(character.social_class)
        for kind, edit in self.aspect_edits.items():
            i = aspect_index(character, kind)
            set_text(edit, character.aspects[i].text if i >= 0 else "")
        _, system = sf_of(self.document)
        archetype = system.book.creation.archetype(character.archetype)
        if archetype is None:
            self.archetype_help.setText("A custom Archetype." if character.archetype else "")
        else:
            needs = "; ".join(r.text for r in archetype.requirements)
            self.archetype_help.setText(
                f"<i>{archetype.summary}</i>" + (f"<br>Needs: {needs}" if needs else "")
            )


class QuestionsPage(SfPage):
    """The Five Questions («The Five Questions», L348-L362)."""

    key = "questions"
    heading = "The Five Questions"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        _, system = sf_of(document)
        form = QFormLayout()
        self.answers: dict[str, QPlainTextEdit] = {}
        for question in system.book.creation.questions:
            edit = QPlainTextEdit()
            edit.setTabChangesFocus(True)
            edit.setPlaceholderText(question.prompt)
            edit.setAccessibleName(question.name)
            edit.setFixedHeight(58)
            edit.textChanged.connect(lambda q=question.key, e=edit: self._on_answer(q, e))
            self.answers[question.key] = edit
            form.addRow(question.name, edit)
            self.fields[f"answers.{question.key}"] = edit
        self.fields["answers"] = self.answers[QUESTIONS[0]]
        self.outer.addLayout(form)
        self.outer.addStretch(1)
        self.watch()

    def _on_answer(self, question: str, edit: QPlainTextEdit) -> None:
        text = edit.toPlainText()
        if text != getattr(self.character().answers, question):
            self.push(EditAnswerCommand(self.document, question, text))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """Show the answers."""
        for key, edit in self.answers.items():
            set_text(edit, getattr(character.answers, key))


class AspectsPage(SfPage):
    """The five other aspects, one per question; a skill's Drawback may turn one into a
    Complication or Conviction linked to it («Define Aspects», L474-L486)."""

    key = "aspects"
    heading = "Aspects"

    KINDS = ("free", "complication", "conviction")

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        _, system = sf_of(document)
        self.questions = [(q.key, q.name) for q in system.book.creation.questions]
        self.grid = QGridLayout()
        for column, heading in enumerate(("Question", "Kind", "Aspect", "Linked skill")):
            self.grid.addWidget(QLabel(f"<b>{heading}</b>"), 0, column)
        self.rows: dict[str, tuple[QComboBox, QLineEdit, QComboBox]] = {}
        for r, (key, name) in enumerate(self.questions, start=1):
            kind = QComboBox()
            kind.addItems(list(self.KINDS))
            kind.setAccessibleName(f"{name}: kind")
            text = QLineEdit()
            text.setAccessibleName(f"{name}: aspect")
            skill = QComboBox()
            skill.setAccessibleName(f"{name}: linked skill")
            self.grid.addWidget(QLabel(name), r, 0)
            self.grid.addWidget(kind, r, 1)
            self.grid.addWidget(text, r, 2)
            self.grid.addWidget(skill, r, 3)
            self.rows[key] = (kind, text, skill)
            for signal in (kind.currentTextChanged, text.textEdited, skill.currentTextChanged):
                signal.connect(lambda _x, q=key: self._on_row(q))
        self.grid.setColumnStretch(2, 1)
        self.outer.addLayout(self.grid)
        self.extra_label = QLabel()
        self.extra_label.setWordWrap(True)
        self.remove_extra = QPushButton("Remove the last extra aspect")
        self.remove_extra.clicked.connect(self._remove_extra)
        self.outer.addWidget(self.extra_label)
        self.outer.addWidget(self.remove_extra)
        self.outer.addStretch(1)
        first = self.rows[self.questions[0][0]][1]
        self.fields = {"aspects": first}
        self.watch()

    def focus_path(self, path: str) -> bool:
        """``aspects[i]...``: the row of that aspect."""
        character = self.character()
        if path.startswith("aspects["):
            index = aspect_of_path(path)
            if 0 <= index < len(character.aspects):
                question = character.aspects[index].question
                if question in self.rows:
                    self.rows[question][1].setFocus()
                    return True
        return super().focus_path(path)

    def _on_row(self, question: str) -> None:
        kind, text, skill = self.rows[question]
        character = self.character()
        index = aspect_index(character, "free", question)
        if index < 0:
            index = len(character.aspects)
        aspect = Aspect(kind=kind.currentText(), text=text.text(), question=question,
                        skill=skill.currentText() or None)  # fmt: skip
        if index < len(character.aspects) and character.aspects[index] == aspect:
            return
        self.push(SetAspectCommand(self.document, index, aspect))

    def _extras(self, character: StrangeFateCharacter) -> list[int]:
        fixed = {aspect_index(character, k) for k in ("archetype", "social-class", "conviction")}
        return [i for i, a in enumerate(character.aspects) if a.question is None and i not in fixed]

    def _remove_extra(self) -> None:
        extras = self._extras(self.character())
        if extras:
            self.push(RemoveAspectCommand(self.document, extras[-1]))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """Show each question's aspect."""
        skills = ["", *character.designed, *character.common_drawbacks]
        for key, (kind, text, skill) in self.rows.items():
            i = aspect_index(character, "free", key)
            aspect = character.aspects[i] if i >= 0 else None
            kind.setCurrentText(aspect.kind if aspect else "free")
            set_text(text, aspect.text if aspect else "")
            wanted = list(
                dict.fromkeys(skills + ([aspect.skill] if aspect and aspect.skill else []))
            )
            if [skill.itemText(j) for j in range(skill.count())] != wanted:
                skill.clear()
                skill.addItems(wanted)
            skill.setCurrentText(aspect.skill or "" if aspect else "")
        extras = [character.aspects[i] for i in self._extras(character)]
        self.extra_label.setText(
            "Other aspects: " + "; ".join(f"{a.text or '(blank)'} ({a.kind})" for a in extras)
            if extras else ""
        )  # fmt: skip
        self.remove_extra.setVisible(bool(extras))
