"""GUI layer: one creation page per SotC phase: what happened, the phase's extras, two aspects.

Phase two adds the mentor and what became of them; phase three the novel's title (its summary
is the back-cover blurb) and who guest-stars in it; phases four and five choose another
character's novel to guest-star in, from the campaign's other characters (the ``novels``
callable) or typed by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.sotc.commands import ORDINALS, ChooseGuestNovelCommand
from gui.systems.sotc.creation.guest_stars import GuestStarsBox
from gui.systems.sotc.creation.page_base import CreationPage, with_problems
from rules.character import MAX_NAME
from rules.systems.sotc.character import ASPECTS_PER_PHASE, PHASE_CHAPTERS, NovelRef, SotcCharacter

NovelSource = Callable[[], list[NovelRef]]

INTROS = (
    "Where does your hero come from? In a few sentences, tell their youth up to the outbreak of "
    "the Great War in 1914: family, homeland, schooling, the first sign of what they would "
    "become. Then sum it up in <b>two aspects</b>: short phrases that will help or haunt them.",
    "What did your hero do in the Great War, 1914\u20131918? Write what happened, then name the "
    "<b>mentor or patron</b> who inspired them to greatness and say what became of that person. "
    "Finish with <b>two aspects</b>.",
    "Your hero's first pulp novel! Give it a title with some swagger (a name, then "
    "\u201cand\u201d, \u201cvs.\u201d or \u201cin\u201d, then something adventurous) and write "
    "its back-cover blurb in a sentence or two. The aspects for this phase may wait until the "
    "guest-star phases are done. Finish with <b>two aspects</b>.",
    "Your hero guest-stars in another character's novel. Choose the novel, then add a sentence "
    "or two about their part in that story, and <b>two aspects</b> it gave them.",
    "A second guest appearance, in a <b>different</b> character's novel from Phase Four. Choose "
    "it, describe your hero's part, and write the last <b>two aspects</b>.",
)
EVENT_LABELS = (
    "What &happened:",
    "What &happened:",
    "Back-cover &blurb:",
    "Your &part:",
    "Your &part:",
)
EVENT_HINTS = (
    "Childhood and youth, 1900\u20131914",
    "The war years, 1914\u20131918",
    "A couple of sentences, as on the back cover",
    "What your hero did in that novel",
    "What your hero did in that novel",
)
ASPECT_HINTS = (
    ("e.g. Born in the Saddle", "e.g. Uncle Jack's Unpaid Debts"),
    ("e.g. Never Leave a Man Behind", "e.g. Shell-Shocked"),
    ("e.g. The Sand Engine Is Mine", "e.g. A Rival in Every Port"),
    ("e.g. Friends in the Foreign Legion", "e.g. Steady Hands at Night"),
    ("e.g. I've Seen Worse Weather", "e.g. Owes Kid Brass a Favour"),
)
OTHER_NOVEL = "__other__"


class PhasePage(CreationPage):
    """One of the five phases."""

    def __init__(
        self,
        document: CharacterDocument,
        number: int,
        novels: NovelSource | None = None,
        parent: QWidget | None = None,
        *,
        casting: Callable[[], list[str]] | None = None,
    ) -> None:
        title = f"Phase {ORDINALS[number - 1]}: {PHASE_CHAPTERS[number - 1]}"
        super().__init__(document, title, INTROS[number - 1], parent)
        self.key = f"phase{number}"
        self.number = number
        self._novels = novels
        self._novel_list: list[NovelRef] = []
        prefix = f"phases[{number - 1}]"
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.body.addLayout(form)

        if number in (4, 5):
            self._build_novel_chooser(form, prefix)
        if number == 3:
            self.title_edit = QLineEdit()
            self.title_edit.setPlaceholderText("e.g. Ada Thorne and the Sand Engine!")
            self.title_edit.setAccessibleName("Novel title")
            title_box = with_problems(document, (f"{prefix}.novel_title",), self.title_edit)
            form.addRow("Novel &title:", title_box)
            self.bind(self.title_edit, f"{prefix}.novel_title")

        self.events_edit = QPlainTextEdit()
        self.events_edit.setPlaceholderText(EVENT_HINTS[number - 1])
        self.events_edit.setAccessibleName(EVENT_LABELS[number - 1].replace("&", "").rstrip(":"))
        self.events_edit.setFixedHeight(96)
        events_box = with_problems(document, (f"{prefix}.events",), self.events_edit)
        form.addRow(EVENT_LABELS[number - 1], events_box)
        form.labelForField(events_box).setBuddy(self.events_edit)  # type: ignore[attr-defined]
        self.bind(self.events_edit, f"{prefix}.events")

        if number == 2:
            self.mentor_edit = QLineEdit()
            self.mentor_edit.setPlaceholderText("Who inspired your hero to greatness?")
            self.mentor_edit.setAccessibleName("Mentor")
            self.fate_edit = QPlainTextEdit()
            self.fate_edit.setPlaceholderText("What became of them?")
            self.fate_edit.setAccessibleName("Mentor's fate")
            self.fate_edit.setFixedHeight(60)
            mentor_box = with_problems(document, (f"{prefix}.mentor",), self.mentor_edit)
            fate_box = with_problems(document, (f"{prefix}.mentor_fate",), self.fate_edit)
            form.addRow("&Mentor:", mentor_box)
            form.addRow("Mentor's &fate:", fate_box)
            form.labelForField(mentor_box).setBuddy(self.mentor_edit)  # type: ignore[attr-defined]
            form.labelForField(fate_box).setBuddy(self.fate_edit)  # type: ignore[attr-defined]
            self.bind(self.mentor_edit, f"{prefix}.mentor")
            self.bind(self.fate_edit, f"{prefix}.mentor_fate")

        box = QGroupBox("Two aspects")
        aspects = QFormLayout(box)
        aspects.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.aspect_edits: list[QLineEdit] = []
        for slot in range(ASPECTS_PER_PHASE):
            edit = QLineEdit()
            edit.setPlaceholderText(ASPECT_HINTS[number - 1][slot])
            edit.setAccessibleName(f"Aspect {slot + 1}")
            self.bind(edit, f"{prefix}.aspects[{slot}]")
            self.aspect_edits.append(edit)
            if slot < ASPECTS_PER_PHASE - 1:
                aspects.addRow(f"Aspect &{slot + 1}:", edit)
            else:
                # The phase's aspect problems ("needs 2 aspects") sit under the last slot.
                last = with_problems(document, (f"{prefix}.aspects",), edit)
                aspects.addRow(f"Aspect &{slot + 1}:", last)
                aspects.labelForField(last).setBuddy(edit)  # type: ignore[attr-defined]
        self.body.addWidget(box)
        if number == 3:
            self.guest_box = GuestStarsBox(document, novels, casting)
            self.body.addWidget(self.guest_box)
            self.fields[f"{prefix}.guest_stars"] = self.guest_box.list
        self.body.addStretch(1)

    # -- phases four and five -----------------------------------------------------------------

    def _build_novel_chooser(self, form: QFormLayout, prefix: str) -> None:
        self.novel_box = QComboBox()
        self.novel_box.setAccessibleName("Guest-star novel")
        self.novel_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.novel_box.activated.connect(self._on_novel_activated)
        row = QHBoxLayout()
        self.other_title = QLineEdit()
        self.other_title.setPlaceholderText("Title of the novel")
        self.other_title.setAccessibleName("Other novel title")
        self.other_title.setMaxLength(MAX_NAME)
        self.other_author = QLineEdit()
        self.other_author.setPlaceholderText("Whose novel (character)")
        self.other_author.setAccessibleName("Other novel's hero")
        self.other_author.setMaxLength(MAX_NAME)
        for edit in (self.other_title, self.other_author):
            edit.editingFinished.connect(self._on_other_edited)
        row.addWidget(self.other_title, 2)
        row.addWidget(self.other_author, 1)
        self.other_row = QWidget()
        self.other_row.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        box = with_problems(
            self.document, (f"{prefix}.guest_star_in",), self.novel_box, self.other_row
        )
        form.addRow("&Novel:", box)
        form.labelForField(box).setBuddy(self.novel_box)  # type: ignore[attr-defined]
        self.fields[f"{prefix}.guest_star_in"] = self.novel_box
        self.document.character_replaced.connect(self._sync_novel)
        self._fill_novels()

    def _current_ref(self) -> NovelRef | None:
        character = self.document.character
        assert isinstance(character, SotcCharacter)
        return character.phase(self.number).guest_star_in

    def _fill_novels(self) -> None:
        self._novel_list = list(self._novels()) if self._novels is not None else []
        own = self.document.character.id
        self._novel_list = [n for n in self._novel_list if n.character_id != own]
        self.novel_box.blockSignals(True)
        self.novel_box.clear()
        self.novel_box.addItem("\u2014 choose a novel \u2014", None)
        for i, ref in enumerate(self._novel_list):
            by = f" \u2014 {ref.author}" if ref.author else ""
            self.novel_box.addItem(f"{ref.title}{by}", i)
        self.novel_box.addItem("Another novel (type its title)\u2026", OTHER_NOVEL)
        self.novel_box.blockSignals(False)
        self._sync_novel()

    def _sync_novel(self, *_args: Any) -> None:
        ref = self._current_ref()
        index = 0
        other = False
        if ref is not None and ref.title:
            match = next(
                (
                    i
                    for i, n in enumerate(self._novel_list)
                    if n.title == ref.title and n.character_id == ref.character_id
                ),
                None,
            )
            if match is not None:
                index = match + 1
            else:
                index = self.novel_box.count() - 1
                other = True
        if self.novel_box.currentIndex() != index:
            self.novel_box.setCurrentIndex(index)
        other = other or self.novel_box.currentData() == OTHER_NOVEL
        self.other_row.setVisible(other)
        if ref is not None and other:
            if self.other_title.text() != ref.title:
                self.other_title.setText(ref.title)
            if self.other_author.text() != ref.author:
                self.other_author.setText(ref.author)

    def _on_novel_activated(self, index: int) -> None:
        data = self.novel_box.itemData(index)
        if data == OTHER_NOVEL:
            self.other_row.setVisible(True)
            self.other_title.setFocus()
            if self.other_title.text().strip():
                self._on_other_edited()
            return
        ref = None if data is None else self._novel_list[int(data)]
        self.choose_novel(ref)

    def _on_other_edited(self) -> None:
        title = self.other_title.text().strip()
        if not title:
            return
        self.choose_novel(NovelRef(title=title, author=self.other_author.text().strip()))

    def choose_novel(self, ref: NovelRef | None) -> None:
        """Guest-star in ``ref`` (None clears the choice): one undoable step."""
        if ref == self._current_ref():
            return
        self.document.undo_stack.push(ChooseGuestNovelCommand(self.document, self.number, ref))

    def showEvent(self, event: QShowEvent) -> None:
        """Refresh the other characters' novels each time the page is shown."""
        if self.number in (4, 5):
            self._fill_novels()
        super().showEvent(event)
