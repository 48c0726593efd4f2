"""ART Engine character creation: both attribute methods, Health, Fame, Fortune, gear, XP, perks.

Line numbers (L...) are lines of shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

import random

from rules.systems.art.attributes import (
    BALANCED_POOL,
    balanced_pairing,
    roll_random_attributes,
)
from rules.systems.art.character import ArtCharacter
from rules.systems.art.creation import validate_character
from rules.systems.art.derived import derive_character
from rules.systems.art.settings import ArtSettings
from rules.validation import Problem, Severity
from tests.rules.test_art_support import BALANCED, balanced_adventurer, catalog

BOOK = ArtSettings()


def _problems(c: ArtCharacter, settings: ArtSettings = BOOK) -> tuple[Problem, ...]:
    return validate_character(c, catalog(), settings)


def _codes(c: ArtCharacter, settings: ArtSettings = BOOK) -> set[str]:
    return {p.code for p in _problems(c, settings) if p.severity is Severity.ERROR}


def _with_attrs(**scores: int) -> dict[str, int]:
    out = dict(BALANCED)
    out.update(scores)
    return out


# -- attributes --------------------------------------------------------------------------------


def test_a_finished_balanced_adventurer_has_no_problems() -> None:
    assert _problems(balanced_adventurer()) == ()


def test_balanced_pool_is_the_books_list() -> None:
    """L466: 1,1,1,2,2,2,3,3,3,3,4,4,4,4,5,5,5,6,6,6; ten attributes use it all (total 70)."""
    assert BALANCED_POOL == (1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6)
    assert sum(BALANCED_POOL) == 70


def test_balanced_total_must_be_70() -> None:
    c = balanced_adventurer(attributes=_with_attrs(AGI=8))
    problems = [p for p in _problems(c) if p.code == "ART-CC4-total"]
    assert problems and "71" in problems[0].message and problems[0].path == "attributes"


def test_balanced_scores_that_add_to_70_but_cannot_be_paired() -> None:
    """Two 12s need four 6s; the list has three (L466: each number used once)."""
    scores = _with_attrs(AGI=12, ALE=12, CHA=2, CRA=2, CUN=7, DEX=7, FAT=7, INT=7, STA=7, STR=7)
    assert sum(scores.values()) == 70
    assert "ART-CC4-no-pairing" in _codes(balanced_adventurer(attributes=scores))
    assert balanced_pairing(list(scores.values())) is None


def test_balanced_pairs_are_checked_when_recorded() -> None:
    """L464-468: Agility 7 from 4 and 3; each number only once."""
    ok = balanced_adventurer(balanced_pairs={"AGI": (4, 3)})
    assert _problems(ok) == ()
    wrong_sum = balanced_adventurer(balanced_pairs={"AGI": (4, 4)})
    assert "ART-CC4-pair-sum" in _codes(wrong_sum)
    overused = balanced_adventurer(
        attributes=_with_attrs(AGI=12, ALE=12),
        balanced_pairs={"AGI": (6, 6), "ALE": (6, 6)},
    )
    assert "ART-CC4-number-overused" in _codes(overused)


def test_half_made_balanced_adventurer_reports_impossible_scores_early() -> None:
    c = ArtCharacter(name="x", attribute_method="balanced", attributes={"AGI": 12, "ALE": 12})
    assert "ART-CC4-no-pairing" in _codes(c)
    fine = ArtCharacter(name="x", attribute_method="balanced", attributes={"AGI": 12, "ALE": 11})
    assert "ART-CC4-no-pairing" not in _codes(fine)


def test_random_method_uses_the_rolls() -> None:
    """L458-460: roll 2d6, assign each score to an attribute, until all are filled."""
    rolls = roll_random_attributes(random.Random(8))
    assert len(rolls) == 10 and all(2 <= r <= 12 for r in rolls)
    attrs = dict(zip(BALANCED, rolls, strict=True))
    c = balanced_adventurer(attribute_method="random", attributes=attrs, attribute_rolls=rolls)
    assert not {code for code in _codes(c) if code.startswith("ART-CC3")}
    swapped = dict(attrs)
    swapped["AGI"] = 13 if rolls[0] != 13 else 2
    bad = c.model_copy(update={"attributes": swapped})
    codes = _codes(bad)
    assert "ART-CC3-not-rolled" in codes


def test_random_rolls_out_of_range() -> None:
    c = balanced_adventurer(attribute_method="random", attribute_rolls=(1, 7, 7))
    assert "ART-CC3-roll-range" in _codes(c)


def test_attributes_are_2_to_12_at_creation() -> None:
    """L456: attributes are rated 2 to 12 at creation."""
    c = balanced_adventurer(attribute_method="random", attributes=_with_attrs(STR=13))
    problems = [p for p in _problems(c) if p.code == "ART-CC2-attribute-range"]
    assert [p.path for p in problems] == ["attributes.STR"]


def test_every_attribute_is_needed() -> None:
    attrs = dict(BALANCED)
    del attrs["INT"]
    c = balanced_adventurer(attributes=attrs)
    missing = [p for p in _problems(c) if p.code == "ART-CC1-attribute-missing"]
    assert [p.path for p in missing] == ["attributes.INT"]


def test_the_narrators_method_and_a_missing_method() -> None:
    """L456: the narrator says which method to use."""
    c = balanced_adventurer()
    assert "ART-CC5-method" in _codes(c, ArtSettings(attribute_method="random"))
    assert "ART-CC5-method-missing" in _codes(c.model_copy(update={"attribute_method": None}))
    assert "ART-CC5-method-missing" not in _codes(
        c.model_copy(update={"attribute_method": None}), ArtSettings(attribute_method="balanced")
    )


# -- Health, Fame, Glory, Fortune ------------------------------------------------------------


def test_health_from_stamina_7() -> None:
    """L474-483: Stamina 7 gives IN PR PR PS."""
    derived = derive_character(balanced_adventurer(), catalog(), BOOK)
    assert [b.level for b in derived.health] == ["IN", "PR", "PR", "PS"]
    assert derived.health_rank == 7 and not derived.defeated


def test_health_rank_bought_with_starting_xp() -> None:
    """L2469: rank 7 to 8 costs 3 XP (starting XP may buy Health, L808)."""
    c = balanced_adventurer(health_rank=8)
    derived = derive_character(c, catalog(), BOOK)
    assert [b.level for b in derived.health] == ["IN", "PR", "PS", "PS"]
    assert derived.xp_spent == 3 and derived.xp_remaining == 4
    assert "ART-CC7-health-below-stamina" in _codes(balanced_adventurer(health_rank=6))
    assert "ART-CC7-health-rank" in _codes(balanced_adventurer(health_rank=21))


def test_fame_glory_and_fortune_at_creation() -> None:
    """L501: Fame starts at 1. L519-537: Fate 7 gives Middle Class."""
    derived = derive_character(balanced_adventurer(), catalog(), BOOK)
    assert (derived.fame, derived.glory, derived.fortune) == (1, 0, 5)
    assert derived.fortune_name == "Middle Class"
    assert "ART-CC9-starting-fame" in _codes(balanced_adventurer(fame=2))
    assert "ART-CC10-starting-glory" in _codes(balanced_adventurer(glory=3))
    assert "ART-CC11-starting-fortune" in _codes(balanced_adventurer(fortune="Wealthy"))
    assert "ART-CC9-fame-tally" in _codes(balanced_adventurer(stage="play", fame=1, fame_spent=2))


# -- skills and XP -----------------------------------------------------------------------------


def test_starting_skills_cost_and_cap() -> None:
    """L812-825: +1 1 XP, +2 3, +3 6, +4 10; XP = Intelligence (L808)."""
    c = balanced_adventurer(skills={"Climb": 2, "Swim": 1})  # 3 + 1 = 4 of INT 7
    assert _problems(c) == ()
    assert derive_character(c, catalog(), BOOK).xp_remaining == 3
    assert "ART-CC29-xp-overspent" in _codes(balanced_adventurer(skills={"Climb": 4}))
    assert "ART-CC30-skill-level" in _codes(balanced_adventurer(skills={"Climb": 5}))
    played = balanced_adventurer(stage="play", skills={"Climb": 8})
    assert "ART-CC30-skill-level" not in _codes(played)  # skills reach +8 in play (L2306)


def test_skill_inspiration_caps_at_four() -> None:
    """L2302-2306: four points cap a skill; a +8 skill takes none."""
    c = balanced_adventurer(stage="play", skills={"Climb": 8}, skill_inspiration={"Climb": 1})
    assert "ART-skill-inspiration-max" in _codes(c)
    assert "ART-skill-inspiration" in _codes(
        balanced_adventurer(stage="play", skills={"Swim": 2}, skill_inspiration={"Swim": 5})
    )


# -- perks -------------------------------------------------------------------------------------


def test_perk_prerequisites_and_costs() -> None:
    """L2502-2506: Advanced Mimicry (1 XP) needs Mimicry and Cunning 7; Mimicry needs 5."""
    c = balanced_adventurer(perks=[{"name": "Mimicry"}, {"name": "Advanced Mimicry"}])
    assert _problems(c) == ()
    assert derive_character(c, catalog(), BOOK).xp_spent == 2
    alone = balanced_adventurer(perks=[{"name": "Advanced Mimicry"}])
    assert "ART-P-prereq-perk" in _codes(alone)
    low = balanced_adventurer(perks=[{"name": "Quickdraw"}])  # DEX 8 needed (L2544-2545)
    assert "ART-P-prereq-attribute" in _codes(low)


def test_ranked_perks() -> None:
    """L2547-2548: Breakfall 1 XP a rank, rank 2 needs Agility 10, two ranks at most."""
    agile = _with_attrs(AGI=10, ALE=4)
    c = balanced_adventurer(attributes=agile, perks=[{"name": "Breakfall", "rank": 2}])
    assert not {x for x in _codes(c) if x.startswith("ART-P")}
    assert derive_character(c, catalog(), BOOK).xp_spent == 2
    weak = balanced_adventurer(perks=[{"name": "Breakfall", "rank": 2}])
    assert "ART-P-prereq-attribute" in _codes(weak)
    too_many = balanced_adventurer(attributes=agile, perks=[{"name": "Breakfall", "rank": 3}])
    assert "ART-P-rank" in _codes(too_many)


def test_custom_perk_is_a_warning() -> None:
    c = balanced_adventurer(perks=[{"name": "Military Contact", "xp": 1}])
    problems = _problems(c)
    assert [p.code for p in problems] == ["ART-P-custom"]
    assert problems[0].severity is Severity.WARNING


# -- gear --------------------------------------------------------------------------------------


def test_defense_from_armor() -> None:
    """L617: Agility 10 in Getting By armor has Defense 8; L595: no armor is Agility - 6."""
    attrs = _with_attrs(AGI=10, ALE=4, FAT=9)
    c = balanced_adventurer(attributes=attrs, armor={"cost": "Getting By"})
    assert derive_character(c, catalog(), BOOK).defense == 8
    bare = balanced_adventurer()
    assert derive_character(bare, catalog(), BOOK).defense == 1


def test_shield_example() -> None:
    """L625: Defense 9, DEX 5, STR 8, a Well-off shield: Defense 11, 28 speed = 3 uses."""
    attrs = _with_attrs(AGI=9, DEX=5, STR=8)
    c = balanced_adventurer(
        stage="play", attributes=attrs, armor={"cost": "Comfortable"}, shield={"cost": "Well-off"}
    )
    derived = derive_character(c, catalog(), BOOK)
    assert (derived.defense, derived.defense_with_shield, derived.shield_uses) == (9, 11, 3)


def test_pistol_example() -> None:
    """L669-671: Alertness 6, an Affluent handgun: ALE+3, Attack 9, range 4."""
    c = balanced_adventurer(
        stage="play",
        attributes=_with_attrs(ALE=6),
        weapons=[{"name": "pistol", "weapon_class": "Handgun", "cost": "Affluent"}],
    )
    line = derive_character(c, catalog(), BOOK).weapons[0]
    assert (line.attack, line.range) == (9, 4)


def test_attack_never_below_1() -> None:
    """L721: Attack can never be less than 1."""
    c = balanced_adventurer(
        attributes=_with_attrs(DEX=2, STR=12),
        weapons=[{"name": "knife", "weapon_class": "Blade", "cost": "Destitute"}],
    )
    assert derive_character(c, catalog(), BOOK).weapons[0].attack == 1


def test_gear_costs_at_most_fortune() -> None:
    """L579: starting gear costs no more than Fortune; L545: each other character
    equipped lowers it a rank for gear."""
    sword = {"name": "sword", "weapon_class": "Blade", "cost": "Middle Class"}
    assert _problems(balanced_adventurer(weapons=[sword])) == ()
    pricey = balanced_adventurer(weapons=[dict(sword, cost="Comfortable")])
    problems = [p for p in _problems(pricey) if p.code == "ART-CC25-cost"]
    assert [p.path for p in problems] == ["weapons[0].cost"]
    shared = balanced_adventurer(weapons=[sword], equipping_others=2)
    assert "ART-CC25-cost" in _codes(shared)
    found = balanced_adventurer(stage="play", weapons=[dict(sword, cost="Rich")])
    assert {p.code for p in _problems(found)} == {"ART-CC14-keep"}


def test_armor_strength_and_two_handed_ranged_strength() -> None:
    """L597: no armor needing more Strength than yours; L731: the same for 2h ranged weapons."""
    weak = _with_attrs(STR=3, FAT=11)
    armor = balanced_adventurer(attributes=weak, armor={"cost": "Comfortable"})
    assert "ART-CC23-armor-strength" in _codes(armor)
    rifle = balanced_adventurer(
        attributes=weak, weapons=[{"name": "rifle", "weapon_class": "Rifle", "cost": "Comfortable"}]
    )
    assert "ART-CC24-weapon-strength" in _codes(rifle)


def test_weapon_features() -> None:
    """L741-768: one melee feature (Entangle with Thrown Only allowed); Reach needs two hands;
    two-handed weapons cannot be thrown."""

    def codes(cls: str, *features: str) -> set[str]:
        w = {"name": "w", "weapon_class": cls, "cost": "Destitute", "features": list(features)}
        return _codes(balanced_adventurer(weapons=[w]))

    assert "ART-W-one-feature" in codes("Blade", "Thrown", "Entangle")
    assert "ART-W-one-feature" not in codes("Whip", "Entangle", "Thrown Only")
    assert "ART-W-two-handed" in codes("Blade", "Reach")
    assert "ART-W-two-handed" in codes("Spear", "Thrown")
    assert "ART-W-feature" in codes("Blade", "Scope")
    assert "ART-W-tripod" in codes("Handgun", "Tripod")
    assert "ART-W-class" in codes("Lightsaber")


def test_carrying_limits() -> None:
    """L583-587: 2 ready, 4 at hand, 9 stowed; a two-handed weapon fills both ready slots."""
    weapons = [
        {"name": "bow", "weapon_class": "Bow", "cost": "Destitute"},
        {"name": "knife", "weapon_class": "Blade", "cost": "Destitute"},
    ]
    assert "ART-CC20-slots" in _codes(balanced_adventurer(weapons=weapons))
    grenades = [{"name": "grenades", "grenades": 20, "slot": "at_hand"}]  # 5 slots
    assert "ART-CC20-slots" in _codes(balanced_adventurer(gear=grenades))


def test_goals_are_needed_before_play() -> None:
    """L802: you must know your character's goals and motivation."""
    assert "ART-CC27-goals" in _codes(balanced_adventurer(goals=""))
