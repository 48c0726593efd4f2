"""GUI layer: the "New encounter" dialog: its name, its campaign and its game system.

A campaign fixes its encounters' system; outside a campaign the user chooses the system
(the one last chosen first). The campaign the library is filtered by is offered first, in plain
sight, instead of deciding silently. Like the other app-shell dialogs, :meth:`ask` shows it
modally and returns a plain value; tests replace ``ask``.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gui.theme import tint

NO_CAMPAIGN = "No campaign"


class CampaignOption(NamedTuple):
    """A campaign a new encounter may belong to."""

    id: uuid.UUID
    name: str
    system: str


class NewEncounterOptions(NamedTuple):
    """What the dialog offers.

    Attributes:
        systems: (id, name) of every system that runs conflicts, in registration order.
        campaigns: The library's campaigns of those systems, by name.
        campaign_id: The campaign offered first (the library's campaign filter), or None.
        system_id: The system offered first outside a campaign (the one last chosen), or "".
        taken: The names of the library's encounters (a suggested name is none of them).
    """

    systems: Sequence[tuple[str, str]]
    campaigns: Sequence[CampaignOption]
    campaign_id: uuid.UUID | None = None
    system_id: str = ""
    taken: frozenset[str] = frozenset()


def suggested_name(campaign: str | None, taken: frozenset[str]) -> str:
    """A new encounter's name, unique in the library: "Encounter 3", or "Kessel — Encounter 2"
    in the campaign "Kessel" (the lowest free number; names compared case-blind)."""
    base = f"{campaign} — Encounter" if campaign else "Encounter"
    used = {name.casefold() for name in taken}
    number = 1
    while f"{base} {number}".casefold() in used:
        number += 1
    return f"{base} {number}"


class NewEncounter(NamedTuple):
    """The answer: the new encounter's name, campaign (or None) and system id."""

    name: str
    campaign_id: uuid.UUID | None
    system: str


class NewEncounterDialog(QDialog):
    """Name, campaign and system of a new encounter.

    Args:
        options: The systems and campaigns offered, and what is chosen first.
        parent: Parent widget.
    """

    def __init__(self, options: NewEncounterOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self._options = options
        self._names = dict(options.systems)
        self._suggested = suggested_name(None, options.taken)
        self.name = QLineEdit(self._suggested)
        self.name.setPlaceholderText("What the scene is called in the list")
        self.name.selectAll()
        self.campaign = QComboBox()
        # Item data are strings: a combo box finds a Python object only by identity.
        self.campaign.addItem(NO_CAMPAIGN, "")
        for option in options.campaigns:
            label = f"{option.name} \u2014 {self._names.get(option.system, option.system)}"
            self.campaign.addItem(label, str(option.id))
        self.system = QComboBox()
        for system_id, system_name in options.systems:
            self.system.addItem(system_name, system_id)
        self.system.setCurrentIndex(max(0, self.system.findData(options.system_id)))
        self._free_system = str(self.system.currentData() or "")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setObjectName("systemHint")
        tint(self.hint, "muted")
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Campaign:", self.campaign)
        form.addRow("&System:", self.system)
        form.addRow("", self.hint)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setEnabled(bool(options.systems))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.campaign.currentIndexChanged.connect(lambda _i: self._campaign_changed())
        self.system.currentIndexChanged.connect(lambda _i: self._system_changed())
        start = self.campaign.findData(str(options.campaign_id)) if options.campaign_id else 0
        self.campaign.setCurrentIndex(max(0, start))
        self._campaign_changed()
        self.setMinimumWidth(460)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _campaign_of(self) -> CampaignOption | None:
        campaign_id = self.campaign.currentData()
        return next((c for c in self._options.campaigns if str(c.id) == campaign_id), None)

    def _campaign_changed(self) -> None:
        campaign = self._campaign_of()
        self.system.blockSignals(True)
        if campaign is None:
            self.system.setCurrentIndex(max(0, self.system.findData(self._free_system)))
            self.system.setEnabled(True)
        else:
            self.system.setCurrentIndex(max(0, self.system.findData(campaign.system)))
            self.system.setEnabled(False)
        self.system.blockSignals(False)
        if self.name.text() in (self._suggested, ""):  # not named by the user: follow
            self._suggested = suggested_name(
                campaign.name if campaign else None, self._options.taken
            )
            self.name.setText(self._suggested)
            self.name.selectAll()
        self._show_hint()

    def _system_changed(self) -> None:
        if self._campaign_of() is None:
            self._free_system = str(self.system.currentData() or "")
        self._show_hint()

    def _show_hint(self) -> None:
        campaign = self._campaign_of()
        name = self.system.currentText()
        if campaign is not None:
            self.hint.setText(
                f"The campaign \u201c{campaign.name}\u201d plays {name}: its encounters do "
                f"too, with its house rules. Only {name} characters can join."
            )
        elif name:
            self.hint.setText(
                f"Played by the {name} rules; only {name} characters can join. Choose a "
                "campaign to play by its house rules."
            )
        else:
            self.hint.setText("No game system runs conflicts in this version.")

    def choice(self) -> NewEncounter | None:
        """The encounter as chosen (None when no system is offered)."""
        system = self.system.currentData()
        if not system:
            return None
        campaign = self._campaign_of()
        name = " ".join(self.name.text().split())[:200] or self._suggested
        return NewEncounter(name, campaign.id if campaign is not None else None, str(system))

    @classmethod
    def ask(cls, parent: QWidget | None, options: NewEncounterOptions) -> NewEncounter | None:
        """Show the dialog; the chosen name, campaign and system, or None when cancelled."""
        dialog = cls(options, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()
