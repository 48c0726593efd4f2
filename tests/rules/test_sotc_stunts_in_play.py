"""Issue 13, "Stunts in play": SotC's conflict stunts applied by the engine or offered at the
moment they apply. Each test cites the SotC SRD lines it checks
(seeds/spirit-of-the-century-srd.txt)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import Encounter, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import npc_participant
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.stunt_actions import offers
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import fight as _fight
from tests.rules.sotc_fight import hit as _hit
from tests.rules.sotc_fight import p as _p
from tests.rules.sotc_fight import rival as _npc

UP = (1, 1, 1, 1)
DOWN = (-1, -1, -1, -1)


def _brawl(*stunts: str, fp: int = 3) -> Encounter:
    """Ada (Fists +4, the stunts) against Thug (Athletics +1, Endurance +1: 6 Health boxes)."""
    ada = _npc("ada", {"Fists": 4, "Alertness": 3}, *stunts, fp=fp)
    thug = _npc("thug", {"Athletics": 1, "Endurance": 1}, seat=1)
    return _fight(ada, thug)


# -- Crippling Blow (SRD L3181) -----------------------------------------------------------------


def test_crippling_blow_forces_a_consequence_once_per_opponent() -> None:
    """L3181: after injuring with Fists, a fate point forces a consequence rather than a box;
    once per opponent in a fight scene; the target may concede instead."""
    state, text = _hit(_brawl("Crippling Blow"), "ada", "thug")
    assert "3 shifts" in text and state.pending_hit is not None
    state, text = _act(state, "crippling_blow", actor="ada", targets=("thug",))
    assert "instead of a box" in text and "Stunts: Fists, Crippling Blow" in text
    assert _p(state, "ada").fate_points == 2
    assert options_of(_p(state, "ada")).used == ("Crippling Blow|thug",)
    with pytest.raises(RuleViolation, match="no box can take"):
        conflict.apply_stress(CR, state, who="thug")
    taken, _ = conflict.take_consequence(CR, state, who="thug", text="Cracked ribs")
    assert [c.severity for c in _p(taken, "thug").consequences] == ["mild"]
    assert _p(taken, "thug").track("health") == (0,) * 6
    conceded, _ = conflict.concede(CR, state, who="thug", to="ada", accepted=True)
    assert _p(conceded, "thug").taken_out and conceded.pending_hit is None
    # once per opponent in the scene (the use survives into the next exchange)
    state, _ = conflict.next_exchange(CR, taken)
    state, _ = _hit(state, "ada", "thug")
    with pytest.raises(RuleViolation, match="once per opponent"):
        _act(state, "crippling_blow", actor="ada", targets=("thug",))


def test_crippling_blow_needs_the_stunt_a_fists_hit_and_a_fate_point() -> None:
    """L3181: "When you injure an opponent with your Fists, you may spend a fate point"."""
    state, _ = _hit(_brawl(), "ada", "thug")
    with pytest.raises(RuleViolation, match="does not have Crippling Blow"):
        _act(state, "crippling_blow", actor="ada", targets=("thug",))
    ada = _npc("ada", {"Guns": 4}, "Crippling Blow")
    state, _ = _hit(_fight(ada, _npc("thug", {}, seat=1)), "ada", "thug", skill="Guns")
    with pytest.raises(RuleViolation, match="attack with Fists"):
        _act(state, "crippling_blow", actor="ada", targets=("thug",))
    state, _ = _hit(_brawl("Crippling Blow", fp=0), "ada", "thug")
    with pytest.raises(RuleViolation, match="no fate point"):
        _act(state, "crippling_blow", actor="ada", targets=("thug",))
    state, _ = _hit(_brawl("Crippling Blow"), "ada", "thug", dice=DOWN)  # a miss: no hit
    with pytest.raises(RuleViolation, match="no hit from Ada"):
        _act(state, "crippling_blow", actor="ada", targets=("thug",))


def test_wrestler_uses_might_for_the_blow_stunts() -> None:
    """L3793: Wrestler uses Might instead of Fists, so its blows count for Fists stunts."""
    ada = _npc("ada", {"Might": 4}, "Wrestler", "Crippling Blow")
    state, _ = _hit(_fight(ada, _npc("thug", {}, seat=1)), "ada", "thug", skill="Might")
    state, _ = _act(state, "crippling_blow", actor="ada", targets=("thug",))
    assert state.pending_hit is not None and state.pending_hit.box is None


# -- Lethal Weapon (SRD L3285) ------------------------------------------------------------------


def test_lethal_weapon_makes_the_consequence_one_step_worse() -> None:
    """L3285: a mild consequence from the blow becomes moderate, a moderate one severe; then
    the target may concede; not on a severe one."""
    state, _ = _hit(_brawl("Lethal Weapon"), "ada", "thug")
    state, text = _act(state, "lethal_weapon", actor="ada", targets=("thug",),
                        params={"text": "Broken nose"})  # fmt: skip
    assert "mild consequence for the 3-point hit moderate" in text
    thug = _p(state, "thug")
    assert [(c.severity, c.text) for c in thug.consequences] == [("moderate", "Broken nose")]
    assert state.pending_hit is None and state.concession_open == "thug"
    assert _p(state, "ada").fate_points == 2
    state, _ = conflict.concede(CR, state, who="thug", to="ada", accepted=True)
    assert _p(state, "thug").taken_out
    # the moderate slot taken: mild is next, raised it finds the severe slot
    thug = _npc("thug", {}, seat=1).model_copy(update={"spent_slots": ("moderate",)})
    state = _fight(_npc("ada", {"Fists": 4}, "Lethal Weapon"), thug)
    state, _ = _hit(state, "ada", "thug")
    state, _ = _act(state, "lethal_weapon", actor="ada", targets=("thug",),
                    params={"text": "Shattered jaw"})  # fmt: skip
    assert [c.severity for c in _p(state, "thug").consequences] == ["severe"]


def test_lethal_weapon_not_on_a_severe_consequence() -> None:
    """L3285: "You may not do this to an opponent who is already taking a severe
    consequence"."""
    thug = _npc("thug", {}, seat=1).model_copy(update={"spent_slots": ("mild", "moderate")})
    state = _fight(_npc("ada", {"Fists": 4}, "Lethal Weapon"), thug)
    state, _ = _hit(state, "ada", "thug")
    with pytest.raises(RuleViolation, match="already taking a severe"):
        _act(state, "lethal_weapon", actor="ada", targets=("thug",), params={"text": "X"})


