"""Spirit of the Century character rules: validator rules V1-V12 and warnings W1-W5.

Each test names the SotC section it checks; rule numbers follow shared/rules/sotc.md 2.8.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.sotc.character import SotcCharacter
from rules.systems.sotc.conflict import stress_bonus
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings
from rules.validation import Severity, has_errors
from tests.rules.sotc_builders import COMPLETE_SKILLS, build, complete_document


def codes(problems: tuple[Any, ...], severity: Severity | None = None) -> list[str]:
    return [p.code for p in problems if severity is None or p.severity is severity]


def with_stunts(*names: str, **extra: Any) -> SotcCharacter:
    return build(stunts=[{"name": n} for n in names], gadgets=[], **extra)


def test_a_complete_character_is_valid(sotc: Any) -> None:
    """SotC "What a finished character has" (L564-L573): 10 aspects, 15 skills, 5 stunts."""
    problems = sotc.validate(build())
    assert codes(problems, Severity.ERROR) == []
    assert codes(problems) == []


def test_a_blank_character_is_reported_never_rejected(sotc: Any) -> None:
    """A half-made character is normal: validation lists what is missing and never raises."""
    problems = sotc.validate(SotcCharacter())
    found = set(codes(problems))
    assert {
        "SOTC-V1-name",
        "SOTC-V2-missing-aspects",
        "SOTC-V4-mentor",
        "SOTC-V5-novel-title",
        "SOTC-V6-guest-star",
        "SOTC-V7-rung-under",
        "SOTC-V9-stunt-count",
    } <= found
    for p in problems:
        assert p.message and p.section.startswith("SotC") and p.path


def test_v1_name_is_required(sotc: Any) -> None:
    """V1, SotC "Character Creation: Name"."""
    problems = sotc.validate(build(name="   "))
    assert codes(problems) == ["SOTC-V1-name"]
    assert problems[0].path == "name"


def test_v2_each_phase_has_exactly_two_aspects(sotc: Any) -> None:
    """V2, SotC "The Phases": two aspects per phase, ten in all."""
    doc = complete_document()
    doc["phases"][2]["aspects"] = ["Only One"]
    doc["phases"][3]["aspects"] = ["A", "B", "C"]
    problems = sotc.validate(SotcCharacter.model_validate(doc))
    by_path = {p.path: p.code for p in problems}
    assert by_path["phases[2].aspects"] == "SOTC-V2-missing-aspects"
    assert by_path["phases[3].aspects"] == "SOTC-V2-too-many-aspects"


def test_v2_missing_phases_are_reported(sotc: Any) -> None:
    doc = complete_document()
    doc["phases"] = doc["phases"][:3]
    problems = sotc.validate(SotcCharacter.model_validate(doc))
    assert "phases[4].aspects" in {p.path for p in problems}
    assert "SOTC-V6-guest-star" in codes(problems)


def test_v3_blank_aspect_is_an_error_duplicate_is_a_warning(sotc: Any) -> None:
    """V3: aspect text non-empty; the same aspect twice is worth a warning."""
    doc = complete_document()
    doc["phases"][0]["aspects"] = ["", "Stubborn as a Mule"]
    doc["phases"][1]["aspects"] = ["stubborn  as a mule", "Owes the RAF"]
    problems = sotc.validate(SotcCharacter.model_validate(doc))
    assert ("SOTC-V3-blank-aspect", Severity.ERROR) in {(p.code, p.severity) for p in problems}
    dup = next(p for p in problems if p.code == "SOTC-V3-duplicate-aspect")
    assert dup.severity is Severity.WARNING and dup.path == "phases[1].aspects[0]"


def test_v4_phase_two_needs_mentor_and_fate(sotc: Any) -> None:
    """V4, SotC "Phase Two: War" (L506): name and fate of the mentor."""
    doc = complete_document()
    doc["phases"][1]["mentor"] = ""
    doc["phases"][1]["mentor_fate"] = " "
    found = codes(sotc.validate(SotcCharacter.model_validate(doc)))
    assert found == ["SOTC-V4-mentor", "SOTC-V4-mentor-fate"]


def test_v5_phase_three_needs_title_and_blurb(sotc: Any) -> None:
    """V5, SotC "Phase Three: Novel": a title and a back-cover blurb."""
    doc = complete_document()
    doc["phases"][2]["novel_title"] = ""
    doc["phases"][2]["events"] = ""
    problems = sotc.validate(SotcCharacter.model_validate(doc))
    assert set(codes(problems)) == {"SOTC-V5-novel-title", "SOTC-V2-events"}
    blurb = next(p for p in problems if p.code == "SOTC-V2-events")
    assert "blurb" in blurb.message


def test_v6_guest_star_in_another_characters_novel(sotc: Any) -> None:
    """V6, SotC "Phase Four: Guest Star": another character's novel, phase five different."""
    doc = complete_document()
    doc["phases"][3]["guest_star_in"] = {"title": "Ada Thorne and the Sand Engine!"}
    assert "SOTC-V6-own-novel" in codes(sotc.validate(SotcCharacter.model_validate(doc)))
    doc = complete_document()
    doc["phases"][4]["guest_star_in"] = doc["phases"][3]["guest_star_in"]
    assert "SOTC-V6-same-novel" in codes(sotc.validate(SotcCharacter.model_validate(doc)))


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"Athletics": 4}, "SOTC-V7-rung-over"),  # two Superb -> one; three Great
        ({"Drive": 0}, "SOTC-V7-rung-under"),  # four Average
        ({"Drive": 6}, "SOTC-V7-above-superb"),
        ({"Flying": 1}, "SOTC-V7-unknown-skill"),
        ({"Drive": -1}, "SOTC-V8-below-mediocre"),
    ],
)
def test_v7_v8_skill_pyramid(sotc: Any, change: dict[str, int], code: str) -> None:
    """V7/V8, SotC "Skills" (L546-L556): pyramid 1/2/3/4/5 from Superb down; rest Mediocre."""
    skills = dict(COMPLETE_SKILLS)
    skills.update(change)
    assert code in codes(sotc.validate(build(skills=skills)))


