"""GUI layer: Strange Fate's :class:`gui.system_ui.SystemUi`.

Its creation flow (the book's six steps, with the skill designer on the skills page), its
derived panel (skill points, Refresh, Power Tier, stress), its campaign settings page, and its
one rules-data editor: the Skill Trapping Diagram (Library > Rules Data), whose saved
corrections reprice every open Strange Fate character through the window's diagram hub.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from gui.system_ui import CampaignPage, NewCharacterKind, SystemDataEditor
from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem

if TYPE_CHECKING:
    from gui.documents.character_document import CharacterDocument
    from gui.documents.tab import DocumentTab
    from gui.encounter.system_prompts import GenericEncounterPrompts
    from gui.systems.strange_fate.diagram_editor import DiagramHub
    from gui.systems.strange_fate.flow import StrangeFateCreationFlow
    from gui.workspace import Workspace

KINDS = (
    NewCharacterKind(
        "standard", "&New Character", "Create a Strange Fate character (Character Creation)"
    ),
)

HUB_SERVICE = "strange-fate.diagram-hub"


def diagram_hub(workspace: Workspace) -> DiagramHub:
    """The window's diagram hub (made on first use)."""
    from gui.systems.strange_fate.diagram_editor import DiagramHub

    hub: DiagramHub = workspace.service(HUB_SERVICE, lambda: DiagramHub(workspace))
    return hub


class DiagramDataEditor:
    """Library > Rules Data > Skill Trapping Diagram (a :class:`gui.system_ui.SystemDataEditor`).

    Args:
        system: The Strange Fate rules (its id and bundled diagram).
    """

    def __init__(self, system: GameSystem) -> None:
        from rules.systems.strange_fate.system import DIAGRAM_KEY

        self.system = system
        self.key = DIAGRAM_KEY
        self.title = "Skill Trapping Diagram"

    def open_tab(self, workspace: Workspace) -> DocumentTab:
        """The diagram tab over the library's document (or the bundled one)."""
        from gui.systems.strange_fate.diagram_document import DiagramDocument
        from gui.systems.strange_fate.diagram_editor import DiagramTab

        library = workspace.library
        stored = next(d for d in library.system_documents(self.system.id) if d.key == self.key)
        bundled = next(k.bundled for k in self.system.data_kinds if k.key == self.key) or {}
        book: Any = getattr(self.system, "book")  # noqa: B009 - typed by the Strange Fate system
        document = DiagramDocument(
            stored.content,
            bundled,
            version=stored.version,
            categories={t.name: t.category for t in book.catalog.trappings},
        )
        tab = DiagramTab(document, self.system.id, self.key, workspace, diagram_hub(workspace))
        document.setParent(tab)
        return tab


class StrangeFateUi:
    """Strange Fate's pages, panels, settings page and diagram editor."""

    def __init__(self, system: GameSystem) -> None:
        self._system = system

    @property
    def system(self) -> GameSystem:
        """The Strange Fate rules."""
        return self._system

    # -- characters -------------------------------------------------------------------------------

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        """A blank character."""
        return KINDS

    def new_character(self, kind: str) -> CharacterBase:
        """A blank character with its eight aspect slots (L516-L535)."""
        from rules.systems.strange_fate.character import Aspect, StrangeFateCharacter

        character = self._system.new_character()
        assert isinstance(character, StrangeFateCharacter)
        questions = ("humble_beginnings", "follies_of_youth", "first_awakenings",
                     "mysterious_origins", "great_failing")  # fmt: skip
        aspects = (
            Aspect(kind="archetype"),
            Aspect(kind="social-class"),
            Aspect(kind="conviction"),
            *(Aspect(kind="free", question=q) for q in questions),
        )
        return character.model_copy(update={"aspects": aspects})

    def creation_flow(
        self, document: CharacterDocument, workspace: Workspace | None
    ) -> StrangeFateCreationFlow:
        """The six steps; inside a window, priced over the library's diagram."""
        from gui.systems.strange_fate.flow import StrangeFateCreationFlow
        from gui.systems.strange_fate.pricing import budgeted

        bound = _library_system(workspace, self._system.id) if workspace is not None else None
        editing = budgeted(bound if bound is not None else document.system)
        if editing is not document.system:  # never a long walk on the UI thread
            document.rebind(editing)
        if workspace is None:
            return StrangeFateCreationFlow(document)
        return StrangeFateCreationFlow(document, diagram_hub(workspace))

    def derived_panel(self, document: CharacterDocument) -> QWidget:
        """Skill points, Refresh, Power Tier, stress."""
        from gui.systems.strange_fate.flow import StrangeFateDerivedPanel

        return StrangeFateDerivedPanel(document)

    # -- campaigns --------------------------------------------------------------------------------

    def settings_title(self) -> str:
        """ "Campaign rules"."""
        return "Campaign rules"

    def settings_page(self, settings: SystemSettings | None) -> QWidget:
        """Era, Common skills, tier dice, Gifts and Flaws."""
        from gui.systems.strange_fate.settings_page import StrangeFateSettingsPage
        from rules.systems.strange_fate.settings import StrangeFateSettings

        typed = settings if isinstance(settings, StrangeFateSettings) else StrangeFateSettings()
        return StrangeFateSettingsPage(typed)

    def campaign_pages(
        self, campaign_id: uuid.UUID | None, workspace: Workspace, parent: QWidget
    ) -> tuple[CampaignPage, ...]:
        """None: the settings page says it all."""
        return ()

    def data_editors(self) -> tuple[SystemDataEditor, ...]:
        """The Skill Trapping Diagram."""
        return (DiagramDataEditor(self._system),)

    # -- encounters -------------------------------------------------------------------------------

    def encounter_prompts(self) -> GenericEncounterPrompts:
        """The generic prompts (built from Strange Fate's conflict rules: its three tracks,
        its skills) asking also for a Power Tier, a role and the group consequences
        (:mod:`gui.systems.strange_fate.encounter`)."""
        from gui.systems.strange_fate.encounter import encounter_prompts

        return encounter_prompts()


def _library_system(workspace: Workspace, system_id: str) -> GameSystem | None:
    """The library's system (bound to its corrected diagram), or None while it cannot say."""
    try:
        if not workspace.is_ready():
            return None
        system: GameSystem = workspace.library.registry.get(system_id)
    except Exception:
        return None
    return system
