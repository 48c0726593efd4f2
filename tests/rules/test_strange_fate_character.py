"""Strange Fate characters: a complete character built and validated as «Character Creation»
(L331-L502) says, and each validator rule of digest 5.9 failing on purpose."""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.strange_fate.catalog import DrawbackUse
from rules.systems.strange_fate.character import (
    Aspect,
    Gift,
    ImprovementPick,
    Invulnerability,
    SkillDrawback,
    StrangeFateCharacter,
    Weakness,
)
from rules.systems.strange_fate.settings import StrangeFateSettings
from rules.validation import Severity
from tests.rules.strange_fate_builders import OXFORD, professor, system


def codes(c: StrangeFateCharacter, settings: StrangeFateSettings | None = None) -> set[str]:
    return {p.code for p in system().validate(c, settings)}


def errors(c: StrangeFateCharacter, settings: StrangeFateSettings | None = None) -> set[str]:
    return {p.code for p in system().validate(c, settings) if p.severity is Severity.ERROR}


def with_(c: StrangeFateCharacter, **update: Any) -> StrangeFateCharacter:
    return StrangeFateCharacter.model_validate({**c.model_dump(), **update})


def test_complete_character_is_valid() -> None:
    """Every step of «Character Creation» (L331-L346) filled in: no problem at all."""
    assert system().validate(professor()) == ()


def test_complete_character_budgets() -> None:
    """«Buy Skills»: 30 points (L468); Common skills cost their rating (L404); the Oxford
    Professor's steps add to 7 trapping points, 6 after its Minor Complication, 9 at Good (+3)
    (L1376-L1380, rules-notes); Strength Training (7) at Good (+3) costs 10 (L3583, L2835).
    Refresh: Middle Century 8 (L329), Extraordinary -1 (L1399), a second Gift -1 (L3625), Minor
    narrow Invulnerability -1 and Minor Weakness +1 (L1416-L1422) leave 6."""
    d = system().derive(professor())
    assert d.skill_costs["Oxford Professor"] == 9
    assert d.skill_costs["Strength Training"] == 10
    assert d.skill_costs["Endurance"] == 2
    assert (d.skill_points_spent, d.skill_points_total, d.skill_points_left) == (30, 30, 0)
    assert (d.refresh_start, d.refresh_tiers, d.refresh_gifts) == (8, 1, 1)
    assert (d.refresh_invulnerabilities, d.refresh_weaknesses, d.refresh) == (1, 1, 6)
    assert d.fate_points == 6
    assert d.power_tier == "Extraordinary"
    assert d.top_skill == "Strength Training"


def test_stress_and_consequences() -> None:
    """Three boxes per track (L500) plus Stress Capacity by rating: Fair (+2) Endurance and
    Resolve add 2 each (L2504); one consequence of each severity (L502)."""
    d = system().derive(professor())
    assert d.stress == {"Health": 5, "Composure": 5, "Reputation": 3}
    assert d.consequences == {"trifling": 1, "middling": 1, "grievous": 1}
    assert d.extra_consequences == ()


def test_stress_capacity_tier_benefit_gives_armor_and_slots() -> None:
    """Stress Capacity at Superhuman: Armor 2 and one more Trifling consequence of its scope
    (L2512); the benefit counts once chosen (L1200)."""
    c = professor()
    c = with_(
        c,
        tiers={**c.tiers, "Endurance": "Superhuman"},
        tier_benefits={**c.tier_benefits, "Endurance": ("Stress Capacity",)},
        common_drawbacks={"Endurance": (SkillDrawback(drawback="Snag", severity="minor"),)},
    )
    d = system().derive(c)
    assert d.armor["Health"] == 2
    assert [(x.severity, x.scope) for x in d.extra_consequences] == [("trifling", "Physical")]
    assert d.refresh == 6 - 2


