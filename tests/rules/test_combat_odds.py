"""The odds the dice panel shows before rolling: a contest of two 4dF rolls (SotC "The Dice",
L223-L237; "Attacks", digest 6.4), and a protecting block, whose strength the defender uses
when it beats the defense roll (SotC "Block Actions", digest 6.4)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from rules import conflict
from rules.encounter import BlockEvent, Encounter, StartEvent
from rules.systems.sotc.conflict import SotcConflictRules, npc_participant
from rules.systems.sotc.settings import SotcSettings

CR = SotcConflictRules()


def brute(attack: int, defense: int, block: int | None) -> Fraction:
    faces = list(product((-1, 0, 1), repeat=4))
    wins = 0
    for a in faces:
        for d in faces:
            held = defense + sum(d) if block is None else max(defense + sum(d), block)
            wins += attack + sum(a) - held >= 1
    return Fraction(wins, len(faces) ** 2)


def test_contest_odds_match_counting_every_face() -> None:
    state = Encounter(system="sotc")
    for attack, defense, block in ((4, 2, None), (4, 2, 4), (1, 3, 0), (6, 2, 7)):
        assert conflict.contest_odds(CR, state, attack, defense, block) == brute(
            attack, defense, block
        )
    assert conflict.contest_odds(CR, state, 3, 3) == conflict.contest_odds(CR, state, 3, 3, -10)


def test_protecting_block_strength_is_found() -> None:
    rules = SotcSettings()
    hero = npc_participant(pid="hero", name="Hero", skills={"Alertness": 2}, rules=rules)
    guard = npc_participant(pid="guard", name="Guard", skills={"Guns": 2}, rules=rules)
    s = conflict.apply_event(
        CR, Encounter(system="sotc", participants=(hero, guard)), StartEvent()
    )[0]
    assert conflict.protecting_block(s, "hero") is None
    s = conflict.apply_event(
        CR, s, BlockEvent(actor="guard", skill="Guns", protects="hero", dice=(1, 0, 0, 0))
    )[0]
    assert conflict.protecting_block(s, "hero") == 3


def brute_rerolls(
    attack: int, defense: int, ka: int, kd: int, block: int | None = None
) -> Fraction:
    """Every face of every roll the rerolls could need (faces grouped by their sum, counted
    from all 81 throws of 4dF), the losing side rerolling first."""
    counts = Counter(sum(f) for f in product((-1, 0, 1), repeat=4))
    faces = [(v, Fraction(n, 81)) for v, n in counts.items()]

    def go(a: int, d: int, ka: int, kd: int) -> Fraction:
        held = defense + d if block is None else max(defense + d, block)
        if attack + a - held >= 1:
            if not kd:
                return Fraction(1)
            return sum((w * go(a, d2, ka, kd - 1) for d2, w in faces), start=Fraction(0))
        if not ka:
            return Fraction(0)
        return sum((w * go(a2, d, ka - 1, kd) for a2, w in faces), start=Fraction(0))

    return sum(
        (wa * wd * go(a, d, ka, kd) for a, wa in faces for d, wd in faces), start=Fraction(0)
    )


def test_invoking_an_aspect_reroll_on_a_failure_one_minus_the_miss_squared() -> None:
    """SotC "Invoking Aspects" (L838-L849): an invoke rerolls all the dice or adds +2 after
    rerolls. A reroll held for a failure turns a chance p into 1 - (1 - p)^2; a +2 shifts p."""
    assert conflict.reroll_odds(Fraction(1, 3), 0) == Fraction(1, 3)
    assert conflict.reroll_odds(Fraction(1, 3), 1) == Fraction(5, 9)
    assert conflict.reroll_odds(Fraction(1, 3), 2) == 1 - Fraction(2, 3) ** 3
    state = Encounter(system="sotc")
    # Good (+3) vs Great (+4): the dice must show +1 or better, 31/81 (rules/dice.py)
    p = conflict.roll_odds(CR, state, 3, 4)
    assert p == Fraction(31, 81)
    assert conflict.roll_odds(CR, state, 3, 4, rerolls=1) == 1 - Fraction(50, 81) ** 2
    # a +2 invoke shifts the distribution first: +5 vs +4 needs -1 or better, 1 - 15/81
    assert conflict.roll_odds(CR, state, 3 + 2, 4) == Fraction(66, 81)
    assert conflict.roll_odds(CR, state, 3 + 2, 4, rerolls=1) == 1 - Fraction(15, 81) ** 2


def test_contest_odds_with_rerolls_match_counting_every_face() -> None:
    """A contest (SotC "Attacks", digest 6.4) where a side's invokes reroll its own dice when it
    is losing (SotC "Invoking Aspects", L838-L849): the other roll stands, so the odds are not
    simply 1 - (1 - p)^2; counted face by face they match the engine's recursion."""
    state = Encounter(system="sotc")
    for attack, defense, ka, kd, block in (
        (4, 2, 1, 0, None),
        (2, 4, 1, 0, None),
        (3, 3, 0, 1, None),
        (3, 3, 1, 1, None),
        (4, 2, 1, 0, 5),
    ):
        got = conflict.contest_odds(
            CR, state, attack, defense, block, rerolls=ka, defense_rerolls=kd
        )
        assert got == brute_rerolls(attack, defense, ka, kd, block)
    plain = conflict.contest_odds(CR, state, 2, 4)
    assert conflict.contest_odds(CR, state, 2, 4, rerolls=1) > plain
    assert conflict.contest_odds(CR, state, 2, 4, defense_rerolls=1) < plain