def test_v7_rung_messages_name_the_rung_and_count(sotc: Any) -> None:
    skills = dict(COMPLETE_SKILLS, Drive=5)
    problem = next(p for p in sotc.validate(build(skills=skills)) if p.code == "SOTC-V7-rung-over")
    assert problem.path == "pyramid.5"
    assert "Superb (+5) has 2 skills" in problem.message
    assert "allows 1" in problem.message


def test_v7_duplicate_skill_names_differing_in_case(sotc: Any) -> None:
    skills = dict(COMPLETE_SKILLS)
    del skills["Drive"]
    skills["drive"] = 1
    skills["DRIVE"] = 0
    assert "SOTC-V7-duplicate-skill" in codes(sotc.validate(build(skills=skills)))


def test_v7_campaign_may_rename_guns_and_drop_mysteries(sotc: Any) -> None:
    """SotC "Guns" (L1937: may become Bows) and "Mysteries" (L5782: may be removed)."""
    rules = SotcSettings(renamed_skills={"Guns": "Bows"}, removed_skills=("Mysteries",))
    names = sotc.skill_names(rules)
    assert "Bows" in names and "Guns" not in names and "Mysteries" not in names
    assert len(names) == 27
    skills = dict(COMPLETE_SKILLS)
    del skills["Guns"]
    skills["Bows"] = 1
    assert codes(sotc.validate(build(skills=skills), rules)) == []
    assert "SOTC-V7-unknown-skill" in codes(sotc.validate(build(), rules))


def test_v9_exactly_five_stunts(sotc: Any) -> None:
    """V9, SotC "Stunts" (L558-L560): exactly five stunts."""
    assert "SOTC-V9-stunt-count" in codes(sotc.validate(with_stunts("Danger Sense")))
    six = ("Danger Sense", "Mighty Leap", "Clever Disguise", "Linguist", "Linguist", "Scholar")
    assert "SOTC-V9-too-many-stunts" in codes(sotc.validate(with_stunts(*six)))


def test_v9_prerequisite_missing_is_explained(sotc: Any) -> None:
    """V9, SotC "Academics" stunts: Photographic Memory requires Walking Library."""
    character = with_stunts(
        "Danger Sense", "Mighty Leap", "Clever Disguise", "Linguist", "Photographic Memory"
    )
    problems = sotc.validate(character)
    prereq = [p for p in problems if p.code == "SOTC-V9-prerequisite"]
    assert len(prereq) == 1
    assert prereq[0].path == "stunts[4]"
    assert "Walking Library" in prereq[0].message
    fixed = with_stunts(
        "Danger Sense", "Mighty Leap", "Clever Disguise", "Walking Library", "Photographic Memory"
    )
    assert "SOTC-V9-prerequisite" not in codes(sotc.validate(fixed))


