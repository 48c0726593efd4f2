"""Each turn starts from the new actor's own choices on the dice panel, in every system (issue
#23): the actor's best attack skill for the conflict's kind, an opponent as the target (never
the actor, never an ally where sides are known) and the target's best defence; after Next turn
the panel no longer shows the new actor "attacking himself" with the last actor's skill.

The attack and defence skills are each book's: SotC "Attacks" (SRD L1237-L1244: Fists, Guns,
Weapons against Fists, Weapons, Athletics); Strange Fate's Offense and Defense trappings (SRD
"Trappings": Strike and Shoot against Dodge, Parry and Resist Damage); FATE 2.0's combat skill
(§8 Exchange Based Fights: both sides roll their combat skill; §10 Skill Lists' Combat
category); the ART Engine's foe ratings
(Chapter 5 "Foe Attacking Player": the foe's Attack against the adventurer's Defense).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gui.encounter import open_encounter_window
from rules.encounter import AddParticipantEvent, NextTurnEvent, StartEvent

ART_FOE = {"Defense": 3, "Agility": 4, "Health 1": 4, "Health 2": 5, "Damage": 1}
CASTS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "sotc": [
        ("ann", "heroes", {"Alertness": 3, "Fists": 3, "Athletics": 2, "Guns": 1, "Art": 4}),
        ("bob", "villains", {"Alertness": 1, "Weapons": 4, "Athletics": 1, "Academics": 5}),
        ("cid", "heroes", {"Alertness": 2, "Guns": 2, "Athletics": 3}),
    ],
    "strange-fate": [
        ("ann", "heroes", {"Alertness": 3, "Fisticuffs": 3, "Athletics": 2, "Academics": 5}),
        ("bob", "villains", {"Alertness": 1, "Arms": 4, "Athletics": 1, "Academics": 5}),
        ("cid", "heroes", {"Alertness": 2, "Marksmanship": 2, "Athletics": 3}),
    ],
    "fate2": [
        ("ann", "heroes", {"Alertness": 3, "Brawler": 3, "Acrobatics": 2}),
        ("bob", "villains", {"Alertness": 1, "Duellist": 4, "Acrobatics": 1}),
        ("cid", "heroes", {"Alertness": 2, "Footman": 2, "Acrobatics": 3}),
    ],
    "art": [
        ("ann", "heroes", {"Alertness": 7, "Attack": 6, **ART_FOE}),
        ("bob", "villains", {"Alertness": 4, "Attack": 5, **ART_FOE}),
        ("cid", "heroes", {"Alertness": 5, "Attack": 4, **ART_FOE}),
    ],
}
# (first actor, its skill, its target, the target's defence), then the same after Next turn
EXPECTED = {
    "sotc": [("ann", "Fists", "bob", "Weapons"), ("cid", "Guns", "bob", "Weapons")],
    "strange-fate": [
        ("ann", "Fisticuffs", "bob", "Arms"),
        ("cid", "Marksmanship", "bob", "Arms"),
    ],
    "fate2": [("ann", "Brawler", "bob", "Duellist"), ("cid", "Footman", "bob", "Duellist")],
    "art": [("ann", "Attack", "bob", "Defense"), ("cid", "Attack", "bob", "Defense")],
}


@pytest.fixture
def library(registry: Any, tmp_path: Path) -> Any:
    from storage.library import Library

    with Library.open(f"sqlite:///{tmp_path / 'lib.db'}", registry=registry, samples=False) as lib:
        yield lib


def _window(qtbot: Any, library: Any, system: str) -> Any:
    window = open_encounter_window(library, None, library.registry, rng=random.Random(3),
                                   system=system)  # fmt: skip
    qtbot.addWidget(window)
    cr = window.doc.conflict_rules
    for seat, (pid, side, skills) in enumerate(CASTS[system]):
        p = cr.npc_participant(pid=pid, name=pid.title(), skills=skills, side=side, seat=seat)
        assert window.push(AddParticipantEvent(participant=p))
    return window


def _shown(panel: Any) -> tuple[str, str, str, str]:
    return (
        panel.actor.currentData(),
        panel.skill.currentText(),
        panel.target.currentData(),
        panel.defense_skill.currentText(),
    )


@pytest.mark.parametrize("system", sorted(CASTS))
def test_each_turn_starts_with_the_actors_own_choices(
    qtbot: Any, library: Any, system: str
) -> None:
    window = _window(qtbot, library, system)
    panel = window.dice
    assert window.push(StartEvent())
    state = window.doc.state
    order = [p for p in state.order]
    assert order[:1] == ["ann"], order
    first, second = EXPECTED[system]
    assert _shown(panel) == first
    # the GM points Ann's attack at Cid (an ally: allowed, it is his call), then ends the turn
    panel.select(target="cid")
    assert panel.target.currentData() == "cid"
    assert window.push(NextTurnEvent())
    assert window.doc.state.current == "cid"
    assert _shown(panel) == second, "the last actor's skill and target were kept"
    if system != "art":  # ART's odds come from the table, none is loaded here
        odds = panel.odds.text()
        assert odds and not odds.endswith(" 6%"), odds
    # the GM may still change anything for this turn
    panel.skill.setCurrentText("Athletics")
    panel.select(target="ann")
    assert (panel.skill.currentText(), panel.target.currentData()) == ("Athletics", "ann")


def test_without_known_sides_the_target_is_anyone_else(qtbot: Any, library: Any) -> None:
    window = open_encounter_window(library, None, library.registry, system="sotc")
    qtbot.addWidget(window)
    cr = window.doc.conflict_rules
    for seat, (pid, alert) in enumerate((("ann", 3), ("bob", 1))):
        p = cr.npc_participant(pid=pid, name=pid, skills={"Alertness": alert, "Fists": 2},
                               seat=seat)  # fmt: skip
        assert window.push(AddParticipantEvent(participant=p))
    assert window.push(StartEvent())
    assert _shown(window.dice)[:3] == ("ann", "Fists", "bob")
    assert window.push(NextTurnEvent())
    assert _shown(window.dice)[:3] == ("bob", "Fists", "ann")


@pytest.mark.parametrize("system", sorted(CASTS))
def test_the_difficulty_shows_its_value_from_the_start(
    qtbot: Any, library: Any, system: str
) -> None:
    """The difficulty box was blank until first changed (the odds said "+0")."""
    window = _window(qtbot, library, system)
    box = window.dice.difficulty
    assert box.text() and box.valueFromText(box.text()) == box.value()


def test_a_new_turn_starts_with_an_empty_result_line(qtbot: Any, library: Any) -> None:
    """The last turn's roll stays in the log; on the dice panel it read as the new actor's."""
    window = _window(qtbot, library, "sotc")
    panel = window.dice
    assert window.push(StartEvent())
    qtbot.mouseClick(panel.attack_button, Qt.MouseButton.LeftButton)
    assert panel.result.text(), "the attack's result is shown in its own turn"
    assert window.push(NextTurnEvent())
    assert panel.result.text() == ""
    assert window.doc.state.last is not None  # still in the state and the log
