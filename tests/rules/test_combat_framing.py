"""Framing the scene as transitions: name and kind, zones, borders, placement, scene aspects
(SotC "Framing the Scene" and "Zones", SRD L1174-L1193, digest 6.1 step 1 and 6.2; temporary
aspects L1432-L1438, digest 5.7)."""

from __future__ import annotations

import pytest

from rules import conflict
from rules.encounter import (
    AddAspectEvent,
    AddZoneEvent,
    AttachEvent,
    EditAspectEvent,
    Encounter,
    Invoke,
    MoveEvent,
    Participant,
    PlaceEvent,
    RemoveZoneEvent,
    RenameZoneEvent,
    SetBorderEvent,
    SetSceneEvent,
    StartEvent,
    TagAspectEvent,
)
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings

CR = SotcConflictRules()


def npc(pid: str, **skills: int) -> Participant:
    return npc_participant(
        pid=pid, name=pid.title(), skills=skills, rules=SotcSettings(), fate_points=2
    )


def framed() -> Encounter:
    """Two zones joined by a border 1, a hero and a villain, not started."""
    s = Encounter(
        system="sotc",
        participants=(npc("hero", Alertness=2, Empathy=4), npc("villain", Alertness=3)),
    )
    for ev in (
        AddZoneEvent(zone="deck", name="Deck"),
        AddZoneEvent(zone="hold", name="Cargo hold"),
        SetBorderEvent(between=("deck", "hold"), value=1),
    ):
        s = conflict.apply_event(CR, s, ev)[0]
    return s


def test_kind_picks_initiative_and_is_fixed_once_started() -> None:
    """Physical conflicts order by Alertness, social ones by Empathy (SotC "Establish
    Initiative", L1205-L1223); the order is set once, so the kind cannot change afterwards."""
    s, entry = conflict.apply_event(CR, framed(), SetSceneEvent(name="Mutiny", kind="social"))
    assert (s.name, s.kind) == ("Mutiny", "social")
    assert "social" in entry.text and "Mutiny" in entry.text
    started = conflict.apply_event(CR, s, StartEvent())[0]
    assert started.order == ("hero", "villain")  # Empathy 4 beats 0
    with pytest.raises(RuleViolation, match="fixed"):
        conflict.apply_event(CR, started, SetSceneEvent(kind="physical"))
    renamed = conflict.apply_event(CR, started, SetSceneEvent(name="Mutiny on deck"))[0]
    assert renamed.name == "Mutiny on deck"
    with pytest.raises(RuleViolation):
        conflict.apply_event(CR, renamed, SetSceneEvent(name="Mutiny on deck"))  # nothing changes


def test_zones_and_borders_are_added_renamed_and_removed() -> None:
    """Zones with numbered borders between them (L1185-L1193); a border is undirected."""
    s = framed()
    assert [z.id for z in s.zones] == ["deck", "hold"] and s.borders[0].value == 1
    s = conflict.apply_event(CR, s, SetBorderEvent(between=("hold", "deck"), value=3))[0]
    assert len(s.borders) == 1 and s.borders[0].value == 3  # same pair, new value
    s = conflict.apply_event(CR, s, RenameZoneEvent(zone="hold", name="Bilge"))[0]
    assert s.zones[1].name == "Bilge"
    with pytest.raises(RuleViolation, match="already"):
        conflict.apply_event(CR, s, AddZoneEvent(zone="deck"))
    with pytest.raises(RuleViolation, match="different"):
        conflict.apply_event(CR, s, SetBorderEvent(between=("deck", "deck")))
    with pytest.raises(RuleViolation, match="no zone"):
        conflict.apply_event(CR, s, SetBorderEvent(between=("deck", "mast")))
    s = conflict.apply_event(CR, s, PlaceEvent(who="hero", zone="hold"))[0]
    s = conflict.apply_event(CR, s, RemoveZoneEvent(zone="hold"))[0]
    assert [z.id for z in s.zones] == ["deck"] and s.borders == ()
    assert s.find("hero").zone is None  # type: ignore[union-attr]
    three = conflict.apply_event(CR, framed(), AddZoneEvent(zone="mast"))[0]
    with pytest.raises(RuleViolation, match="not adjacent"):
        conflict.apply_event(CR, three, SetBorderEvent(between=("deck", "mast"), value=None))


def test_parting_zones_removes_the_border() -> None:
    s = conflict.apply_event(CR, framed(), SetBorderEvent(between=("deck", "hold"), value=None))[0]
    assert s.borders == ()


def test_border_value_costs_on_a_move_after_framing() -> None:
    """A supplemental move across a border costs -1 minus its value (L1300-L1304)."""
    s = framed()
    s = conflict.apply_event(CR, s, PlaceEvent(who="hero", zone="deck"))[0]
    s = conflict.apply_event(CR, s, StartEvent())[0]
    s = conflict.apply_event(CR, s, MoveEvent(who="hero", to="hold"))[0]
    assert s.find("hero").penalty == 2  # type: ignore[union-attr]


