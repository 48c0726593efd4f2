"""Rules layer: exact odds for the dice panel: a roll against a difficulty, an attack against
a defense (and a protecting block), with rerolls from invokes.

SotC "Invoking Aspects" (L838-L849) and "Block Actions"; the dice pool is the system's
(:meth:`rules.conflict_rules.ConflictRules.dice_for`), read as the system reads it
(:meth:`~rules.conflict_rules.ConflictRules.resolve`, over every way the dice can fall; a pool
too big for that is read as its sum).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache

from rules.conflict.common import _bound, _get, _protecting_block, group_size
from rules.conflict_rules import ConflictRules
from rules.dice import DicePool, distribution
from rules.encounter import Encounter
from rules.errors import RuleViolation


def _require_dice_odds(cr: ConflictRules) -> None:
    """Refuse odds the dice alone do not give (:attr:`ConflictRules.odds_from_dice`).

    Raises:
        RuleViolation: the system reads its rolls off a table of its own.
    """
    if not cr.odds_from_dice:
        raise RuleViolation("this system reads its rolls off a table: no odds from the dice")


def roll_bonus(
    cr: ConflictRules, state: Encounter, pid: str, skill: str, *, defense: bool = False
) -> int:
    """Everything a roll of ``skill`` by ``pid`` adds to the dice before invokes: the rating,
    the group bonus, full defense (defending) or a pending supplemental penalty (acting)."""
    cr = _bound(cr, state)
    p = _get(state, pid)
    total = p.skill(skill, state.kind) + cr.group_bonus(group_size(state, p))
    if defense and p.full_defense:
        total += cr.full_defense_bonus
    if not defense:
        total -= p.penalty
    return total


MAX_OUTCOMES = 20_000
"""Most ways the dice can fall that :func:`resolved_distribution` reads one by one."""

Resolve = Callable[[DicePool, tuple[int, ...]], int]


@lru_cache(maxsize=64)
def _resolved(dice: DicePool, resolve: Resolve) -> tuple[tuple[int, Fraction], ...]:
    values = dice.die_values()
    outcomes = 1
    for v in values:
        outcomes *= len(v)
    if outcomes > MAX_OUTCOMES:
        return tuple(sorted(distribution(dice.with_modifier(0)).items()))
    dist: dict[int, Fraction] = {}
    one = Fraction(1, outcomes)
    for faces in itertools.product(*values):
        total = resolve(dice, faces)
        dist[total] = dist.get(total, Fraction(0)) + one
    return tuple(sorted(dist.items()))


def resolved_distribution(cr: ConflictRules, pool: DicePool | None = None) -> dict[int, Fraction]:
    """Exact chance of each value the system's dice (or ``pool``, a roll's own dice across
    power tiers) add to a roll (``cr.resolve`` of every way the pool can fall, all equally
    likely)."""
    return dict(_resolved(pool or cr.dice_for(), cr.resolve))


@cache
def _difference(
    dice: DicePool, resolve: Resolve, defense_dice: DicePool | None = None
) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of (attacker's dice - defender's dice), the attacker rolling ``dice`` and
    the defender ``defense_dice`` (None: the same)."""
    dist = dict(_resolved(dice, resolve))
    other = dist if defense_dice is None else dict(_resolved(defense_dice, resolve))
    out: dict[int, Fraction] = {}
    for a, pa in dist.items():
        for d, pd in other.items():
            out[a - d] = out.get(a - d, Fraction(0)) + pa * pd
    return tuple(sorted(out.items()))


def reroll_odds(p: Fraction, rerolls: int) -> Fraction:
    """Chance of success when each failed roll may be rerolled, ``rerolls`` times at most.

    SotC "Invoking Aspects" (L838-L849): an invoke rerolls all the dice (the new result stands)
    or adds +2 after rerolls. The +2s go into ``p``; a reroll is spent only on a failure, so
    one reroll gives ``1 - (1 - p)**2`` and ``k`` give ``1 - (1 - p)**(k + 1)``.

    Args:
        p: Chance that one roll succeeds (with every +2 already in it).
        rerolls: Rerolls at hand (0 or more).

    Returns:
        The exact chance of success.
    """
    if rerolls < 0:
        raise ValueError("rerolls cannot be negative")
    return 1 - (1 - p) ** (rerolls + 1)


