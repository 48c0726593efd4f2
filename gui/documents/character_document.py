"""GUI layer: the document for one character being edited (STYLE.md "Documents").

It holds the current immutable character, its game system, the campaign's house rules and a
QUndoStack. Only commands (``gui.systems.sotc.commands``) call :meth:`replace_character`;
every change re-runs the system's validator and derived values once and caches them, so Qt
models and widgets read results instead of computing rules.
"""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from rules.character import CharacterBase
from rules.systems.registry import GameSystem
from rules.systems.sotc.prereqs import check_stunt
from rules.systems.sotc.settings import SotcSettings
from rules.validation import Problem, Severity, problems_at


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
        rules: SotcSettings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._character = character
        self._system = system
        self._rules = rules or SotcSettings()
        self.version = version
        self.campaign_id = campaign_id
        self.undo_stack = QUndoStack(self)
        self._problems: tuple[Problem, ...] = ()
        self._derived: BaseModel | None = None
        self._stunt_checks: dict[str, Any] = {}
        self._requirements: dict[str, tuple[str, ...]] = {}
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
    def rules(self) -> SotcSettings:
        """The campaign's house rules (book defaults outside a campaign)."""
        return self._rules

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
        return self._system.skill_names(self._rules)

    def stunt_check(self, name: str) -> Any:
        """Whether the catalogue stunt ``name`` could be taken now (cached per state).

        Returns:
            A :class:`rules.systems.sotc.prereqs.StuntCheck`, or None when the system has no
            stunt catalogue or the name is not in it.
        """
        key = name.casefold()
        if key not in self._stunt_checks:
            self._stunt_checks[key] = self._check_stunt(name)
        return self._stunt_checks[key]

    def stunt_requirement(self, name: str) -> tuple[str, ...]:
        """Everything catalogue stunt ``name`` requires, in plain words (cached; () if none).

        Checked against an empty character, so every machine-checkable need is listed, plus the
        ones only the GM can judge.
        """
        key = name.casefold()
        if key not in self._requirements:
            catalog = getattr(self._system, "catalog", None)
            needs: tuple[str, ...] = ()
            if catalog is not None and catalog.has_stunt(name):
                check = check_stunt(catalog, name, (), {}, weirdness=self._rules.weirdness)
                needs = (*check.reasons, *check.warnings)
            self._requirements[key] = needs
        return self._requirements[key]

    def _check_stunt(self, name: str) -> Any:
        catalog = getattr(self._system, "catalog", None)
        if catalog is None or not catalog.has_stunt(name):
            return None
        character = self._character
        taken = tuple(getattr(character, "stunt_names", tuple)())
        skills = {self._rules.book_name(k): v for k, v in character.skills.items()}
        return check_stunt(catalog, name, taken, skills, weirdness=self._rules.weirdness)

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

    def mark_saved(self, version: int) -> None:
        """Record the library version this state was saved as and mark the stack clean."""
        self.version = version
        self.undo_stack.setClean()

    def _recompute(self) -> None:
        self._problems = tuple(self._system.validate(self._character, self._rules))
        self._derived = self._system.derive(self._character, self._rules)
        self._stunt_checks = {}
