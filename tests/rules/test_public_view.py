"""The players' public state (issue #28): what the shared page may show of an encounter.

Hidden participants and aspects never leave it, not even in a log line; the GM's fate points
stay behind the screen; the GM's characters' stress is exact, in the system's words or hidden,
as the GM chose. Property tests: no hidden name or aspect ever appears in the served JSON, and
nothing the players may not see (hidden participants, the GM's hidden stress, the GM's fate
points) changes what is served.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.conflict import replay
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    ApplyStressEvent,
    Aspect,
    AttackEvent,
    Encounter,
    LogEntry,
    NextTurnEvent,
    Participant,
    RemoveAspectEvent,
    SetHiddenEvent,
    SpendFatePointEvent,
    StartEvent,
    Zone,
)
from rules.encounter.public_view import condition_level, on_deck, public_view

MARK = "QXZ"
"""Every hidden name and aspect holds this; no public text can (public text is lower case)."""

WORDS = ("fine", "scratched", "reeling", "down")


@pytest.fixture(scope="module")
def cr(sotc: Any) -> Any:
    return sotc.conflict_rules(None)


public_text = st.text(alphabet="abcdefg <>&\"'/=;()", min_size=1, max_size=12).filter(
    lambda t: t.strip() != ""
)
secret_text = st.builds(lambda t: f"{MARK}{t}", st.text(alphabet="abc <>&", max_size=8))
track = st.lists(st.integers(0, 1), min_size=0, max_size=6).map(tuple)


@st.composite
def encounters(draw: st.DrawFn) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """An encounter of public and hidden participants and aspects, started or not, with a log
    whose lines name anyone (hidden ones included) and tell stress and fate points."""
    n = draw(st.integers(1, 6))
    people = []
    for i in range(n):
        hidden = draw(st.booleans())
        people.append(
            Participant(
                id=f"x{i}",
                name=draw(secret_text if hidden else public_text),
                kind=draw(st.sampled_from(["pc", "npc", "minions", "companion"])),
                side=draw(st.sampled_from(["heroes", "villains"])),
                hidden=hidden,
                tracks={"health": draw(track), "composure": draw(track)},
                fate_points=draw(st.integers(0, 9)),
                aspects=tuple(draw(st.lists(secret_text if hidden else public_text, max_size=2))),
                zone=draw(st.sampled_from([None, "z1", "z2"])),
                count=draw(st.integers(0, 3)),
                taken_out=draw(st.booleans()),
                attached_to=draw(st.sampled_from([None, "x0", "x1"])),
            )
        )
    aspects = []
    for j in range(draw(st.integers(0, 5))):
        hidden = draw(st.booleans())
        aspects.append(
            Aspect(
                id=f"a{j}",
                text=draw(secret_text if hidden else public_text),
                holder=draw(st.sampled_from([None, *(p.id for p in people)])),
                free_tags=draw(st.integers(0, 2)),
                free_tag_owner=draw(st.sampled_from([None, *(p.id for p in people)])),
                hidden=hidden,
            )
        )
    started = draw(st.booleans())
    order = tuple(p.id for p in people)
    state = Encounter(
        name=draw(public_text),
        system="sotc",
        participants=tuple(people),
        aspects=tuple(aspects),
        zones=(Zone(id="z1", name="dock"), Zone(id="z2", name="warehouse")),
        started=started,
        exchange=1 if started else 0,
        order=order if started else (),
        turn=draw(st.integers(0, n - 1)),
    )
    log = []
    for k in range(draw(st.integers(0, 8))):
        who = draw(st.sampled_from(people))
        other = draw(st.sampled_from(people))
        kind = draw(st.sampled_from(["attack", "stress", "points", "turn"]))
        if kind == "attack":
            event: Any = AttackEvent(
                attacker=who.id, defender=other.id, skill="Fists", defense_skill="Athletics"
            )
            text = f"{who.name} attacks {other.name}; box {sum(other.track('health'))}"
        elif kind == "stress":
            event = ApplyStressEvent(who=other.id, amount=1 + sum(other.track("health")))
            text = f"{other.name} checks box {sum(other.track('health'))}"
        elif kind == "points":
            event = SpendFatePointEvent(who=who.id)
            text = f"{who.name} spends a fate point ({who.fate_points} left)"
        else:
            event = NextTurnEvent()
            text = f"{who.name} is up"
        log.append(LogEntry(index=k, exchange=1, event=event, text=text))
    return state, tuple(log)


def _served(cr: Any, state: Encounter, log: tuple[LogEntry, ...], stress: Any) -> str:
    view = public_view(
        state, cr, log=log, stress=stress, condition_words=WORDS, log_lines=20
    ).to_json()
    json.loads(view)  # what the page reads is JSON
    return view


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=encounters(), stress=st.sampled_from(["exact", "words", "hidden"]))
def test_no_hidden_name_or_aspect_is_ever_served(cr: Any, data: Any, stress: Any) -> None:
    state, log = data
    served = _served(cr, state, log, stress)
    assert MARK not in served
    # and what is public is there: every public participant by name (JSON-escaped)
    for p in state.participants:
        if not p.hidden:
            assert json.dumps(p.name)[1:-1] in served


def _vary_secrets(state: Encounter, shift: int, stress: str) -> Encounter:
    """The same encounter for the players: every hidden participant's numbers, aspects and
    aspects changed, and (stress hidden) the GM's characters' tracks and every NPC's fate points."""
    pcs = {p.side for p in state.participants if p.kind == "pc"}
    out = []
    for p in state.participants:
        gm = p.kind != "pc" and p.side not in pcs
        changes: dict[str, Any] = {}
        if p.hidden:
            changes = {  # (its name stays: the log's lines name it; the other test covers names)
                "aspects": (f"{MARK}{shift}",),
                "fate_points": shift,
                "tracks": {"health": (1,) * shift},
                "consequences": (),
            }
        else:
            if p.kind != "pc":
                changes["fate_points"] = (p.fate_points + shift) % 10
            if gm and stress == "hidden":
                changes["tracks"] = {k: (1,) * ((len(v) + shift) % 5) for k, v in p.tracks.items()}
        out.append(p.model_copy(update=changes))
    aspects = tuple(
        a.model_copy(update={"text": f"{MARK}{shift}", "free_tags": shift % 3}) if a.hidden else a
        for a in state.aspects
    )
    return state.model_copy(update={"participants": tuple(out), "aspects": aspects})


