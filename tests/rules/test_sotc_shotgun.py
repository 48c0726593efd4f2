"""SotC "Chase Scenes", Shotgun! (SRD L5521): "Any time the lead car takes stress, it's
increased by one as long as this guy is shooting" -- on an ordinary attack of the gunman's car
and on a Road Hazard, not only on the ``chase`` roll; never on a hit on a pursuing car, and not
once his car is taken out."""

from __future__ import annotations

from rules import conflict
from rules.encounter import Encounter
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import p as _p

PLUS2 = (1, 1, 0, 0)


def _chase(*, shotgun: bool) -> Encounter:
    """Lead (Drive Fair) flees Vil's one Fair car ("cars"), with a gunman aboard or not."""
    lead = npc_participant(pid="lead", name="Lead", skills={"Drive": 2}, rules=SotcSettings(),
                           side="heroes")  # fmt: skip
    lead = lead.model_copy(update={"tracks": {**lead.tracks, "health": (0,) * 6}})
    vil = npc_participant(pid="vil", name="Vil", skills={"Drive": 4}, rules=SotcSettings(),
                          side="villains")  # fmt: skip
    state = Encounter(system="sotc", participants=(lead, vil))
    state, _ = _act(state, "pursuit", actor="vil", params={"points": 10})
    state, _ = _act(state, "pursuit_cars", actor="vil",
                    params={"quality": 2, "count": 1, "id": "cars"})  # fmt: skip
    state, _ = conflict.start(CR, state)
    if shotgun:
        state, _ = _act(state, "pursuit_effect", actor="vil", targets=("cars",),
                        params={"effect": "shotgun", "car": 1})  # fmt: skip
    return state


def _attack(state: Encounter, attacker: str, defender: str) -> tuple[Encounter, str]:
    """``attacker`` rolls +2 on the dice, ``defender`` 0, both with Drive."""
    new, entry = conflict.attack(CR, state, attacker=attacker, defender=defender, skill="Drive",
                                 defense_skill="Drive", dice=PLUS2, defense_dice=ZERO)  # fmt: skip
    return new, entry.text


def test_an_ordinary_attack_of_the_gunmans_car_on_the_lead_car_is_one_more_stress() -> None:
    """L5521: the car's Drive (Fair +2) +2 on the dice against Lead's Fair +2: a 2-shift hit
    without the gunman (box 2), a 3-point hit with him (box 3)."""
    plain, text = _attack(_chase(shotgun=False), "cars", "lead")
    assert plain.pending_hit is not None and plain.pending_hit.shifts == 2
    assert "Shotgun" not in text
    armed, text = _attack(_chase(shotgun=True), "cars", "lead")
    assert armed.pending_hit is not None and armed.pending_hit.shifts == 3
    assert "2 shifts; +1 Shotgun!: 3" in text and "3-point hit: box 3" in text
    armed, _ = conflict.apply_stress(CR, armed, who="lead")
    assert _p(armed, "lead").track("health")[:3] == (0, 0, 1)


def test_no_shotgun_on_a_hit_on_a_pursuing_car_or_after_his_car_is_out() -> None:
    """L5521: it is the lead car's stress that grows; "the guy with the gun can be removed when
    that car is taken out"."""
    state = _chase(shotgun=True)
    state, text = _attack(state, "lead", "cars")
    assert "Shotgun" not in text
    assert _p(state, "cars").taken_out  # a Fair minion's two boxes: taken out by 2 shifts
    assert CR.hit_shifts(_p(state, "cars"), _p(state, "lead"), 4, 2) == (2, "")


def _with_gunman(state: Encounter) -> Encounter:
    """A gunman aboard "cars" (as the Shotgun! effect leaves him; the effect itself is the
    exchange's one point, tested above)."""
    from rules.systems.sotc.participant_options import with_options

    cars = with_options(_p(state, "cars"), shotgun=True, shotgun_car=1)
    return state.model_copy(
        update={"participants": tuple(cars if p.id == "cars" else p for p in state.participants)}
    )


def test_a_road_hazard_on_the_lead_car_is_one_more_stress_while_he_shoots() -> None:
    """L5517 a Road Hazard attacks the lead car with the villain's Drive; L5521 any stress the
    lead car takes is one more while the gunman shoots. Vil's Great Drive +4 against Lead's
    Fair +2, all dice 0: 2 stress (box 2), 3 with Shotgun! (box 3)."""

    def hazard(state: Encounter) -> tuple[Encounter, str]:
        return _act(state, "pursuit_effect", actor="vil", targets=("lead",),
                    params={"effect": "road hazard", "skill": "Drive"},
                    dice=(ZERO, ZERO))  # fmt: skip

    plain, text = hazard(_chase(shotgun=False))
    assert _p(plain, "lead").track("health")[:3] == (0, 1, 0) and "Shotgun" not in text
    armed, text = hazard(_with_gunman(_chase(shotgun=False)))
    assert _p(armed, "lead").track("health")[:3] == (0, 0, 1) and "(+1 Shotgun!)" in text
