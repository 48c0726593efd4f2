"""GUI layer: the document for one character being edited (STYLE.md "Documents").

It holds the current immutable character, its game system, the campaign's settings for that
system and a QUndoStack. Only commands (each system's ``gui.systems.<package>.commands``) call
:meth:`replace_character`; every change re-runs the system's validator and derived values once
and caches them, so Qt models and widgets read results instead of computing rules. A system's
widgets keep their own per-state results in :meth:`CharacterDocument.memo`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from rules.character import CharacterBase
from rules.settings import SystemSettings
from rules.systems.registry import GameSystem
from rules.validation import Problem, Severity, problems_at

T = TypeVar("T")


class CharacterDocument(QObject):
    """Holds one character being edited: immutable state + QUndoStack.

    Signals:
        character_replaced(object): emitted after every state change, with the new character.
        problems_changed(): emitted after the cached problems and derived values were refreshed.
    """

    character_replaced = Signal(object)
    problems_changed = Signal()

    def __init__(
        self,
        character: CharacterBase,
        system: GameSystem,
        *,
        version: int | None,
        campaign_id: uuid.UUID | None = None,
        settings: SystemSettings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._character = character
        self._system = system
        self._settings = settings if settings is not None else system.default_settings()
        self.version = version
        self.campaign_id = campaign_id
        self.undo_stack = QUndoStack(self)
        self._problems: tuple[Problem, ...] = ()
        self._derived: BaseModel | None = None
        self._memo: dict[Hashable, Any] = {}
        self._kept: dict[Hashable, Any] = {}
        self._recompute()

    # -- state ------------------------------------------------------------------------------------

    @property
    def character(self) -> CharacterBase:
        """The current state (immutable; replace it through a command)."""
        return self._character

    @property
    def system(self) -> GameSystem:
        """The character's game system."""
        return self._system

    @property
    def settings(self) -> SystemSettings:
        """The campaign's settings for the system (the book's defaults outside a campaign)."""
        return self._settings

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every problem the system's validator reports for the current state (cached)."""
        return self._problems

    @property
    def derived(self) -> BaseModel:
        """The system's derived values for the current state (cached)."""
        assert self._derived is not None
        return self._derived

    def problems_at(self, path: str) -> tuple[Problem, ...]:
        """Cached problems whose path is ``path`` or lies beneath it."""
        return problems_at(self._problems, path)

    def error_count(self) -> int:
        """How many errors (not warnings) the current state has."""
        return sum(1 for p in self._problems if p.severity is Severity.ERROR)

    def skill_names(self) -> tuple[str, ...]:
        """The campaign's skill list."""
        return self._system.skill_names(self._settings)

    def memo(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``'s result for the current state, computed once (forgotten on change).

        A system's widgets keep results that depend on the character here (for instance
        whether a catalogue stunt could be taken now).
        """
        if key not in self._memo:
            self._memo[key] = make()
        result: T = self._memo[key]
        return result

    def keep(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``'s result for this document's system and settings, computed once."""
        if key not in self._kept:
            self._kept[key] = make()
        result: T = self._kept[key]
        return result

    def title(self) -> str:
        """A short title for tabs and windows: the name, or a placeholder while unnamed."""
        name = self._character.name.strip()
        return name or "Unnamed character"

    # -- mutation (commands only) -----------------------------------------------------------------

    def replace_character(self, character: CharacterBase) -> None:
        """Replace the whole state. Only undo commands call this.

        Emits ``character_replaced`` and then ``problems_changed``.
        """
        self._character = character
        self._recompute()
        self.character_replaced.emit(character)
        self.problems_changed.emit()

    def rebind(self, system: GameSystem) -> None:
        """Use ``system`` from now on (the same system bound to corrected rules data, e.g. a
        library's corrected diagram): problems and derived values are recomputed.

        Emits ``character_replaced`` (with the same character) and then ``problems_changed``.
        """
        self._system = system
        self._kept = {}
        self.replace_character(self._character)

    def mark_saved(self, version: int) -> None:
        """Record the library version this state was saved as and mark the stack clean."""
        self.version = version
        self.undo_stack.setClean()

    def _recompute(self) -> None:
        self._problems = tuple(self._system.validate(self._character, self._settings))
        self._derived = self._system.derive(self._character, self._settings)
        self._memo = {}
