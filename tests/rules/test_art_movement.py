"""ART Engine movement across the range track's bands in combat rounds (issue #12):
``move_bands`` (rules/systems/art/conflict_move.py).

Book lines cite shared/seeds/art-engine-2012.txt (Chapter 5 "Movement", L1899-1974). No table
is loaded: the Agility column is entered as read off a printed table.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.conflict import apply_event
from rules.encounter import (
    AddZoneEvent,
    Encounter,
    Event,
    GmOverrideEvent,
    NextExchangeEvent,
    Participant,
    PlaceEvent,
    StartEvent,
    SystemActionEvent,
)
from rules.errors import RuleViolation
from rules.systems.art import conflict_move as moving
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import foe_participant
from rules.systems.art.scale import Result
from rules.systems.art.settings import ArtSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_support import balanced_adventurer, catalog

BANDS = ("b1", "b2", "b3", "b4", "b5", "b6", "b7")


def _foe(pid: str, agility: int = int(Result.PR)) -> Participant:
    skills = {"Agility": agility, "Alertness": 4, "Health 1": 3, "Health 2": 4}
    return foe_participant(pid=pid, name=pid.title(), skills=skills)


def _hero(cr: ArtConflictRules, pid: str) -> Participant:
    return cr.participant_from_character(balanced_adventurer(name=pid.title()), pid=pid)


def _run(cr: ArtConflictRules, state: Encounter, *events: Event) -> tuple[Encounter, list[str]]:
    texts = []
    for ev in events:
        state, entry = apply_event(cr, state, ev)
        texts.append(entry.text)
    return state, texts


def _track(cr: ArtConflictRules, places: dict[str, str], *cast: Participant) -> Encounter:
    """The cast placed on a range track of seven bands, the combat started."""
    state = Encounter(name="t", system="art", settings=cr.settings_data, participants=cast)
    events: list[Event] = [AddZoneEvent(zone=b) for b in BANDS]
    events += [PlaceEvent(who=who, zone=band) for who, band in places.items()]
    state, _ = _run(cr, state, *events, StartEvent())
    return state


def _move(who: str, to: str, reading: str = "", dice: int = 50) -> SystemActionEvent:
    return SystemActionEvent(
        action=moving.MOVE_BANDS, actor=who, params={"to": to, "reading": reading},
        dice=((dice,),),
    )  # fmt: skip


def _at(state: Encounter, pid: str) -> Participant:
    p = state.find(pid)
    assert p is not None
    return p


def test_the_movement_roll_table() -> None:
    """L1929-1940: the bands a round's movement goes with the action, and as a free action."""
    action = [moving.ACTION_BANDS[Result(i)] for i in range(10)]
    free = [moving.FREE_BANDS[Result(i)] for i in range(10)]
    assert action == [0, 1, 1, 1, 1, 2, 3, 4, 4, 5]
    assert free == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]


def test_poor_moves_one_band_free_and_the_attack_is_still_the_action() -> None:
    """L1942: "You roll Agility and get Poor. This is good enough to move 1 space as a free
    action. Moving into your enemy's band, you launch your attack as your standard action." """
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b3", "orc": "b4"}, _hero(cr, "ada"), _foe("orc"))
    state, (text,) = _run(cr, state, _move("ada", "b4", "Poor"))
    ada = _at(state, "ada")
    assert ada.zone == "b4" and not ada.acted
    assert "Poor" in text and "1 band this round as a free action" in text
    assert "Ada moves to b4 (b4 is 1 band away; free)" in text


def test_inferior_moves_one_band_as_the_action_and_no_further() -> None:
    """L1944-1946: "You roll Inferior on Agility. You can move just 1 band but take no other
    action": the move takes the action, and a second band is refused with the reason logged."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b3", "orc": "b5"}, _hero(cr, "ada"), _foe("orc"))
    state, (text,) = _run(cr, state, _move("ada", "b2", "Inferior"))
    ada = _at(state, "ada")
    assert ada.zone == "b2" and ada.acted and "taking the action" in text
    before = state
    state, (text,) = _run(cr, state, _move("ada", "b1"))
    assert _at(state, "ada").zone == "b2" and state.participants == before.participants
    assert text.startswith("Ada may not move to b1: b1 is 1 band away; its Inferior Agility")
    assert "0 bands left" in text and "the GM may allow it (GM override)" in text


def test_awesome_movement_splits_around_the_action() -> None:
    """L1927: "If you made an Awesome Agility roll (move 2 bands as a free action), you
    could move 1 band, attack, and then move another band"; one roll a round (later moves in
    the round roll no dice), a new roll the next round."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b1", "orc": "b7"}, _hero(cr, "ada"), _foe("orc"))
    state, texts = _run(
        cr, state, _move("ada", "b2", "Awesome"), _move("ada", "b3", "Catastrophic")
    )
    ada = _at(state, "ada")
    assert ada.zone == "b3" and not ada.acted
    assert "Agility" not in texts[1] and "(b3 is 1 band away; free)" in texts[1]
    state, (text,) = _run(cr, state, _move("ada", "b6"))  # 3 more: 5 in all, with the action
    assert _at(state, "ada").zone == "b6" and _at(state, "ada").acted
    assert "taking the action" in text
    state, (text,) = _run(cr, state, _move("ada", "b7"))
    assert _at(state, "ada").zone == "b6" and "may not move to b7" in text
    state, texts = _run(cr, state, NextExchangeEvent(), _move("ada", "b7", "Catastrophic"))
    assert _at(state, "ada").zone == "b6"
    assert "Catastrophic" in texts[1] and "stumbles: 0 bands this round" in texts[1]


