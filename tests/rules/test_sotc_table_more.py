"""Issue 13, SotC at the table (more): a due fast poison's attack before anyone acts, Steely
Gaze's lock on maneuvers and blocks, each with the GM's logged override. Each test cites the
SotC SRD lines it checks (seeds/spirit-of-the-century-srd.txt)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.stunt_actions import offers
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import fight as _fight
from tests.rules.sotc_fight import npc as _npc
from tests.rules.sotc_fight import p as _p

ONE = (1, 0, 0, 0)


# -- a fast poison attacks before the first initiative (SRD L5577) ----------------------------


def _poisoned() -> Encounter:
    ada = _npc("ada", {"Endurance": 1, "Alertness": 4, "Fists": 2})
    bo = _npc("bo", {"Fists": 3, "Alertness": 2}, seat=1)
    state = _fight(ada, bo)
    state, _ = conflict.system_action(
        CR, state, action="poison", targets=("ada",), params={"potency": 3}, dice=(ZERO, ZERO)
    )
    state, _ = conflict.next_exchange(CR, state)
    return state


def test_a_due_poison_attack_comes_before_anyone_acts() -> None:
    """L5577: the fast poison's attack "occurs before the first initiative of an exchange":
    until it is rolled nobody acts in that exchange, victim or not."""
    state = _poisoned()
    assert options_of(_p(state, "ada")).poison_due == 2
    for act in (
        lambda s: conflict.attack(CR, s, attacker="ada", defender="bo", skill="Fists",
                                  defense_skill="Fists", dice=ZERO, defense_dice=ZERO),
        lambda s: conflict.attack(CR, s, attacker="bo", defender="ada", skill="Fists",
                                  defense_skill="Fists", dice=ZERO, defense_dice=ZERO),
        lambda s: conflict.maneuver(CR, s, actor="bo", skill="Fists", aspect="Off Balance",
                                    target="ada", defense_skill="Fists", dice=ZERO,
                                    defense_dice=ZERO),
        lambda s: conflict.full_defense(CR, s, who="ada"),
        lambda s: conflict.roll(CR, s, who="bo", skill="Fists", dice=ZERO),
    ):  # fmt: skip
        with pytest.raises(RuleViolation, match="attacks before the first initiative"):
            act(state)
    # a roll that is no action (a GM's check) is not held up
    conflict.roll(CR, state, who="bo", skill="Alertness", dice=ZERO, uses_action=False)
    state, entry = conflict.system_action(
        CR, state, action="poison_attack", targets=("ada",), dice=(ZERO, ZERO)
    )
    assert "fast poison +3" in entry.text
    state, _ = conflict.take_consequence(CR, state, who="ada", text="Poisoned")
    state, entry = conflict.attack(CR, state, attacker="ada", defender="bo", skill="Fists",
                                   defense_skill="Fists", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert "GM override" not in entry.text


def test_the_gm_may_let_an_action_go_before_the_poison_logged() -> None:
    """L5577 with the GM's word: an explicit override lets one action come first; the log says
    why, and the override is spent."""
    state = _poisoned()
    state, entry = conflict.gm_override(CR, state, "bo", "Bo's shot was already in the air")
    state, entry = conflict.attack(CR, state, attacker="bo", defender="ada", skill="Fists",
                                   defense_skill="Fists", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    assert "(GM override: the fast poison in Ada attacks before the first initiative" in entry.text
    assert state.overrides == ()
    with pytest.raises(RuleViolation, match="the GM may allow it"):
        conflict.roll(CR, state, who="ada", skill="Fists", dice=ZERO)


def test_the_window_offers_the_poison_attack_the_moment_it_is_due() -> None:
    """L5577: the due attack is offered ("Now") as the exchange begins, and no longer once
    rolled, nor in the exchange the poison went in."""
    ada = _npc("ada", {"Endurance": 1, "Alertness": 4})
    state = _fight(ada)
    state, _ = conflict.system_action(
        CR, state, action="poison", targets=("ada",), params={"potency": 3}, dice=(ZERO, ZERO)
    )
    assert "poison_attack" not in [e.action for e in offers(state, CR)]
    state, _ = conflict.next_exchange(CR, state)
    due = [e for e in offers(state, CR) if e.action == "poison_attack"]
    assert [(e.actor, e.targets) for e in due] == [(None, ("ada",))]
    state, _ = conflict.system_action(CR, state, action="poison_attack", targets=("ada",),
                                      dice=((-1, -1, 0, 0), (1, 1, 0, 0)))  # fmt: skip
    assert "poison_attack" not in [e.action for e in offers(state, CR)]


# -- Steely Gaze: only Intimidation actions on each other (SRD L3565) -------------------------


def _locked() -> Encounter:
    knuckles = _npc("knuckles", {"Intimidation": 4, "Guns": 3, "Alertness": 5}, "Steely Gaze")
    mae = _npc("mae", {"Resolve": 1, "Intimidation": 2, "Athletics": 2, "Alertness": 4}, seat=1)
    dex = _npc("dex", {"Guns": 4, "Alertness": 3}, seat=2)
    state = _fight(knuckles, mae, dex)
    state, _ = conflict.attack(CR, state, attacker="knuckles", defender="mae",
                               skill="Intimidation", defense_skill="Resolve", dice=ZERO,
                               defense_dice=ZERO)  # fmt: skip
    state, _ = conflict.apply_stress(CR, state, who="mae")
    state, _ = conflict.system_action(CR, state, action="steely_gaze", actor="knuckles",
                                      targets=("mae",))  # fmt: skip
    state, _ = conflict.next_turn(CR, state)  # Mae's turn
    return state


def test_steely_gaze_locks_maneuvers_blocks_and_moves_too() -> None:
    """L3565: the two "can only take Intimidation actions against each other": a maneuver on
    the other with Intimidation goes; on someone else, or with another skill, a block with
    another skill, a full defense or a move is refused."""
    state = _locked()
    for act in (
        lambda s: conflict.maneuver(CR, s, actor="mae", skill="Athletics", aspect="Ducking",
                                    dice=ZERO),
        lambda s: conflict.maneuver(CR, s, actor="mae", skill="Intimidation", aspect="Cowed",
                                    target="dex", defense_skill="Resolve", dice=ZERO,
                                    defense_dice=ZERO),
        lambda s: conflict.block(CR, s, actor="mae", skill="Athletics", against="the door",
                                 dice=ZERO),
        lambda s: conflict.full_defense(CR, s, who="mae"),
    ):  # fmt: skip
        with pytest.raises(RuleViolation, match="only Intimidation actions on each other"):
            act(state)
    _, entry = conflict.maneuver(CR, state, actor="mae", skill="Intimidation",
                                   aspect="Stared Down", target="knuckles",
                                   defense_skill="Resolve", dice=(1, 1, 0, 0),
                                   defense_dice=ZERO)  # fmt: skip
    assert "Stared Down" in entry.text
    _, entry = conflict.block(CR, state, actor="mae", skill="Intimidation",
                              against="Knuckles' threats", dice=ZERO)  # fmt: skip
    assert "GM override" not in entry.text
    # Dex is not locked: he acts freely
    state, _ = conflict.next_turn(CR, state)
    conflict.maneuver(CR, state, actor="dex", skill="Guns", aspect="Covered", dice=ZERO)


def test_the_gm_may_let_one_locked_in_a_gaze_act_otherwise_logged() -> None:
    """L3565 with the GM's word: an override lets Mae block with Athletics; the log says so."""
    state = _locked()
    state, _ = conflict.gm_override(CR, state, "mae", "the floor gives way")
    state, entry = conflict.block(CR, state, actor="mae", skill="Athletics", against="the door",
                                  dice=ZERO)  # fmt: skip
    assert "(GM override: Mae is locked in a Steely Gaze with Knuckles" in entry.text


