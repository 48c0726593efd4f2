"""ART Engine damage, healing, Fame and Glory, against the book's examples.

Line numbers (L...) are lines of shared/seeds/art-engine-2012.txt.
"""

from __future__ import annotations

import pytest

from rules.systems.art.damage import (
    FameState,
    defeated_fame,
    defense_damage,
    first_aid_cost,
    gain_glory,
    heal,
    record_damage,
    regain_fame,
    spend_fame,
    sustained_damage,
)
from rules.systems.art.scale import Result

R = Result
TRACK = (R.IN, R.PR, R.PS, R.GD)


def test_recording_damage_worked_example() -> None:
    """L1422-1432: Health IN/PR/PS/GD. Poor checks PR; Poor again checks IN; Inferior is
    shrugged off (PS and GD left); Great, one over GD, checks GD and PS: defeated."""
    first = record_damage(TRACK, (), R.PR)
    assert first.checked == (False, True, False, False) and first.marked == (1,)
    second = record_damage(TRACK, first.checked, R.PR)
    assert second.checked == (True, True, False, False) and second.marked == (0,)
    third = record_damage(TRACK, second.checked, R.IN)
    assert third.shrugged and third.checked == second.checked
    fourth = record_damage(TRACK, third.checked, R.GT)
    assert fourth.marked == (3, 2) and fourth.defeated and fourth.staggered


def test_the_box_matching_the_damage_is_checked_first() -> None:
    """L1414: check the box that corresponds to the damage (the rightmost of equal boxes)."""
    result = record_damage((R.IN, R.PR, R.PS, R.PS), (), R.PS)
    assert result.marked == (3,) and result.staggered


def test_never_above_the_damage_without_overflow() -> None:
    """L1417-1418: never a checked box, never a box higher than the damage."""
    result = record_damage(TRACK, (False, True, False, False), R.PS)
    assert result.marked == (2,)
    result = record_damage((R.PR, R.PS, R.GD, R.GD), (), R.IN)
    assert result.shrugged and result.marked == ()


def test_foe_tracks_from_player_attacking_foe() -> None:
    """L2026: PR/PS/GD/GT hit for Great: GT checked, foe staggered. L2032: IN/IN/PR/PS hit for
    Super (three over PS): PS and three more boxes, the foe dies."""
    hit = record_damage((R.PR, R.PS, R.GD, R.GT), (), R.GT)
    assert hit.marked == (3,) and hit.staggered and not hit.defeated
    kill = record_damage((R.IN, R.IN, R.PR, R.PS), (), R.SP)
    assert kill.marked[0] == 3 and len(kill.marked) == 4 and kill.defeated


def test_overflow_stops_when_the_track_is_full() -> None:
    result = record_damage(TRACK, (True, True, False, False), R.AW)
    assert result.marked == (3, 2) and result.defeated
    assert record_damage(TRACK, (True,) * 4, R.AW).marked == ()


def test_player_damage_table() -> None:
    """L1386-1402: 2 failures = Poor; +1 damage rating makes 3 = Passable; no failure, none."""
    assert defense_damage(2) is R.PR
    assert defense_damage(2, damage_rating=1) is R.PS
    assert defense_damage(7) is R.AW
    assert defense_damage(0) is None


def test_first_aid_costs() -> None:
    """L1466-1472: 1 Fame for Inferior, +1 a level: Poor 2, Passable 3, Great 5."""
    assert [first_aid_cost(x) for x in (R.IN, R.PR, R.PS, R.GT)] == [1, 2, 3, 5]
    track = (R.IN, R.PR, R.PS, R.PS)
    assert heal(track, (True,) * 4, R.IN) == (False, True, True, True)


def test_healing_clears_the_highest_box_not_above_the_result() -> None:
    assert heal(TRACK, (True,) * 4, R.PS) == (True, True, False, True)
    assert heal(TRACK, (False, False, False, True), R.PR) == (False, False, False, True)


def test_sustained_damage_rises_a_level_a_round() -> None:
    """L1504, L1508: Inferior in the first round, then Poor."""
    assert [sustained_damage(n) for n in (1, 2, 3)] == [R.IN, R.PR, R.PS]


def test_fame_tally() -> None:
    """L501-505: Fame 1 at creation; tally marks up to Fame; an Awesome erases them."""
    state = FameState()
    spent = spend_fame(state, 1)
    assert spent.available == 0
    with pytest.raises(ValueError):
        spend_fame(spent, 1)
    assert regain_fame(spent).available == 1


def test_defeat_costs_one_fame_for_good() -> None:
    """L1442: a defeated adventurer loses 1 Fame (not below 0)."""
    assert defeated_fame(FameState(fame=3, spent=3)) == FameState(fame=2, spent=2)
    assert defeated_fame(FameState(fame=0)).fame == 0


def test_glory_becomes_fame_at_ten_times_fame() -> None:
    """L511: when Glory equals ten times Fame, erase it and raise Fame by one."""
    assert gain_glory(FameState(fame=2, glory=15), 4) == FameState(fame=2, glory=19)
    assert gain_glory(FameState(fame=2, glory=15), 5) == FameState(fame=3, glory=0)
