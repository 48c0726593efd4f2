"""Rules layer: Spirit of the Century as a game system (the :class:`GameSystem` it registers).

:class:`SotcSystem` answers the core's questions through the SotC modules beside it:
validation (:mod:`~rules.systems.sotc.validate`, gadgets in :mod:`~rules.systems.sotc.gadgets`),
derived values (:mod:`~rules.systems.sotc.derive`), settings
(:mod:`~rules.systems.sotc.settings`) and conflicts (:mod:`~rules.systems.sotc.conflict`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.character import CharacterBase
from rules.errors import FatesmithError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.systems.registry import CreationStep, ListingFacts, SystemInfo
from rules.systems.sotc.catalog import SotcCatalog
from rules.systems.sotc.catalog_index import CatalogIndex
from rules.systems.sotc.character import PHASE_CHAPTERS, SotcCharacter

# Re-exported: the GUI's creation pages read the creation counts from here.
from rules.systems.sotc.character import PYRAMID as PYRAMID
from rules.systems.sotc.character import STUNT_COUNT as STUNT_COUNT
from rules.systems.sotc.character import TOP_RUNG as TOP_RUNG
from rules.systems.sotc.conflict import SotcConflictRules
from rules.systems.sotc.derive import SotcDerived, derive_character
from rules.systems.sotc.sections import S_NAME, S_PHASES, S_SKILLS, S_STUNTS
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.validate import ORDINAL, SotcValidator
from rules.validation import Problem

PAYLOAD_VERSION = SotcCharacter.DOCUMENT_VERSION
"""Version of SotC character documents (1: as released; 2: advancement log, gadget base cost)."""

DEFAULT_RULES = SotcSettings()
"""The book's own settings (no house rules)."""


def play_summary(character: SotcCharacter) -> str:
    """Where a character stands in play, for the library's listing: its fate points once the
    pool is recorded (SotC "Fate Points"), checked stress boxes and consequences held
    ("3 fate points, stress 2, 1 consequence"); "" for an unhurt one with no recorded pool."""
    parts: list[str] = []
    if character.fate_points is not None:
        fp = character.fate_points
        parts.append(f"{fp} fate point{'s' if fp != 1 else ''}")
    stress = sum(character.condition.health) + sum(character.condition.composure)
    if stress:
        parts.append(f"stress {stress}")
    held = len(character.condition.consequences)
    if held:
        parts.append(f"{held} consequence{'s' if held != 1 else ''}")
    return ", ".join(parts)


def _sotc(character: CharacterBase) -> SotcCharacter:
    """``character`` as a SotC character.

    Raises:
        TypeError: when another system's character is passed (a programming error).
    """
    if not isinstance(character, SotcCharacter):
        raise TypeError(f"not a Spirit of the Century character: {type(character).__name__}")
    return character


def _settings(settings: SystemSettings | None) -> SotcSettings:
    """SotC's settings from a generic ``settings`` argument (None: the book's rules).

    Raises:
        TypeError: when another system's settings are passed (a programming error).
    """
    if settings is None:
        return DEFAULT_RULES
    if not isinstance(settings, SotcSettings):
        raise TypeError(f"not Spirit of the Century settings: {type(settings).__name__}")
    return settings