# -- Fist of Death (SRD L3293) ------------------------------------------------------------------


def test_fist_of_death_fills_the_highest_unchecked_box() -> None:
    """L3293: once per opponent per fight, a fate point after a successful blow fills the
    highest unchecked stress box, whatever the blow's stress."""
    state, text = _hit(_brawl("Fist of Death"), "ada", "thug", dice=(1, 0, -1, -1))
    assert "2 shifts" in text
    state, text = _act(state, "fist_of_death", actor="ada", targets=("thug",))
    assert "box, 6" in text and state.pending_hit is None
    assert _p(state, "thug").track("health") == (0, 0, 0, 0, 0, 1)
    state, _ = conflict.next_exchange(CR, state)
    state, _ = _hit(state, "ada", "thug")
    with pytest.raises(RuleViolation, match="once per opponent"):
        _act(state, "fist_of_death", actor="ada", targets=("thug",))


# -- Signature Strike (SRD L3189) ---------------------------------------------------------------


def test_signature_strike_adds_a_consequence_to_the_hit() -> None:
    """L3189: once per fight scene; if the strike inflicts stress it imposes a consequence in
    addition to the attack's normal effect (two consequences when the stress needs one)."""
    state, _ = _hit(_brawl("Signature Strike"), "ada", "thug")
    state, text = _act(state, "signature_strike", actor="ada", targets=("thug",),
                       params={"text": "Seeing stars"})  # fmt: skip
    assert "mild consequence \u201cSeeing stars\u201d" in text
    assert state.pending_hit is not None  # the hit is still absorbed as usual
    state, _ = conflict.take_consequence(CR, state, who="thug", text="Winded")
    assert [c.severity for c in _p(state, "thug").consequences] == ["mild", "moderate"]
    state, _ = conflict.next_exchange(CR, state)
    state, _ = _hit(state, "ada", "thug")
    with pytest.raises(RuleViolation, match="once per fight scene"):
        _act(state, "signature_strike", actor="ada", targets=("thug",), params={"text": "X"})


def test_a_missed_signature_strike_is_spent() -> None:
    """L3189: the strike is declared before the roll; a miss uses the scene's strike."""
    state, _ = _hit(_brawl("Signature Strike"), "ada", "thug", dice=DOWN)
    state, text = _act(state, "signature_strike", actor="ada", targets=("thug",))
    assert "misses" in text and _p(state, "thug").consequences == ()
    assert options_of(_p(state, "ada")).used == ("Signature Strike",)


