"""GUI layer: the campaign dialog: name, house rules, notes, members and the guest-star deal.

The "Guest stars" page hosts the creation engineer's :class:`gui.systems.sotc.group_casting.
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
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.dialogs.confirm import ErrorDialog
from rules.errors import FatesmithError
from rules.evolve import evolve
from rules.systems.sotc.character import NovelRef
from rules.systems.sotc.group import Casting, Member
from rules.systems.sotc.settings import SotcSettings
from storage.library import Campaign, LibraryError, NewerRecordError

RULE_TIPS = {
    "weirdness": "SotC, Setting Decisions: how much weird and mad science, and how many "
    "artifacts, the world allows (the book's default is World of Adventure).",
    "stress": "Boxes each stress track starts with, before Endurance and Resolve add theirs. "
    "SotC, Resolving Attacks: 5. FATE \u201cHow To Do Things\u201d, Resolving Attacks: 3.",
    "companions": "FATE \u201cHow To Do Things\u201d, Companions: an attached companion takes "
    "hits on its own stress track in place of its character. (SotC, Companions: they have none.)",
    "rotating": "SotC, Establish Initiative \u2014 An Alternative to Skills: no initiative "
    "skill; who acts first moves round the table one seat each exchange.",
    "grit": "SotC, Concessions \u2014 Optional Rule: Grit: a named NPC takes a set number of "
    "consequences before offering a concession.",
    "fate_bonus": "SotC, Fate Points \u2014 Gain a Bonus: a fate point buys +1 on a roll; "
    "the book notes many groups leave this use out.",
    "escalating": "SotC, Compels \u2014 Escalation: after a refused compel the GM may raise "
    "the stake to two fate points, rarely three.",
    "gadget_lasts": "How long a device made up on the spot lasts: the Universal Gadget stunt "
    "(SotC, Engineering \u2014 Devices) says the session; Gadgets and Gizmos \u2014 Universal "
    "Gadgets says the adventure.",
    "skills": "SotC, Guns: the skill also covers bows and other ranged weapons, so a campaign "
    "may call it \u201cBows\u201d. SotC, Mysteries, and Setting Decisions (The World Outside "
    "Your Window): a campaign may leave Mysteries out.",
}
"""Tooltips of the house-rule switches, each naming the book section it comes from."""

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


def _settings(window: Any, campaign: Campaign) -> Any:
    """The campaign's typed settings (its system parses the stored JSON)."""
    return window.registry.get(campaign.system).parse_settings(campaign.settings)


