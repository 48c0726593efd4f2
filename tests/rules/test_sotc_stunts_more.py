"""Issue 13, "Stunts in play", the rest of sotc-stunts.md's conflict stunts: the fear stunts
(Steely Gaze, Fearsome Gaze, Aura of Fear, Master of Fear), Unflappable, Inner Strength, Shot
on the Run, Death Defiance, Brickbreaker, Developed Immunities, Slippery, Body Toss, and a
forced consequence that One Hit to the Body cannot dodge. Each test cites the SotC SRD lines it
checks (seeds/spirit-of-the-century-srd.txt); everything runs through the encounter engine."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.stunt_actions import offers
from rules.systems.sotc.stunts_fear_and_force import defense_skills
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import fight as _fight
from tests.rules.sotc_fight import hit as _hit
from tests.rules.sotc_fight import p as _p
from tests.rules.sotc_fight import rival as _npc

DOWN = (-1, -1, -1, -1)


def _notes(state: Encounter) -> tuple[str, ...]:
    """The defense roll's notes of the last attack (a defense rating's reasons)."""
    assert state.last is not None
    return state.last.rolls[1].notes


# -- One Hit to the Body and a forced consequence (SRD L3069, L3181, L3549) ----------------------


def _tough_thug(*stunts: str) -> Encounter:
    """Ada (Fists +4) on Thug (One Hit to the Body, Health box 3 already checked)."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3}, *stunts)
    thug = _npc("thug", {"Endurance": 1, "Athletics": 1}, "One Hit to the Body", seat=1)
    thug = thug.model_copy(update={"tracks": {**thug.tracks, "health": (0, 0, 1, 0, 0, 0)}})
    return _fight(ada, thug)


def test_one_hit_to_the_body_cannot_dodge_a_crippling_blow() -> None:
    """L3069: One Hit to the Body trades a hit that would roll up for lower boxes adding up to
    it; L3181: Crippling Blow forces a consequence *rather than* a box, so no box at all (nor
    lower ones) may take it: a consequence or a concession."""
    state, _ = _hit(_tough_thug("Crippling Blow"), "ada", "thug")  # 3 shifts on box 3: checked
    assert CR.fill_lower_choices(_p(state, "thug"), "health", 3) == ((0, 1),)
    plain, _ = conflict.apply_stress(CR, state, who="thug", boxes=(1, 2))  # without the stunt
    assert _p(plain, "thug").track("health") == (1, 1, 1, 0, 0, 0)
    state, _ = _act(state, "crippling_blow", actor="ada", targets=("thug",))
    assert CR.fill_lower_choices(_p(state, "thug"), "health", 3) == ()
    with pytest.raises(RuleViolation, match="cannot fill lower boxes"):
        conflict.apply_stress(CR, state, who="thug", boxes=(1, 2))
    with pytest.raises(RuleViolation, match="no box can take"):
        conflict.apply_stress(CR, state, who="thug")
    state, _ = conflict.take_consequence(CR, state, who="thug", text="Cracked Ribs")
    assert [c.severity for c in _p(state, "thug").consequences] == ["mild"]
    assert _p(state, "thug").track("health") == (0, 0, 1, 0, 0, 0)
    # the consequence settles it: the next hit that rolls up may use the stunt again
    state, _ = conflict.next_exchange(CR, state)
    state, _ = _hit(state, "ada", "thug")
    state, entry = conflict.apply_stress(CR, state, who="thug", boxes=(1, 2))
    assert "One Hit to the Body" in entry.text


def test_the_promise_of_pain_is_forced_too() -> None:
    """L3549: a fate point forces a psychological consequence "instead" of the hit; the forced
    mark keeps its hit off every box."""
    knuckles = _npc("knuckles", {"Intimidation": 4, "Alertness": 3}, "The Promise of Pain")
    mae = _npc("mae", {"Resolve": 1}, "One Hit to the Body", seat=1)
    state = _fight(knuckles, mae, kind="social")
    state, _ = _hit(state, "knuckles", "mae", "Intimidation", "Resolve")
    state, _ = _act(state, "promise_of_pain", actor="knuckles", targets=("mae",))
    assert options_of(_p(state, "mae")).used == ("Forced|0",)
    assert CR.fill_lower_choices(_p(state, "mae"), "composure", 3) == ()
    state, _ = conflict.take_consequence(CR, state, who="mae", text="Cowed")
    assert options_of(_p(state, "mae")).used == ("Forced|0",)  # spent: it no longer holds
    assert _p(state, "mae").consequences_taken == 1


