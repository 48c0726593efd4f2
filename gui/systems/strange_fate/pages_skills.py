"""GUI layer: Strange Fate's later creation pages: Buy Skills (the skills table over the skill
designer), Buy Gifts, and Refine Details (Invulnerabilities, Weaknesses, stress and
consequences) («Character Creation», L331-L346).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.strange_fate.commands import (
    AddGiftCommand,
    AddInvulnerabilityCommand,
    AddWeaknessCommand,
    RemoveGiftCommand,
    RemoveInvulnerabilityCommand,
    RemoveSkillCommand,
    RemoveWeaknessCommand,
    SetCommonDrawbacksCommand,
    SetGiftCommand,
    SetSkillCommand,
    SetTierCommand,
    sf_of,
)
from gui.systems.strange_fate.designer import SkillDesigner
from gui.systems.strange_fate.made_editor import MadeEditor
from gui.systems.strange_fate.models import DesignListModel, SkillsModel, TierBenefitsModel
from gui.systems.strange_fate.pages import SfPage, set_text
from rules.systems.strange_fate.character import (
    Gift,
    Invulnerability,
    SkillDrawback,
    StrangeFateCharacter,
    Weakness,
)
from rules.systems.strange_fate.creation import TIERS


class SkillsPage(SfPage):
    """The character's skills (Common ones bought here) over the skill designer."""

    key = "skills"
    heading = "Skills"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.model = SkillsModel(document, self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName("Skills")
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.common = QComboBox()
        self.common.setEditable(True)
        self.common.setAccessibleName("Common skill")
        self.rating = QSpinBox()
        self.rating.setRange(1, 4)
        self.rating.setAccessibleName("Rating")
        self.set_rating = QPushButton("&Set rating")
        self.tier = QComboBox()
        self.tier.addItems(list(TIERS))
        self.tier.setAccessibleName("Power Tier")
        self.set_tier = QPushButton("Set &tier")
        self.remove = QPushButton("&Remove")
        self.edit_design = QPushButton("&Edit in designer")
        row = QHBoxLayout()
        for widget in (QLabel("Skill"), self.common, self.rating, self.set_rating, self.tier,
                       self.set_tier, self.remove, self.edit_design):  # fmt: skip
            row.addWidget(widget)
        row.addStretch(1)
        self.benefits = TierBenefitsModel(document, self)
        self.benefit_list = QListView()
        self.benefit_list.setModel(self.benefits)
        self.benefit_list.setAccessibleName("Tier Benefits")
        self.benefit_list.setMaximumHeight(110)
        self.benefit_label = QLabel()
        self.benefit_label.setWordWrap(True)
        top = QWidget()
        top_layout = QFormLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addRow(self.table)
        top_layout.addRow(row)
        top_layout.addRow(self.benefit_label)
        top_layout.addRow(self.benefit_list)
        top_layout.addRow(self._common_drawback_row(document))
        self.designer = SkillDesigner(document)
        self.tabs = QTabWidget()
        self.tabs.addTab(top, "&Skills")
        self.tabs.addTab(self.designer, "Skill &designer")
        self.outer.addWidget(self.tabs, 1)
        self.fields = {"skills": self.table, "designed": self.designer.name, "tiers": self.tier}
        self.set_rating.clicked.connect(self._on_set_rating)
        self.set_tier.clicked.connect(self._on_set_tier)
        self.remove.clicked.connect(self._on_remove)
        self.edit_design.clicked.connect(self._on_edit)
        self._selected: str | None = None
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._on_current())
        self.model.modelReset.connect(self._reselect)
        self.watch()

    def _common_drawback_row(self, document: CharacterDocument) -> QGroupBox:
        """Drawbacks of the selected Common skill (one at Superhuman or above is Strange and
        needs one, L1151; designed skills take theirs in the designer)."""
        _, system = sf_of(document)
        box = QGroupBox("Drawbacks of a Common skill")
        self.drawback = QComboBox()
        self.drawback.addItems([d.name for d in system.book.catalog.drawbacks])
        self.drawback.setAccessibleName("Common skill Drawback")
        self.drawback_severity = QComboBox()
        self.drawback_severity.addItems(["minor", "major"])
        self.drawback_severity.setAccessibleName("Drawback severity")
        self.drawback_label = QLineEdit()
        self.drawback_label.setPlaceholderText("Aspect, or what it limits")
        self.drawback_label.setAccessibleName("Drawback label")
        self.add_drawback = QPushButton("Add dra&wback")
        self.remove_drawback = QPushButton("Remove drawbacks")
        self.common_drawbacks = QLabel()
        self.common_drawbacks.setWordWrap(True)
        layout = QFormLayout(box)
        row = QHBoxLayout()
        for widget in (self.drawback, self.drawback_severity, self.drawback_label,
                       self.add_drawback, self.remove_drawback):  # fmt: skip
            row.addWidget(widget)
        layout.addRow(row)
        layout.addRow(self.common_drawbacks)
        self.add_drawback.clicked.connect(self._on_add_drawback)
        self.remove_drawback.clicked.connect(self._on_remove_drawbacks)
        return box

    def _common_selected(self) -> str | None:
        """The selected skill when it is a Common one (not designed)."""
        name = self.current_skill()
        return name if name is not None and name not in self.character().designed else None

    def _show_common_drawbacks(self) -> None:
        name = self._common_selected()
        for widget in (self.add_drawback, self.remove_drawback):
            widget.setEnabled(name is not None)
        if name is None:
            self.common_drawbacks.setText("Select a Common skill to give it Drawbacks.")
            return
        held = self.character().common_drawbacks.get(name, ())
        listed = "; ".join(
            f"{d.drawback} ({d.severity}{f', {d.label}' if d.label else ''})" for d in held
        )
        self.common_drawbacks.setText(f"<b>{name}</b>: {listed or 'no Drawbacks'}")

    def _on_add_drawback(self) -> None:
        name = self._common_selected()
        if name is None:
            return
        drawback = SkillDrawback.model_validate(
            {"drawback": self.drawback.currentText(),
             "severity": self.drawback_severity.currentText(),
             "label": self.drawback_label.text().strip() or None}
        )  # fmt: skip
        held = self.character().common_drawbacks.get(name, ())
        self.push(SetCommonDrawbacksCommand(self.document, name, (*held, drawback)))
        self.drawback_label.clear()

    def _on_remove_drawbacks(self) -> None:
        name = self._common_selected()
        if name is not None:
            self.push(SetCommonDrawbacksCommand(self.document, name, ()))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """Fill the Common skill names (the campaign's list) and the Tier Benefits caption."""
        if hasattr(self, "benefit_label"):
            self._show_benefits()
        if hasattr(self, "common_drawbacks"):
            self._show_common_drawbacks()
        names = list(self.document.skill_names())
        if [self.common.itemText(i) for i in range(self.common.count())] != names:
            text = self.common.currentText()
            self.common.clear()
            self.common.addItems(names)
            self.common.setCurrentText(text)

    def current_skill(self) -> str | None:
        """The skill selected in the table."""
        index = self.table.currentIndex()
        return self.model.skill_at(index.row()) if index.isValid() else None

    def _reselect(self) -> None:
        """Keep the same skill selected when the table is refreshed."""
        row = self.model.row_of(self._selected) if self._selected else -1
        if row >= 0:
            self.table.setCurrentIndex(self.model.index(row, 0))

    def _on_current(self) -> None:
        name = self.current_skill()
        if name is None:
            return
        self._selected = name
        self.benefits.set_skill(name)
        self._show_benefits()
        self._show_common_drawbacks()
        character = self.character()
        self.common.setCurrentText(name)
        self.rating.setValue(max(1, min(4, character.skills.get(name, 1))))
        self.tier.setCurrentText(character.tier_of(name))

    def _show_benefits(self) -> None:
        name = self.current_skill()
        derived: Any = self.document.derived
        if name is None or self.benefits.rowCount() == 0:
            self.benefit_label.setText("Tier Benefits: select a skill above Mundane with "
                                       "trappings that have them («Tier Benefits»).")  # fmt: skip
            return
        allowed = derived.tier_benefits_available.get(name, 0)
        self.benefit_label.setText(
            f"<b>Tier Benefits of {name}</b>: tick up to {allowed} (its rating; none in the "
            "Mundane Tier; «Tier Benefits»)."
        )

    def _on_set_rating(self) -> None:
        name = self.common.currentText().strip()
        if name:
            self.push(SetSkillCommand(self.document, name, self.rating.value()))
            self.table.setCurrentIndex(self.model.index(self.model.row_of(name), 0))

    def _on_set_tier(self) -> None:
        name = self.current_skill()
        if name is not None:
            self.push(SetTierCommand(self.document, name, self.tier.currentText()))

    def _on_remove(self) -> None:
        name = self.current_skill()
        if name is not None:
            self.push(RemoveSkillCommand(self.document, name))

    def _on_edit(self) -> None:
        name = self.current_skill()
        if name is not None:
            self.designer.edit(name)
            self.tabs.setCurrentWidget(self.designer)
            self.designer.name.setFocus()