# -- Demolitions: +3 force for a prepared charge (SRD L3121-L3127) ----------------------------


def _blast(expert_stunts: tuple[str, ...], **params: object) -> tuple[Encounter, str]:
    sapper = _npc("sapper", {"Engineering": 4, "Athletics": 1}, *expert_stunts)
    guard = _npc("guard", {"Athletics": 5}, seat=1)
    state = _fight(sapper, guard)
    state, entry = conflict.system_action(
        CR, state, action="explosion", targets=("guard",),
        params={"force": 2, **params}, dice=(ZERO,),
    )  # fmt: skip
    return state, entry.text


def test_demolitions_adds_three_to_a_prepared_charges_force() -> None:
    """L3125: a properly set charge's force "is increased by three": force 2 becomes 5, so the
    guard's Athletics +5 takes cover with a consequence instead of a miraculous escape (L5997:
    spin on the cover roll)."""
    _, text = _blast(("Demolitions",))
    assert "+5 vs +2: spin, a miraculous escape" in text
    _, text = _blast(("Demolitions",), demolitions="sapper", charge="prepared")
    assert "force +5 (+3 Demolitions, Sapper's prepared charge)" in text
    assert "Guard Athletics +5 [0000] = +5 vs +5: takes cover, mild consequence" in text


def test_demolitions_needs_the_stunt_and_a_prepared_charge() -> None:
    """L3127: no benefit "without preparation, a target structure, and a chance to study the
    target": not for charges set in haste nor for explosives lobbed at people."""
    with pytest.raises(RuleViolation, match="Sapper does not have Demolitions"):
        _blast((), demolitions="sapper", charge="prepared")
    for charge in ("hasty", "thrown"):
        with pytest.raises(RuleViolation, match=f"not {charge} ones"):
            _blast(("Demolitions",), demolitions="sapper", charge=charge)