# -- Shot on the Run (SRD L3387) ------------------------------------------------------------------


def test_shot_on_the_run_lets_guns_defend_against_physical_attacks() -> None:
    """L3387: with the stunt Guns defends against physical attacks; normally Guns cannot be
    used defensively."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3})
    kid = _npc("kid", {"Guns": 3}, "Shot on the Run", seat=1)
    mug = _npc("mug", {"Guns": 3}, seat=2)
    state = _fight(ada, kid, mug)
    hit, text = _hit(state, "ada", "kid", defense="Guns")
    assert "Kid Guns +3" in text and hit.pending_hit is not None and hit.pending_hit.shifts == 1
    with pytest.raises(RuleViolation, match="Guns cannot defend"):
        _hit(state, "ada", "mug", defense="Guns")
    assert defense_skills(_p(state, "kid"), ("Athletics", "Fists")) == (
        "Athletics", "Fists", "Guns",
    )  # fmt: skip
    assert defense_skills(_p(state, "mug"), ("Athletics", "Guns")) == ("Athletics",)
    assert defense_skills(None, ("Athletics", "Guns")) == ("Athletics",)
    social = _fight(_npc("ada", {"Rapport": 4, "Empathy": 3}), kid, kind="social")
    with pytest.raises(RuleViolation, match="against physical attacks"):
        _hit(social, "ada", "kid", "Rapport", "Guns")


# -- Unflappable, Inner Strength (SRD L4157, L4177) ----------------------------------------------


def test_unflappable_adds_two_against_intimidation() -> None:
    """L4157: +2 to Resolve when defending against a fear-based Intimidation action."""
    knuckles = _npc("knuckles", {"Intimidation": 4, "Fists": 4, "Alertness": 3})
    mae = _npc("mae", {"Resolve": 1, "Athletics": 1}, "Unflappable", seat=1)
    state = _fight(knuckles, mae)
    scared, text = _hit(state, "knuckles", "mae", "Intimidation", "Resolve")
    assert "Unflappable: +2" in text
    assert scared.pending_hit is not None and scared.pending_hit.shifts == 1  # 4 vs 1 + 2
    punched, text = _hit(state, "knuckles", "mae")
    assert "Unflappable" not in text and punched.pending_hit is not None
    assert punched.pending_hit.shifts == 3


def test_inner_strength_in_a_mental_conflict() -> None:
    """L4177: +2 to a Resolve defense against someone getting inside your head, without a full
    defense; with one, +3 in all (not +4)."""
    seer = _npc("seer", {"Mysteries": 5, "Empathy": 3})
    mind = _npc("mind", {"Resolve": 1}, "Inner Strength", seat=1)
    state = _fight(seer, mind, kind="mental")
    hit, text = _hit(state, "seer", "mind", "Mysteries", "Resolve")
    assert "Mind Resolve +3" in text and _notes(hit) == ("Inner Strength: +2",)
    assert hit.pending_hit is not None and hit.pending_hit.shifts == 2  # 5 vs 1 + 2
    state, _ = conflict.next_turn(CR, state)
    state, _ = conflict.full_defense(CR, state, who="mind")
    state, _ = conflict.next_exchange(CR, state)
    state = state.model_copy(
        update={"participants": tuple(p.model_copy(update={"full_defense": True})
                                      if p.id == "mind" else p for p in state.participants)}
    )  # fmt: skip
    hit, text = _hit(state, "seer", "mind", "Mysteries", "Resolve", dice=(1, 0, 0, 0))
    assert "Inner Strength: +1" in _notes(hit)  # +2 full defense, +1 more: +3
    assert "Mind Resolve +2 [0000] +2 = +4" in text  # 1, +1, full defense +2: +3 in all
    assert hit.pending_hit is not None and hit.pending_hit.shifts == 2  # 6 vs 4
    # a physical conflict is not someone getting inside the head
    state = _fight(_npc("seer", {"Intimidation": 5, "Alertness": 3}), mind)
    hit, text = _hit(state, "seer", "mind", "Intimidation", "Resolve")
    assert "Mind Resolve +1" in text and _notes(hit) == ()


# -- Steely Gaze, Fearsome Gaze (SRD L3557, L3567) ----------------------------------------------


def _gaze(*stunts: str) -> Encounter:
    knuckles = _npc("knuckles", {"Intimidation": 4, "Guns": 3, "Alertness": 5}, *stunts)
    mae = _npc("mae", {"Resolve": 1, "Intimidation": 2, "Athletics": 2, "Alertness": 4}, seat=1)
    dex = _npc("dex", {"Guns": 4, "Alertness": 3}, seat=2)
    return _fight(knuckles, mae, dex)


def test_steely_gaze_locks_the_two_in_a_contest_of_wills() -> None:
    """L3557: an Intimidation check locks the two: only Intimidation actions against each
    other, until one takes a consequence, concedes or is interrupted; defenses against the
    interrupting action are at -2."""
    state, _ = _hit(_gaze("Steely Gaze"), "knuckles", "mae", "Intimidation", "Resolve")
    assert [e.action for e in offers(state, CR)] == ["steely_gaze"]
    state, _ = conflict.apply_stress(CR, state, who="mae")  # 3 composure stress: box 3
    state, text = _act(state, "steely_gaze", actor="knuckles", targets=("mae",))
    assert "locks eyes with Mae" in text and "Stunts: Intimidation, Steely Gaze" in text
    state, _ = conflict.next_turn(CR, state)  # Mae
    with pytest.raises(RuleViolation, match="only Intimidation on each other"):
        _hit(state, "mae", "dex", "Intimidation", "Resolve")
    with pytest.raises(RuleViolation, match="only Intimidation on each other"):
        _hit(state, "mae", "knuckles", "Fists")
    state, _ = conflict.next_turn(CR, state)  # Dex interrupts with a gunshot
    shot, text = _hit(state, "dex", "mae", "Guns", "Athletics")
    assert "Mae Athletics +0" in text
    assert _notes(shot) == ("Steely Gaze: -2 against an interruption",)
    assert shot.pending_hit is not None and shot.pending_hit.shifts == 4  # 4 vs 2 - 2
    assert ("steely_gaze", "mae", {"mode": "break"}) in [
        (e.action, e.actor, dict(e.params)) for e in offers(shot, CR)
    ]
    shot, _ = conflict.apply_stress(CR, shot, who="mae")
    broken, text = _act(shot, "steely_gaze", actor="mae", targets=("knuckles",),
                        params={"mode": "break"})  # fmt: skip
    assert "broken" in text
    broken, _ = conflict.next_exchange(CR, broken)
    _hit(broken, "knuckles", "dex", "Guns", "Athletics")  # free again
    # a consequence ends it too
    state, _ = conflict.next_exchange(CR, state)
    state, _ = _hit(state, "knuckles", "mae", "Intimidation", "Resolve")  # 3 again: box 3 full
    state, _ = conflict.take_consequence(CR, state, who="mae", text="Shaken")
    state, _ = conflict.next_exchange(CR, state)
    _hit(state, "knuckles", "dex", "Guns", "Athletics")


def test_steely_gaze_needs_the_stunt_and_an_intimidation_check() -> None:
    """L3557: the gaze is an Intimidation check by a character with the stunt."""
    state, _ = _hit(_gaze(), "knuckles", "mae", "Intimidation", "Resolve")
    with pytest.raises(RuleViolation, match="does not have Steely Gaze"):
        _act(state, "steely_gaze", actor="knuckles", targets=("mae",))
    state, _ = _hit(_gaze("Steely Gaze"), "knuckles", "mae", "Guns", "Athletics")
    with pytest.raises(RuleViolation, match="attack with Intimidation"):
        _act(state, "steely_gaze", actor="knuckles", targets=("mae",))


def test_fearsome_gaze_gives_two_consequences_at_once() -> None:
    """L3567: used as Steely Gaze; an opponent who loses to the point of taking a consequence
    takes two, one right after the other, and may still concede after."""
    state = _gaze("Steely Gaze", "Fearsome Gaze")
    mae = _p(state, "mae").model_copy(update={"tracks": {"health": (0, 0, 1, 1, 1),
                                                         "composure": (0,) * 5}})  # fmt: skip
    state = state.model_copy(
        update={"participants": tuple(mae if p.id == "mae" else p for p in state.participants)}
    )
    state, _ = _hit(state, "knuckles", "mae", "Intimidation", "Resolve")  # 3: no box left
    state, _ = _act(state, "steely_gaze", actor="knuckles", targets=("mae",))
    assert [e.action for e in offers(state, CR)] == ["fearsome_gaze"]
    state, text = _act(state, "fearsome_gaze", actor="knuckles", targets=("mae",),
                       params={"text": "Rattled"})  # fmt: skip
    assert "mild consequence \u201cRattled\u201d and, right after it, a second one" in text
    assert [c.severity for c in _p(state, "mae").consequences] == ["mild"]
    assert state.concession_open == "mae" and state.pending_hit is not None
    with pytest.raises(RuleViolation, match="no box can take"):
        conflict.apply_stress(CR, state, who="mae")
    second, _ = conflict.take_consequence(CR, state, who="mae", text="Frozen with Fear")
    assert [c.severity for c in _p(second, "mae").consequences] == ["mild", "moderate"]
    assert second.concession_open == "mae" and second.pending_hit is None
    conceded, _ = conflict.concede(CR, state, who="mae", to="knuckles", accepted=True)
    assert _p(conceded, "mae").taken_out  # or concedes after the first
    with pytest.raises(RuleViolation, match="not locked in a gaze"):  # the gaze ended
        _act(state, "fearsome_gaze", actor="knuckles", targets=("mae",), params={"text": "X"})


def test_fearsome_gaze_only_when_the_hit_needs_a_consequence() -> None:
    """L3567: "if the opponent loses to the point of taking a consequence"."""
    state, _ = _hit(_gaze("Fearsome Gaze"), "knuckles", "mae", "Intimidation", "Resolve")
    state, _ = _act(state, "steely_gaze", actor="knuckles", targets=("mae",))
    with pytest.raises(RuleViolation, match="box 3 takes the hit"):
        _act(state, "fearsome_gaze", actor="knuckles", targets=("mae",), params={"text": "X"})


# -- Aura of Fear, Master of Fear (SRD L3541, L3575) --------------------------------------------


def _room(*stunts: str, count: int = 4) -> Encounter:
    boss = _npc("boss", {"Intimidation": 4, "Alertness": 5}, "Aura of Menace", *stunts,
                side="bad")  # fmt: skip
    sal = _npc("sal", {"Resolve": 0, "Leadership": 3}, seat=1, side="good")
    thugs = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=count,
                                  seat=2, side="good")  # fmt: skip
    return _fight(boss, sal, thugs)


def test_aura_of_fear_one_roll_at_minus_two_against_the_room() -> None:
    """L3541: a full action, once per scene, a fate point: one Intimidation roll at -2 against
    all opponents; minions whose quality it beats lose at least half their number regardless
    of their roll."""
    state = _room("Aura of Fear")
    with pytest.raises(RuleViolation, match="every opponent: also Thugs"):
        _act(state, "aura_of_fear", actor="boss", targets=("sal",), dice=(ZERO, ZERO))
    state, text = _act(state, "aura_of_fear", actor="boss", targets=("sal", "thugs"),
                       dice=(ZERO, ZERO, ZERO))  # fmt: skip
    assert "Boss Intimidation +4 [0000] -2 = +2" in text
    assert "Thugs: 2 cowed regardless of their roll" in text
    boss, sal, thugs = _p(state, "boss"), _p(state, "sal"), _p(state, "thugs")
    assert boss.fate_points == 2 and boss.acted
    assert sal.track("composure") == (0, 1, 0, 0, 0)  # 2 vs 0
    assert thugs.remaining == 2  # the other two: 1 + 1 for two = 2 vs 2, they hold
    assert "Thugs: Thugs Resolve" in text and "holds firm" in text
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="once per scene"):
        _act(state, "aura_of_fear", actor="boss", targets=("sal", "thugs"),
             dice=(ZERO, ZERO, ZERO))  # fmt: skip


def test_master_of_fear_no_penalty_and_the_minions_flee() -> None:
    """L3575: no -2; minions whose quality is beaten fail entirely and flee, to the last man,
    unless their leader discards his next action to defend them with Leadership."""
    state, text = _act(_room("Aura of Fear", "Master of Fear"), "aura_of_fear", actor="boss",
                       targets=("sal", "thugs"), dice=(ZERO, ZERO, ZERO))  # fmt: skip
    assert "Thugs: all 4 flee (Master of Fear)" in text
    assert _p(state, "thugs").taken_out and _p(state, "sal").track("composure")[3] == 1
    led, text = _act(_room("Aura of Fear", "Master of Fear"), "aura_of_fear", actor="boss",
                     targets=("sal", "thugs"), dice=(ZERO, ZERO, ZERO),
                     params={"leader": "sal"})  # fmt: skip
    assert "Sal gives up this exchange's action to defend the minions" in text
    assert _p(led, "sal").acted  # Leadership 3 vs 4: 1 stress fells one Average minion
    assert _p(led, "thugs").remaining == 3 and _p(led, "thugs").track("composure")[0] == 1


def test_aura_of_fear_needs_the_stunt_and_a_fate_point() -> None:
    """L3541: "the character may spend a fate point"."""
    with pytest.raises(RuleViolation, match="does not have Aura of Fear"):
        _act(_room(), "aura_of_fear", actor="boss", targets=("sal", "thugs"),
             dice=(ZERO, ZERO, ZERO))  # fmt: skip
    state = _room("Aura of Fear")
    poor = tuple(p.model_copy(update={"fate_points": 0}) if p.id == "boss" else p
                 for p in state.participants)  # fmt: skip
    with pytest.raises(RuleViolation, match="no fate point"):
        _act(state.model_copy(update={"participants": poor}), "aura_of_fear", actor="boss",
             targets=("sal", "thugs"), dice=(ZERO, ZERO, ZERO))  # fmt: skip


# -- Death Defiance (SRD L3047) -------------------------------------------------------------------


def test_death_defiance_costs_half_the_fate_points_rounded_up() -> None:
    """L3047: taken out with death at hand, half the remaining fate points (rounded up, at
    least one) buy survival: back later with all physical stress cleared and a single
    consequence."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3})
    sal = _npc("sal", {}, "Death Defiance", fp=3, seat=1)
    state = _fight(ada, sal)
    with pytest.raises(RuleViolation, match="has not been taken out"):
        _act(state, "death_defiance", actor="sal", params={"text": "Scarred"})
    state, _ = _hit(state, "ada", "sal")
    state, _ = conflict.take_out(CR, state, who="sal")
    assert [e.action for e in offers(state, CR)] == ["death_defiance"]
    params = {"text": "Battered but Breathing", "severity": "moderate"}
    state, text = _act(state, "death_defiance", actor="sal", params=params)
    assert "spends 2 fate points (half, rounded up)" in text
    sal = _p(state, "sal")
    assert sal.fate_points == 1 and sal.taken_out and sal.track("health") == (0,) * 5
    assert [(c.severity, c.text) for c in sal.consequences] == [
        ("moderate", "Battered but Breathing")
    ]
    with pytest.raises(RuleViolation, match="already defied death"):
        _act(state, "death_defiance", actor="sal", params={"text": "Again"})
    broke = _fight(ada, _npc("sal", {}, "Death Defiance", fp=0, seat=1))
    broke, _ = conflict.take_out(CR, broke, who="sal")
    with pytest.raises(RuleViolation, match="at least one fate point"):
        _act(broke, "death_defiance", actor="sal", params={"text": "Scarred"})


