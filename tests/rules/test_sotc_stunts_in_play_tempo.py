"""Issue 13, "Stunts in play": the stunts that give a free action or clear harm mid-conflict
(Snap Shot, Aura of Menace, Fast Reload, Cool Customer). Each test cites the SotC SRD lines it
checks (seeds/spirit-of-the-century-srd.txt)."""

from __future__ import annotations

import random

import pytest

from rules import conflict
from rules.character import Consequence
from rules.encounter import Encounter, Participant, SystemActionEvent
from rules.errors import RuleViolation
from tests.rules.sotc_fight import CR, ZERO, rival
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import fight as _fight
from tests.rules.sotc_fight import p as _p

UP = (1, 1, 1, 1)


def _npc(pid: str, skills: dict[str, int], *stunts: str, fp: int = 5, seat: int = 0) -> Participant:
    """An NPC on a side of its own with 5 fate points unless told."""
    return rival(pid, skills, *stunts, fp=fp, seat=seat)


def test_snap_shot_is_an_extra_guns_attack_whose_cost_grows() -> None:
    """L3449: once per exchange, a fate point to act next with Guns, in addition to the normal
    action; each further use in the same scene costs one fate point more."""
    boss = _npc("boss", {"Alertness": 5, "Fists": 1})
    kid = _npc("kid", {"Guns": 3}, "Snap Shot", seat=1)
    state = _fight(boss, kid)
    assert state.current == "boss"
    state, text = _act(state, "snap_shot", actor="kid", targets=("boss",), dice=(ZERO, ZERO))
    assert "spends 1 fate point: Snap Shot" in text and "Kid Guns +3 [0000] = +3" in text
    assert state.pending_hit is not None and state.pending_hit.shifts == 3
    assert _p(state, "kid").fate_points == 4 and not _p(state, "kid").acted
    with pytest.raises(RuleViolation, match="between actions"):
        _act(state, "snap_shot", actor="kid", targets=("boss",), dice=(ZERO, ZERO))
    state, _ = conflict.apply_stress(CR, state, who="boss")
    with pytest.raises(RuleViolation, match="already used Snap Shot this exchange"):
        _act(state, "snap_shot", actor="kid", targets=("boss",), dice=(ZERO, ZERO))
    state, _ = conflict.next_exchange(CR, state)
    state, text = _act(state, "snap_shot", actor="kid", targets=("boss",), dice=(ZERO, UP))
    assert "spends 2 fate points" in text and _p(state, "kid").fate_points == 2
    assert "no stress" in text


