"""Rules layer: Strange Fate as a :class:`rules.systems.registry.GameSystem`.

The system is bound to one Skill Trapping Diagram: the bundled reconstruction, or a library's
corrected copy (``with_data``), so a correction to the diagram changes every designed skill's
cost. Validation and derived values live in :mod:`.validate` and :mod:`.derive`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rules.character import CharacterBase
from rules.conflict_rules import ConflictRules
from rules.errors import CatalogError, FatesmithError
from rules.ladder import Ladder
from rules.settings import SystemSettings
from rules.system_data import SystemData, SystemDataKind
from rules.systems.registry import CreationStep, ListingFacts, SystemInfo
from rules.systems.strange_fate.book import StrangeFateBook, finish_pricing
from rules.systems.strange_fate.catalog import SampleSkill
from rules.systems.strange_fate.character import (
    Aspect,
    DesignedSkill,
    SkillDrawback,
    StrangeFateCharacter,
)
from rules.systems.strange_fate.conflict import StrangeFateConflictRules
from rules.systems.strange_fate.creation import tier_index
from rules.systems.strange_fate.derive import StrangeFateDerived, derive
from rules.systems.strange_fate.diagram import parse_diagram
from rules.systems.strange_fate.settings import DEFAULT_SETTINGS, StrangeFateSettings
from rules.systems.strange_fate.tiers import rating_label
from rules.systems.strange_fate.validate import validate
from rules.validation import Problem

DIAGRAM_KEY = "trapping-diagram"
S = "Strange Fate, Character Creation"


def _settings(settings: SystemSettings | None) -> StrangeFateSettings:
    if settings is None:
        return DEFAULT_SETTINGS
    assert isinstance(settings, StrangeFateSettings)
    return settings


class StrangeFateSystem:
    """Strange Fate, as a :class:`rules.systems.registry.GameSystem`.

    Args:
        info: ``system.json``.
        book: The rules data, bound to a diagram.
        bundled_diagram: The bundled ``diagram.json`` document (the user-editable data's
            default).
        data_problem: Why a library's diagram could not be used (the bundled one is then).
        budget: The search steps :meth:`validate` and :meth:`derive` may spend on a designed
            skill's walk that is not cached yet (None: no cap, always exact); over it the skill
            is "still being priced" until :meth:`finish_pricing` has cached it.
    """

    def __init__(
        self,
        info: SystemInfo,
        book: StrangeFateBook,
        bundled_diagram: dict[str, Any],
        data_problem: str | None = None,
        budget: int | None = None,
    ) -> None:
        self._info = info
        self.book = book
        self._bundled = bundled_diagram
        self.data_problem = data_problem
        self.budget = budget

    def with_budget(self, budget: int | None) -> StrangeFateSystem:
        """This system (the same book and its cache) answering :meth:`validate` and
        :meth:`derive` within ``budget`` search steps per uncached walk: for a caller that
        must not wait (the editor, on the UI thread); None: exact, however long."""
        if budget == self.budget:
            return self
        return StrangeFateSystem(self._info, self.book, self._bundled, self.data_problem, budget)

    def finish_pricing(self, character: CharacterBase) -> int:
        """Price every designed skill of ``character`` without a budget, into the book's cache
        (slow on a tangled corrected diagram: call it on a worker thread); how many."""
        assert isinstance(character, StrangeFateCharacter)
        return finish_pricing(self.book, character)

    @property
    def info(self) -> SystemInfo:
        """Identity and ladder."""
        return self._info

    @property
    def id(self) -> str:
        """``"strange-fate"``."""
        return self._info.id

    @property
    def ladder(self) -> Ladder:
        """Terrible (-2) to Divine (+10) («The Adjective Ladder», L408-L428)."""
        return self._info.ladder

    @property
    def character_type(self) -> type[CharacterBase]:
        """:class:`StrangeFateCharacter`."""
        return StrangeFateCharacter

    @property
    def settings_type(self) -> type[SystemSettings]:
        """:class:`StrangeFateSettings`."""
        return StrangeFateSettings

    @property
    def creation_steps(self) -> tuple[CreationStep, ...]:
        """The six steps of «Character Creation» (L331-L346), in the book's order."""
        return (
            CreationStep(
                key="archetype",
                title="Archetype and Social Class",
                section=f"{S}: Pick Archetype and Social Class",
                summary="Archetype, Social Class and first Conviction, each with an aspect.",
            ),
            CreationStep(
                key="questions",
                title="The Five Questions",
                section=f"{S}: The Five Questions",
                summary="Humble Beginnings to Great Failing.",
            ),
            CreationStep(
                key="skills",
                title="Skills",
                section=f"{S}: Buy Skills",
                summary="30 skill points for Common, Unique and Strange skills; Power Tiers "
                "cost Refresh.",
            ),
            CreationStep(
                key="aspects",
                title="Aspects",
                section=f"{S}: Define Aspects",
                summary="Five Free aspects, some turned into Complications or Convictions.",
            ),
            CreationStep(
                key="gifts",
                title="Gifts",
                section=f"{S}: Buy Gifts",
                summary="One Gift free; each more costs 1 Refresh.",
            ),
            CreationStep(
                key="details",
                title="Refine details",
                section=f"{S}: Refine Details",
                summary="Stress tracks, consequences, Adjusted Refresh.",
            ),
        )

    @property
    def payload_version(self) -> int:
        """Strange Fate character documents are at version 1."""
        return 1

    @property
    def data_kinds(self) -> tuple[SystemDataKind, ...]:
        """The Skill Trapping Diagram, which the user may correct."""
        return (
            SystemDataKind(
                key=DIAGRAM_KEY, title="Skill Trapping Diagram", bundled=dict(self._bundled)
            ),
        )

    def upgrade_payload(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """No document needs upgrading yet (version 1 is the first).

        Raises:
            FatesmithError: always.
        """
        raise FatesmithError(f"no upgrade from Strange Fate character document version {version}")

    def default_settings(self) -> StrangeFateSettings:
        """The book's defaults (no era chosen yet)."""
        return DEFAULT_SETTINGS

    def parse_settings(self, data: Mapping[str, Any] | None) -> StrangeFateSettings:
        """Settings from stored JSON (empty: the defaults).

        Raises:
            pydantic.ValidationError: naming the field at fault.
        """
        return StrangeFateSettings.model_validate(data) if data else DEFAULT_SETTINGS

    def new_character(self, name: str = "") -> StrangeFateCharacter:
        """A blank character."""
        return StrangeFateCharacter(name=name)

    def skill_names(self, settings: SystemSettings | None = None) -> tuple[str, ...]:
        """The Common skills (none when the campaign drops them)."""
        if not _settings(settings).common_skills:
            return ()
        era = _settings(settings).era
        return tuple(
            c.name
            for c in self.book.catalog.common_skills
            if c.eras is None or era is None or era in c.eras
        )

    def validate(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> tuple[Problem, ...]:
        """Every rule of Strange Fate creation (digest 5.9); never raises on half-made ones."""
        assert isinstance(character, StrangeFateCharacter)
        return validate(self.book, character, _settings(settings), self.budget)

    def derive(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> StrangeFateDerived:
        """Skill points, Refresh, skill costs, power tier, stress and consequences."""
        assert isinstance(character, StrangeFateCharacter)
        return derive(self.book, character, _settings(settings), self.budget)

    def listing(
        self, character: CharacterBase, settings: SystemSettings | None = None
    ) -> ListingFacts:
        """The power tier and top skill as the headline; aspects, skills, trappings (as skills)
        and Gifts (as stunts) to search; Archetype and Social Class are the description."""
        assert isinstance(character, StrangeFateCharacter)
        derived = self.derive(character, settings)
        headline = ""
        if derived.top_skill:
            top = derived.top_skill
            headline = f"{top} {rating_label(derived.top_rating, character.tier_of(top))}"
            if derived.power_tier != "Mundane":
                headline = f"{derived.power_tier}: {headline}"
        trappings = dict.fromkeys(u.label for d in character.designed.values() for u in d.trappings)
        return ListingFacts(
            headline=headline,
            headline_rank=tier_index(derived.power_tier) * 100 + derived.top_rating,
            description=" ".join(x for x in (character.archetype, character.social_class) if x),
            search_entries=(
                *(("aspect", a.text) for a in character.aspects if a.text),
                *(("skill", s) for s in dict.fromkeys([*character.skills, *character.designed])),
                # the library searches these fields only: a trapping is part of a skill, and
                # Gifts are what Strange Fate has where other FATE games have stunts
                *(("skill", t) for t in trappings),
                *(("stunt", g.name) for g in character.gifts),
            ),
        )

    def summary(self, character: CharacterBase) -> Mapping[str, Any]:
        """Old listing columns."""
        assert isinstance(character, StrangeFateCharacter)
        derived = self.derive(character)
        return {
            "aspects": tuple(a.text for a in character.aspects),
            "stunts": tuple(g.name for g in character.gifts),
            "peak_skill": derived.top_skill,
            "peak_rating": derived.top_rating,
            "description": character.archetype,
        }

    def conflict_rules(self, settings: SystemSettings | None = None) -> ConflictRules | None:
        """«Conflicts» (L4080-L4378) under the campaign's settings
        (:class:`~rules.systems.strange_fate.conflict.StrangeFateConflictRules`)."""
        return StrangeFateConflictRules(self.book, _settings(settings))

    def with_data(self, data: Mapping[str, SystemData]) -> StrangeFateSystem:
        """This system priced over the library's corrected diagram, if it has one.

        A stored diagram that no longer parses is not used: the bundled one is, and
        :attr:`data_problem` says why.
        """
        stored = data.get(DIAGRAM_KEY)
        if stored is None:
            return self
        try:
            diagram = parse_diagram(stored.content)
        except (CatalogError, ValidationError) as exc:
            return StrangeFateSystem(self._info, self.book, self._bundled, str(exc), self.budget)
        return StrangeFateSystem(
            self._info, self.book.with_diagram(diagram), self._bundled, budget=self.budget
        )

    def sample(self, name: str) -> SampleSkill:
        """The book's sample skill ``name``.

        Raises:
            KeyError: no such sample.
        """
        return self.book.catalog.sample(name)


def add_sample(
    character: StrangeFateCharacter,
    sample: SampleSkill,
    rating: int,
    *,
    name: str | None = None,
) -> StrangeFateCharacter:
    """The character with the book's sample skill added in one step.

    The skill gets the sample's trappings, Extras and Drawbacks at ``rating`` and the sample's
    Power Tier (Mundane for Unique samples and "Any", L2837, L3271). Each Complication or
    Conviction Drawback turns a Free aspect (the first blank one, else a new one) into that aspect,
    linked to the skill (L474-L486).
    """
    skill = name or sample.name
    drawbacks = tuple(SkillDrawback(**d.model_dump()) for d in sample.drawbacks)
    design = DesignedSkill(
        kind=sample.kind, trappings=sample.trappings, drawbacks=drawbacks, sample=sample.name
    )
    aspects = list(character.aspects)
    for use in drawbacks:
        kind = use.drawback.casefold()
        if kind not in ("complication", "conviction"):
            continue
        linked = Aspect(kind=kind, text=use.label or "", skill=skill)
        blank = next(
            (i for i, a in enumerate(aspects) if a.kind == "free" and not a.text.strip()), None
        )
        if blank is None:
            aspects.append(linked)
        else:
            aspects[blank] = linked.model_copy(update={"question": aspects[blank].question})
    tiers = dict(character.tiers)
    if sample.tier is not None and sample.tier != "Mundane":
        tiers[skill] = sample.tier
    else:
        tiers.pop(skill, None)
    return character.model_copy(
        update={
            "skills": {**character.skills, skill: rating},
            "designed": {**character.designed, skill: design},
            "tiers": tiers,
            "aspects": tuple(aspects),
        }
    )
