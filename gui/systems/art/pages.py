"""GUI layer: the ART Engine creation pages (adventurer, attributes, Health/Fame/Glory/Fortune
with treasures and trophies, goals, skills, perks); the gear page is in
:mod:`gui.systems.art.gear_page`.

Each follows ART Engine, Chapter 2 "Creating an Adventurer" (perks: Chapter 6 "Buying Perks"),
shows its checks in place and edits only through commands.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.art.commands import (
    FieldCommand,
    RollAttributesCommand,
    UpdateCommand,
    add_item,
    remove_item,
    set_method,
    set_skill,
)
from gui.systems.art.models import (
    DASH,
    AttributesModel,
    Column,
    ItemsModel,
    PerkCatalogModel,
    SkillsModel,
)
from gui.systems.art.page_base import ArtPage, table_view
from rules.systems.art.attributes import BALANCED_POOL, pool_left, unused_rolls
from rules.systems.art.character import ArtCharacter, PerkTake, Treasure, Trophy
from rules.systems.art.scale import Fortune
from rules.systems.art.settings import ArtSettings

FORTUNES = [f.title for f in Fortune]


def fortune_choices() -> list[str]:
    """The thirteen Fortune ranks, Destitute first."""
    return FORTUNES


def _int(text: str, low: int, high: int) -> int:
    value = int(text.strip().lstrip("+"))
    if not low <= value <= high:
        raise ValueError(text)
    return value


class AdventurerPage(ArtPage):
    """Name, player and stage (creation checks the starting rules; play what still holds)."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "adventurer")
        form = QFormLayout(self)
        form.addRow("&Name", self.line("name", "Name"))
        form.addRow("&Player", self.line("player", "Player"))
        stage = QComboBox()
        stage.setAccessibleName("Stage")
        stage.addItem("New adventurer (starting rules apply)", "creation")
        stage.addItem("In play", "play")
        stage.activated.connect(
            lambda i: self.push(FieldCommand(document, "stage", stage.itemData(i), "stage"))
        )
        self._bind("stage", stage, lambda c: stage.setCurrentIndex(stage.findData(c.stage)))
        form.addRow("&Stage", stage)
        form.addRow(self.checks("name"))


