"""GUI layer: the campaign dialog: name, house rules, notes, members and the guest-star deal.

The "Guest stars" page hosts the creation engineer's :class:`gui.views.group_casting.
GroupCastingWidget` (SotC "Phase Four: Guest Star" / "Phase Five: Guest Star Redux"). On OK the
campaign is saved and each member's chosen novels are written into its phases four and five:
through an undoable command when the character is open in a tab (the user then saves it),
straight through the library otherwise.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.dialogs.confirm import ErrorDialog
from rules.campaign import CampaignRules
from rules.systems.sotc_character import NovelRef
from rules.systems.sotc_group import Casting, Member
from storage.library import Campaign, LibraryError

WEIRDNESS = (
    ("outside-your-window", "Outside your window"),
    ("world-of-mystery", "World of mystery"),
    ("world-of-adventure", "World of adventure (book default)"),
    ("world-of-magic", "World of magic"),
    ("world-of-tomorrow", "World of tomorrow"),
)


def _novel_facts(payload: str) -> tuple[str, str, dict[int, str | None]]:
    """(name, own novel title, {4: id of the novel guest-starred in, 5: ...}) from a payload."""
    try:
        data = json.loads(payload)
    except json.JSONDecodeError:
        return "", "", {4: None, 5: None}
    phases = data.get("phases") or []
    title = ""
    if len(phases) >= 3 and isinstance(phases[2], dict):
        title = str(phases[2].get("novel_title") or "")
    cast: dict[int, str | None] = {4: None, 5: None}
    for number in (4, 5):
        if len(phases) >= number and isinstance(phases[number - 1], dict):
            ref = phases[number - 1].get("guest_star_in") or {}
            if isinstance(ref, dict) and ref.get("character_id"):
                cast[number] = str(ref["character_id"])
    return str(data.get("name") or ""), title, cast


class CampaignDialog(QDialog):
    """Create or edit one campaign of the window's library."""

    def __init__(self, window: Any, campaign_id: uuid.UUID | None) -> None:
        super().__init__(window)
        self._window = window
        self._library = window.library
        self._campaign = (
            self._library.get_campaign(campaign_id) if campaign_id is not None else Campaign()
        )
        self.setWindowTitle("New campaign" if campaign_id is None else "Campaign")
        self.resize(900, 620)
        campaign = self._campaign

        self.name = QLineEdit(campaign.name)
        self.name.setPlaceholderText("The campaign's name")
        self.notes = QPlainTextEdit(campaign.notes)
        self.notes.setPlaceholderText("Notes for the group: setting, schedule, house rules\u2026")
        self.stress = QSpinBox()
        self.stress.setRange(1, 10)
        self.stress.setValue(campaign.rules.stress_boxes)
        self.stress.setToolTip(
            "Boxes each stress track starts with: 5 in the SotC book, 3 under the "
            "\u201cHow To Do Things\u201d variant"
        )
        self.weirdness = QComboBox()
        for key, label in WEIRDNESS:
            self.weirdness.addItem(label, key)
        self.weirdness.setCurrentIndex(max(0, self.weirdness.findData(campaign.rules.weirdness)))
        self.companions = QCheckBox("Companions have their own stress track (How To Do Things)")
        self.companions.setChecked(campaign.rules.companions_have_stress)
        form = QFormLayout()
        form.addRow("Name:", self.name)
        form.addRow("Weirdness:", self.weirdness)
        form.addRow("Stress boxes:", self.stress)
        form.addRow("", self.companions)

        self.members = QListWidget()
        self._payloads: dict[uuid.UUID, str] = {}
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
        self.members.itemChanged.connect(lambda _item: self._rebuild_casting())

        general = QWidget()
        general_layout = QVBoxLayout(general)
        general_layout.addLayout(form)
        general_layout.addWidget(QLabel("Notes:"))
        general_layout.addWidget(self.notes, 1)
        members_page = QWidget()
        members_layout = QVBoxLayout(members_page)
        members_layout.addWidget(QLabel("Tick the characters who belong to this campaign:"))
        members_layout.addWidget(self.members, 1)

        self.casting_page = QWidget()
        self.casting_layout = QVBoxLayout(self.casting_page)
        self.casting: Any = None
        self.pages = QTabWidget()
        self.pages.addTab(general, "Campaign")
        self.pages.addTab(members_page, "Characters")
        self.pages.addTab(self.casting_page, "Guest stars")
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
        self._rebuild_casting()

    # -- members and casting --------------------------------------------------------------------

    def member_ids(self) -> list[uuid.UUID]:
        """The ticked characters, in list order."""
        out = []
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def _facts(
        self, ids: list[uuid.UUID]
    ) -> dict[uuid.UUID, tuple[str, str, dict[int, str | None]]]:
        missing = [i for i in ids if i not in self._payloads]
        if missing:
            for character_id, payload in self._library.payloads(missing):
                self._payloads[character_id] = payload
        out = {}
        for character_id in ids:
            tab = self._window.tab_of(character_id)
            if tab is not None:  # an open tab may hold newer, unsaved choices
                character = tab.document.character
                cast = {
                    n: (
                        str(character.phase(n).guest_star_in.character_id)
                        if character.phase(n).guest_star_in is not None
                        and character.phase(n).guest_star_in.character_id is not None
                        else None
                    )
                    for n in (4, 5)
                }
                out[character_id] = (character.name, character.phase(3).novel_title, cast)
            else:
                out[character_id] = _novel_facts(self._payloads.get(character_id, "{}"))
        return out

    def _rebuild_casting(self) -> None:
        from gui.views.group_casting import GroupCastingWidget

        ids = self.member_ids()
        facts = self._facts(ids)
        keys = {str(i) for i in ids}
        members = [
            Member(key=str(i), name=facts[i][0] or "(unnamed)", novel=facts[i][1]) for i in ids
        ]
        previous = self.casting.assignment if self.casting is not None else None
        assignment: dict[str, Casting] = {}
        for i in ids:
            if previous is not None and str(i) in previous:
                casting = previous[str(i)]
            else:
                cast = facts[i][2]
                casting = Casting(phase4=cast[4], phase5=cast[5])
            assignment[str(i)] = Casting(
                phase4=casting.phase4 if casting.phase4 in keys else None,
                phase5=casting.phase5 if casting.phase5 in keys else None,
            )
        if self.casting is not None:
            self.casting_layout.removeWidget(self.casting)
            self.casting.deleteLater()
        self.casting = GroupCastingWidget(members, assignment)
        self.casting_layout.addWidget(self.casting)

    # -- saving ---------------------------------------------------------------------------------

    def build_campaign(self) -> Campaign:
        """The campaign as edited (not saved yet)."""
        rules: CampaignRules = self._campaign.rules.model_copy(
            update={
                "stress_boxes": self.stress.value(),
                "weirdness": self.weirdness.currentData(),
                "companions_have_stress": self.companions.isChecked(),
            }
        )
        return self._campaign.model_copy(
            update={
                "name": self.name.text().strip()[:200],
                "notes": self.notes.toPlainText()[:100_000],
                "rules": rules,
                "member_ids": tuple(self.member_ids()),
            }
        )

    def save(self) -> Campaign | None:
        """Save the campaign and write the guest-star novels; None when something failed."""
        from gui.commands.character_commands import ChooseGuestNovelCommand

        campaign = self.build_campaign()
        expected = self._campaign.version or None
        try:
            version = self._library.save_campaign(campaign, expected_version=expected)
        except LibraryError as exc:
            ErrorDialog.ask(self, "Cannot save the campaign", str(exc))
            return None
        campaign = campaign.model_copy(update={"version": version})
        members = {m.key: m for m in self.casting.members}
        for key, casting in self.casting.assignment.items():
            character_id = uuid.UUID(key)
            wanted = {4: casting.phase4, 5: casting.phase5}
            refs = {
                n: (
                    NovelRef(
                        title=members[k].novel,
                        author=members[k].name,
                        character_id=uuid.UUID(k),
                    )
                    if k is not None and k in members
                    else None
                )
                for n, k in wanted.items()
            }
            tab = self._window.tab_of(character_id)
            if tab is not None:
                for number, ref in refs.items():
                    current = tab.document.character.phase(number).guest_star_in
                    if current != ref:
                        tab.document.undo_stack.push(
                            ChooseGuestNovelCommand(tab.document, number, ref)
                        )
                continue
            try:
                stored = self._library.get_character(character_id)
                character = stored.character
                changed = False
                for number, ref in refs.items():
                    phase = character.phase(number)
                    if phase.guest_star_in != ref:
                        character = character.with_phase(
                            number, phase.model_copy(update={"guest_star_in": ref})
                        )
                        changed = True
                if changed:
                    self._library.save_character(
                        character, expected_version=stored.version, campaign_id=campaign.id
                    )
            except LibraryError as exc:
                ErrorDialog.ask(self, "Cannot record the guest stars", str(exc))
        return campaign

    @classmethod
    def ask(cls, window: Any, campaign_id: uuid.UUID | None) -> Campaign | None:
        """Show the dialog; on OK save and return the campaign."""
        try:
            dialog = cls(window, campaign_id)
        except LibraryError as exc:
            ErrorDialog.ask(window, "Cannot open the campaign", str(exc))
            return None
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.save()
