"""Regaining Fame in an ART encounter (issue #12): on an Awesome roll an adventurer recovers all
expended Fame (ART Engine "Regaining Fame", L1091-1093), back to its full Fame rating, which the
participant keeps in its options. Book lines cite shared/seeds/art-engine-2012.txt. Columns are
entered as read off a printed table (no table loaded): no published number is used.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.conflict import apply_event
from rules.encounter import AttackEvent, Encounter, RollEvent, SpendFatePointEvent, StartEvent
from rules.systems.art.conflict import ArtConflictRules
from rules.systems.art.conflict_cast import OPT_FAME, foe_participant, options_problem
from rules.systems.art.settings import ArtSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_art_support import balanced_adventurer, catalog


@pytest.fixture
def cr() -> ArtConflictRules:
    """No table loaded: columns are entered."""
    return ArtConflictRules(catalog())


def _scene(cr: ArtConflictRules, fame: int = 3, spent: int = 0) -> Encounter:
    hero = balanced_adventurer(fame=fame, fame_spent=spent)
    ada = cr.participant_from_character(hero, pid="ada")
    foe = foe_participant(
        pid="ghoul", name="Ghoul", skills={"Defense": 4, "Health 1": 3, "Health 2": 4}
    )
    return Encounter(name="t", system="art", settings=cr.settings_data, participants=(ada, foe))


def _roll(column: str, **kw: object) -> RollEvent:
    return RollEvent.model_validate(
        {"who": "ada", "skill": "Strength", "dice": [91], "reading": column, **kw}
    )


def test_the_participant_keeps_its_full_fame(cr: ArtConflictRules) -> None:
    """Fame (Chapter 2, L499-505): available Fame is the rating less the tally; the rating is
    kept so that an Awesome roll knows what to restore (L1091-1093)."""
    ada = _scene(cr, fame=3, spent=2).participants[0]
    assert ada.fate_points == 1 and ada.options[OPT_FAME] == 3
    assert options_problem({OPT_FAME: -1}) is not None
    assert options_problem({OPT_FAME: True}) is not None
    assert options_problem({OPT_FAME: 3}) is None


def test_an_awesome_roll_recovers_all_expended_fame(cr: ArtConflictRules) -> None:
    """L1091-1092: "If you rolled Awesome, you recover all expended Fame": Fame spent earlier in
    the scene (here 2 of 3) comes back, and the log says so."""
    state = _scene(cr, fame=3)
    for _ in range(2):
        state, _entry = apply_event(cr, state, SpendFatePointEvent(who="ada", reason="first aid"))
    assert state.find("ada").fate_points == 1  # type: ignore[union-attr]
    state, entry = apply_event(cr, state, _roll("Awesome", difficulty=5))
    assert state.find("ada").fate_points == 3  # type: ignore[union-attr]
    assert "Awesome: Ada recovers all expended Fame (2 back, 3 to spend)" in entry.text
    assert "vs Passable: 5s" in entry.text  # the verdict still follows (Successes & Failures)


def test_no_regain_below_awesome_or_with_nothing_spent(cr: ArtConflictRules) -> None:
    """Only an Awesome result regains (L1091); Superb keeps the tally; with no Fame spent there
    is nothing to recover and the log says nothing of Fame."""
    state = _scene(cr, fame=3, spent=1)
    state, entry = apply_event(cr, state, _roll("Superb", difficulty=5))
    assert state.find("ada").fate_points == 2  # type: ignore[union-attr]
    assert "Fame" not in entry.text
    full = _scene(cr, fame=3)
    full, entry = apply_event(cr, full, _roll("Awesome", difficulty=5))
    assert full.find("ada").fate_points == 3  # type: ignore[union-attr]
    assert "Fame" not in entry.text


def test_an_awesome_attack_roll_regains_too(cr: ArtConflictRules) -> None:
    """Any roll of Awesome (L1091): the adventurer's Attack roll against a foe's Defense, which
    also deals Awesome damage ("Player Attacking Foe")."""
    state = _scene(cr, fame=2, spent=2)
    state, _ = apply_event(cr, state, StartEvent())
    attack = AttackEvent(
        attacker="ada", defender="ghoul", skill="Strength", defense_skill="Defense",
        dice=[91], defense_dice=[50], reading="Awesome",
    )  # fmt: skip
    state, entry = apply_event(cr, state, attack)
    assert state.find("ada").fate_points == 2  # type: ignore[union-attr]
    assert "recovers all expended Fame" in entry.text


def test_an_unread_roll_regains_nothing(cr: ArtConflictRules) -> None:
    """With no table and no column entered, the roll waits for its column: no Fame moves."""
    state = _scene(cr, fame=3, spent=3)
    after, entry = apply_event(cr, state, RollEvent(who="ada", skill="Strength", dice=[91]))
    assert after.find("ada").fate_points == 0  # type: ignore[union-attr]
    assert "Enter the column" in entry.text


def test_exploration_rolls_regain_as_well(cr: ArtConflictRules) -> None:
    """Exploration phases (Chapter 4) read rolls alike: Awesome regains, and the phases still
    count ("How Long Did It Take?")."""
    explore = cr.for_settings({"exploration": True})
    assert isinstance(explore.settings, ArtSettings)
    state = _scene(explore, fame=2, spent=1)
    state, entry = apply_event(explore, state, _roll("Awesome", difficulty=3))
    assert state.find("ada").fate_points == 2  # type: ignore[union-attr]
    assert "recovers all expended Fame" in entry.text and "phase" in entry.text


def test_a_foe_regains_nothing(cr: ArtConflictRules) -> None:
    """Foes never roll and have no Fame (Chapter 3 "Opposed Rolls")."""
    state = _scene(cr)
    foe = state.find("ghoul")
    assert foe is not None and OPT_FAME not in foe.options and foe.fate_points == 0


def test_the_regained_fame_is_written_back_as_an_empty_tally(cr: ArtConflictRules) -> None:
    """L1091-1092 with Chapter 2 "Fame" (L499-505): recovering all expended Fame erases the
    tally, which the results written back to the character show."""
    hero = balanced_adventurer(fame=3, fame_spent=2)
    state = _scene(cr, fame=3, spent=2)
    state, _entry = apply_event(cr, state, _roll("Awesome", difficulty=5))
    ada = state.find("ada")
    assert ada is not None
    back = cr.apply_results(hero, ada)
    assert back.fame == 3 and back.fame_spent == 0  # type: ignore[attr-defined]