class AttributesPage(ArtPage):
    """Both attribute methods ("Random Method": ten rolls of 2d6 assigned freely; "Balanced
    Method": two numbers of the list for each attribute), every check shown in place.

    Args:
        document: The adventurer's document.
        rng: The dice of the random method (tests inject a seeded one).
    """

    def __init__(self, document: CharacterDocument, rng: random.Random | None = None) -> None:
        super().__init__(document, "attributes")
        self.rng = rng or random.Random()
        layout = QVBoxLayout(self)
        settings = document.settings
        fixed = settings.attribute_method if isinstance(settings, ArtSettings) else None
        methods = QHBoxLayout()
        self.random_button = QRadioButton("&Random: roll 2d6 for each attribute")
        self.balanced_button = QRadioButton("&Balanced: two numbers of the list each")
        self.method_group = QButtonGroup(self)
        for button, method in ((self.random_button, "random"), (self.balanced_button, "balanced")):
            self.method_group.addButton(button)
            button.clicked.connect(lambda _=False, m=method: self._choose(m))
            button.setEnabled(fixed in (None, method))
            methods.addWidget(button)
        methods.addStretch(1)
        layout.addLayout(methods)
        if fixed is not None:
            layout.addWidget(QLabel(f"The narrator set the {fixed} method for this campaign."))
        self._fields["attribute_method"] = self.random_button

        self.roll_button = QPushButton("Roll &ten scores")
        self.roll_button.setToolTip("Ten rolls of 2d6; assign each to an attribute")
        self.roll_button.clicked.connect(
            lambda: self.push(RollAttributesCommand(document, self.rng))
        )
        self.rolls_label = QLabel()
        self.rolls_label.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.roll_button)
        row.addWidget(self.rolls_label, 1)
        layout.addLayout(row)
        self._fields["attribute_rolls"] = self.roll_button
        self.pool_label = QLabel()
        self.pool_label.setWordWrap(True)
        layout.addWidget(self.pool_label)

        self.model = AttributesModel(document)
        self.view = table_view(self.model, "Attributes", stretch=3)
        self._fields["attributes"] = self.view
        self._fields["balanced_pairs"] = self.view
        layout.addWidget(self.view, 1)
        self.check_label = self.checks(
            "attributes", "attribute_rolls", "balanced_pairs", "attribute_method"
        )
        layout.addWidget(self.check_label)
        self.on_refresh(self._show)

    def _choose(self, method: str) -> None:
        if self.character.attribute_method != method:
            self.push(set_method(self.document, method))

    def _show(self, c: ArtCharacter) -> None:
        self.random_button.setChecked(c.attribute_method == "random")
        self.balanced_button.setChecked(c.attribute_method == "balanced")
        is_random = c.attribute_method == "random"
        self.roll_button.setVisible(is_random)
        self.rolls_label.setVisible(is_random)
        self.pool_label.setVisible(c.attribute_method == "balanced")
        if is_random:
            if c.attribute_rolls:
                assigned = [v for v in c.attributes.values()]
                left = unused_rolls(c.attribute_rolls, assigned)
                rest = ", ".join(map(str, left)) if left else "none"
                self.rolls_label.setText(
                    f"Rolled: {', '.join(map(str, c.attribute_rolls))}. "
                    f"Not yet assigned: {rest if left is not None else '(a score was not rolled)'}."
                )
            else:
                self.rolls_label.setText("Roll the ten scores, then type each into a Score.")
        pool, _over = pool_left(c.balanced_pairs.values())
        numbers = ", ".join(map(str, sorted(pool.elements()))) or "none"
        self.pool_label.setText(
            f"The list: {', '.join(map(str, BALANCED_POOL))}. Numbers left: {numbers}. "
            "Type two numbers (\u201c4+3\u201d) in an attribute's Numbers cell; its score is "
            "their sum. The ten scores always add up to 70."
        )

    def focus_path(self, path: str) -> bool:
        """Attribute paths select the attribute's row."""
        for prefix in ("attributes.", "balanced_pairs."):
            if path.startswith(prefix):
                key = path[len(prefix) :]
                from rules.systems.art.catalog import ATTRIBUTES

                if key in ATTRIBUTES:
                    column = 2 if prefix == "balanced_pairs." else 1
                    self.view.setCurrentIndex(self.model.index(ATTRIBUTES.index(key), column))
                    self.view.setFocus(Qt.FocusReason.OtherFocusReason)
                    return True
        return super().focus_path(path)


def _list_buttons(page: ArtPage, model: ItemsModel, view: QWidget, add: QPushButton) -> QWidget:
    """Add and Remove under a list (Remove takes the selected row)."""
    remove = QPushButton("Remove")
    remove.setAccessibleName(f"Remove {model.label}")

    def removing() -> None:
        index = view.currentIndex()  # type: ignore[attr-defined]
        if index.isValid():
            page.push(remove_item(page.document, model.field, index.row(), model.label))

    remove.clicked.connect(removing)
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(add)
    row.addWidget(remove)
    row.addStretch(1)
    return box