# -- Body Toss's throw, escaping bonds (SRD L3807, L1470; L2545; L3777) ------------------------


def test_body_toss_lightens_a_throw_as_well_as_a_push() -> None:
    """L3807: "Whenever making a throw or a push maneuver" the target weighs one factor less;
    L1470: a throw is a knockback: one zone costs 1 + weight shifts (a person weighs 2), so the
    5 shifts that knock a person one zone (3, then 4) throw them two (2, then 3)."""
    bull = _npc("bull", {"Might": 5, "Alertness": 3}, "Body Toss")
    rock = _npc("rock", {"Athletics": 1}, seat=1)
    state = _fight(bull, rock)
    _, text = _act(state, "knockback", actor="bull", targets=("rock",),
                   params={"throw": True}, dice=(ONE, ZERO))  # fmt: skip
    assert "Body Toss: the target weighs one factor less (2 to 1)" in text
    assert "5 shifts, throw moves Rock 2 zones" in text
    _, text = _act(state, "knockback", actor="bull", targets=("rock",), dice=(ONE, ZERO))
    assert "Body Toss" not in text and "knockback moves Rock 1 zone" in text
    with pytest.raises(RuleViolation, match="a throw is a knockback, not a push"):
        _act(state, "knockback", actor="bull", targets=("rock",),
             params={"throw": True, "push": True}, dice=(ZERO, ZERO))  # fmt: skip


def _act(state: Encounter, action: str, **kwargs: object) -> tuple[Encounter, str]:
    new, entry = conflict.system_action(CR, state, action=action, **kwargs)
    return new, entry.text


def test_escaping_bonds_with_slippery_and_unbound() -> None:
    """L2545: Slippery +2 to "any attempts to escape from bonds"; L3777: Unbound +2 to Might to
    break out. The bonds' difficulty is the GM's; the attempt is the action of the exchange."""
    eel = _npc("eel", {"Athletics": 2, "Might": 1}, "Slippery", "Unbound")
    plain = _npc("plain", {"Athletics": 2}, seat=1)
    state = _fight(eel, plain)
    after, text = _act(state, "escape_bonds", actor="eel", params={"difficulty": 4},
                       dice=(ZERO,))  # fmt: skip
    assert "Eel Athletics +2 [0000] +2 = +4 vs +4 (+2 Slippery): free" in text
    with pytest.raises(RuleViolation, match="already acted"):
        _act(after, "escape_bonds", actor="eel", params={"difficulty": 4}, dice=(ZERO,))
    _, text = _act(state, "escape_bonds", actor="eel",
                   params={"difficulty": 6, "skill": "Might"}, dice=(ZERO,))  # fmt: skip
    assert "+1 [0000] +4 = +5 vs +6 (+2 Slippery, +2 Unbound): still bound" in text
    _, text = _act(state, "escape_bonds", actor="plain", params={"difficulty": 4},
                   dice=(ZERO,))  # fmt: skip
    assert "Plain Athletics +2 [0000] = +2 vs +4: still bound" in text


# -- chase scenes: reserve cars, Shotgun! per car, the escape (SRD L5499-L5543) ----------------


def _chase(points: int = 10) -> Encounter:
    lead = npc_participant(pid="lead", name="Lead", skills={"Drive": 3}, rules=SotcSettings(),
                           side="heroes")  # fmt: skip
    lead = lead.model_copy(update={"tracks": {**lead.tracks, "health": (0,) * 6}})
    vil = npc_participant(pid="vil", name="Vil", skills={"Drive": 4}, rules=SotcSettings(),
                          side="villains")  # fmt: skip
    state = Encounter(system="sotc", participants=(lead, vil))
    state, _ = _act(state, "pursuit", actor="vil", params={"points": points})
    return state


