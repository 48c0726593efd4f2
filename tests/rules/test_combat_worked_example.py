"""A conflict worked out by hand from SotC "How To Do Things" (SRD L1110-L1586), step by step.

Cast (SotC book rules: 5 boxes a track before the Endurance / Resolve bands):

* Jack Corrigan (PC): Fists Great 4, Athletics Good 3, Alertness Good 3, Might Fair 2, Resolve
  Fair 2, Endurance Fair 2 (Health 5 + 1 = 6 boxes, SotC "Endurance"), 4 fate points.
* Sparky (companion, Sidekick, Average, physical) attached to Jack: group of 2 = +1 to Jack's
  rolls (SotC "Companions"), no stress boxes, one extra consequence.
* Baron Von Kessel (named NPC): Weapons Great 4, Athletics Good 3, Alertness Great 4, Resolve
  Good 3, Endurance Average 1 (Health 5 + 1 = 6), 3 fate points, grit 2.
* Thugs: 6 Average minions (1 box each, group of 6 = +2; SotC "Minions").
* Gunmen: 2 Fair minions (2 boxes each, group of 2 = +1).

Initiative (physical: Alertness; minion groups: quality; SotC "Establish Initiative"):
Baron 4, Jack 3, Gunmen 2, Thugs 1; Sparky is attached and takes no turn of its own.
"""

from __future__ import annotations

import uuid

import pytest

from rules import conflict
from rules.character import Condition, Consequence
from rules.conflict import replay
from rules.encounter import Encounter, Invoke, Participant
from rules.errors import RuleViolation
from rules.systems.sotc.character import Phase, SotcCharacter
from rules.systems.sotc.conflict import (
    SotcConflictRules,
    apply_results,
    npc_participant,
    participant_from_character,
)
from rules.systems.sotc.settings import SotcSettings

RULES = SotcSettings()
JACK_ID = uuid.UUID("00000000-0000-4000-8000-00000000ac01")
CR = SotcConflictRules(RULES)


def jack_character() -> SotcCharacter:
    """The PC, as the library holds him."""
    return SotcCharacter(
        id=JACK_ID,
        name="Jack Corrigan",
        skills={"Fists": 4, "Athletics": 3, "Alertness": 3, "Might": 2, "Resolve": 2,
                "Endurance": 2, "Empathy": 1},
        phases=(Phase(aspects=("Two-Fisted Brawler", "Nobody's Fool")),),
        fate_points=4,
    )  # fmt: skip


def cast(sotc: object) -> Encounter:
    """The encounter before the start, built the way the CLI and the window build it."""
    jack = jack_character()
    derived = sotc.derive(jack, RULES)  # type: ignore[attr-defined]
    pj = participant_from_character(jack, derived, pid="jack", side="heroes", seat=0)
    baron = npc_participant(
        pid="baron", name="Baron Von Kessel", rules=RULES, fate_points=3, grit=2,
        skills={"Weapons": 4, "Athletics": 3, "Alertness": 4, "Resolve": 3, "Endurance": 1},
        side="villains", seat=1,
    )  # fmt: skip
    thugs = conflict.minion_group(CR, pid="thugs", name="Thugs", quality=1, count=6,
                                side="villains", seat=2)  # fmt: skip
    gunmen = conflict.minion_group(CR, pid="gunmen", name="Gunmen", quality=2, count=2,
                                 side="villains", seat=3)  # fmt: skip
    sparky = conflict.companion(CR, pid="sparky", name="Sparky", quality=1, patron="jack",
                              side="heroes", seat=4)  # fmt: skip
    return Encounter(
        system="sotc", name="Dockside", participants=(pj, sparky, baron, thugs, gunmen)
    )


def p(state: Encounter, pid: str) -> Participant:
    found = state.find(pid)
    assert found is not None
    return found


def boxes(state: Encounter, pid: str) -> str:
    """Health boxes as a picture: X checked, . clear."""
    return "".join("X" if b else "." for b in p(state, pid).track("health"))


