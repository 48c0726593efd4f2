"""GUI layer: Spirit of the Century's :class:`gui.system_ui.SystemUi`.

Its creation flow (concept, phases, skills, stunts, gadgets, review), its derived panel (stress
boxes, fate points, initiative), its campaign settings page (house rules), its extra
campaign page (the guest-star deal), the novels reader those share, and its encounter prompts.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from gui.system_ui import CampaignPage, NewCharacterKind, SystemDataEditor
from rules.character import CharacterBase
from rules.evolve import evolve
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem

if TYPE_CHECKING:
    from gui.documents.character_document import CharacterDocument
    from gui.encounter.system_prompts import EncounterPrompts
    from gui.systems.sotc.editor import SotcCreationFlow
    from gui.systems.sotc.novels import CampaignNovels
    from gui.workspace import Workspace

KINDS = (
    NewCharacterKind("standard", "&New Character", "Create a new character"),
    NewCharacterKind(
        "fast",
        "New &Fast Character",
        "Create a character on the fly (SotC, Character Creation: Fast Character Creation)",
    ),
)


class SotcUi:
    """SotC's editor pages, panels, settings page and campaign pages."""

    def __init__(self, system: GameSystem) -> None:
        self._system = system

    @property
    def system(self) -> GameSystem:
        """The SotC rules."""
        return self._system

    # -- characters -------------------------------------------------------------------------------

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        """A standard character, and one made with Fast Character Creation."""
        return KINDS

    def new_character(self, kind: str) -> CharacterBase:
        """A blank character; ``"fast"`` starts SotC's Fast Character Creation."""
        character = self._system.new_character()
        if kind == "fast":
            character = evolve(character, creation_mode="fast")
        return character

    def novels(self, workspace: Workspace) -> CampaignNovels:
        """The window's SotC novels and guest-star reader (one per window)."""
        from gui.systems.sotc.novels import CampaignNovels

        novels: CampaignNovels = workspace.service(
            "sotc.novels", lambda: CampaignNovels(workspace, self._system.id)
        )
        return novels

    def creation_flow(
        self, document: CharacterDocument, workspace: Workspace | None
    ) -> SotcCreationFlow:
        """SotC's pages, with the window's novels and casting (none without a window)."""
        from gui.systems.sotc.editor import SotcCreationFlow

        if workspace is None:
            return SotcCreationFlow(document)
        novels = self.novels(workspace)
        return SotcCreationFlow(
            document,
            novels=lambda: novels.novels_for(document),
            guest_stars=lambda: novels.guest_stars_for(document),
        )

    def derived_panel(self, document: CharacterDocument) -> QWidget:
        """Health and Composure boxes (checked as carried), fate points and refresh,
        initiative, and the book's computed numbers (companions, workspace, Scholar, Empathy
        reads, gadget quality and price)."""
        from gui.systems.sotc.widgets.derived_panel import DerivedPanel

        return DerivedPanel(document)

    # -- campaigns --------------------------------------------------------------------------------

    def settings_title(self) -> str:
        """ "House rules"."""
        return "House rules"

    def settings_page(self, settings: SystemSettings | None) -> QWidget:
        """SotC's house rules page over ``settings`` (None: the book's)."""
        from gui.systems.sotc.settings_page import SotcSettingsPage
        from rules.systems.sotc.settings import SotcSettings

        typed = settings if isinstance(settings, SotcSettings) else SotcSettings()
        return SotcSettingsPage(typed, tuple(self._system.skill_names()))

    def campaign_pages(
        self, campaign_id: uuid.UUID | None, workspace: Workspace, parent: QWidget
    ) -> tuple[CampaignPage, ...]:
        """The guest-star deal (SotC, Phase Four: Guest Star; Phase Five: Guest Star Redux)."""
        from gui.systems.sotc.casting_page import SotcCastingPage

        return (SotcCastingPage(self.novels(workspace), workspace, parent),)

    # -- encounters -------------------------------------------------------------------------------

    def encounter_prompts(self) -> EncounterPrompts:
        """The scene's "How To Do Things" and rotating-initiative switches, SotC's attack and
        defense skills, the NPC dialog's stress stunts and armor, companions' Skilled advances."""
        from gui.systems.sotc.encounter_prompts import SotcEncounterPrompts

        return SotcEncounterPrompts()

    def data_editors(self) -> tuple[SystemDataEditor, ...]:
        """None: SotC's rules data is the book's and needs no correcting."""
        return ()