def test_aura_of_menace_intimidates_at_once_once_per_target() -> None:
    """L3529: once per scene per target, a fate point to intimidate as a free action, in
    addition to any other action (the hit lands on Composure)."""
    boss = _npc("boss", {"Intimidation": 4}, "Aura of Menace")
    mook = _npc("mook", {"Resolve": 1}, seat=1)
    state, text = _act(_fight(boss, mook), "aura_of_menace", actor="boss", targets=("mook",),
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "Mook Resolve +1 [0000] = +1" in text
    hit = state.pending_hit
    assert hit is not None and hit.track == "composure" and hit.shifts == 3
    state, _ = conflict.apply_stress(CR, state, who="mook")
    with pytest.raises(RuleViolation, match="already used Aura of Menace on Mook"):
        _act(state, "aura_of_menace", actor="boss", targets=("mook",), dice=(ZERO, ZERO))


def test_fast_reload_removes_the_out_of_ammo_consequence_and_keeps_its_slot() -> None:
    """L3411: a fate point removes the minor "out of ammunition" consequence; it still counts
    as taken for whether the next one is moderate."""
    gun = _npc("gun", {"Guns": 3}, "Fast Reload").model_copy(
        update={"consequences": (Consequence(severity="mild", text="Out of Ammo"),)}
    )
    state, text = _act(_fight(gun), "fast_reload", actor="gun",
                       params={"consequence": "out of ammo"})  # fmt: skip
    gun = _p(state, "gun")
    assert "Fast Reload" in text and "slot stays used" in text
    assert gun.consequences == () and gun.fate_points == 4
    assert CR.next_consequence(gun, "physical") == "moderate"
    with pytest.raises(RuleViolation, match="no mild consequence"):
        _act(state, "fast_reload", actor="gun", params={"consequence": "Out of Ammo"})


def test_cool_customer_clears_composure_as_a_full_action() -> None:
    """L4139: a full action once per exchange: Resolve vs Mediocre clears the 1-point box, or
    for a fate point any single box no higher than the shifts."""
    cool = _npc("cool", {"Resolve": 2}, "Cool Customer").model_copy(
        update={"tracks": {"health": (0,) * 6, "composure": (1, 0, 1, 0, 0, 0)}}
    )
    other = _npc("other", {}, seat=1)
    state, text = _act(_fight(cool, other), "cool_customer", actor="cool", dice=(ZERO,))
    assert "clears composure box 1" in text and _p(state, "cool").acted
    assert _p(state, "cool").fate_points == 5
    with pytest.raises(RuleViolation, match="already used Cool Customer"):
        _act(state, "cool_customer", actor="cool", params={"box": 3}, dice=(UP,))
    state, _ = conflict.next_exchange(CR, state)
    state2, text = _act(state, "cool_customer", actor="cool", params={"box": 3}, dice=(ZERO,))
    assert "do not reach box 3" in text and _p(state2, "cool").track("composure")[2] == 1
    state, _ = conflict.next_exchange(CR, state2)
    state, text = _act(state, "cool_customer", actor="cool", params={"box": 3},
                       dice=((1, 0, 0, 0),))  # fmt: skip
    assert "a fate point: clears composure box 3" in text
    assert _p(state, "cool").fate_points == 4


def test_the_rolls_of_the_stunt_actions_are_drawn_from_the_seed() -> None:
    """Scripts may leave the dice out: the engine draws as many rolls as the action makes."""
    event = SystemActionEvent(action="snap_shot", actor="kid", targets=("boss",))
    filled = conflict.fill_dice(CR, event, random.Random(1))
    assert filled.dice is not None and len(filled.dice) == 2
    assert CR.action_rolls(SystemActionEvent(action="crippling_blow", actor="a")) == 0


def test_bend_like_the_reed_throws_the_attacker_after_a_defense_with_spin() -> None:
    """L3277: whenever the character gains spin on a defense, a free throw maneuver on the
    attacker at once; it is offered right after that defense."""
    from rules.systems.sotc.stunt_actions import offers

    thug = _npc("thug", {"Fists": 1, "Athletics": 1})
    monk = _npc("monk", {"Fists": 4}, "Bend like the Reed", seat=1)
    state, _ = conflict.attack(
        CR, _fight(thug, monk), attacker="thug", defender="monk", skill="Fists",
        defense_skill="Fists", dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert state.spin is not None and state.spin.owner == "monk"
    assert [(e.action, e.actor) for e in offers(state, CR)] == [("bend_like_the_reed", "monk")]
    state, text = _act(state, "bend_like_the_reed", actor="monk", targets=("thug",),
                       dice=(ZERO, ZERO))  # fmt: skip
    aspect = state.aspects[-1]
    assert "Monk Fists +4 [0000] = +4 vs Thug Athletics +1 [0000] = +1" in text
    assert (aspect.text, aspect.holder, aspect.free_tags, aspect.free_tag_owner) == (
        "Thrown", "thug", 1, "monk")  # fmt: skip
    assert state.spin is not None  # the spin is still Monk's to use
    with pytest.raises(RuleViolation, match="follows a defense with spin"):
        _act(state, "bend_like_the_reed", actor="monk", targets=("thug",), dice=(ZERO, ZERO))


def test_hammerlock_hurts_a_failed_escape() -> None:
    """L3809: any time the held person tries to break through the grab block and fails, the
    wrestler may inflict a single point of stress (offered right then)."""
    from rules.systems.sotc.stunt_actions import offers

    wrestler = _npc("bull", {"Might": 4}, "Wrestler", "Hammerlock")
    held = _npc("rat", {"Athletics": 1}, seat=1)
    state, _ = conflict.block(CR, _fight(wrestler, held), actor="bull", skill="Might",
                              dice=ZERO, against="getting away")  # fmt: skip
    state, _ = conflict.next_turn(CR, state)
    state, entry = conflict.pass_block(CR, state, actor="rat", blocker="bull", skill="Athletics",
                                       dice=ZERO)  # fmt: skip
    assert "is stopped by" in entry.text
    assert [(e.action, e.actor) for e in offers(state, CR)] == [("hammerlock", "bull")]
    state, text = _act(state, "hammerlock", actor="bull", targets=("rat",))
    assert _p(state, "rat").track("health")[0] == 1 and "Hammerlock hurts Rat" in text
    with pytest.raises(RuleViolation, match="already hurt Rat"):
        _act(state, "hammerlock", actor="bull", targets=("rat",))


def test_fists_of_fury_takes_away_the_full_defense_bonus() -> None:
    """L3225: opponents who use an all-out defense against the character's Fists attacks do not
    get a +2 bonus (other attacks: they do)."""
    brawler = _npc("kit", {"Fists": 3, "Guns": 3}, "Fists of Fury")
    guard = _npc("guard", {"Athletics": 2}, seat=1)
    state, _ = conflict.full_defense(CR, _fight(brawler, guard), who="guard")
    _, entry = conflict.attack(
        CR, state, attacker="kit", defender="guard", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Guard Athletics +2 [0000] = +2" in entry.text and "Fists of Fury" in entry.text
    assert "1 shift" in entry.text
    _, entry = conflict.attack(
        CR, state, attacker="kit", defender="guard", skill="Guns", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Guard Athletics +2 [0000] +2 = +4" in entry.text


def test_now_youve_made_me_mad_adds_the_wound_next_exchange() -> None:
    """L3091: once per scene, after taking physical stress, a fate point adds the wound's value
    (the hit, not the box) to an action in the next exchange against whoever inflicted it."""
    thug = _npc("thug", {"Fists": 3, "Athletics": 1})
    tough = _npc("tough", {"Fists": 1}, "Now You've Made Me Mad", seat=1)
    state, _ = conflict.attack(
        CR, _fight(thug, tough), attacker="thug", defender="tough", skill="Fists",
        defense_skill="Fists", dice=(1, 0, 0, 0), defense_dice=ZERO,
    )  # fmt: skip
    with pytest.raises(RuleViolation, match="absorb the hit"):
        _act(state, "made_me_mad", actor="tough", targets=("thug",))
    state, _ = conflict.apply_stress(CR, state, who="tough")
    state, text = _act(state, "made_me_mad", actor="tough", targets=("thug",))
    assert "+3 on an attack against Thug in exchange 2" in text
    _, entry = conflict.attack(
        CR, state, attacker="tough", defender="thug", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Tough Fists +1 [0000] = +1" in entry.text  # not in this exchange
    state, _ = conflict.next_exchange(CR, state)
    state, entry = conflict.attack(
        CR, state, attacker="tough", defender="thug", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Tough Fists +1 [0000] +3 = +4" in entry.text and "Made Me Mad: +3" in entry.text
    if state.pending_hit is not None:
        state, _ = conflict.apply_stress(CR, state, who="thug")
    state, _ = conflict.attack(
        CR, state, attacker="thug", defender="tough", skill="Fists", defense_skill="Fists",
        dice=(1, 0, 0, 0), defense_dice=ZERO,
    )  # fmt: skip
    state, _ = conflict.apply_stress(CR, state, who="tough")
    with pytest.raises(RuleViolation, match="once per scene"):
        _act(state, "made_me_mad", actor="tough", targets=("thug",))


def test_mix_it_up_saves_spin_for_one_big_attack() -> None:
    """L3201: spin gained on defenses may be saved up, several points together, and applied to
    the next attack however many actions come between."""
    from rules.systems.sotc.stunt_actions import offers

    thugs = [_npc(f"t{i}", {"Fists": 1}, seat=i) for i in range(2)]
    kit = _npc("kit", {"Fists": 4, "Athletics": 4}, "Mix it Up", seat=5)
    state = _fight(*thugs, kit)
    for thug in ("t0", "t1"):
        state, _ = conflict.attack(
            CR, state, attacker=thug, defender="kit", skill="Fists", defense_skill="Athletics",
            dice=ZERO, defense_dice=ZERO,
        )  # fmt: skip
        assert ("mix_it_up", "kit") in [(e.action, e.actor) for e in offers(state, CR)]
        state, text = _act(state, "mix_it_up", actor="kit")
        assert state.spin is None
        state, _ = conflict.next_turn(CR, state)
    assert "2 saved" in text
    state, text = _act(state, "mix_it_up", actor="kit", params={"spend": True})
    assert "+2" in text
    state, entry = conflict.attack(
        CR, state, attacker="kit", defender="t0", skill="Fists", defense_skill="Fists",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Kit Fists +4 [0000] +2 = +6" in entry.text and "Mix it Up: +2" in entry.text
    with pytest.raises(RuleViolation, match="no spin saved"):
        _act(state, "mix_it_up", actor="kit", params={"spend": True})


def test_one_shot_left_is_plus_three_then_out_of_ammunition() -> None:
    """L3421: the last shot is one Guns attack at +3; then no Guns in the scene until an action
    finds a new weapon or ammunition."""
    gun = _npc("gun", {"Guns": 2, "Fists": 1}, "One Shot Left", "Snap Shot")
    thug = _npc("thug", {}, seat=1)
    state, text = _act(_fight(gun, thug), "one_shot_left", actor="gun")
    assert "last shot" in text

    def shoot(state: Encounter, skill: str = "Guns") -> tuple[Encounter, str]:
        new, entry = conflict.attack(
            CR, state, attacker="gun", defender="thug", skill=skill, defense_skill="Athletics",
            dice=ZERO, defense_dice=ZERO,
        )  # fmt: skip
        return new, entry.text

    state, text = shoot(state)
    assert "Gun Guns +2 [0000] +3 = +5" in text and "One Shot Left: +3" in text
    state, _ = conflict.apply_stress(CR, state, who="thug")
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="out of ammunition"):
        shoot(state)
    with pytest.raises(RuleViolation, match="out of ammunition"):  # a Snap Shot is Guns too
        _act(state, "snap_shot", actor="gun", targets=("thug",), dice=(ZERO, ZERO))
    _, text = shoot(state, "Fists")  # other skills are fine
    with pytest.raises(RuleViolation, match="already fired the last shot"):
        _act(state, "one_shot_left", actor="gun")
    state, text = _act(state, "one_shot_left", actor="gun", params={"new_ammo": True})
    state, text = shoot(state)
    assert "Gun Guns +2 [0000] = +2" in text


def test_spent_uses_of_past_exchanges_are_dropped_but_scene_limits_stay() -> None:
    """The once-an-exchange uses of earlier exchanges limit nothing any more and are dropped as
    new ones are recorded (the option stays small in a long fight); once-per-scene uses, the
    last shot and Snap Shot's uses (its cost counts them, SRD L3449) stay."""
    from rules.systems.sotc.stunts_table import prune_used

    used = ("Crippling Blow|thug", "Two Gun Joe@2", "Two Gun Joe@3", "Snap Shot@1",
            "Hammerlock@2|rat", "Mad|thug|3|2", "Spend|2|3", "Last|1", "Spin|7")  # fmt: skip
    assert prune_used(used, 3) == ("Crippling Blow|thug", "Two Gun Joe@3", "Snap Shot@1",
                                   "Spend|2|3", "Last|1", "Spin|7")  # fmt: skip


def test_last_leg_puts_a_hit_off_until_the_next_exchange() -> None:
    """L3007: a fate point keeps the character standing against a physical hit for one more
    exchange or until hit again; then the hits put off come to bear; more fate points buy more
    time."""
    from rules.systems.sotc.stunt_actions import offers

    thug = _npc("thug", {"Fists": 4})
    hero = _npc("hero", {}, "Last Leg", fp=2, seat=1)
    state, _ = conflict.attack(
        CR, _fight(thug, hero), attacker="thug", defender="hero", skill="Fists",
        defense_skill="Athletics", dice=UP, defense_dice=ZERO,
    )  # fmt: skip
    assert ("last_leg", "hero") in [(e.action, e.actor) for e in offers(state, CR)]
    state, text = _act(state, "last_leg", actor="hero")
    assert state.pending_hit is None and "puts off the 8-point hit" in text
    assert _p(state, "hero").fate_points == 1
    assert not [e for e in offers(state, CR) if e.action == "last_leg"]  # not due yet
    with pytest.raises(RuleViolation, match="no hit put off"):
        _act(_fight(thug, hero), "last_leg", actor="hero", params={"mode": "land"})
    state, _ = conflict.next_exchange(CR, state)
    modes = {e.params.get("mode") for e in offers(state, CR) if e.action == "last_leg"}
    assert modes == {"extend", "land"}
    extended, text = _act(state, "last_leg", actor="hero", params={"mode": "extend"})
    assert _p(extended, "hero").fate_points == 0 and "another exchange" in text
    state, text = _act(state, "last_leg", actor="hero", params={"mode": "land"})
    hit = state.pending_hit
    assert hit is not None and (hit.target, hit.shifts, hit.attacker) == ("hero", 8, "thug")
    assert "comes to bear: a consequence or taken out" in text
