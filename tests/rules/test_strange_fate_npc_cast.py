"""A named NPC written into a Strange Fate encounter is built like a PC from its skills (SRD
"Creating Adversaries": "Adversaries are built more or less like PCs"): its initiative is its
best skill with the Initiative [Scope] trapping (L2150-L2156), and its stress tracks have three
boxes plus what its Stress Capacity skills add (L500, L2504: one box at Average, two at Fair or
Good, three at Great)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def rules(registry: Any) -> Any:
    return registry.get("strange-fate").conflict_rules(None)


@pytest.mark.parametrize(
    ("skills", "init", "health"),
    [
        ({"Alertness": 1, "Endurance": 2}, 1, 5),  # the NPC: Init +1, 5 boxes
        ({"Alertness": 3, "Endurance": 4}, 3, 6),  # Great: three more boxes (L2504)
        ({"Endurance": 1}, 0, 4),  # Average: one more box; no Initiative skill: Mediocre
        ({"Fisticuffs": 2}, 0, 3),  # no Stress Capacity skill: the three boxes (L500)
    ],
)
def test_npc_initiative_and_stress_from_its_skills(
    rules: Any, skills: dict[str, int], init: int, health: int
) -> None:
    p = rules.npc_participant(pid="thug", name="Thug", skills=skills)
    assert p.initiative.get("physical", 0) == init
    assert len(p.track("health")) == health
    assert rules.npc_track_sizes(skills)["health"] == health


def test_npc_matches_a_pc_built_the_same_way(registry: Any, rules: Any) -> None:
    system = registry.get("strange-fate")
    skills = {"Alertness": 1, "Endurance": 2, "Willpower": 3, "Presence": 2}
    hero = system.new_character().model_copy(update={"name": "Hero", "skills": skills})
    pc = rules.participant_from_character(hero, pid="pc")
    npc = rules.npc_participant(pid="npc", name="Hero", skills=skills)
    assert npc.initiative == pc.initiative
    assert {k: len(v) for k, v in npc.tracks.items()} == {k: len(v) for k, v in pc.tracks.items()}


def test_npc_track_sizes_given_by_hand_win(rules: Any) -> None:
    p = rules.npc_participant(
        pid="t", name="T", skills={"Endurance": 2}, tracks={"health": 7, "composure": 2}
    )
    assert (len(p.track("health")), len(p.track("composure"))) == (7, 2)
