"""GUI layer: the campaign dialog: name, game system and notes, the system's settings,
members, and any pages the system adds.

A new campaign's system is chosen here, among the registered systems that have a GUI (the one
last chosen first); once made, a campaign keeps its system, and its members and encounters are
of that system. The settings tab is the campaign's system's settings page and any further tabs
are its campaign pages (both from :class:`gui.system_ui.SystemUi`, for instance house rules and
a casting of the members). On OK the dialog first lists what saving would change in members'
characters (moved out of another campaign, what a page writes into them) and lets the user go
back; then the campaign is saved with the edited settings and each extra page writes what it
decided.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.campaigns import campaign_settings, others_note, with_settings
from gui.dialogs.confirm import ErrorDialog
from gui.plugins import SystemUis
from gui.system_ui import SettingsConflict
from gui.theme import framed_check_boxes, tint
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
        settings: The window's preferences (the system last chosen), or None.
    """

    library: Any
    uis: SystemUis
    workspace: Workspace
    settings: Any = None


class MemberChangesDialog:
    """Says what saving a campaign changes in its members' characters, before it does."""

    @staticmethod
    def box(parent: QWidget | None, lines: list[str]) -> QMessageBox:
        """The question, not shown yet (its "Save Changes" button is the default)."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Change these characters?")
        box.setText("Saving the campaign also changes these characters:")
        box.setInformativeText("\n".join(f"\u2022 {line}" for line in lines))
        save = box.addButton("Save Changes", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Go Back", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        # A message box sizes itself to its first line: give the list room to breathe.
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 440px; }")
        return box

    @classmethod
    def ask(cls, parent: QWidget | None, lines: list[str]) -> bool:
        """Show the changes (one line each); True to save, False to go back to the dialog."""
        box = cls.box(parent, lines)
        box.exec()
        return box.clickedButton() is box.defaultButton()


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
        self._context = context
        self._confirmed = False
        self._summaries: dict[uuid.UUID, Any] = {}
        if campaign_id is not None:
            self._campaign = self._library.get_campaign(campaign_id)
        else:
            self._campaign = Campaign(system=self._default_system(context, system_id))
        campaign = self._campaign
        self.setWindowTitle("New campaign" if campaign_id is None else "Campaign")
        self.resize(900, 620)

        self.name = QLineEdit(campaign.name)
        self.name.setPlaceholderText("The campaign's name")
        self.notes = QPlainTextEdit(campaign.notes)
        self.notes.setPlaceholderText("Notes for the group: setting, schedule, house rules\u2026")
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        self.system_box = QComboBox()
        self.system_box.setAccessibleName("Game system")
        for ui in context.uis.available():
            self.system_box.addItem(ui.system.info.name, ui.system.id)
        self.system_box.setCurrentIndex(max(0, self.system_box.findData(campaign.system)))
        self.system_box.setEnabled(campaign_id is None)
        if campaign_id is None:
            self.system_box.setToolTip(
                "The rules the campaign plays by. Its characters and encounters are of this "
                "system; it cannot be changed once the campaign is made."
            )
        else:
            self.system_box.setToolTip("A campaign keeps the system it was made with.")
        form.addRow("&System:", self.system_box)
        self.system_hint = QLabel(
            "The campaign's characters and encounters play by this system; it cannot be "
            "changed once the campaign is made."
            if campaign_id is None
            else "A campaign keeps the system it was made with: its characters and encounters "
            "play by it."
        )
        self.system_hint.setWordWrap(True)
        tint(self.system_hint, "muted")
        self.name.setFocus()

        self.members = QListWidget()
        self.members.setAccessibleName("Members")
        framed_check_boxes(self.members)
        self.members.itemChanged.connect(lambda _item: self._members_changed())
        self.members_note = QLabel()
        self.members_note.setWordWrap(True)
        self.members_note.setObjectName("membersNote")

        general = QWidget()
        general_layout = QVBoxLayout(general)
        general_layout.addLayout(form)
        general_layout.addWidget(self.system_hint)
        notes_label = QLabel("N&otes:")
        notes_label.setBuddy(self.notes)
        general_layout.addWidget(notes_label)
        general_layout.addWidget(self.notes, 1)
        members_page = QWidget()
        members_layout = QVBoxLayout(members_page)
        members_label = QLabel("Tick the characters who belong to this campaign:")
        members_label.setBuddy(self.members)
        members_layout.addWidget(members_label)
        members_layout.addWidget(self.members, 1)
        members_layout.addWidget(self.members_note)
        self._members_page = members_page

        self.pages = QTabWidget()
        self.pages.addTab(general, "Campaign")
        self.settings_page: Any = None
        self.extra_pages: tuple[Any, ...] = ()
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
        self._use_system(campaign.system)
        self.system_box.currentIndexChanged.connect(
            lambda _i: self._use_system(str(self.system_box.currentData()))
        )

    @staticmethod
    def _default_system(context: CampaignContext, system_id: str | None) -> str:
        """The system a new campaign starts with: the one asked for, else the one last
        chosen (if it still has a GUI), else the first with a GUI."""
        ids = [ui.system.id for ui in context.uis.available()]
        if not ids:
            raise FatesmithError("no game system has an editor in this version")
        last = context.settings.last_system if context.settings is not None else ""
        for candidate in (system_id, last):
            if candidate and candidate in ids:
                return candidate
        if system_id:
            raise FatesmithError(f"unknown game system {system_id!r}; known: {', '.join(ids)}")
        return ids[0]

    def system_id(self) -> str:
        """The campaign's game system (as chosen so far for a new campaign)."""
        return str(self._campaign.system)

    def _use_system(self, system_id: str) -> None:
        """Show the settings, members and pages of ``system_id`` (a new campaign's system
        changed: what was chosen for the former system does not apply to this one)."""
        if self.settings_page is not None and system_id == self._campaign.system:
            return
        if self.settings_page is not None:
            self._campaign = self._campaign.model_copy(
                update={"system": system_id, "settings": {}, "member_ids": ()}
            )
        campaign = self._campaign
        ui = self._context.uis.get(system_id)
        while self.pages.count() > 1:
            widget = self.pages.widget(1)
            self.pages.removeTab(1)
            if widget is not None and widget is not self._members_page:
                widget.deleteLater()
        self.settings_page = ui.settings_page(campaign_settings(campaign, ui.system))
        self._fill_members(campaign, ui.system.info.name)
        self.extra_pages = ui.campaign_pages(campaign.id, self._context.workspace, self)
        self.pages.addTab(self.settings_page, ui.settings_title())
        self.pages.addTab(self._members_page, "Characters")
        for page in self.extra_pages:
            self.pages.addTab(cast(QWidget, page), page.title)
        self._members_changed()

    def _fill_members(self, campaign: Campaign, system_name: str) -> None:
        """The characters of the campaign's system, members ticked; the others are not
        offered, and the note under the list says so."""
        every = self._library.list_characters()
        summaries = [s for s in every if s.system == campaign.system]
        self._summaries = {s.id: s for s in summaries}
        member_set = set(campaign.member_ids)
        self.members.blockSignals(True)
        self.members.clear()
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
        self.members.blockSignals(False)
        self.members_note.setText(
            others_note(system_name, "campaign", len(summaries), len(every) - len(summaries))
        )

    def accept(self) -> None:
        """Refuse to close while the settings contradict themselves; say first what saving
        changes in members' characters (and stay open if the user goes back)."""
        try:
            self.settings_page.settings()
        except SettingsConflict as exc:
            ErrorDialog.ask(self, exc.title, str(exc))
            self.pages.setCurrentWidget(self.settings_page)
            return
        if not self._confirm_member_changes():
            return
        super().accept()

    def member_changes(self) -> list[str]:
        """What saving changes in characters beyond the campaign itself, one line each:
        members taken out of another campaign, and what the system's pages write into them."""
        lines = []
        for member in self.member_ids():
            summary = self._summaries.get(member)
            if summary is None or summary.campaign_id in (None, self._campaign.id):
                continue
            name = summary.name or "(unnamed)"
            lines.append(
                f"{name} leaves \u201c{summary.campaign_name or 'another campaign'}\u201d "
                "to join this campaign"
            )
        for page in self.extra_pages:
            lines.extend(page.planned_changes())
        return lines

    def _confirm_member_changes(self) -> bool:
        if self._confirmed:
            return True
        lines = self.member_changes()
        if lines and not MemberChangesDialog.ask(self, lines):
            return False
        self._confirmed = True
        return True

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
        """Save the campaign and let each extra page write its part; None when it failed or
        the user went back from the list of changes to members."""
        if not self._confirm_member_changes():
            return None
        self._confirmed = False  # a failed save asks again next time
        campaign = self.build_campaign()
        expected = self._campaign.version or None
        try:
            version = self._library.save_campaign(campaign, expected_version=expected)
        except LibraryError as exc:
            ErrorDialog.ask(self, "Cannot save the campaign", str(exc))
            return None
        if not self._campaign.version and self._context.settings is not None:
            self._context.settings.last_system = campaign.system
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