# -- The Promise of Pain (SRD L3549) ------------------------------------------------------------


def test_the_promise_of_pain_forces_a_psychological_consequence() -> None:
    """L3549: an Intimidation hit of one or better on the mental track; a fate point forces a
    psychological consequence instead."""
    boss = _npc("boss", {"Intimidation": 4}, "The Promise of Pain")
    mark = _npc("mark", {"Resolve": 1}, seat=1)
    state = Encounter(system="sotc", participants=(boss, mark), kind="social")
    state, _ = conflict.start(CR, state)
    state, _ = _hit(state, "boss", "mark", skill="Intimidation", defense="Resolve")
    assert state.pending_hit is not None and state.pending_hit.track == "composure"
    state, text = _act(state, "promise_of_pain", actor="boss", targets=("mark",))
    assert "psychological consequence" in text
    with pytest.raises(RuleViolation, match="no box can take"):
        conflict.apply_stress(CR, state, who="mark")


# -- Face the Pain, Unyielding (SRD L3021, L4205) -----------------------------------------------


def test_face_the_pain_erases_one_health_box_once_per_scene() -> None:
    """L3021: once per scene, a fate point removes any single check from the injury track."""
    thug = _npc("thug", {"Fists": 4}, seat=1)
    tough = _npc("tough", {"Endurance": 1}, "Feel the Burn", "Face the Pain")
    state = _fight(tough, thug)
    state = state.model_copy(update={"participants": (
        _p(state, "tough").model_copy(update={"tracks": {"health": (1, 0, 1, 0, 0, 0),
                                                         "composure": (0,) * 6}}),
        _p(state, "thug"),
    )})  # fmt: skip
    state, text = _act(state, "face_the_pain", actor="tough")
    assert "erases health box 3" in text
    assert _p(state, "tough").track("health")[:3] == (1, 0, 0)
    assert _p(state, "tough").fate_points == 2
    with pytest.raises(RuleViolation, match="once per scene"):
        _act(state, "face_the_pain", actor="tough", params={"box": 1})
    with pytest.raises(RuleViolation, match="does not have Face the Pain"):
        _act(state, "face_the_pain", actor="thug")


def test_unyielding_turns_a_health_hit_into_two_composure_hits() -> None:
    """L4205: a fate point takes two 1-point composure hits (subject to roll-up) instead of a
    health hit."""
    ada = _npc("ada", {"Fists": 4})
    monk = _npc("monk", {}, "Unyielding", seat=1)
    state, _ = _hit(_fight(ada, monk), "ada", "monk")
    state, text = _act(state, "unyielding", actor="monk")
    monk = _p(state, "monk")
    assert monk.track("health") == (0,) * 5 and monk.track("composure")[:3] == (1, 1, 0)
    assert "box 2" in text and state.pending_hit is None and monk.fate_points == 2


# -- Riposte and Turnabout (SRD L4665, L4673) ---------------------------------------------------


def _duel(*stunts: str) -> Encounter:
    thug = _npc("thug", {"Weapons": 1})
    fencer = _npc("fencer", {"Weapons": 4}, *stunts, seat=1)
    state, _ = _hit(_fight(thug, fencer), "thug", "fencer", skill="Weapons", defense="Weapons")
    return state


def test_riposte_spends_spin_for_one_stress_on_the_attacker() -> None:
    """L4665: a Weapons defense with spin against an attacker in the same zone deals the
    attacker one physical stress at once, as a free action."""
    state = _duel("Flawless Parry", "Riposte")
    assert state.spin is not None and state.spin.owner == "fencer"
    state, text = _act(state, "riposte", actor="fencer", targets=("thug",))
    assert state.spin is None and _p(state, "thug").track("health")[0] == 1
    assert "ripostes" in text


def test_turnabout_is_a_free_attack_of_the_defense_shifts() -> None:
    """L4673: as Riposte, with a fate point: stress equal to the defense's shifts (3 or more);
    once per opponent in a scene."""
    state, text = _act(
        _duel("Riposte", "Turnabout"), "turnabout", actor="fencer", targets=("thug",)
    )
    assert "a free attack of 3" in text
    assert state.pending_hit is not None and state.pending_hit.shifts == 3
    assert state.pending_hit.attacker == "fencer" and _p(state, "fencer").fate_points == 2
    with pytest.raises(RuleViolation, match="spin"):
        _act(state, "riposte", actor="fencer", targets=("thug",))