def test_strong_professor_example() -> None:
    """«Power Tier and Refresh» (L1408-L1412): Resist Damage, Stress Capacity [Health] and
    Physical Force cost 8, a Minor Transform takes 1, at Good (+3) the skill costs 10; making
    it Superhuman costs 2 Refresh."""
    from rules.systems.strange_fate.catalog import TrappingUse
    from rules.systems.strange_fate.character import DesignedSkill

    design = DesignedSkill(
        kind="strange",
        trappings=(
            TrappingUse(trapping="Resist Damage"),
            TrappingUse(trapping="Stress Capacity", details=("Health",)),
            TrappingUse(trapping="Physical Force"),
        ),
        drawbacks=(
            SkillDrawback(
                drawback="Transform",
                severity="minor",
                label="Terrifying Hulking Brute",
                replaces="Respected Oxford Professor",
            ),
        ),
    )
    c = StrangeFateCharacter(
        era="middle", skills={"Brute": 3}, designed={"Brute": design}, tiers={"Brute": "Superhuman"}
    )
    d = system().derive(c)
    assert d.skill_costs == {"Brute": 10}
    assert d.skills[0].trapping_points == 8
    assert d.refresh == 8 - 2


def test_no_era_refresh_is_none_with_a_warning() -> None:
    """Refresh depends on the era (L329): no era, no Refresh, a warning."""
    c = with_(professor(), era=None)
    assert system().derive(c).refresh is None
    problems = [p for p in system().validate(c) if p.code == "SF-V04-no-era"]
    assert [p.severity for p in problems] == [Severity.WARNING]
    assert system().derive(c, StrangeFateSettings(era="late")).refresh == 8


def test_refresh_by_era_and_role() -> None:
    """PCs 6/8/10 (L329), Adversaries 4/6/8 (L4549), Villains 10/12/14 (L4574)."""
    sf = system()
    for era, pc, adversary, villain in (
        ("early", 6, 4, 10),
        ("middle", 8, 6, 12),
        ("late", 10, 8, 14),
    ):
        for role, expected in (("pc", pc), ("adversary", adversary), ("villain", villain)):
            c = StrangeFateCharacter(era=era, role=role)
            assert sf.derive(c).refresh == expected


def test_overspent_refresh_is_an_error() -> None:
    """Tiers cost Mundane 0, Extraordinary 1, Superhuman 2, Ascendant 4, Godlike 6 (L1398-L1402);
    Refresh cannot go below zero."""
    c = professor()
    c = with_(
        c,
        tiers={"Strength Training": "Godlike"},
        tier_benefits={"Strength Training": ("Physical Force",)},
    )
    d = system().derive(c)
    assert d.refresh_tiers == 6
    assert d.refresh == 8 - 6 - 1 - 1 + 1
    c = with_(c, era="early")
    assert "SF-V04-refresh" in errors(c)


def test_skill_point_budget_and_skilled_gifts() -> None:
    """V-01: 30 points (L468); each Skilled Gift adds 5 (L3736); 45 without Common skills
    (L1113)."""
    c = with_(professor(), skills={**professor().skills, "Burglary": 1})
    assert system().derive(c).skill_points_spent == 31
    assert "SF-V01-skill-points" in errors(c)
    skilled = with_(c, gifts=[*[g.model_dump() for g in c.gifts], {"name": "Skilled"}])
    assert system().derive(skilled).skill_points_total == 35
    assert "SF-V01-skill-points" not in errors(skilled)
    no_common = StrangeFateSettings(common_skills=False)
    assert system().derive(c, no_common).skill_points_total == 45
    assert "SF-V10-no-common" in errors(c, no_common)


def test_ratings_and_column_rule() -> None:
    """V-02: Average (+1) to Great (+4) at creation (L400); V-03: no more skills at a rating
    than one step below (L402)."""
    c = with_(professor(), skills={**professor().skills, "Academics": 5})
    assert {"SF-V02-rating", "SF-V03-column"} <= errors(c)
    c = with_(professor(), skills={**professor().skills, "Academics": 0})
    assert "SF-V02-rating" in errors(c)
    three_good = with_(professor(), skills={**professor().skills, "Academics": 3, "Art": 3})
    assert "SF-V03-column" in errors(three_good)


def test_unknown_common_skill_and_era_skill() -> None:
    """The 28 Common skills (L1053-L1105); Drive and Pilot only from the Middle Century
    (L1045)."""
    c = with_(professor(), skills={**professor().skills, "Sorcery": 1})
    assert "SF-V10-unknown" in errors(c)
    c = with_(professor(), era="early", skills={**professor().skills, "Drive": 1})
    assert "SF-V10-era" in errors(c)


