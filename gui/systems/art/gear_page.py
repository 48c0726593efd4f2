"""GUI layer: the ART Engine gear page: armor, shield and weapon pickers read from the gear
tables, and other gear (ART Engine, Chapter 2 "Gear", "Armor & Defense", "Shields", "Weapons &
Attack", "Melee Weapon Features", "Ranged Weapon Features").

The pickers list the catalogue's rows (cost -> Defense and Strength needed, Defense bonus and
Speed, weapon classes with their examples); Attack, range and cost with features are the rules
layer's derived values, shown read-only beside each weapon.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from gui.documents.character_document import CharacterDocument
from gui.systems.art.commands import UpdateCommand, add_item
from gui.systems.art.models import DASH, Column, ItemsModel
from gui.systems.art.page_base import ArtPage, table_view
from gui.systems.art.pages import _int, _list_buttons, fortune_choices
from rules.systems.art.character import Armor, ArtCharacter, GearItem, Shield, Weapon
from rules.systems.art.scale import Fortune

SLOTS = {"ready": "Ready", "at_hand": "At hand", "stowed": "Stowed"}
SLOT_KEYS = {v: k for k, v in SLOTS.items()}


def _signed(n: int) -> str:
    return f"{n:+d}"


class GearPage(ArtPage):
    """Armor, shield, weapons and other gear, costing no more than Fortune at creation."""

    def __init__(self, document: CharacterDocument) -> None:
        super().__init__(document, "gear")
        layout = QVBoxLayout(self)
        self.budget = QLabel()
        layout.addWidget(self.budget)
        top = QHBoxLayout()
        top.addWidget(self._armor_box(), 1)
        top.addWidget(self._shield_box(), 1)
        layout.addLayout(top)
        layout.addWidget(self._weapons_box(), 2)
        layout.addWidget(self._gear_box(), 1)
        layout.addWidget(self.checks("gear", "equipping_others", "shield"))
        self.on_refresh(self._show)

    # -- armor and shield ---------------------------------------------------------------------

    def _armor_box(self) -> QGroupBox:
        box = QGroupBox("Armor")
        form = QFormLayout(box)
        self.armor = QComboBox()
        self.armor.setAccessibleName("Armor cost")
        self.armor.addItem("None (counts as Destitute)", None)
        for row in self.catalog.gear.armor:
            need = f", Strength {row.strength}" if row.strength is not None else ""
            self.armor.addItem(f"{row.cost.title}: Defense = Agility {_signed(row.defense)}{need}",
                               int(row.cost))  # fmt: skip
        self.armor.activated.connect(self._set_armor)
        form.addRow("&Armor", self.armor)
        self.armor_name = QLineEdit()
        self.armor_name.setAccessibleName("Armor name")
        self.armor_name.setPlaceholderText("chain shirt, kevlar vest, ...")
        self.armor_name.textEdited.connect(lambda _t: self._set_armor(self.armor.currentIndex()))
        form.addRow("Armor &name", self.armor_name)
        self.bulletproof = QCheckBox("Bulletproof (needs the Bulletproof Armor perk)")
        self.bulletproof.clicked.connect(lambda _c: self._set_armor(self.armor.currentIndex()))
        form.addRow(self.bulletproof)
        form.addRow(self.checks("armor.cost", "armor.bulletproof"))
        self._bind("armor", self.armor, self._show_armor)
        return box

    def _show_armor(self, c: ArtCharacter) -> None:
        a = c.armor
        self.armor.setCurrentIndex(0 if a is None else self.armor.findData(int(a.cost)))
        name = a.name if a else ""
        if self.armor_name.text() != name:
            self.armor_name.setText(name)
        self.armor_name.setEnabled(a is not None)
        self.bulletproof.setEnabled(a is not None)
        self.bulletproof.setChecked(bool(a and a.bulletproof))

    def _set_armor(self, index: int) -> None:
        cost = self.armor.itemData(index)
        armor = None
        if cost is not None:
            armor = Armor(
                name=self.armor_name.text(),
                cost=Fortune(cost),
                bulletproof=self.bulletproof.isChecked(),
            )
        if armor != self.character.armor:
            self.push(UpdateCommand(self.document, "Choose armor", armor=armor))

    def _shield_box(self) -> QGroupBox:
        box = QGroupBox("Shield")
        form = QFormLayout(box)
        self.shield = QComboBox()
        self.shield.setAccessibleName("Shield cost")
        self.shield.addItem("None", None)
        for row in self.catalog.gear.shields:
            self.shield.addItem(
                f"{row.cost.title}: Defense +{row.defense}, Speed {row.speed}", int(row.cost)
            )
        self.shield.activated.connect(lambda _i: self._set_shield())
        form.addRow("S&hield", self.shield)
        self.shield_name = QLineEdit()
        self.shield_name.setAccessibleName("Shield name")
        self.shield_name.textEdited.connect(lambda _t: self._set_shield())
        form.addRow("Shield na&me", self.shield_name)
        self.shield_slot = QComboBox()
        self.shield_slot.setAccessibleName("Shield carried")
        for key, title in SLOTS.items():
            self.shield_slot.addItem(title, key)
        self.shield_slot.activated.connect(lambda _i: self._set_shield())
        form.addRow("Carried", self.shield_slot)
        form.addRow(self.checks("shield.cost"))
        self._bind("shield", self.shield, self._show_shield)
        return box

    def _show_shield(self, c: ArtCharacter) -> None:
        s = c.shield
        self.shield.setCurrentIndex(0 if s is None else self.shield.findData(int(s.cost)))
        name = s.name if s else ""
        if self.shield_name.text() != name:
            self.shield_name.setText(name)
        self.shield_slot.setCurrentIndex(self.shield_slot.findData(s.slot if s else "at_hand"))
        self.shield_name.setEnabled(s is not None)
        self.shield_slot.setEnabled(s is not None)

    def _set_shield(self) -> None:
        cost = self.shield.currentData()
        shield = None
        if cost is not None:
            shield = Shield(
                name=self.shield_name.text(),
                cost=Fortune(cost),
                slot=self.shield_slot.currentData(),
            )
        if shield != self.character.shield:
            self.push(UpdateCommand(self.document, "Choose shield", shield=shield))

    # -- weapons and gear ---------------------------------------------------------------------

    def _weapon_line(self, row: int) -> object | None:
        lines = getattr(self.document.derived, "weapons", ())
        return lines[row] if row < len(lines) else None

    def _features_tip(self) -> str:
        melee = ", ".join(f.name for f in self.catalog.gear.melee_features)
        ranged = ", ".join(f.name for f in self.catalog.gear.ranged_features)
        return f"Melee: {melee}. Ranged: {ranged}."

    def _weapons_box(self) -> QGroupBox:
        box = QGroupBox("Weapons")
        inner = QVBoxLayout(box)
        classes = [c.name for c in self.catalog.gear.weapon_classes]

        def derived(attr: str) -> Column:
            def get(_w: Weapon, row: int) -> str:
                line = self._weapon_line(row)
                value = getattr(line, attr, None) if line is not None else None
                return DASH if value is None else str(value)

            return Column(attr.replace("_", " ").capitalize(), get)

        self.weapons = ItemsModel(
            self.document,
            "weapons",
            "weapon",
            (
                Column(
                    "Weapon", lambda w, _r: w.name, lambda w, v: w.model_copy(update={"name": v})
                ),
                Column(
                    "Class",
                    lambda w, _r: w.weapon_class,
                    lambda w, v: w.model_copy(update={"weapon_class": v}),
                    lambda: classes,
                    "weapon_class",
                ),
                Column(
                    "Base cost",
                    lambda w, _r: w.cost.title,
                    lambda w, v: w.model_copy(update={"cost": Fortune.parse(v)}),
                    fortune_choices,
                    "cost",
                ),
                Column(
                    "Features",
                    lambda w, _r: ", ".join(w.features),
                    lambda w, v: w.model_copy(
                        update={"features": tuple(f.strip() for f in v.split(",") if f.strip())}
                    ),
                    path="features",
                ),
                Column(
                    "Carried",
                    lambda w, _r: SLOTS[w.slot],
                    lambda w, v: w.model_copy(update={"slot": SLOT_KEYS[v]}),
                    lambda: list(SLOTS.values()),
                ),
                derived("attack"),
                derived("range"),
                Column("Cost", lambda _w, row: str(getattr(self._weapon_line(row), "cost", ""))),
            ),
        )
        self.weapons_view = table_view(self.weapons, "Weapons", stretch=3)
        self.weapons_view.setToolTip(f"Features, separated by commas. {self._features_tip()}")
        self._fields["weapons"] = self.weapons_view
        inner.addWidget(self.weapons_view)
        picker = QHBoxLayout()
        self.weapon_class = QComboBox()
        self.weapon_class.setAccessibleName("New weapon class")
        for c in self.catalog.gear.weapon_classes:
            hands = "two-handed" if c.hands == 2 else "one-handed"
            self.weapon_class.addItem(f"{c.name} ({c.kind}, {hands}: {c.examples})", c.name)
        self.weapon_cost = QComboBox()
        self.weapon_cost.setAccessibleName("New weapon cost")
        for row in self.catalog.gear.weapon_attack:
            self.weapon_cost.addItem(
                f"{row.cost.title}: Attack melee {_signed(row.melee_1h)} one-handed, "
                f"{_signed(row.melee_2h)} two-handed; ranged {_signed(row.ranged_1h)}, "
                f"{_signed(row.ranged_2h)}",
                int(row.cost),
            )
        add = QPushButton("Add &weapon")
        add.clicked.connect(self._add_weapon)
        picker.addWidget(QLabel("Class"))
        picker.addWidget(self.weapon_class, 2)
        picker.addWidget(QLabel("Cost"))
        picker.addWidget(self.weapon_cost, 2)
        inner.addLayout(picker)
        inner.addWidget(_list_buttons(self, self.weapons, self.weapons_view, add))
        return box

    def _add_weapon(self) -> None:
        name = self.weapon_class.currentData()
        weapon = Weapon(
            name=name,
            weapon_class=name,
            cost=Fortune(self.weapon_cost.currentData()),
        )
        self.push(add_item(self.document, "weapons", weapon, "weapon"))

    def _gear_box(self) -> QGroupBox:
        box = QGroupBox("Other gear")
        inner = QVBoxLayout(box)

        def set_cost(g: GearItem, v: str) -> GearItem:
            return g.model_copy(update={"cost": None if v == DASH else Fortune.parse(v)})

        self.gear = ItemsModel(
            self.document,
            "gear",
            "item",
            (
                Column("Item", lambda g, _r: g.name, lambda g, v: g.model_copy(update={"name": v})),
                Column(
                    "Cost",
                    lambda g, _r: g.cost.title if g.cost is not None else DASH,
                    set_cost,
                    lambda: [DASH, *fortune_choices()],
                    "cost",
                ),
                Column(
                    "Carried",
                    lambda g, _r: SLOTS[g.slot],
                    lambda g, v: g.model_copy(update={"slot": SLOT_KEYS[v]}),
                    lambda: list(SLOTS.values()),
                ),
                Column(
                    "Grenades",
                    lambda g, _r: str(g.grenades),
                    lambda g, v: g.model_copy(update={"grenades": _int(v, 0, 100)}),
                ),
            ),
        )
        self.gear_view = table_view(self.gear, "Other gear", stretch=0)
        self._fields["gear"] = self.gear_view
        inner.addWidget(self.gear_view)
        add = QPushButton("Add &item")
        add.clicked.connect(
            lambda: self.push(add_item(self.document, "gear", GearItem(name="Item"), "item"))
        )
        inner.addWidget(_list_buttons(self, self.gear, self.gear_view, add))
        return box

    def _show(self, c: ArtCharacter) -> None:
        d = self.document.derived
        budget = getattr(d, "gear_fortune", None)
        if budget is None:
            text = "Fortune for gear: set Fate first (Fortune comes from Fate)."
        elif budget < 0:
            text = "Fortune for gear: below Destitute (too many others equipped)."
        else:
            text = f"Fortune for gear: <b>{Fortune(min(budget, 12)).title}</b> (each item at most)"
        defense = getattr(d, "defense", None)
        if defense is not None:
            text += f" \u00b7 Defense {defense}"
            shield = getattr(d, "defense_with_shield", None)
            if shield is not None:
                text += f" ({shield} with the shield, {getattr(d, 'shield_uses', 0)} uses a round)"
        self.budget.setText(text)