def _told(state: Encounter, log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """The log with each line telling ``state``'s numbers: the stress of whoever is hit, the
    fate points of whoever spends one."""
    out = []
    for entry in log:
        ev = entry.event
        text = entry.text
        if isinstance(ev, ApplyStressEvent | AttackEvent):
            who = state.find(ev.who if isinstance(ev, ApplyStressEvent) else ev.defender)
            assert who is not None
            text += f" [{sum(who.track('health'))}]"
        elif isinstance(ev, SpendFatePointEvent):
            who = state.find(ev.who)
            assert who is not None
            text += f" [{who.fate_points}]"
        out.append(entry.model_copy(update={"text": text}))
    return tuple(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=encounters(), stress=st.sampled_from(["exact", "words", "hidden"]), shift=st.integers(1, 4)
)
def test_no_hidden_number_changes_what_is_served(
    cr: Any, data: Any, stress: Any, shift: int
) -> None:
    """Non-interference: two encounters that differ only in what the players may not see serve
    the very same bytes (so no hidden stress, fate point or count can be read from them); the
    log lines are those each encounter's own numbers would write."""
    state, log = data
    other = _vary_secrets(state, shift, stress)
    first = public_view(state, cr, log=_told(state, log), stress=stress, condition_words=WORDS)
    second = public_view(other, cr, log=_told(other, log), stress=stress, condition_words=WORDS)
    assert first.to_json() == second.to_json()


def _fight(cr: Any) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """A real run: Jack (pc) against the Baron (npc) and a hidden sniper, with a hidden aspect
    added and then removed, and a revealed ambusher."""
    start = Encounter(
        name="Dockside",
        system="sotc",
        participants=(
            Participant(
                id="jack",
                name="Jack",
                kind="pc",
                side="heroes",
                skills={"Fists": 4, "Alertness": 3, "Athletics": 3},
                tracks={"health": (0, 0, 0, 0, 0), "composure": (0, 0, 0, 0, 0)},
                fate_points=5,
            ),
            Participant(
                id="baron",
                name="Baron",
                kind="npc",
                side="villains",
                skills={"Alertness": 4, "Athletics": 2},
                tracks={"health": (0, 0, 0, 0, 0), "composure": (0, 0, 0, 0, 0)},
                fate_points=7,
            ),
        ),
    )
    sniper = Participant(
        id="sniper",
        name="Sniper Nest",
        kind="npc",
        side="villains",
        hidden=True,
        skills={"Alertness": 1},
        tracks={"health": (0, 0, 0)},
    )
    ninja = Participant(
        id="ninja", name="Ninja", kind="npc", side="villains", hidden=True, skills={"Alertness": 2}
    )
    events: list[Any] = [
        AddParticipantEvent(participant=sniper),
        AddParticipantEvent(participant=ninja),
        AddAspectEvent(text="Trap Door", hidden=True),
        AddAspectEvent(text="Crates Everywhere", free_tags=1, created_by="jack"),
        StartEvent(),
        AttackEvent(
            attacker="jack",
            defender="baron",
            skill="Fists",
            defense_skill="Athletics",
            dice=(1, 1, 0, 0),
            defense_dice=(0, 0, 0, -1),
        ),
        ApplyStressEvent(who="baron"),
        SpendFatePointEvent(who="baron"),
        SetHiddenEvent(who="ninja", hidden=False),
        RemoveAspectEvent(aspect="a1"),
    ]
    state, log = replay(cr, start, events)
    return state, tuple(log)


def test_a_real_fight_as_the_players_see_it(cr: Any) -> None:
    state, log = _fight(cr)
    exact = public_view(state, cr, log=log, stress="exact", log_lines=50)
    names = [p.name for p in exact.participants]
    assert "Sniper Nest" not in names and "Ninja" in names  # hidden stays out, revealed shows
    baron = next(p for p in exact.participants if p.name == "Baron")
    assert baron.fate_points is None  # the GM's fate points stay behind the screen
    assert any(sum(t.boxes) for t in baron.tracks)  # exact: the Baron's boxes show
    assert [a.text for a in exact.scene_aspects] == ["Crates Everywhere"]
    assert exact.scene_aspects[0].free_tags == 1 and exact.scene_aspects[0].tag_owner == "Jack"
    served = exact.to_json()
    assert "Sniper" not in served and "Trap Door" not in served
    assert not any("fate point" in line and "Baron" in line for line in exact.log)
    assert any("attacks Baron" in line for line in exact.log)  # exact: the hit is told
    assert any("Ninja" in line for line in exact.log)  # revealed: his lines are public now

    words = public_view(state, cr, log=log, stress="words", condition_words=WORDS, log_lines=50)
    baron = next(p for p in words.participants if p.name == "Baron")
    assert baron.tracks == () and baron.condition == "scratched"
    assert not any("attacks Baron" in line or "Baron checks" in line for line in words.log)
    jack = next(p for p in words.participants if p.name == "Jack")
    assert jack.tracks and jack.condition == "" and jack.fate_points == 5

    hidden = public_view(state, cr, log=log, stress="hidden", condition_words=WORDS)
    baron = next(p for p in hidden.participants if p.name == "Baron")
    assert baron.tracks == () and baron.condition == ""


def test_turn_order_whose_turn_and_on_deck(cr: Any) -> None:
    ids = ("ann", "cat", "bo")
    people = tuple(Participant(id=i, name=i.title(), kind="pc", hidden=i == "cat") for i in ids)
    state = Encounter(
        system="sotc", participants=people, started=True, exchange=2, order=("ann", "cat", "bo")
    )
    view = public_view(state, cr)
    assert view.up == "Ann" and view.on_deck == "Bo"  # the hidden one in between is skipped
    assert [(p.name, p.current, p.on_deck) for p in view.participants] == [
        ("Ann", True, False),
        ("Bo", False, True),
    ]
    assert view.phase == "Exchange 2"
    assert on_deck(state.model_copy(update={"turn": 2})) == "ann"  # the last: the next exchange's
    alone = state.model_copy(update={"participants": people[:1], "order": ("ann",)})
    assert on_deck(alone) is None
    turn_of_hidden = public_view(state.model_copy(update={"turn": 1}), cr)
    assert turn_of_hidden.up == "" and turn_of_hidden.on_deck == "Bo"


def test_zones_and_borders_show_who_is_visibly_where(cr: Any) -> None:
    state = Encounter(
        system="sotc",
        participants=(
            Participant(id="a", name="Ann", zone="z1"),
            Participant(id="b", name="Bo", zone="z1", hidden=True),
            Participant(id="c", name="Cy", zone="z2", taken_out=True),
        ),
        zones=(Zone(id="z1", name="Dock"), Zone(id="z2", name="Roof")),
        borders=({"between": ("z1", "z2"), "value": 2},),  # type: ignore[arg-type]
    )
    view = public_view(state, cr)
    assert [(z.name, z.here) for z in view.zones] == [("Dock", ("Ann",)), ("Roof", ())]
    assert [(b.between, b.value) for b in view.borders] == [(("Dock", "Roof"), 2)]


@pytest.mark.parametrize(
    ("participant", "level"),
    [
        (Participant(id="a", tracks={"health": (0, 0, 0)}), 0),
        (Participant(id="a", tracks={"health": (1, 0, 0)}), 1),
        (Participant(id="a", tracks={"health": (1, 1, 0)}), 2),
        (
            Participant(
                id="a",
                consequences=({"severity": "mild", "text": "Cut"},),  # type: ignore[arg-type]
            ),
            2,
        ),
        (Participant(id="a", taken_out=True), 3),
        (Participant(id="g", kind="minions", count=2, tracks={"health": (1, 0)}), 2),
        (Participant(id="g", kind="minions", count=2, tracks={"health": (1, 1)}), 3),
    ],
)
def test_condition_levels(participant: Participant, level: int) -> None:
    assert condition_level(participant) == level


def test_every_system_has_its_own_condition_words(registry: Any) -> None:
    for system_id in ("sotc", "strange-fate", "fate2", "art"):
        words = registry.info(system_id).condition_words
        assert len(set(words)) == 4 and all(w.strip() for w in words)


def test_an_unnamed_hidden_participant_hides_no_other_line(cr: Any) -> None:
    state = Encounter(
        system="sotc",
        participants=(
            Participant(id="ada", name="Ada", kind="pc"),
            Participant(id="x", name="", hidden=True),
        ),
    )
    spend = SpendFatePointEvent(who="ada")  # its reason is empty, as the unnamed one's name
    log = (LogEntry(index=0, exchange=1, event=spend, text="Ada spends a fate point"),)
    assert public_view(state, cr, log=log).log == ("Ada spends a fate point",)
