"""SotC advancement and play between fights (SotC "The Long Game: Advancement", "Refreshing
Fate Points", "Removing Consequences"): the log, what it allows, refresh and recovery."""

from __future__ import annotations

from typing import Any

import pytest

from rules.character import Condition, Consequence
from rules.errors import FatesmithError
from rules.systems.sotc.character import Advancement, SotcCharacter
from rules.systems.sotc.conflict import SotcConflictRules
from rules.systems.sotc.play import advance, recover, refresh, refreshed_fate_points, unadvance
from rules.validation import Severity
from tests.rules.sotc_builders import build, complete_document


@pytest.fixture(scope="module")
def sotc(registry: Any) -> Any:
    return registry.get("sotc")


def codes(system: Any, character: SotcCharacter) -> set[str]:
    return {p.code for p in system.validate(character)}


def errors(system: Any, character: SotcCharacter) -> list[str]:
    return [p.code for p in system.validate(character) if p.severity == Severity.ERROR]


EARNED_ASPECT = Advancement(kind="aspect", aspect="I Hate It When I'm Right", date="session 4")


def test_an_eleventh_aspect_earned_in_play_is_valid_and_raises_refresh(sotc: Any) -> None:
    # SotC "The Long Game: Advancement" (Aspects): adding an aspect raises refresh by one.
    c = advance(build(), EARNED_ASPECT)
    assert errors(sotc, c) == []
    d = sotc.derive(c)
    assert d.aspects == 11 and d.refresh == 11
    assert c.all_aspects()[-1] == "I Hate It When I'm Right"
    assert d.advancement.aspects == 1 and d.advancement.next_kind == "aspect"


def test_a_recorded_refresh_counts_the_earned_aspect(sotc: Any) -> None:
    # SotC "Fate Points": refresh equals the number of aspects, those earned included.
    c = advance(build(), EARNED_ASPECT)
    assert "SOTC-V11-refresh" not in codes(sotc, c.model_copy(update={"refresh": 11}))
    assert "SOTC-V11-refresh" in codes(sotc, c.model_copy(update={"refresh": 10}))


def test_an_aspect_advancement_must_write_its_aspect(sotc: Any) -> None:
    c = build(advancements=[{"kind": "aspect", "aspect": "  "}])
    problems = [p for p in sotc.validate(c) if p.code == "SOTC-ADV-aspect"]
    assert problems and problems[0].path == "advancements[0].aspect"
    assert problems[0].section == "SotC, Tips and Tricks: The Long Game: Advancement"


def test_a_sixth_stunt_needs_a_stunt_advancement(sotc: Any) -> None:
    # SotC "Character Creation: Stunts": five; "The Long Game" (Stunts): one more per stunt round.
    doc = complete_document()
    doc["stunts"] = [*doc["stunts"], {"name": "Scholar", "detail": "history"}]
    six = SotcCharacter.model_validate(doc)
    too_many = [p for p in sotc.validate(six) if p.code == "SOTC-V9-too-many-stunts"]
    assert too_many and too_many[0].section == "SotC, Character Creation: Stunts"
    two = advance(advance(build(), EARNED_ASPECT), EARNED_ASPECT.model_copy(update={"aspect": "B"}))
    earned = advance(two, Advancement(kind="stunt", stunt="Scholar"))
    assert len(earned.stunts) == 6
    assert errors(sotc, earned) == []
    assert sotc.derive(earned).advancement.stunts_allowed == 6


def test_a_seventh_stunt_beyond_the_log_is_flagged_citing_the_long_game(sotc: Any) -> None:
    c = advance(build(), Advancement(kind="stunt", stunt="Scholar"))
    c = c.model_copy(update={"stunts": (*c.stunts, c.stunts[0].model_copy())})
    problems = [p for p in sotc.validate(c) if p.code == "SOTC-V9-too-many-stunts"]
    assert problems and "plus the 1 earned by advancement" in problems[0].message
    assert problems[0].section == "SotC, Tips and Tricks: The Long Game: Advancement"


def test_a_stunt_advancement_names_a_stunt_the_character_has(sotc: Any) -> None:
    c = build(advancements=[{"kind": "stunt", "stunt": "Master Marksman"}])
    assert "SOTC-ADV-stunt-missing" in codes(sotc, c)
    assert "SOTC-ADV-stunt" in codes(sotc, build(advancements=[{"kind": "stunt"}]))


def test_stunts_ahead_of_the_aspect_aspect_stunt_cycle_are_warned(sotc: Any) -> None:
    # SotC "The Long Game" (Stunts): the first two rounds give aspects, the third a stunt.
    early = advance(build(), Advancement(kind="stunt", stunt="Scholar"))
    cycle = [p for p in sotc.validate(early) if p.code == "SOTC-ADV-cycle"]
    assert cycle and cycle[0].severity == Severity.WARNING
    c = advance(build(), EARNED_ASPECT)
    assert sotc.derive(c).advancement.next_kind == "aspect"
    c = advance(c, EARNED_ASPECT.model_copy(update={"aspect": "Dr. Herborn Must Be Stopped"}))
    assert sotc.derive(c).advancement.next_kind == "stunt"
    c = advance(c, Advancement(kind="stunt", stunt="Scholar"))
    assert "SOTC-ADV-cycle" not in codes(sotc, c)
    assert sotc.derive(c).advancement.next_kind == "aspect"