def test_reserve_cars_enter_one_by_one_as_pursuing_cars_fall() -> None:
    """L5509: the pursuer may "hold some of them in reserve (in which case the reserve vehicles
    will enter the chase one by one, as individual minions are taken out)"; the lead car
    escapes only once no point, no pursuing car and no reserve car is left (L5543)."""
    state = _chase(3)
    state, text = _act(state, "pursuit_cars", actor="vil",
                       params={"quality": 1, "count": 3, "reserve": 2, "id": "cars"})  # fmt: skip
    assert "3 cars of quality +1 (Pursuing cars, 2 held in reserve); 0 left" in text
    assert _p(state, "cars").count == 1
    state, _ = conflict.start(CR, state)
    assert "reserve_car" not in [e.action for e in offers(state, CR)]
    with pytest.raises(RuleViolation, match="only as a pursuing car is taken out"):
        _act(state, "reserve_car", actor="vil")
    later, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="only at the start"):
        _act(later, "pursuit_cars", actor="vil", params={"quality": 1, "count": 2, "reserve": 1})
    # the car misses difficulty 3 by 2 (Average +1, one box): out; no escape, a reserve waits
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 3}, dice=(ZERO, ZERO))  # fmt: skip
    assert _p(state, "cars").taken_out and "escapes" not in text
    assert [(e.action, e.actor) for e in offers(state, CR)] == [("reserve_car", "vil")]
    state, text = _act(state, "reserve_car", actor="vil", params={"id": "r1"})
    assert "a reserve car (r1, quality +1) enters the chase for Vil; 1 left in reserve" in text
    assert "r1" in state.order and "reserve_car" not in [e.action for e in offers(state, CR)]
    state, _ = conflict.next_exchange(CR, state)
    state, _ = _act(state, "chase", actor="lead", targets=("r1",), params={"difficulty": 3},
                    dice=(ZERO, ZERO))  # fmt: skip
    state, _ = _act(state, "reserve_car", actor="vil", params={"id": "r2"})
    with pytest.raises(RuleViolation, match="holds no car in reserve"):
        _act(state, "reserve_car", actor="vil")
    state, _ = conflict.next_exchange(CR, state)
    state, text = _act(state, "chase", actor="lead", targets=("r2",), params={"difficulty": 3},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "no pursuit points and no car left: the lead car escapes" in text


def test_a_reserve_needs_a_car_on_the_road_and_one_quality() -> None:
    """L5509: reserve cars are some of those bought at the start; the rest go now."""
    state = _chase(10)
    with pytest.raises(RuleViolation, match="at least one of the cars bought goes"):
        _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "count": 2, "reserve": 2})
    state, _ = _act(state, "pursuit_cars", actor="vil",
                    params={"quality": 1, "count": 2, "reserve": 1})  # fmt: skip
    with pytest.raises(RuleViolation, match="the reserve holds cars of quality \\+1"):
        _act(state, "pursuit_cars", actor="vil", params={"quality": 2, "count": 2, "reserve": 1})


def test_shotgun_ends_when_the_gunmans_car_is_taken_out() -> None:
    """L5521: "The guy with the gun can be removed when that car is taken out": in a group the
    cars fall in order; the gunman in the first car stops shooting once it is out, the group
    still pursuing."""
    state = _chase(10)
    state, _ = _act(state, "pursuit_cars", actor="vil",
                    params={"quality": 1, "count": 2, "id": "cars"})  # fmt: skip
    state, _ = conflict.start(CR, state)
    with pytest.raises(RuleViolation, match="has no car 3 still pursuing"):
        _act(state, "pursuit_effect", actor="vil", targets=("cars",),
             params={"effect": "shotgun", "car": 3})  # fmt: skip
    state, text = _act(state, "pursuit_effect", actor="vil", targets=("cars",),
                       params={"effect": "shotgun", "car": 1})  # fmt: skip
    assert "(car 1 of 2): +1 to each hit on the lead car until his car is taken out" in text
    # the first car (one box) is taken out by a hit of 1
    state, _ = conflict.apply_stress(CR, state, who="cars", amount=1)
    assert _p(state, "cars").remaining == 1
    # the one car left (Average +1) beats difficulty 0 by 1: 1 stress, no +1 now
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 0}, dice=(ZERO, ZERO))  # fmt: skip
    assert "the gunman's car is out: no more Shotgun!" in text and "+1 Shotgun!" not in text
    assert _p(state, "lead").track("health")[0] == 1


def test_the_escape_counts_only_the_cars_bought_with_pursuit_points() -> None:
    """L5543: "Once the pursuer is out of points and there are no pursuing vehicles left, the
    fleeing vehicle finally escapes": the villain's other minions (a gang on foot) are no
    pursuing vehicles."""
    state = _chase(1)
    thugs = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=3,
                                  side="villains")  # fmt: skip
    state = state.model_copy(update={"participants": (*state.participants, thugs)})
    state, _ = _act(state, "pursuit_cars", actor="vil", params={"quality": 1, "id": "cars"})
    state, _ = conflict.start(CR, state)
    state, text = _act(state, "chase", actor="lead", targets=("cars",),
                       params={"difficulty": 3}, dice=(ZERO, ZERO))  # fmt: skip
    assert not _p(state, "thugs").taken_out
    assert "no pursuit points and no car left: the lead car escapes" in text
