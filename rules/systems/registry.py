"""Rules layer: the game-system protocol and the registry that holds the loaded systems.

Each system is a plug-in: a package ``rules/systems/<package>/`` whose ``PLUGIN`` (a
:class:`SystemPlugin`) builds its :class:`GameSystem` from the catalogue data that the storage
layer reads from ``resources/systems/<id>/``. The one list of systems is
``resources/systems/systems.json``; nothing in the core names a system.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from rules.character import CharacterBase
from rules.conflict_rules import ConflictRules
from rules.errors import UnknownSystemError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.validation import Problem

PayloadUpgrade = Any  # Callable[[dict[str, Any]], dict[str, Any]]; see GameSystem.upgrade_payload


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
        exchange_word: The system's word for one exchange of a conflict, lower case (the ART
            Engine's ``round``), for listings that show an encounter without loading its rules.
        condition_words: How a participant fares, in the system's words, from unharmed to out
            of the conflict (four words: none, some, much harm, out): the players' shared page
            shows the GM's characters this way when the GM hides their exact stress.
        package: The Python package of the system's plug-in in each layer
            (``rules.systems.<package>``, ``storage.systems.<package>``,
            ``gui.systems.<package>``); filled from ``resources/systems/systems.json``, None
            for a system registered with its ladder and dice only.
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
    exchange_word: str = Field(default="exchange", min_length=1, max_length=40)
    condition_words: tuple[str, str, str, str] = ("unhurt", "hurt", "badly hurt", "taken out")
    package: str | None = None


class CreationStep(BaseModel):
    """One step of a guided creation flow (for the GUI and the docs)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    title: str
    section: str
    summary: str


class ListingFacts(BaseModel):
    """What the library lists and searches for one character, whatever its system.

    Attributes:
        headline: The system-neutral listing column ("Guns Superb (+5)", "Refresh 4", ...).
        headline_rank: Sort key of the headline column (higher sorts first when descending).
        description: One line saying who the character is.
        search_entries: ``(field, text)`` pairs the search syntax can match: ``aspect``,
            ``skill``, ``stunt``, ``trapping``, ``gift``, ``perk``... (name, player, system and
            tags are added by the library).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    headline: str = ""
    headline_rank: int = 0
    description: str = ""
    search_entries: tuple[tuple[str, str], ...] = ()


class GameSystem(Protocol):
    """What every game system provides to the core (rules, storage and GUI alike).

    ``settings`` arguments take the system's own :class:`SystemSettings` subclass (None: the
    book's defaults). Validators never raise on a half-made character of the system.
    """

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
    def settings_type(self) -> type[SystemSettings]:
        """The pydantic model of this system's campaign settings."""

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """The guided creation flow, in order."""

    @property
    def payload_version(self) -> int:
        """Version of this system's character documents (stored payloads and files)."""

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """The user-editable data this system uses (empty for most systems)."""

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """One upgrade step of a character document from ``version`` to ``version + 1``.

        Raises:
            rules.errors.FatesmithError: when the document cannot be upgraded.
        """

    def default_settings(self) -> SystemSettings:
        """The book's settings (what a new campaign starts with)."""

    def parse_settings(self, data: Mapping[str, Any] | None) -> SystemSettings:
        """The settings stored as ``data`` (None or empty: the defaults).

        Raises:
            pydantic.ValidationError: naming the field at fault.
        """

    def new_character(self, name: str = "") -> CharacterBase:
        """A blank character of this system."""

    def skill_names(self, settings: SystemSettings | None = None) -> tuple[str, ...]:
        """The skill list under a campaign's settings."""

    def validate(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every problem with ``character``; never raises on incomplete characters."""

    def derive(self, character: CharacterBase, settings: SystemSettings | None = None) -> BaseModel:
        """Every derived value that can be computed from what is filled in."""

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """The library's listing columns and search entries for ``character``."""

    def conflict_rules(self, settings: SystemSettings | None = None) -> ConflictRules | None:
        """The system's conflict rules under ``settings``, or None when it has none yet."""

    def with_data(self, data: Mapping[str, SystemData]) -> GameSystem:
        """This system bound to a library's copies of its user-editable data (by kind key);
        kinds missing from ``data`` keep their bundled defaults."""


class SystemPlugin(Protocol):
    """What ``rules.systems.<package>.PLUGIN`` is: how the loader builds the system."""

    @property
    def data_files(self) -> tuple[str, ...]:
        """The catalogue files the system reads from its ``resources/systems/<id>/`` folder."""

    def build(self, info: SystemInfo, files: Mapping[str, object]) -> GameSystem:
        """The system, from its ``system.json`` and its parsed catalogue files.

        Raises:
            rules.errors.CatalogError: naming the file and field at fault.
        """


class RegistryEntry(BaseModel):
    """One line of ``resources/systems/systems.json``: a system id and its plug-in package."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=40)
    package: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]*$")


class RegistryIndex(BaseModel):
    """``resources/systems/systems.json``: the one registration point of the game systems."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = Field(ge=1)
    systems: tuple[RegistryEntry, ...]


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

    def bind(self, data: Mapping[str, Mapping[str, SystemData]]) -> SystemRegistry:
        """A registry whose systems are bound to a library's user-editable data.

        Args:
            data: System id -> kind key -> the library's document of that kind.
        """
        bound = SystemRegistry()
        for system in self._systems.values():
            own = data.get(system.id)
            bound.register(system.with_data(own) if own else system)
        for info in self._infos.values():
            bound.register_info(info)
        return bound

    def infos(self) -> tuple[SystemInfo, ...]:
        """Every recognised system."""
        return tuple(self._infos.values())