# -- extra stress: Two Gun Joe, Ricochet, Death From Above --------------------------------------


def test_two_gun_joe_adds_one_stress_to_a_hit() -> None:
    """L3477: firing two guns, a hit of at least one stress gets one more."""
    joe = _npc("joe", {"Guns": 2}, "Two Gun Joe")
    state, text = _hit(_fight(joe, _npc("thug", {}, seat=1)), "joe", "thug", skill="Guns",
                       dice=(1, -1, 0, 0))  # fmt: skip
    assert "2 shifts" in text
    state, text = _act(state, "extra_stress", actor="joe", targets=("thug",),
                       params={"stunt": "Two Gun Joe"})  # fmt: skip
    assert state.pending_hit is not None and state.pending_hit.shifts == 3
    assert state.pending_hit.box == 2
    with pytest.raises(RuleViolation, match="already used Two Gun Joe"):
        _act(state, "extra_stress", actor="joe", targets=("thug",),
             params={"stunt": "Two Gun Joe"})  # fmt: skip


def test_ricochet_adds_two_on_minions_too() -> None:
    """L4691: on a successful thrown attack the hit's stress is increased by 2 (minions take the
    extra stress in their row of boxes)."""
    thrower = _npc("kim", {"Weapons": 3}, "Ricochet")
    thugs = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=8, seat=1)
    state, text = _hit(_fight(thrower, thugs), "kim", "thugs", skill="Weapons", dice=UP)
    assert "3 shifts" in text and _p(state, "thugs").remaining == 5
    state, text = _act(state, "extra_stress", actor="kim", targets=("thugs",),
                       params={"stunt": "Ricochet"})  # fmt: skip
    assert "+2 stress" in text and _p(state, "thugs").remaining == 3


def test_extra_stress_needs_a_hit() -> None:
    """L3477, L4691, L4013: the extra stress comes with a successful hit only."""
    joe = _npc("joe", {"Guns": 2}, "Two Gun Joe")
    state, _ = _hit(_fight(joe, _npc("thug", {}, seat=1)), "joe", "thug", skill="Guns",
                    dice=DOWN)  # fmt: skip
    with pytest.raises(RuleViolation, match="only to a hit"):
        _act(state, "extra_stress", actor="joe", targets=("thug",),
             params={"stunt": "Two Gun Joe"})  # fmt: skip


# -- always on: Cut Off, full defense stunts, Brawler, Army of One --------------------------------


def test_cut_off_denies_spin_on_attacks_and_maneuvers() -> None:
    """L2361: whenever the character attacks (or makes an attack-like maneuver), the opponent
    generates no spin however well the defense rolls."""
    ada = _npc("ada", {"Fists": 0}, "Cut Off")
    thug = _npc("thug", {"Athletics": 4}, seat=1)
    state, text = _hit(_fight(ada, thug), "ada", "thug")
    assert state.spin is None and "no spin (Ada's Cut Off)" in text
    state, entry = conflict.maneuver(
        CR, _fight(ada, thug), actor="ada", skill="Fists", aspect="Off balance", target="thug",
        defense_skill="Athletics", dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert state.spin is None and "no spin: Ada's Cut Off" in entry.text
    plain = _npc("ada", {"Fists": 0})
    state, _ = _hit(_fight(plain, thug), "ada", "thug")
    assert state.spin is not None and state.spin.owner == "thug"


@pytest.mark.parametrize(("stunt", "skill"), [("Flawless Parry", "Weapons"),
                                              ("Flow like Water", "Fists")])  # fmt: skip
def test_full_defense_stunts_give_plus_three(stunt: str, skill: str) -> None:
    """L4659 Flawless Parry (Weapons), L3269 Flow like Water (Fists): a full defense with the
    skill is +3 instead of +2."""
    thug = _npc("thug", {"Fists": 4})
    guard = _npc("guard", {skill: 2}, stunt, seat=1)
    state = _fight(thug, guard)
    state, _ = conflict.full_defense(CR, state, who="guard")
    state, text = _hit(state, "thug", "guard", defense=skill)
    assert f"Guard {skill} +3 [0000] +2 = +5" in text
    assert state.last is not None and f"{stunt}: full defense +3" in state.last.rolls[1].notes
    state, text = _hit(_fight(thug, guard), "thug", "guard", defense=skill)
    assert f"Guard {skill} +2 [0000] = +2" in text  # no full defense: nothing extra


def test_brawler_defends_at_plus_one_when_outnumbered_and_army_of_one_cancels_numbers() -> None:
    """L3165 Brawler: defense rolls with Fists +1 when someone attacks at a bonus for numbers.
    L3209 Army of One: opponents get no bonus for numbers against the character."""
    thugs = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=3, side="gm")
    brawler = _npc("kit", {"Fists": 2}, "Brawler", seat=1, side="pc")
    state, text = _hit(_fight(thugs, brawler), "thugs", "kit", defense="Fists")
    assert "Kit Fists +3 [0000] = +3" in text
    assert state.last is not None and "Brawler: +1 outnumbered" in state.last.rolls[1].notes
    state, text = _hit(_fight(thugs, brawler), "thugs", "kit", defense="Athletics")
    assert "Brawler" not in text  # Fists defenses only
    army = _npc("kit", {"Athletics": 2}, "Army of One", seat=1, side="pc")
    state, text = _hit(_fight(thugs, army), "thugs", "kit")
    assert "Thugs Fists +1 [0000] +1 = +2" in text and "Kit Athletics +3 [0000] = +3" in text
    alone = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=1, side="gm")
    state, text = _hit(_fight(alone, brawler), "thugs", "kit", defense="Fists")
    assert "Kit Fists +2 [0000] = +2" in text  # one on one: not outnumbered


