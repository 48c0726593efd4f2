"""Issue 13, "Special maneuvers and hazards": fire, poison, explosions and fuses, knockback and
pushing, disarming as SotC encounter actions, each against the SotC SRD lines it cites."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.character import Consequence
from rules.conflict import minion_group
from rules.encounter import Border, Encounter, Participant, Zone
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.hazards import zones_moved
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import p as _p


def _npc(pid: str, zone: str | None = None, **skills: int) -> Participant:
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), zone=zone
    )


def test_fire_burns_everyone_by_its_intensity() -> None:
    """L5974-L5983: at the start of the exchange, intensity in physical stress to everyone in
    the scene; intensity 0 can be avoided."""
    ada, bo = _npc("ada"), _npc("bo")
    bo = bo.model_copy(update={"tracks": {**bo.tracks, "health": (0, 1, 1, 1, 1)}})
    cy = _npc("cy")
    state = Encounter(system="sotc", participants=(ada, bo, cy))
    same, text = _act(state, "fire", params={"intensity": 0})
    assert same.participants == state.participants and "avoided" in text
    state, text = _act(state, "fire", params={"intensity": 2})
    assert _p(state, "ada").track("health")[1] == 1
    # Bo has no box for it: the hit waits for a consequence; Cy burns after it is settled
    assert state.pending_hit is not None and state.pending_hit.target == "bo"
    assert "still to burn once the pending hit is settled: Cy" in text
    state, _ = conflict.take_consequence(CR, state, who="bo", text="Singed")
    state, _ = _act(state, "fire", targets=("cy",), params={"intensity": 2})
    assert _p(state, "cy").track("health")[1] == 1


def test_fire_in_one_zone() -> None:
    state = Encounter(system="sotc", participants=(_npc("ada", "hall"), _npc("bo", "yard")))
    state, _ = _act(state, "fire", params={"intensity": 1, "zone": "hall"})
    assert _p(state, "ada").track("health")[0] == 1 and not any(_p(state, "bo").track("health"))


def test_fast_poison_attacks_endurance() -> None:
    """L5575-L5579: an attack at its potency against Endurance; spin on the defense may stop it."""
    state = Encounter(system="sotc", participants=(_npc("ada", Endurance=1),))
    state, text = _act(state, "poison", targets=("ada",), params={"potency": 3},
                       dice=((1, 0, 0, 0), ZERO))  # fmt: skip
    assert "fast poison +3 [+000] = +4 vs Ada Endurance +1 [0000] = +1" in text
    assert _p(state, "ada").track("health")[2] == 1  # 3 shifts
    _, text = _act(state, "poison", targets=("ada",), params={"potency": 0},
                   dice=((-1, -1, 0, 0), (1, 0, 0, 0)))  # fmt: skip
    assert "spin: the poison stops" in text


def test_slow_poison_escalates_and_takes_out_on_the_fourth() -> None:
    """L5581: beating Endurance by 3 gives a consequence, mild, moderate, severe; the fourth
    takes the victim out; a margin under 3 does nothing."""
    state = Encounter(system="sotc", participants=(_npc("ada"),))
    _, text = _act(state, "poison", targets=("ada",), params={"potency": 2, "kind": "slow"},
                   dice=(ZERO, ZERO))  # fmt: skip
    assert "needs to win by 3" in text
    for expected in ("mild", "moderate", "severe"):
        state, text = _act(state, "poison", targets=("ada",),
                           params={"potency": 3, "kind": "slow", "text": f"Venom {expected}"},
                           dice=(ZERO, ZERO))  # fmt: skip
        assert f"{expected} consequence" in text
    state, text = _act(state, "poison", targets=("ada",), params={"potency": 3, "kind": "slow"},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert _p(state, "ada").taken_out and "succumbs" in text


def test_exotic_poison_gives_its_aspect() -> None:
    """L5583: Endurance against the potency; a loss puts the aspect on the victim."""
    state = Encounter(system="sotc", participants=(_npc("ada", Endurance=2),))
    same, text = _act(state, "poison", targets=("ada",),
                      params={"potency": 2, "kind": "exotic", "text": "Seeing Things"},
                      dice=(ZERO,))  # fmt: skip
    assert "resists" in text and same.aspects == ()
    state, text = _act(state, "poison", targets=("ada",),
                       params={"potency": 3, "kind": "exotic", "text": "Seeing Things"},
                       dice=(ZERO,))  # fmt: skip
    assert [(a.text, a.holder) for a in state.aspects] == [("Seeing Things", "ada")]


def _zoned(*cast: Participant) -> Encounter:
    return Encounter(
        system="sotc", participants=cast,
        zones=(Zone(id="a"), Zone(id="b"), Zone(id="c"), Zone(id="d")),
        borders=(Border(between=("a", "b")), Border(between=("b", "c"), value=2),
                 Border(between=("c", "d"))),
    )  # fmt: skip


def test_explosion_force_area_and_cover() -> None:
    """L5997-L5999: Athletics against the force to take cover: made, a consequence (spin:
    unharmed); missed or unaware, taken out; force drops 1 a zone and by a border's cover, and is
    spent beyond the area."""
    here, near, walled, far = (
        _npc("here", "a", Athletics=3), _npc("near", "b", Athletics=0),
        _npc("walled", "c", Athletics=0), _npc("far", "d", Athletics=5),
    )  # fmt: skip
    state = _zoned(here, near, walled, far)
    state, text = _act(
        state, "explosion", targets=("here", "near", "walled", "far"),
        params={"force": 4, "area": 3, "zone": "a"}, dice=(ZERO, ZERO, ZERO, ZERO),
    )  # fmt: skip
    # here: +3 vs 4: taken out; near: force 3, +0: out; walled: 4 - 2 zones - border 2 = 0
    assert _p(state, "here").taken_out and _p(state, "near").taken_out
    assert "Walled: the force is spent" in text and "Far: outside the area" in text
    hero = _npc("hero", "a", Athletics=4)
    state, text = _act(_zoned(hero), "explosion", targets=("hero",),
                       params={"force": 4, "zone": "a", "text": "Ringing Ears"},
                       dice=(ZERO,))  # fmt: skip
    assert [(c.severity, c.text) for c in _p(state, "hero").consequences] == [
        ("mild", "Ringing Ears")
    ]
    state, text = _act(_zoned(hero), "explosion", targets=("hero",),
                       params={"force": 1, "zone": "a"}, dice=(ZERO,))  # fmt: skip
    assert "miraculous escape" in text and not _p(state, "hero").consequences
    state, text = _act(_zoned(hero), "explosion", targets=("hero",),
                       params={"force": 1, "zone": "a", "unaware": "hero"})  # fmt: skip
    assert _p(state, "hero").taken_out and "unaware" in text


def test_minions_in_a_blast_are_out_unless_they_escape() -> None:
    thugs = minion_group(CR, pid="thugs", name="Thugs", quality=1, count=3)
    thugs = thugs.model_copy(update={"zone": "a"})
    state, _ = _act(_zoned(thugs), "explosion", targets=("thugs",),
                    params={"force": 2, "zone": "a"}, dice=(ZERO,))  # fmt: skip
    assert _p(state, "thugs").taken_out and _p(state, "thugs").remaining == 0


@pytest.mark.parametrize(
    ("fuse", "faces", "result"),
    [("short", (0, 0), "explode"), ("medium", (0, 0), "no explosion"),
     ("long", (1, 0), "no explosion"), ("long", (1, 1), "explode"),
     ("medium", (-1, -1), "fizzle: mark it")],
)  # fmt: skip
def test_the_fuse_table(fuse: str, faces: tuple[int, int], result: str) -> None:
    """L6009-L6017: 2dF before every action."""
    _, text = _act(Encounter(system="sotc"), "fuse", params={"fuse": fuse},
                   dice=((*faces, 1, 1),))  # fmt: skip
    assert text.split(": ", 1)[1].startswith(f"[{''.join('+0-'[1 - f] for f in faces)}]")
    assert result in text


def test_a_second_fizzle_is_a_dud() -> None:
    _, text = _act(Encounter(system="sotc"), "fuse", params={"fuse": "short", "marked": True},
                   dice=((-1, -1, 0, 0),))  # fmt: skip
    assert "a dud" in text


@pytest.mark.parametrize(
    ("shifts", "weight", "push", "zones"),
    [(2, 2, False, 0), (3, 2, False, 1), (6, 2, False, 1), (7, 2, False, 2), (12, 2, False, 3),
     (3, 2, True, 1), (6, 2, True, 2), (4, 3, True, 1)],
)  # fmt: skip
def test_knockback_and_push_costs(shifts: int, weight: int, push: bool, zones: int) -> None:
    """L1466: a push costs weight + 1 a zone; L1470: a knockback's first zone costs 1 + weight,
    each further zone one more than the last (a person, weight 2: 3, then 4, then 5)."""
    assert zones_moved(shifts, weight, push) == zones


def test_knockback_and_disarm_are_contests_that_take_the_action() -> None:
    """L1448: a disarm with three shifts makes picking the weapon up a -4 supplemental
    action."""
    brute, ada = _npc("brute", Might=4, Weapons=4), _npc("ada", Athletics=1)
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=(brute, ada)))
    state, text = _act(state, "knockback", actor="brute", targets=("ada",),
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "3 shifts, knockback moves Ada 1 zone" in text and _p(state, "brute").acted
    with pytest.raises(RuleViolation, match="already acted"):
        _act(state, "disarm", actor="brute", targets=("ada",), dice=(ZERO, ZERO))
    state, _ = conflict.next_exchange(CR, state)
    state, text = _act(state, "disarm", actor="brute", targets=("ada",), dice=(ZERO, ZERO))
    assert "supplemental action at -4" in text
    # disarmed: no Weapons, to defend or to attack, until re-armed
    with pytest.raises(RuleViolation, match="Ada is disarmed"):
        conflict.attack(CR, state, attacker="brute", defender="ada", skill="Might",
                        defense_skill="Weapons", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    state, _ = conflict.next_exchange(CR, state)
    state, text = _act(state, "rearm", actor="ada")
    assert "-4 on this turn's action" in text and _p(state, "ada").penalty == 4
    state, entry = conflict.attack(
        CR, state, attacker="ada", defender="brute", skill="Weapons", defense_skill="Weapons",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Ada Weapons +0 [0000] -4 = -4" in entry.text  # armed again, the pick-up's -4
    with pytest.raises(RuleViolation, match="not disarmed"):
        _act(state, "rearm", actor="ada")


def test_poison_on_a_held_consequence_moves_up() -> None:
    ada = _npc("ada").model_copy(
        update={"consequences": (Consequence(severity="mild", text="Bruised"),)}
    )
    _, text = _act(Encounter(system="sotc", participants=(ada,)), "poison", targets=("ada",),
                       params={"potency": 3, "kind": "slow"}, dice=(ZERO, ZERO))  # fmt: skip
    assert "moderate consequence" in text


def _car(pid: str, drive: int, boxes: int = 5) -> Participant:
    car = _npc(pid, Drive=drive)
    return car.model_copy(update={"tracks": {**car.tracks, "health": (0,) * boxes}})


def test_a_chase_exchange() -> None:
    """L5479-L5485: the lead driver rolls first against his own difficulty and his car takes
    what he misses by; the pursuer against the same difficulty hits the lead car with its
    shifts, or its own car takes what it misses by."""
    lead, chaser = _car("lead", 3), _car("chaser", 2)
    state = Encounter(system="sotc", participants=(lead, chaser))
    state, text = _act(state, "chase", actor="lead", targets=("chaser",),
                       params={"difficulty": 4}, dice=(ZERO, (1, 1, 1, 0)))  # fmt: skip
    # lead +3 misses 4 by 1: box 1; chaser +5 beats 4 by 1: lead box 1 is checked, box 2
    assert _p(state, "lead").track("health")[:2] == (1, 1)
    assert "Lead leads at +4" in text and "closes in" in text
    state, text = _act(state, "chase", actor="lead", targets=("chaser",),
                       params={"difficulty": 3}, dice=(ZERO, (-1, 0, 0, 0)))  # fmt: skip
    assert _p(state, "chaser").track("health")[1] == 1 and "misses" in text
    same, text = _act(state, "chase", actor="lead", targets=("chaser",),
                      params={"difficulty": 2, "maneuver": True}, dice=(ZERO, ZERO))  # fmt: skip
    assert same.participants == state.participants and "may maneuver" in text


def test_minion_cars_pursue_as_one_group() -> None:
    """L5493: several pursuers use the minion rules: one roll with the group bonus."""
    lead = _car("lead", 3)
    cars = minion_group(CR, pid="cars", name="Black Sedans", quality=2, count=2)
    state = Encounter(system="sotc", participants=(lead, cars))
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 1}, dice=((-1, -1, -1, -1), ZERO))  # fmt: skip
    # the lead car misses +1 by 2: box 2; the group of two, Fair +2 +1 = +3, beats +1 by 2:
    # box 2 is checked, the hit rolls up to box 3
    assert "Black Sedans Drive +2 [0000] +1 = +3" in text
    assert _p(state, "lead").track("health") == (0, 1, 1, 0, 0)


def test_carrying_adds_the_weight_factor_to_the_move_penalty() -> None:
    """L1458: carrying something heavy raises the supplemental move's penalty by its weight
    factor for each zone moved (a person: 2): -1 for the move, -2 for the load."""
    sal, mae, cy = _npc("sal", "a", Fists=3), _npc("mae", "a"), _npc("cy", "d")
    state, _ = conflict.start(CR, _zoned(sal, mae, cy))
    state, text = _act(state, "carry", actor="sal", targets=("mae",), params={"to": "b"})
    assert _p(state, "sal").zone == "b" and _p(state, "mae").zone == "b"
    assert _p(state, "sal").penalty == 3 and "carrying Mae: -2 more" in text
    with pytest.raises(RuleViolation, match="Cy is not in Mae's zone"):
        _act(state, "carry", actor="mae", targets=("cy",), params={"to": "a"})


@pytest.mark.parametrize(
    ("might", "load", "pushing", "penalty"),
    [(3, -1, False, 0), (3, 0, False, 1), (3, 3, False, 4), (4, 4, True, 4), (6, 7, True, 5),
     (6, 6, False, 4)],
)  # fmt: skip
def test_encumbrance_penalty(might: int, load: int, pushing: bool, penalty: int) -> None:
    """L5772-L5776: carried freely 4 steps below lifting capacity; -1 a step heavier, at most -4
    (-5 really pushing, L5737)."""
    from rules.systems.sotc.hazards import encumbrance_penalty

    assert encumbrance_penalty(might, load, pushing) == penalty


def test_a_load_hinders_other_physical_rolls_until_put_down() -> None:
    sal = _npc("sal", Might=3, Athletics=2, Endurance=2)
    state = Encounter(system="sotc", participants=(sal,))
    state, text = _act(state, "encumbrance", actor="sal", params={"load": 1})
    assert "-2 on other physical rolls" in text
    state, entry = conflict.roll(
        CR, state, who="sal", skill="Athletics", dice=ZERO, uses_action=False
    )
    assert "= +0" in entry.text  # Athletics +2, -2 encumbered
    state, entry = conflict.roll(CR, state, who="sal", skill="Might", dice=ZERO, uses_action=False)
    assert "= +3" in entry.text
    with pytest.raises(RuleViolation, match="cannot lift"):
        _act(state, "encumbrance", actor="sal", params={"load": 4})
    state, _ = _act(state, "encumbrance", actor="sal", params={"drop": True})
    _, entry = conflict.roll(CR, state, who="sal", skill="Athletics", dice=ZERO, uses_action=False)
    assert "= +2" in entry.text


def test_throwing_an_explosive_and_diving_clear() -> None:
    """L6003-L6007: Weapons vs Mediocre; everyone in the area rolls Athletics against the throw,
    spin dives one zone clear; the thrower may lower that (not below Mediocre); a bad throw
    lands at the thrower's feet, where he dives at +1 a step missed and the others at
    Mediocre."""
    bomber, ada, bo = _npc("bomber", "a", Weapons=2), _npc("ada", "b", Athletics=4), _npc("bo", "b")
    state, _ = conflict.start(CR, _zoned(bomber, ada, bo))
    new, text = _act(state, "throw_explosive", actor="bomber", targets=("ada", "bo"),
                     params={"zone": "b"}, dice=(ZERO, (1, 0, 0, 0), ZERO))  # fmt: skip
    assert "lands in b" in text and _p(new, "bomber").acted
    assert "Ada dives: Ada Athletics +4 [+000] = +5 vs +2: spin" in text
    assert "Bo dives: Bo Athletics +0 [0000] = +0 vs +2: stays" in text
    _, text = _act(state, "throw_explosive", actor="bomber", targets=("bo",),
                   params={"zone": "b", "dive_difficulty": 0},
                   dice=(ZERO, (1, 1, 1, 0)))  # fmt: skip
    assert "vs +0: spin" in text
    _, text = _act(state, "throw_explosive", actor="bomber", targets=("bomber", "ada"),
                   dice=((-1, -1, -1, -1), ZERO, ZERO))  # fmt: skip
    assert "lands in a" in text and "Bomber Athletics +0 [0000] = +0 vs +2" in text
    assert "Ada Athletics +4 [0000] = +4 vs +0: spin" in text


def test_a_lasting_fire_burns_as_each_exchange_begins() -> None:
    """L5976: "At the beginning of the exchange": a lasting fire burns whoever is in it each
    exchange, until a fire of intensity 0 takes them out of it."""
    ada, bo = _npc("ada", "a", Alertness=2), _npc("bo", "b")
    state, _ = conflict.start(CR, _zoned(ada, bo))
    state, text = _act(state, "fire", params={"intensity": 1, "zone": "a", "lasting": True})
    assert _p(state, "ada").track("health")[0] == 1 and "burns again" in text
    state, entry = conflict.next_exchange(CR, state)
    assert "the fire burns: Ada takes 1 health stress: box 2" in entry.text  # rolled up
    assert not any(_p(state, "bo").track("health"))
    state, _ = _act(state, "fire", targets=("ada",), params={"intensity": 0})
    state, entry = conflict.next_exchange(CR, state)
    assert "fire" not in entry.text and _p(state, "ada").track("health")[2] == 0


def test_a_passenger_helps_and_a_shotgun_adds_to_each_hit() -> None:
    """L5547: a passenger rolls too and the driver keeps the better result, but not the same
    passenger two exchanges running; L5521 Shotgun!: +1 to each stress on the lead car."""
    lead, chaser, gunner = _car("lead", 1), _car("chaser", 2), _npc("gunner", Guns=4)
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=(lead, chaser, gunner)))
    state, text = _act(state, "chase", actor="lead", targets=("chaser",),
                       params={"difficulty": 3, "passenger": "gunner", "shotgun": True},
                       dice=(ZERO, (1, 0, 0, 0), ZERO))  # fmt: skip
    # the driver's +1 would miss by 2; the gunner's +4 counts: no self-inflicted stress;
    # the chaser's +3 only keeps up
    assert "Gunner helps: Gunner Guns +4 [0000] = +4, +4 counts" in text
    assert not any(_p(state, "lead").track("health")) and "keeps up" in text
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="helped the driver last exchange"):
        _act(state, "chase", actor="lead", targets=("chaser",),
             params={"difficulty": 3, "passenger": "gunner"})  # fmt: skip
    state, text = _act(state, "chase", actor="lead", targets=("chaser",),
                       params={"difficulty": 2, "shotgun": True},
                       dice=((1, 1, 0, 0), (1, 1, 0, 0)))  # fmt: skip
    assert "closes in (+1 Shotgun!)" in text
    assert _p(state, "lead").track("health")[2] == 1  # 2 shifts + 1: box 3


def test_a_slow_poisons_consequences_stay_until_cured() -> None:
    """L5581: "these consequences do not disappear until after the poison is cured"."""
    from rules.encounter import RecoverEvent

    state = Encounter(system="sotc", participants=(_npc("ada"),))
    state, _ = _act(state, "poison", targets=("ada",),
                    params={"potency": 3, "kind": "slow", "text": "Creeping Venom"},
                    dice=(ZERO, ZERO))  # fmt: skip
    state, _ = conflict.recover(CR, state, "downtime")
    state, _ = conflict.apply_event(CR, state, RecoverEvent(elapsed="a year"))
    state, _ = conflict.end_scene(CR, state)
    assert [c.text for c in _p(state, "ada").consequences] == ["Creeping Venom"]
    state, text = _act(state, "cure_poison", targets=("ada",))
    assert "now recover with time" in text
    state, _ = conflict.recover(CR, state, "breather")
    assert _p(state, "ada").consequences == ()
    with pytest.raises(RuleViolation, match="no poison to cure"):
        _act(state, "cure_poison", targets=("ada",))