# -- Brickbreaker (SRD L3245) ---------------------------------------------------------------------


def test_brickbreaker_doubles_the_hit_once_an_exchange() -> None:
    """L3245: stress dealt with Fists to a non-character target is doubled, once per
    exchange."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3}, "Brickbreaker")
    door = _npc("door", {}, seat=1)
    door = door.model_copy(update={"tracks": {"health": (0,) * 8}})
    state, _ = _hit(_fight(ada, door), "ada", "door", dice=(-1, 0, 0, 0))  # 4 - 1 vs 0: 3
    state, text = _act(state, "brickbreaker", actor="ada", targets=("door",))
    assert "doubles the hit on Door to 6: box 6" in text
    assert state.pending_hit is not None and state.pending_hit.shifts == 6
    with pytest.raises(RuleViolation, match="once an exchange"):
        _act(state, "brickbreaker", actor="ada", targets=("door",))


# -- Developed Immunities, Slippery, Body Toss (SRD L3057, L2539, L3801) -------------------------


def test_developed_immunities_against_poisons() -> None:
    """L3057: immune to most common poisons; +2 to the Endurance roll against an uncommon one
    not met before, +6 against one met before."""
    sal = _npc("sal", {"Endurance": 1, "Alertness": 3}, "Developed Immunities")
    state = _fight(sal, _npc("mug", {}, seat=1))
    state, _ = _act(state, "developed_immunities", actor="sal", params={"poison": "common"})
    state, text = _act(state, "poison", targets=("sal",), params={"potency": 4},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "immune to common poisons" in text and _p(state, "sal").track("health") == (0,) * 6
    state, _ = _act(state, "developed_immunities", actor="sal", params={"poison": "known"})
    state, text = _act(state, "poison", targets=("sal",), params={"potency": 4},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "+6 Developed Immunities" in text and "no stress" in text  # 4 vs 1 + 6
    assert options_of(_p(state, "sal")).used == ()  # used up, and nothing left on the rolls
    state, text = _act(state, "poison", targets=("sal",), params={"potency": 4},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "Developed" not in text and _p(state, "sal").track("health")[2] == 1  # 3 stress


def test_slippery_and_body_toss_on_a_push() -> None:
    """L2539: Slippery gives +2 to defend against knockback or push attacks. L3801: Body Toss
    counts a pushed target one weight factor less (L1470: a push moves a target one zone for
    each weight factor + 1 shifts; a person weighs 2)."""
    bull = _npc("bull", {"Might": 5, "Alertness": 3}, "Body Toss")
    eel = _npc("eel", {"Athletics": 1}, "Slippery", seat=1)
    rock = _npc("rock", {"Athletics": 1}, seat=2)
    state = _fight(bull, eel, rock)
    push = {"push": True}
    _, text = _act(state, "knockback", actor="bull", targets=("rock",), params=push,
                   dice=(ZERO, ZERO))  # fmt: skip
    assert "4 shifts, push moves Rock 2 zones" in text  # weight 2 - 1: 2 shifts a zone
    assert "Body Toss: the target weighs one factor less (2 to 1)" in text
    after, text = _act(state, "knockback", actor="bull", targets=("eel",), params=push,
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "+2 Slippery" in text and "2 shifts, push moves Eel 1 zone" in text
    assert options_of(_p(after, "eel")).used == ()  # the bonus was for that defense only
    _, text = _act(state, "knockback", actor="bull", targets=("rock",), dice=(ZERO, ZERO))
    assert "Body Toss" not in text  # a knockback is not a throw or a push


def test_the_new_stunt_actions_are_offered_only_when_they_apply() -> None:
    """A Fists hit offers Brickbreaker to its user (L3245); nothing for those without the
    stunts."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3}, "Brickbreaker")
    state, _ = _hit(_fight(ada, _npc("thug", {}, seat=1)), "ada", "thug")
    assert offers(state, CR) == (
        SystemActionEvent(action="brickbreaker", actor="ada", targets=("thug",)),
    )
    plain = _npc("ada", {"Fists": 4, "Alertness": 3})
    state, _ = _hit(_fight(plain, _npc("thug", {}, seat=1)), "ada", "thug")
    assert offers(state, CR) == ()


