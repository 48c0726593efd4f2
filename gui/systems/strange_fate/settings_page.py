"""GUI layer: Strange Fate's campaign settings page (the campaign dialog's "Campaign rules" tab).

The era (which sets every character's Refresh, L329), Common skills or none («A World Without
Common Skills?», L1107-L1115), the dice across Power Tiers (L1153; the d6-d6 alternatives
L1170-L1178), the optional Gifts and Flaws rule (L3665-L3681) and the most tiers of difference
the dice honour; each switch with a tooltip naming its book lines.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QSpinBox, QWidget

from rules.systems.strange_fate.settings import StrangeFateSettings

ERAS = (
    ("", "Not chosen yet"),
    ("early", "Early Century (Refresh 6)"),
    ("middle", "Middle Century (Refresh 8)"),
    ("late", "Late Century (Refresh 10)"),
)
TIER_DICE = (
    ("fudge", "Fudge dice: one becomes a d6 per tier of difference («Power Tiers»)"),
    (
        "d6-extra",
        "d6\u2212d6, one extra d6 per tier of difference («But I Don't Like Fudge Dice!»)",
    ),
    ("d6-plus3", "d6\u2212d6, +3 per tier of difference («But I Don't Like Fudge Dice!»)"),
)


class StrangeFateSettingsPage(QWidget):
    """The campaign's Strange Fate settings (a :class:`gui.system_ui.SettingsPage`)."""

    def __init__(self, settings: StrangeFateSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._base = settings
        form = QFormLayout(self)
        self.era = QComboBox()
        for key, label in ERAS:
            self.era.addItem(label, key)
        self.era.setCurrentIndex(max(0, self.era.findData(settings.era or "")))
        self.era.setToolTip(
            "The era sets every PC's starting Refresh: 6, 8 or 10 («If You've Played Fate Before»)."
        )
        self.common = QCheckBox("Characters buy Common skills")
        self.common.setChecked(settings.common_skills)
        self.common.setToolTip(
            "Unticked: no Common skills; every skill is designed from trappings and characters "
            "start with 45 skill points («A World Without Common Skills?»)."
        )
        self.dice = QComboBox()
        for key, label in TIER_DICE:
            self.dice.addItem(label, key)
        self.dice.setCurrentIndex(max(0, self.dice.findData(settings.tier_dice)))
        self.dice.setToolTip(
            "How Power Tiers change the dice («Power Tiers»; «But I Don't Like Fudge Dice!»)."
        )
        self.flaws = QCheckBox("Gifts and Flaws (a Drawback on a Companion or Equipment buys one "
                               "more improvement)")  # fmt: skip
        self.flaws.setChecked(settings.gifts_and_flaws)
        self.flaws.setToolTip("An optional rule («Gifts and Flaws»).")
        self.max_tiers = QSpinBox()
        self.max_tiers.setRange(1, 4)
        self.max_tiers.setValue(settings.max_tier_difference)
        self.max_tiers.setToolTip(
            "Most tiers of difference the dice honour (with Fudge dice all four are d6 by 4)."
        )
        form.addRow("&Era", self.era)
        form.addRow("", self.common)
        form.addRow("&Dice across Power Tiers", self.dice)
        form.addRow("", self.flaws)
        form.addRow("&Most tiers of difference", self.max_tiers)
        note = QLabel("A character may name its own era, which wins over the campaign's.")
        note.setWordWrap(True)
        form.addRow(note)

    def settings(self) -> StrangeFateSettings:
        """The settings as edited."""
        return StrangeFateSettings.model_validate(
            {**self._base.model_dump(), "era": self.era.currentData() or None,
             "common_skills": self.common.isChecked(), "tier_dice": self.dice.currentData(),
             "gifts_and_flaws": self.flaws.isChecked(),
             "max_tier_difference": self.max_tiers.value()}
        )  # fmt: skip