def test_v9_non_repeatable_stunt_twice(sotc: Any) -> None:
    """V9: only repeatable stunts may be taken more than once."""
    character = with_stunts(
        "Danger Sense", "Danger Sense", "Mighty Leap", "Clever Disguise", "Linguist"
    )
    assert "SOTC-V10-takes" in codes(sotc.validate(character))
    repeatable = with_stunts(
        "Linguist", "Linguist", "Mighty Leap", "Clever Disguise", "Danger Sense"
    )
    assert "SOTC-V10-takes" not in codes(sotc.validate(repeatable))


def test_v10_lieutenant_two_or_three_times(sotc: Any) -> None:
    """V10, SotC "Leadership: Lieutenant": taken twice or three times, never once."""
    skills = dict(COMPLETE_SKILLS)
    del skills["Drive"]
    skills["Leadership"] = 1
    once = with_stunts(
        "Lieutenant", "Mighty Leap", "Clever Disguise", "Linguist", "Danger Sense", skills=skills
    )
    assert "SOTC-V10-takes" in codes(sotc.validate(once))
    twice = with_stunts(
        "Lieutenant", "Lieutenant", "Clever Disguise", "Linguist", "Danger Sense", skills=skills
    )
    assert "SOTC-V10-takes" not in codes(sotc.validate(twice))


def test_v10_disguise_of_the_mind_needs_great_deceit(sotc: Any) -> None:
    """V10, SotC "Deceit: Disguise of the Mind": Deceit at Great or better."""
    names = (
        "Clever Disguise",
        "Mimicry",
        "Master of Disguise",
        "Disguise of the Mind",
        "Danger Sense",
    )
    good = with_stunts(*names)
    messages = [p.message for p in sotc.validate(good) if p.code == "SOTC-V9-prerequisite"]
    assert any("Deceit" in m and "Great" in m for m in messages), messages
    skills = dict(COMPLETE_SKILLS, Deceit=4, Fists=3)
    great = with_stunts(*names, skills=skills)
    assert not [p for p in sotc.validate(great) if p.code == "SOTC-V9-prerequisite"]


def test_v11_refresh_equals_number_of_aspects(sotc: Any) -> None:
    """V11, SotC "Fate Points" (L283-L343): fate points = refresh = aspects (10)."""
    derived = sotc.derive(build())
    assert derived.refresh == 10 and derived.fate_points == 10
    assert "SOTC-V11-refresh" in codes(sotc.validate(build(refresh=9)))
    spent = sotc.validate(build(fate_points=7))
    assert [(p.code, p.severity) for p in spent] == [("SOTC-V11-fate-points", Severity.WARNING)]


@pytest.mark.parametrize(
    ("rating", "bonus"),
    [(-2, 0), (0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)],
)
def test_v12_stress_bonus_table(rating: int, bonus: int) -> None:
    """V12, SotC "Endurance"/"Resolve": Mediocre +0, Average-Fair +1, Good-Great +2,
    Superb-Fantastic +3 (Epic+ is a documented house rule: +4)."""
    assert stress_bonus(rating) == bonus


def test_v12_health_and_composure_tracks(sotc: Any) -> None:
    """V12: 5 boxes + Endurance/Resolve band; Thick Skinned +1 Health (Superb Endurance: 9)."""
    skills = dict(COMPLETE_SKILLS, Endurance=5, Athletics=3)
    character = with_stunts(
        "One Hit to the Body",
        "Thick Skinned",
        "Mighty Leap",
        "Clever Disguise",
        "Danger Sense",
        skills=skills,
    )
    derived = sotc.derive(character)
    assert derived.health_boxes == 9
    assert derived.composure_boxes == 7  # Resolve Good: 5 + 2
    assert codes(sotc.validate(character), Severity.ERROR) == []


def test_v12_recorded_track_must_match(sotc: Any) -> None:
    character = build(condition={"health": [False] * 6, "composure": [False] * 7})
    problems = sotc.validate(character)
    assert [p.path for p in problems] == ["condition.health"]


def test_how_to_do_things_variant_has_three_boxes(sotc: Any) -> None:
    """ "How To Do Things" wiki variant: 3 boxes per track before the skill bonus."""
    derived = sotc.derive(build(), HOW_TO_DO_THINGS)
    assert (derived.health_boxes, derived.composure_boxes) == (5, 5)


def test_initiative_alertness_empathy_and_resolve(sotc: Any) -> None:
    """SotC "Initiative" (L1205-L1223): Alertness physical, Empathy social, Resolve breaks ties;
    Ready for Anything +1 per take."""
    derived = sotc.derive(build())
    assert (derived.initiative.physical, derived.initiative.social) == (4, 2)
    assert derived.initiative.tiebreak == 3
    quick = with_stunts(
        "On Top Of It", "Ready for Anything", "Ready for Anything", "Mighty Leap", "Clever Disguise"
    )
    assert sotc.derive(quick).initiative.physical == 6