class GiftsPage(SfPage):
    """Gifts («Gifts», L3623-L3749): the first is free, each further one 1 Refresh."""

    key = "gifts"
    heading = "Gifts"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        _, system = sf_of(document)
        self.gift_defs: dict[str, Any] = {g.name: g for g in system.book.creation.gifts}
        self.choice = QComboBox()
        self.choice.addItems(list(self.gift_defs))
        self.choice.setAccessibleName("Gift")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.add = QPushButton("&Add Gift")
        self.list_model = DesignListModel(self)
        self.list = QListView()
        self.list.setModel(self.list_model)
        self.list.setAccessibleName("Gifts bought")
        self.list.setMaximumHeight(110)
        self.remove = QPushButton("&Remove Gift")
        self.target = QLineEdit()
        # Impact names one of the character's skills («Gifts»: Impact): a choice, not free text.
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill of the Gift")
        self.skill.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.aspect = QLineEdit()
        self.note = QLineEdit()
        row = QHBoxLayout()
        row.addWidget(self.choice, 1)
        row.addWidget(self.add)
        self.outer.addLayout(row)
        self.outer.addWidget(self.summary)
        self.outer.addWidget(self.list)
        form = QFormLayout()
        for label, widget in (("Companion or item (&target)", self.target), ("S&kill", self.skill),
                              ("As&pect", self.aspect), ("N&ote", self.note)):  # fmt: skip
            form.addRow(label, widget)
        for edit in (self.target, self.aspect, self.note):
            edit.textEdited.connect(lambda _t: self._on_edit())
        self.skill.activated.connect(lambda _i: self._on_edit())
        box = QGroupBox("The selected Gift")
        box.setLayout(form)
        self.outer.addWidget(box)
        self.outer.addWidget(self.remove)
        self.made = MadeEditor(document)
        self.outer.addWidget(self.made)
        self.outer.addStretch(1)  # the list is capped: spare room goes below, not between
        self.fields = {"gifts": self.choice, "companions": self.made, "equipment": self.made}
        self.choice.currentTextChanged.connect(self._show_summary)
        self.add.clicked.connect(self._on_add)
        self.remove.clicked.connect(self._on_remove)
        self.list.selectionModel().currentRowChanged.connect(lambda *_: self._on_row())
        self._show_summary(self.choice.currentText())
        self.watch()

    def _on_add(self) -> None:
        """Buy the chosen Gift and select it (its fields are edited next)."""
        gift = Gift.model_validate({"name": self.choice.currentText()})
        self.push(AddGiftCommand(self.document, gift))
        self.list.setCurrentIndex(self.list_model.index(self.list_model.rowCount() - 1, 0))
        self.target.setFocus()

    def _show_summary(self, name: str) -> None:
        gift = self.gift_defs.get(name)
        self.summary.setText(f"<i>{gift.summary}</i> («Gifts»: {gift.name})" if gift else "")

    def _row(self) -> int:
        index = self.list.currentIndex()
        return index.row() if index.isValid() else -1

    def _on_edit(self) -> None:
        row = self._row()
        gifts = self.character().gifts
        if not 0 <= row < len(gifts):
            return
        gift = gifts[row].model_copy(
            update={"target": self.target.text(), "skill": self.skill.currentText(),
                    "aspect": self.aspect.text(), "note": self.note.text()}
        )  # fmt: skip
        self.push(SetGiftCommand(self.document, row, gift))

    def _on_remove(self) -> None:
        row = self._row()
        if 0 <= row < len(self.character().gifts):
            self.push(RemoveGiftCommand(self.document, row))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """List the Gifts; show the selected one's fields."""
        row = self._row()
        labels = []
        for i, g in enumerate(character.gifts):
            what = g.target or g.skill or g.aspect
            cost = "free" if i == 0 else "1 Refresh"
            labels.append(f"{g.name} \u2014 {what} ({cost})" if what else f"{g.name} ({cost})")
        self.list_model.set_rows(labels)
        if labels:
            row = min(max(row, 0), len(labels) - 1) if row >= 0 else len(labels) - 1
            self.list.setCurrentIndex(self.list_model.index(row, 0))
        self._show_fields(character)

    def _on_row(self) -> None:
        if self._writing:
            return
        self._writing = True
        try:
            self._show_fields(self.character())
        finally:
            self._writing = False

    def _show_fields(self, character: StrangeFateCharacter) -> None:
        row = self._row()
        gift = character.gifts[row] if 0 <= row < len(character.gifts) else None
        self.made.show_for(gift.name if gift else None, gift.target if gift else "")
        for widget, value in ((self.target, gift.target if gift else ""),
                              (self.aspect, gift.aspect if gift else ""),
                              (self.note, gift.note if gift else "")):  # fmt: skip
            set_text(widget, value)
            widget.setEnabled(gift is not None)
        self._show_skills(character, gift.skill if gift else "")
        self.skill.setEnabled(gift is not None)

    def _show_skills(self, character: StrangeFateCharacter, chosen: str) -> None:
        """The character's skills to choose from (a blank for none; a name the character no
        longer has stays listed, so the stored value is never changed by showing it)."""
        names = ["", *dict.fromkeys([*character.skills, *character.designed])]
        if chosen not in names:
            names.append(chosen)
        blocker = QSignalBlocker(self.skill)
        if [self.skill.itemText(i) for i in range(self.skill.count())] != names:
            self.skill.clear()
            self.skill.addItems(names)
        self.skill.setCurrentIndex(names.index(chosen))
        del blocker


