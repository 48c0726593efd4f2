"""Rules layer: the Strange Fate creation catalogue (eras, Power Tiers, archetypes, social
classes, the five questions, gifts, companion and equipment improvements, Tier Benefits).

The data lives in ``resources/systems/strange-fate/creation.json`` and ``tier_benefits.json``
(our own words; names and numbers are the book's facts, each with its line in the Strange Fate
SRD text). A storage module reads the files; :func:`parse_creation` checks them. No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.errors import CatalogError
from rules.systems.strange_fate._errors import validate_file
from rules.systems.strange_fate.catalog import BookLine, Name, Severity, Text, Tier

CREATION_FILES = ("creation.json", "tier_benefits.json")

_FROZEN = ConfigDict(frozen=True, extra="forbid")

TIERS: tuple[Tier, ...] = ("Mundane", "Extraordinary", "Superhuman", "Ascendant", "Godlike")
"""The Power Tiers in order (L1137-L1166); a tier's index is its place here."""

EraKey = Literal["early", "middle", "late"]
Role = Literal["pc", "adversary", "villain"]
Breadth = Literal["narrow", "broad"]
GiftName = Literal["Companion", "Equipment", "Impact", "Signature Aspect", "Skilled", "Theme"]
Points = Annotated[int, Field(ge=0, le=100)]


def tier_index(tier: Tier) -> int:
    """Mundane 0, Extraordinary 1, Superhuman 2, Ascendant 3, Godlike 4."""
    return TIERS.index(tier)


class SkillPoints(BaseModel):
    """The skill-point budget («Buy Skills», L396-L472; «A World Without Common Skills?»).

    Attributes:
        start: Points every PC starts with (30, L468).
        line: Where.
        without_common: Points when the campaign drops Common skills (45, L1113).
        without_common_line: Where.
        per_skilled_gift: Points each Skilled Gift adds (5, L3736).
        skilled_line: Where.
        min_rating: Lowest rating bought at creation (Average +1, L400).
        max_rating: Highest rating at creation (Great +4, L400).
        rating_line: Where.
    """

    model_config = _FROZEN

    start: Points
    line: BookLine
    without_common: Points
    without_common_line: BookLine
    per_skilled_gift: Points
    skilled_line: BookLine
    min_rating: int
    max_rating: int
    rating_line: BookLine


class Era(BaseModel):
    """A time period of the campaign; it sets starting Refresh (L329, L4549, L4574).

    Attributes:
        key: ``early``, ``middle`` or ``late``.
        name: What the book calls it.
        refresh: Starting Refresh of a PC, an Adversary and a Villain.
        lines: Where.
    """

    model_config = _FROZEN

    key: EraKey
    name: Name
    refresh: dict[Role, Points]
    lines: tuple[BookLine, ...]


class TierDef(BaseModel):
    """A Power Tier and its Refresh cost («Power Tier and Refresh», L1394-L1406).

    Attributes:
        name: The tier.
        initial: The initial written after a skill's name ("E"; empty for Mundane).
        refresh: Refresh it costs per skill.
        line: Where.
    """

    model_config = _FROZEN

    name: Tier
    initial: Annotated[str, Field(max_length=1)]
    refresh: Points
    line: BookLine


class SeverityCosts(BaseModel):
    """Refresh by severity.

    Attributes:
        minor: Minor.
        major: Major.
    """

    model_config = _FROZEN

    minor: Points
    major: Points

    def of(self, severity: Severity) -> int:
        """The cost of ``severity``."""
        return self.minor if severity == "minor" else self.major


class InvulnerabilityCosts(BaseModel):
    """Invulnerability Refresh costs (L1416-L1421).

    Attributes:
        narrow: Narrow category.
        broad: All physical (or all mental) attacks: double.
        line: Where.
    """

    model_config = _FROZEN

    narrow: SeverityCosts
    broad: SeverityCosts
    line: BookLine


class WeaknessRebate(SeverityCosts):
    """Refresh a Weakness gives back (L1422-L1423).

    Attributes:
        line: Where.
    """

    line: BookLine


class TierShift(SeverityCosts):
    """Tiers an Invulnerability adds to (a Weakness takes from) a defence (L1186, L1194).

    Attributes:
        line: Where.
    """

    line: BookLine