def test_aura_of_fear_a_leader_defends_the_minions_and_hits_wait_their_turn() -> None:
    """L3541: the effect on minions "may be cancelled if they have a leader with Leadership
    present, who may take a second defensive action on their behalf"; each named target beaten
    takes the shifts (the engine holds one waiting hit at a time)."""
    state = _room("Aura of Fear")
    bob = _npc("bob", {"Resolve": 0}, seat=3, side="good")
    bob = bob.model_copy(update={"tracks": {"health": (0,) * 5, "composure": (0, 1, 0, 0, 0)}})
    sal = _p(state, "sal").model_copy(
        update={"tracks": {"health": (0,) * 5, "composure": (0, 1, 1, 1, 1)}}
    )
    cast = tuple(sal if p.id == "sal" else p for p in state.participants)
    state = state.model_copy(update={"participants": (*cast, bob)})
    state, text = _act(state, "aura_of_fear", actor="boss", targets=("sal", "thugs", "bob"),
                       dice=(ZERO, ZERO, ZERO, ZERO), params={"leader": "sal"})  # fmt: skip
    assert "cowed" not in text and "Thugs: Sal Leadership +3 [0000] = +3: holds firm" in text
    assert not _p(state, "sal").acted  # only Master of Fear costs the leader an action
    assert state.pending_hit is not None and state.pending_hit.target == "sal"  # boxes 2-5 full
    assert "Bob: Bob Resolve +0 [0000] = +0: 2 shifts, applied once the waiting hit" in text
    assert "then apply each in turn (Bob 2 composure stress)" in text