# -- inline NPCs: Thick Skinned, Feel the Burn, Still Standing, Smooth Recovery -----------------


def test_inline_npc_toughness_stunts_size_tracks_and_slots() -> None:
    """L3075 Thick Skinned: one box beyond Endurance's (Superb: 9). L3015 Feel the Burn: four
    consequences in a physical conflict. L4189 Still Standing: one more of any type (five with
    Feel the Burn or Smooth Recovery, L4133)."""
    tank = _npc("tank", {"Endurance": 5}, "One Hit to the Body", "Thick Skinned",
                "Feel the Burn", "Still Standing", "Smooth Recovery")  # fmt: skip
    assert len(tank.track("health")) == 9
    assert CR.consequence_slots(tank, "physical") == (
        "mild",
        "moderate",
        "moderate",
        "moderate",
        "severe",
    )
    assert len(CR.consequence_slots(tank, "social")) == 5
    plain = _npc("plain", {"Endurance": 5})
    assert len(plain.track("health")) == 8 and len(CR.consequence_slots(plain, "physical")) == 3
    given = npc_participant(pid="g", name="G", skills={}, rules=SotcSettings(), health=4,
                            stunts=("Thick Skinned",))  # fmt: skip
    assert len(given.track("health")) == 4  # sizes written by hand stay as written


# -- offers -------------------------------------------------------------------------------------


def test_offers_list_the_stunts_that_apply_after_a_hit() -> None:
    """The window offers each stunt at the moment it applies: after Ada's Fists hit, her
    Crippling Blow and Lethal Weapon; the hit Monk's Unyielding; nothing once spent."""
    ada = _npc("ada", {"Fists": 4}, "Crippling Blow", "Lethal Weapon", "Signature Strike")
    monk = _npc("monk", {}, "Unyielding", seat=1)
    state, _ = _hit(_fight(ada, monk), "ada", "monk")
    names = {(e.action, e.actor) for e in offers(state, CR)}
    assert names == {("crippling_blow", "ada"), ("lethal_weapon", "ada"),
                     ("signature_strike", "ada"), ("unyielding", "monk")}  # fmt: skip
    state, _ = _act(state, "crippling_blow", actor="ada", targets=("monk",))
    names = {e.action for e in offers(state, CR)}
    assert "crippling_blow" not in names
    quiet = _fight(_npc("ada", {"Fists": 4}), _npc("thug", {}, seat=1))
    assert offers(_hit(quiet, "ada", "thug")[0], CR) == ()


def test_stunt_uses_survive_undo_and_replay() -> None:
    """The once-per limits live in the state, so replaying the log gives the same limits."""
    state = _brawl("Crippling Blow")
    start = state
    events: list[object] = []
    from rules.encounter import AttackEvent

    attack = AttackEvent(attacker="ada", defender="thug", skill="Fists",
                         defense_skill="Athletics", dice=ZERO, defense_dice=ZERO)  # fmt: skip
    blow = SystemActionEvent(action="crippling_blow", actor="ada", targets=("thug",))
    events = [attack, blow]
    replayed, log = conflict.replay(CR, start, events)  # type: ignore[arg-type]
    assert options_of(_p(replayed, "ada")).used == ("Crippling Blow|thug",)
    assert "Crippling Blow" in log[-1].text
