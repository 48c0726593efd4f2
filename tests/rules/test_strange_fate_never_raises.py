"""Validation never raises: any Strange Fate character the model accepts, however half-made, is
reported on. «Character Creation» (L331-L346) is "only a recommended order", so every
intermediate state must validate, derive and list without an exception."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.systems.strange_fate.character import StrangeFateCharacter
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.validation import Problem
from tests.rules.strange_fate_builders import system

SKILLS = ["Academics", "Endurance", "Resolve", "Brawn", "Drive", "Magic", "Oxford",
          "Faerie Glamour", "", "endurance", "Craftsmanship"]  # fmt: skip
TRAPPINGS = ["Networking", "Information", "Stress Capacity", "Variable", "Minions", "Shoot",
             "Physical Force", "Languages", "Teleport", "Environment", "Repair"]  # fmt: skip
DETAILS = ["Health", "Scene", "Session", "Duplicates", "Urban", "Nowhere", "Physical"]
DRAWBACKS = ["Complication", "Conviction", "Taxing", "Transform", "Focus", "Snag", "Hexed"]
TIERS = ["Mundane", "Extraordinary", "Superhuman", "Ascendant", "Godlike"]
IMPROVEMENTS = [
    "Aspect",
    "Quality",
    "Skilled",
    "Empowered",
    "Rugged",
    "Well-Made",
    "Numerous",
    "Zap",
]

text = st.text(max_size=12)
skill = st.sampled_from(SKILLS)
drawback = st.fixed_dictionaries(
    {"drawback": st.sampled_from(DRAWBACKS), "severity": st.sampled_from(["minor", "major"])},
    optional={"label": text, "replaces": text},
)
trapping = st.fixed_dictionaries(
    {"trapping": st.sampled_from(TRAPPINGS)},
    optional={
        "details": st.lists(st.sampled_from(DETAILS), max_size=2),
        "extras": st.lists(
            st.fixed_dictionaries(
                {"extra": st.sampled_from(["Psychic", "Range", "Zone", "Spray", "Nope"])},
                optional={"count": st.integers(1, 3)},
            ),
            max_size=2,
        ),
        "count": st.integers(1, 2),
    },
)
improvement = st.fixed_dictionaries(
    {"name": st.sampled_from(IMPROVEMENTS)},
    optional={
        "track": st.sampled_from(["Health", "Composure", "Reputation"]),
        "tier": st.sampled_from(TIERS),
        "skill": skill,
    },
)
document = st.fixed_dictionaries(
    {},
    optional={
        "name": text,
        "role": st.sampled_from(["pc", "adversary", "villain"]),
        "era": st.sampled_from(["early", "middle", "late"]),
        "archetype": st.sampled_from(["Faerie", "Artificial", "Anachronist", "Custom", ""]),
        "social_class": st.sampled_from(["Upper Class", "Gentry", ""]),
        "skills": st.dictionaries(skill, st.integers(-3, 9), max_size=8),
        "designed": st.dictionaries(
            skill,
            st.fixed_dictionaries(
                {},
                optional={
                    "kind": st.sampled_from(["unique", "strange"]),
                    "trappings": st.lists(trapping, max_size=5),
                    "drawbacks": st.lists(drawback, max_size=3),
                    "invention": st.booleans(),
                    "sample": st.sampled_from(["Beggar", "Nope"]),
                },
            ),
            max_size=3,
        ),
        "tiers": st.dictionaries(skill, st.sampled_from(TIERS), max_size=4),
        "tier_benefits": st.dictionaries(
            skill, st.lists(st.sampled_from(TRAPPINGS), max_size=3), max_size=3
        ),
        "common_drawbacks": st.dictionaries(skill, st.lists(drawback, max_size=2), max_size=2),
        "aspects": st.lists(
            st.fixed_dictionaries(
                {
                    "kind": st.sampled_from(
                        ["archetype", "social-class", "conviction", "free", "complication"]
                    )
                },
                optional={"text": text, "skill": st.none() | skill},
            ),
            max_size=10,
        ),
        "gifts": st.lists(
            st.fixed_dictionaries(
                {
                    "name": st.sampled_from(
                        ["Companion", "Equipment", "Impact", "Signature Aspect", "Skilled", "Theme"]
                    )
                },
                optional={
                    "target": st.sampled_from(["Jenkins", "Stick", ""]),
                    "skill": skill,
                    "aspect": text,
                    "theme": st.lists(st.fixed_dictionaries({"skill": skill}), max_size=3),
                },
            ),
            max_size=4,
        ),
        "companions": st.lists(
            st.fixed_dictionaries(
                {"name": st.sampled_from(["Jenkins", ""])},
                optional={
                    "improvements": st.lists(improvement, max_size=5),
                    "skills": st.dictionaries(skill, st.integers(-2, 5), max_size=3),
                    "drawbacks": st.lists(drawback, max_size=2),
                },
            ),
            max_size=2,
        ),
        "equipment": st.lists(
            st.fixed_dictionaries(
                {"name": st.sampled_from(["Stick", ""])},
                optional={
                    "improvements": st.lists(improvement, max_size=5),
                    "protective": st.booleans(),
                },
            ),
            max_size=2,
        ),
        "invulnerabilities": st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "category": text,
                    "severity": st.sampled_from(["minor", "major"]),
                    "breadth": st.sampled_from(["narrow", "broad"]),
                    "scope": st.sampled_from(["physical", "mental", "social"]),
                },
            ),
            max_size=2,
        ),
        "weaknesses": st.lists(st.fixed_dictionaries({}, optional={"category": text}), max_size=2),
    },
)
campaign = st.builds(
    StrangeFateSettings,
    era=st.none() | st.sampled_from(["early", "middle", "late"]),
    common_skills=st.booleans(),
    gifts_and_flaws=st.booleans(),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document, campaign)
def test_validate_derive_and_list_never_raise(
    data: dict[str, Any], rules: StrangeFateSettings
) -> None:
    try:
        character = StrangeFateCharacter.model_validate(data)
    except ValidationError:
        return  # the schema refused it: not a character
    sf = system()
    problems = sf.validate(character, rules)
    assert all(isinstance(p, Problem) and p.message and p.section for p in problems)
    derived = sf.derive(character, rules)
    assert derived.skill_points_total >= 30
    sf.listing(character, rules)