class HealthPage(ArtPage):
    """Health (rank from Stamina, its four boxes), Fame and its tally, Glory, Fortune (from
    Fate), equipping others, treasures and trophies ("Health", "Fame", "Glory", "Fortune",
    "Equipping Others", "Treasures", "Trophies")."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "health")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.health = self.spin(
            "health_rank",
            "Health rank",
            1,
            20,
            lambda c: c.health_rank or 1,
            lambda v: None if v == 1 else v,
        )
        self.health.setSpecialValueText("Stamina")
        self.health.setToolTip(
            "\u201cStamina\u201d: Health starts at the Stamina score (ranks run 2 to 20; "
            "raising it costs XP)"
        )
        form.addRow("&Health rank", self.health)
        self.boxes = QHBoxLayout()
        self.box_checks: list[QCheckBox] = []
        for i in range(4):
            check = QCheckBox()
            check.clicked.connect(lambda _=False, i=i: self._toggle(i))
            self.box_checks.append(check)
            self.boxes.addWidget(check)
        self.boxes.addStretch(1)
        form.addRow("Health boxes", self.boxes)
        form.addRow("&Fame", self.spin("fame", "Fame", 0, 999, lambda c: c.fame))
        form.addRow(
            "Fame s&pent", self.spin("fame_spent", "Fame spent", 0, 999, lambda c: c.fame_spent)
        )
        form.addRow("&Glory", self.spin("glory", "Glory", 0, 99_999, lambda c: c.glory))
        self.fortune = QComboBox()
        self.fortune.setAccessibleName("Fortune")
        self.fortune.addItem("From Fate", None)
        for rank in Fortune:
            self.fortune.addItem(rank.title, int(rank))
        self.fortune.activated.connect(self._set_fortune)
        self._bind("fortune", self.fortune, self._show_fortune)
        form.addRow("F&ortune", self.fortune)
        form.addRow(
            "&Equipping others",
            self.spin("equipping_others", "Equipping others", 0, 20, lambda c: c.equipping_others),
        )
        top.addLayout(form)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addWidget(self.checks("health_rank", "fame", "fame_spent", "glory", "fortune"))

        self.treasures = ItemsModel(
            document,
            "treasures",
            "treasure",
            (
                Column(
                    "Treasure", lambda t, _r: t.name, lambda t, v: t.model_copy(update={"name": v})
                ),
                Column(
                    "Value",
                    lambda t, _r: t.value.title,
                    lambda t, v: Treasure(name=t.name, value=Fortune.parse(v)),
                    fortune_choices,
                    "value",
                ),
            ),
        )
        self.trophies = ItemsModel(
            document,
            "trophies",
            "trophy",
            (
                Column(
                    "Trophy", lambda t, _r: t.name, lambda t, v: t.model_copy(update={"name": v})
                ),
                Column(
                    "Cost",
                    lambda t, _r: t.cost.title,
                    lambda t, v: Trophy(name=t.name, cost=Fortune.parse(v), ability=t.ability),
                    fortune_choices,
                    "cost",
                ),
                Column(
                    "Ability",
                    lambda t, _r: t.ability,
                    lambda t, v: t.model_copy(update={"ability": v}),
                ),
            ),
        )
        lists = QHBoxLayout()
        for title, model, make, stretch in (
            ("Treasures", self.treasures, lambda: Treasure(name="Treasure"), 0),
            ("Trophies", self.trophies, lambda: Trophy(name="Trophy"), 2),
        ):
            group = QGroupBox(title)
            inner = QVBoxLayout(group)
            view = table_view(model, title, stretch=stretch)
            self._fields[model.field] = view
            inner.addWidget(view)
            add = QPushButton(f"Add {model.label}")
            add.clicked.connect(
                lambda _=False, m=model, mk=make: self.push(
                    add_item(document, m.field, mk(), m.label)
                )
            )
            inner.addWidget(_list_buttons(self, model, view, add))
            lists.addWidget(group, 1 + stretch // 2)
        layout.addLayout(lists, 1)
        self.on_refresh(self._show_boxes)

    def _show_fortune(self, c: ArtCharacter) -> None:
        index = 0 if c.fortune is None else self.fortune.findData(int(c.fortune))
        self.fortune.setCurrentIndex(index)
        derived = self.document.derived
        fate_name = getattr(derived, "fortune_name", "") if c.fortune is None else ""
        self.fortune.setItemText(0, f"From Fate ({fate_name})" if fate_name else "From Fate")

    def _set_fortune(self, index: int) -> None:
        value = self.fortune.itemData(index)
        self.push(FieldCommand(self.document, "fortune", value, "Fortune"))

    def _show_boxes(self, c: ArtCharacter) -> None:
        boxes = getattr(self.document.derived, "health", ())
        for i, check in enumerate(self.box_checks):
            if i < len(boxes):
                box = boxes[i]
                check.setText(f"{box.level} ({box.level_name})")
                check.setChecked(box.checked)
                check.setEnabled(True)
                check.setAccessibleName(f"Health box {i + 1}, {box.level_name}")
            else:
                check.setText("\u2014")
                check.setChecked(False)
                check.setEnabled(False)

    def _toggle(self, i: int) -> None:
        checked = list(self.character.health_checked) + [False] * 4
        checked = checked[:4]
        checked[i] = not checked[i]
        self.push(UpdateCommand(self.document, "Check Health box", health_checked=tuple(checked)))


class GoalsPage(ArtPage):
    """Goals and motivation ("Goals & Motivation": known before play) and notes."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "goals")
        layout = QVBoxLayout(self)
        label = QLabel("&Goals and motivation")
        goals = self.text("goals", "Goals and motivation")
        label.setBuddy(goals)
        layout.addWidget(label)
        layout.addWidget(goals, 2)
        layout.addWidget(self.checks("goals"))
        notes_label = QLabel("N&otes")
        notes = self.text("notes", "Notes")
        notes_label.setBuddy(notes)
        layout.addWidget(notes_label)
        layout.addWidget(notes, 1)


