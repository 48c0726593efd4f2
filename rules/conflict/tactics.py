"""Rules layer: the tactical actions of a conflict: maneuvers, blocks and full defense.

SotC "Maneuvers", "Block Actions" and "Full Defense" (digest 6.3); the numbers (spin, the full
defense bonus) come from the system's :class:`rules.conflict_rules.ConflictRules`.
"""

from __future__ import annotations

from typing import Any

from rules.conflict.common import (
    _acted,
    _active,
    _check_spin,
    _fmt_roll,
    _get,
    _name,
    _put,
    _require_no_pending,
    _require_started,
    _set,
    _spend_action,
)
from rules.conflict.pools import roll_tier
from rules.conflict.rolls import _roll
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    Aspect,
    Block,
    BlockEvent,
    Encounter,
    FullDefenseEvent,
    ManeuverEvent,
    Outcome,
    PassBlockEvent,
    Spin,
)
from rules.errors import RuleViolation


def _maneuver(state: Encounter, cr: ConflictRules, ev: ManeuverEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    _check_spin((ev.spin, ev.defense_spin))
    actor = _get(state, ev.actor)
    _active(actor)
    shift = (
        cr.defense_tier_shift(actor, ev.skill, _get(state, ev.target))[0]
        if ev.target is not None
        else 0
    )
    versus = (
        roll_tier(cr, state, ev.target, ev.defense_skill, defense=True) + shift
        if ev.target is not None
        else None
    )
    state, a = _roll(
        state, cr, ev.actor, ev.skill, ev.dice, modifier=ev.modifier, invokes=ev.invokes,
        spin=ev.spin, opponent_tier=versus,
    )  # fmt: skip
    rolls = [a]
    spin = False
    if ev.target is not None:
        target = _get(state, ev.target)
        _active(target)
        state, d = _roll(
            state, cr, ev.target, ev.defense_skill, ev.defense_dice,
            modifier=ev.defense_modifier, invokes=ev.defense_invokes, spin=ev.defense_spin,
            defense=True, opponent_tier=roll_tier(cr, state, ev.actor, ev.skill),
            tier_shift=shift,
        )  # fmt: skip
        rolls.append(d)
        opposition = d.effort
        shifts = max(0, a.effort - opposition)
        success = shifts >= 1  # SotC "Resolving Maneuvers": at least one shift
        spin = opposition - a.effort >= cr.spin_margin
        denied = cr.spin_denied(state, actor, target) if spin else ""
        spin = spin and not denied
        head = (
            f"{actor.name} maneuvers on {target.name}: {_fmt_roll(cr, state, a)} vs "
            + _fmt_roll(cr, state, d)
            + (f" (no spin: {denied})" if denied else "")
        )
    else:
        opposition = ev.difficulty
        shifts = max(0, a.effort - opposition)
        success = a.effort >= opposition
        head = f"{actor.name} maneuvers: {_fmt_roll(cr, state, a)} vs {opposition:+d}"
    state = _acted(state, ev.actor)
    state = state.model_copy(update={"spin": Spin(owner=ev.target) if spin and ev.target else None})
    label = f"\u201c{ev.aspect}\u201d"
    if not success:
        text = f"{head}: fails"
    elif ev.refused and ev.target is not None:
        t = _get(state, ev.target)
        if t.fate_points < 1:
            raise RuleViolation(f"{t.name} has no fate point to refuse {label}")
        state = _put(state, _set(t, fate_points=t.fate_points - 1))
        text = f"{head}: {t.name} pays a fate point to refuse {label}"
    else:
        aid = f"a{state.next_aspect}"
        new = Aspect(
            id=aid, text=ev.aspect, holder=ev.target, created_by=ev.actor, free_tags=1,
            free_tag_owner=ev.actor, sticky=ev.sticky,
        )  # fmt: skip
        state = state.model_copy(
            update={"aspects": (*state.aspects, new), "next_aspect": state.next_aspect + 1}
        )
        kind = "sticky" if ev.sticky else "fragile"
        text = f"{head}: {label} ({kind}, one free tag) on {_name(state, ev.target)}"
    outcome = Outcome(
        action="maneuver", actor=ev.actor, target=ev.target, rolls=tuple(rolls),
        opposition=opposition, shifts=shifts, success=success, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome}), text