def run_fight(sotc: object) -> tuple[Encounter, list[object]]:
    """Play the whole fight, asserting every hand-computed number on the way."""
    s = cast(sotc)
    events: list[object] = []

    def do(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal s
        s, entry = fn(CR, s, *args, **kwargs)
        events.append(entry.event)
        return entry

    assert boxes(s, "jack") == "......"  # 5 + Endurance Fair band 1
    assert boxes(s, "baron") == "......"  # 5 + Endurance Average band 1
    assert len(p(s, "baron").track("composure")) == 7  # 5 + Resolve Good band 2
    assert p(s, "thugs").remaining == 6 and len(p(s, "thugs").track("health")) == 6
    assert p(s, "gunmen").remaining == 2 and len(p(s, "gunmen").track("health")) == 4
    assert p(s, "sparky").track("health") == ()  # SotC companions have no stress boxes

    do(conflict.start)
    assert s.order == ("baron", "jack", "gunmen", "thugs")
    assert s.current == "baron" and s.exchange == 1

    # -- Exchange 1 ---------------------------------------------------------------------------
    # Baron maneuvers: Weapons 4 + (+1) = 5 vs Jack Athletics 3 + (-1) + 1 (Sparky) = 3:
    # 2 shifts >= 1, so "Off Balance" goes on Jack, fragile, one free tag (Resolving Maneuvers).
    do(conflict.maneuver, actor="baron", skill="Weapons", target="jack", defense_skill="Athletics",
       aspect="Off Balance", dice=(1, 0, 0, 0), defense_dice=(0, 0, 0, -1))  # fmt: skip
    assert s.last is not None and s.last.rolls[0].effort == 5 and s.last.rolls[1].effort == 3
    (off_balance,) = s.aspects
    assert (off_balance.holder, off_balance.free_tags, off_balance.sticky) == ("jack", 1, False)
    do(conflict.next_turn)
    assert s.current == "jack"

    # Jack hits the Thugs: Fists 4 + 2 + 1 = 7 vs quality 1 + (-1) + 2 (six minions) = 2:
    # 5 shifts fill 5 one-box minions in a row (Minions: sequential stress); 1 left, no overflow.
    entry = do(conflict.attack, attacker="jack", defender="thugs", skill="Fists",
               defense_skill="Athletics", dice=(1, 1, 0, 0),
               defense_dice=(0, 0, -1, 0))  # fmt: skip
    assert s.last is not None and s.last.shifts == 5
    assert p(s, "thugs").remaining == 1 and "overflow" not in entry.text
    do(conflict.next_turn)

    # Gunmen: quality 2 + 2 + 1 (two minions) = 5 vs Jack 3 + 0 + 1 = 4: 1 shift -> box 1.
    do(conflict.attack, attacker="gunmen", defender="jack", skill="Guns",
       defense_skill="Athletics", dice=(1, 0, 1, 0), defense_dice=(0, 0, 0, 0))  # fmt: skip
    assert s.pending_hit is not None and s.pending_hit.box == 0
    with pytest.raises(RuleViolation):
        conflict.next_turn(CR, s)  # the hit must be absorbed first
    do(conflict.apply_stress, who="jack")
    assert boxes(s, "jack") == "X....."
    do(conflict.next_turn)

    # The last Thug: 1 + 3 + 0 (group of one) = 4 vs Jack 3 - 2 + 1 = 2: 2 shifts -> box 2.
    do(conflict.attack, attacker="thugs", defender="jack", skill="Fists",
       defense_skill="Athletics", dice=(1, 1, 1, 0), defense_dice=(-1, -1, 0, 0))  # fmt: skip
    do(conflict.apply_stress, who="jack")
    assert boxes(s, "jack") == "XX...."
    do(conflict.next_turn)

    # -- Exchange 2 ---------------------------------------------------------------------------
    assert s.exchange == 2 and s.current == "baron"
    # Baron attacks with the free tag on Off Balance (+2): 4 + 1 + 2 = 7 vs Jack 3 - 1 + 1 = 3:
    # 4 shifts -> box 4; the fragile aspect is gone after its one tag (Temporary Aspects).
    do(conflict.attack, attacker="baron", defender="jack", skill="Weapons",
       defense_skill="Athletics", dice=(0, 1, 0, 0), defense_dice=(0, 0, -1, 0),
       invokes=(Invoke(aspect=off_balance.id, by="baron", free=True),))  # fmt: skip
    assert s.last is not None and s.last.shifts == 4
    assert s.aspects == ()
    do(conflict.apply_stress, who="jack")
    assert boxes(s, "jack") == "XX.X.."
    do(conflict.next_turn)

    # Jack holds his action (Hold Your Action); the Gunmen block to protect the Baron:
    # 2 + 1 + 1 = 4 is the block strength for the rest of the exchange (Block Actions).
    do(conflict.hold, "jack")
    assert s.current == "gunmen"
    do(conflict.block, actor="gunmen", skill="Guns", protects="baron", dice=(0, 0, 1, 0))
    assert s.blocks[0].strength == 4
    do(conflict.next_turn)
    assert s.current == "thugs"
    # Jack takes his held turn between the Gunmen and the Thugs: Fists 4 + 1 + 1 = 6 vs the
    # Baron's Athletics 3 - 1 = 2, but the block (4) is better: 6 - 4 = 2 shifts -> box 2.
    do(conflict.resume, "jack")
    assert s.current == "jack"
    do(conflict.attack, attacker="jack", defender="baron", skill="Fists",
       defense_skill="Athletics", dice=(1, 0, 0, 0), defense_dice=(0, -1, 0, 0))  # fmt: skip
    assert s.last is not None and s.last.opposition == 4 and s.last.shifts == 2
    do(conflict.apply_stress, who="baron")
    assert boxes(s, "baron") == ".X...."
    do(conflict.next_turn)
    assert s.current == "thugs"

    # The Thug: 1 + 0 = 1 vs Jack 3 + 1 + 1 = 5: the defense wins by 4 >= 3, so Jack gets spin.
    do(conflict.attack, attacker="thugs", defender="jack", skill="Fists",
       defense_skill="Athletics", dice=(0, 0, 0, 0), defense_dice=(0, 1, 0, 0))  # fmt: skip
    assert s.spin is not None and s.spin.owner == "jack"
    do(conflict.next_turn)

    # -- Exchange 3 ---------------------------------------------------------------------------
    assert s.exchange == 3 and s.blocks == ()  # blocks last one exchange
    # Baron: 4 + 3 = 7, and Jack spends his spin for -1 on it (Spin): 6 vs Jack 3 - 2 + 1 = 2:
    # 4 shifts; box 4 is checked so it rolls up to box 5. Jack lets Sparky take it instead:
    # the companion's extra consequence absorbs the whole hit and Sparky is out (Companions).
    do(conflict.attack, attacker="baron", defender="jack", skill="Weapons",
       defense_skill="Athletics", dice=(1, 1, 1, 0), defense_dice=(-1, -1, 0, 0),
       spin=-1)  # fmt: skip
    assert s.last is not None and s.last.rolls[0].effort == 6 and s.last.shifts == 4
    assert s.spin is None
    assert s.pending_hit is not None and s.pending_hit.box == 4
    do(conflict.take_consequence, who="jack", text="Sparky Knocked Cold", companion=True)
    assert p(s, "sparky").taken_out
    assert boxes(s, "jack") == "XX.X.."
    do(conflict.next_turn)

    # Jack maneuvers, now alone (group of one, +0): Might 2 + 2 = 4 vs Baron Athletics 3 - 1 = 2:
    # "Pinned" on the Baron with a free tag for Jack.
    do(conflict.maneuver, actor="jack", skill="Might", target="baron", defense_skill="Athletics",
       aspect="Pinned", dice=(1, 1, 0, 0), defense_dice=(0, -1, 0, 0))  # fmt: skip
    (pinned,) = s.aspects
    assert pinned.holder == "baron" and pinned.free_tag_owner == "jack"
    do(conflict.next_turn)

    # Gunmen: 2 + 0 + 1 = 3 vs Jack 3 - 1 = 2: 1 shift; boxes 1 and 2 are checked, rolls up to 3.
    do(conflict.attack, attacker="gunmen", defender="jack", skill="Guns",
       defense_skill="Athletics", dice=(0, 0, 0, 0), defense_dice=(0, 0, -1, 0))  # fmt: skip
    do(conflict.apply_stress, who="jack")
    assert boxes(s, "jack") == "XXXX.."
    do(conflict.next_turn)

    # The Thug: 1 vs Jack 3: misses by 2 (no spin).
    do(conflict.attack, attacker="thugs", defender="jack", skill="Fists",
       defense_skill="Athletics", dice=(0, 0, 0, 0), defense_dice=(0, 0, 0, 0))  # fmt: skip
    assert s.pending_hit is None and s.spin is None
    do(conflict.next_turn)

    # -- Exchange 4 ---------------------------------------------------------------------------
    # Baron 4 + 0 vs Jack 3 + 1: a tie is 0 shifts, no stress (Resolving Attacks).
    do(conflict.attack, attacker="baron", defender="jack", skill="Weapons",
       defense_skill="Athletics", dice=(0, 0, 0, 0), defense_dice=(1, 0, 0, 0))  # fmt: skip
    assert s.last is not None and s.last.shifts == 0 and s.pending_hit is None
    do(conflict.next_turn)

    # Jack: Fists 4 + 2, free tag on Pinned +2, and a fate point on his own Two-Fisted Brawler
    # +2 = 10 vs the Baron's Weapons 4 - 1 = 3: 7 shifts, more than his 6 boxes, so the Baron
    # must take a consequence: his first, mild (Consequences).
    do(conflict.attack, attacker="jack", defender="baron", skill="Fists", defense_skill="Weapons",
       dice=(1, 1, 0, 0), defense_dice=(0, 0, -1, 0),
       invokes=(Invoke(aspect=pinned.id, by="jack", free=True),
                Invoke(aspect="Two-Fisted Brawler", by="jack")))  # fmt: skip
    assert s.last is not None and s.last.shifts == 7
    assert p(s, "jack").fate_points == 3
    assert s.pending_hit is not None and s.pending_hit.box is None
    with pytest.raises(RuleViolation):
        conflict.apply_stress(CR, s, who="baron")
    do(conflict.take_consequence, who="baron", text="Cracked Monocle")
    assert p(s, "baron").consequences == (Consequence(severity="mild", text="Cracked Monocle"),)
    # He offers a concession; Jack refuses a reasonable offer: Baron +1, Jack -1 (Concessions).
    do(conflict.concede, who="baron", to="jack", accepted=False, terms="I yield the dock")
    assert p(s, "baron").fate_points == 4 and p(s, "jack").fate_points == 2
    do(conflict.next_turn)

    # Gunmen: 2 + 2 + 1 = 5 vs Jack 3 - 1 = 2: 3 shifts; boxes 3 and 4 checked, rolls up to 5.
    do(conflict.attack, attacker="gunmen", defender="jack", skill="Guns",
       defense_skill="Athletics", dice=(1, 1, 0, 0), defense_dice=(0, 0, 0, -1))  # fmt: skip
    do(conflict.apply_stress, who="jack")
    assert boxes(s, "jack") == "XXXXX."
    do(conflict.next_turn)

    # The last Thug goes on full defense (Full Defense) and so spends its turn.
    do(conflict.full_defense, "thugs")
    assert p(s, "thugs").full_defense and p(s, "thugs").acted
    do(conflict.next_turn)

    # -- Exchange 5 ---------------------------------------------------------------------------
    assert s.exchange == 5 and not p(s, "thugs").full_defense
    # Baron 4 + 1 = 5 vs Jack 3 + 0 = 3: 2 shifts would roll up to box 6; Jack takes a
    # consequence instead (any hit may be, Consequences): his first regular one, mild.
    do(conflict.attack, attacker="baron", defender="jack", skill="Weapons",
       defense_skill="Athletics", dice=(1, 0, 0, 0), defense_dice=(0, 0, 0, 0))  # fmt: skip
    assert s.pending_hit is not None and s.pending_hit.box == 5
    do(conflict.take_consequence, who="jack", text="Bruised Ribs")
    do(conflict.next_turn)

    # Jack tags the Baron's "Cracked Monocle" with his fate point (+2, to the Baron's detriment,
    # so the point goes to the Baron when the exchange ends; Tagging): Fists 4 + 1 + 2 = 7 vs
    # Weapons 4 - 2 = 2: 5 shifts -> box 5 is free, but the Baron takes his second consequence,
    # moderate, reaches his grit of 2 and concedes; Jack accepts.
    do(conflict.attack, attacker="jack", defender="baron", skill="Fists", defense_skill="Weapons",
       dice=(0, 1, 0, 0), defense_dice=(0, 0, -1, -1),
       invokes=(Invoke(aspect="Cracked Monocle", on="baron", by="jack"),))  # fmt: skip
    assert s.last is not None and s.last.shifts == 5
    assert p(s, "jack").fate_points == 1 and s.pending_fp == ("baron",)
    entry = do(conflict.take_consequence, who="baron", text="Dislocated Shoulder")
    assert "grit 2 reached" in entry.text
    do(conflict.concede, who="baron", to="jack", accepted=True, terms="flees into the night")
    assert p(s, "baron").taken_out and p(s, "baron").conceded
    assert p(s, "baron").fate_points == 4  # the tag's point is still owed
    return s, events


def test_worked_conflict_exact_boxes_consequences_and_fate_points(sotc) -> None:  # type: ignore[no-untyped-def]
    """SotC "How To Do Things": every number of the hand-worked fight, then the scene's end."""
    s, _ = run_fight(sotc)
    jack, baron = p(s, "jack"), p(s, "baron")
    assert boxes(s, "jack") == "XXXXX."
    assert jack.consequences == (
        Consequence(severity="extra", text="Sparky Knocked Cold"),
        Consequence(severity="mild", text="Bruised Ribs"),
    )
    assert jack.fate_points == 1
    assert boxes(s, "baron") == ".X...."
    assert [c.severity for c in baron.consequences] == ["mild", "moderate"]
    assert p(s, "thugs").remaining == 1 and p(s, "gunmen").remaining == 2

    # End of scene: stress clears, mild consequences fade after a breather, the owed fate point
    # arrives (Removing Consequences; Tagging).
    s, _ = conflict.end_scene(CR, s)
    jack, baron = p(s, "jack"), p(s, "baron")
    assert jack.track("health") == (False,) * 6
    assert jack.consequences == (Consequence(severity="extra", text="Sparky Knocked Cold"),)
    assert baron.consequences == (Consequence(severity="moderate", text="Dislocated Shoulder"),)
    assert baron.fate_points == 5

    # Jack's condition and fate points go back to his character.
    back = apply_results(jack_character(), jack)
    assert back.fate_points == 1
    assert back.condition == Condition(
        health=(False,) * 6, composure=(False,) * 6, consequences=jack.consequences
    )


def test_worked_conflict_replays_exactly_from_its_log(sotc) -> None:  # type: ignore[no-untyped-def]
    """Replaying the logged events over the initial state gives the same state, bit for bit."""
    final, events = run_fight(sotc)
    again, log = replay(CR, cast(sotc), events)  # type: ignore[arg-type]
    assert again == final
    assert [e.index for e in log] == list(range(len(events)))
