"""Rules layer: which dice each roll of a conflict throws, when the system's power tiers
choose them (a Fudge die becoming a d6 per tier of difference, say).

One place answers "what pool does this roll use" for the engine's rolls
(:mod:`rules.conflict.rolls`, :mod:`rules.conflict.tactics`), the dice drawn for blank rolls
(:func:`rules.conflict.engine.fill_dice`), the odds (:mod:`rules.conflict.odds`) and the
dice panel, so they always agree. A system without tiers gets ``cr.dice_for()`` everywhere.
"""

from __future__ import annotations

from typing import Any

from rules.conflict.common import _get, _protecting_block
from rules.conflict_rules import ConflictRules
from rules.dice import DicePool
from rules.encounter import Encounter
from rules.errors import RuleViolation


def roll_tier(
    cr: ConflictRules, state: Encounter, pid: str, skill: str, *, defense: bool = False
) -> int:
    """The power tier of ``pid``'s roll of ``skill`` (a defence when ``defense``)."""
    return cr.skill_tier(_get(state, pid), skill, state.kind, defense)


def roll_pool(
    cr: ConflictRules,
    state: Encounter,
    pid: str,
    skill: str,
    *,
    defense: bool = False,
    opponent_tier: int | None = None,
    static_tier: int | None = None,
    tier_shift: int = 0,
) -> DicePool:
    """The dice of ``pid``'s roll of ``skill``: against an opponent at ``opponent_tier``,
    against a static difficulty at ``static_tier``, or (both None) against a difficulty of no
    stated tier, which is at the roller's own; ``tier_shift`` tiers added to the roller's
    (:meth:`rules.conflict_rules.ConflictRules.defense_tier_shift`)."""
    own = roll_tier(cr, state, pid, skill, defense=defense) + tier_shift
    if static_tier is not None:
        return cr.static_dice(own, static_tier)
    return cr.dice_for(own, own if opponent_tier is None else opponent_tier)


def contest_pools(
    cr: ConflictRules,
    state: Encounter,
    actor: str,
    skill: str,
    target: str,
    defense_skill: str,
    *,
    attack: bool = False,
) -> tuple[DicePool, DicePool]:
    """The dice of ``actor``'s ``skill`` against ``target``'s defence with ``defense_skill``,
    and of that defence: each side's pool by its own tier and the other's. An ``attack`` on a
    target a block protects is rolled against the block, a difficulty at the block's tier
    (:func:`block_tier`)."""
    mine = roll_tier(cr, state, actor, skill)
    theirs = roll_tier(cr, state, target, defense_skill, defense=True)
    theirs += cr.defense_tier_shift(_get(state, actor), skill, _get(state, target))[0]
    defence = cr.dice_for(theirs, mine)
    held = block_tier(state, target) if attack else None
    if held is not None:
        return cr.static_dice(mine, held), defence
    return cr.dice_for(mine, theirs), defence


def block_tier(state: Encounter, target: str) -> int | None:
    """The tier of the strongest block protecting ``target`` (the one an attack must beat),
    or None when none does: an attacker rolls against it as against a static difficulty of
    that tier (a block's difficulty stands at its blocker's skill's tier)."""
    block = _protecting_block(state, target)
    return None if block is None else block.tier


def pool_text(cr: ConflictRules, pool: DicePool) -> str:
    """What a roll record keeps of its pool: empty for the system's plain pool."""
    return "" if pool == cr.dice_for() else pool.text


def event_pools(cr: ConflictRules, state: Encounter, event: Any) -> dict[str, DicePool]:
    """The pool of each dice field of ``event`` (``dice``, ``defense_dice``) as its handler
    will roll them; a participant or skill the state does not know yet falls back to the
    plain pool (the event is refused when applied anyway)."""
    do = getattr(event, "do", "")
    plain = cr.dice_for()
    try:
        if do == "attack":
            a, d = contest_pools(
                cr, state, event.attacker, event.skill, event.defender, event.defense_skill,
                attack=True,
            )  # fmt: skip
            return {"dice": a, "defense_dice": d}
        if do == "maneuver" and event.target is not None:
            a, d = contest_pools(
                cr, state, event.actor, event.skill, event.target, event.defense_skill
            )
            return {"dice": a, "defense_dice": d}
        if do == "roll":
            pool = roll_pool(cr, state, event.who, event.skill, static_tier=event.difficulty_tier)
            return {"dice": pool}
        if do == "pass_block":  # against the block's strength at its tier
            held = next(
                (b for b in state.blocks if b.by == event.blocker and b.protects is None), None
            )
            tier = None if held is None else held.tier
            return {"dice": roll_pool(cr, state, event.actor, event.skill, static_tier=tier)}
        if do in ("maneuver", "block"):
            return {"dice": roll_pool(cr, state, event.actor, event.skill)}
        if do == "move":
            return {"dice": roll_pool(cr, state, event.who, event.skill)}
    except RuleViolation:  # an unknown participant: applying the event will say so
        return {"dice": plain, "defense_dice": plain}
    return {"dice": plain, "defense_dice": plain}
