"""Rules layer: FATE 2.0 as a :class:`rules.systems.registry.GameSystem`.

Ties the model (:mod:`.character`), the campaign settings (:mod:`.settings`), the validators
(:mod:`.checks`), the derived values (:mod:`.derive`) and the quick-NPC generator
(:mod:`.shorthand`) to the bundled data (:mod:`.catalog`); its conflicts are
:class:`.conflict.Fate2ConflictRules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.character import CharacterBase
from rules.conflict_rules import ConflictRules
from rules.errors import FatesmithError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.systems.fate2.catalog import Fate2Catalog
from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.checks import (
    S_ASPECTS,
    S_BUYING,
    S_CREATION,
    S_PHASES,
    validate_character,
)
from rules.systems.fate2.conflict import Fate2ConflictRules
from rules.systems.fate2.derive import Fate2Derived, derive_character
from rules.systems.fate2.resolve import Resolved
from rules.systems.fate2.settings import Fate2Settings, SkillShape
from rules.systems.fate2.shorthand import fill_pyramid, quick_pyramid
from rules.systems.registry import CreationStep, ListingFacts, SystemInfo
from rules.validation import Problem

DEFAULT_SETTINGS = Fate2Settings()

S_FATE_POINTS = "FATE 2.0, 2. Character Creation: Fate Points"
S_GOAL = "FATE 2.0, 2. Character Creation: Select Character Goal"


def _settings(settings: SystemSettings | None) -> Fate2Settings:
    """FATE 2.0's settings from a generic argument (None: the book's defaults)."""
    if settings is None:
        return DEFAULT_SETTINGS
    assert isinstance(settings, Fate2Settings)
    return settings


class Fate2System:
    """FATE 2.0 (Fantastic Adventures in Tabletop Entertainment), as a game system."""

    def __init__(self, info: SystemInfo, catalog: Fate2Catalog) -> None:
        self._info = info
        self.catalog = catalog

    # -- identity ---------------------------------------------------------------------------

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """``"fate2"``."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """The FATE 2.0 ladder (Abysmal -4 ... Average 0 ... Legendary +6)."""
        return self._info.ladder

    @property
    def character_type(self) -> type[CharacterBase]:
        """:class:`Fate2Character`."""
        return Fate2Character

    @property
    def settings_type(self) -> type[SystemSettings]:
        """:class:`Fate2Settings` (phases, ranks, skill list, options)."""
        return Fate2Settings

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """§2 Character Creation: overview and concept, the phases, fate points, the goal."""
        return (
            CreationStep(
                key="concept",
                title="Concept and name",
                section=S_CREATION,
                summary="A simple idea to grow through the phases.",
            ),
            CreationStep(
                key="phases",
                title="Phases",
                section=S_PHASES,
                summary="Each phase: an aspect level and its skill ranks, one tick a rank; the "
                "pyramid balances at the end of every phase.",
            ),
            CreationStep(
                key="aspects",
                title="Aspects",
                section=S_ASPECTS,
                summary="The aspects taken, with their levels.",
            ),
            CreationStep(
                key="skills",
                title="Skills",
                section=S_BUYING,
                summary="The skills the ticks bought, on the ladder.",
            ),
            CreationStep(
                key="fate-points",
                title="Fate points",
                section=S_FATE_POINTS,
                summary="Half the number of phases, rounded up, unless the GM says otherwise.",
            ),
            CreationStep(
                key="goal",
                title="Goal",
                section=S_GOAL,
                summary="The next aspect the character is after (may stay blank).",
            ),
        )

    @property
    def payload_version(self) -> int:
        """FATE 2.0 character documents are at version 1."""
        return 1

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """None: the skill list is a campaign setting, not library data."""
        return ()

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """No FATE 2.0 document needs upgrading yet (version 1 is the first).

        Raises:
            FatesmithError: always: there is no earlier version to upgrade from.
        """
        raise FatesmithError(f"no upgrade from FATE 2.0 character document version {version}")

    # -- settings -----------------------------------------------------------------------------

    def default_settings(self) -> Fate2Settings:
        """The book's settings with its sample skill list filled in (§10 A Sample List)."""
        return DEFAULT_SETTINGS.model_copy(update={"skills": self.catalog.sample_list})

    def parse_settings(self, data: Mapping[str, Any] | None) -> Fate2Settings:
        """Settings from stored JSON (empty: :meth:`default_settings`).

        Raises:
            pydantic.ValidationError: naming the field at fault.
        """
        return Fate2Settings.model_validate(data) if data else self.default_settings()

    def resolve(self, settings: SystemSettings | None = None) -> Resolved:
        """``settings`` with the skill list in force filled in."""
        return Resolved(_settings(settings), self.catalog.sample_list)

    def skill_names(self, settings: SystemSettings | None = None) -> tuple[str, ...]:
        """The campaign's skill list (the book's sample list by default)."""
        return tuple(s.name for s in self.resolve(settings).skills)

    # -- characters ---------------------------------------------------------------------------

    def new_character(self, name: str = "") -> Fate2Character:
        """A blank character (no phases yet)."""
        return Fate2Character(name=name)

    def validate(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every problem with ``character``; never raises on half-made characters."""
        assert isinstance(character, Fate2Character)
        resolved = self.resolve(settings).for_character(character)
        return validate_character(character, resolved, self.ladder)

    def derive(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> Fate2Derived:
        """Ranks, fate points, peak, pyramid by phase, wound track."""
        assert isinstance(character, Fate2Character)
        return derive_character(character, self.resolve(settings).for_character(character))

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """The peak skill as the headline ("Knife Great (+3)"); aspects, skills, extras and
        the goal to search.

        The library's search fields are the core's (``storage.search_syntax``): the goal is
        searched as an aspect (the next one the character takes) and extras as description
        text (FATE 2.0 has no stunts; plain words find them).
        """
        assert isinstance(character, Fate2Character)
        derived = self.derive(character, settings)
        headline = ""
        if derived.peak is not None:
            headline = f"{derived.peak_skill} {self.ladder.render(derived.peak)}"
        return ListingFacts(
            headline=headline,
            headline_rank=derived.peak if derived.peak is not None else -100,
            description=character.concept,
            search_entries=(
                *(("aspect", a.name) for a in character.aspects if a.name.strip()),
                *(("skill", s) for s in character.skills if s.strip()),
                *(("description", e.name) for e in character.extras if e.name.strip()),
                *((("aspect", character.goal),) if character.goal.strip() else ()),
            ),
        )

    def summary(self, character: CharacterBase) -> Mapping[str, Any]:
        """Old listing columns (peak skill)."""
        assert isinstance(character, Fate2Character)
        derived = self.derive(character)
        return {
            "aspects": tuple(a.name for a in character.aspects),
            "stunts": (),
            "peak_skill": derived.peak_skill,
            "peak_rating": derived.peak if derived.peak is not None else 0,
            "description": character.concept,
        }

    def conflict_rules(self, settings: SystemSettings | None = None) -> ConflictRules | None:
        """FATE 2.0's conflicts under ``settings``: 4dF, Table 1's outcomes on the wound track
        (:mod:`.conflict`)."""
        s = self.default_settings() if settings is None else _settings(settings)
        return Fate2ConflictRules(s, self.catalog.sample_list)

    def with_data(self, data: Mapping[str, SystemData]) -> Fate2System:
        """FATE 2.0 has no user-editable data: itself."""
        return self

    # -- quick NPCs ---------------------------------------------------------------------------

    def quick_pyramid(
        self,
        phases: int,
        settings: SystemSettings | None = None,
        shape: SkillShape | None = None,
    ) -> dict[int, int]:
        """A valid skill shape (rung -> count) for a quick NPC of ``phases`` phases (§10 Pyramid
        Shorthand), at the campaign's ranks per phase and shape."""
        s = _settings(settings)
        return quick_pyramid(
            phases,
            self.catalog.shorthand,
            self.catalog.shorthand_ranks,
            s.ranks_per_phase,
            shape or s.skill_shape,
        )

    def quick_npc_skills(
        self, phases: int, names: tuple[str, ...], settings: SystemSettings | None = None
    ) -> dict[str, int]:
        """:meth:`quick_pyramid` filled with ``names``, highest rung first."""
        return fill_pyramid(self.quick_pyramid(phases, settings), names)
