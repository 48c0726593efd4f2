"""Encounter templates: the prepared scene (issue 6 "Encounter templates (a prepared cast and
scene) can be started many times"), and library characters brought up to date when one starts
(their current stress, consequences and fate points travel with them, SotC "Consequences" /
digest 6.9: a campaign remembers who is still hurt)."""

from __future__ import annotations

from typing import Any

from rules import conflict
from rules.character import Condition, Consequence
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    AddZoneEvent,
    AttackEvent,
    Encounter,
    Event,
    StartEvent,
)
from rules.encounter_script import template_of
from rules.systems.sotc.conflict import (
    SotcConflictRules,
    npc_participant,
    participant_from_character,
    refresh_participant,
)
from rules.systems.sotc.settings import SotcSettings
from tests.rules.sotc_builders import build

CR = SotcConflictRules()


def npc(pid: str, **skills: int) -> Any:
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), fate_points=2
    )


FRAMING: list[Event] = [
    AddZoneEvent(zone="deck", name="Deck"),
    AddParticipantEvent(participant=npc("hero", Fists=3, Alertness=2)),
    AddParticipantEvent(participant=npc("villain", Athletics=1, Alertness=1)),
    AddAspectEvent(text="Rolling Deck"),
]


def test_the_template_is_the_scene_as_framed_before_the_first_blow() -> None:
    fight: list[Event] = [
        StartEvent(),
        AttackEvent(
            attacker="hero",
            defender="villain",
            skill="Fists",
            defense_skill="Athletics",
            dice=(1, 1, 0, 0),
            defense_dice=(0, 0, 0, 0),
        ),
        AddAspectEvent(text="Smoke"),
    ]
    initial = Encounter(system="sotc", name="Deck fight")
    state, log = conflict.replay(CR, initial, [*FRAMING, *fight])
    assert state.pending_hit is not None and state.started
    framed = template_of(CR, initial, log, state)
    assert not framed.started and framed.exchange == 0 and framed.step == 0
    assert framed.pending_hit is None and framed.last is None
    assert [p.id for p in framed.participants] == ["hero", "villain"]
    assert not any(any(p.track("health")) for p in framed.participants)
    assert [a.text for a in framed.aspects] == ["Rolling Deck"] and framed.next_aspect == 2
    assert [z.id for z in framed.zones] == ["deck"]
    # started twice, the template gives the same fight twice (each run its own log)
    one = conflict.replay(CR, framed, fight)[0]
    two = conflict.replay(CR, framed, fight)[0]
    assert one == two and one.find("villain") == state.find("villain")


def test_an_unstarted_encounter_is_its_own_template() -> None:
    initial = Encounter(system="sotc", name="Ambush")
    state, log = conflict.replay(CR, initial, FRAMING)
    assert template_of(CR, initial, log, state) == state.model_copy(update={"step": 0})


def test_a_template_run_brings_the_characters_current_condition(sotc: Any) -> None:
    """The template keeps where the scene put the character; the condition, fate points and
    track sizes come from the character as it is now."""
    ada = build()
    derived = sotc.derive(ada, SotcSettings())
    old = participant_from_character(ada, derived, pid="ada", side="heroes", seat=4, zone="deck")
    old = old.model_copy(update={"hidden": True, "attached_to": None})
    hurt = ada.model_copy(
        update={
            "condition": Condition(
                health=(True, False, False),
                consequences=(Consequence(severity="moderate", text="Limp"),),
            ),
            "fate_points": 1,
        }
    )
    fresh = refresh_participant(old, hurt, sotc.derive(hurt, SotcSettings()))
    assert (fresh.id, fresh.side, fresh.seat, fresh.zone, fresh.hidden) == (
        "ada", "heroes", 4, "deck", True
    )  # fmt: skip
    assert fresh.track("health")[0] and len(fresh.track("health")) == len(old.track("health"))
    assert [c.text for c in fresh.consequences] == ["Limp"]
    assert fresh.fate_points == sotc.derive(hurt, SotcSettings()).fate_points