def test_w1_stunt_for_a_mediocre_skill_is_a_warning(sotc: Any) -> None:
    """W1, SotC "Stunts" (L560, L2235): a stunt of a skill below Average needs the GM."""
    character = with_stunts(
        "Danger Sense",
        "Mighty Leap",
        "Clever Disguise",
        "Linguist",
        "Walking Library",
        skills=dict(COMPLETE_SKILLS, Academics=0, Drive=0, Mysteries=2),
    )
    w1 = [p for p in sotc.validate(character) if p.code == "SOTC-W1-low-skill-stunt"]
    assert {p.path for p in w1} == {"stunts[3]", "stunts[4]"}
    assert all(p.severity is Severity.WARNING for p in w1)


def test_w2_aspect_prerequisite_is_a_warning(sotc: Any) -> None:
    """W2, SotC "Gambling: Gambling Man": needs a gambling aspect the GM can compel."""
    skills = dict(COMPLETE_SKILLS)
    del skills["Drive"]
    skills["Gambling"] = 1
    character = with_stunts(
        "Gambling Man", "Mighty Leap", "Clever Disguise", "Linguist", "Danger Sense", skills=skills
    )
    problems = sotc.validate(character)
    assert "SOTC-W2-aspect-prerequisite" in codes(problems, Severity.WARNING)
    assert not has_errors(problems)


def test_w3_fast_creation_advises_early_combat_skills(sotc: Any) -> None:
    """W3 and fast creation (SotC "Fast Character Creation", L621-L658)."""
    character = SotcCharacter(
        name="Quick Jack",
        description="A boxer.",
        creation_mode="fast",
        skills={"Fists": 5},
        phases=({"aspects": ("Glass Jaw", "Big Heart")},),
    )
    problems = sotc.validate(character)
    assert not has_errors(problems)
    assert "SOTC-W3-early-skills" in codes(problems, Severity.WARNING)
    assert sotc.derive(character).fate_points == 2  # each aspect written earns one fate point


def test_fast_creation_only_checks_the_shape(sotc: Any) -> None:
    """SotC "Creation on the fly": empty slots are fine, exceeding the pyramid is not."""
    over = SotcCharacter(
        name="Too Good",
        creation_mode="fast",
        description="x",
        skills={"Fists": 5, "Guns": 5},
        phases=({"aspects": ("A", "B")},),
    )
    assert "SOTC-V7-rung-over" in codes(sotc.validate(over), Severity.ERROR)
    six = SotcCharacter(
        name="Busy",
        creation_mode="fast",
        description="x",
        skills={"Fists": 5},
        stunts=tuple(
            {"name": n} for n in ("Brawler", "Brawler", "Brawler", "Brawler", "Brawler", "Brawler")
        ),
    )
    assert "SOTC-V9-too-many-stunts" in codes(sotc.validate(six))


def test_w4_weird_science_in_a_mundane_world(sotc: Any) -> None:
    """W4, SotC "Setting Decisions": no Weird or Mad Science in The World Outside Your Window."""
    skills = dict(COMPLETE_SKILLS, Science=5, Athletics=1)
    character = with_stunts(
        "Scientific Genius",
        "Scientific Invention",
        "Weird Science",
        "Mad Science",
        "Danger Sense",
        skills=skills,
    )
    assert "SOTC-W4-weirdness" not in codes(sotc.validate(character))
    mundane = SotcSettings(weirdness="outside-your-window")
    w4 = [p for p in sotc.validate(character, mundane) if p.code == "SOTC-W4-weirdness"]
    assert {p.path for p in w4} >= {"stunts[2]", "stunts[3]"}


def test_custom_stunt_is_flagged_for_the_gm(sotc: Any) -> None:
    """SotC "What Stunts Do": the list is not exhaustive; custom stunts need GM approval."""
    character = build(
        stunts=[
            {"name": "Jury-Rig", "skill": "Engineering", "custom": True},
            {"name": "Mighty Leap"},
            {"name": "Danger Sense"},
            {"name": "Clever Disguise"},
            {"name": "Linguist"},
        ],
        gadgets=[],
    )
    problems = sotc.validate(character)
    assert [p.code for p in problems] == ["SOTC-W-custom-stunt"]
    unknown = build(
        stunts=[
            {"name": "Jury-Rig"},
            {"name": "Mighty Leap"},
            {"name": "Danger Sense"},
            {"name": "Clever Disguise"},
            {"name": "Linguist"},
        ],
        gadgets=[],
    )
    assert "SOTC-V9-unknown-stunt" in codes(sotc.validate(unknown), Severity.ERROR)


