"""GUI layer: what a game system's GUI plug-in provides to the application's core.

Each system's ``gui/systems/<package>/plugin.py`` exposes ``PLUGIN`` (a :class:`UiPlugin`) that
builds its :class:`SystemUi`; :mod:`gui.plugins` finds it from the system's registration entry.
The core (main window, library, campaign dialog, creation flow) speaks to a system's widgets
only through these protocols.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:  # annotations only: importing this module loads no pydantic model
    from gui.documents.character_document import CharacterDocument
    from gui.documents.tab import DocumentTab
    from gui.encounter.system_prompts import EncounterPrompts
    from gui.workspace import Workspace
    from rules.character import CharacterBase
    from rules.settings import SystemSettings
    from rules.systems.registry import GameSystem
    from rules.validation import Problem


@dataclass(frozen=True)
class NewCharacterKind:
    """One way to start a character offered under File > New.

    Attributes:
        key: Passed back to :meth:`SystemUi.new_character`.
        label: The menu text (with its ``&`` shortcut letter).
        tip: The status tip, naming the book section.
    """

    key: str
    label: str
    tip: str


class StepPage(Protocol):
    """A page of a creation flow (a ``QWidget``)."""

    def focus_path(self, path: str) -> bool:
        """Focus the field of problem path ``path``; True when something took focus."""

    def first_field(self) -> QWidget | None:
        """The field a user starts with on this page."""


@dataclass(frozen=True)
class CreationStepView:
    """One step of a creation flow as the core's view shows it.

    Attributes:
        key: The step key (the system's ``CreationStep.key`` or one of its own).
        title: The step list's text.
        page: The step's page (a ``QWidget`` that is a :class:`StepPage`).
        whole: The step whose mark counts the whole character (a review page).
    """

    key: str
    title: str
    page: QWidget
    whole: bool = False


class CreationFlow(Protocol):
    """A system's creation flow for one character document: its pages and what goes where."""

    def steps(self) -> Sequence[CreationStepView]:
        """The steps in creation order (pages built once)."""

    def step_for(self, path: str) -> str:
        """The step key whose page holds the field at problem path ``path``."""

    def problem_rank(self, problem: Problem) -> int:
        """Where ``problem`` falls in the problem list (the step order of its field)."""

    def heading(self) -> tuple[str, str]:
        """The step list's heading (rich text) and its tooltip, for the current state."""

    def is_optional(self, key: str) -> bool:
        """Whether step ``key`` may stay empty for now (shown without a mark)."""


class SettingsConflict(ValueError):
    """Campaign settings that contradict themselves.

    Args:
        title: A short title for the message box.
        message: What is wrong, in words for the user.
    """

    def __init__(self, title: str, message: str) -> None:
        super().__init__(message)
        self.title = title


class SettingsPage(Protocol):
    """A system's campaign settings page (a ``QWidget``)."""

    def settings(self) -> SystemSettings:
        """The settings as edited.

        Raises:
            SettingsConflict: they contradict themselves.
        """


class CampaignPage(Protocol):
    """An extra page of the campaign dialog that a system adds (a ``QWidget``)."""

    title: str

    def set_members(self, member_ids: Sequence[uuid.UUID]) -> None:
        """The ticked members changed (in list order)."""

    def planned_changes(self) -> list[str]:
        """What :meth:`apply` would write to members' characters, one line each in the
        user's words ("Rosa: Phase Four guest star in ..."); empty when it writes nothing.

        A page writes only what the user changed on it: a member whose choices were left as
        shown keeps what is stored. The dialog shows these lines before it saves.
        """

    def apply(self, campaign_id: uuid.UUID) -> None:
        """The campaign was saved: write what the page decided (errors shown by the page)."""


class SystemDataEditor(Protocol):
    """An editor of one kind of a system's user-editable rules data (Library > Rules Data).

    Attributes:
        key: The :attr:`rules.system_data.SystemDataKind.key` it edits.
        title: The menu text ("Skill Trapping Diagram").
    """

    key: str
    title: str

    def open_tab(self, workspace: Workspace) -> DocumentTab:
        """A new tab editing the library's document of this kind.

        The tab's ``key()`` is ``("system-data", system id, key)``, so the shell focuses it
        instead of opening it twice. It edits the document through the library
        (``system_documents``, ``save_system_document``, ``reset_system_document``) with its own
        undo stack, shows whether the document is the bundled one or edited, and offers "Reset
        to bundled" as one action.
        """


class SystemUi(Protocol):
    """One game system's GUI: its editor pages, panels, settings page, campaign pages and
    encounter prompts."""

    @property
    def system(self) -> GameSystem:
        """The rules this UI edits."""

    def new_character_kinds(self) -> tuple[NewCharacterKind, ...]:
        """The ways to start a character, the usual one first."""

    def new_character(self, kind: str) -> CharacterBase:
        """A new character of ``kind`` (a :class:`NewCharacterKind` key)."""

    def creation_flow(
        self, document: CharacterDocument, workspace: Workspace | None
    ) -> CreationFlow:
        """The creation flow (also the free editor) of ``document``."""

    def derived_panel(self, document: CharacterDocument) -> QWidget | None:
        """A strip of live derived values over the editor, or None."""

    def settings_page(self, settings: SystemSettings | None) -> QWidget:
        """The campaign settings page (a :class:`SettingsPage`) showing ``settings``."""

    def settings_title(self) -> str:
        """The settings page's tab title."""

    def campaign_pages(
        self, campaign_id: uuid.UUID | None, workspace: Workspace, parent: QWidget
    ) -> tuple[CampaignPage, ...]:
        """Extra campaign dialog pages (each also a ``QWidget``), after the members."""

    def encounter_prompts(self) -> EncounterPrompts | None:
        """What the encounter window asks of this system (scene controls, the skills offered,
        the cast dialogs), or None for the generic ones built from its conflict rules."""

    def data_editors(self) -> tuple[SystemDataEditor, ...]:
        """Editors of the system's user-editable rules data (none for most systems)."""


class UiPlugin(Protocol):
    """What ``gui.systems.<package>.plugin.PLUGIN`` is."""

    def make_ui(self, system: GameSystem) -> SystemUi:
        """The system's UI, for ``system`` (already bound to the open library's data)."""
