"""Stunts and gear that change where stress lands (digest sotc.md 6.5), derived from the
character and applied by the engine: One Hit to the Body (SRD L3069), Man of Iron (SRD L3083),
Aplomb (SRD L4149) and the Armored gadget improvement (SRD L4935, digest 13 #18)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import conflict
from rules.encounter import ApplyStressEvent, AttackEvent, Encounter, Participant, StartEvent
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import (
    SotcConflictRules,
    npc_participant,
    participant_from_character,
)
from rules.systems.sotc.participant_options import options_of, stress_options
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_builders import build

CR = SotcConflictRules()
X, E = True, False  # checked, empty


def who(health: tuple[bool, ...] = (E,) * 5, composure: tuple[bool, ...] = (E,) * 5,
        **options: Any) -> Participant:  # fmt: skip
    return Participant(id="p", name="P", health=health, composure=composure, **options)


def test_one_hit_to_the_body_fills_lower_boxes_adding_up_to_the_hit() -> None:
    """SRD L3069: a 4-point hit with box 4 already filled may check boxes 1 and 3 instead of
    rolling up to box 5."""
    p = who((E, E, E, X, E), fill_lower=("health",))
    assert CR.stress_box_for(p, "health", 4) == 4  # the roll-up is still there to take
    assert CR.fill_lower_choices(p, "health", 4) == ((0, 2),)
    # fewest boxes first, then the highest: a 5 over boxes 1-4 free of box 5
    q = who((E, E, E, E, X, E), fill_lower=("health",))
    assert CR.fill_lower_choices(q, "health", 5) == ((0, 3), (1, 2))
    # only when the hit would roll up, only on the stunt's track, only with the stunt
    assert CR.fill_lower_choices(p, "health", 3) == ()
    assert CR.fill_lower_choices(p, "composure", 4) == ()
    assert CR.fill_lower_choices(who((E, E, E, X, E)), "health", 4) == ()
    assert CR.fill_lower_choices(p, "health", 9) == ()  # no box 9: a consequence, not a roll-up
    # with Man of Iron the hit rolls down instead, so it never "would roll up" while a lower
    # box is free; armor keeps a small hit where it is
    both = who((E, E, E, X, E), fill_lower=("health",), roll_down=("health",))
    assert CR.fill_lower_choices(both, "health", 4) == ()
    assert CR.fill_lower_choices(who((E, X), fill_lower=("health",), armor=2), "health", 2) == ()


def test_man_of_iron_and_aplomb_roll_down_before_up() -> None:
    """SRD L3083 (health) and L4149 (composure): a hit on a checked box checks the next lower
    empty box; only with none lower does it roll up; a hit past the track still forces a
    consequence."""
    iron = who((E, X, X, E, E), (E, X, X, E, E), roll_down=("health",))
    assert CR.stress_box_for(iron, "health", 3) == 0  # box 3 taken, box 2 taken: box 1
    assert CR.stress_box_for(iron, "composure", 3) == 3  # Man of Iron is physical only
    assert CR.stress_box_for(iron, "health", 4) == 3  # box 4 free: no rolling at all
    full_low = who((X, X, X, E, E), roll_down=("health",))
    assert CR.stress_box_for(full_low, "health", 2) == 3  # nothing lower: rolls up
    assert CR.stress_box_for(full_low, "health", 6) is None
    aplomb = who(composure=(E, E, X, E, E), roll_down=("composure",))
    assert CR.stress_box_for(aplomb, "composure", 3) == 1


def test_armor_keeps_a_small_hit_on_its_checked_box() -> None:
    """SRD L4935: a 1-point hit on an Armored device does not roll up even if box 1 is
    checked (the stress lands, the roll-up does not); digest 13 #18 reads N points of armor as
    covering hits up to N."""
    tank = who((X, X, E, E, E), armor=1)
    assert CR.stress_box_for(tank, "health", 1) == 0  # stays on checked box 1
    assert CR.stress_box_for(tank, "health", 2) == 2  # bigger than the armor: rolls up
    assert CR.stress_box_for(tank, "composure", 1) == 0  # composure box 1 is free anyway
    assert CR.stress_box_for(who((E, E, E, E, E), (X, E), armor=1), "composure", 1) == 1


def hit(defender: Participant, shifts: int) -> Encounter:
    attacker = npc_participant(
        pid="a", name="A", skills={"Fists": shifts, "Alertness": 5}, rules=SotcSettings()
    )
    s = conflict.apply_event(
        CR, Encounter(system="sotc", participants=(attacker, defender)), StartEvent()
    )[0]
    return conflict.apply_event(
        CR,
        s,
        AttackEvent(
            attacker="a",
            defender="p",
            skill="Fists",
            defense_skill="Athletics",
            dice=(0, 0, 0, 0),
            defense_dice=(0, 0, 0, 0),
        ),
    )[0]


def test_the_engine_lands_hits_with_the_options() -> None:
    s = hit(who((E, E, E, X, E), fill_lower=("health",)), 4)
    assert s.pending_hit is not None and s.pending_hit.box == 4
    with pytest.raises(RuleViolation, match="adding up to 4"):
        conflict.apply_event(CR, s, ApplyStressEvent(who="p", boxes=(1, 2)))
    done, entry = conflict.apply_event(CR, s, ApplyStressEvent(who="p", boxes=(3, 1)))
    assert done.find("p").track("health") == (X, E, X, X, E) and done.pending_hit is None  # type: ignore[union-attr]
    assert "One Hit to the Body" in entry.text
    plain = hit(who((E, E, E, X, E)), 4)
    with pytest.raises(RuleViolation, match="One Hit to the Body"):
        conflict.apply_event(CR, plain, ApplyStressEvent(who="p", boxes=(1, 3)))

    s = hit(who((E, X, X, E, E), roll_down=("health",)), 3)
    s, entry = conflict.apply_event(CR, s, ApplyStressEvent(who="p"))
    assert s.find("p").track("health") == (X, X, X, E, E) and "rolled down" in entry.text  # type: ignore[union-attr]

    s = hit(who((X, E, E, E, E), armor=1), 1)
    assert s.pending_hit is not None and s.pending_hit.box == 0
    s, entry = conflict.apply_event(CR, s, ApplyStressEvent(who="p"))
    assert s.find("p").track("health") == (X, E, E, E, E) and "armor" in entry.text  # type: ignore[union-attr]


def test_options_come_from_the_characters_stunts_and_gadgets(sotc: Any) -> None:
    stunts = [{"name": "One Hit to the Body"}, {"name": "Thick Skinned"}, {"name": "Man of Iron"},
              {"name": "Smooth Recovery"}, {"name": "Aplomb"}]  # fmt: skip
    coat = [{"name": "Armored"}, {"name": "Armored"}, {"name": "Rugged"}]
    hat = [{"name": "Armored"}]
    gadgets = [
        {"name": "Iron Coat", "base": "greatcoat", "improvements": coat},
        {"name": "Hat", "base": "bowler", "improvements": hat},
    ]
    hero = build(stunts=stunts, gadgets=gadgets)
    p = participant_from_character(hero, sotc.derive(hero, SotcSettings()), pid="hero")
    o = options_of(p)
    assert o.fill_lower == ("health",) and o.roll_down == ("health", "composure")
    assert o.armor == 2  # the most on one device; two devices do not add up
    plain = build()
    q = participant_from_character(plain, sotc.derive(plain, SotcSettings()), pid="ada")
    oq = options_of(q)
    assert (oq.fill_lower, oq.roll_down, oq.armor) == ((), (), 0)
    assert stress_options(("aplomb",), 1) == {
        "fill_lower": (), "roll_down": ("composure",), "armor": 1
    }  # fmt: skip
