"""GUI layer: the campaign dialog: name and notes, the system's settings, members, and any
pages the system adds.

The settings tab is the campaign's system's settings page and any further tabs are its
campaign pages (both from :class:`gui.system_ui.SystemUi`, for instance house rules and a
casting of the members). On OK the campaign is saved with the edited settings, then each extra page
writes what it decided.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.campaigns import campaign_settings, with_settings
from gui.dialogs.confirm import ErrorDialog
from gui.plugins import SystemUis
from gui.system_ui import SettingsConflict
from gui.workspace import Workspace
from rules.errors import FatesmithError
from storage.library import Campaign, LibraryError, NewerRecordError


@dataclass(frozen=True)
class CampaignContext:
    """What the dialog needs from the window.

    Attributes:
        library: The open library.
        uis: The systems' UIs.
        workspace: The window's library and open documents, for the systems' pages.
    """

    library: Any
    uis: SystemUis
    workspace: Workspace


class CampaignDialog(QDialog):
    """Create or edit one campaign of the window's library.

    Args:
        parent: The parent window.
        campaign_id: The campaign to edit (None: a new one).
        context: The library and the systems' UIs.
        system_id: The system of a new campaign (None: the first system with a GUI).
    """

    def __init__(
        self,
        parent: QWidget | None,
        campaign_id: uuid.UUID | None,
        context: CampaignContext,
        *,
        system_id: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = context.library
        if campaign_id is not None:
            self._campaign = self._library.get_campaign(campaign_id)
        else:
            system_id = system_id or context.uis.available()[0].system.id
            self._campaign = Campaign(system=system_id)
        campaign = self._campaign
        ui = context.uis.get(campaign.system)
        self.setWindowTitle("New campaign" if campaign_id is None else "Campaign")
        self.resize(900, 620)

        self.name = QLineEdit(campaign.name)
        self.name.setPlaceholderText("The campaign's name")
        self.notes = QPlainTextEdit(campaign.notes)
        self.notes.setPlaceholderText("Notes for the group: setting, schedule, house rules\u2026")
        self.settings_page: Any = ui.settings_page(campaign_settings(campaign, ui.system))
        form = QFormLayout()
        form.addRow("Name:", self.name)

        self.members = QListWidget()
        member_set = set(campaign.member_ids)
        summaries = [s for s in self._library.list_characters() if s.system == campaign.system]
        for summary in summaries:
            label = summary.name or "(unnamed)"
            if summary.campaign_id not in (None, campaign.id) and summary.campaign_name:
                label += f"  (in {summary.campaign_name})"
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = summary.id in member_set
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.members.addItem(item)
        self.members.itemChanged.connect(lambda _item: self._members_changed())

        general = QWidget()
        general_layout = QVBoxLayout(general)
        general_layout.addLayout(form)
        general_layout.addWidget(QLabel("Notes:"))
        general_layout.addWidget(self.notes, 1)
        members_page = QWidget()
        members_layout = QVBoxLayout(members_page)
        members_layout.addWidget(QLabel("Tick the characters who belong to this campaign:"))
        members_layout.addWidget(self.members, 1)

        self.extra_pages = ui.campaign_pages(campaign.id, context.workspace, self)
        self.pages = QTabWidget()
        self.pages.addTab(general, "Campaign")
        self.pages.addTab(self.settings_page, ui.settings_title())
        self.pages.addTab(members_page, "Characters")
        for page in self.extra_pages:
            self.pages.addTab(cast(QWidget, page), page.title)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setEnabled(not self._library.read_only)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(buttons)
        self._members_changed()

    def accept(self) -> None:
        """Refuse to close while the settings contradict themselves."""
        try:
            self.settings_page.settings()
        except SettingsConflict as exc:
            ErrorDialog.ask(self, exc.title, str(exc))
            self.pages.setCurrentWidget(self.settings_page)
            return
        super().accept()

    # -- members ----------------------------------------------------------------------------------

    def member_ids(self) -> list[uuid.UUID]:
        """The ticked characters, in list order."""
        out = []
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def _members_changed(self) -> None:
        ids = self.member_ids()
        for page in self.extra_pages:
            page.set_members(ids)

    # -- saving ---------------------------------------------------------------------------------

    def build_campaign(self) -> Campaign:
        """The campaign as edited (not saved yet)."""
        campaign = with_settings(self._campaign, self.settings_page.settings())
        updated: Campaign = campaign.model_copy(
            update={
                "name": self.name.text().strip()[:200],
                "notes": self.notes.toPlainText()[:100_000],
                "member_ids": tuple(self.member_ids()),
            }
        )
        return updated

    def save(self) -> Campaign | None:
        """Save the campaign and let each extra page write its part; None when it failed."""
        campaign = self.build_campaign()
        expected = self._campaign.version or None
        try:
            version = self._library.save_campaign(campaign, expected_version=expected)
        except LibraryError as exc:
            ErrorDialog.ask(self, "Cannot save the campaign", str(exc))
            return None
        campaign = campaign.model_copy(update={"version": version})
        for page in self.extra_pages:
            page.apply(campaign.id)
        return campaign

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        campaign_id: uuid.UUID | None,
        context: CampaignContext,
        *,
        system_id: str | None = None,
    ) -> Campaign | None:
        """Show the dialog; on OK save and return the campaign."""
        try:
            dialog = cls(parent, campaign_id, context, system_id=system_id)
        except NewerRecordError as exc:
            ErrorDialog.ask(
                parent,
                "Campaign from a newer Fatesmith",
                f"{exc}.\n\nIt stays in the library as it is: this version can list it and "
                "its members, but cannot open or change it.",
            )
            return None
        except FatesmithError as exc:  # LibraryError (damaged, deleted elsewhere) and the like
            ErrorDialog.ask(
                parent,
                "Cannot open the campaign",
                f"{exc}.\n\nIts members can still be opened; the campaign itself cannot be "
                "edited until it is repaired (or deleted and made again).",
            )
            return None
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.save()
