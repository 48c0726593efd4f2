"""Rules layer: FATE 2.0's campaign settings (phases, ranks, the GM's skill list, options).

FATE 2.0 leaves most of character creation to the GM (§2 GM Overview): how many phases, how many
ranks a phase gives, which skills exist, and which of the creation options of §6 and §7 are in
play. Each choice is a field here; the defaults are the book's (options off unless the book makes
them the norm). Section names follow the book's chapter headings; D§ numbers are the project's
digest (shared/rules/fate2.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.character import MAX_NAME
from rules.settings import SystemSettings

MEDIOCRE = -1
"""Where an untrained skill starts (§2 Buying Skills)."""

ABYSMAL = -4
"""The lowest named rung; the lowest default a difficult skill may have (§7 Difficult Skills)."""

SkillShape = Literal["pyramid", "column"]
"""§2 Buying Skills (each rung needs one more skill below it) or §7 Skill Column (as many)."""

CapRule = Literal["half-of-levels", "not-above-peak-skill"]
"""The two fixed aspect-cap rules of §7 Aspect Caps (D§5.6 OPT-CAPS)."""


class SkillDef(BaseModel):
    """One skill of the campaign's list.

    Attributes:
        name: The skill's name as the campaign spells it.
        category: One of the ten categories of §10 Skill Lists (free text for campaign ones).
        default: Where an untrained character stands: Mediocre (-1) normally; Poor, Terrible or
            Abysmal for a difficult skill (§7 Difficult Skills), used only when the campaign's
            ``difficult_skills`` option is on.
        pyramid: Which pyramid the skill counts in (§5 Special Skills and the Pyramid): ""
            the character's one pyramid; a name, a pyramid of its own shared by the skills
            that give the same name (a large suite of magic skills); None, outside any pyramid.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME)
    category: str = Field(default="", max_length=MAX_NAME)
    default: int = Field(default=MEDIOCRE, ge=ABYSMAL, le=MEDIOCRE)
    pyramid: str | None = Field(default="", max_length=MAX_NAME)


class WoundBoxes(BaseModel):
    """Boxes per row of the wound track (§8 Injuries and Advantages, Table 2).

    Hurt 3 and Injured 2 are the book's; the Clipped count was lost from our copy of the book,
    so 3 is the project's assumption (D§10.1, AMB-06). §8 Changing Wound Boxes lets a GM change
    any of them; Taken Out is always the one X.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    clipped: int = Field(default=3, ge=0, le=20)
    hurt: int = Field(default=3, ge=0, le=20)
    injured: int = Field(default=2, ge=0, le=20)


class Fate2Settings(SystemSettings):
    """A FATE 2.0 campaign's creation rules and options.

    Attributes:
        phases: Number of creation phases (§2 Phases: any number, five to eight usually; both
            of the book's sample creations use five).
        ranks_per_phase: Skill ranks each phase gives (§2 Buying Skills: four).
        aspects_per_phase: Aspect levels each phase gives (§6 Free Aspects advises one; §2 Select
            Aspects allows "one or more", D§5.2 RULE-C2).
        skills: The GM's skill list; None means the book's sample list (§10 A Sample List),
            which the system supplies.
        skill_shape: "pyramid" (§2 Buying Skills) or "column" (§7 Skill Column), checked after
            every phase either way.
        aspect_cap: Highest level an aspect may reach; None means the book's rule of thumb, half
            the phases rounded down and at least 1 (§2 Select Aspects; D§5.2 AMB-05).
        cap_rules: The optional fixed caps of §7 Aspect Caps.
        starting_fate_points: Fate points at the start of play; None means half the phases,
            rounded up as the Sybil example does (§2 Fate Points; AMB-04).
        plot_aspects: Whether the GM marks plot phases (§6 Aspects as Plot Hooks).
        plot_bonus: Extra skill ranks a plot phase gives (§6: one "plot bonus" rank).
        free_aspects: How many free aspect levels each character may take outside the phases
            (§6 Free Aspects; 0 = the option is off; the book advises at most one per phase).
        potential: Whether characters absent from early phases bank potential (§6 Potential).
        granted_potential: Potential points every character starts with (§6 Potential, Talented
            Novices).
        destiny: Whether a phase may take a Destiny aspect with no skill ranks (§6 Destiny).
        difficult_skills: Whether skills may default below Mediocre (§7 Difficult Skills).
        extras: Whether ranks may buy extras (§5 Extras).
        extras_in_pyramid: Whether extras count in the pyramid (§5 Extras within the Pyramid;
            off by default, §5 Extras and the Pyramid). When on, at most one extra per phase.
        wound_boxes: Boxes per wound-track row (§8 Changing Wound Boxes).
        wound_overflow: Whether a full row spills into the next (§8 The Death Spiral).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    phases: int = Field(default=5, ge=1, le=50)
    ranks_per_phase: int = Field(default=4, ge=0, le=50)
    aspects_per_phase: int = Field(default=1, ge=1, le=10)
    skills: tuple[SkillDef, ...] | None = Field(default=None, max_length=500)
    skill_shape: SkillShape = "pyramid"
    aspect_cap: int | None = Field(default=None, ge=1, le=50)
    cap_rules: tuple[CapRule, ...] = Field(default=(), max_length=2)
    starting_fate_points: int | None = Field(default=None, ge=0, le=100)
    plot_aspects: bool = False
    plot_bonus: int = Field(default=1, ge=0, le=50)
    free_aspects: int = Field(default=0, ge=0, le=50)
    potential: bool = False
    granted_potential: int = Field(default=0, ge=0, le=50)
    destiny: bool = False
    difficult_skills: bool = False
    extras: bool = True
    extras_in_pyramid: bool = False
    wound_boxes: WoundBoxes = WoundBoxes()
    wound_overflow: bool = True

    @model_validator(mode="after")
    def _unique_skills(self) -> Fate2Settings:
        if self.skills is not None:
            seen: set[str] = set()
            for skill in self.skills:
                key = skill.name.strip().casefold()
                if key in seen:
                    raise ValueError(f"the skill list names {skill.name!r} twice")
                seen.add(key)
        return self

    def cap(self) -> int:
        """The aspect level cap in force (the GM's, else half the phases, at least 1)."""
        if self.aspect_cap is not None:
            return self.aspect_cap
        return max(1, self.phases // 2)

    def fate_points(self) -> int:
        """Starting fate points (the GM's, else half the phases rounded up)."""
        if self.starting_fate_points is not None:
            return self.starting_fate_points
        return (self.phases + 1) // 2

    def with_skill_list(self, skills: tuple[SkillDef, ...]) -> Fate2Settings:
        """A copy whose skill list is ``skills`` (the GM's add, rename and remove)."""
        return Fate2Settings.model_validate({**self.model_dump(), "skills": skills})
