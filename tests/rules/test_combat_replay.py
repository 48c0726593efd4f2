"""Replaying a log reproduces the fight exactly, for any sequence of events (property test)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import conflict
from rules.encounter import (
    AddAspectEvent,
    AddZoneEvent,
    ApplyStressEvent,
    AttachEvent,
    AttackEvent,
    BlockEvent,
    ConcedeEvent,
    EditAspectEvent,
    Encounter,
    EndSceneEvent,
    Event,
    FullDefenseEvent,
    GrantFatePointEvent,
    HoldEvent,
    Invoke,
    ManeuverEvent,
    NextExchangeEvent,
    NextTurnEvent,
    PlaceEvent,
    RemoveZoneEvent,
    RenameZoneEvent,
    ResumeEvent,
    SetBorderEvent,
    SetSceneEvent,
    SpendFatePointEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
)
from rules.encounter_script import from_payload, to_payload
from rules.errors import RuleViolation
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import HOW_TO_DO_THINGS, SotcSettings

IDS = ("hero", "villain", "gang", "pal")
CR = SotcConflictRules()


def initial(rules: SotcSettings) -> Encounter:
    cr = SotcConflictRules(rules)
    hero = npc_participant(
        pid="hero",
        name="Hero",
        rules=rules,
        fate_points=3,
        side="h",
        skills={"Fists": 3, "Athletics": 2, "Alertness": 2},
        aspects=("Brave",),
    )
    villain = npc_participant(
        pid="villain",
        name="Villain",
        rules=rules,
        fate_points=2,
        side="v",
        skills={"Weapons": 3, "Athletics": 2, "Alertness": 3},
        grit=1,
    )
    gang = conflict.minion_group(cr, pid="gang", name="Gang", quality=2, count=3, side="v")
    pal = conflict.companion(cr, pid="pal", name="Pal", quality=1, patron="hero", side="h")
    # stress stunts and armor (tests/rules/test_combat_stunts.py) are in play too
    hero = hero.model_copy(
        update={"options": {**hero.options, "roll_down": ("health",), "armor": 1}}
    )
    villain = villain.model_copy(
        update={"options": {**villain.options, "fill_lower": ("health", "composure")}}
    )
    return conflict.start(
        CR,
        Encounter(
            system="sotc",
            participants=(hero, villain, gang, pal),
            settings=rules.model_dump(mode="json"),
        ),
    )[0]


ZONES = ("z1", "z2", "z3")


def framing_event(draw: st.DrawFn) -> Event:
    """Scene framing: name and kind, zones, borders, placement, scene aspects."""
    zone = st.sampled_from(ZONES)
    kind = draw(st.sampled_from(("scene", "zone", "rename", "unzone", "border", "place",
                                 "aspect", "edit")))  # fmt: skip
    if kind == "scene":
        return SetSceneEvent(
            name=draw(st.sampled_from((None, "Docks", "Roof"))),
            kind=draw(st.sampled_from((None, "physical", "social"))),
            settings=draw(
                st.sampled_from(
                    (
                        None,
                        SotcSettings(rotating_initiative=True).model_dump(mode="json"),
                        HOW_TO_DO_THINGS.model_dump(mode="json"),
                    )
                )
            ),
        )
    if kind == "zone":
        return AddZoneEvent(zone=draw(zone), name=draw(st.sampled_from(("", "Pier"))))
    if kind == "rename":
        return RenameZoneEvent(zone=draw(zone), name="Renamed")
    if kind == "unzone":
        return RemoveZoneEvent(zone=draw(zone))
    if kind == "border":
        return SetBorderEvent(
            between=(draw(zone), draw(zone)), value=draw(st.sampled_from((None, 0, 1, 2)))
        )
    if kind == "place":
        return PlaceEvent(who=draw(who), zone=draw(st.sampled_from((None, *ZONES))))
    if kind == "aspect":
        return AddAspectEvent(text="Smoke", free_tags=draw(st.sampled_from((0, 1))))
    return EditAspectEvent(
        aspect=draw(st.sampled_from(("a1", "a2", "a3"))),
        sticky=draw(st.sampled_from((None, True, False))),
        free_tags=draw(st.sampled_from((None, 0, 2))),
    )


dice = st.tuples(*[st.sampled_from((-1, 0, 1))] * 4)
who = st.sampled_from(IDS)


@st.composite
def an_event(draw: st.DrawFn) -> Event:
    kind = draw(
        st.sampled_from(
            [
                "attack",
                "attack",
                "attack",
                "box",
                "fill",
                "consequence",
                "next",
                "next",
                "maneuver",
                "block",
                "defense",
                "hold",
                "resume",
                "fp",
                "concede",
                "out",
                "exchange",
                "attach",
                "end",
                "frame",
                "frame",
            ]
        )
    )
    a, b = draw(who), draw(who)
    if kind == "attack":
        invokes = ()
        if draw(st.booleans()):
            invokes = (
                Invoke(
                    aspect=draw(st.sampled_from(("a1", "a2", "Brave"))),
                    by=a,
                    free=draw(st.booleans()),
                ),
            )
        return AttackEvent(
            attacker=a,
            defender=b,
            skill="Fists",
            defense_skill="Athletics",
            dice=draw(dice),
            defense_dice=draw(dice),
            invokes=invokes,
            spin=draw(st.sampled_from((0, 0, 1, -1))),
        )
    if kind == "fill":
        boxes = draw(st.lists(st.integers(1, 8), min_size=1, max_size=3, unique=True))
        return ApplyStressEvent(who=a, boxes=tuple(boxes))
    if kind == "box":
        return ApplyStressEvent(who=a)
    if kind == "consequence":
        return TakeConsequenceEvent(who=a, text="Hurt", companion=draw(st.booleans()))
    if kind == "next":
        return NextTurnEvent()
    if kind == "exchange":
        return NextExchangeEvent()
    if kind == "maneuver":
        return ManeuverEvent(
            actor=a,
            target=b,
            skill="Fists",
            defense_skill="Athletics",
            aspect="Off Balance",
            dice=draw(dice),
            defense_dice=draw(dice),
            sticky=draw(st.booleans()),
        )
    if kind == "block":
        return BlockEvent(actor=a, skill="Fists", protects=b, dice=draw(dice))
    if kind == "defense":
        return FullDefenseEvent(who=a)
    if kind == "hold":
        return HoldEvent(who=a)
    if kind == "resume":
        return ResumeEvent(who=a)
    if kind == "fp":
        if draw(st.booleans()):
            return SpendFatePointEvent(who=a)
        return GrantFatePointEvent(who=a)
    if kind == "concede":
        return ConcedeEvent(who=a, to=b, accepted=draw(st.booleans()))
    if kind == "out":
        return TakeOutEvent(who=a, override=draw(st.booleans()))
    if kind == "frame":
        return framing_event(draw)
    if kind == "attach":
        return AttachEvent(who=a, to=draw(st.sampled_from((None, "hero", "villain"))))
    return EndSceneEvent(clear_stress=draw(st.booleans()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=st.lists(an_event(), max_size=60), htdt=st.booleans())
def test_any_accepted_sequence_replays_to_the_same_state(events: list[Event], htdt: bool) -> None:
    """Transitions are pure: the logged events, replayed, give the identical state; a refused
    event changes nothing; tracks keep their size and fate points never go negative."""
    start = initial(HOW_TO_DO_THINGS if htdt else SotcSettings())
    state = start
    log = []
    sizes = {p.id: (len(p.track("health")), len(p.track("composure"))) for p in start.participants}
    for event in events:
        before = state
        try:
            state, entry = conflict.apply_event(CR, state, event)
        except RuleViolation:
            assert state is before
            continue
        log.append(entry)
        for p in state.participants:
            assert (len(p.track("health")), len(p.track("composure"))) == sizes[p.id]
            assert p.fate_points >= 0
            assert 0 <= p.remaining <= max(1, p.count)
    again, relog = conflict.replay(CR, start, [e.event for e in log])
    assert again == state
    assert relog == tuple(log)
    # the stored payload round-trips too
    payload = from_payload(to_payload(start, tuple(log), state))
    assert payload.state == state and payload.log == tuple(log)


def test_seeded_dice_fill_identically() -> None:
    """Dice drawn from a seed are written into the event, so the log alone replays the fight."""
    ev = AttackEvent(attacker="hero", defender="gang", skill="Fists", defense_skill="Fists")
    a = conflict.fill_dice(CR, ev, random.Random(5))
    b = conflict.fill_dice(CR, ev, random.Random(5))
    assert a == b and a.dice is not None and len(a.dice) == 4 and a.defense_dice is not None
    assert conflict.fill_dice(CR, a, random.Random(6)) == a  # given faces are kept
