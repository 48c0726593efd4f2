"""Group creation: the guest-star casting of phases four and five.

SotC "Phase Four: Guest Star" and "Phase Five: Guest Star Redux" (L526-L535): every novel gets
one guest star per phase, nobody appears in his own novel, nobody co-stars in the same book
twice; with two players phase five is impossible (digest warning W5).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.systems.sotc.group import Casting, Member, check_assignment, deal
from rules.validation import Severity, has_errors


def members(n: int) -> list[Member]:
    return [Member(key=f"c{i}", name=f"Hero {i}", novel=f"Novel {i}") for i in range(n)]


def codes(problems: tuple[object, ...]) -> set[str]:
    return {p.code for p in problems}  # type: ignore[attr-defined]


def test_a_valid_hand_made_assignment_has_no_problems() -> None:
    group = members(3)
    assignment = {
        "c0": Casting(phase4="c1", phase5="c2"),
        "c1": Casting(phase4="c2", phase5="c0"),
        "c2": Casting(phase4="c0", phase5="c1"),
    }
    assert check_assignment(group, assignment) == ()


def test_own_novel_is_an_error() -> None:
    """Nobody guest-stars in his own novel (the card deal swaps until nobody holds his own)."""
    group = members(3)
    assignment = {
        "c0": Casting(phase4="c0", phase5="c1"),
        "c1": Casting(phase4="c2", phase5="c0"),
        "c2": Casting(phase4="c1", phase5="c0"),
    }
    problems = check_assignment(group, assignment)
    assert "SOTC-V6-own-novel" in codes(problems)
    own = next(p for p in problems if p.code == "SOTC-V6-own-novel")
    assert own.path == "group.c0.phase4"


def test_same_novel_twice_and_crowded_novel_are_errors() -> None:
    """Phase five: "no character may co-star in the same book twice" (L535); one star per phase."""
    group = members(3)
    assignment = {
        "c0": Casting(phase4="c1", phase5="c1"),
        "c1": Casting(phase4="c2", phase5="c2"),
        "c2": Casting(phase4="c0", phase5="c0"),
    }
    found = codes(check_assignment(group, assignment))
    assert "SOTC-V6-same-novel" in found
    crowded = {
        "c0": Casting(phase4="c1", phase5="c2"),
        "c1": Casting(phase4="c2", phase5="c0"),
        "c2": Casting(phase4="c1", phase5="c0"),
    }
    assert "SOTC-V6-novel-crowded" in codes(check_assignment(group, crowded))


def test_incomplete_assignment_is_reported_not_rejected() -> None:
    problems = check_assignment(members(4), {"c0": Casting(phase4="c1")})
    assert has_errors(problems)
    assert sum(p.code == "SOTC-V6-unassigned" for p in problems) == 7


def test_two_players_warn_and_cannot_be_dealt() -> None:
    """W5: with two players each would co-star in the same novel twice."""
    group = members(2)
    problems = check_assignment(group, {})
    assert any(p.code == "SOTC-W5-small-group" and p.severity is Severity.WARNING for p in problems)
    result = deal(group, random.Random(1))
    assert result.assignment is None
    assert "same novel twice" in result.reason


def test_one_player_cannot_be_dealt() -> None:
    assert deal(members(1), random.Random(1)).assignment is None


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=12), st.integers(min_value=0, max_value=10**6))
def test_deal_always_produces_a_valid_assignment(n: int, seed: int) -> None:
    """ "Deal one for me" always succeeds for three or more characters."""
    group = members(n)
    result = deal(group, random.Random(seed))
    assert result.assignment is not None
    assert check_assignment(group, result.assignment) == ()


def test_deal_is_repeatable_with_the_same_seed() -> None:
    group = members(5)
    assert deal(group, random.Random(3)) == deal(group, random.Random(3))


@pytest.mark.parametrize("n", [3, 4])
def test_deal_varies_with_the_seed(n: int) -> None:
    group = members(n)
    results = {str(deal(group, random.Random(s)).assignment) for s in range(30)}
    assert len(results) > 1
