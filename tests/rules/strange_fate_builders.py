"""Test helpers: the bundled Strange Fate system and a complete sample character built as the
book's «Character Creation» (L331-L502) orders it."""

from __future__ import annotations

from functools import cache

from rules.systems.registry import RegistryEntry
from rules.systems.strange_fate.catalog import TrappingUse
from rules.systems.strange_fate.character import (
    Aspect,
    Companion,
    DesignedSkill,
    EquipmentItem,
    FiveAnswers,
    Gift,
    ImprovementPick,
    Invulnerability,
    SkillDrawback,
    StrangeFateCharacter,
    Weakness,
)
from rules.systems.strange_fate.system import StrangeFateSystem, add_sample
from storage.systems_catalog import load_system

OXFORD = DesignedSkill(
    kind="unique",
    theme="An Oxford don's learning and connections",
    trappings=tuple(
        TrappingUse(trapping=t)
        for t in ("Networking", "Information", "Wealth", "Esteem", "Languages", "Research")
    ),
    drawbacks=(SkillDrawback(drawback="Complication", severity="minor", label="Absent-Minded"),),
)
"""The Oxford Professor of «Putting It Together» (L1376-L1380)."""


@cache
def system() -> StrangeFateSystem:
    """The bundled system, loaded as the registry would load it."""
    loaded = load_system(RegistryEntry(id="strange-fate", package="strange_fate"))
    assert isinstance(loaded, StrangeFateSystem)
    return loaded


def professor() -> StrangeFateCharacter:
    """A finished Changed PC of the Middle Century (Refresh 8, L329)."""
    sf = system()
    c = StrangeFateCharacter(
        name="Professor Archibald Hale",
        era="middle",
        archetype="Changed",
        social_class="Middle Class",
        answers=FiveAnswers(
            humble_beginnings="A vicar's son in Shropshire.",
            follies_of_youth="Boxed for Balliol with Lord Ashdown.",
            first_awakenings="Saw the Ashdown ghost with a fellow PC.",
            mysterious_origins="The serum from the Moreau papers.",
            great_failing="Trusted the wrong colleague with the formula.",
        ),
        aspects=(
            Aspect(kind="archetype", text="Remade by the Moreau Serum"),
            Aspect(kind="social-class", text="Don of Balliol College"),
            Aspect(kind="conviction", text="Knowledge Must Be Shared"),
            Aspect(kind="free", text="The Vicar's Boy", question="humble_beginnings"),
            Aspect(kind="free", text="Ashdown Owes Me", question="follies_of_youth"),
            Aspect(kind="free", text="I Have Seen Ghosts", question="first_awakenings"),
            Aspect(kind="free", text="", question="mysterious_origins"),
            Aspect(kind="free", text="", question="great_failing"),
        ),
        skills={
            "Oxford Professor": 3,
            "Endurance": 2,
            "Resolve": 2,
            "Investigation": 2,
            "Alertness": 1,
            "Fisticuffs": 1,
            "Athletics": 1,
            "Academics": 1,
            "Occultism": 1,
        },
        designed={"Oxford Professor": OXFORD},
        gifts=(
            Gift(name="Equipment", target="Swordstick"),
            Gift(name="Companion", target="Jenkins"),
        ),
        equipment=(
            EquipmentItem(
                name="Swordstick",
                improvements=(
                    ImprovementPick(name="Deadly", track="Health"),
                    ImprovementPick(name="Aspect", note="Hidden Blade"),
                    ImprovementPick(name="Alternate Use", skill="Fisticuffs"),
                ),
            ),
        ),
        companions=(
            Companion(
                name="Jenkins",
                improvements=(
                    ImprovementPick(name="Quality"),
                    ImprovementPick(name="Skilled"),
                    ImprovementPick(name="Independent"),
                ),
                skills={"Burglary": 2, "Presence": 2, "Alertness": 1},
            ),
        ),
        invulnerabilities=(Invulnerability(category="fire", severity="minor"),),
        weaknesses=(Weakness(category="silver", severity="minor"),),
    )
    c = add_sample(c, sf.sample("Strength Training"), 3)
    aspects = list(c.aspects)
    aspects[7] = Aspect(kind="complication", text="Absent-Minded", skill="Oxford Professor")
    return c.model_copy(
        update={
            "aspects": tuple(aspects),
            "tier_benefits": {"Strength Training": ("Physical Force", "Leap")},
        }
    )