def test_personal_gadget_improvement_allowance(sotc: Any) -> None:
    """SotC "Personal Gadgets": the stunt buys three improvements."""
    doc = complete_document()
    doc["gadgets"][0]["improvements"].append({"name": "Rugged"})
    assert "SOTC-GADGET-improvements" in codes(sotc.validate(SotcCharacter.model_validate(doc)))
    assert sotc.derive(build()).gadget_improvements_allowed == 3


def test_languages_follow_academics_and_linguist(sotc: Any) -> None:
    """SotC "Academics: Languages": one per step above Mediocre; Linguist +5."""
    assert sotc.derive(build()).languages == 2 + 5


def test_world_of_tomorrow_shortens_the_weird_science_chain(sotc: Any) -> None:
    """SotC "Setting Decisions: World of Tomorrow" (L6872): Weird Science needs only Scientific
    Genius; elsewhere it needs Scientific Invention (L4387)."""
    skills = dict(COMPLETE_SKILLS, Science=5, Athletics=1)
    character = with_stunts(
        "Scientific Genius",
        "Weird Science",
        "Danger Sense",
        "Mighty Leap",
        "Clever Disguise",
        skills=skills,
    )
    assert "SOTC-V9-prerequisite" in codes(sotc.validate(character))
    tomorrow = SotcSettings(weirdness="world-of-tomorrow")
    assert "SOTC-V9-prerequisite" not in codes(sotc.validate(character, tomorrow))


def gadget(*improvements: str, kind: str = "personal") -> dict[str, Any]:
    return {"name": "Widget", "kind": kind, "improvements": [{"name": n} for n in improvements]}


def test_weird_science_gadget_without_the_stunt_pays_a_surcharge(sotc: Any) -> None:
    """SotC "Personal Gadgets": Weird Science without the stunt costs one improvement first."""
    ok = build(gadgets=[gadget("Special Effect", "Upgrade")])
    problems = sotc.validate(ok)
    assert "SOTC-GADGET-weird-surcharge" in codes(problems, Severity.WARNING)
    assert not has_errors(problems)
    over = build(gadgets=[gadget("Special Effect", "Upgrade", "Armed")])
    assert "SOTC-GADGET-improvements" in codes(sotc.validate(over), Severity.ERROR)
    spelled_out = build(gadgets=[gadget("Uses Weird Science", "Special Effect", "Upgrade")])
    assert codes(sotc.validate(spelled_out)) == []


def test_mad_science_gadget_without_the_stunt_costs_two(sotc: Any) -> None:
    """SotC "Personal Gadgets": Mad Science without the stunt costs two improvements."""
    assert "SOTC-GADGET-improvements" in codes(
        sotc.validate(build(gadgets=[gadget("Unbelievable", "Upgrade")]))
    )
    assert codes(sotc.validate(build(gadgets=[gadget("Unbelievable")])), Severity.ERROR) == []


def test_artifact_only_and_forbidden_improvements(sotc: Any) -> None:
    """SotC "Artifacts": Arcane and Blessed only on artifacts; no Futurization or Hair Trigger."""
    found = codes(sotc.validate(build(gadgets=[gadget("Arcane")])))
    assert "SOTC-GADGET-artifact-only" in found
    found = codes(sotc.validate(build(gadgets=[gadget("Hair Trigger", kind="artifact")])))
    assert "SOTC-GADGET-not-on-artifacts" in found


def test_non_repeatable_improvement_twice(sotc: Any) -> None:
    found = codes(sotc.validate(build(gadgets=[gadget("Miniaturization", "Miniaturization")])))
    assert "SOTC-GADGET-repeat" in found
    assert "SOTC-GADGET-repeat" not in codes(
        sotc.validate(build(gadgets=[gadget("Rugged", "Rugged")]))
    )


@pytest.mark.parametrize(
    "improvements",
    [
        ("Special Effect", "Upgrade"),
        ("Uses Weird Science", "Special Effect", "Upgrade"),
        ("Unbelievable", "Upgrade", "Sparkles"),
        ("Rugged", "Rugged", "Armed"),
        (),
    ],
)
def test_derived_allowance_use_matches_the_validator(
    sotc: Any, improvements: tuple[str, ...]
) -> None:
    """The "used N of M" the editor shows and the validator's count are one number."""
    character = build(gadgets=[gadget(*improvements)])
    used = sotc.derive(character).gadget_improvements_used
    over = "SOTC-GADGET-improvements" in codes(sotc.validate(character))
    assert over == (used > 3)