class Question(BaseModel):
    """One of the Five Questions (L348-L362).

    Attributes:
        key: Field name in :class:`~rules.systems.strange_fate.character.FiveAnswers`.
        name: The book's heading.
        line: Where.
        prompt: What it asks, in our words.
    """

    model_config = _FROZEN

    key: Name
    name: Name
    line: BookLine
    prompt: Text


class SocialClass(BaseModel):
    """A Social Class (L385-L392) and its baseline income on the Wealth ladder (L2598).

    Attributes:
        name: The book's name.
        wealth: Baseline Wealth rating.
        line: Where it is listed.
        wealth_line: Where its income is given.
    """

    model_config = _FROZEN

    name: Name
    wealth: int
    line: BookLine
    wealth_line: BookLine


RequirementKind = Literal[
    "theme", "focus-on-inventions", "strange-drawback", "weakness", "skill", "repair-tier"
]


class Requirement(BaseModel):
    """One requirement of an Archetype («Archetypes», L815-L1021).

    Attributes:
        kind: ``theme`` (a judgment for the table, never checked), ``focus-on-inventions``
            (each Strange skill marked as an invention has a Focus Flaw), ``strange-drawback``
            (some Strange skill has the Drawback; any Drawback when ``drawback`` is None),
            ``weakness`` (a Weakness whose category names ``category``), ``skill`` (owns
            ``skill``), ``repair-tier`` (a Repair skill as high a tier as the Stress Capacity
            [Health] skill).
        text: The requirement in our words.
        drawback: For ``strange-drawback``: the Drawback required.
        severity: For ``strange-drawback``: the least severity (None: either).
        category: For ``weakness``.
        skill: For ``skill``.
        line: Where, when not the Archetype's own heading.
    """

    model_config = _FROZEN

    kind: RequirementKind
    text: Text
    drawback: Name | None = None
    severity: Severity | None = None
    category: Name | None = None
    skill: Name | None = None
    line: BookLine | None = None


class Archetype(BaseModel):
    """An Archetype (eleven in the chapter, L815-L1021; the creation list omits Human Oddity).

    Attributes:
        name: The book's name.
        line: Its heading.
        summary: What it is, in our words.
        requirements: What the validator checks (``theme`` ones are reminders).
    """

    model_config = _FROZEN

    name: Name
    line: BookLine
    summary: Text
    requirements: tuple[Requirement, ...] = ()


class GiftDef(BaseModel):
    """A Gift («Gifts», L3623-L3749).

    Attributes:
        name: The book's name.
        line: Its section.
        summary: What it does, in our words.
        improvements: Improvements each purchase gives (Companion, Equipment).
        needs_skill: Impact names a skill.
        needs_aspect: Signature Aspect names an aspect.
        skills: Theme names this many skills.
    """

    model_config = _FROZEN

    name: GiftName
    line: BookLine
    summary: Text
    improvements: int = 0
    needs_skill: bool = False
    needs_aspect: bool = False
    skills: int = 0


class GiftRefresh(BaseModel):
    """Gifts' Refresh price: the first free, each further one 1 (L494, L3625).

    Attributes:
        free: Gifts that cost nothing.
        each: Refresh per further Gift.
        lines: Where.
    """

    model_config = _FROZEN

    free: Points
    each: Points
    lines: tuple[BookLine, ...]


class ThemeBenefit(BaseModel):
    """One of the Theme Gift's four benefits (L3746-L3749).

    Attributes:
        key: Stable key.
        summary: Our words.
        line: Where.
    """

    model_config = _FROZEN

    key: Literal["narrow-bonus", "maneuver-block", "substitute", "ignore-penalties"]
    summary: Text
    line: BookLine


class ImprovementDef(BaseModel):
    """A Companion or Equipment improvement.

    Attributes:
        name: The book's name.
        cost: Improvements it uses (Empowered Companion 2; Well-Made 2; Empowered Equipment 4 per
            tier above Mundane).
        max: Most times on one Companion or item (None: no limit).
        per_tier: The cost is per Power Tier above Mundane (Empowered Equipment).
        armour_only: Only on armour or a similar protective item (Rugged, Essential).
        summary: Our words.
    """

    model_config = _FROZEN

    name: Name
    cost: Points
    max: int | None = None
    per_tier: bool = False
    armour_only: bool = False
    summary: Text


