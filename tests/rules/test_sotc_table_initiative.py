"""Issue 13, "Wrong today": initiative from stunts and Brawler's extra stress, applied when SotC
participants are built and by the engine (SotC "Establish Initiative", SRD L1205; the stunts
Ready for Anything L2353, Preemptive Grace L2933, Lightning Hands L3441, Brawler L3165)."""

from __future__ import annotations

from typing import Any

from rules import conflict
from rules.encounter import Encounter, Participant
from rules.systems.sotc.conflict import (
    SotcConflictRules,
    initiative_of,
    npc_participant,
    participant_from_character,
)
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_builders import build

CR = SotcConflictRules()
Z4 = (0, 0, 0, 0)


def _npc(pid: str, seat: int, skills: dict[str, int], *stunts: str) -> Participant:
    return npc_participant(
        pid=pid, name=pid, skills=skills, rules=SotcSettings(), seat=seat, stunts=stunts
    )


def _order(kind: str, *cast: Participant) -> tuple[str, ...]:
    state = Encounter(system="sotc", kind=kind, participants=cast)  # type: ignore[arg-type]
    state, _ = conflict.start(CR, state)
    return state.order


def test_ready_for_anything_adds_one_per_take_and_wins_ties() -> None:
    """SRD L2353: Alertness one higher for initiative per take (Superb -> Fantastic), and the
    stunt breaks ties, ahead of Resolve (SRD L1205's tie-breaker)."""
    init, edge = initiative_of({"Alertness": 5}, ("Ready for Anything",))
    assert init["physical"] == 6 and edge["physical"] == 1
    twice, _ = initiative_of({"Alertness": 3}, ("Ready for Anything", "Ready for Anything"))
    assert twice["physical"] == 5
    # a tie at Good: the stunt beats a higher Resolve; without the stunt Resolve decides
    ready = _npc("ready", 2, {"Alertness": 3}, "Ready for Anything")
    calm = _npc("calm", 0, {"Alertness": 4, "Resolve": 5})
    plain = _npc("plain", 1, {"Alertness": 2, "Resolve": 1})
    assert _order("physical", calm, plain, ready) == ("ready", "calm", "plain")
    # in a social conflict the stunt does nothing
    assert initiative_of({"Alertness": 3, "Empathy": 2}, ("Ready for Anything",))[0]["social"] == 2


def test_preemptive_grace_two_higher_socially_and_breaks_ties_without_it() -> None:
    """SRD L2933: Empathy two higher for initiative; ties against those without the stunt go to
    its holder, ties between two holders fall back to Resolve."""
    init, edge = initiative_of({"Empathy": 3}, ("Preemptive Grace",))
    assert init["social"] == 5 and init["physical"] == 0 and edge["social"] == 1
    grace = _npc("grace", 1, {"Empathy": 2}, "Preemptive Grace")
    rival = _npc("rival", 0, {"Empathy": 4, "Resolve": 4})
    assert _order("social", rival, grace) == ("grace", "rival")
    other = _npc("other", 0, {"Empathy": 2, "Resolve": 3}, "Preemptive Grace")
    assert _order("social", grace, other) == ("other", "grace")


def test_lightning_hands_uses_guns_for_initiative() -> None:
    """SRD L3441: Guns instead of Alertness for initiative (the better one, it is a "may")."""
    assert initiative_of({"Alertness": 1, "Guns": 4}, ("Lightning Hands",))[0]["physical"] == 4
    assert initiative_of({"Alertness": 3, "Guns": 1}, ("Lightning Hands",))[0]["physical"] == 3
    assert initiative_of({"Alertness": 1, "Guns": 4}, ())[0]["physical"] == 1


def test_a_character_with_ready_for_anything_is_built_with_it(registry: Any) -> None:
    """The participant built from a character file carries the stunt's initiative (issue 13:
    ``validate`` reported it in ``derived`` but encounters ignored it)."""
    ada = build(stunts=[{"name": "On Top Of It"}, {"name": "Ready for Anything"}])
    derived = registry.get("sotc").derive(ada, None)
    p = participant_from_character(ada, derived, pid="ada")
    assert p.initiative["physical"] == ada.skill("Alertness") + 1
    assert p.tie_edge == {"physical": 1}


def test_brawler_deals_one_more_stress_against_two_or_more_minions() -> None:
    """SRD L3165: against two or more minions a successful hit deals one additional stress;
    against a lone minion or a named foe it does not."""
    hero = _npc("hero", 0, {"Fists": 3}, "Brawler")
    assert hero.extra_stress_vs_groups == 1
    gang = conflict.minion_group(CR, pid="gang", name="Thugs", quality=1, count=3, side="v")
    state = Encounter(system="sotc", participants=(hero, gang))
    state, _ = conflict.start(CR, state)
    # Fists 3 + 0 vs Average 1 + 0 + 1 (group of 3) = 2: 1 shift, +1 Brawler = 2 boxes
    state, entry = conflict.attack(
        CR, state, attacker="hero", defender="gang", skill="Fists", defense_skill="Fists",
        dice=Z4, defense_dice=Z4,
    )  # fmt: skip
    assert "+1 stress against two or more minions" in entry.text
    group = state.find("gang")
    assert group is not None and group.remaining == 1
    # one minion left: no bonus (Fists 3 + 0 vs 1 + 0 + 0 = 2 shifts, the last minion's box)
    state, _ = conflict.next_exchange(CR, state)
    state, entry = conflict.attack(
        CR, state, attacker="hero", defender="gang", skill="Fists", defense_skill="Fists",
        dice=Z4, defense_dice=Z4,
    )  # fmt: skip
    assert "minions:" not in entry.text and "overflow 1" in entry.text
