"""Strange Fate Power Tiers at the table: the dice across tiers (L1153), the d6-d6 alternatives
(L1170-L1178), static difficulties with a tier (L4036-L4042), Invulnerability and Weakness
shifts (L1182-L1196) and Tier Benefits (L1198-L1202)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.systems.strange_fate.tiers import (
    TierPool,
    opposed_pools,
    rating_label,
    shifted_defence_tier,
    static_pool,
)
from tests.rules.strange_fate_builders import system


def test_same_tier_both_roll_4df() -> None:
    """L1153: same tier, whatever it is, both roll 4dF."""
    mine, theirs = opposed_pools("Superhuman", "Superhuman")
    assert mine.expression == theirs.expression == "4dF"


@pytest.mark.parametrize(
    ("mine", "expression", "low", "high", "mean"),
    [
        ("Extraordinary", "3dF+1d6", -2, 9, Fraction(7, 2)),
        ("Superhuman", "2dF+2d6", 0, 14, 7),
        ("Ascendant", "1dF+3d6", 2, 19, Fraction(21, 2)),
        ("Godlike", "4d6", 4, 24, 14),
    ],
)
def test_higher_tier_swaps_a_fudge_die_per_tier(
    mine: str, expression: str, low: int, high: int, mean: Fraction
) -> None:
    """L1153: Good (+3) Fisticuffs (E) against Fair (+2) Athletics rolls 3dF+1d6, the other side
    4dF; "-2 ... +9" and average 3.5 (L1174-L1176); 2dF+2d6 has a minimum of +0 (L1164)."""
    pool, other = opposed_pools(mine, "Mundane")  # type: ignore[arg-type]
    assert pool.expression == expression and other.expression == "4dF"
    dist = pool.distribution()
    assert (min(dist), max(dist)) == (pool.lowest, pool.highest) == (low, high)
    assert pool.mean == mean
    assert sum(dist.values()) == 1


def test_lower_side_rolls_plain() -> None:
    """The lower-tier side still rolls 4dF (L1153)."""
    mine, theirs = opposed_pools("Mundane", "Superhuman")
    assert (mine.expression, theirs.expression) == ("4dF", "2dF+2d6")


def test_d6_alternatives() -> None:
    """L1170-L1178: d6-d6 with an extra d6 per tier (Extraordinary vs Mundane is 2d6-d6, from
    -4 to +11, average 3.5), or d6-d6 +3 per tier."""
    extra, plain = opposed_pools("Extraordinary", "Mundane", "d6-extra")
    assert (extra.expression, plain.expression) == ("2d6-1d6", "1d6-1d6")
    assert (extra.lowest, extra.highest, extra.mean) == (-4, 11, Fraction(7, 2))
    plus, _ = opposed_pools("Superhuman", "Mundane", "d6-plus3")
    assert plus.expression == "1d6-1d6+6"
    assert (plus.lowest, plus.highest, plus.mean) == (1, 11, 6)


def test_static_difficulty_of_a_higher_tier() -> None:
    """L4040-L4042: Good (+3) Burglary against a Great (+4) (E) lock rolls 3dF-1d6; its range is
    -9 to +2; equal tiers roll 4dF."""
    pool = static_pool("Mundane", "Extraordinary")
    assert pool.expression == "3dF-1d6"
    assert (pool.lowest, pool.highest) == (-9, 2)
    assert static_pool("Superhuman", "Superhuman").expression == "4dF"
    assert static_pool("Mundane", "Godlike").expression == "-4d6"
    assert static_pool("Extraordinary", "Mundane").expression == "3dF+1d6"
    assert static_pool("Mundane", "Superhuman", "d6-extra").expression == "1d6-3d6"
    assert static_pool("Mundane", "Superhuman", "d6-plus3").expression == "1d6-1d6-6"


def test_lock_example_effort() -> None:
    """L4042: the dice come up -3, effort +0 with Good (+3); two invokes (+4) reach the lock's
    +4. The roll can show -3 on 3dF-1d6."""
    pool = static_pool("Mundane", "Extraordinary")
    assert pool.distribution()[-3] > 0
    assert 3 + -3 + 4 >= 4


def test_invulnerability_and_weakness_shift_the_defence_tier() -> None:
    """L1186: a Minor Invulnerability lifts the defence two tiers (Mundane to Superhuman), a Major
    four; a Weakness lowers it as much (L1194)."""
    assert shifted_defence_tier("Mundane", ["minor"]) == 2
    assert shifted_defence_tier("Extraordinary", ["minor"]) == 3
    assert shifted_defence_tier("Superhuman", ["minor"]) == 4
    assert shifted_defence_tier("Mundane", ["major"]) == 4
    assert shifted_defence_tier("Superhuman", weaknesses=["minor"]) == 0
    assert shifted_defence_tier("Mundane", weaknesses=["major"]) == -4
    # The dice cap the difference at four tiers (all four Fudge dice swapped).
    attacker, defender = opposed_pools(
        "Godlike", shifted_defence_tier("Mundane", weaknesses=["major"])
    )
    assert (attacker.expression, defender.expression) == ("4d6", "4dF")


def test_rating_label() -> None:
    """L1151: the tier initial follows the rating: Great (+4) (E)."""
    assert rating_label(4, "Extraordinary") == "+4 (E)"
    assert rating_label(2, "Mundane") == "+2"


def test_tier_benefits_by_tier() -> None:
    """Stress Capacity: Armor 1 at Extraordinary, Armor 2 and a Trifling at Superhuman (L2510-
    L2512); Physical Force: Weapon 1 per tier above Mundane (L2404); Notice's benefit holds from
    Extraordinary up (L2366); nothing in the Mundane Tier."""
    benefits = system().book.benefits
    capacity = benefits.of("Stress Capacity")
    assert capacity is not None
    assert capacity.at("Mundane") is None
    level = capacity.at("Extraordinary")
    assert level is not None and level.armor == 1
    level = capacity.at("Superhuman")
    assert level is not None and (level.armor, level.trifling) == (2, 1)
    force = benefits.of("Physical Force")
    assert force is not None
    assert [force.at(t).weapon for t in ("Extraordinary", "Superhuman", "Godlike")] == [1, 2, 4]  # type: ignore[union-attr]
    notice = benefits.of("Notice")
    assert notice is not None and notice.at("Godlike") is not None


def test_pool_expression_shapes() -> None:
    assert TierPool(fudge=0, plus_d6=0, minus_d6=0).expression == "0"