def _block(state: Encounter, cr: ConflictRules, ev: BlockEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    actor = _get(state, ev.actor)
    _active(actor)
    if ev.protects is not None:
        _get(state, ev.protects)
    if ev.persistent and cr.persistent_block_bonus(0) is None:
        raise RuleViolation("this game system has no persistent blocks")
    state, allowed = _full_action(state, cr, ev.actor)
    state, r = _roll(
        state, cr, ev.actor, ev.skill, ev.dice, modifier=-ev.penalty, invokes=ev.invokes,
        spin=ev.spin,
    )  # fmt: skip
    block = Block(
        by=ev.actor, strength=r.effort, protects=ev.protects, against=ev.against,
        exchange=state.exchange, tier=max(0, roll_tier(cr, state, ev.actor, ev.skill)),
        persistent=ev.persistent,
    )  # fmt: skip
    state = _acted(state, ev.actor)
    what = f"protecting {_name(state, ev.protects)}" if ev.protects else f"against {ev.against!r}"
    what += ", standing on by itself" if ev.persistent else ""
    text = f"{actor.name} blocks {what}: {_fmt_roll(cr, state, r)}, strength {r.effort:+d}{allowed}"
    outcome = Outcome(
        action="block", actor=ev.actor, target=ev.protects, rolls=(r,), success=True, text=text
    )
    return state.model_copy(
        update={"blocks": (*state.blocks, block), "last": outcome, "spin": None}
    ), text


def _full_action(state: Encounter, cr: ConflictRules, pid: str) -> tuple[Encounter, str]:
    """Check ``pid`` may take a Full Action now (``ConflictRules.full_action_problem``); a GM
    override for ``pid`` is spent instead, and named in the log.

    Raises:
        RuleViolation: the system refuses it.
    """
    problem = cr.full_action_problem(state, _get(state, pid))
    if problem is None:
        return state, ""
    if pid not in state.overrides:
        raise RuleViolation(f"{problem}; the GM may allow it (GM override)")
    rest = list(state.overrides)
    rest.remove(pid)
    return state.model_copy(update={"overrides": tuple(rest)}), f" (GM override: {problem})"


def _pass_block(state: Encounter, cr: ConflictRules, ev: PassBlockEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    actor = _get(state, ev.actor)
    _active(actor)
    at = next(
        (i for i, b in enumerate(state.blocks) if b.by == ev.blocker and b.protects is None), None
    )
    if at is None:
        raise RuleViolation(f"{_name(state, ev.blocker)} has no block standing this exchange")
    block = state.blocks[at]
    rounds = state.exchange - block.exchange
    bonus = (cr.persistent_block_bonus(rounds) or 0) if block.persistent else 0
    breaker = roll_tier(cr, state, ev.actor, ev.skill)
    full = cr.pass_block_full_action(breaker, block.tier)
    allowed = ""
    if full:
        state, allowed = _full_action(state, cr, ev.actor)
    state, r = _roll(
        state, cr, ev.actor, ev.skill, ev.dice, modifier=bonus, invokes=ev.invokes,
        spin=ev.spin, static_tier=block.tier,
    )  # fmt: skip
    shifts = max(0, r.effort - block.strength)
    success, takes_action, note = cr.pass_block_result(
        breaker, block.tier, r.effort, block.strength
    )
    if not takes_action and ev.actor in block.tried:
        raise RuleViolation(
            f"{actor.name} has already tried to get past {_name(state, ev.blocker)}'s block "
            "this turn (one attempt, even a free one)"
        )
    if takes_action:
        state = _acted(state, ev.actor)
    if full:
        state = _put(state, cr.mark_full_action(state, _get(state, ev.actor)))
    else:  # a free attempt: the one attempt this turn (the action stays for something else)
        tried = block.model_copy(update={"tried": (*block.tried, ev.actor)})
        state = state.model_copy(
            update={"blocks": (*state.blocks[:at], tried, *state.blocks[at + 1 :])}
        )
    verdict = "gets past" if success else "is stopped by"
    text = (
        f"{actor.name} {verdict} {_name(state, ev.blocker)}'s block: {_fmt_roll(cr, state, r)} vs "
        f"{block.strength:+d}"
        + (f" ({note})" if note else "")
        + (f"; +{bonus} against a block standing {rounds} exchange(s)" if bonus else "")
        + allowed
    )
    outcome = Outcome(
        action="pass_block", actor=ev.actor, target=ev.blocker, rolls=(r,),
        opposition=block.strength, shifts=shifts, success=success, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome, "spin": None}), text


def _full_defense(
    state: Encounter, cr: ConflictRules, ev: FullDefenseEvent
) -> tuple[Encounter, str]:
    _require_started(state)
    p = _get(state, ev.who)
    _active(p)
    state, allowed = _full_action(state, cr, p.id)
    state = _spend_action(state, p.id, "go on full defense")
    state = _put(state, _set(_get(state, p.id), full_defense=True, acted=True, holding=False))
    bonus = cr.full_defense_bonus
    return state, f"{p.name} goes on full defense (+{bonus} to defend this exchange){allowed}"


HANDLERS: dict[str, Any] = {
    "maneuver": _maneuver, "block": _block, "pass_block": _pass_block,
    "full_defense": _full_defense,
}  # fmt: skip
