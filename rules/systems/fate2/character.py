"""Rules layer: the FATE 2.0 character model (§2 Character Creation; sheet fields of D§13).

A FATE 2.0 character is built phase by phase: each phase takes an aspect level and spends skill
ranks, one tick per rank (§2 Looking at the Pyramid). The final sheet (``skills``, ``aspects``,
``extras``) is what play needs; the optional ``phases`` history is what lets the validator check
the pyramid after every phase. Every field defaults to "not filled in yet"; the validators in
:mod:`rules.systems.fate2.checks` say what is missing. Models carry field descriptions so the
character file's JSON Schema documents them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from rules.character import MAX_NAME, MAX_TEXT, CharacterBase, Rating

MAX_PHASES = 60
MAX_LEVEL = 50

PhaseKind = Literal["normal", "absent", "potential", "destiny", "arc"]
ExtraKind = Literal[
    "intrinsic", "item", "servant", "minions", "contact", "resource", "other"
]  # fmt: skip

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Fate2Aspect(BaseModel):
    """An aspect on the sheet: ``□□ Knight (Good)`` is Knight at level 2 (§2 Select Aspects)."""

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME, description="The aspect as written.")
    level: int = Field(
        default=1,
        ge=1,
        le=MAX_LEVEL,
        description="Its level: 1 Fair, 2 Good, 3 Great... also its number of check boxes.",
    )
    checked: int = Field(
        default=0, ge=0, le=MAX_LEVEL, description="Boxes checked since the last refresh (§4)."
    )
    negative: bool = Field(
        default=False, description="Shown as a negative ladder value (§4 Negative Aspects)."
    )
    notes: str = Field(
        default="", max_length=MAX_TEXT, description="Ideas for invoking it, player's or GM's."
    )


class Fate2Extra(BaseModel):
    """Something bought with skill ranks that is not a skill (§5 Extras).

    Personal and shared extras buy one aspect of the item, servant or contact per rank (§5
    Personal Extras, Shared Extras); a servant is a character of as many phases as its ranks;
    minions need a controlling aspect of the character and number ranks x that aspect's level
    per scene (§5 Minions).
    """

    model_config = _FROZEN

    name: str = Field(default="", max_length=MAX_NAME, description="What the player calls it.")
    kind: ExtraKind = Field(default="other", description="Which kind of extra (§5).")
    ranks: int = Field(default=0, ge=0, le=500, description="Skill ranks invested in it.")
    aspects: tuple[str, ...] = Field(
        default=(), max_length=50, description="Aspects the ranks gave it, one per rank."
    )
    controlling_aspect: str = Field(
        default="",
        max_length=MAX_NAME,
        description="Minions: the character's aspect that commands them (e.g. Overlord).",
    )
    in_pyramid: bool | None = Field(
        default=None,
        description="Whether it counts in the pyramid; null follows the campaign setting.",
    )
    notes: str = Field(default="", max_length=MAX_TEXT, description="What it does.")


class Fate2Phase(BaseModel):
    """One phase of the character's history, as the checkmark method records it.

    ``kind``: "normal" (an aspect level and the phase's ranks, §2), "absent" (a phase of the
    shared timeline the character missed; it banks one point of potential, §6 Potential),
    "potential" (an extra phase bought with a potential point right after a phase that took an
    aspect, §6 Potential), "destiny" (the Destiny aspect, with no ranks, §6 Destiny) or "arc" (a
    story arc of advancement: four ranks and the goal aspect, §7 Advancement).
    """

    model_config = _FROZEN

    kind: PhaseKind = Field(default="normal", description="What sort of phase it is.")
    plot: bool = Field(
        default=False, description="A plot phase: the plot bonus ranks (§6 Aspects as Plot Hooks)."
    )
    events: str = Field(
        default="", max_length=MAX_TEXT, description="What the character did in this phase."
    )
    aspects: tuple[str, ...] = Field(
        default=(),
        max_length=10,
        description="Aspects taken, one level each (a name already held goes up a level).",
    )
    ranks: dict[str, StrictInt] = Field(
        default_factory=dict,
        max_length=60,
        description="Skill name -> ranks bought this phase (one tick a rank; one step each).",
    )
    extras: dict[str, StrictInt] = Field(
        default_factory=dict,
        max_length=20,
        description="Extra name -> ranks put into that extra this phase.",
    )
    renames: dict[str, str] = Field(
        default_factory=dict,
        max_length=20,
        description="Old skill name -> new name, from this phase on (the skill keeps its ticks).",
    )


class Fate2Character(CharacterBase):
    """A FATE 2.0 character, finished or in progress.

    Attributes:
        system: Always ``"fate2"``.
        skills: Skill name -> value on the FATE 2.0 ladder (Average 0, Fair +1 ... Mediocre -1).
            Any name may be used: the GM builds the list. Mediocre and below sit outside the
            pyramid.
        concept: The idea behind the character.
        aspects: The aspects with their levels.
        goal: The next aspect the player wants (§2 Select Character Goal); may be blank.
        phases: The history, in order; empty when only the final sheet was entered.
        free_aspects: Free aspect levels taken outside the phases (§6 Free Aspects).
        extras: Extras bought with ranks (§5).
        skill_defaults: Skill name -> its default when below Mediocre and not on the campaign
            list (§7 Difficult Skills; e.g. an animal form's Mobility at Poor).
        fate_points: Current fate points; None means "the starting amount".
        injured: Injured boxes marked (the only wound-track row that outlasts a scene).
    """

    system: Literal["fate2"] = "fate2"
    skills: dict[str, Rating] = Field(
        default_factory=dict,
        max_length=200,
        description="Skill name -> value on the FATE 2.0 ladder (Average 0, Mediocre -1).",
    )
    concept: str = Field(default="", max_length=MAX_NAME, description="The character's idea.")
    aspects: tuple[Fate2Aspect, ...] = Field(
        default=(), max_length=100, description="Aspects with their levels."
    )
    goal: str = Field(
        default="", max_length=MAX_NAME, description="The next aspect the player aims for."
    )
    phases: tuple[Fate2Phase, ...] = Field(
        default=(), max_length=MAX_PHASES, description="Phase history, in order (may be empty)."
    )
    free_aspects: tuple[str, ...] = Field(
        default=(), max_length=50, description="Free aspect levels taken outside the phases."
    )
    extras: tuple[Fate2Extra, ...] = Field(
        default=(), max_length=50, description="Extras bought with skill ranks."
    )
    skill_defaults: dict[str, StrictInt] = Field(
        default_factory=dict,
        max_length=50,
        description="Skill name -> default below Mediocre, for skills not on the campaign list.",
    )
    fate_points: int | None = Field(
        default=None, ge=0, le=1000, description="Current fate points; null: the starting amount."
    )
    injured: int = Field(
        default=0,
        ge=0,
        le=20,
        description="Injured boxes of the wound track marked now: they outlast the scene until "
        "healed (§8 Injuries and Advantages); Clipped and Hurt end with the scene.",
    )

    def skill(self, name: str, default: int = -1) -> int:
        """Value of ``name`` (case-insensitive), or ``default`` (Mediocre) when not listed."""
        return super().skill(name, default)

    def aspect(self, name: str) -> Fate2Aspect | None:
        """The aspect called ``name`` (case-insensitive, trimmed), or None."""
        key = name.strip().casefold()
        for aspect in self.aspects:
            if aspect.name.strip().casefold() == key:
                return aspect
        return None

    def extra(self, name: str) -> Fate2Extra | None:
        """The extra called ``name`` (case-insensitive, trimmed), or None."""
        key = name.strip().casefold()
        for extra in self.extras:
            if extra.name.strip().casefold() == key:
                return extra
        return None