def contest_odds(
    cr: ConflictRules,
    state: Encounter,
    attack_total: int,
    defense_total: int,
    block: int | None = None,
    *,
    rerolls: int = 0,
    defense_rerolls: int = 0,
    pools: tuple[DicePool, DicePool] | None = None,
) -> Fraction:
    """Chance that the attacker's effort beats the defender's by at least one shift; with a
    protecting ``block`` strength, the better of the defense roll and the block counts (SotC
    "Block Actions").

    ``rerolls`` and ``defense_rerolls`` are the rerolls each side has queued (SotC "Invoking
    Aspects"): whichever side is losing rerolls its own dice while it has one, the other roll
    standing, until the loser runs out. Exact, by recursion over both rolls.

    ``pools`` are the attacker's and the defender's dice when power tiers make them differ
    (:func:`rules.conflict.pools.contest_pools`); None: both roll the system's plain pool.

    Raises:
        RuleViolation: the system's dice alone do not give the odds.
    """
    cr = _bound(cr, state)
    _require_dice_odds(cr)
    if rerolls < 0 or defense_rerolls < 0:
        raise ValueError("rerolls cannot be negative")
    if block is None and not rerolls and not defense_rerolls:
        need = defense_total - attack_total + 1
        if pools is None:
            diffs = _difference(cr.dice_for(), cr.resolve)
        else:
            diffs = _difference(pools[0], cr.resolve, pools[1])
        return sum((p for diff, p in diffs if diff >= need), start=Fraction(0))
    attack_pool, defense_pool = pools or (None, None)
    dist = tuple(resolved_distribution(cr, attack_pool).items())
    defense_dist = tuple(resolved_distribution(cr, defense_pool).items())

    def wins(a: int, d: int) -> bool:
        held = defense_total + d if block is None else max(defense_total + d, block)
        return attack_total + a - held >= 1

    @cache
    def after(a: int, d: int, ka: int, kd: int) -> Fraction:
        if wins(a, d):
            if not kd:
                return Fraction(1)
            return sum(
                (pd * after(a, d2, ka, kd - 1) for d2, pd in defense_dist), start=Fraction(0)
            )
        if not ka:
            return Fraction(0)
        return sum((pa * after(a2, d, ka - 1, kd) for a2, pa in dist), start=Fraction(0))

    return sum(
        (
            pa * pd * after(a, d, rerolls, defense_rerolls)
            for a, pa in dist
            for d, pd in defense_dist
        ),
        start=Fraction(0),
    )


def protecting_block(state: Encounter, pid: str) -> int | None:
    """The strongest block protecting ``pid`` this exchange, or None."""
    block = _protecting_block(state, pid)
    return None if block is None else block.strength


def roll_odds(
    cr: ConflictRules,
    state: Encounter,
    total: int,
    difficulty: int,
    *,
    rerolls: int = 0,
    pool: DicePool | None = None,
) -> Fraction:
    """Chance that a roll with ``total`` added meets ``difficulty``, a failure rerolled up to
    ``rerolls`` times (SotC "Invoking Aspects"; see :func:`reroll_odds`); ``pool`` is the
    roll's own dice across power tiers (:func:`rules.conflict.pools.roll_pool`; None: the
    system's plain pool).

    Raises:
        RuleViolation: the system's dice alone do not give the odds.
    """
    cr = _bound(cr, state)
    _require_dice_odds(cr)
    dist = resolved_distribution(cr, pool)
    p = sum((q for value, q in dist.items() if value + total >= difficulty), start=Fraction(0))
    return reroll_odds(p, rerolls)