class SkillsPage(ArtPage):
    """Starting experience (Intelligence) and starting skills (+1 to +4, the table's cost is
    the total for the level) ("Starting Experience", "Starting Skills")."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "skills")
        layout = QVBoxLayout(self)
        self.xp_label = QLabel()
        layout.addWidget(self.xp_label)
        costs = ", ".join(
            f"+{c.level} costs {c.xp}" for c in self.catalog.advancement.starting_skill_costs
        )
        layout.addWidget(QLabel(f"Starting skills: {costs} XP."))
        self.model = SkillsModel(document, self.catalog)
        self.view = table_view(self.model, "Skills", stretch=0)
        self._fields["skills"] = self.view
        layout.addWidget(self.view, 1)
        add_row = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("New skill (Climbing, Swords, ...)")
        self.new_name.setAccessibleName("New skill name")
        self.new_rating = QSpinBox()
        self.new_rating.setRange(1, 8)
        self.new_rating.setPrefix("+")
        self.new_rating.setAccessibleName("New skill rating")
        self.add_button = QPushButton("&Add skill")
        self.add_button.clicked.connect(self._add)
        self.new_name.returnPressed.connect(self._add)
        remove = QPushButton("Remove skill")
        remove.clicked.connect(self._remove)
        for w in (self.new_name, self.new_rating, self.add_button, remove):
            add_row.addWidget(w)
        layout.addLayout(add_row)
        layout.addWidget(self.checks("skills"))
        self.on_refresh(self._show)

    def first_field(self) -> QWidget | None:
        """The new skill's name."""
        return self.new_name

    def focus_path(self, path: str) -> bool:
        """A skill's path selects its row."""
        if path.startswith("skills."):
            name = path[len("skills.") :]
            names = self.model.names()
            if name in names:
                self.view.setCurrentIndex(self.model.index(names.index(name), 1))
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().focus_path(path)

    def _add(self) -> None:
        name = self.new_name.text().strip()
        if not name or name in self.character.skills:
            return
        self.push(set_skill(self.document, name, self.new_rating.value()))
        self.new_name.clear()

    def _remove(self) -> None:
        index = self.view.currentIndex()
        if index.isValid():
            name = self.model.names()[index.row()]
            self.push(set_skill(self.document, name, None))

    def _show(self, c: ArtCharacter) -> None:
        d = self.document.derived
        start = getattr(d, "xp_starting", None)
        if c.stage == "creation":
            left = getattr(d, "xp_remaining", None)
            start_text = DASH if start is None else str(start)
            left_text = DASH if left is None else str(left)
            self.xp_label.setText(
                f"<b>Starting experience</b> {start_text} (Intelligence) \u00b7 spent "
                f"{getattr(d, 'xp_spent', 0)} on skills, perks and Health \u00b7 left {left_text}"
            )
        else:
            self.xp_label.setText(f"<b>Unspent XP</b> {c.experience}")