def test_too_far_is_refused_unless_the_gm_overrides() -> None:
    """Good: up to 3 bands (L1936); four are refused with the reason logged, and a GM override
    (spent by the move) lets the token go."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b1", "orc": "b7"}, _hero(cr, "ada"), _foe("orc"))
    state, (text,) = _run(cr, state, _move("ada", "b5", "Good"))
    assert _at(state, "ada").zone == "b1"
    assert "b5 is 4 bands away; its Good Agility allows up to 3 bands this round" in text
    assert "3 bands left" in text
    state, texts = _run(
        cr, state, GmOverrideEvent(who="ada", reason="a rope swing"), _move("ada", "b5")
    )
    assert _at(state, "ada").zone == "b5" and "ada" not in state.overrides
    assert "(b5 is 4 bands away; beyond its movement: GM override)" in texts[1]


def test_escaping_a_band_where_foes_outnumber_friends_costs_two() -> None:
    """L1970-1974: "You are in a space with one friend and two foes ... You roll Inferior on
    Agility, which lets you move 1 band. But because there are more enemies in the band than
    friends, leaving the band will require movement of 2. Your escape is blocked"."""
    cr = ArtConflictRules(catalog())
    cast = (_hero(cr, "ada"), _hero(cr, "ben"), _foe("orc"), _foe("goblin"))
    state = _track(cr, {"ada": "b3", "ben": "b3", "orc": "b3", "goblin": "b3"}, *cast)
    assert moving.escaping(state, _at(state, "ada"))
    state, (text,) = _run(cr, state, _move("ada", "b2", "Inferior"))
    assert _at(state, "ada").zone == "b3"
    assert "2 to move as the foes in b3 outnumber its friends" in text
    state, _ = _run(cr, state, PlaceEvent(who="goblin", zone="b7"))
    assert not moving.escaping(state, _at(state, "ada"))  # one foe, one friend: not more
    state, (text,) = _run(cr, state, _move("ada", "b2"))
    assert _at(state, "ada").zone == "b2"


def test_a_foe_moves_by_its_agility_rating_without_a_roll() -> None:
    """L1956-1958: "Foes do not roll to move. Instead, look up the foe's Agility on the
    movement table": a Good Agility goes up to 3 bands (taking the action beyond 1)."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b1", "orc": "b7"}, _hero(cr, "ada"), _foe("orc", int(Result.GD)))
    state, (text,) = _run(cr, state, _move("orc", "b4"))
    assert _at(state, "orc").zone == "b4" and _at(state, "orc").acted
    assert "Orc moves by its Agility rating, Good (foes do not roll)" in text


def test_without_a_table_or_a_column_the_roll_waits_and_nothing_moves() -> None:
    """No table loaded and no column entered: the log asks for the column (issue #12)."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b1"}, _hero(cr, "ada"))
    after, (text,) = _run(cr, state, _move("ada", "b2"))
    assert after.participants == state.participants and "Enter the column" in text


def test_bands_are_for_combat_rounds_and_within_a_band_is_free() -> None:
    """L1923: "Movement within a band is a free action"; exploration phases have no range
    track (Chapter 4 "Phase Track")."""
    cr = ArtConflictRules(catalog())
    state = _track(cr, {"ada": "b1"}, _hero(cr, "ada"))
    state, (text,) = _run(cr, state, _move("ada", "b1"))
    assert text.startswith("Ada moves within b1 (free)") and not _at(state, "ada").acted
    with pytest.raises(RuleViolation, match="no band"):
        _run(cr, state, _move("ada", "nowhere", "Good"))
    explore = cr.for_settings({**cr.settings_data, "exploration": True})
    assert isinstance(explore.settings, ArtSettings)
    with pytest.raises(RuleViolation, match="combat rounds"):
        moving.apply_move(state, explore, _move("ada", "b2", "Good"), exploring=True)
