"""GUI layer: the campaign dialog's "Guest stars" page, SotC's guest-star deal.

It hosts :class:`gui.systems.sotc.group_casting.GroupCastingWidget` (SotC "Phase Four: Guest
Star" / "Phase Five: Guest Star Redux") over the campaign's ticked members. When the campaign
is saved the novels the user chose here are written into the members' phases four and five:
through an undoable command when the character is open in a tab (the user then saves it),
straight through the library otherwise (the dialog lists those changes first). A choice the
user did not touch writes nothing: a member whose novel's author is not ticked shows
"— choose —" and keeps the novel stored in her phase.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

from gui.dialogs.confirm import ErrorDialog
from gui.systems.sotc.novels import CampaignNovels
from gui.workspace import Workspace
from rules.errors import FatesmithError
from rules.systems.sotc.character import NovelRef
from rules.systems.sotc.group import Casting, Member

PHASE_WORDS = {4: "Phase Four", 5: "Phase Five"}


class SotcCastingPage(QWidget):
    """Who guest-stars in whose novel (a :class:`gui.system_ui.CampaignPage`).

    Args:
        novels: The window's SotC novels reader.
        workspace: The window's library and open documents.
        parent: The parent widget.
    """

    title = "Guest stars"

    def __init__(
        self, novels: CampaignNovels, workspace: Workspace, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._novels = novels
        self._workspace = workspace
        self._stored: dict[uuid.UUID, Any] = {}
        self._cast: dict[str, dict[int, str | None]] = {}  # each member's novels as stored
        self._edited: set[tuple[str, int]] = set()  # (member key, phase) the user chose
        self._last: dict[str, Casting] = {}
        self.layout_ = QVBoxLayout(self)
        self.casting: Any = None

    def set_members(self, member_ids: Sequence[uuid.UUID]) -> None:
        """Rebuild the deal over the ticked members, keeping the choices still possible."""
        from gui.systems.sotc.group_casting import GroupCastingWidget

        ids = list(member_ids)
        facts = self._novels.member_facts(ids, self._stored)
        keys = {str(i) for i in ids}
        # A member unticked and ticked again starts over from what is stored.
        self._edited = {(k, n) for k, n in self._edited if k in keys}
        for i in ids:
            self._cast[str(i)] = dict(facts[i][2])
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
            self.layout_.removeWidget(self.casting)
            self.casting.deleteLater()
        self.casting = GroupCastingWidget(members, assignment)
        self._last = dict(assignment)
        self.casting.assignment_changed.connect(self._on_assignment_changed)
        self.layout_.addWidget(self.casting)

    def _on_assignment_changed(self, assignment: dict[str, Casting]) -> None:
        """Remember which choices the user made (by hand, by the deal, by undo)."""
        for key, casting in assignment.items():
            before = self._last.get(key, Casting())
            for number in (4, 5):
                if _owner(casting, number) != _owner(before, number):
                    self._edited.add((key, number))
        self._last = dict(assignment)

    def _writes(self) -> list[tuple[str, int, str | None]]:
        """(member key, phase, novel owner's key or None) of every choice the user made that
        differs from what the member has stored, in member order."""
        if self.casting is None:
            return []
        out = []
        for key, casting in self.casting.assignment.items():
            for number in (4, 5):
                wanted = _owner(casting, number)
                stored = self._cast.get(key, {}).get(number)
                if (key, number) in self._edited and wanted != stored:
                    out.append((key, number, wanted))
        return out

    def planned_changes(self) -> list[str]:
        """What saving writes into the members' phases four and five, one line each."""
        lines = []
        for key, number, owner in self._writes():
            name = self.casting.name_of(key)
            phase = PHASE_WORDS[number]
            tab = " (in the open tab, undoable there)"
            if self._workspace.open_document(uuid.UUID(key)) is None:
                tab = ""
            if owner is not None:
                novel = self.casting.describe_novel(owner)
                lines.append(f"{name}: {phase} guest star in “{novel}”{tab}")
            else:
                stored = self._cast.get(key, {}).get(number)
                was = (
                    f"“{self.casting.describe_novel(stored)}”"
                    if stored is not None and any(m.key == stored for m in self.casting.members)
                    else "a novel from outside this campaign"
                )
                lines.append(f"{name}: {phase} novel cleared (was {was}){tab}")
        return lines

    def apply(self, campaign_id: uuid.UUID) -> None:
        """Write the guest-star novels the user chose (open tabs get an undoable change);
        nothing else of any member changes."""
        from gui.systems.sotc.commands import ChooseGuestNovelCommand

        library = self._workspace.library
        members = {m.key: m for m in self.casting.members}
        chosen: dict[str, dict[int, str | None]] = {}
        for key, number, owner in self._writes():
            chosen.setdefault(key, {})[number] = owner
        for key, wanted in chosen.items():
            character_id = uuid.UUID(key)
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
            document = self._workspace.open_document(character_id)
            if document is not None:
                for number, ref in refs.items():
                    current = document.character.phase(number).guest_star_in
                    if current != ref:
                        document.undo_stack.push(ChooseGuestNovelCommand(document, number, ref))
                continue
            try:
                stored = library.get_character(character_id)
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
                    library.save_character(
                        character, expected_version=stored.version, campaign_id=campaign_id
                    )
            except FatesmithError as exc:
                ErrorDialog.ask(self, "Cannot record the guest stars", str(exc))


def _owner(casting: Casting, number: int) -> str | None:
    """Whose novel ``casting`` chooses in phase ``number`` (4 or 5)."""
    return casting.phase4 if number == 4 else casting.phase5