class PerksPage(ArtPage):
    """The book's perks with costs and prerequisites, and the adventurer's own ("Buying
    Perks"): pick one from the catalogue; ranks and custom XP are edited in place."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "perks")
        layout = QVBoxLayout(self)
        self.catalog_model = PerkCatalogModel(document, self.catalog)
        self.catalog_view = table_view(self.catalog_model, "Book perks", stretch=5)
        self.catalog_view.doubleClicked.connect(lambda _i: self._take())
        self.take_button = QPushButton("&Take perk")
        self.take_button.clicked.connect(self._take)
        layout.addWidget(QLabel("Book perks (double-click or Take perk to buy):"))
        layout.addWidget(self.catalog_view, 3)
        layout.addWidget(self.take_button, 0, Qt.AlignmentFlag.AlignLeft)

        def xp_of(p: PerkTake, _row: int) -> str:
            perk = self.catalog.perk(p.name)
            if perk is not None:
                return str(perk.cost(max(1, p.rank)))
            return "" if p.xp is None else str(p.xp)

        def set_xp(p: PerkTake, v: str) -> PerkTake | None:
            if self.catalog.perk(p.name) is not None:
                return None
            return p.model_copy(update={"xp": _int(v, 0, 999) if v.strip() else None})

        self.owned = ItemsModel(
            document,
            "perks",
            "perk",
            (
                Column(
                    "Perk",
                    lambda p, _r: p.name,
                    lambda p, v: p.model_copy(update={"name": v.strip()}),
                    path="name",
                ),
                Column(
                    "Rank",
                    lambda p, _r: str(p.rank),
                    lambda p, v: p.model_copy(update={"rank": _int(v, 0, 99)}),
                    path="rank",
                ),
                Column("XP", xp_of, set_xp),
            ),
        )
        self.owned_view = table_view(self.owned, "Perks owned", stretch=0)
        self._fields["perks"] = self.owned_view
        layout.addWidget(QLabel("Perks owned (a name not in the book is a custom perk):"))
        layout.addWidget(self.owned_view, 2)
        add_custom = QPushButton("Add &custom perk")
        add_custom.clicked.connect(
            lambda: self.push(
                add_item(document, "perks", PerkTake(name="Custom perk", xp=0), "perk")
            )
        )
        layout.addWidget(_list_buttons(self, self.owned, self.owned_view, add_custom))

    def first_field(self) -> QWidget | None:
        """The catalogue."""
        return self.catalog_view

    def focus_path(self, path: str) -> bool:
        """A perk's path selects its row."""
        if path.startswith("perks[") and "]" in path:
            digits = path[len("perks[") : path.index("]")]
            if digits.isdigit() and int(digits) < self.owned.rowCount():
                self.owned_view.setCurrentIndex(self.owned.index(int(digits), 0))
                self.owned_view.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().focus_path(path)

    def _take(self) -> None:
        index = self.catalog_view.currentIndex()
        if not index.isValid():
            return
        perk = self.catalog.perks.perks[index.row()]
        if any(p.name.casefold() == perk.name.casefold() for p in self.character.perks):
            return
        self.push(add_item(self.document, "perks", PerkTake(name=perk.name), "perk"))