class CompanionQuality(BaseModel):
    """A Companion's skills and stress at one quality (L3642, L3650).

    Attributes:
        quality: Average 1, Fair 2, Good 3.
        skills: The ratings of its skills.
        stress: Boxes in Health, Composure and Reputation.
    """

    model_config = _FROZEN

    quality: int = Field(ge=1, le=3)
    skills: tuple[int, ...]
    stress: tuple[int, int, int]


class CompanionRules(BaseModel):
    """The Companion Gift (L3640-L3663).

    Attributes:
        line: Where.
        qualities: By quality.
        consequences: Consequence slots by severity.
        skilled_points: Skill points the Skilled improvement adds.
        improvements: The improvement list.
    """

    model_config = _FROZEN

    line: BookLine
    qualities: tuple[CompanionQuality, ...]
    consequences: dict[str, int]
    skilled_points: Points
    improvements: tuple[ImprovementDef, ...]


class EquipmentRules(BaseModel):
    """The Equipment Gift (L3683-L3702).

    Attributes:
        line: Where.
        improvements: The improvement list.
    """

    model_config = _FROZEN

    line: BookLine
    improvements: tuple[ImprovementDef, ...]


class CapacityBand(BaseModel):
    """Stress boxes a Stress Capacity trapping adds at a rating (L2504).

    Attributes:
        rating: The skill's rating (this band covers it and up to the next band).
        boxes: Boxes added.
    """

    model_config = _FROZEN

    rating: int
    boxes: Points


class StressRules(BaseModel):
    """Stress tracks («Refine Details», L500; Stress Capacity L2504).

    Attributes:
        tracks: Health, Composure, Reputation.
        boxes: Boxes in each by default.
        line: Where.
        capacity_bonus: Boxes by Stress Capacity rating.
        capacity_line: Where.
    """

    model_config = _FROZEN

    tracks: tuple[Name, Name, Name]
    boxes: Points
    line: BookLine
    capacity_bonus: tuple[CapacityBand, ...] = Field(min_length=1)
    capacity_line: BookLine

    def capacity_boxes(self, rating: int) -> int:
        """Boxes a Stress Capacity trapping at ``rating`` adds (0 below Average; the top band
        for ratings above Great, rules-notes)."""
        boxes = 0
        for band in self.capacity_bonus:
            if rating >= band.rating:
                boxes = band.boxes
        return boxes


class ConsequenceRules(BaseModel):
    """Consequences (L502, L4211-L4216): one of each severity, any scope.

    Attributes:
        trifling: Stress a Trifling consequence absorbs.
        middling: Stress a Middling one absorbs.
        grievous: Stress a Grievous one absorbs.
        line: Where.
        absorb_line: Where the absorbed stress is given.
    """

    model_config = _FROZEN

    trifling: Points
    middling: Points
    grievous: Points
    line: BookLine
    absorb_line: BookLine


class CreationCatalog(BaseModel):
    """``creation.json``.

    Attributes:
        version: Format version.
        skill_points: The budget.
        eras: The three eras.
        tiers: The five Power Tiers in order.
        invulnerability_refresh: Invulnerability costs.
        weakness_refresh: Weakness rebates.
        tier_shift: Tiers an Invulnerability or Weakness moves a defence.
        questions: The Five Questions.
        social_classes: The four classes.
        archetypes: The eleven Archetypes.
        gifts: The six Gifts.
        gift_refresh: The Gifts' price.
        theme_benefits: The Theme Gift's benefits.
        companion: The Companion Gift.
        equipment: The Equipment Gift.
        stress: Stress tracks.
        consequences: Consequences.
    """

    model_config = _FROZEN

    version: int = Field(ge=1)
    skill_points: SkillPoints
    eras: tuple[Era, ...] = Field(min_length=3, max_length=3)
    tiers: tuple[TierDef, ...] = Field(min_length=5, max_length=5)
    invulnerability_refresh: InvulnerabilityCosts
    weakness_refresh: WeaknessRebate
    tier_shift: TierShift
    questions: tuple[Question, ...] = Field(min_length=5, max_length=5)
    social_classes: tuple[SocialClass, ...] = Field(min_length=1)
    archetypes: tuple[Archetype, ...] = Field(min_length=1)
    gifts: tuple[GiftDef, ...] = Field(min_length=6, max_length=6)
    gift_refresh: GiftRefresh
    theme_benefits: tuple[ThemeBenefit, ...]
    companion: CompanionRules
    equipment: EquipmentRules
    stress: StressRules
    consequences: ConsequenceRules

    @model_validator(mode="after")
    def _ordered(self) -> CreationCatalog:
        if tuple(t.name for t in self.tiers) != TIERS:
            raise ValueError(f"tiers must be listed in the book's order {TIERS}")
        return self

    def era(self, key: str) -> Era:
        """The era ``key``.

        Raises:
            KeyError: no such era.
        """
        for era in self.eras:
            if era.key == key:
                return era
        raise KeyError(key)

    def tier(self, name: Tier) -> TierDef:
        """The Power Tier ``name``."""
        return self.tiers[tier_index(name)]

    def archetype(self, name: str) -> Archetype | None:
        """The book Archetype called ``name`` (case-insensitive), None for a custom one."""
        folded = name.strip().casefold()
        return next((a for a in self.archetypes if a.name.casefold() == folded), None)

    def gift(self, name: str) -> GiftDef:
        """The Gift ``name``.

        Raises:
            KeyError: no such Gift.
        """
        for gift in self.gifts:
            if gift.name == name:
                return gift
        raise KeyError(name)


