"""GUI layer: the ART Engine's :class:`gui.system_ui.SystemUi`.

Its creation flow (adventurer, attributes by either method, Health/Fame/Glory/Fortune with
treasures and trophies, gear pickers, goals, starting skills, perks), its derived panel with
the dice panel behind its Roll button, its campaign settings page, and its one editor of rules
data: the Action Results Table the user supplies (ART Engine, Chapter 2 "Creating an
Adventurer"; Chapter 3 "Using the ART").
"""

from __future__ import annotations

import random
import uuid
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from gui.system_ui import CampaignPage, NewCharacterKind
from rules.character import CharacterBase
from rules.errors import FatesmithError
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem

if TYPE_CHECKING:
    from gui.documents.character_document import CharacterDocument
    from gui.systems.art.dice_panel import ArtDiceDialog
    from gui.systems.art.encounter import ArtEncounterPrompts
    from gui.systems.art.flow import ArtCreationFlow, ArtDerivedPanel
    from gui.systems.art.table_editor import ArtTableEditor
    from gui.workspace import Workspace
    from rules.systems.art.system import ArtSystem

KINDS = (
    NewCharacterKind(
        "standard",
        "&New Adventurer",
        "Create an ART Engine adventurer (ART Engine, Chapter 2: Creating an Adventurer)",
    ),
)


class ArtUi:
    """The ART Engine's pages, panels, settings page and table editor.

    Args:
        system: The ART rules (bound to the open library's table, or to none).
        rng: The dice of the random attribute method and the dice panel (None: fresh ones;
            tests inject a seeded generator).
    """

    def __init__(self, system: GameSystem, rng: random.Random | None = None) -> None:
        self._system = system
        self.rng = rng
        self._workspace: Workspace | None = None

    @property
    def system(self) -> GameSystem:
        """The ART rules."""
        return self._system

    def _art(self) -> ArtSystem:
        from rules.systems.art.system import ArtSystem

        assert isinstance(self._system, ArtSystem)
        return self._system

    def current_system(self) -> ArtSystem:
        """The ART rules bound to the library's table as it is now (a table saved since this
        UI was made is read), else the rules this UI was made with."""
        from rules.systems.art.system import ArtSystem

        if self._workspace is not None:
            try:
                system = self._workspace.library.registry.get(self._system.id)
            except (FatesmithError, AttributeError):
                system = None
            if isinstance(system, ArtSystem):
                return system
        return self._art()

    # -- characters -------------------------------------------------------------------------------

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        """A new adventurer."""
        return KINDS

    def new_character(self, kind: str) -> CharacterBase:
        """A blank adventurer (Fame 1)."""
        return self._system.new_character()

    def creation_flow(
        self, document: CharacterDocument, workspace: Workspace | None
    ) -> ArtCreationFlow:
        """The ART pages over ``document``."""
        from gui.systems.art.flow import ArtCreationFlow

        if workspace is not None:
            self._workspace = workspace
        return ArtCreationFlow(document, self.rng)

    def derived_panel(self, document: CharacterDocument) -> ArtDerivedPanel:
        """Health boxes, Fame, Glory, Fortune, Defense, XP left, and the Roll button."""
        from gui.systems.art.flow import ArtDerivedPanel

        return ArtDerivedPanel(document, lambda parent: self.open_dice(document, parent))

    def dice_dialog(self, document: CharacterDocument, parent: QWidget | None) -> ArtDiceDialog:
        """The dice panel over the adventurer of ``document``, reading the current table."""
        from gui.systems.art.dice_panel import ArtDiceDialog
        from rules.systems.art.character import ArtCharacter

        character = document.character
        return ArtDiceDialog(
            self.current_system(),
            character if isinstance(character, ArtCharacter) else None,
            self.rng,
            parent,
        )

    def open_dice(self, document: CharacterDocument, parent: QWidget | None) -> Any:
        """Show the dice panel (not modal: the editor stays usable)."""
        dialog = self.dice_dialog(document, parent)
        dialog.show()
        return dialog

    # -- campaigns --------------------------------------------------------------------------------

    def settings_title(self) -> str:
        """ "ART Engine rules"."""
        return "ART Engine rules"

    def settings_page(self, settings: SystemSettings | None) -> QWidget:
        """The narrator's choices over ``settings`` (None: the book's)."""
        from gui.systems.art.settings_page import ArtSettingsPage
        from rules.systems.art.settings import ArtSettings

        typed = settings if isinstance(settings, ArtSettings) else self._art().default_settings()
        return ArtSettingsPage(typed)

    def campaign_pages(
        self, campaign_id: uuid.UUID | None, workspace: Workspace, parent: QWidget
    ) -> tuple[CampaignPage, ...]:
        """None: the ART Engine needs no campaign page beyond its settings."""
        return ()

    # -- rules data -------------------------------------------------------------------------------

    def data_editors(self) -> tuple[ArtTableEditor, ...]:
        """The Action Results Table editor (Library > Rules Data)."""
        from gui.systems.art.table_editor import ArtTableEditor

        return (ArtTableEditor(self._system.id),)

    # -- encounters -------------------------------------------------------------------------------

    def encounter_prompts(self) -> ArtEncounterPrompts:
        """The table box, the foe dialog and the traits the dice panel offers."""
        from gui.systems.art.encounter import ArtEncounterPrompts

        return ArtEncounterPrompts()
