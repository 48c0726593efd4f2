"""Issue 13, chases: a chase scene's pursuit points, the cars they buy and the pursuer's
effects, against the SotC SRD lines they cite (seeds/spirit-of-the-century-srd.txt,
"Chase Scenes", L5499-L5543)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter, Participant
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import p as _p


def _npc(pid: str, side: str, **skills: int) -> Participant:
    return npc_participant(pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(),
                           side=side)  # fmt: skip


def _points(state: Encounter, pid: str = "vil") -> int:
    return options_of(_p(state, pid)).pursuit[0]


def _scene(points: int = 10) -> Encounter:
    lead = _npc("lead", "heroes", Drive=3)
    lead = lead.model_copy(update={"tracks": {**lead.tracks, "health": (0,) * 3}})
    villain = _npc("vil", "villains", Drive=4)
    state = Encounter(system="sotc", participants=(lead, villain))
    state, text = _act(state, "pursuit", actor="vil", params={"points": points})
    assert f"pursues with {points} points" in text
    return state


def test_the_pursuit_buys_cars_at_their_quality() -> None:
    """L5507-L5509: the pursuit's value (5, 10, 20); a car costs 1 / 2 / 3 points (Average,
    Fair, Good minion); at the start as many as the points allow."""
    state = _scene(10)
    state, text = _act(state, "pursuit_cars", actor="vil",
                       params={"quality": 2, "count": 3, "id": "sedans"})  # fmt: skip
    assert "spends 6 points on 3 cars of quality +2" in text and _points(state) == 4
    cars = _p(state, "sedans")
    assert cars.is_group and cars.count == 3 and cars.side == "villains"
    assert len(cars.track("health")) == 6  # Fair minions: 2 boxes each
    with pytest.raises(RuleViolation, match="cost 6 points"):
        _act(state, "pursuit_cars", actor="vil", params={"quality": 3, "count": 2})


def test_later_a_single_car_only_when_none_pursues() -> None:
    """L5509: once the chase runs, a car joins only when no pursuing car is left, and one."""
    state = _scene(10)
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "id": "a"})
    state, _ = conflict.start(CR, state)
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="no car is pursuing"):
        _act(state, "pursuit_cars", actor="vil", params={"quality": 1})
    state = conflict.take_out(CR, state, who="a")[0]
    with pytest.raises(RuleViolation, match="a single car"):
        _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "count": 2})
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "id": "b"})
    assert "b" in state.order


def test_one_effect_an_exchange_and_reinforcements_by_half_the_rest() -> None:
    """L5511-L5513: one point an exchange buys an effect; Reinforcements spend up to half the
    remaining points on cars of the quality in play, which join the group."""
    state = _scene(10)
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "id": "cars"})
    state, _ = conflict.start(CR, state)  # 9 points left
    state, text = _act(state, "pursuit_effect", actor="vil", targets=("cars",),
                       params={"effect": "reinforcements", "count": 4})  # fmt: skip
    assert "4 more cars join" in text and _points(state) == 4  # 9 - 1 - 4
    assert _p(state, "cars").count == 5 and len(_p(state, "cars").track("health")) == 5
    with pytest.raises(RuleViolation, match="this exchange"):
        _act(state, "pursuit_effect", actor="vil", targets=("cars",),
             params={"effect": "shotgun"})  # fmt: skip
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="up to half"):  # (4 - 1) // 2 = 1 point of cars
        _act(state, "pursuit_effect", actor="vil", targets=("cars",),
             params={"effect": "reinforcements", "count": 2})  # fmt: skip


def test_shotgun_adds_one_to_each_hit_on_the_lead_car() -> None:
    """L5521: while the gunman rides, each stress the lead car takes is one more."""
    state = _scene(5)
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 2, "id": "cars"})
    state, text = _act(state, "pursuit_effect", actor="vil", targets=("cars",),
                       params={"effect": "shotgun"})  # fmt: skip
    assert "Shotgun!" in text and options_of(_p(state, "cars")).shotgun
    # the car group (Fair +2) beats difficulty 1 by 1; +1 Shotgun!: 2 stress, box 2
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 1}, dice=(ZERO, ZERO))  # fmt: skip
    assert "(+1 Shotgun!)" in text and _p(state, "lead").track("health") == (0, 1, 0)


def test_a_road_hazard_attacks_the_lead_car_with_the_pursuers_drive() -> None:
    """L5517: the villain's Drive attacks the lead car (its driver defends with Drive)."""
    state = _scene(5)
    state, text = _act(state, "pursuit_effect", actor="vil", targets=("lead",),
                       params={"effect": "road hazard"}, dice=(ZERO, ZERO))  # fmt: skip
    assert "Road Hazard: road hazard: Vil Drive +4" in text
    assert _p(state, "lead").track("health")[0] == 1 and _points(state) == 4


def test_the_last_pursuer_costs_every_point_and_ends_the_tricks() -> None:
    """L5525-L5535: all the points left (at least 1): a Good minion car with a box more for
    each point past the first, and one benefit (here +3 stress boxes)."""
    state = _scene(4)
    state, text = _act(state, "pursuit_effect", actor="vil",
                       params={"effect": "last pursuer", "id": "last"})  # fmt: skip
    car = _p(state, "last")
    assert car.quality == 3 and len(car.track("health")) == 3 + 3 + 3
    assert _points(state) == 0 and "The Last Pursuer" in text
    state, _ = conflict.start(CR, state)
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="no pursuit point"):
        _act(state, "pursuit_effect", actor="vil", targets=("lead",),
             params={"effect": "dramatic entrance"}, dice=(ZERO, ZERO))  # fmt: skip


def test_the_lead_car_escapes_when_points_and_cars_are_gone() -> None:
    """L5541-L5543: the Dramatic Entrance costs every point and makes a Road Hazard; with no
    point and no car left, the fleeing vehicle escapes."""
    state = _scene(3)
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "id": "cars"})
    state, text = _act(
        state, "pursuit_effect", actor="vil", targets=("lead",),
        params={"effect": "dramatic entrance"}, dice=(ZERO, (1, 1, 1, 1)),
    )  # fmt: skip
    assert "Dramatic Entrance for all 2 points" in text and "gets through" in text
    assert "escapes" not in text  # a car still pursues
    # the pursuing car misses difficulty 3 by 2 and its one box cannot take it: out
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 3}, dice=(ZERO, ZERO))  # fmt: skip
    assert _p(state, "cars").taken_out
    assert "no pursuit points and no car left: the lead car escapes" in text
