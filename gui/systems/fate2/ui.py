"""GUI layer: FATE 2.0's :class:`gui.system_ui.SystemUi`.

Its creation flow (concept, the phase-by-phase builder, aspects, skills, extras, fate points,
goal), its derived panel (ranks, fate points, peak, aspect levels, wound track), its campaign
settings page (creation rules and the skill list) and its ways to start a character: blank, or
a quick NPC from the Pyramid Shorthand (§10); its encounter prompts (the defender's blow back).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from gui.system_ui import CampaignPage, NewCharacterKind
from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem

if TYPE_CHECKING:
    from gui.documents.character_document import CharacterDocument
    from gui.systems.fate2.encounter_prompts import Fate2EncounterPrompts
    from gui.systems.fate2.flow import Fate2CreationFlow
    from gui.workspace import Workspace
    from rules.systems.fate2.character import Fate2Phase
    from rules.systems.fate2.settings import Fate2Settings
    from rules.systems.fate2.system import Fate2System

KINDS = (
    NewCharacterKind("standard", "&New Character", "Create a FATE 2.0 character phase by phase"),
    NewCharacterKind(
        "quick-npc",
        "New &Quick NPC\u2026",
        "An NPC whose phases buy the Pyramid Shorthand (FATE 2.0, 10. Utilities)",
    ),
)


class Fate2Ui:
    """FATE 2.0's pages, panels and settings page."""

    def __init__(self, system: GameSystem) -> None:
        self._system = system

    @property
    def system(self) -> GameSystem:
        """The FATE 2.0 rules."""
        return self._system

    def _fate2(self) -> Fate2System:
        from rules.systems.fate2.system import Fate2System

        assert isinstance(self._system, Fate2System)
        return self._system

    def _settings(self, settings: SystemSettings | None) -> Fate2Settings:
        from rules.systems.fate2.settings import Fate2Settings

        if isinstance(settings, Fate2Settings):
            return settings
        return self._fate2().default_settings()

    # -- characters -------------------------------------------------------------------------------

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        """A blank character, or a quick NPC."""
        return KINDS

    def new_character(self, kind: str) -> CharacterBase:
        """A blank character; ``"quick-npc"`` asks for phases and skills first (its "Start
        blank" button gives a blank character)."""
        from gui.systems.fate2.commands import rebuilt_character

        character = self._system.new_character()
        if kind != "quick-npc":
            return character
        phases = self.ask_quick_npc(None, None, "Start blank")
        if phases is None:
            return character
        return rebuilt_character(self._fate2(), self._settings(None), character, phases)

    def ask_quick_npc(
        self, parent: QWidget | None, settings: SystemSettings | None, cancel: str = "Cancel"
    ) -> tuple[Fate2Phase, ...] | None:
        """The quick NPC dialog; its phases, or None."""
        from gui.systems.fate2.quick_npc import QuickNpcDialog

        return QuickNpcDialog.ask(parent, self._fate2(), self._settings(settings), cancel)

    def creation_flow(
        self, document: CharacterDocument, workspace: Workspace | None
    ) -> Fate2CreationFlow:
        """FATE 2.0's pages (the builder's Quick NPC button asks with the campaign's rules)."""
        from gui.systems.fate2.flow import Fate2CreationFlow

        return Fate2CreationFlow(
            document, quick_npc=lambda parent: self.ask_quick_npc(parent, document.settings)
        )

    def derived_panel(self, document: CharacterDocument) -> QWidget:
        """Ranks, fate points, peak, aspect levels, wound track."""
        from gui.systems.fate2.flow import Fate2DerivedPanel

        return Fate2DerivedPanel(document)

    # -- campaigns --------------------------------------------------------------------------------

    def settings_title(self) -> str:
        """ "Creation rules"."""
        return "Creation rules"

    def settings_page(self, settings: SystemSettings | None) -> QWidget:
        """The creation rules and skill list over ``settings`` (None: the book's)."""
        from gui.systems.fate2.settings_page import Fate2SettingsPage

        system = self._fate2()
        return Fate2SettingsPage(
            self._settings(settings), system.catalog.sample_list, system.ladder
        )

    def campaign_pages(
        self, campaign_id: uuid.UUID | None, workspace: Workspace, parent: QWidget
    ) -> tuple[CampaignPage, ...]:
        """None: FATE 2.0 campaigns need no page beyond the settings."""
        return ()

    # -- encounters -------------------------------------------------------------------------------

    def encounter_prompts(self) -> Fate2EncounterPrompts:
        """The generic prompts, built from FATE 2.0's conflict rules (its wound track and skill
        list), plus the defender's blow back (§8 Exchange Based Fights)."""
        from gui.systems.fate2.encounter_prompts import Fate2EncounterPrompts

        return Fate2EncounterPrompts()

    # -- rules data -------------------------------------------------------------------------------

    def data_editors(self) -> tuple[()]:
        """None: FATE 2.0's data is the GM's skill list, edited with the campaign settings."""
        return ()