class CampaignDialog(QDialog):
    """Create or edit one campaign of the window's library."""

    def __init__(self, window: Any, campaign_id: uuid.UUID | None) -> None:
        super().__init__(window)
        self._window = window
        self._library = window.library
        self._campaign = (
            self._library.get_campaign(campaign_id)
            if campaign_id is not None
            else Campaign(system=next(iter(window.registry)).id)
        )
        self.setWindowTitle("New campaign" if campaign_id is None else "Campaign")
        self.resize(900, 620)
        campaign = self._campaign

        self.name = QLineEdit(campaign.name)
        self.name.setPlaceholderText("The campaign's name")
        self.notes = QPlainTextEdit(campaign.notes)
        self.notes.setPlaceholderText("Notes for the group: setting, schedule, house rules\u2026")
        rules = _settings(window, campaign)
        self.weirdness = QComboBox()
        for key, label in WEIRDNESS:
            self.weirdness.addItem(label, key)
        self.weirdness.setCurrentIndex(max(0, self.weirdness.findData(rules.weirdness)))
        self.stress = QSpinBox()
        self.stress.setRange(1, 10)
        self.stress.setValue(rules.stress_boxes)
        self.companions = QCheckBox("Companions have their own stress track")
        self.companions.setChecked(rules.companions_have_stress)
        self.rotating = QCheckBox("Rotating initiative instead of skills")
        self.rotating.setChecked(rules.rotating_initiative)
        self.grit = QCheckBox("Named NPCs have grit")
        self.grit.setChecked(rules.grit)
        self.fate_bonus = QCheckBox("A fate point may buy a flat +1")
        self.fate_bonus.setChecked(rules.fate_point_bonus)
        self.escalating = QCheckBox("Compels may escalate to 2 or 3 fate points")
        self.escalating.setChecked(rules.escalating_compels)
        self.gadget_lasts = QComboBox()
        self.gadget_lasts.addItem("the rest of the session", "session")
        self.gadget_lasts.addItem("the rest of the adventure", "adventure")
        self.gadget_lasts.setCurrentIndex(
            max(0, self.gadget_lasts.findData(rules.universal_gadget_lasts))
        )
        self.skills = self._skill_table(window, campaign)
        for widget, tip in RULE_TIPS.items():
            getattr(self, widget).setToolTip(tip)
        form = QFormLayout()
        form.addRow("Name:", self.name)

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

        rules_page = self._rules_page()

        self.casting_page = QWidget()
        self.casting_layout = QVBoxLayout(self.casting_page)
        self.casting: Any = None
        self.pages = QTabWidget()
        self.pages.addTab(general, "Campaign")
        self.pages.addTab(rules_page, "House rules")
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

    # -- house rules ----------------------------------------------------------------------------

    def _skill_table(self, window: Any, campaign: Campaign) -> QTableWidget:
        """One row per book skill: in use or not, and the campaign's name for it."""
        rules = _settings(window, campaign)
        try:
            book = tuple(window.registry.get(campaign.system).skill_names())
        except (FatesmithError, AttributeError):  # a system without a skill list
            book = ()
        removed = {name.casefold() for name in rules.removed_skills}
        table = QTableWidget(len(book), 2)
        table.setHorizontalHeaderLabels(["Book skill (tick = used)", "Called in this campaign"])
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for row, skill in enumerate(book):
            used = QTableWidgetItem(skill)
            used.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            checked = skill.casefold() not in removed
            used.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            table.setItem(row, 0, used)
            table.setItem(row, 1, QTableWidgetItem(rules.renamed_skills.get(skill, skill)))
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        return table

    def _rules_page(self) -> QWidget:
        def group(title: str, rows: list[tuple[str, QWidget]]) -> QGroupBox:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for label, widget in rows:
                form.addRow(label, widget)
            return box

        left = QVBoxLayout()
        left.addWidget(group("Setting", [("Weirdness:", self.weirdness)]))
        conflicts = [("Stress boxes per track:", self.stress), ("", self.companions),
                     ("", self.rotating), ("", self.grit)]  # fmt: skip
        left.addWidget(group("Conflicts", conflicts))
        left.addWidget(group("Fate points", [("", self.fate_bonus), ("", self.escalating)]))
        left.addWidget(group("Gadgets", [("A universal gadget lasts:", self.gadget_lasts)]))
        left.addStretch(1)
        skills = QVBoxLayout()
        note = QLabel("Untick a skill the campaign does without; type a new name to rename one.")
        note.setWordWrap(True)
        skills.addWidget(note)
        skills.addWidget(self.skills, 1)
        skills_box = QGroupBox("Skills")
        skills_box.setLayout(skills)
        page = QWidget()
        layout = QHBoxLayout(page)
        layout.addLayout(left, 1)
        layout.addWidget(skills_box, 1)
        return page

    def skill_changes(self) -> tuple[dict[str, str], tuple[str, ...]]:
        """(renamed: book name -> campaign name, removed book names) from the skill table.

        Raises:
            ValueError: two skills would share a name (in words for the user).
        """
        renamed: dict[str, str] = {}
        removed: list[str] = []
        used: dict[str, str] = {}
        for row in range(self.skills.rowCount()):
            used_item, name_item = self.skills.item(row, 0), self.skills.item(row, 1)
            if used_item is None:
                continue
            book = used_item.text()
            typed = name_item.text() if name_item is not None else ""
            name = " ".join(typed.split())[:200] or book
            if used_item.checkState() != Qt.CheckState.Checked:
                removed.append(book)
                continue
            if name != book:
                renamed[book] = name
            other = used.get(name.casefold())
            if other is not None:
                raise ValueError(
                    f"\u201c{other}\u201d and \u201c{book}\u201d would both be called "
                    f"\u201c{name}\u201d"
                )
            used[name.casefold()] = book
        return renamed, tuple(removed)

    def accept(self) -> None:
        """Refuse to close while the house rules contradict themselves."""
        try:
            self.skill_changes()
        except ValueError as exc:
            ErrorDialog.ask(self, "Skill names clash", str(exc))
            self.pages.setCurrentIndex(1)
            return
        super().accept()

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
        from gui.systems.sotc.group_casting import GroupCastingWidget

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
        renamed, removed = self.skill_changes()
        rules: SotcSettings = evolve(
            _settings(self._window, self._campaign),
            weirdness=self.weirdness.currentData(),
            stress_boxes=self.stress.value(),
            companions_have_stress=self.companions.isChecked(),
            rotating_initiative=self.rotating.isChecked(),
            grit=self.grit.isChecked(),
            fate_point_bonus=self.fate_bonus.isChecked(),
            escalating_compels=self.escalating.isChecked(),
            universal_gadget_lasts=self.gadget_lasts.currentData(),
            renamed_skills=renamed,
            removed_skills=removed,
        )
        return self._campaign.model_copy(
            update={
                "name": self.name.text().strip()[:200],
                "notes": self.notes.toPlainText()[:100_000],
                "settings": rules.model_dump(mode="json"),
                "member_ids": tuple(self.member_ids()),
            }
        )

    def save(self) -> Campaign | None:
        """Save the campaign and write the guest-star novels; None when something failed."""
        from gui.systems.sotc.commands import ChooseGuestNovelCommand

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
        except NewerRecordError as exc:
            ErrorDialog.ask(
                window,
                "Campaign from a newer Fatesmith",
                f"{exc}.\n\nIt stays in the library as it is: this version can list it and "
                "its members, but cannot open or change it.",
            )
            return None
        except FatesmithError as exc:  # LibraryError (damaged, deleted elsewhere) and the like
            ErrorDialog.ask(
                window,
                "Cannot open the campaign",
                f"{exc}.\n\nIts members can still be opened; the campaign itself cannot be "
                "edited until it is repaired (or deleted and made again).",
            )
            return None
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.save()
