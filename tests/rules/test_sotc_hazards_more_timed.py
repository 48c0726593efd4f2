"""Issue 13, hazards that keep going and care that lasts: a fast poison's attack each exchange,
a lit fuse burning down, first aid's stabilising, Surgeon and Herbal Remedies, the marks of care
and poison written back to the character, and a character's stunts in its rest. Each test cites
the SotC SRD lines it checks (seeds/spirit-of-the-century-srd.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import conflict
from rules.character import Condition, Consequence
from rules.encounter import Encounter, Participant
from rules.errors import RuleViolation
from rules.systems.sotc.character import Treatment
from rules.systems.sotc.conflict import apply_results, npc_participant, participant_from_character
from rules.systems.sotc.conflict_actions import care_difficulty, medicine_bonus
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.play import recover, with_condition
from rules.systems.sotc.settings import SotcSettings
from rules.systems.sotc.treatment_marks import cure_poison, marks_of, treatment_text
from tests.rules.sotc_builders import build
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import p as _p


def _npc(pid: str, *stunts: str, seat: int = 0, **skills: int) -> Participant:
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), stunts=stunts, seat=seat
    )


# -- a fast poison, each exchange (SRD L5575-L5579) -------------------------------------------


def test_a_fast_poison_attacks_again_as_each_exchange_begins() -> None:
    """L5577: the attack comes before the first initiative of an exchange and repeats every
    exchange until the scene ends or something stops it."""
    ada = _npc("ada", Endurance=1, Alertness=2)
    bo = _npc("bo", Alertness=1, seat=1)
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=(ada, bo)))
    state, text = _act(state, "poison", targets=("ada",), params={"potency": 3},
                       dice=(ZERO, ZERO))  # fmt: skip
    assert "2 shifts" in text and "attacks again as each exchange begins" in text
    assert options_of(_p(state, "ada")).fast_poison == (3,)
    state, entry = conflict.next_exchange(CR, state)
    assert "the fast poison in Ada (+3) attacks before the first initiative" in entry.text
    assert options_of(_p(state, "ada")).poison_due == 2
    # the due attack rolls at the poison's own potency: +3 [+000] = +4 vs Endurance +1 -> 3
    state, text = _act(state, "poison_attack", targets=("ada",), dice=((1, 0, 0, 0), ZERO))
    assert "fast poison +3 [+000] = +4 vs Ada Endurance +1 [0000] = +1: 3 shifts" in text
    assert options_of(_p(state, "ada")).poison_due == 0
    with pytest.raises(RuleViolation, match="not due"):  # once an exchange
        _act(state, "poison_attack", targets=("ada",), dice=(ZERO, ZERO))
    with pytest.raises(RuleViolation, match="no fast poison"):
        _act(state, "poison_attack", targets=("bo",), dice=(ZERO, ZERO))


def test_spin_on_the_defense_stops_a_fast_poison() -> None:
    """L5579: beating the attack by 3 or more may stop the poison: no attack next exchange."""
    ada = _npc("ada", Endurance=1, Alertness=2)
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=(ada,)))
    state, _ = _act(state, "poison", targets=("ada",), params={"potency": 1},
                    dice=(ZERO, ZERO))  # fmt: skip
    state, entry = conflict.next_exchange(CR, state)
    state, text = _act(
        state, "poison_attack", targets=("ada",), dice=((-1, -1, 0, 0), (1, 1, 0, 0))
    )
    assert "spin: the poison stops" in text
    assert options_of(_p(state, "ada")).fast_poison == ()
    state, entry = conflict.next_exchange(CR, state)
    assert "poison" not in entry.text


def test_treatment_stops_a_fast_poison() -> None:
    """L5577: medical treatment (or a stunt) stops the poison (cure_poison)."""
    ada = _npc("ada", Endurance=1)
    state, _ = _act(Encounter(system="sotc", participants=(ada,)), "poison", targets=("ada",),
                    params={"potency": 2}, dice=(ZERO, ZERO))  # fmt: skip
    state, text = _act(state, "cure_poison", targets=("ada",))
    assert "the fast poison (+2) stops" in text and options_of(_p(state, "ada")).fast_poison == ()


# -- a lit fuse (SRD L6009-L6020) --------------------------------------------------------------


def test_a_thrown_fuse_burns_down_each_exchange_and_a_short_one_goes_off() -> None:
    """L6020: each full exchange takes the fuse one step shorter; a short fuse that lasts the
    exchange goes off."""
    sal = _npc("sal", Weapons=2, Alertness=2)
    state, _ = conflict.start(CR, Encounter(system="sotc", participants=(sal,)))
    state, text = _act(state, "throw_explosive", actor="sal", params={"fuse": "medium"},
                       dice=(ZERO,))  # fmt: skip
    assert "its medium fuse burns" in text
    state, entry = conflict.next_exchange(CR, state)
    assert "Sal's fuse burns down to short" in entry.text
    state, entry = conflict.next_exchange(CR, state)
    assert "short fuse has burned a full exchange: it goes off" in entry.text
    assert options_of(_p(state, "sal")).fuse == ""


def test_the_lit_fuse_check_reads_the_fuse_now_and_counts_fizzles() -> None:
    """L6013-L6018: the check before each action at the fuse's length; a fizzle is marked and
    a second one makes a dud; an explosion ends the fuse."""
    sal = _npc("sal", Weapons=2)
    state, _ = _act(Encounter(system="sotc", participants=(sal,)), "throw_explosive",
                    actor="sal", params={"fuse": "long"}, dice=(ZERO,))  # fmt: skip
    _same, text = _act(state, "lit_fuse", targets=("sal",), dice=((1, 0, 0, 0),))
    assert "Sal's fuse (long): [+0] = +1: no explosion" in text
    state, text = _act(state, "lit_fuse", targets=("sal",), dice=((-1, -1, 0, 0),))
    assert "fizzle (marked" in text and options_of(_p(state, "sal")).fuse == "long|1"
    dud, text = _act(state, "lit_fuse", targets=("sal",), dice=((-1, -1, 0, 0),))
    assert "a second fizzle: a dud" in text and options_of(_p(dud, "sal")).fuse == ""
    boom, text = _act(state, "lit_fuse", targets=("sal",), dice=((1, 1, 0, 0),))
    assert "it explodes" in text and options_of(_p(boom, "sal")).fuse == ""
    with pytest.raises(RuleViolation, match="no lit fuse"):
        _act(boom, "lit_fuse", targets=("sal",), dice=(ZERO,))


# -- first aid and care stunts (SRD L5890, L4325, L4349, L3915) --------------------------------


def test_first_aid_can_stabilise_a_consequence_instead() -> None:
    """L5890: success can stabilise a severe or lesser consequence that looks
    life-threatening, limiting its compels."""
    doc = _npc("doc", Science=2)
    pat = _npc("pat").model_copy(
        update={"consequences": (Consequence(severity="severe", text="Bleeding Out"),)}
    )
    scene = Encounter(system="sotc", participants=(doc, pat))
    state, text = _act(scene, "first_aid", actor="doc", targets=("pat",),
                       params={"stabilize": "bleeding out"}, dice=(ZERO,))  # fmt: skip
    assert "stabilises \u201cBleeding Out\u201d" in text
    assert options_of(_p(state, "pat")).stabilized == ("Bleeding Out",)
    _, text = _act(scene, "first_aid", actor="doc", targets=("pat",),
                   params={"stabilize": "Bleeding Out"}, dice=((-1, -1, -1, 0),))  # fmt: skip
    assert "no shift: no effect" in text


@pytest.mark.parametrize(
    ("stunts", "skill", "intensive", "specialty", "bonus"),
    [((), "Science", False, False, 0), (("Doctor",), "Science", False, False, 2),
     (("Doctor", "Surgeon"), "Science", False, False, 2),
     (("Doctor", "Surgeon"), "Science", True, False, 3),
     (("Doctor", "Surgeon"), "Science", True, True, 4),
     (("Herbal Remedies", "Doctor"), "Mysteries", True, False, 0)],
)  # fmt: skip
def test_medicine_bonus(
    stunts: tuple[str, ...], skill: str, intensive: bool, specialty: bool, bonus: int
) -> None:
    """L4325 Doctor +2 on Science; L4349 Surgeon +1 on surgery and intensive work, +1 more in
    the specialty (with Doctor +3 / +4); L3915 Herbal Remedies rolls Mysteries instead."""
    assert medicine_bonus(stunts, skill, intensive=intensive, specialty=specialty)[0] == bonus


def test_mysteries_needs_herbal_remedies() -> None:
    with pytest.raises(RuleViolation, match="Herbal Remedies"):
        medicine_bonus(("Doctor",), "Mysteries")


def test_herbal_remedies_gives_first_aid_with_mysteries() -> None:
    """L3915: Mysteries instead of Science for first aid or proper medical care."""
    herb = _npc("herb", "Herbal Remedies", Mysteries=3, Science=0)
    pat = _npc("pat")
    pat = pat.model_copy(update={"tracks": {**pat.tracks, "health": (1, 0, 0, 0, 0)}})
    _state, text = _act(Encounter(system="sotc", participants=(herb, pat)), "first_aid",
                       actor="herb", targets=("pat",), params={"skill": "Mysteries"},
                       dice=(ZERO,))  # fmt: skip
    assert "Herb Mysteries +3" in text and "(Herbal Remedies)" in text and "clears box 1" in text


def test_care_difficulty_factors_and_the_surgeons_specialty() -> None:
    """L5898-L5903 by severity; L4349: in his specialty a Surgeon removes one factor's
    increase."""
    assert care_difficulty("moderate", (), False) == 2
    assert care_difficulty("moderate", (1, 2), False) == 5
    assert care_difficulty("moderate", (1, 2), True) == 3


def test_a_surgeon_in_his_specialty_treats_at_plus_four_and_ignores_a_factor() -> None:
    """L4349-L4351: Doctor and Surgeon in the specialty, +4, a factor ignored."""
    doc = _npc("doc", "Doctor", "Surgeon", Science=0)
    pat = _npc("pat").model_copy(
        update={"consequences": (Consequence(severity="severe", text="Shattered Leg"),)}
    )
    _state, text = _act(
        Encounter(system="sotc", participants=(doc, pat)), "medical_care", actor="doc",
        targets=("pat",), dice=(ZERO,),
        params={"consequence": "Shattered Leg", "factors": "2,1", "specialty": True},
    )  # fmt: skip
    # Great +4 and a +1 factor (the +2 is ignored): +5; the roll +0 +4 = +4 falls short
    assert "(Doctor, Surgeon, specialty)" in text and "vs +5" in text and "no help" in text
    plain = _npc("plain", "Doctor", Science=0)
    with pytest.raises(RuleViolation, match="not a Surgeon"):
        _act(Encounter(system="sotc", participants=(plain, pat)), "medical_care",
             actor="plain", targets=("pat",), dice=(ZERO,),
             params={"consequence": "Shattered Leg", "specialty": True})  # fmt: skip


# -- the marks written back to the character (SRD L5581, L5892, L5890) ------------------------


def _hurt_character() -> object:
    return build(
        condition=Condition(
            consequences=(
                Consequence(severity="moderate", text="Cracked Rib"),
                Consequence(severity="mild", text="Venom"),
            )
        ).model_dump()
    )


def test_care_and_poison_marks_go_back_to_the_character_and_come_in_again(sotc: Any) -> None:
    """L5892: care's one attempt and the steps it saved, and L5581: a slow poison's
    consequence until cured, outlast the encounter; they come back with the character."""
    character = _hurt_character()
    derived = sotc.derive(character, sotc.default_settings())  # type: ignore[arg-type]
    p = participant_from_character(character, derived, pid="ada")  # type: ignore[arg-type]
    doc = _npc("doc", Science=2)
    state = Encounter(system="sotc", participants=(p, doc))
    state, _ = _act(state, "medical_care", actor="doc", targets=("ada",),
                    params={"consequence": "Cracked Rib"}, dice=(ZERO,))  # fmt: skip
    state, _ = _act(state, "poison", targets=("ada",),
                    params={"potency": 6, "kind": "slow", "text": "Creeping Venom"},
                    dice=(ZERO, ZERO))  # fmt: skip
    after = apply_results(character, _p(state, "ada"))  # type: ignore[arg-type]
    marks = marks_of(after)
    assert marks["cracked rib"] == Treatment(care_tried=True, care_steps=1)
    assert marks["creeping venom"] == Treatment(uncured=True)
    assert "venom" not in marks
    again = participant_from_character(after, derived, pid="ada")
    assert options_of(again).care == ("1|Cracked Rib",)
    assert options_of(again).uncured == ("Creeping Venom",)
    assert treatment_text(marks["cracked rib"]) == "care: 1 step sooner"
    # cured between fights, the poison's consequence recovers like any other
    cured = cure_poison(after)
    assert "creeping venom" not in marks_of(cured)
    with pytest.raises(RuleViolation, match="no poison"):
        cure_poison(cured)


def test_rest_keeps_an_uncured_poison_and_counts_care_and_drops_gone_marks() -> None:
    """L5581: a slow poison's consequence stays until cured; L5892: care's saved step (a
    moderate one treated needs a few hours, still more than a breather); a healed
    consequence's marks go with it."""
    character = build(
        condition=Condition(
            consequences=(
                Consequence(severity="mild", text="Venom"),
                Consequence(severity="mild", text="Winded"),
                Consequence(severity="moderate", text="Cracked Rib"),
            )
        ).model_dump(),
        treatment=[Treatment(uncured=True).model_dump(), Treatment(stabilized=True).model_dump(),
                   Treatment(care_tried=True, care_steps=1).model_dump()],
    )  # fmt: skip
    rested = recover(character, CR, "breather")
    assert [c.text for c in rested.condition.consequences] == ["Venom", "Cracked Rib"]
    assert rested.treatment == (Treatment(uncured=True), Treatment(care_tried=True, care_steps=1))
    slept = recover(cure_poison(rested), CR, "night")
    assert slept.condition.consequences == () and slept.treatment == ()
    # striking a consequence out by hand takes its marks too
    kept = with_condition(
        character, character.condition.model_copy(
            update={"consequences": character.condition.consequences[1:]})
    )  # fmt: skip
    assert kept.treatment == (Treatment(stabilized=True), Treatment(care_tried=True, care_steps=1))


def test_a_characters_bounce_back_counts_in_play_recovery() -> None:
    """L3045: Bounce Back takes two steps off a physical consequence's time: a severe one
    goes after a night's rest (days down to an afternoon); a mental one does not."""
    held = Condition(
        consequences=(
            Consequence(severity="severe", text="Broken Arm"),
            Consequence(severity="severe", text="Shaken", kind="mental"),
        )
    ).model_dump()
    tough = build(condition=held, stunts=[{"name": "Bounce Back"}])
    assert [c.text for c in recover(tough, CR, "night").condition.consequences] == ["Shaken"]
    plain = build(condition=held)
    assert len(recover(plain, CR, "night").condition.consequences) == 2


def test_the_treatment_list_is_written_only_when_there_is_one() -> None:
    """An untreated character's document is as before (no ``treatment`` key, same document
    version); a treated one keeps its marks through a write and a read."""
    from rules.systems.sotc.character import SotcCharacter

    plain = build()
    assert "treatment" not in plain.model_dump(mode="json")
    treated = build(treatment=[Treatment(uncured=True).model_dump()])
    doc = treated.model_dump(mode="json")
    assert doc["treatment"] == [Treatment(uncured=True).model_dump()]
    assert SotcCharacter.model_validate(doc) == treated