def test_placing_carries_the_attached_and_a_group_placed_away_detaches() -> None:
    """Attached minions and companions stay with their leader; a group placed away from its
    leader is no longer attached (SotC "Mixed Groups", L1478-L1504)."""
    s = framed()
    gang = conflict.minion_group(CR, pid="gang", name="Gang", quality=1, count=3)
    s = conflict.add_participant(CR, s, gang)[0]
    s = conflict.apply_event(CR, s, AttachEvent(who="gang", to="villain"))[0]
    s = conflict.apply_event(CR, s, PlaceEvent(who="villain", zone="hold"))[0]
    assert s.find("gang").zone == "hold"  # type: ignore[union-attr]
    s = conflict.apply_event(CR, s, PlaceEvent(who="gang", zone="deck"))[0]
    assert s.find("gang").attached_to is None  # type: ignore[union-attr]
    with pytest.raises(RuleViolation):
        conflict.apply_event(CR, s, PlaceEvent(who="gang", zone="mast"))


def test_scene_aspect_sticky_fragile_and_free_tags_are_edited() -> None:
    """A fragile aspect goes after one tag, a sticky one stays (L1432-L1438); free tags the GM
    grants on a scene aspect can be used by anyone (nobody owns them)."""
    s = conflict.apply_event(CR, framed(), AddAspectEvent(text="Slippery Deck"))[0]
    s = conflict.apply_event(CR, s, EditAspectEvent(aspect="a1", sticky=False, free_tags=1))[0]
    a = s.aspect("a1")
    assert a is not None and not a.sticky and a.free_tags == 1
    s = conflict.apply_event(
        CR, s, TagAspectEvent(invoke=Invoke(aspect="a1", by="hero", free=True))
    )[0]
    assert s.aspect("a1") is None  # fragile: gone after the tag
    with pytest.raises(RuleViolation, match="already"):
        t = conflict.apply_event(CR, framed(), AddAspectEvent(text="Fog"))[0]
        conflict.apply_event(CR, t, EditAspectEvent(aspect="a1", sticky=True))
    t = conflict.apply_event(CR, framed(), AddAspectEvent(text="Fog"))[0]
    t = conflict.apply_event(CR, t, EditAspectEvent(aspect="a1", text="Thick Fog", hidden=True))[0]
    assert (t.aspect("a1").text, t.aspect("a1").hidden) == ("Thick Fog", True)  # type: ignore[union-attr]


def test_campaign_switches_are_set_while_framing_and_tracks_keep_their_size() -> None:
    """The "How To Do Things" variant is a campaign switch (3 boxes, companions with stress;
    fate-doing-things.md section 10); it sizes the tracks, so it is chosen before the cast
    joins. Rotating initiative (SotC "An Alternative to Skills", L1205-L1223) can be switched
    until the start."""
    empty = Encounter(system="sotc")
    s = conflict.apply_event(
        CR, empty, SetSceneEvent(settings=HOW_TO_DO_THINGS.model_dump(mode="json"))
    )[0]
    assert s.settings["stress_boxes"] == 3 and s.settings["companions_have_stress"]
    cast = framed()
    with pytest.raises(RuleViolation, match="before adding the cast"):
        conflict.apply_event(
            CR, cast, SetSceneEvent(settings=HOW_TO_DO_THINGS.model_dump(mode="json"))
        )
    rotating = SotcSettings(rotating_initiative=True)
    s = conflict.apply_event(CR, cast, SetSceneEvent(settings=rotating.model_dump(mode="json")))[0]
    assert s.settings["rotating_initiative"]
    started = conflict.apply_event(CR, s, StartEvent())[0]
    with pytest.raises(RuleViolation, match="fixed"):
        conflict.apply_event(
            CR, started, SetSceneEvent(settings=SotcSettings().model_dump(mode="json"))
        )


def test_htdt_a_second_companion_cannot_join_attached() -> None:
    """ "How To Do Things": only one companion attached to a character at a time (RULE-N3)."""
    s = conflict.apply_event(
        CR,
        Encounter(system="sotc"),
        SetSceneEvent(settings=HOW_TO_DO_THINGS.model_dump(mode="json")),
    )[0]
    cr = SotcConflictRules(HOW_TO_DO_THINGS)
    s = conflict.add_participant(CR, s, npc("hero", Alertness=2))[0]
    dog = conflict.companion(cr, pid="dog", name="Dog", quality=1, patron="hero")
    s = conflict.add_participant(CR, s, dog)[0]
    cat = conflict.companion(cr, pid="cat", name="Cat", quality=1, patron="hero")
    with pytest.raises(RuleViolation, match="already has Dog"):
        conflict.add_participant(CR, s, cat)
    # under the SotC book, companions carry no stress and several may tag along
    book = conflict.add_participant(
        CR, framed(), conflict.companion(CR, pid="dog", name="Dog", quality=1, patron="hero")
    )[0]
    cat = conflict.companion(CR, pid="cat", name="Cat", quality=1, patron="hero")
    assert conflict.add_participant(CR, book, cat)[0].find("cat") is not None
