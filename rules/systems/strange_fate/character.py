"""Rules layer: the Strange Fate character model («Character Creation», L331-L502).

``skills`` (from :class:`~rules.character.CharacterBase`) maps every skill the character has,
Common, Unique or Strange, to its rating; a skill named only there is a Common skill. The skills
the player designed from trappings are in ``designed`` under the same name. Every field defaults
to "not filled in yet" so a half-made character loads and validates; the validators in
:mod:`rules.systems.strange_fate.validate` say what is missing.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.character import MAX_NAME, MAX_TEXT, CharacterBase
from rules.systems.strange_fate.catalog import DrawbackUse, Severity, Tier, TrappingUse
from rules.systems.strange_fate.conflict_state import StrangeFateCondition
from rules.systems.strange_fate.creation import Breadth, EraKey, GiftName, Role

_FROZEN = ConfigDict(frozen=True, extra="forbid")

SYSTEM_ID = "strange-fate"

MAX_TRAPPINGS = 60
"""The most trappings one Unique or Strange skill may hold (the file format's bound; the book
advises splitting a skill past five or six, ``validate``'s V-19 warning)."""

ShortText = Annotated[str, Field(max_length=MAX_NAME)]
LongText = Annotated[str, Field(max_length=MAX_TEXT)]
AspectKind = Literal["archetype", "social-class", "conviction", "free", "complication"]
QuestionKey = Literal[
    "humble_beginnings", "follies_of_youth", "first_awakenings", "mysterious_origins",
    "great_failing",
]  # fmt: skip
Track = Literal["Health", "Composure", "Reputation"]
Scope = Literal[
    "physical", "social", "mental"
]  # ConflictKind's order (typing caches equal Literals)
ThemeBenefitKey = Literal["narrow-bonus", "maneuver-block", "substitute", "ignore-penalties"]


class FiveAnswers(BaseModel):
    """The answers to «The Five Questions» (L348-L362), each the seed of one Free aspect.

    Attributes:
        humble_beginnings: Who the character was before, and how it shaped them.
        follies_of_youth: What they got up to while young, and with whom.
        first_awakenings: When they saw the world was not as it seemed.
        mysterious_origins: When their own power came.
        great_failing: Their greatest flaw and how it nearly ruined them.
    """

    model_config = _FROZEN

    humble_beginnings: LongText = ""
    follies_of_youth: LongText = ""
    first_awakenings: LongText = ""
    mysterious_origins: LongText = ""
    great_failing: LongText = ""


class Aspect(BaseModel):
    """A personal aspect («Types of Aspects», L516-L535).

    Attributes:
        kind: ``archetype``, ``social-class``, ``conviction``, ``free`` or ``complication``.
        text: The aspect.
        question: For an aspect from the Five Questions: which question it answers.
        skill: For a Complication or Conviction that a skill's Drawback turned out of a Free
            aspect: that skill's name (None for the character's own Conviction).
    """

    model_config = _FROZEN

    kind: AspectKind
    text: ShortText = ""
    question: QuestionKey | None = None
    skill: ShortText | None = None


class SkillDrawback(DrawbackUse):
    """A Drawback a character's skill takes (Minor -1, Major -2 skill points; L2716).

    Attributes:
        replaces: Transform only: the Free aspect the transformation aspect replaces while
            transformed (L2827); ``label`` is the transformation aspect.
    """

    replaces: ShortText | None = None


class DesignedSkill(BaseModel):
    """A Unique or Strange skill the player built from trappings («Skills», L1037-L1051).

    Its rating is in the character's ``skills`` and its Power Tier in ``tiers`` under the same
    name; its price comes from the Skill Trapping Diagram (L1356-L1390).

    Attributes:
        kind: ``unique`` (anyone; Mundane or Extraordinary) or ``strange`` (Strangers only; any
            tier; needs a Drawback).
        theme: What the skill is about; every trapping must fit it (L1382).
        trappings: Its trappings with bracketed details and Extras.
        drawbacks: Its Drawbacks.
        invention: Whether the skill is one of the character's inventions (an Anachronist's
            inventions need a Focus Flaw, L887).
        sample: The book sample it was copied from, if any.
    """

    model_config = _FROZEN

    kind: Literal["unique", "strange"] = "unique"
    theme: LongText = ""
    trappings: tuple[TrappingUse, ...] = Field(default=(), max_length=MAX_TRAPPINGS)
    drawbacks: tuple[SkillDrawback, ...] = Field(default=(), max_length=20)
    invention: bool = False
    sample: ShortText | None = None


class ThemePick(BaseModel):
    """One skill of a Theme Gift and the one benefit it gets (L3740-L3749).

    Attributes:
        skill: The skill.
        benefit: Which of the four benefits.
        note: The narrow circumstance, or the skill it replaces.
    """

    model_config = _FROZEN

    skill: ShortText = ""
    benefit: ThemeBenefitKey = "narrow-bonus"
    note: ShortText = ""


class Gift(BaseModel):
    """One Gift bought («Gifts», L3623-L3749); the first is free, each further one 1 Refresh.

    Attributes:
        name: Which Gift.
        target: Companion and Equipment: the Companion or item this purchase creates or gives
            three more improvements to.
        skill: Impact: the skill.
        aspect: Signature Aspect: the aspect.
        theme: Theme: the three skills and their benefits.
        note: Free text.
    """

    model_config = _FROZEN

    name: GiftName
    target: ShortText = ""
    skill: ShortText = ""
    aspect: ShortText = ""
    theme: tuple[ThemePick, ...] = Field(default=(), max_length=3)
    note: ShortText = ""


class ImprovementPick(BaseModel):
    """An improvement of a Companion or an Equipment item.

    Attributes:
        name: The improvement's name from the catalogue.
        track: Deadly, Protective, Rugged: the stress track.
        skill: Well-Made, Empowered, Alternate Use, Gifted: the skill (or Gift) it concerns.
        tier: Empowered: the Power Tier it raises the skill to.
        note: Free text (the aspect, what it does).
    """

    model_config = _FROZEN

    name: ShortText
    track: Track | None = None
    skill: ShortText = ""
    tier: Tier | None = None
    note: ShortText = ""


class Companion(BaseModel):
    """A Companion made with the Companion Gift (L3640-L3663).

    Attributes:
        name: The Companion's name (Gifts name it as their ``target``).
        improvements: Its improvements (three per Gift spent on it).
        skills: Its skills and ratings (none above its quality).
        tiers: Power Tiers of its Empowered skills.
        aspects: Its aspects (from the Aspect improvement).
        drawbacks: Its Drawbacks (the optional Gifts and Flaws rule).
        description: Who it is.
    """

    model_config = _FROZEN

    name: ShortText = ""
    improvements: tuple[ImprovementPick, ...] = Field(default=(), max_length=40)
    skills: dict[str, int] = Field(default_factory=dict, max_length=20)
    tiers: dict[str, Tier] = Field(default_factory=dict, max_length=20)
    aspects: tuple[ShortText, ...] = Field(default=(), max_length=20)
    drawbacks: tuple[DrawbackUse, ...] = Field(default=(), max_length=10)
    description: LongText = ""


class EquipmentItem(BaseModel):
    """An item made with the Equipment Gift (L3683-L3702).

    Attributes:
        name: The item's name (Gifts name it as their ``target``).
        improvements: Its improvements (three per Gift spent on it).
        protective: A suit of armour or similar protective item (needed for Rugged, Essential).
        aspects: Its aspects.
        drawbacks: Its Drawbacks (the optional Gifts and Flaws rule).
        description: What it is.
    """

    model_config = _FROZEN

    name: ShortText = ""
    improvements: tuple[ImprovementPick, ...] = Field(default=(), max_length=40)
    protective: bool = False
    aspects: tuple[ShortText, ...] = Field(default=(), max_length=20)
    drawbacks: tuple[DrawbackUse, ...] = Field(default=(), max_length=10)
    description: LongText = ""


class Invulnerability(BaseModel):
    """An Invulnerability («Invulnerability and Weakness», L1182-L1196).

    Attributes:
        category: What it protects against ("fire", "all physical attacks").
        severity: Minor (+2 tiers of defence, 1 Refresh) or Major (+4, 2 Refresh).
        breadth: ``narrow`` or ``broad`` (all physical / all mental attacks: double Refresh).
        scope: Broad only: physical, mental or social (PCs may only take physical, L1190).
        toggled: Broad only: switched on and off with An Action instead of always on.
    """

    model_config = _FROZEN

    category: ShortText = ""
    severity: Severity = "minor"
    breadth: Breadth = "narrow"
    scope: Scope | None = None
    toggled: bool = False


class Weakness(BaseModel):
    """A Weakness (L1194): defence -2 tiers (Minor) or -4 (Major); gives Refresh back.

    Attributes:
        category: What it is weak against ("iron", "silver").
        severity: Minor (+1 Refresh) or Major (+2).
    """

    model_config = _FROZEN

    category: ShortText = ""
    severity: Severity = "minor"


class Advancement(BaseModel):
    """What advancement added («Advancement», L3751-L3813).

    Attributes:
        skill_points: Skill points gained in play.
        refresh: Refresh gained in play (story and volume milestones).
    """

    model_config = _FROZEN

    skill_points: int = Field(default=0, ge=0, le=1000)
    refresh: int = Field(default=0, ge=0, le=1000)


class StrangeFateCharacter(CharacterBase):
    """A Strange Fate character.

    Attributes:
        system: Always ``"strange-fate"``.
        role: ``pc``, ``adversary`` or ``villain`` (their Refresh differs by era, L4549, L4574).
        era: The character's era, when it names one (else the campaign's); sets Refresh.
        answers: The Five Questions.
        archetype: The Archetype (one of the book's eleven or a custom one).
        social_class: The Social Class.
        aspects: The personal aspects (eight: Archetype, Social Class, Conviction, five Free,
            some turned into Complications or Convictions by skills' Drawbacks).
        designed: The Unique and Strange skills, by name (ratings are in ``skills``).
        tiers: Power Tier of each skill above Mundane, by skill name.
        tier_benefits: Per skill, the trappings whose Tier Benefit is chosen (at most the
            skill's rating, L1200).
        common_drawbacks: Drawbacks of Common skills raised to Superhuman or above, which makes
            them Strange (L1151).
        gifts: The Gifts bought, in order (the first is free).
        invulnerabilities: Invulnerabilities.
        weaknesses: Weaknesses.
        companions: Companions (from Companion Gifts).
        equipment: Equipment items (from Equipment Gifts).
        advancement: Skill points and Refresh gained since creation.
        fate_points: Fate Points now (None: Refresh, at the start of a session).
        condition: Stress and consequences carried between scenes (what an encounter leaves).
    """

    system: Literal["strange-fate"] = "strange-fate"
    role: Role = "pc"
    era: EraKey | None = None
    answers: FiveAnswers = Field(default_factory=FiveAnswers)
    archetype: ShortText = ""
    social_class: ShortText = ""
    aspects: tuple[Aspect, ...] = Field(default=(), max_length=30)
    designed: dict[str, DesignedSkill] = Field(default_factory=dict, max_length=60)
    tiers: dict[str, Tier] = Field(default_factory=dict, max_length=200)
    tier_benefits: dict[str, tuple[ShortText, ...]] = Field(default_factory=dict, max_length=200)
    common_drawbacks: dict[str, tuple[SkillDrawback, ...]] = Field(
        default_factory=dict, max_length=60
    )
    gifts: tuple[Gift, ...] = Field(default=(), max_length=40)
    invulnerabilities: tuple[Invulnerability, ...] = Field(default=(), max_length=20)
    weaknesses: tuple[Weakness, ...] = Field(default=(), max_length=20)
    companions: tuple[Companion, ...] = Field(default=(), max_length=20)
    equipment: tuple[EquipmentItem, ...] = Field(default=(), max_length=20)
    advancement: Advancement = Field(default_factory=Advancement)
    fate_points: int | None = Field(default=None, ge=0, le=1000)
    condition: StrangeFateCondition = Field(default_factory=StrangeFateCondition)

    def tier_of(self, skill: str) -> Tier:
        """The Power Tier of ``skill`` (Mundane when not listed)."""
        return self.tiers.get(skill, "Mundane")

    def kind_of(self, skill: str) -> Literal["common", "unique", "strange"]:
        """Whether ``skill`` is Common, Unique or Strange as designed (a Common skill at
        Superhuman or above is also Strange: see :func:`is_strange`)."""
        design = self.designed.get(skill)
        return "common" if design is None else design.kind

    def is_strange(self, skill: str) -> bool:
        """Designed as Strange, or (any skill) at Superhuman Tier or above (L1151)."""
        return self.kind_of(skill) == "strange" or self.tier_of(skill) in (
            "Superhuman",
            "Ascendant",
            "Godlike",
        )

    def drawbacks_of(self, skill: str) -> tuple[SkillDrawback, ...]:
        """The Drawbacks of ``skill`` (a designed skill's, or a Common skill's)."""
        design = self.designed.get(skill)
        if design is not None:
            return design.drawbacks
        return self.common_drawbacks.get(skill, ())
