"""Validation never raises: any character the model accepts, however half-made, is reported on.

SotC "Character Creation" is done over a session or in play ("Creation on the Fly"), so every
intermediate state must validate and derive without an exception.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings
from rules.validation import Problem

SKILLS = ["Athletics", "Fists", "Guns", "Bows", "Mysteries", "Resolve", "Endurance", "resolve",
          "Alertness", "Empathy", "Academics", "Nonsense", ""]  # fmt: skip
STUNTS = ["Danger Sense", "Lieutenant", "Photographic Memory", "Ready for Anything",
          "Thick Skinned", "Personal Gadget", "Weird Science", "Gambling Man", "Made Up",
          "disguise of the mind", "  Linguist "]  # fmt: skip
IMPROVEMENTS = ["Rugged", "Arcane", "Unbelievable", "Special Effect", "Uses Weird Science",
                "Hair Trigger", "Sparkles"]  # fmt: skip

text = st.text(max_size=30)
phase = st.fixed_dictionaries(
    {},
    optional={
        "events": text,
        "aspects": st.lists(text, max_size=4),
        "mentor": text,
        "mentor_fate": text,
        "novel_title": text,
        "guest_star_in": st.none() | st.fixed_dictionaries({"title": text, "author": text}),
    },
)
document = st.fixed_dictionaries(
    {},
    optional={
        "name": text,
        "creation_mode": st.sampled_from(["standard", "fast"]),
        "description": text,
        "skills": st.dictionaries(st.sampled_from(SKILLS), st.integers(-5, 12), max_size=20),
        "phases": st.lists(phase, max_size=5),
        "stunts": st.lists(
            st.fixed_dictionaries(
                {"name": st.sampled_from(STUNTS)},
                optional={"custom": st.booleans(), "skill": st.sampled_from(SKILLS)},
            ),
            max_size=8,
        ),
        "gadgets": st.lists(
            st.fixed_dictionaries(
                {"name": text, "kind": st.sampled_from(["personal", "artifact", "other"])},
                optional={
                    "improvements": st.lists(
                        st.fixed_dictionaries({"name": st.sampled_from(IMPROVEMENTS)}), max_size=5
                    )
                },
            ),
            max_size=3,
        ),
        "fate_points": st.none() | st.integers(0, 20),
        "refresh": st.none() | st.integers(0, 20),
        "condition": st.fixed_dictionaries(
            {},
            optional={
                "health": st.lists(st.booleans(), max_size=12),
                "composure": st.lists(st.booleans(), max_size=12),
            },
        ),
    },
)
campaigns = st.sampled_from(
    [
        SotcSettings(),
        HOW_TO_DO_THINGS,
        SotcSettings(renamed_skills={"Guns": "Bows"}, removed_skills=("Mysteries",)),
        SotcSettings(weirdness="outside-your-window"),
        SotcSettings(weirdness="world-of-tomorrow"),
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document, campaigns)
def test_any_half_made_character_validates_and_derives(
    sotc: Any, doc: dict[str, Any], rules: SotcSettings
) -> None:
    character = SotcCharacter.model_validate(doc)
    problems = sotc.validate(character, rules)
    assert all(isinstance(p, Problem) and p.message and p.path and p.section for p in problems)
    derived = sotc.derive(character, rules)
    assert derived.health_boxes >= rules.stress_boxes
    assert derived.composure_boxes >= rules.stress_boxes
    assert derived.refresh >= 0