class DetailsPage(SfPage):
    """Refine details: Invulnerabilities and Weaknesses, then the stress tracks, consequences
    and Adjusted Refresh they come to («Invulnerability and Weakness», L1182-L1196; L500)."""

    key = "details"
    heading = "Refine details"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.inv_category = QLineEdit()
        self.inv_category.setPlaceholderText("What it protects against (fire)")
        self.inv_category.setAccessibleName("Invulnerability category")
        self.inv_severity = QComboBox()
        self.inv_severity.addItems(["minor", "major"])
        self.inv_breadth = QComboBox()
        self.inv_breadth.addItems(["narrow", "broad"])
        self.inv_scope = QComboBox()  # broad only: all attacks of one scope (L1188-L1190)
        self.inv_scope.addItems(["physical", "mental", "social"])
        self.inv_scope.setAccessibleName("Invulnerability scope")
        self.inv_scope.setEnabled(False)
        self.inv_toggled = QCheckBox("switched on and off")
        self.inv_toggled.setToolTip("Broad only: activated with An Action instead of always on")
        self.inv_toggled.setEnabled(False)
        self.inv_breadth.currentTextChanged.connect(
            lambda text: [w.setEnabled(text == "broad") for w in (self.inv_scope, self.inv_toggled)]
        )
        self.inv_add = QPushButton("Add &Invulnerability")
        self.inv_model = DesignListModel(self)
        self.inv_list = QListView()
        self.inv_list.setModel(self.inv_model)
        self.inv_remove = QPushButton("Remove")
        self.weak_category = QLineEdit()
        self.weak_category.setPlaceholderText("What it is weak against (silver)")
        self.weak_category.setAccessibleName("Weakness category")
        self.weak_severity = QComboBox()
        self.weak_severity.addItems(["minor", "major"])
        self.weak_add = QPushButton("Add &Weakness")
        self.weak_model = DesignListModel(self)
        self.weak_list = QListView()
        self.weak_list.setModel(self.weak_model)
        self.weak_remove = QPushButton("Remove")
        for title, widgets, view, remove in (
            ("Invulnerabilities", (self.inv_category, self.inv_severity, self.inv_breadth,
                                   self.inv_scope, self.inv_toggled, self.inv_add),
             self.inv_list, self.inv_remove),
            ("Weaknesses", (self.weak_category, self.weak_severity, self.weak_add),
             self.weak_list, self.weak_remove),
        ):  # fmt: skip
            box = QGroupBox(title)
            form = QFormLayout(box)
            row = QHBoxLayout()
            for widget in widgets:
                row.addWidget(widget)
            form.addRow(row)
            view.setMaximumHeight(90)
            form.addRow(view)
            form.addRow(remove)
            self.outer.addWidget(box)
        self.facts = QLabel()
        self.facts.setWordWrap(True)
        self.outer.addWidget(self.facts)
        self.outer.addStretch(1)
        self.fields = {"invulnerabilities": self.inv_category, "weaknesses": self.weak_category}
        self.inv_add.clicked.connect(self._add_inv)
        self.weak_add.clicked.connect(self._add_weak)
        self.inv_remove.clicked.connect(
            lambda: self._remove(self.inv_list, RemoveInvulnerabilityCommand)
        )
        self.weak_remove.clicked.connect(
            lambda: self._remove(self.weak_list, RemoveWeaknessCommand)
        )
        document.problems_changed.connect(self._show_facts)
        self.watch()

    def _add_inv(self) -> None:
        category = self.inv_category.text().strip()
        if category:
            broad = self.inv_breadth.currentText() == "broad"
            item = Invulnerability.model_validate(
                {"category": category, "severity": self.inv_severity.currentText(),
                 "breadth": "broad" if broad else "narrow",
                 "scope": self.inv_scope.currentText() if broad else None,
                 "toggled": broad and self.inv_toggled.isChecked()}
            )  # fmt: skip
            self.push(AddInvulnerabilityCommand(self.document, item))
            self.inv_category.clear()

    def _add_weak(self) -> None:
        category = self.weak_category.text().strip()
        if category:
            item = Weakness.model_validate(
                {"category": category, "severity": self.weak_severity.currentText()}
            )
            self.push(AddWeaknessCommand(self.document, item))
            self.weak_category.clear()

    def _remove(self, view: QListView, command: Any) -> None:
        index = view.currentIndex()
        if index.isValid():
            self.push(command(self.document, index.row()))

    def show_character(self, character: StrangeFateCharacter) -> None:
        """List Invulnerabilities and Weaknesses."""
        self.inv_model.set_rows(
            [
                f"{i.category} ({i.severity}, {i.breadth}"
                + (f" {i.scope}{', switched' if i.toggled else ''}" if i.breadth == "broad" else "")
                + ")"
                for i in character.invulnerabilities
            ]
        )
        self.weak_model.set_rows([f"{w.category} ({w.severity})" for w in character.weaknesses])
        self._show_facts()

    def _show_facts(self) -> None:
        d: Any = self.document.derived
        stress = ", ".join(f"{track} {n}" for track, n in d.stress.items())
        armor = ", ".join(f"{track} {n}" for track, n in d.armor.items() if n)
        consequences = ", ".join(f"{k} {v}" for k, v in d.consequences.items())
        refresh = "\u2014 (no era)" if d.refresh is None else str(d.refresh)
        self.facts.setText(
            f"<b>Stress boxes</b>: {stress}{f'; armor {armor}' if armor else ''}<br>"
            f"<b>Consequences</b>: {consequences}<br>"
            f"<b>Adjusted Refresh</b>: {refresh} (start {d.refresh_start}, tiers "
            f"\u2212{d.refresh_tiers}, Gifts \u2212{d.refresh_gifts}, Invulnerabilities "
            f"\u2212{d.refresh_invulnerabilities}, Weaknesses +{d.refresh_weaknesses})"
        )