def test_raising_the_peak_moves_every_rung_and_the_default(sotc: Any) -> None:
    # SotC "Skills: Raising the Roof": the whole pyramid and the unlisted default move up.
    base = build()
    c = advance(base, Advancement(kind="peak"))
    assert c.skills["Athletics"] == 6 and c.skills["Drive"] == 2
    assert c.skill("Pilot") == 1  # not listed: Average now, no longer Mediocre
    assert errors(sotc, c) == []
    assert "SOTC-ADV-peak" in codes(sotc, c)  # the book advises against it
    assert sotc.derive(c).pyramid[6] == ("Athletics",)
    assert unadvance(c, 0) == base


def test_a_raised_skill_without_a_peak_advancement_is_still_above_superb(sotc: Any) -> None:
    c = build(skills={**complete_document()["skills"], "Athletics": 6})
    assert "SOTC-V7-above-superb" in codes(sotc, c)


def test_unadvance_reverses_a_stunt_advancement() -> None:
    base = build()
    c = advance(base, Advancement(kind="stunt", stunt="Scholar"))
    assert unadvance(c, 0) == base
    with pytest.raises(IndexError):
        unadvance(c, 3)


@pytest.mark.parametrize(
    ("current", "rate", "after"),
    [(2, 10, 10), (10, 10, 10), (13, 10, 13), (0, 11, 11)],
)
def test_refresh_brings_the_pool_up_to_the_rate_never_down(
    current: int, rate: int, after: int
) -> None:
    # SotC "Refreshing Fate Points": up to the refresh rate; more is kept.
    assert refreshed_fate_points(current, rate) == after
    assert refresh(build(), current, rate).fate_points == after


HURT = Condition(
    health=(True, False, True, False, False, False, False),
    composure=(False, True, False, False, False, False, False),
    consequences=(
        Consequence(severity="mild", text="Winded"),
        Consequence(severity="moderate", text="Cracked Rib"),
        Consequence(severity="severe", text="Shattered Arm"),
    ),
)


@pytest.mark.parametrize(
    ("period", "back_to_back", "left"),
    [
        ("breather", False, ("Cracked Rib", "Shattered Arm")),
        ("night", False, ("Shattered Arm",)),
        ("downtime", False, ()),
        ("breather", True, ("Shattered Arm",)),
    ],
)
def test_recovery_clears_stress_and_the_consequences_the_time_heals(
    period: Any, back_to_back: bool, left: tuple[str, ...]
) -> None:
    # SotC "Removing Consequences": breather mild, 6+ hours moderate, days/weeks severe;
    # back-to-back sessions treat consequences one level lower. Stress clears ("Stress").
    c = build(condition=HURT.model_dump())
    out = recover(c, SotcConflictRules(), period, back_to_back=back_to_back)
    assert out.condition.health == (False,) * 7 and out.condition.composure == (False,) * 7
    assert tuple(x.text for x in out.condition.consequences) == left


def test_payload_version_2_upgrades_a_version_1_document(sotc: Any) -> None:
    doc = {"system": "sotc", "name": "A", "gadgets": [{"name": "Watch"}]}
    up = sotc.upgrade_payload(doc, 1)
    assert sotc.payload_version == 2
    assert up["advancements"] == [] and up["gadgets"] == [{"name": "Watch", "base_cost": None}]
    assert SotcCharacter.model_validate(up).advancements == ()
    with pytest.raises(FatesmithError):
        sotc.upgrade_payload(doc, 2)


def test_the_library_listing_shows_the_harm_carried(sotc: Any) -> None:
    # The listing's headline adds checked stress and consequences held (SotC "Stress",
    # "Consequences"); consequences are aspects, searchable as such.
    assert sotc.listing(build()).headline == "Athletics +5"
    hurt = build(condition=HURT.model_dump())
    facts = sotc.listing(hurt)
    assert facts.headline == "Athletics +5 \u00b7 stress 3, 3 consequences"
    assert ("aspect", "Cracked Rib") in facts.search_entries


def test_the_library_listing_shows_a_recorded_fate_point_pool(sotc: Any) -> None:
    # Issue 13: the current fate points are shown in the library once recorded (SotC "Fate
    # Points"); a character whose pool was never recorded still reads as its peak skill.
    assert sotc.listing(build(fate_points=1)).headline == "Athletics +5 \u00b7 1 fate point"
    hurt = build(fate_points=3, condition=HURT.model_dump())
    assert sotc.listing(hurt).headline == (
        "Athletics +5 \u00b7 3 fate points, stress 3, 3 consequences"
    )
