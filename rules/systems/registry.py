"""Rules layer: the game-system protocol and the registry that holds the loaded systems.

Each system is a plug-in: a module under ``rules/systems`` implementing :class:`GameSystem`,
built from catalogue data that the storage layer reads from ``resources/systems/<id>/``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from rules.campaign import CampaignRules
from rules.character import CharacterBase
from rules.errors import UnknownSystemError
from rules.ladder import Ladder
from rules.validation import Problem


class SystemInfo(BaseModel):
    """The ``system.json`` of a system folder: identity and ladder.

    Attributes:
        version: Format version of the file.
        id: System id (``sotc``, ``strange-fate``, ``fate2``, ``art``).
        name: Display name.
        ladder: The system's adjective ladder.
        default_skill: Rating of a skill the character has not taken.
        dice: The standard roll, as a dice expression.
        implemented: Whether character rules exist yet (others still have a ladder and dice).
        source: Book title and licence line, for About boxes and sheets.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = Field(ge=1)
    id: str
    name: str
    ladder: Ladder
    default_skill: int = 0
    dice: str = "4dF"
    implemented: bool = False
    source: str = ""


class CreationStep(BaseModel):
    """One step of a guided creation flow (for the GUI and the docs)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    title: str
    section: str
    summary: str


@runtime_checkable
class GameSystem(Protocol):
    """What every system module provides."""

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""

    @property
    def id(self) -> str:
        """The system id."""

    @property
    def ladder(self) -> Ladder:
        """The system's ladder."""

    @property
    def character_type(self) -> type[CharacterBase]:
        """The pydantic model of this system's characters."""

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """The guided creation flow, in order."""

    def skill_names(self, rules: CampaignRules | None = None) -> tuple[str, ...]:
        """The skill list under a campaign's settings."""

    def validate(
        self, character: CharacterBase, rules: CampaignRules | None = None
    ) -> tuple[Problem, ...]:
        """Every problem with ``character``; never raises on incomplete characters."""

    def derive(self, character: CharacterBase, rules: CampaignRules | None = None) -> BaseModel:
        """Every derived value that can be computed from what is filled in."""

    def summary(self, character: CharacterBase) -> Mapping[str, Any]:
        """Searchable text and listing columns: aspects, stunts, peak skill."""


class LadderOnlySystem:
    """A recognised system whose character rules are not implemented yet: ladder and dice only."""

    def __init__(self, info: SystemInfo) -> None:
        self._info = info

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """The system id."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """The system's ladder."""
        return self._info.ladder


class SystemRegistry:
    """The loaded systems, by id. Built once by the composition root."""

    def __init__(self) -> None:
        self._systems: dict[str, GameSystem] = {}
        self._infos: dict[str, SystemInfo] = {}

    def register(self, system: GameSystem) -> None:
        """Add a fully implemented system."""
        self._systems[system.id] = system
        self._infos[system.id] = system.info

    def register_info(self, info: SystemInfo) -> None:
        """Record a system that has a ladder but no character rules yet."""
        self._infos.setdefault(info.id, info)

    def get(self, system_id: str) -> GameSystem:
        """The implemented system ``system_id``.

        Raises:
            UnknownSystemError: naming the known systems, or saying the rules are not there yet.
        """
        if system_id in self._systems:
            return self._systems[system_id]
        if system_id in self._infos:
            raise UnknownSystemError(
                f"the {self._infos[system_id].name} ({system_id}) character rules are not "
                "available in this version of Fatesmith yet"
            )
        known = ", ".join(sorted(self._infos))
        raise UnknownSystemError(f"unknown game system {system_id!r} (known: {known})")

    def info(self, system_id: str) -> SystemInfo:
        """Identity and ladder of any recognised system."""
        try:
            return self._infos[system_id]
        except KeyError:
            known = ", ".join(sorted(self._infos))
            raise UnknownSystemError(
                f"unknown game system {system_id!r} (known: {known})"
            ) from None

    def is_implemented(self, system_id: str) -> bool:
        """Whether character rules exist for ``system_id``."""
        return system_id in self._systems

    def __iter__(self) -> Iterator[GameSystem]:
        return iter(self._systems.values())

    def infos(self) -> tuple[SystemInfo, ...]:
        """Every recognised system."""
        return tuple(self._infos.values())
