"""Rules layer: rolls in a conflict: the dice, invokes and tags, simple actions and attacks.

SotC "Invoking Aspects", "Tagging", "Attacks" and "Spin" (digest 6.3-6.4); the dice pool, how a
roll reads and the bonuses come from the system's :class:`rules.conflict_rules.ConflictRules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.conflict.common import (
    _acted,
    _active,
    _check_spin,
    _fmt_roll,
    _get,
    _name,
    _protecting_block,
    _put,
    _require_no_pending,
    _require_running,
    _require_started,
    _set,
    _track_spec,
    group_size,
)
from rules.conflict.harm import _hit
from rules.conflict.pools import block_tier, pool_text, roll_pool, roll_tier
from rules.conflict.turns import _reorder
from rules.conflict_rules import ConflictRules, RollReading
from rules.dice import DicePool, check_faces
from rules.encounter import (
    AttackEvent,
    Encounter,
    GrantFatePointEvent,
    Invoke,
    Outcome,
    Participant,
    RollEvent,
    RollRecord,
    SpendFatePointEvent,
    Spin,
    TagAspectEvent,
)
from rules.errors import DiceExpressionError, RuleViolation


def _faces(pool: DicePool, faces: Sequence[int] | None, who: str) -> tuple[int, ...]:
    if faces is None:
        raise RuleViolation(f"no dice given for {who}'s roll")
    try:
        return check_faces(pool, faces)
    except DiceExpressionError as exc:
        raise RuleViolation(f"dice for {who}: {exc}") from None


class UnreadRoll(RuleViolation):
    """A roll the system cannot read yet (it needs a reading the event does not carry): the
    roll and attack actions log it and change nothing; other actions refuse it."""


def _read(
    cr: ConflictRules,
    p: Participant,
    skill: str,
    rating: int,
    pool: DicePool,
    dice: tuple[int, ...],
    bonus: int,
    reading: str | None,
    difficulty: int | None = None,
) -> RollReading:
    """The system's reading of one roll (:meth:`ConflictRules.read_roll`).

    Raises:
        UnreadRoll: the system cannot read it without a reading the user must enter.
    """
    read = cr.read_roll(
        p, skill, rating=rating, faces=dice, resolved=cr.resolve(pool, dice), bonus=bonus,
        reading=reading, difficulty=difficulty,
    )  # fmt: skip
    if read.effort is None:
        raise UnreadRoll(read.text or f"{p.name}'s roll cannot be read")
    return read


def _use_invoke(state: Encounter, cr: ConflictRules, inv: Invoke) -> tuple[Encounter, str]:
    """Pay for one invoke or tag; returns the new state and what was used, for the log."""
    by = _get(state, inv.by)
    aspect = state.aspect(inv.aspect)
    if aspect is not None:
        holder = state.find(aspect.holder) if aspect.holder else None
        label = f"\u201c{aspect.text}\u201d"
        if inv.free:
            if aspect.free_tags < 1:
                raise RuleViolation(f"{label} has no free tag left")
            owner = state.find(aspect.free_tag_owner) if aspect.free_tag_owner else None
            if owner is not None and owner.id != by.id and owner.side != by.side:
                raise RuleViolation(f"the free tag on {label} belongs to {owner.name}")
            aspect = aspect.model_copy(update={"free_tags": aspect.free_tags - 1})
            label += " (free tag)"
        else:
            if by.fate_points < 1:
                raise RuleViolation(f"{by.name} has no fate point to tag {label}")
            state = _put(state, _set(by, fate_points=by.fate_points - 1))
            if holder is not None and holder.id != by.id and holder.side != by.side:
                # SotC "Tagging": the point goes to the tagged character when the exchange ends.
                state = state.model_copy(update={"pending_fp": (*state.pending_fp, holder.id)})
        if aspect.sticky:
            aspects = tuple(aspect if a.id == aspect.id else a for a in state.aspects)
        else:  # fragile: gone after one tag (SotC "Temporary Aspects")
            aspects = tuple(a for a in state.aspects if a.id != aspect.id)
        return state.model_copy(update={"aspects": aspects}), label
    owner = _get(state, inv.on or inv.by)
    folded = inv.aspect.casefold().strip()
    texts = [*owner.aspects, *(c.text for c in owner.consequences)]
    if not any(t.casefold().strip() == folded for t in texts):
        raise RuleViolation(f"{owner.name} has no aspect \u201c{inv.aspect}\u201d")
    if inv.free:
        raise RuleViolation(f"\u201c{inv.aspect}\u201d has no free tag; it costs a fate point")
    by = _get(state, inv.by)
    if by.fate_points < 1:
        raise RuleViolation(f"{by.name} has no fate point to invoke \u201c{inv.aspect}\u201d")
    state = _put(state, _set(by, fate_points=by.fate_points - 1))
    if owner.id != by.id and owner.side != by.side:
        state = state.model_copy(update={"pending_fp": (*state.pending_fp, owner.id)})
    return state, f"\u201c{inv.aspect}\u201d"


def _roll(
    state: Encounter,
    cr: ConflictRules,
    pid: str,
    skill: str,
    faces: Sequence[int] | None,
    *,
    modifier: int = 0,
    invokes: Iterable[Invoke] = (),
    spin: int = 0,
    defense: bool = False,
    opponent_tier: int | None = None,
    reading: str | None = None,
    static_tier: int | None = None,
    tier_shift: int = 0,
) -> tuple[Encounter, RollRecord]:
    """One roll (see :func:`_roll_read`), whatever the system said about initiative."""
    state, record, _read_as = _roll_read(
        state, cr, pid, skill, faces, modifier=modifier, invokes=invokes, spin=spin,
        defense=defense, opponent_tier=opponent_tier, reading=reading, static_tier=static_tier,
        tier_shift=tier_shift,
    )  # fmt: skip
    return state, record


def _roll_read(
    state: Encounter,
    cr: ConflictRules,
    pid: str,
    skill: str,
    faces: Sequence[int] | None,
    *,
    modifier: int = 0,
    invokes: Iterable[Invoke] = (),
    spin: int = 0,
    defense: bool = False,
    opponent_tier: int | None = None,
    reading: str | None = None,
    difficulty: int | None = None,
    static_tier: int | None = None,
    tier_shift: int = 0,
) -> tuple[Encounter, RollRecord, RollReading]:
    """One roll: skill + dice + group bonus + invokes (+ full defense, spin, penalties).

    ``opponent_tier`` is the power tier of what the roll is against (None: the roller's own,
    as for a difficulty of no stated tier); ``static_tier`` that of a static difficulty with a
    tier; they and the tier of the roller's skill choose the dice pool. ``reading`` is what the
    user entered for a system that reads rolls its own way.

    Raises:
        UnreadRoll: the system cannot read the roll without a reading.
    """
    p = _get(state, pid)
    pool = roll_pool(
        cr, state, pid, skill, defense=defense, opponent_tier=opponent_tier,
        static_tier=static_tier, tier_shift=tier_shift,
    )  # fmt: skip
    dice = _faces(pool, faces, p.name)
    notes: list[str] = []
    bonus = 0
    seen: set[str] = set()
    free_used = False
    for inv in invokes:
        key = f"{inv.on or ''}|{inv.aspect.casefold().strip()}"
        if key in seen:
            raise RuleViolation("the same aspect can be used only once on a roll")
        seen.add(key)
        if inv.free:
            if free_used:
                raise RuleViolation("only one free tag per roll")
            free_used = True
        state, label = _use_invoke(state, cr, inv)
        if inv.reroll is not None:
            dice = _faces(pool, inv.reroll, p.name)
            notes.append(f"reroll via {label}")
        else:
            bonus += cr.invoke_bonus
            notes.append(f"+{cr.invoke_bonus} {label}")
    p = _get(state, pid)
    size = group_size(state, p)
    group = cr.group_bonus(size)
    if group:
        bonus += group
        notes.append(f"+{group} group of {size}")
    if defense and p.full_defense:
        bonus += cr.full_defense_bonus
        notes.append(f"+{cr.full_defense_bonus} full defense")
    if spin:
        if state.spin is None:
            raise RuleViolation("there is no spin to use")
        bonus += spin
        notes.append(f"{spin:+d} spin")
    if not defense and p.penalty:
        bonus -= p.penalty
        notes.append(f"-{p.penalty} supplemental")
        state = _put(state, _set(p, penalty=0))
    bonus += modifier
    if modifier:
        notes.append(f"{modifier:+d} modifier")
    standing, why = cr.roll_modifier(p, skill)
    standing_note = ""
    if standing:
        bonus += standing
        standing_note = f"{standing:+d} {why}".rstrip()
        notes.append(standing_note)
    rating = p.skill(skill, state.kind)
    if defense:  # a system may lower a defense (SotC: surprised, Mediocre)
        rating, why_rating = cr.defense_rating(state, p, skill, rating)
        if why_rating:
            notes.append(why_rating)
    read = _read(cr, p, skill, rating, pool, dice, bonus, reading, difficulty)
    assert read.effort is not None
    if read.points is not None:  # a roll that gives points back (RollReading.points)
        state = _put(state, _set(_get(state, pid), fate_points=read.points))
    record = RollRecord(
        who=p.id, skill=skill, rating=rating, faces=dice, bonus=bonus, effort=read.effort,
        notes=tuple(notes), standing=standing_note, reading=read.text, pool=pool_text(cr, pool),
    )  # fmt: skip
    return state, record, read


def _fix_initiative(cr: ConflictRules, state: Encounter, pid: str, value: int) -> Encounter:
    """``pid``'s initiative in this kind of conflict set by a roll (a system whose initiative
    is rolled, before the start; once started, a newcomer's roll, or an action that moves its
    token along a phase track, gives it its place)."""
    p = _get(state, pid)
    state = _put(state, _set(p, initiative={**p.initiative, state.kind: value}))
    return _reorder(cr, state) if state.started else state


def _roll_action(state: Encounter, cr: ConflictRules, ev: RollEvent) -> tuple[Encounter, str]:
    _require_running(state)
    _active(_get(state, ev.who))
    before = state
    try:
        state, rec, read = _roll_read(
            state, cr, ev.who, ev.skill, ev.dice, modifier=ev.modifier, invokes=ev.invokes,
            spin=ev.spin, reading=ev.reading, difficulty=ev.difficulty,
            static_tier=ev.difficulty_tier,
        )  # fmt: skip
    except UnreadRoll as exc:
        return before, str(exc)
    shifts = max(0, rec.effort - ev.difficulty)
    success = rec.effort >= ev.difficulty
    spin = success and shifts >= cr.spin_margin
    if read.options:
        p = _get(state, ev.who)
        options = {**p.options, **read.options}
        state = _put(state, _set(p, options={k: v for k, v in options.items() if v is not None}))
    if read.initiative is not None:
        state = _fix_initiative(cr, state, ev.who, read.initiative)
    if ev.uses_action and not (read.initiative is not None and not state.started):
        state = _acted(state, ev.who)
    verdict = f" {cr.roll_verdict(rec.effort, ev.difficulty)}" if read.verdict else ""
    text = f"{_fmt_roll(cr, state, rec)}{verdict}" + (" (spin)" if spin else "")
    if ev.note:
        text += f" \u2014 {ev.note}"
    outcome = Outcome(
        action="roll", actor=ev.who, rolls=(rec,),
        opposition=ev.difficulty if read.verdict else None,  # no verdict: no difficulty
        shifts=shifts, success=success, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome, "spin": None}), text


def _minions_faced(state: Encounter, defender: Participant) -> int:
    """Minions standing in the way of a hit on ``defender``: the group itself, or the groups
    attached to a leader (whose minions take the hit first, SotC "Mixed Groups")."""
    if defender.is_group:
        return defender.remaining
    return sum(
        g.remaining
        for g in state.participants
        if g.is_group and g.attached_to == defender.id and not g.taken_out
    )


def _take_options(state: Encounter, pid: str, read: RollReading) -> Encounter:
    """``state`` with the options ``read`` (``pid``'s roll in an attack) sets on ``pid``, as a
    ``roll`` event sets them (a value of None removes the option); unchanged with none."""
    if not read.options:
        return state
    p = _get(state, pid)
    options = {**p.options, **read.options}
    return _put(state, _set(p, options={k: v for k, v in options.items() if v is not None}))


def _attack(state: Encounter, cr: ConflictRules, ev: AttackEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    _check_spin((ev.spin, ev.defense_spin))
    attacker, defender = _get(state, ev.attacker), _get(state, ev.defender)
    _active(attacker)
    _active(defender)
    if attacker.id == defender.id:
        raise RuleViolation("a participant cannot attack itself")
    plus, minus, modified = cr.attack_modifiers(state, attacker, defender, ev.skill)
    shift, shifted = cr.defense_tier_shift(attacker, ev.skill, defender)
    before = state
    try:
        state, a, a_read = _roll_read(
            state, cr, ev.attacker, ev.skill, ev.dice, modifier=ev.modifier + plus,
            invokes=ev.invokes, spin=ev.spin,
            opponent_tier=roll_tier(cr, state, ev.defender, ev.defense_skill, defense=True)
            + shift,
            static_tier=block_tier(state, ev.defender),  # against a protecting block's tier
            reading=ev.reading,
        )  # fmt: skip
        state, d, d_read = _roll_read(
            state, cr, ev.defender, ev.defense_skill, ev.defense_dice,
            modifier=ev.defense_modifier + minus, invokes=ev.defense_invokes,
            spin=ev.defense_spin, defense=True,
            opponent_tier=roll_tier(cr, state, ev.attacker, ev.skill),
            reading=ev.defense_reading, tier_shift=shift,
        )  # fmt: skip
    except UnreadRoll as exc:
        return before, f"{attacker.name} attacks {defender.name}: {exc}"
    state = _take_options(_take_options(state, ev.attacker, a_read), ev.defender, d_read)
    defense = d.effort
    parts = [f"{_fmt_roll(cr, state, a)} vs {_fmt_roll(cr, state, d)}"]
    if modified:
        parts.append(modified)
    if shifted:
        parts.append(shifted)
    block = _protecting_block(state, ev.defender)
    if block is not None and block.strength > defense:
        defense = block.strength
        parts.append(f"{_name(state, block.by)}'s block holds at {block.strength:+d}")
    shifts, why = cr.hit_shifts(attacker, defender, a.effort, defense)
    if why:
        parts.append(why)
    spin = defense - a.effort >= cr.spin_margin
    denied = cr.spin_denied(state, attacker, defender) if spin else ""
    if denied:
        spin = False
        parts.append(f"no spin ({denied})")
    state = _acted(state, ev.attacker)
    state = state.model_copy(update={"spin": Spin(owner=ev.defender) if spin else None})
    if shifts:
        if not why:  # a system that explained the hit has said what it deals
            parts.append(cr.margin_text(shifts))
        weapon = cr.weapon_stress(attacker, ev.skill, cr.track_for(state.kind), shifts)
        if weapon:
            shifts += weapon
            parts.append(f"+{weapon} weapon: {shifts}")
        extra = attacker.extra_stress_vs_groups if _minions_faced(state, defender) >= 2 else 0
        if extra:
            shifts += extra
            parts.append(f"+{extra} stress against two or more minions: {shifts}")
        state, text = _hit(state, cr, ev.defender, shifts, cr.track_for(state.kind), ev.attacker)
        parts.append(text)
    elif not why or spin:
        harm = _track_spec(cr, cr.track_for(state.kind)).harm
        parts.append(f"no {harm}" + (f"; {_name(state, ev.defender)} gains spin" if spin else ""))
    text = f"{attacker.name} attacks {defender.name}: " + "; ".join(parts)
    outcome = Outcome(
        action="attack", actor=ev.attacker, target=ev.defender, rolls=(a, d), opposition=defense,
        shifts=shifts, success=shifts > 0, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome}), text


def _spend_fp(
    state: Encounter, cr: ConflictRules, ev: SpendFatePointEvent
) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    if p.fate_points < 1:
        raise RuleViolation(f"{p.name} has no fate points")
    state = _put(state, _set(p, fate_points=p.fate_points - 1))
    why = f" ({ev.reason})" if ev.reason else ""
    return state, f"{p.name} spends a fate point{why}"


def _grant_fp(
    state: Encounter, cr: ConflictRules, ev: GrantFatePointEvent
) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    state = _put(state, _set(p, fate_points=p.fate_points + ev.amount))
    why = f" ({ev.reason})" if ev.reason else ""
    n = ev.amount
    return state, f"{p.name} gains {n} fate point{'s' if n > 1 else ''}{why}"


def _tag_aspect(state: Encounter, cr: ConflictRules, ev: TagAspectEvent) -> tuple[Encounter, str]:
    state, label = _use_invoke(state, cr, ev.invoke)
    return state, f"{_name(state, ev.invoke.by)} uses {label} for effect"


HANDLERS: dict[str, Any] = {
    "roll": _roll_action, "attack": _attack, "spend_fate_point": _spend_fp,
    "grant_fate_point": _grant_fp, "tag_aspect": _tag_aspect,
}  # fmt: skip
