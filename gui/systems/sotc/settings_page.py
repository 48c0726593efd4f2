"""GUI layer: SotC's campaign settings page (the campaign dialog's "House rules" tab).

Setting decisions, optional conflict and fate point rules, and the campaign's skill list
(skills left out or renamed), each switch with a tooltip naming its book section.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.system_ui import SettingsConflict
from rules.evolve import evolve
from rules.systems.sotc.settings import SotcSettings

RULE_TIPS = {
    "conflict_rules": "SotC, Resolving Attacks, or the FATE \u201cHow To Do Things\u201d "
    "variant (Resolving Attacks: 3 boxes; Companions: their own stress track): choosing one "
    "sets the two fields below.",
    "weirdness": "SotC, Setting Decisions: how much weird and mad science, and how many "
    "artifacts, the world allows (the book's default is World of Adventure).",
    "stress": "Boxes each stress track starts with, before Endurance and Resolve add theirs. "
    "SotC, Resolving Attacks: 5. FATE \u201cHow To Do Things\u201d, Resolving Attacks: 3.",
    "companions": "FATE \u201cHow To Do Things\u201d, Companions: an attached companion takes "
    "hits on its own stress track in place of its character. (SotC, Companions: they have none.)",
    "rotating": "SotC, Establish Initiative \u2014 An Alternative to Skills: no initiative "
    "skill; who acts first moves round the table one seat each exchange.",
    "grit": "SotC, Concessions \u2014 Optional Rule: Grit: a named NPC takes a set number of "
    "consequences before offering a concession.",
    "fate_bonus": "SotC, Fate Points \u2014 Gain a Bonus: a fate point buys +1 on a roll; "
    "the book notes many groups leave this use out.",
    "escalating": "SotC, Compels \u2014 Escalation: after a refused compel the GM may raise "
    "the stake to two fate points, rarely three.",
    "gadget_lasts": "How long a device made up on the spot lasts: the Universal Gadget stunt "
    "(SotC, Engineering \u2014 Devices) says the session; Gadgets and Gizmos \u2014 Universal "
    "Gadgets says the adventure.",
    "skills": "SotC, Guns: the skill also covers bows and other ranged weapons, so a campaign "
    "may call it \u201cBows\u201d. SotC, Mysteries, and Setting Decisions (The World Outside "
    "Your Window): a campaign may leave Mysteries out.",
}
"""Tooltips of the house-rule switches, each naming the book section it comes from."""

CONFLICT_RULES = (
    ("sotc", "Spirit of the Century (5 boxes, companions have no stress)", 5, False),
    ("htdt", "FATE \u201cHow To Do Things\u201d (3 boxes, companions' own stress)", 3, True),
    ("custom", "Custom (set below)", None, None),
)
"""The conflict rules a campaign may name: (key, label, stress boxes, companions' stress)."""

WEIRDNESS = (
    ("outside-your-window", "Outside your window"),
    ("world-of-mystery", "World of mystery"),
    ("world-of-adventure", "World of adventure (book default)"),
    ("world-of-magic", "World of magic"),
    ("world-of-tomorrow", "World of tomorrow"),
)


class SotcSettingsPage(QWidget):
    """SotC's house rules for one campaign (a :class:`gui.system_ui.SettingsPage`).

    Args:
        settings: The campaign's current settings.
        book_skills: The book's skill list (SotC, Skills), one table row each.
        parent: The parent widget.
    """

    def __init__(
        self,
        settings: SotcSettings,
        book_skills: tuple[str, ...],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._base = settings
        rules = settings
        self.weirdness = QComboBox()
        for key, label in WEIRDNESS:
            self.weirdness.addItem(label, key)
        self.weirdness.setCurrentIndex(max(0, self.weirdness.findData(rules.weirdness)))
        self.stress = QSpinBox()
        self.stress.setRange(1, 10)
        self.stress.setValue(rules.stress_boxes)
        self.companions = QCheckBox("Companions have their own stress track")
        self.companions.setChecked(rules.companions_have_stress)
        self.conflict_rules = QComboBox()  # the variants by name; the two fields follow it
        for key, label, _boxes, _companions in CONFLICT_RULES:
            self.conflict_rules.addItem(label, key)
        self._match_conflict_rules()
        self.conflict_rules.activated.connect(self._on_conflict_rules)
        self.stress.valueChanged.connect(lambda _v: self._match_conflict_rules())
        self.companions.toggled.connect(lambda _c: self._match_conflict_rules())
        self.rotating = QCheckBox("Rotating initiative instead of skills")
        self.rotating.setChecked(rules.rotating_initiative)
        self.grit = QCheckBox("Named NPCs have grit")
        self.grit.setChecked(rules.grit)
        self.fate_bonus = QCheckBox("A fate point may buy a flat +1")
        self.fate_bonus.setChecked(rules.fate_point_bonus)
        self.escalating = QCheckBox("Compels may escalate to 2 or 3 fate points")
        self.escalating.setChecked(rules.escalating_compels)
        self.gadget_lasts = QComboBox()
        self.gadget_lasts.addItem("the rest of the session", "session")
        self.gadget_lasts.addItem("the rest of the adventure", "adventure")
        self.gadget_lasts.setCurrentIndex(
            max(0, self.gadget_lasts.findData(rules.universal_gadget_lasts))
        )
        self.skills = self._skill_table(book_skills)
        for widget, tip in RULE_TIPS.items():
            getattr(self, widget).setToolTip(tip)
        self._lay_out()

    def _match_conflict_rules(self) -> None:
        """Show the named variant the stress and companion fields amount to (or Custom)."""
        key = next(
            (
                k
                for k, _label, boxes, companions in CONFLICT_RULES
                if boxes == self.stress.value() and companions == self.companions.isChecked()
            ),
            "custom",
        )
        self.conflict_rules.setCurrentIndex(self.conflict_rules.findData(key))

    def _on_conflict_rules(self, index: int) -> None:
        _key, _label, boxes, companions = CONFLICT_RULES[index]
        if boxes is not None and companions is not None:
            self.stress.setValue(boxes)
            self.companions.setChecked(companions)

    def _skill_table(self, book: tuple[str, ...]) -> QTableWidget:
        """One row per book skill: in use or not, and the campaign's name for it."""
        rules = self._base
        removed = {name.casefold() for name in rules.removed_skills}
        table = QTableWidget(len(book), 2)
        table.setHorizontalHeaderLabels(["Book skill (\u2713 used)", "Called here"])
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for row, skill in enumerate(book):
            used = QTableWidgetItem(skill)
            used.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            checked = skill.casefold() not in removed
            used.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            table.setItem(row, 0, used)
            table.setItem(row, 1, QTableWidgetItem(rules.renamed_skills.get(skill, skill)))
        header = table.horizontalHeader()
        # the two columns share the width: nothing hides to the right at the default size
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return table

    def _lay_out(self) -> None:
        def group(title: str, rows: list[tuple[str, QWidget]]) -> QGroupBox:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for label, widget in rows:
                form.addRow(label, widget)
            return box

        left = QVBoxLayout()
        left.addWidget(group("Setting", [("Weirdness:", self.weirdness)]))
        conflicts = [("&Conflict rules:", self.conflict_rules),
                     ("Stress boxes per track:", self.stress), ("", self.companions),
                     ("", self.rotating), ("", self.grit)]  # fmt: skip
        left.addWidget(group("Conflicts", conflicts))
        left.addWidget(group("Fate points", [("", self.fate_bonus), ("", self.escalating)]))
        left.addWidget(group("Gadgets", [("A universal gadget lasts:", self.gadget_lasts)]))
        left.addStretch(1)
        skills = QVBoxLayout()
        note = QLabel("Untick a skill the campaign does without; type a new name to rename one.")
        note.setWordWrap(True)
        skills.addWidget(note)
        skills.addWidget(self.skills, 1)
        skills_box = QGroupBox("Skills")
        skills_box.setLayout(skills)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addWidget(skills_box, 1)

    def skill_changes(self) -> tuple[dict[str, str], tuple[str, ...]]:
        """(renamed: book name -> campaign name, removed book names) from the skill table.

        Raises:
            SettingsConflict: two skills would share a name (in words for the user).
        """
        renamed: dict[str, str] = {}
        removed: list[str] = []
        used: dict[str, str] = {}
        for row in range(self.skills.rowCount()):
            used_item, name_item = self.skills.item(row, 0), self.skills.item(row, 1)
            if used_item is None:
                continue
            book = used_item.text()
            typed = name_item.text() if name_item is not None else ""
            name = " ".join(typed.split())[:200] or book
            if used_item.checkState() != Qt.CheckState.Checked:
                removed.append(book)
                continue
            if name != book:
                renamed[book] = name
            other = used.get(name.casefold())
            if other is not None:
                raise SettingsConflict(
                    "Skill names clash",
                    f"\u201c{other}\u201d and \u201c{book}\u201d would both be called "
                    f"\u201c{name}\u201d",
                )
            used[name.casefold()] = book
        return renamed, tuple(removed)

    def settings(self) -> SotcSettings:
        """The house rules as edited.

        Raises:
            SettingsConflict: two skills would share a name.
        """
        renamed, removed = self.skill_changes()
        settings: SotcSettings = evolve(
            self._base,
            weirdness=self.weirdness.currentData(),
            stress_boxes=self.stress.value(),
            companions_have_stress=self.companions.isChecked(),
            rotating_initiative=self.rotating.isChecked(),
            grit=self.grit.isChecked(),
            fate_point_bonus=self.fate_bonus.isChecked(),
            escalating_compels=self.escalating.isChecked(),
            universal_gadget_lasts=self.gadget_lasts.currentData(),
            renamed_skills=renamed,
            removed_skills=removed,
        )
        return settings