class SotcSystem:
    """Spirit of the Century, as a :class:`rules.systems.registry.GameSystem`.

    Attributes:
        catalog: The SotC catalogue (skills, stunts, packages, improvements).
    """

    def __init__(self, info: SystemInfo, catalog: SotcCatalog) -> None:
        self._info = info
        self.catalog = catalog
        self._index = CatalogIndex(catalog)
        self._validator = SotcValidator(self._index, info.ladder)

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """The id ``system.json`` gives."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """The SotC ladder (Mediocre 0, Average +1 ... Legendary +8)."""
        return self._info.ladder

    @property
    def character_type(self) -> type[CharacterBase]:
        """:class:`SotcCharacter`."""
        return SotcCharacter

    @property
    def settings_type(self) -> type[SystemSettings]:
        """SotC's campaign settings: :class:`SotcSettings` (house rules, the variant)."""
        return SotcSettings

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """Concept, the five phases, skills, stunts (SotC "Character Creation")."""
        concept = CreationStep(
            key="concept",
            title="Concept and name",
            section=S_NAME,
            summary="A pulp hero's idea and name.",
        )
        phases = tuple(
            CreationStep(
                key=f"phase{i}",
                title=f"Phase {ORDINAL[i - 1]}: {chapter}",
                section=S_PHASES,
                summary="Events and two aspects.",
            )
            for i, chapter in enumerate(PHASE_CHAPTERS, start=1)
        )
        skills = CreationStep(
            key="skills",
            title="Skills",
            section=S_SKILLS,
            summary="The pyramid: 1 Superb, 2 Great, 3 Good, 4 Fair, 5 Average.",
        )
        stunts = CreationStep(
            key="stunts", title="Stunts", section=S_STUNTS, summary="Five stunts."
        )
        return (concept, *phases, skills, stunts)

    @property
    def payload_version(self) -> int:
        """SotC character documents are at version 2 (2: the advancement log and gadgets'
        base cost)."""
        return PAYLOAD_VERSION

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """SotC has no user-editable rules data."""
        return ()

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """One upgrade step of a SotC document: version 1 to 2 writes the empty advancement
        log and an unrecorded base cost on every gadget (what a version 1 character had).

        Raises:
            FatesmithError: for any other version (there is none before 1, nothing after 2).
        """
        if version != 1:
            raise FatesmithError(f"no upgrade from SotC character document version {version}")
        out = dict(data)
        out.setdefault("advancements", [])
        gadgets = out.get("gadgets")
        if isinstance(gadgets, list):
            out["gadgets"] = [
                {**g, "base_cost": g.get("base_cost")} if isinstance(g, dict) else g
                for g in gadgets
            ]
        return out

    def default_settings(self) -> SotcSettings:
        """The book's rules."""
        return DEFAULT_RULES

    def parse_settings(self, data: Mapping[str, Any] | None) -> SotcSettings:
        """SotC settings from stored JSON (None or empty: the book's rules).

        Raises:
            pydantic.ValidationError: naming the field at fault.
        """
        return SotcSettings.model_validate(data) if data else DEFAULT_RULES

    def new_character(self, name: str = "") -> SotcCharacter:
        """A blank character (standard creation, nothing filled in)."""
        return SotcCharacter(name=name)

    def skill_names(self, settings: SystemSettings | None = None) -> tuple[str, ...]:
        """The 28 book skills, or the campaign's list (renamed/removed)."""
        return self._index.skill_names(None if settings is None else _settings(settings))

    def validate(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every rule of SotC character creation, as problems (never raises on half-made ones)."""
        return self._validator.validate(_sotc(character), _settings(settings))

    def derive(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> SotcDerived:
        """Stress boxes, fate points, refresh, initiative and friends from what is filled in."""
        return derive_character(self._index, _sotc(character), _settings(settings))

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """Peak skill as the headline; aspects, skills and stunts to search."""
        sotc = _sotc(character)
        derived = self.derive(sotc, settings)
        headline = ""
        if derived.peak_skill:
            headline = f"{derived.peak_skill} {derived.peak_rating:+d}"
        in_play = play_summary(sotc)
        if in_play:
            headline = f"{headline} \u00b7 {in_play}" if headline else in_play
        return ListingFacts(
            headline=headline,
            headline_rank=derived.peak_rating,
            description=sotc.description or sotc.concept,
            search_entries=(
                *(("aspect", a) for a in sotc.all_aspects()),
                *(("skill", s) for s in sotc.skills),
                *(("stunt", s) for s in sotc.stunt_names()),
                *(("aspect", c.text) for c in sotc.condition.consequences),  # aspects too
            ),
        )

    def conflict_rules(self, settings: SystemSettings | None = None) -> SotcConflictRules:
        """SotC's conflict rules under ``settings``."""
        return SotcConflictRules(_settings(settings), self.derive)

    def with_data(self, data: Mapping[str, SystemData]) -> SotcSystem:
        """SotC has no user-editable data: itself."""
        return self
