"""Issue 13: SotC's own encounter actions on the system-action seam: ambush and surprise,
falling, first aid and long-term care, On Top Of It, Trespass Tempo and Psychic. Each test cites
the SotC SRD lines it checks (seeds/spirit-of-the-century-srd.txt)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.character import Consequence
from rules.encounter import Encounter, Participant, RecoverEvent
from rules.errors import RuleViolation
from rules.systems.sotc.conflict_actions import first_aid_box
from rules.systems.sotc.participant_options import options_of
from tests.rules.sotc_fight import CR, ZERO
from tests.rules.sotc_fight import act as _act
from tests.rules.sotc_fight import npc as _npc
from tests.rules.sotc_fight import p as _p


def _scene(*cast: Participant) -> Encounter:
    return Encounter(system="sotc", participants=cast)


# -- ambush (SRD L1716, L2191, L2385-L2405) ---------------------------------------------------


def test_a_failed_alertness_check_defends_at_mediocre_in_the_first_exchange() -> None:
    """L1716: a final Alertness check against the attacker's Stealth; on failure the defense
    skill counts as Mediocre for the first exchange. L2405: the ambushed only defend in it."""
    thug = _npc("thug", {"Stealth": 3, "Fists": 3, "Alertness": 1})
    ada = _npc("ada", {"Alertness": 2, "Athletics": 4}, seat=1)
    state, text = _act(
        _scene(thug, ada), "ambush", actor="thug", targets=("ada",), dice=((0, 0, 0, 0), ZERO)
    )
    assert "Thug Stealth +3 [0000] = +3" in text and "Ada Alertness +2 [0000] = +2" in text
    assert "surprised: defends at Mediocre" in text
    assert options_of(_p(state, "ada")).surprised_until == 1 and _p(state, "ada").acted
    state, _ = conflict.start(CR, state)
    assert state.current == "thug"  # Ada only defends this exchange
    state, entry = conflict.attack(
        CR, state, attacker="thug", defender="ada", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Ada Athletics +0 [0000] = +0" in entry.text  # Good Athletics counts as Mediocre
    assert "3 shifts" in entry.text
    state, _ = conflict.apply_stress(CR, state, who="ada")
    state, _ = conflict.next_turn(CR, state)  # exchange 2: Ada defends with her Athletics
    assert state.exchange == 2
    state, entry = conflict.attack(
        CR, state, attacker="thug", defender="ada", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Ada Athletics +4 [0000] = +4" in entry.text


def test_a_passed_check_defends_normally() -> None:
    """L2191: on a success the target defends normally (a tie makes the check)."""
    thug = _npc("thug", {"Stealth": 2})
    ada = _npc("ada", {"Alertness": 2})
    state, text = _act(
        _scene(thug, ada), "ambush", actor="thug", targets=("ada",), dice=(ZERO, ZERO)
    )
    assert "not surprised" in text and options_of(_p(state, "ada")).surprised_until == 0
    assert _p(state, "ada").acted  # still only defends in the first exchange


def test_danger_sense_saw_it_coming_and_constant_vigilance() -> None:
    """L2385: Danger Sense full-defends even when surprised (Mediocre becomes Fair); L2391: Saw
    It Coming is never surprised; L2405: Constant Vigilance acts freely."""
    thug = _npc("thug", {"Stealth": 5})
    sense = _npc("sense", {"Alertness": 1, "Athletics": 3}, "Danger Sense")
    saw = _npc("saw", {"Alertness": 1}, "Danger Sense", "Saw It Coming")
    vig = _npc("vig", {"Alertness": 1}, "Danger Sense", "Saw It Coming", "Constant Vigilance")
    state, text = _act(
        _scene(thug, sense, saw, vig), "ambush", actor="thug", targets=("sense", "saw", "vig"),
        dice=(ZERO, ZERO, ZERO, ZERO),
    )  # fmt: skip
    assert _p(state, "sense").full_defense and options_of(_p(state, "sense")).surprised_until
    assert _p(state, "saw").full_defense and not options_of(_p(state, "saw")).surprised_until
    assert "Saw It Coming, never surprised" in text
    assert not _p(state, "vig").acted and "Constant Vigilance, acts freely" in text
    state, _ = conflict.start(CR, state)
    state, entry = conflict.attack(
        CR, state, attacker="thug", defender="sense", skill="Fists", defense_skill="Athletics",
        dice=ZERO, defense_dice=ZERO,
    )  # fmt: skip
    assert "Sense Athletics +0 [0000] +2 = +2" in entry.text  # Fair


def test_psychic_rolls_mysteries_against_supernatural_surprise() -> None:
    """L3937: Mysteries instead of Alertness against supernatural surprise."""
    ghost = _npc("ghost", {"Stealth": 3})
    seer = _npc("seer", {"Alertness": 0, "Mysteries": 4}, "Psychic")
    _, text = _act(
        _scene(ghost, seer), "ambush", actor="ghost", targets=("seer",),
        params={"supernatural": True}, dice=(ZERO, ZERO),
    )  # fmt: skip
    assert "Seer Mysteries +4" in text and "not surprised" in text


def test_an_ambush_opens_a_conflict() -> None:
    state, _ = conflict.start(CR, _scene(_npc("a", {}), _npc("b", {})))
    state, _ = conflict.next_exchange(CR, state)
    with pytest.raises(RuleViolation, match="first exchange"):
        _act(state, "ambush", actor="a", targets=("b",))


# -- falling (SRD L5353-L5371, L2527, L2533) ---------------------------------------------------


@pytest.mark.parametrize(
    ("height", "dice", "athletics", "expected"),
    [
        ("short", ZERO, 1, "mild"),  # Average: no change, a short fall's mild consequence
        ("short", ZERO, 2, None),  # makes Fair: one shorter, no harm
        ("medium", ZERO, 1, "moderate"),
        ("medium", (1, 1, 1, 0), 1, "mild"),  # +4 makes Great: a short fall
        ("long", ZERO, 0, "severe"),
        ("short", (-1, -1, 0, 0), 1, "moderate"),  # -1: below Mediocre, a medium fall
    ],
)
def test_a_fall_imposes_its_consequence(
    height: str, dice: tuple[int, ...], athletics: int, expected: str | None
) -> None:
    p = _npc("ada", {"Athletics": athletics})
    state, text = _act(_scene(p), "fall", actor="ada", params={"height": height}, dice=(dice,))
    got = _p(state, "ada").consequences
    if expected is None:
        assert got == () and "no harm" in text
    else:
        assert [c.severity for c in got] == [expected] and got[0].kind == "physical"


def test_extreme_falls_and_full_slots_take_the_faller_out() -> None:
    """L5367: an extreme fall takes the faller out whatever the dice; a long fall that finds the
    severe slot full leaves no consequence to take (digest 13 #3)."""
    state, text = _act(
        _scene(_npc("ada", {"Athletics": 5})), "fall", actor="ada",
        params={"height": "extreme"}, dice=((1, 1, 1, 1),),
    )  # fmt: skip
    assert _p(state, "ada").taken_out and "cannot be rolled" in text
    held = _npc("bo", {"Athletics": 0}).model_copy(
        update={"consequences": (Consequence(severity="severe", text="Broken"),)}
    )
    state, _ = _act(_scene(held), "fall", actor="bo", params={"height": "long"}, dice=(ZERO,))
    assert _p(state, "bo").taken_out
    # a medium fall with the moderate slot used moves up to severe
    mid = _npc("cy", {}).model_copy(update={"spent_slots": ("moderate",)})
    state, _ = _act(_scene(mid), "fall", actor="cy", params={"height": "medium"}, dice=(ZERO,))
    assert [c.severity for c in _p(state, "cy").consequences] == ["severe"]


def test_acrobat_and_safe_fall() -> None:
    """L2525: +2 on falling rolls; L2531: near a surface, two categories shorter, then Athletics
    may shorten it once more."""
    acro = _npc("acro", {"Athletics": 0}, "Acrobat")
    state, text = _act(_scene(acro), "fall", actor="acro", params={"height": "short"}, dice=(ZERO,))
    assert _p(state, "acro").consequences == () and "(Acrobat)" in text
    safe = _npc("safe", {"Athletics": 1}, "Acrobat", "Safe Fall")
    state, text = _act(
        _scene(safe), "fall", actor="safe", params={"height": "extreme", "near_surface": True},
        dice=(ZERO,),
    )  # fmt: skip
    # extreme -> medium; +1 +2 = +3 misses Great: a moderate consequence
    assert [c.severity for c in _p(state, "safe").consequences] == ["moderate"]
    assert "Safe Fall" in text


# -- first aid and care (SRD L5888-L5905, L4325-L4333) -----------------------------------------


@pytest.mark.parametrize(
    ("shifts", "medic", "box"),
    [(0, False, 0), (1, False, 1), (2, False, 1), (3, False, 2), (5, False, 3), (3, True, 3)],
)
def test_first_aid_reach(shifts: int, medic: bool, box: int) -> None:
    """L5890: one shift clears the 1-stress box, every two shifts beyond the first one higher
    (five shifts: box 3); L4331 Medic: three shifts reach the 3-stress box."""
    assert first_aid_box(shifts, medic) == box


def _hurt(pid: str, boxes: tuple[int, ...], **skills: int) -> Participant:
    p = _npc(pid, dict(skills))
    return p.model_copy(update={"tracks": {**p.tracks, "health": boxes}})


def test_first_aid_in_a_fight_clears_a_box_and_costs_both_their_actions() -> None:
    doc = _npc("doc", {"Science": 3, "Alertness": 3}, "Doctor")
    pat = _hurt("pat", (0, 1, 1, 0, 0))
    state, _ = conflict.start(CR, _scene(doc, pat))
    # Good +2 Doctor, dice 0: 5 shifts reach box 3: the highest checked box it reaches
    state, text = _act(state, "first_aid", actor="doc", targets=("pat",), dice=(ZERO,))
    assert "(Doctor)" in text and "reaches box 3: clears box 3" in text
    assert _p(state, "pat").track("health") == (0, 1, 0, 0, 0)
    assert _p(state, "doc").acted and _p(state, "pat").acted
    with pytest.raises(RuleViolation, match="first aid this exchange"):
        conflict.system_action(
            CR, state, action="first_aid", actor="pat", targets=("pat",), dice=(ZERO,)
        )


def test_first_aid_after_the_patient_acted_costs_its_next_action() -> None:
    doc = _npc("doc", {"Science": 1, "Alertness": 0}, seat=1)
    pat = _hurt("pat", (1, 0, 0, 0, 0), Alertness=4)
    state, _ = conflict.start(CR, _scene(doc, pat))
    state, _ = conflict.next_turn(CR, state)  # Pat acted, Doc is up
    state, text = _act(state, "first_aid", actor="doc", targets=("pat",), dice=(ZERO,))
    assert "clears box 1" in text and "next exchange's action" in text
    state, entry = conflict.next_turn(CR, state)
    assert state.exchange == 2 and "Pat gives up this action for first aid" in entry.text
    assert state.current == "doc"


def test_medic_clears_a_mild_consequence_past_the_health_track() -> None:
    """L4331: shifts above the patient's stress capacity may clear a mild physical
    consequence."""
    medic = _npc("medic", {"Science": 4}, "Doctor", "Medic")
    pat = _hurt("pat", (0, 0, 0)).model_copy(
        update={"consequences": (Consequence(severity="mild", text="Winded"),)}
    )
    state, text = _act(
        _scene(medic, pat), "first_aid", actor="medic", targets=("pat",),
        params={"consequence": "winded"}, dice=(ZERO,),
    )  # fmt: skip
    assert _p(state, "pat").consequences == () and _p(state, "pat").spent_slots == ("mild",)
    assert "Medic" in text
    plain = _npc("plain", {"Science": 4})
    with pytest.raises(RuleViolation, match="only a Medic"):
        conflict.system_action(
            CR, _scene(plain, pat), action="first_aid", actor="plain", targets=("pat",),
            params={"consequence": "Winded"}, dice=(ZERO,),
        )  # fmt: skip


def test_long_term_care_shortens_recovery_one_step() -> None:
    """L5892-L5903: a scene of care vs Mediocre/Fair/Great shortens one physical consequence's
    recovery one step; one attempt only."""
    doc = _npc("doc", {"Science": 2})
    pat = _npc("pat", {}).model_copy(
        update={"consequences": (Consequence(severity="moderate", text="Cracked rib"),
                                 Consequence(severity="severe", text="Shattered leg"))}
    )  # fmt: skip
    state, text = _act(
        _scene(doc, pat), "medical_care", actor="doc", targets=("pat",),
        params={"consequence": "Cracked rib"}, dice=(ZERO,),
    )  # fmt: skip
    assert "vs +2" in text and "1 step sooner" in text
    with pytest.raises(RuleViolation, match="one attempt"):
        _act(state, "medical_care", actor="doc", targets=("pat",),
             params={"consequence": "Cracked rib"}, dice=((1,) * 4,))  # fmt: skip
    state, text = _act(state, "medical_care", actor="doc", targets=("pat",),
                       params={"consequence": "Shattered leg"}, dice=(ZERO,))  # fmt: skip
    assert "vs +4" in text and "no help" in text
    # one step on the time chart (SRD L5201): a few hours instead of an afternoon; a breather
    # is still too short, a few hours of rest clear it (an untreated one would stay)
    rested, _ = conflict.recover(CR, state, "breather", who="pat")
    assert len(_p(rested, "pat").consequences) == 2
    state, entry = conflict.apply_event(CR, state, RecoverEvent(elapsed="a few hours", who="pat"))
    assert [c.text for c in _p(state, "pat").consequences] == ["Shattered leg"]
    assert "(a few hours)" in entry.text
    untreated = _npc("un", {}).model_copy(
        update={"consequences": (Consequence(severity="moderate", text="Cracked rib"),)}
    )
    still, _ = conflict.apply_event(CR, _scene(untreated), RecoverEvent(elapsed="a few hours"))
    assert len(_p(still, "un").consequences) == 1
    state, _ = conflict.start(CR, state)
    with pytest.raises(RuleViolation, match="scene of treatment"):
        _act(state, "medical_care", actor="doc", targets=("pat",),
             params={"consequence": "Shattered leg"})  # fmt: skip


# -- initiative stunts (SRD L2345, L2609, L3937) ----------------------------------------------


def test_on_top_of_it_pays_a_fate_point_to_act_next() -> None:
    fast = _npc("fast", {"Alertness": 4})
    top = _npc("top", {"Alertness": 0}, "On Top Of It", fp=2, seat=1)
    state, _ = conflict.start(CR, _scene(fast, top))
    assert state.current == "fast"
    state, text = _act(state, "on_top_of_it", actor="top")
    assert state.current == "top" and _p(state, "top").fate_points == 1
    assert "On Top Of It" in text
    state, _ = conflict.next_turn(CR, state)
    assert state.current == "fast" and _p(state, "top").acted
    with pytest.raises(RuleViolation, match="already acted"):
        _act(state, "on_top_of_it", actor="top")
    with pytest.raises(RuleViolation, match="does not have On Top Of It"):
        _act(state, "on_top_of_it", actor="fast")


def test_trespass_tempo_and_psychic_set_initiative_before_the_start() -> None:
    thief = _npc("thief", {"Alertness": 1, "Burglary": 4}, "Trespass Tempo")
    seer = _npc("seer", {"Alertness": 2, "Mysteries": 3}, "Psychic", seat=1)
    state, _ = _act(_scene(thief, seer), "initiative_skill", actor="thief",
                    params={"stunt": "Trespass Tempo"})  # fmt: skip
    state, text = _act(state, "initiative_skill", actor="seer", params={"stunt": "Psychic"})
    assert "Mysteries for initiative" in text
    assert _p(state, "thief").initiative["physical"] == 4
    assert _p(state, "seer").initiative["physical"] == 3
    with pytest.raises(RuleViolation, match="does not have Psychic"):
        _act(state, "initiative_skill", actor="thief", params={"stunt": "Psychic"})
    state, _ = conflict.start(CR, state)
    assert state.order == ("thief", "seer")
    with pytest.raises(RuleViolation, match="fixed once"):
        _act(state, "initiative_skill", actor="seer", params={"stunt": "Psychic"})


def test_every_documented_action_example_fits_its_spec() -> None:
    """docs/encounter-script.md: each ``system_action`` example (in every example block from the
    system actions' section on) names a SotC action with parameters its spec accepts, and every
    SotC action has an example."""
    import json
    from pathlib import Path

    from rules.conflict.steps import check_action
    from rules.encounter import SystemActionEvent

    doc = (Path(__file__).resolve().parents[2] / "docs" / "encounter-script.md").read_text()
    rest = doc.split("### The system's own actions", 1)[1]
    blocks = [b.split("```", 1)[0] for b in rest.split("```json")[1:]]
    block = "\n".join(b for b in blocks if b.lstrip().startswith('{"do": "system_action"'))
    decoder, seen, at = json.JSONDecoder(), set(), 0
    while block[at:].strip():
        at += len(block[at:]) - len(block[at:].lstrip())
        data, at = decoder.raw_decode(block, at)
        spec, _ = check_action(CR, SystemActionEvent.model_validate(data))
        seen.add(spec.name)
    assert seen == {s.name for s in CR.actions()}


@pytest.mark.parametrize(
    ("severity", "bounce", "elapsed", "gone"),
    [("mild", False, "a few minutes", True), ("mild", False, "a minute", False),
     ("mild", True, "half a minute", True), ("moderate", False, "a few hours", False),
     ("moderate", False, "an afternoon", True), ("moderate", True, "an hour", True),
     ("severe", False, "a day", False), ("severe", False, "a few days", True),
     ("severe", True, "an afternoon", True)],
)  # fmt: skip
def test_recovery_by_the_time_chart(severity: str, bounce: bool, elapsed: str, gone: bool) -> None:
    """SRD L1398-L1410: a breather of a few minutes, at least 6 hours, days or weeks; Bounce
    Back (L3045): two steps faster: "about an hour of rest instead of six", "days to the length
    of an afternoon"."""
    p = _npc("ada", {}, *(("Bounce Back",) if bounce else ())).model_copy(
        update={"consequences": (Consequence(severity=severity, text="Hurt"),)}  # type: ignore[arg-type]
    )
    state, _ = conflict.apply_event(CR, _scene(p), RecoverEvent(elapsed=elapsed))
    assert (_p(state, "ada").consequences == ()) is gone


def test_recovery_periods_and_elapsed_time_agree_and_refuse_odd_times() -> None:
    """Back-to-back sessions count a consequence one level lower (SRD L1414); a time not on the
    chart is refused; a recover names a period or a time, not both."""
    held = (Consequence(severity="severe", text="Broken"), Consequence(severity="moderate",
            text="Bruised"))  # fmt: skip
    p = _npc("ada", {}).model_copy(update={"consequences": held})
    state, _ = conflict.recover(CR, _scene(p), "night", back_to_back=True)
    assert [c.text for c in _p(state, "ada").consequences] == []
    state, _ = conflict.recover(CR, _scene(p), "night")
    assert [c.text for c in _p(state, "ada").consequences] == ["Broken"]
    with pytest.raises(RuleViolation, match="not a step of the time chart"):
        conflict.apply_event(CR, _scene(p), RecoverEvent(elapsed="a fortnight"))
    with pytest.raises(ValueError, match="either period or elapsed"):
        RecoverEvent(period="night", elapsed="a day")


def test_a_characters_rest_counts_bounce_back() -> None:
    """SRD L3045: Bounce Back takes a severe physical consequence from days down to an
    afternoon, so a night's rest clears it; without the stunt (or for a mental one) it stays."""
    from rules.character import Condition
    from rules.systems.sotc.conflict import recover_condition

    held = Condition(
        consequences=(
            Consequence(severity="severe", text="Broken Arm"),
            Consequence(severity="severe", text="Shaken", kind="mental"),
        )
    )
    rested = recover_condition(CR, held, "night", stunts=("Bounce Back",))
    assert [c.text for c in rested.consequences] == ["Shaken"]
    assert len(recover_condition(CR, held, "night").consequences) == 2