def test_unique_and_strange_rules() -> None:
    """Skill Summary (L1425-L1452): Unique skills go no higher than Extraordinary and need a
    Complication or Conviction there; Strange skills need a Drawback; a Common skill at
    Superhuman is Strange (L1151); Mundane Common skills take no Drawbacks."""
    c = professor()
    assert "SF-V12-unique-tier" in errors(
        with_(c, tiers={**c.tiers, "Oxford Professor": "Superhuman"})
    )
    bare = OXFORD.model_copy(update={"drawbacks": ()})
    c2 = with_(
        c,
        designed={**c.designed, "Oxford Professor": bare.model_dump()},
        tiers={**c.tiers, "Oxford Professor": "Extraordinary"},
    )
    assert "SF-V13-unique-aspect" in errors(c2)
    strange = c.designed["Strength Training"].model_copy(update={"drawbacks": ()})
    assert "SF-V14-strange-drawback" in errors(
        with_(c, designed={**c.designed, "Strength Training": strange.model_dump()})
    )
    assert "SF-V14-strange-drawback" in errors(
        with_(c, tiers={**c.tiers, "Endurance": "Superhuman"})
    )
    snag = {"Endurance": [{"drawback": "Snag", "severity": "minor"}]}
    assert "SF-V11-common" in errors(with_(c, common_drawbacks=snag))


def test_drawback_severity_and_transform() -> None:
    """Taxing and Conviction are always Major (L2718-L2738); Transform names its aspects
    (L2827)."""
    c = professor()
    design = c.designed["Strength Training"].model_copy(
        update={
            "drawbacks": (
                SkillDrawback(drawback="Taxing", severity="minor"),
                SkillDrawback(drawback="Transform", severity="minor", label="Brute"),
            )
        }
    )
    found = errors(with_(c, designed={**c.designed, "Strength Training": design.model_dump()}))
    assert {"SF-V21-severity", "SF-V22-transform"} <= found


def test_psychic_all_or_nothing_and_duplicates() -> None:
    """Psychic on every trapping or none (L2664); Duplicates only in Strange skills (L2290)."""
    c = professor()
    trappings = [u.model_dump() for u in OXFORD.trappings]
    trappings[0]["extras"] = [{"extra": "Psychic"}]
    trappings.append({"trapping": "Minions", "details": ["Duplicates"]})
    design = {**OXFORD.model_dump(), "trappings": trappings}
    found = errors(with_(c, designed={**c.designed, "Oxford Professor": design}))
    assert {"SF-V16-psychic", "SF-V18-duplicates"} <= found
    assert "SF-V19-broad" in codes(with_(c, designed={**c.designed, "Oxford Professor": design}))


def test_unknown_trapping_is_reported_not_raised() -> None:
    """Trappings come from the list L1206-L1354."""
    c = professor()
    design = {**OXFORD.model_dump(), "trappings": [{"trapping": "Teleport"}]}
    found = system().validate(with_(c, designed={**c.designed, "Oxford Professor": design}))
    bad = [p for p in found if p.code == "SF-trapping"]
    assert bad and bad[0].path == "designed.Oxford Professor.trappings[0]"


def test_tier_benefits_limits() -> None:
    """V-17: at most the rating, only from the skill's own trappings, none in Mundane
    (L1200)."""
    c = professor()
    too_many = with_(c, tier_benefits={"Strength Training": ("Physical Force", "Leap", "Notice")})
    assert "SF-V17-trapping" in errors(too_many)
    mundane = with_(c, tier_benefits={**c.tier_benefits, "Endurance": ("Stress Capacity",)})
    assert "SF-V17-mundane" in errors(mundane)
    unchosen = with_(c, tier_benefits={})
    assert "SF-V17-unchosen" in codes(unchosen)


def test_aspects() -> None:
    """V-05: eight aspects, one Archetype, one Social Class, a Conviction (L524); V-06: each
    Complication or Conviction Drawback turns a Free aspect (L484)."""
    c = professor()
    assert {"SF-V05-count", "SF-V05-archetype"} <= errors(
        with_(c, aspects=[a.model_dump() for a in c.aspects[1:]])
    )
    unlinked = list(c.aspects)
    unlinked[7] = Aspect(kind="free", text="Lost the Formula", question="great_failing")
    assert "SF-V06-link" in errors(with_(c, aspects=[a.model_dump() for a in unlinked]))


