"""Dice: 4dF and the other rolls the books use (SotC "The Dice", "Success and Failure")."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import distribution, from_faces, parse_dice, probability_at_least, roll
from rules.errors import DiceExpressionError


def test_4df_distribution_matches_the_book_out_of_81() -> None:
    """SotC "The Dice": 4dF totals -4..+4 with 1, 4, 10, 16, 19, 16, 10, 4, 1 ways out of 81."""
    dist = distribution("4dF")
    assert [dist[t] * 81 for t in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_4d6_fudge_substitute_has_the_same_odds() -> None:
    """SotC "The Dice": 4d6 read as 1-2 minus, 3-4 blank, 5-6 plus is the same as 4dF."""
    assert distribution("4d6F") == distribution("4dF")


def test_dot1_variant_clusters_tighter() -> None:
    """FATE 2.0 Appendix I "dF.1": a 6 is +1, a 1 is -1, the rest 0."""
    assert distribution("1dF.1") == {-1: Fraction(1, 6), 0: Fraction(4, 6), 1: Fraction(1, 6)}


def test_probability_of_meeting_difficulty_is_exact() -> None:
    """Meet-or-beat (SotC "Success and Failure"): Good (+3) vs Great (+4) needs +1 or better."""
    assert probability_at_least("4dF+3", 4) == Fraction(31, 81)
    assert probability_at_least("4dF", 0) == Fraction(50, 81)
    assert probability_at_least("4dF", -4) == 1
    assert probability_at_least("4dF", 5) == 0


def test_a_tie_succeeds_with_zero_shifts() -> None:
    """SotC "Success and Failure": a tie is a success with 0 shifts; no negative shifts."""
    result = from_faces("4dF+3", [1, -1, 0, 0])
    assert result.total == 3
    assert result.succeeds(3) and result.shifts(3) == 0
    assert not result.succeeds(4) and result.shifts(4) == 0
    assert result.shifts(1) == 2
    assert result.margin(5) == -2


def test_roll_uses_the_injected_generator() -> None:
    a = roll("4dF+2", random.Random(7))
    b = roll("4dF+2", random.Random(7))
    assert a == b
    assert all(face in (-1, 0, 1) for face in a.faces)
    assert a.total == sum(a.faces) + 2 == a.effort


@pytest.mark.parametrize("text", ["", "4dX", "0dF", "4dF+", "dF+3+1", "101dF", "4d1", "x" * 100])
def test_bad_expressions_give_a_clear_error(text: str) -> None:
    with pytest.raises(DiceExpressionError):
        parse_dice(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4dF+3", "4dF+3"),
        ("4df-1", "4dF-1"),
        ("dF", "1dF"),
        ("2d6", "2d6"),
        ("d%", "1d100"),
        ("4d6F", "4d6F"),
        ("4dF.1", "4dF.1"),
    ],
)
def test_expressions_parse(text: str, canonical: str) -> None:
    assert parse_dice(text).text == canonical


def test_typed_in_faces_are_checked() -> None:
    with pytest.raises(DiceExpressionError):
        from_faces("4dF", [1, 1, 1])
    with pytest.raises(DiceExpressionError):
        from_faces("4dF", [2, 0, 0, 0])


@given(st.integers(min_value=1, max_value=6), st.integers(-10, 10), st.integers(-12, 12))
def test_probabilities_are_a_distribution(count: int, modifier: int, target: int) -> None:
    spec = f"{count}dF{modifier:+d}"
    dist = distribution(spec)
    assert sum(dist.values()) == 1
    assert probability_at_least(spec, target) == sum(
        (p for t, p in dist.items() if t >= target), start=Fraction(0)
    )


@pytest.mark.parametrize(
    ("text", "low", "high", "mean"),
    [
        ("3dF+1d6", -2, 9, Fraction(7, 2)),
        ("2dF+2d6", 0, 14, Fraction(7)),
        ("1dF+3d6", 2, 19, Fraction(21, 2)),
        ("4d6", 4, 24, Fraction(14)),
        ("2d6-d6", -4, 11, Fraction(7, 2)),
    ],
)
def test_power_tier_pools_have_the_books_ranges(
    text: str, low: int, high: int, mean: Fraction
) -> None:
    """Strange Fate "Power Tiers" (digest 4: L1164, L1174-L1176): each tier of difference
    swaps one dF for a d6; 3dF+1d6 runs -2..+9 averaging 3.5; the d6-d6 option 2d6-d6 -4..+11."""
    dist = distribution(text)
    assert min(dist) == low and max(dist) == high
    assert sum(t * p for t, p in dist.items()) == mean
    assert sum(dist.values()) == 1


def test_a_subtracted_d6_counts_against_the_total() -> None:
    """Strange Fate "Power Tiers": below the difficulty's tier a d6 is subtracted (3dF-1d6)."""
    pool = parse_dice("3dF-1d6+3")
    assert pool.text == "3dF-1d6+3" and pool.count == 4 and pool.kind == "mixed"
    result = from_faces(pool, [1, 1, 0, 5])
    assert result.dice_total == -3 and result.total == 0
    assert result.render_faces() == "[+] [+] [ ] -5"
    with pytest.raises(DiceExpressionError):
        from_faces(pool, [1, 1, 0, 7])  # 7 is no face of a d6
    assert min(distribution("dF-d6")) == -7 and max(distribution("dF-d6")) == 0


def test_pools_roll_every_die_with_the_injected_generator() -> None:
    a, b = roll("3dF+1d6", random.Random(3)), roll("3dF+1d6", random.Random(3))
    assert a == b and len(a.faces) == 4
    assert all(f in (-1, 0, 1) for f in a.faces[:3]) and 1 <= a.faces[3] <= 6
