"""GUI layer: the Preferences dialog (theme, UI scale, autosave interval, paper size).

Every field has a label with a mnemonic (Alt+letter) whose buddy is the field."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.settings import UI_SCALES, Settings

THEMES = (("system", "Follow the system"), ("light", "Light"), ("dark", "Dark"))
PAPERS = (("a4", "A4"), ("letter", "US Letter"))


class PreferencesDialog(QDialog):
    """Edits the user's preferences; :meth:`apply_to` writes them back."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.theme = QComboBox()
        for key, label in THEMES:
            self.theme.addItem(label, key)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        self.scale = QComboBox()
        for factor in UI_SCALES:
            self.scale.addItem(f"{round(factor * 100)} %", factor)
        self.scale.setCurrentIndex(
            min(range(len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - settings.ui_scale))
        )
        self.scale.setToolTip(
            "Larger text for a projector or a 4K screen: the tables, the encounter window and "
            "the player view follow it at once"
        )
        self.autosave = QSpinBox()
        self.autosave.setRange(1, 60)
        self.autosave.setSuffix(" s")
        self.autosave.setValue(settings.autosave_seconds)
        self.autosave.setToolTip(
            "How often unsaved changes are copied to a draft, so a crash loses at most this much"
        )
        self.paper = QComboBox()
        for key, label in PAPERS:
            self.paper.addItem(label, key)
        self.paper.setCurrentIndex(max(0, self.paper.findData(settings.paper)))
        form = QFormLayout()
        form.addRow("Colour &theme:", self.theme)
        form.addRow("Text &size (UI scale):", self.scale)
        form.addRow("&Autosave drafts every:", self.autosave)
        form.addRow("&Paper size for sheets:", self.paper)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def apply_to(self, settings: Settings) -> None:
        """Store the chosen values."""
        settings.theme = self.theme.currentData()
        settings.ui_scale = float(self.scale.currentData())
        settings.autosave_seconds = self.autosave.value()
        settings.paper = self.paper.currentData()

    @classmethod
    def ask(cls, parent: QWidget | None, settings: Settings) -> bool:
        """Show the dialog; on OK store the values and return True."""
        dialog = cls(settings, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        dialog.apply_to(settings)
        return True