class TierLevel(BaseModel):
    """A Tier Benefit at one tier.

    Attributes:
        summary: What it gives, in our words.
        weapon: Weapon rating it adds to related attacks.
        armor: Armor it gives in the trapping's scope.
        trifling: Extra Trifling consequence slots in the scope.
        middling: Extra Middling consequence slots in the scope.
        zones: Free zones.
        aspects: Extra aspects (Disguise).
    """

    model_config = _FROZEN

    summary: Text
    weapon: int = 0
    armor: int = 0
    trifling: int = 0
    middling: int = 0
    zones: int = 0
    aspects: int = 0


class TierBenefitDef(BaseModel):
    """A trapping's Tier Benefits («Tier Benefits», L1198-L1202, and each trapping).

    Attributes:
        trapping: The trapping.
        lines: Where each tier's benefit is given.
        per_tier: ``weapon`` or ``zones`` when the number is one per tier above Mundane.
        track: The stress track a Weapon benefit hits.
        tiers: The benefit by tier; a tier not listed has the benefit of the highest listed tier
            below it.
    """

    model_config = _FROZEN

    trapping: Name
    lines: tuple[BookLine, ...]
    per_tier: Literal["weapon", "zones"] | None = None
    track: Name | None = None
    tiers: dict[Tier, TierLevel] = Field(min_length=1)

    def at(self, tier: Tier) -> TierLevel | None:
        """The benefit at ``tier`` (None: nothing at that tier, e.g. Mundane)."""
        found: TierLevel | None = None
        for name in TIERS[1 : tier_index(tier) + 1]:
            found = self.tiers.get(name, found)
        if found is None or self.per_tier is None:
            return found
        return found.model_copy(update={self.per_tier: tier_index(tier)})


class TierBenefitsFile(BaseModel):
    """``tier_benefits.json``.

    Attributes:
        version: Format version.
        line: The rule (at most one benefit per point of rating, chosen with the tier).
        benefits: One entry per trapping with Tier Benefits.
    """

    model_config = _FROZEN

    version: int = Field(ge=1)
    line: BookLine
    benefits: tuple[TierBenefitDef, ...]

    def of(self, trapping: str) -> TierBenefitDef | None:
        """The Tier Benefits of ``trapping``, if it has any."""
        return next((b for b in self.benefits if b.trapping == trapping), None)


def parse_creation(files: Mapping[str, object]) -> tuple[CreationCatalog, TierBenefitsFile]:
    """Validate ``creation.json`` and ``tier_benefits.json``.

    Raises:
        CatalogError: naming the file, the field and the problem.
    """
    for name in CREATION_FILES:
        if name not in files:
            raise CatalogError(name, "", "file is missing from the system folder")
    creation = validate_file(CreationCatalog, "creation.json", files["creation.json"])
    benefits = validate_file(TierBenefitsFile, "tier_benefits.json", files["tier_benefits.json"])
    return creation, benefits
