"""The odds the dice panel shows before rolling: a contest of two 4dF rolls (SotC "The Dice",
L223-L237; "Attacks", digest 6.4), and a protecting block, whose strength the defender uses
when it beats the defense roll (SotC "Block Actions", digest 6.4)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rules import combat
from rules.campaign import CampaignRules
from rules.encounter import BlockEvent, Encounter, StartEvent
from rules.systems.sotc_conflict import npc_participant


def brute(attack: int, defense: int, block: int | None) -> Fraction:
    faces = list(product((-1, 0, 1), repeat=4))
    wins = 0
    for a in faces:
        for d in faces:
            held = defense + sum(d) if block is None else max(defense + sum(d), block)
            wins += attack + sum(a) - held >= 1
    return Fraction(wins, len(faces) ** 2)


def test_contest_odds_match_counting_every_face() -> None:
    state = Encounter()
    for attack, defense, block in ((4, 2, None), (4, 2, 4), (1, 3, 0), (6, 2, 7)):
        assert combat.contest_odds(state, attack, defense, block) == brute(attack, defense, block)
    assert combat.contest_odds(state, 3, 3) == combat.contest_odds(state, 3, 3, -10)


def test_protecting_block_strength_is_found() -> None:
    rules = CampaignRules()
    hero = npc_participant(pid="hero", name="Hero", skills={"Alertness": 2}, rules=rules)
    guard = npc_participant(pid="guard", name="Guard", skills={"Guns": 2}, rules=rules)
    s = combat.apply_event(Encounter(participants=(hero, guard)), StartEvent())[0]
    assert combat.protecting_block(s, "hero") is None
    s = combat.apply_event(
        s, BlockEvent(actor="guard", skill="Guns", protects="hero", dice=(1, 0, 0, 0))
    )[0]
    assert combat.protecting_block(s, "hero") == 3