def test_archetype_requirements() -> None:
    """V-08: Faerie needs a Complication on a Strange skill, a Minor Weakness against iron and
    Faerie Glamour (L931); Super-Normal a Conviction on a Strange skill (L1015); a custom
    Archetype has no requirement (L819)."""
    c = professor()
    faerie = errors(with_(c, archetype="Faerie"))
    assert {"SF-V08-weakness", "SF-V08-skill"} <= faerie
    assert "SF-V08-strange-drawback" not in faerie
    assert "SF-V08-strange-drawback" in errors(with_(c, archetype="Super-Normal"))
    assert not {p for p in errors(with_(c, archetype="Time Traveller")) if p.startswith("SF-V08")}
    iron = with_(c, archetype="Faerie", weaknesses=[Weakness(category="Cold Iron").model_dump()])
    assert "SF-V08-weakness" not in errors(iron)


def test_gifts_first_free_and_needs() -> None:
    """V-07: one Gift free, each more 1 Refresh (L3625); Impact names a skill, Signature Aspect
    an aspect (L3634, L3722)."""
    c = professor()
    assert "SF-V07-no-gift" in codes(with_(c, gifts=[], companions=[], equipment=[]))
    more = with_(
        c,
        gifts=[
            *[g.model_dump() for g in c.gifts],
            Gift(name="Impact", skill="Nothing").model_dump(),
            Gift(name="Signature Aspect", aspect="Ashdown Owes Me").model_dump(),
        ],
    )
    assert system().derive(more).refresh_gifts == 3
    assert "SF-gift-skill" in errors(more)
    assert "SF-gift-aspect" not in errors(more)


def test_invulnerabilities() -> None:
    """V-23: broad costs double (L1416-L1421); PCs may not be broadly invulnerable to mental
    or social attacks (L1190)."""
    c = professor()
    broad = with_(
        c,
        invulnerabilities=[
            Invulnerability(
                category="all mental attacks", breadth="broad", scope="mental", severity="major"
            ).model_dump()
        ],
    )
    assert system().derive(broad).refresh_invulnerabilities == 4
    assert "SF-V23-broad" in errors(broad)
    assert "SF-V23-broad" not in errors(with_(broad, role="villain"))


def test_companion_and_equipment_improvements() -> None:
    """Three improvements per Gift (L3642, L3685); Well-Made counts 2 (L3692); Rugged needs an
    armour-like item (L3698); a Companion's skills stay within its quality (L3658)."""
    c = professor()
    stick = c.equipment[0].model_copy(
        update={
            "improvements": (
                ImprovementPick(name="Well-Made", skill="Fisticuffs"),
                ImprovementPick(name="Rugged", track="Health"),
                ImprovementPick(name="Deadly", track="Health"),
            )
        }
    )
    found = errors(with_(c, equipment=[stick.model_dump()]))
    assert {"SF-improvements", "SF-equipment-armour"} <= found
    jenkins = c.companions[0].model_copy(update={"skills": {"Burglary": 3}})
    assert "SF-companion-skill" in errors(with_(c, companions=[jenkins.model_dump()]))
    orphan = with_(c, gifts=[c.gifts[0].model_dump()])
    assert "SF-companion-gift" in errors(orphan)


def test_flaws_need_the_option() -> None:
    """«Gifts and Flaws» (L3665-L3681) is optional: a Drawback then buys one improvement, and
    Focus never goes on Equipment."""
    c = professor()
    stick = c.equipment[0].model_copy(
        update={
            "improvements": (*c.equipment[0].improvements, ImprovementPick(name="Aspect")),
            "drawbacks": (DrawbackUse(drawback="Snag", severity="minor"),),
        }
    )
    flawed = with_(c, equipment=[stick.model_dump()])
    assert "SF-flaws-off" in errors(flawed)
    assert errors(flawed, StrangeFateSettings(gifts_and_flaws=True)) == set()


@pytest.mark.parametrize("sample", [s.name for s in system().book.catalog.samples])
def test_every_sample_adds_in_one_step(sample: str) -> None:
    """Any sample skill («Sample Unique Skills» L2833, «Sample Strange Skills» L3011) joins a
    character in one call, priced at rating + the computed net cost (L2835)."""
    from rules.systems.strange_fate.system import add_sample

    sf = system()
    skill = sf.sample(sample)
    c = add_sample(StrangeFateCharacter(), skill, 2)
    price = sf.derive(c).skills[0]
    assert price.name == sample and price.problem is None
    assert price.printed == skill.printed
    assert price.skill_points >= 2
    assert c.tier_of(sample) == (skill.tier or "Mundane")
