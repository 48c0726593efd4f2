"""GUI layer: the ART Engine campaign settings page (the narrator's choices).

The attribute method the narrator sets (ART Engine, Chapter 2 "Determining Attributes"), and
the judgment calls a group may want the other way (docs/rules-notes.md, ART Engine): which
number of a foe rating's band a henchman rolls on, and the shotgun's Attack bonus.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from rules.systems.art.settings import ArtSettings


class ArtSettingsPage(QWidget):
    """The ART Engine settings of one campaign (a :class:`gui.system_ui.SettingsPage`).

    Args:
        settings: The campaign's current settings.
        parent: The parent widget.
    """

    def __init__(self, settings: ArtSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._base = settings
        form = QFormLayout(self)
        self.method = QComboBox()
        self.method.setAccessibleName("Attribute method")
        self.method.addItem("Each player chooses (recorded per adventurer)", None)
        self.method.addItem("Random: 2d6 for each attribute", "random")
        self.method.addItem("Balanced: two numbers of the list each", "balanced")
        self.method.setCurrentIndex(self.method.findData(settings.attribute_method))
        self.method.setToolTip("ART Engine, Chapter 2, Determining Attributes: the narrator "
                               "decides which method is used")  # fmt: skip
        form.addRow("&Attribute method", self.method)
        self.henchman = QComboBox()
        self.henchman.setAccessibleName("Henchman trait")
        self.henchman.addItem("Lowest number of the band (Passable \u2192 13)", "lowest")
        self.henchman.addItem("Middle of the band (Passable \u2192 14)", "middle")
        self.henchman.setCurrentIndex(self.henchman.findData(settings.henchman_trait))
        self.henchman.setToolTip(
            "ART Engine, Henchman Traits: the book gives a band of trait numbers for each foe "
            "rating, not which one to roll on"
        )
        form.addRow("&Henchman trait", self.henchman)
        self.shotgun = QComboBox()
        self.shotgun.setAccessibleName("Shotgun Attack bonus")
        self.shotgun.addItem("+4 (the feature list)", 4)
        self.shotgun.addItem("+2 (the weapon table's notes)", 2)
        self.shotgun.setCurrentIndex(self.shotgun.findData(settings.shotgun_attack))
        self.shotgun.setToolTip("ART Engine, Ranged Weapon Features: the book gives both")
        form.addRow("&Shotgun Attack", self.shotgun)
        note = QLabel(
            "The Action Results Table is not a campaign setting: it is entered once for the "
            "whole library (Library \u203a Rules Data \u203a Action Results Table)."
        )
        note.setWordWrap(True)
        form.addRow(note)

    def settings(self) -> ArtSettings:
        """The settings as chosen."""
        data = self._base.model_dump()
        data.update(
            attribute_method=self.method.currentData(),
            henchman_trait=self.henchman.currentData(),
            shotgun_attack=self.shotgun.currentData(),
        )
        return ArtSettings.model_validate(data)
