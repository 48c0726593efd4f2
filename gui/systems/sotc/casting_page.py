"""GUI layer: the campaign dialog's "Guest stars" page, SotC's guest-star deal.

It hosts :class:`gui.systems.sotc.group_casting.GroupCastingWidget` (SotC "Phase Four: Guest
Star" / "Phase Five: Guest Star Redux") over the campaign's ticked members. When the campaign
is saved each member's chosen novels are written into its phases four and five: through an
undoable command when the character is open in a tab (the user then saves it), straight
through the library otherwise.
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
        self.layout_ = QVBoxLayout(self)
        self.casting: Any = None

    def set_members(self, member_ids: Sequence[uuid.UUID]) -> None:
        """Rebuild the deal over the ticked members, keeping the choices still possible."""
        from gui.systems.sotc.group_casting import GroupCastingWidget

        ids = list(member_ids)
        facts = self._novels.member_facts(ids, self._stored)
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
            self.layout_.removeWidget(self.casting)
            self.casting.deleteLater()
        self.casting = GroupCastingWidget(members, assignment)
        self.layout_.addWidget(self.casting)

    def apply(self, campaign_id: uuid.UUID) -> None:
        """Write each member's guest-star novels (open tabs get an undoable change)."""
        from gui.systems.sotc.commands import ChooseGuestNovelCommand

        library = self._workspace.library
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
