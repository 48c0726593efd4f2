"""ART Engine turn order: initiative and the phase track (shared/seeds/art-engine-2012.txt).

Chapter 5 "Initiative" (L1767-1802) and its Jen/Bill/Sam example; Chapter 4 "How Long Did It
Take?" (L1634-1647) and "Phase Track" (L1687-1695).
"""

from __future__ import annotations

import pytest

from rules.systems.art.conflict_order import (
    Initiative,
    PhaseTrack,
    bonus_round,
    encounter_range,
    phases_taken,
    round_order,
)
from rules.systems.art.scale import Result

JEN = Initiative(id="jen", result=Result.SP)
BILL = Initiative(id="bill", result=Result.PR)
SAM = Initiative(id="sam", result=Result.PT)
FOES = Initiative(id="foes", result=Result.PR, foe=True)
BOSS = Initiative(id="boss", result=Result.SP, foe=True)
CAST = (SAM, FOES, BOSS, BILL, JEN)


def test_the_books_initiative_example() -> None:
    """L1781-1802: bonus round Jen, Boss; round 1 Jen, Boss, Bill, foes (Sam loses his turn);
    round 2 everyone, Sam last. Ties between foes and players go to the player (L1776)."""
    assert bonus_round(CAST) == ("jen", "boss")
    assert round_order(CAST, 1) == ("jen", "boss", "bill", "foes")
    assert round_order(CAST, 2) == ("jen", "boss", "bill", "foes", "sam")


def test_catastrophic_loses_the_first_turn_and_feeble_does_not() -> None:
    """L1779: Pathetic or Catastrophic initiative loses the first turn."""
    cast = (Initiative(id="a", result=Result.CT), Initiative(id="b", result=Result.FB))
    assert round_order(cast, 1) == ("b",)


def test_an_extreme_foe_acts_in_the_bonus_round_first() -> None:
    """A45: an Extreme rating is above Super, so the foe gets the bonus round, before Awesome."""
    cast = (Initiative(id="pc", result=Result.AW), Initiative(id="x", result=Result.EX, foe=True))
    assert bonus_round(cast) == ("x", "pc")


def test_encounter_range_from_the_highest_initiative() -> None:
    """L1919: a Great initiative starts the encounter at 7 bands."""
    assert encounter_range(Result.GT) == 7


@pytest.mark.parametrize(
    ("result", "difficulty", "phases"),
    [
        (Result.PT, Result.CT, 8),  # the trip to town: Pathetic, 8 hours (L1643)
        (Result.IN, Result.PS, 2),  # the engine: Inferior vs Passable, 2 hours (L1645)
        (Result.GT, Result.PR, 2),  # the library: Great, 2 phases (L1647)
        (Result.AW, Result.PR, 0),  # Awesome: less than one phase (L1640)
        (Result.FB, Result.PS, 3),  # the lock: Feeble, 3 phases (L1669)
    ],
)
def test_phases_taken_match_the_books_examples(
    result: Result, difficulty: Result, phases: int
) -> None:
    assert phases_taken(result, difficulty) == phases


def test_phase_track_moves_tokens_and_the_marker_wraps() -> None:
    """L1691-1695: tokens start on square 1; each moves one square a phase; the marker goes to
    the next occupied square, wrapping past the tenth."""
    track = PhaseTrack.start(["rick", "shari"])
    assert track.ready() == ("rick", "shari")
    track = track.resolve("rick", 3).resolve("shari", 2)  # Rick & Shari's climb (L1703-1705)
    assert track.tokens == {"rick": 3, "shari": 2}
    track = track.advance()
    assert track.marker == 2 and track.ready() == ("shari",)
    track = track.resolve("shari", 9).advance()  # 2 + 9 wraps to square 1 (index 1)
    assert track.tokens["shari"] == 1 and track.marker == 3 and track.ready() == ("rick",)
    track = track.advance()
    assert track.marker == 1  # wraps around to the first occupied square


def test_only_the_current_phase_may_act() -> None:
    track = PhaseTrack.start(["a"]).resolve("a", 2)
    with pytest.raises(ValueError, match="not on the current phase"):
        track.resolve("a", 1)
