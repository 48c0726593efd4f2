"""Rules layer: the ART Engine as a :class:`rules.systems.registry.GameSystem`.

Binds the catalogue (gear, perks, advancement tables) and the user's Action Results Table, when
a library supplies one, to the checks and derived values of this package. Rolls read the bound
table; with none loaded they still roll d100 and the kicker and ask for the column.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.character import CharacterBase
from rules.conflict_rules import ConflictRules
from rules.errors import FatesmithError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.systems.art.catalog import ArtCatalog
from rules.systems.art.character import ArtCharacter
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.creation import (
    S_ATTRS,
    S_GEAR,
    S_GOALS,
    S_HEALTH,
    S_PERKS,
    S_SKILLS,
    validate_character,
)
from rules.systems.art.damage import DamageRecord, record_damage
from rules.systems.art.derived import ArtDerived, derive_character, health_levels
from rules.systems.art.rolls import RollOutcome, TraitRoll, roll_trait
from rules.systems.art.scale import Result, henchman_trait
from rules.systems.art.settings import ArtSettings
from rules.systems.art.table import ActionResultsTable, table_from_content, usable
from rules.systems.registry import CreationStep, ListingFacts, SystemInfo
from rules.validation import Problem

TABLE_KEY = "action-results-table"
TABLE_KIND = SystemDataKind(key=TABLE_KEY, title="Action Results Table", bundled=None)
"""The user-supplied Action Results Table: Fatesmith ships none (the book does not print it)."""

DEFAULT_SETTINGS = ArtSettings()
S_FAME = "ART Engine, Chapter 2: Fame"


def _settings(settings: SystemSettings | None) -> ArtSettings:
    if settings is None:
        return DEFAULT_SETTINGS
    assert isinstance(settings, ArtSettings)
    return settings


class ArtSystem:
    """The ART Engine (2012 edition)."""

    def __init__(
        self,
        info: SystemInfo,
        catalog: ArtCatalog,
        table: ActionResultsTable | None = None,
        table_problems: tuple[Problem, ...] = (),
    ) -> None:
        self._info = info
        self.catalog = catalog
        self._table = table
        self.table_problems = table_problems

    # -- identity -------------------------------------------------------------------------------

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """``"art"``."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """The result scale, Catastrophic 0 .. Extreme 10."""
        return self._info.ladder

    @property
    def character_type(self) -> type[CharacterBase]:
        """:class:`ArtCharacter`."""
        return ArtCharacter

    @property
    def settings_type(self) -> type[SystemSettings]:
        """:class:`ArtSettings`."""
        return ArtSettings

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """The order of Chapter 2 "Creating an Adventurer"."""
        return (
            CreationStep(
                key="attributes",
                title="Attributes",
                section=S_ATTRS,
                summary="Ten attributes, 2-12: random (2d6 each) or balanced (pairs from a list).",
            ),
            CreationStep(
                key="health",
                title="Health, Fame, Glory and Fortune",
                section=S_HEALTH,
                summary="Health from Stamina, Fame 1, Glory 0, Fortune from Fate.",
            ),
            CreationStep(
                key="gear",
                title="Gear",
                section=S_GEAR,
                summary="Armor, shield, weapons and gear costing no more than Fortune.",
            ),
            CreationStep(
                key="goals",
                title="Goals and motivation",
                section=S_GOALS,
                summary="What the adventurer wants.",
            ),
            CreationStep(
                key="skills",
                title="Starting experience and skills",
                section=S_SKILLS,
                summary="XP equal to Intelligence for skills (+1 to +4), perks and Health.",
            ),
            CreationStep(
                key="perks", title="Perks", section=S_PERKS, summary="Perks and prerequisites."
            ),
        )

    @property
    def payload_version(self) -> int:
        """ART character documents are at version 1."""
        return 1

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """The Action Results Table, supplied by the user."""
        return (TABLE_KIND,)

    # -- the table ------------------------------------------------------------------------------

    @property
    def table(self) -> ActionResultsTable | None:
        """The bound table when it has no errors, else None (rolls then ask for the column)."""
        return self._table if self._table is not None and usable(self.table_problems) else None

    @property
    def table_status(self) -> str:
        """One plain sentence on the table: loaded, loaded with errors, or none."""
        if self._table is None and not self.table_problems:
            return "No Action Results Table is loaded: rolls ask for the column off your table."
        if self.table is None:
            return (
                "The Action Results Table in this library has errors and is not used: rolls ask "
                "for the column off your table until it is corrected."
            )
        return "Action Results Table loaded."

    def with_data(self, data: Mapping[str, SystemData]) -> ArtSystem:
        """This system bound to a library's Action Results Table (checked; errors keep it
        unused)."""
        doc = data.get(TABLE_KEY)
        if doc is None or not doc.content:  # none stored, or reset to the bundled "no table"
            return ArtSystem(self._info, self.catalog)
        table, problems = table_from_content(doc.content)
        return ArtSystem(self._info, self.catalog, table, problems)

    def roll(self, spec: TraitRoll, rng: random.Random) -> RollOutcome:
        """A trait roll read on the bound table (or left for the caller's column)."""
        return roll_trait(spec, self.table, rng)

    def wound(self, character: ArtCharacter, damage: Result) -> tuple[ArtCharacter, DamageRecord]:
        """``character`` after ``damage`` is recorded on its Health track ("Recording Damage"),
        and what the hit did (staggered, defeated, shrugged off)."""
        record = record_damage(
            health_levels(character, self.catalog), character.health_checked, damage
        )
        return character.model_copy(update={"health_checked": record.checked}), record

    def henchman_trait(self, rating: Result, settings: SystemSettings | None = None) -> int:
        """The trait number a player rolls for a henchman's ``rating`` under ``settings``."""
        return henchman_trait(rating, _settings(settings).henchman_trait)

    # -- the protocol ---------------------------------------------------------------------------

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """No ART document needs upgrading yet (version 1 is the first).

        Raises:
            FatesmithError: always.
        """
        raise FatesmithError(f"no upgrade from ART character document version {version}")

    def default_settings(self) -> ArtSettings:
        """The book's defaults (no method fixed: each character records its own)."""
        return DEFAULT_SETTINGS

    def parse_settings(self, data: Mapping[str, Any] | None) -> ArtSettings:
        """ART settings from stored JSON (empty: the defaults)."""
        return ArtSettings.model_validate(dict(data)) if data else DEFAULT_SETTINGS

    def new_character(self, name: str = "") -> ArtCharacter:
        """A blank adventurer (Fame 1, as every new adventurer)."""
        return ArtCharacter(name=name)

    def skill_names(self, settings: SystemSettings | None = None) -> tuple[str, ...]:
        """The ART Engine has no fixed skill list: skills are created in play."""
        return ()

    def validate(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every creation and play rule, as problems (never raises on half-made adventurers)."""
        assert isinstance(character, ArtCharacter)
        return validate_character(character, self.catalog, _settings(settings))

    def derive(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ArtDerived:
        """Health boxes, Fame, Glory, Fortune, Defense, Attack, experience."""
        assert isinstance(character, ArtCharacter)
        return derive_character(character, self.catalog, _settings(settings))

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """Fame as the headline; skills and perks to search (perks under the library's
        ``stunt`` field: the search syntax has no ``perk`` field, and a perk is ART's stunt)."""
        assert isinstance(character, ArtCharacter)
        derived = self.derive(character, settings)
        fortune = f", {derived.fortune_name}" if derived.fortune_name else ""
        return ListingFacts(
            headline=f"Fame {character.fame}{fortune}",
            headline_rank=character.fame,
            description=character.goals.splitlines()[0][:200] if character.goals else "",
            search_entries=(
                *(("skill", s) for s in character.skills),
                *(("stunt", p.name) for p in character.perks),
            ),
        )

    def summary(self, character: CharacterBase) -> Mapping[str, Any]:
        """Old listing columns: the highest skill."""
        assert isinstance(character, ArtCharacter)
        peak_skill, peak_rating = "", 0
        if character.skills:
            peak_skill, peak_rating = max(character.skills.items(), key=lambda kv: (kv[1], kv[0]))
        return {
            "aspects": (),
            "stunts": tuple(p.name for p in character.perks),
            "peak_skill": peak_skill,
            "peak_rating": peak_rating,
            "description": character.goals,
        }

    def conflict_rules(self, settings: SystemSettings | None = None) -> ConflictRules | None:
        """Combat rounds read on the bound Action Results Table (or on the columns the user
        enters while none is loaded): :class:`ArtConflictRules`."""
        return ArtConflictRules(self.catalog, self.table, _settings(settings), self.table_status)
