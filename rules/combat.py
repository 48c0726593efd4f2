"""Rules layer: the pure transitions of a conflict: each takes a state, returns a new one and a log
entry.

Every transition is an event model from :mod:`rules.encounter` applied by :func:`apply_event`;
the keyword functions (:func:`attack`, :func:`maneuver`, :func:`next_turn`...) build the event
for you. Dice come in as faces (``[1, 0, -1, 1]``); :func:`fill_dice` draws missing faces from an
injected ``random.Random`` before the event is applied, so the logged event replays exactly
(:func:`replay`). A move the rules do not allow raises :class:`rules.errors.RuleViolation` and
leaves the state untouched.

Rules: SotC "How To Do Things" (SRD L1110-L1586, digest sotc.md section 6); the system-specific
numbers come from its :class:`rules.conflict_rules.ConflictRules`.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.character import Condition, Consequence
from rules.conflict_rules import ConflictRules, ConflictRulesFactory
from rules.dice import distribution, from_faces, parse_dice, probability_at_least
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    AddZoneEvent,
    ApplyStressEvent,
    Aspect,
    AttachEvent,
    AttackEvent,
    Block,
    BlockEvent,
    Border,
    ConcedeEvent,
    EditAspectEvent,
    Encounter,
    EndSceneEvent,
    Event,
    FullDefenseEvent,
    GrantFatePointEvent,
    HoldEvent,
    Invoke,
    LogEntry,
    ManeuverEvent,
    MoveEvent,
    NextExchangeEvent,
    NextTurnEvent,
    Outcome,
    Participant,
    PassBlockEvent,
    PendingHit,
    PlaceEvent,
    RecoverEvent,
    RecoveryPeriod,
    RemoveAspectEvent,
    RemoveConsequenceEvent,
    RemoveParticipantEvent,
    RemoveZoneEvent,
    RenameZoneEvent,
    ResumeEvent,
    RollEvent,
    RollRecord,
    SetBorderEvent,
    SetBoxEvent,
    SetHiddenEvent,
    SetSceneEvent,
    SpendFatePointEvent,
    Spin,
    StartEvent,
    TagAspectEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
    TrackName,
    Zone,
)
from rules.errors import DiceExpressionError, RuleViolation
from rules.systems.sotc.conflict import SotcConflictRules
from rules.systems.sotc.settings import SotcSettings

CONFLICT_RULES: dict[str, ConflictRulesFactory] = {"sotc": SotcConflictRules}
"""System id -> factory of its conflict rules (other systems register here when they exist)."""

Result = tuple[Encounter, LogEntry]
E = TypeVar("E", bound=BaseModel)


def conflict_rules_for(system: str, campaign: SotcSettings) -> ConflictRules:
    """The conflict rules of ``system`` under ``campaign``.

    Raises:
        RuleViolation: when the system has no conflict rules yet.
    """
    try:
        return CONFLICT_RULES[system](campaign)
    except KeyError:
        raise RuleViolation(f"conflicts are not available for the {system!r} system yet") from None


# -- small helpers ----------------------------------------------------------------------------


def _get(state: Encounter, pid: str) -> Participant:
    p = state.find(pid)
    if p is None:
        raise RuleViolation(f"there is no participant {pid!r} in this encounter")
    return p


def _put(state: Encounter, *changed: Participant) -> Encounter:
    by_id = {p.id: p for p in changed}
    return state.model_copy(
        update={"participants": tuple(by_id.get(p.id, p) for p in state.participants)}
    )


def _set(p: Participant, **changes: Any) -> Participant:
    return p.model_copy(update=changes)


def _name(state: Encounter, pid: str | None) -> str:
    if pid is None:
        return "the scene"
    p = state.find(pid)
    return p.name if p is not None else pid


def _active(p: Participant) -> None:
    if p.taken_out:
        raise RuleViolation(f"{p.name} is out of the conflict")


def _mark(track: tuple[bool, ...], index: int, checked: bool = True) -> tuple[bool, ...]:
    return (*track[:index], checked, *track[index + 1 :])


def _with_track(p: Participant, name: TrackName, track: tuple[bool, ...]) -> Participant:
    return _set(p, **{name: track})


def group_size(state: Encounter, p: Participant) -> int:
    """Members acting together: a group's standing minions, or a character plus whatever is
    attached to it (minions and in-scope companions count as members, digest 13 #9)."""
    if p.is_group:
        return p.remaining
    size = 1
    for q in state.participants:
        if q.attached_to != p.id or q.taken_out:
            continue
        if q.is_group:
            size += q.remaining
        elif q.kind == "companion" and (not q.scope or state.kind in q.scope):
            size += 1
    return size


def initiative_value(state: Encounter, p: Participant) -> int:
    """Alertness (physical) or Empathy (social, mental: digest 13 #6); a group or lone
    companion uses its quality, without the size bonus (digest 13 #7)."""
    if p.kind in ("minions", "companion"):
        return p.quality
    return p.init_physical if state.kind == "physical" else p.init_social


def _takes_turns(p: Participant) -> bool:
    # Attached minions and companions act through their leader or patron (SotC "Mixed Groups").
    return p.attached_to is None


def initiative_order(state: Encounter) -> tuple[str, ...]:
    """Highest first, ties by Resolve then seat (SotC "Establish Initiative"); with rotating
    initiative, seat order (SotC "An Alternative to Skills")."""
    actors = [p for p in state.participants if _takes_turns(p)]
    if state.rules.rotating_initiative:
        actors.sort(key=lambda p: p.seat)
    else:
        actors.sort(key=lambda p: (-initiative_value(state, p), -p.tiebreak, p.seat))
    return tuple(p.id for p in actors)


def _eligible(state: Encounter, pid: str) -> bool:
    p = state.find(pid)
    return p is not None and not p.taken_out and not p.acted and not p.holding


def _first_from(state: Encounter, index: int) -> int:
    for i in range(index, len(state.order)):
        if _eligible(state, state.order[i]):
            return i
    return len(state.order)


def _reorder(state: Encounter) -> Encounter:
    if not state.started:
        return state
    current = state.current if state.interrupt is None else None
    order = initiative_order(state)
    if state.rules.rotating_initiative and state.order:
        # keep the rotation: start from the same first actor where still present
        first = next((pid for pid in state.order if pid in order), None)
        if first is not None:
            k = order.index(first)
            order = order[k:] + order[:k]
    new = state.model_copy(update={"order": order})
    if current is not None and current in order:
        turn = order.index(current)
    else:
        turn = _first_from(new, 0)
    return new.model_copy(update={"turn": turn})


# -- dice and invokes -------------------------------------------------------------------------


def _faces(cr: ConflictRules, faces: Sequence[int] | None, who: str) -> tuple[int, ...]:
    if faces is None:
        raise RuleViolation(f"no dice given for {who}'s roll")
    try:
        return from_faces(cr.dice_for(), faces).faces
    except DiceExpressionError as exc:
        raise RuleViolation(f"dice for {who}: {exc}") from None


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
) -> tuple[Encounter, RollRecord]:
    """One roll: skill + dice + group bonus + invokes (+ full defense, spin, penalties)."""
    p = _get(state, pid)
    dice = _faces(cr, faces, p.name)
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
            dice = _faces(cr, inv.reroll, p.name)
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
    rating = p.skill(skill, state.kind)
    effort = rating + sum(dice) + bonus
    record = RollRecord(
        who=p.id, skill=skill, rating=rating, faces=dice, bonus=bonus, effort=effort,
        notes=tuple(notes),
    )  # fmt: skip
    return state, record


def _check_spin(ev_spins: Iterable[int]) -> None:
    if sum(1 for s in ev_spins if s) > 1:
        raise RuleViolation("spin changes only one roll of the next action")


def _acted(state: Encounter, pid: str) -> Encounter:
    p = _get(state, pid)
    return _put(state, _set(p, acted=True, holding=False))


def _fmt_roll(state: Encounter, r: RollRecord) -> str:
    dice = "".join({-1: "-", 0: "0", 1: "+"}.get(f, str(f)) for f in r.faces)
    extra = f" {r.bonus:+d}" if r.bonus else ""
    return f"{_name(state, r.who)} {r.skill} {r.rating:+d} [{dice}]{extra} = {r.effort:+d}"


def _require_no_pending(state: Encounter) -> None:
    if state.pending_hit is not None:
        name = _name(state, state.pending_hit.target)
        raise RuleViolation(
            f"{name} must first absorb the hit of {state.pending_hit.shifts} "
            "(check a box, take a consequence, concede or be taken out)"
        )


def _require_running(state: Encounter) -> None:
    if state.ended:
        raise RuleViolation("the scene has ended")


# -- hits -------------------------------------------------------------------------------------


def _fill_group(
    state: Encounter, cr: ConflictRules, g: Participant, track: TrackName, shifts: int
) -> tuple[Encounter, int, str]:
    """Sequential stress on a minion group: returns (state, shifts used, text)."""
    boxes = list(g.track(track))
    free = boxes.count(False)
    used = min(free, shifts)
    filled = sum(boxes)
    for i in range(filled, filled + used):
        boxes[i] = True
    before = g.remaining
    g2 = _with_track(g, track, tuple(boxes))
    down = before - g2.remaining
    if g2.remaining == 0:
        g2 = _set(g2, taken_out=True)
    state = _put(state, g2)
    text = f"{g.name}: {used} box{'es' if used != 1 else ''}, {down} down, {g2.remaining} left"
    return state, used, text


def _hit(
    state: Encounter,
    cr: ConflictRules,
    target_id: str,
    shifts: int,
    track: TrackName,
    attacker: str | None,
) -> tuple[Encounter, str]:
    """Route a hit of ``shifts``: minions first, then a stressed companion, else pending."""
    t = _get(state, target_id)
    if t.is_group:
        state, used, text = _fill_group(state, cr, t, track, shifts)
        over = shifts - used
        return state, text + (f"; overflow {over}" if over else "")
    parts: list[str] = []
    for g in state.participants:
        if shifts and g.is_group and g.attached_to == t.id and not g.taken_out:
            state, used, text = _fill_group(state, cr, g, track, shifts)
            shifts -= used
            parts.append(text)
    if not shifts:
        return state, "; ".join(parts)
    for c in state.participants:
        if c.kind == "companion" and c.attached_to == t.id and not c.taken_out and c.track(track):
            box = cr.stress_box_for(c, track, shifts)
            if box is not None:  # "How To Do Things": the companion's track soaks the hit
                state = _put(state, _with_track(c, track, _mark(c.track(track), box)))
                parts.append(f"{c.name} soaks it: box {box + 1}")
                return state, "; ".join(parts)
            break
    box = cr.stress_box_for(t, track, shifts)
    pending = PendingHit(target=t.id, shifts=shifts, track=track, attacker=attacker, box=box)
    state = state.model_copy(update={"pending_hit": pending})
    if box is None:
        over = cr.overflow(t.track(track), shifts)
        parts.append(
            f"{t.name} takes a {shifts}-point hit with no box for it: a consequence or taken out"
            + (f" (overflow {over})" if over else "")
        )
    elif t.track(track)[box]:
        parts.append(
            f"{t.name} takes a {shifts}-point hit: armor keeps it on box {box + 1} (no roll-up), "
            "or a consequence"
        )
    else:
        parts.append(f"{t.name} takes a {shifts}-point hit: box {box + 1} or a consequence")
    return state, "; ".join(parts)


# -- transitions ------------------------------------------------------------------------------


def _start(state: Encounter, cr: ConflictRules, ev: StartEvent) -> tuple[Encounter, str]:
    if state.started:
        raise RuleViolation("the conflict has already started")
    _require_running(state)
    state = state.model_copy(update={"started": True, "exchange": 1, "turn": 0})
    order = initiative_order(state)
    state = state.model_copy(update={"order": order})
    state = state.model_copy(update={"turn": _first_from(state, 0)})
    names = ", ".join(
        f"{_name(state, pid)} ({initiative_value(state, _get(state, pid)):+d})" for pid in order
    )
    return state, f"Exchange 1 begins. Initiative: {names}"


def _deliver_fp(state: Encounter) -> tuple[Encounter, list[str]]:
    """Fate points owed for tags to someone's detriment arrive as the exchange ends."""
    notes: list[str] = []
    if not state.pending_fp:
        return state, notes
    owed: dict[str, int] = {}
    for pid in state.pending_fp:
        owed[pid] = owed.get(pid, 0) + 1
    changed = []
    for p in state.participants:
        gain = owed.get(p.id, 0)
        if gain:
            notes.append(f"{p.name} gains {gain} fate point{'s' if gain > 1 else ''} from tags")
            changed.append(_set(p, fate_points=p.fate_points + gain))
    state = _put(state, *changed).model_copy(update={"pending_fp": ()})
    return state, notes


def _begin_exchange(state: Encounter) -> tuple[Encounter, str]:
    state, notes = _deliver_fp(state)
    parts = list(state.participants)
    for i, p in enumerate(parts):
        if p.acted or p.holding or p.full_defense or p.penalty:
            parts[i] = _set(p, acted=False, holding=False, full_defense=False, penalty=0)
    order = state.order
    if state.rules.rotating_initiative and order:
        order = order[1:] + order[:1]  # the first actor goes last next exchange
    state = state.model_copy(
        update={
            "participants": tuple(parts), "exchange": state.exchange + 1, "blocks": (),
            "interrupt": None, "order": order, "concession_open": None,
        }
    )  # fmt: skip
    state = state.model_copy(update={"turn": _first_from(state, 0)})
    text = f"Exchange {state.exchange} begins"
    return state, "; ".join([text, *notes])


def _next_exchange(
    state: Encounter, cr: ConflictRules, ev: NextExchangeEvent
) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    return _begin_exchange(state)


def _require_started(state: Encounter) -> None:
    _require_running(state)
    if not state.started:
        raise RuleViolation("start the conflict first (initiative is not fixed yet)")


def _next_turn(state: Encounter, cr: ConflictRules, ev: NextTurnEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    if state.interrupt is not None:
        p = _get(state, state.interrupt)
        state = _put(state, _set(p, acted=True, holding=False, penalty=0))
        state = state.model_copy(update={"interrupt": None})
        nxt = state.current
        return state, f"{p.name} is done; {_name(state, nxt) if nxt else 'nobody'} is up"
    current = state.current
    if current is not None:
        p = _get(state, current)
        if not p.holding:
            state = _put(state, _set(p, acted=True, penalty=0))
    turn = _first_from(state, state.turn + 1 if current is not None else len(state.order))
    if turn < len(state.order):
        state = state.model_copy(update={"turn": turn})
        return state, f"{_name(state, state.order[turn])} is up"
    holders = [p for p in state.participants if p.holding and not p.taken_out]
    if holders and current is not None:
        state = state.model_copy(update={"turn": len(state.order)})
        names = ", ".join(p.name for p in holders)
        return state, f"Everyone has acted; still holding: {names}"
    return _begin_exchange(state)


def _roll_action(state: Encounter, cr: ConflictRules, ev: RollEvent) -> tuple[Encounter, str]:
    _require_running(state)
    _active(_get(state, ev.who))
    state, rec = _roll(
        state, cr, ev.who, ev.skill, ev.dice, modifier=ev.modifier, invokes=ev.invokes,
        spin=ev.spin,
    )  # fmt: skip
    shifts = max(0, rec.effort - ev.difficulty)
    success = rec.effort >= ev.difficulty
    spin = success and shifts >= cr.spin_margin
    if ev.uses_action:
        state = _acted(state, ev.who)
    verdict = f"success, {shifts} shift{'s' if shifts != 1 else ''}" if success else "failure"
    text = f"{_fmt_roll(state, rec)} vs {ev.difficulty:+d}: {verdict}" + (" (spin)" if spin else "")
    if ev.note:
        text += f" \u2014 {ev.note}"
    outcome = Outcome(
        action="roll", actor=ev.who, rolls=(rec,), opposition=ev.difficulty, shifts=shifts,
        success=success, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome, "spin": None}), text


def _protecting_block(state: Encounter, pid: str) -> Block | None:
    best: Block | None = None
    for b in state.blocks:
        if b.protects == pid and (best is None or b.strength > best.strength):
            best = b
    return best


def _attack(state: Encounter, cr: ConflictRules, ev: AttackEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    _check_spin((ev.spin, ev.defense_spin))
    attacker, defender = _get(state, ev.attacker), _get(state, ev.defender)
    _active(attacker)
    _active(defender)
    if attacker.id == defender.id:
        raise RuleViolation("a participant cannot attack itself")
    state, a = _roll(
        state, cr, ev.attacker, ev.skill, ev.dice, modifier=ev.modifier, invokes=ev.invokes,
        spin=ev.spin,
    )  # fmt: skip
    state, d = _roll(
        state, cr, ev.defender, ev.defense_skill, ev.defense_dice, modifier=ev.defense_modifier,
        invokes=ev.defense_invokes, spin=ev.defense_spin, defense=True,
    )  # fmt: skip
    defense = d.effort
    parts = [f"{_fmt_roll(state, a)} vs {_fmt_roll(state, d)}"]
    block = _protecting_block(state, ev.defender)
    if block is not None and block.strength > defense:
        defense = block.strength
        parts.append(f"{_name(state, block.by)}'s block holds at {block.strength:+d}")
    shifts = max(0, a.effort - defense)
    spin = defense - a.effort >= cr.spin_margin
    state = _acted(state, ev.attacker)
    state = state.model_copy(update={"spin": Spin(owner=ev.defender) if spin else None})
    if shifts:
        parts.append(f"{shifts} shift{'s' if shifts != 1 else ''}")
        state, text = _hit(state, cr, ev.defender, shifts, state.track, ev.attacker)
        parts.append(text)
    else:
        parts.append("no stress" + (f"; {_name(state, ev.defender)} gains spin" if spin else ""))
    text = f"{attacker.name} attacks {defender.name}: " + "; ".join(parts)
    outcome = Outcome(
        action="attack", actor=ev.attacker, target=ev.defender, rolls=(a, d), opposition=defense,
        shifts=shifts, success=shifts > 0, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome}), text


def _apply_stress(
    state: Encounter, cr: ConflictRules, ev: ApplyStressEvent
) -> tuple[Encounter, str]:
    _require_running(state)
    p = _get(state, ev.who)
    pending = state.pending_hit
    if ev.boxes:
        return _fill_lower(state, cr, p, ev)
    if ev.amount is None:
        if pending is None or pending.target != p.id:
            raise RuleViolation(f"{p.name} has no hit waiting to be absorbed")
        if pending.box is None:
            raise RuleViolation(
                f"no box can take {p.name}'s {pending.shifts}-point hit: take a consequence, "
                "concede or be taken out"
            )
        track = pending.track
        box = cr.stress_box_for(p, track, pending.shifts)
        assert box is not None  # the state has not changed since the hit was computed
        if p.track(track)[box]:
            return state.model_copy(update={"pending_hit": None}), (
                f"{p.name}'s armor takes the {pending.shifts}-point hit: box {box + 1} stays "
                "checked, no roll-up"
            )
        p = _with_track(p, track, _mark(p.track(track), box))
        state = _put(state, p).model_copy(update={"pending_hit": None})
        moved = "up" if box + 1 > pending.shifts else "down"
        rolled = f" (rolled {moved} from box {pending.shifts})" if box + 1 != pending.shifts else ""
        return state, f"{p.name} checks {track} box {box + 1}{rolled}"
    _require_no_pending(state)
    track = ev.track or state.track
    state, text = _hit(state, cr, p.id, ev.amount, track, None)
    pending = state.pending_hit
    if pending is not None and pending.box is not None:
        box = pending.box
        p = _get(state, p.id)
        state = _put(state, _with_track(p, track, _mark(p.track(track), box)))
        state = state.model_copy(update={"pending_hit": None})
        return state, f"{p.name} takes {ev.amount} {track} stress: box {box + 1}"
    return state, f"{p.name} takes {ev.amount} {track} stress: {text}"


def _fill_lower(
    state: Encounter, cr: ConflictRules, p: Participant, ev: ApplyStressEvent
) -> tuple[Encounter, str]:
    """One Hit to the Body: lower empty boxes adding up to the pending hit, instead of a
    roll-up (SotC SRD L3069)."""
    pending = state.pending_hit
    if ev.amount is not None or pending is None or pending.target != p.id:
        raise RuleViolation(f"{p.name} has no hit waiting to be absorbed")
    chosen = tuple(sorted(b - 1 for b in ev.boxes))
    choices = cr.fill_lower_choices(p, pending.track, pending.shifts)
    if not choices:
        raise RuleViolation(
            f"{p.name} cannot fill lower boxes for this hit (it needs One Hit to the Body and "
            f"a hit whose box is already checked)"
        )
    if chosen not in {tuple(sorted(c)) for c in choices}:
        raise RuleViolation(
            f"boxes {'+'.join(str(b) for b in sorted(ev.boxes))} are not empty lower boxes "
            f"adding up to {pending.shifts}"
        )
    track = p.track(pending.track)
    for index in chosen:
        track = _mark(track, index)
    state = _put(state, _with_track(p, pending.track, track))
    state = state.model_copy(update={"pending_hit": None})
    boxes = " and ".join(str(i + 1) for i in chosen)
    return state, f"{p.name} checks {pending.track} boxes {boxes} (One Hit to the Body)"


def _set_box(state: Encounter, cr: ConflictRules, ev: SetBoxEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    track = p.track(ev.track)
    if ev.box > len(track):
        raise RuleViolation(f"{p.name}'s {ev.track} track has only {len(track)} boxes")
    p = _with_track(p, ev.track, _mark(track, ev.box - 1, ev.checked))
    if p.is_group:
        p = _set(p, taken_out=p.remaining == 0)
    verb = "checks" if ev.checked else "clears"
    return _put(state, p), f"GM {verb} {p.name}'s {ev.track} box {ev.box}"


def _take_consequence(
    state: Encounter, cr: ConflictRules, ev: TakeConsequenceEvent
) -> tuple[Encounter, str]:
    _require_running(state)
    p = _get(state, ev.who)
    _active(p)
    if p.is_group:
        raise RuleViolation("minions take no consequences")
    changed: list[Participant] = []
    if ev.companion:
        comp = next(
            (c for c in state.participants
             if c.kind == "companion" and c.attached_to == p.id and not c.taken_out),
            None,
        )  # fmt: skip
        if comp is None:
            raise RuleViolation(f"{p.name} has no companion attached to take the hit")
        severity = "extra"
        changed.append(_set(comp, taken_out=True))
        what = f"companion consequence ({comp.name} is out)"
    else:
        nxt = cr.next_consequence(p, state.kind)
        if nxt is None:
            raise RuleViolation(f"{p.name} has no consequence left; the hit takes them out")
        severity = nxt
        what = f"{severity} consequence"
    consequence = Consequence(severity=severity, text=ev.text, kind=state.kind)
    p = _set(
        p, consequences=(*p.consequences, consequence),
        consequences_taken=p.consequences_taken + 1,
    )  # fmt: skip
    changed.append(p)
    state = _put(state, *changed)
    pending = state.pending_hit
    absorbed = ""
    if pending is not None and pending.target == p.id:
        absorbed = f", absorbing the {pending.shifts}-point hit"
        state = state.model_copy(update={"pending_hit": None})
    text = f"{p.name} takes a {what}: \u201c{ev.text}\u201d{absorbed}"
    if p.grit is not None and p.consequences_taken >= p.grit:
        text += f" (grit {p.grit} reached: ready to concede)"
    return state.model_copy(update={"concession_open": p.id}), text


def _remove_consequence(
    state: Encounter, cr: ConflictRules, ev: RemoveConsequenceEvent
) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    folded = ev.text.casefold().strip()
    for i, c in enumerate(p.consequences):
        if c.text.casefold().strip() == folded:
            spent = p.spent_slots if c.severity == "extra" else (*p.spent_slots, c.severity)
            rest = p.consequences[:i] + p.consequences[i + 1 :]
            p = _set(p, consequences=rest, spent_slots=spent)
            return _put(state, p), f"{p.name} clears the {c.severity} \u201c{c.text}\u201d"
    raise RuleViolation(f"{p.name} has no consequence \u201c{ev.text}\u201d")


def _concede(state: Encounter, cr: ConflictRules, ev: ConcedeEvent) -> tuple[Encounter, str]:
    _require_running(state)
    p, to = _get(state, ev.who), _get(state, ev.to)
    if state.concession_open != p.id:
        raise RuleViolation(f"{p.name} can offer a concession only on taking a consequence")
    state = state.model_copy(update={"concession_open": None})
    terms = f" (\u201c{ev.terms}\u201d)" if ev.terms else ""
    if ev.accepted:
        state = _put(state, _set(p, taken_out=True, conceded=True))
        return state, f"{to.name} accepts {p.name}'s concession{terms}: {p.name} is out"
    if not ev.reasonable:
        return state, f"{to.name} refuses {p.name}'s concession{terms} (not a reasonable offer)"
    # SotC "Concessions": a reasonable offer refused: offerer +1, refuser -1.
    state = _put(
        state, _set(p, fate_points=p.fate_points + 1),
        _set(to, fate_points=max(0, to.fate_points - 1)),
    )  # fmt: skip
    return state, (
        f"{to.name} refuses {p.name}'s concession{terms}: {p.name} gains a fate point, "
        f"{to.name} loses one"
    )


def _take_out(state: Encounter, cr: ConflictRules, ev: TakeOutEvent) -> tuple[Encounter, str]:
    _require_running(state)
    p = _get(state, ev.who)
    _active(p)
    text = f"{p.name} is taken out" + (f" by {_name(state, ev.by)}" if ev.by else "")
    fp = p.fate_points
    if ev.override:
        # SotC "Taken Out": all remaining fate points (minimum one) buy a different fate.
        if fp < 1:
            raise RuleViolation(f"{p.name} needs at least one fate point to choose the outcome")
        text += f", spending all {fp} fate point{'s' if fp > 1 else ''} to choose how"
        fp = 0
    state = _put(state, _set(p, taken_out=True, fate_points=fp))
    if state.pending_hit is not None and state.pending_hit.target == p.id:
        state = state.model_copy(update={"pending_hit": None})
    return state, text


def _maneuver(state: Encounter, cr: ConflictRules, ev: ManeuverEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    _check_spin((ev.spin, ev.defense_spin))
    actor = _get(state, ev.actor)
    _active(actor)
    state, a = _roll(
        state, cr, ev.actor, ev.skill, ev.dice, modifier=ev.modifier, invokes=ev.invokes,
        spin=ev.spin,
    )  # fmt: skip
    rolls = [a]
    spin = False
    if ev.target is not None:
        target = _get(state, ev.target)
        _active(target)
        state, d = _roll(
            state, cr, ev.target, ev.defense_skill, ev.defense_dice,
            modifier=ev.defense_modifier, invokes=ev.defense_invokes, spin=ev.defense_spin,
            defense=True,
        )  # fmt: skip
        rolls.append(d)
        opposition = d.effort
        shifts = max(0, a.effort - opposition)
        success = shifts >= 1  # SotC "Resolving Maneuvers": at least one shift
        spin = opposition - a.effort >= cr.spin_margin
        head = f"{actor.name} maneuvers on {target.name}: {_fmt_roll(state, a)} vs " + _fmt_roll(
            state, d
        )
    else:
        opposition = ev.difficulty
        shifts = max(0, a.effort - opposition)
        success = a.effort >= opposition
        head = f"{actor.name} maneuvers: {_fmt_roll(state, a)} vs {opposition:+d}"
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
    state, r = _roll(
        state, cr, ev.actor, ev.skill, ev.dice, modifier=-ev.penalty, invokes=ev.invokes,
        spin=ev.spin,
    )  # fmt: skip
    block = Block(
        by=ev.actor, strength=r.effort, protects=ev.protects, against=ev.against,
        exchange=state.exchange,
    )  # fmt: skip
    state = _acted(state, ev.actor)
    what = f"protecting {_name(state, ev.protects)}" if ev.protects else f"against {ev.against!r}"
    text = f"{actor.name} blocks {what}: {_fmt_roll(state, r)}, strength {r.effort:+d}"
    outcome = Outcome(
        action="block", actor=ev.actor, target=ev.protects, rolls=(r,), success=True, text=text
    )
    return state.model_copy(
        update={"blocks": (*state.blocks, block), "last": outcome, "spin": None}
    ), text


def _pass_block(state: Encounter, cr: ConflictRules, ev: PassBlockEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    actor = _get(state, ev.actor)
    _active(actor)
    block = next((b for b in state.blocks if b.by == ev.blocker and b.protects is None), None)
    if block is None:
        raise RuleViolation(f"{_name(state, ev.blocker)} has no block standing this exchange")
    state, r = _roll(state, cr, ev.actor, ev.skill, ev.dice, invokes=ev.invokes, spin=ev.spin)
    shifts = max(0, r.effort - block.strength)
    success = shifts >= 1  # SotC "Block Actions": at least one shift gets past
    state = _acted(state, ev.actor)  # getting past a block always takes the action
    verdict = "gets past" if success else "is stopped by"
    text = (
        f"{actor.name} {verdict} {_name(state, ev.blocker)}'s block: {_fmt_roll(state, r)} vs "
        f"{block.strength:+d}"
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
    if p.acted:
        raise RuleViolation(f"{p.name} has already acted this exchange")
    state = _put(state, _set(p, full_defense=True, acted=True, holding=False))
    bonus = cr.full_defense_bonus
    return state, f"{p.name} goes on full defense (+{bonus} to defend this exchange)"


def _hold(state: Encounter, cr: ConflictRules, ev: HoldEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    if state.interrupt is not None or state.current != ev.who:
        raise RuleViolation(f"only the current actor can hold ({_name(state, ev.who)} is not up)")
    p = _get(state, ev.who)
    state = _put(state, _set(p, holding=True))
    turn = _first_from(state, state.turn + 1)
    state = state.model_copy(update={"turn": turn})
    nxt = _name(state, state.order[turn]) if turn < len(state.order) else "nobody else"
    return state, f"{p.name} holds their action; {nxt} is up"


def _resume(state: Encounter, cr: ConflictRules, ev: ResumeEvent) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    p = _get(state, ev.who)
    if not p.holding:
        raise RuleViolation(f"{p.name} is not holding an action")
    if state.interrupt is not None:
        raise RuleViolation(f"{_name(state, state.interrupt)} is acting; wait until they finish")
    return state.model_copy(update={"interrupt": p.id}), f"{p.name} takes the held action"


def _path(state: Encounter, start: str, goal: str) -> list[tuple[str, int]]:
    """Cheapest route as [(zone, border value), ...] after ``start``; each step costs 1+border."""
    edges: dict[str, list[tuple[str, int]]] = {}
    for b in state.borders:
        x, y = b.between
        edges.setdefault(x, []).append((y, b.value))
        edges.setdefault(y, []).append((x, b.value))
    best: dict[str, int] = {start: 0}
    prev: dict[str, tuple[str, int]] = {}
    heap = [(0, start)]
    while heap:
        cost, zone = heapq.heappop(heap)
        if zone == goal:
            break
        if cost > best.get(zone, cost):
            continue
        for nxt, value in sorted(edges.get(zone, [])):
            c = cost + 1 + value
            if c < best.get(nxt, c + 1):
                best[nxt] = c
                prev[nxt] = (zone, value)
                heapq.heappush(heap, (c, nxt))
    if goal not in best:
        return []
    route: list[tuple[str, int]] = []
    zone = goal
    while zone != start:
        before, value = prev[zone]
        route.append((zone, value))
        zone = before
    return route[::-1]


def _move(state: Encounter, cr: ConflictRules, ev: MoveEvent) -> tuple[Encounter, str]:
    _require_running(state)
    p = _get(state, ev.who)
    _active(p)
    if not any(z.id == ev.to for z in state.zones):
        raise RuleViolation(f"there is no zone {ev.to!r}")
    changes: dict[str, Any] = {}
    if p.zone is None or p.zone == ev.to:
        changes["zone"] = ev.to
        text = f"{p.name} is in {ev.to}"
        outcome = state.last
    else:
        route = _path(state, p.zone, ev.to)
        if not route:
            raise RuleViolation(f"no way from {p.zone} to {ev.to}")
        if not ev.sprint:
            if len(route) != 1:
                raise RuleViolation("a supplemental move goes one zone; sprint to go further")
            penalty = 1 + route[0][1]  # SotC "Movement": -1, plus the border's value
            changes.update(zone=ev.to, penalty=p.penalty + penalty)
            text = f"{p.name} moves to {ev.to} (-{penalty} on this turn's action)"
            outcome = state.last
        else:
            state, r = _roll(state, cr, p.id, ev.skill, ev.dice)
            shifts = max(0, r.effort)  # sprint: Athletics against Mediocre (digest 6.2)
            zone, spent = p.zone, 0
            for i, (nxt, value) in enumerate(route):
                step = 1 + value
                if spent + step <= shifts or (i == 0 and value == 0):
                    spent += step
                    zone = nxt
                else:
                    break
            changes.update(zone=zone, acted=True)
            text = f"{p.name} sprints: {_fmt_roll(state, r)}, {shifts} shifts; reaches {zone}"
            outcome = Outcome(
                action="sprint", actor=p.id, rolls=(r,), opposition=0, shifts=shifts,
                success=zone == ev.to, text=text,
            )  # fmt: skip
            state = state.model_copy(update={"spin": None})
    mover = _get(state, p.id)
    if mover.attached_to is not None and mover.kind != "companion":
        changes["attached_to"] = None  # moving away from the leader detaches (SotC "Mixed Groups")
    mover = _set(mover, **changes)
    moved: list[Participant] = [mover]
    for q in state.participants:
        if q.attached_to == mover.id:
            # minions stay behind and detach; a companion keeps up with its patron
            moved.append(
                _set(q, zone=mover.zone) if q.kind == "companion" else _set(q, attached_to=None)
            )
    state = _reorder(_put(state, *moved))
    return state.model_copy(update={"last": outcome}), text


def _attach(state: Encounter, cr: ConflictRules, ev: AttachEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    if ev.to is None:
        state = _reorder(_put(state, _set(p, attached_to=None)))
        return state, f"{p.name} detaches"
    leader = _get(state, ev.to)
    if p.kind not in ("minions", "companion"):
        raise RuleViolation("only minion groups and companions attach to a character")
    if leader.kind not in ("pc", "npc"):
        raise RuleViolation(f"{leader.name} is not a named character")
    if p.kind == "companion" and cr.campaign.companions_have_stress:
        others = [
            c for c in state.participants
            if c.kind == "companion" and c.attached_to == leader.id and c.id != p.id
        ]  # fmt: skip
        if others:  # "How To Do Things": one companion attached at a time
            raise RuleViolation(f"{leader.name} already has {others[0].name} attached")
    state = _reorder(_put(state, _set(p, attached_to=leader.id, zone=leader.zone)))
    return state, f"{p.name} attaches to {leader.name}"


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


def _add_aspect(state: Encounter, cr: ConflictRules, ev: AddAspectEvent) -> tuple[Encounter, str]:
    if ev.holder is not None:
        _get(state, ev.holder)
    if ev.created_by is not None:
        _get(state, ev.created_by)
    aid = f"a{state.next_aspect}"
    aspect = Aspect(
        id=aid, text=ev.text, holder=ev.holder, created_by=ev.created_by, free_tags=ev.free_tags,
        free_tag_owner=ev.created_by if ev.free_tags else None, sticky=ev.sticky,
        hidden=ev.hidden,
    )  # fmt: skip
    state = state.model_copy(
        update={"aspects": (*state.aspects, aspect), "next_aspect": state.next_aspect + 1}
    )
    return state, f"\u201c{ev.text}\u201d is on {_name(state, ev.holder)}"


def _remove_aspect(
    state: Encounter, cr: ConflictRules, ev: RemoveAspectEvent
) -> tuple[Encounter, str]:
    aspect = state.aspect(ev.aspect)
    if aspect is None:
        raise RuleViolation(f"there is no aspect {ev.aspect!r}")
    aspects = tuple(a for a in state.aspects if a.id != ev.aspect)
    return state.model_copy(update={"aspects": aspects}), f"\u201c{aspect.text}\u201d is gone"


def _tag_aspect(state: Encounter, cr: ConflictRules, ev: TagAspectEvent) -> tuple[Encounter, str]:
    state, label = _use_invoke(state, cr, ev.invoke)
    return state, f"{_name(state, ev.invoke.by)} uses {label} for effect"


def _add_participant(
    state: Encounter, cr: ConflictRules, ev: AddParticipantEvent
) -> tuple[Encounter, str]:
    p = ev.participant
    if state.find(p.id) is not None:
        raise RuleViolation(f"there is already a participant {p.id!r}")
    if p.attached_to is not None:
        leader = _get(state, p.attached_to)
        if p.kind == "companion" and cr.campaign.companions_have_stress:
            for c in state.participants:
                if c.kind == "companion" and c.attached_to == leader.id:
                    # "How To Do Things": one companion attached at a time
                    raise RuleViolation(f"{leader.name} already has {c.name} attached")
    state = state.model_copy(update={"participants": (*state.participants, p)})
    return _reorder(state), f"{p.name} joins the scene"


def _remove_participant(
    state: Encounter, cr: ConflictRules, ev: RemoveParticipantEvent
) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    current = state.current
    parts = tuple(
        _set(q, attached_to=None) if q.attached_to == p.id else q
        for q in state.participants
        if q.id != p.id
    )
    updates: dict[str, Any] = {
        "participants": parts,
        "aspects": tuple(a for a in state.aspects if a.holder != p.id),
        "blocks": tuple(b for b in state.blocks if p.id not in (b.by, b.protects)),
        "pending_fp": tuple(x for x in state.pending_fp if x != p.id),
    }
    if state.pending_hit is not None and state.pending_hit.target == p.id:
        updates["pending_hit"] = None
    if state.interrupt == p.id:
        updates["interrupt"] = None
    if state.spin is not None and state.spin.owner == p.id:
        updates["spin"] = None
    if state.concession_open == p.id:
        updates["concession_open"] = None
    state = state.model_copy(update=updates)
    if state.started:
        order = tuple(x for x in state.order if x != p.id)
        if current == p.id or current is None:
            turn = min(state.order.index(p.id), len(order)) if p.id in state.order else state.turn
            state = state.model_copy(update={"order": order, "turn": turn})
            state = state.model_copy(update={"turn": _first_from(state, turn)})
        else:
            state = state.model_copy(update={"order": order, "turn": order.index(current)})
        state = _reorder(state)
    return state, f"{p.name} leaves the scene"


def _set_hidden(state: Encounter, cr: ConflictRules, ev: SetHiddenEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    state = _put(state, _set(p, hidden=ev.hidden))
    return state, f"{p.name} is {'hidden from' if ev.hidden else 'shown to'} the players"


def _end_scene(state: Encounter, cr: ConflictRules, ev: EndSceneEvent) -> tuple[Encounter, str]:
    _require_running(state)
    state, notes = _deliver_fp(state)
    parts = []
    for p in state.participants:
        changes: dict[str, Any] = {
            "spent_slots": (), "consequences_taken": 0, "acted": False, "holding": False,
            "full_defense": False, "penalty": 0,
        }  # fmt: skip
        if ev.clear_stress and not p.is_group:  # fallen minions stay fallen
            changes["health"] = (False,) * len(p.health)
            changes["composure"] = (False,) * len(p.composure)
        if ev.breather:
            changes["consequences"] = cr.recover(p.consequences, "breather", False)
        parts.append(_set(p, **changes))
    state = state.model_copy(
        update={
            "participants": tuple(parts), "ended": True, "aspects": (), "blocks": (),
            "pending_hit": None, "spin": None, "interrupt": None, "concession_open": None,
        }
    )  # fmt: skip
    text = "The scene ends"
    text += "; stress clears" if ev.clear_stress else "; stress stays"
    text += "; mild consequences fade" if ev.breather else "; no breather"
    return state, "; ".join([text, *notes])


def _recover(state: Encounter, cr: ConflictRules, ev: RecoverEvent) -> tuple[Encounter, str]:
    if ev.who is not None:
        _get(state, ev.who)
    parts = tuple(
        _set(p, consequences=cr.recover(p.consequences, ev.period, ev.back_to_back),
             spent_slots=())
        if ev.who in (None, p.id) else p
        for p in state.participants
    )  # fmt: skip
    who = _name(state, ev.who) if ev.who else "everyone"
    return state.model_copy(update={"participants": parts}), f"{who} recovers ({ev.period})"


# -- framing the scene (SotC "Framing the Scene", digest 6.1 step 1 and 6.2) -----------------


def _zone_name(state: Encounter, zone: str | None) -> str:
    for z in state.zones:
        if z.id == zone:
            return z.name or z.id
    return zone or "nowhere"


def _require_zone(state: Encounter, zone: str) -> Zone:
    for z in state.zones:
        if z.id == zone:
            return z
    raise RuleViolation(f"there is no zone {zone!r}")


def _set_scene(state: Encounter, cr: ConflictRules, ev: SetSceneEvent) -> tuple[Encounter, str]:
    updates: dict[str, Any] = {}
    parts: list[str] = []
    if ev.kind is not None and ev.kind != state.kind:
        if state.started:
            raise RuleViolation("the conflict's kind is fixed once initiative is set")
        updates["kind"] = ev.kind
        parts.append(f"a {ev.kind} conflict")
    if ev.rules is not None and ev.rules != state.rules:
        if state.started:
            raise RuleViolation("the campaign rules are fixed once the conflict has started")
        old, new = state.rules, ev.rules
        shaping = (old.stress_boxes, old.companions_have_stress)
        if state.participants and (new.stress_boxes, new.companions_have_stress) != shaping:
            raise RuleViolation(
                "stress boxes and companions' stress shape every track: change them before "
                "adding the cast"
            )
        updates["rules"] = new
        parts.append(
            f"run with {new.stress_boxes} stress boxes"
            + (", companions with stress" if new.companions_have_stress else "")
            + (", rotating initiative" if new.rotating_initiative else "")
        )
    if ev.name is not None and ev.name != state.name:
        updates["name"] = ev.name
        parts.append(f"named \u201c{ev.name}\u201d")
    if not parts:
        raise RuleViolation("the scene is already framed that way")
    return state.model_copy(update=updates), "The scene is " + " and ".join(parts)


def _add_zone(state: Encounter, cr: ConflictRules, ev: AddZoneEvent) -> tuple[Encounter, str]:
    if any(z.id == ev.zone for z in state.zones):
        raise RuleViolation(f"there is already a zone {ev.zone!r}")
    zones = (*state.zones, Zone(id=ev.zone, name=ev.name))
    if len(zones) > 100:
        raise RuleViolation("a scene has at most 100 zones")
    return state.model_copy(update={"zones": zones}), f"Zone {ev.name or ev.zone} is added"


def _rename_zone(state: Encounter, cr: ConflictRules, ev: RenameZoneEvent) -> tuple[Encounter, str]:
    old = _require_zone(state, ev.zone)
    zones = tuple(z.model_copy(update={"name": ev.name}) if z.id == ev.zone else z
                  for z in state.zones)  # fmt: skip
    text = f"Zone {old.name or old.id} is now {ev.name or ev.zone}"
    return state.model_copy(update={"zones": zones}), text


def _remove_zone(state: Encounter, cr: ConflictRules, ev: RemoveZoneEvent) -> tuple[Encounter, str]:
    old = _require_zone(state, ev.zone)
    parts = tuple(_set(p, zone=None) if p.zone == ev.zone else p for p in state.participants)
    state = state.model_copy(
        update={
            "zones": tuple(z for z in state.zones if z.id != ev.zone),
            "borders": tuple(b for b in state.borders if ev.zone not in b.between),
            "participants": parts,
        }
    )
    return state, f"Zone {old.name or old.id} is removed"


def _set_border(state: Encounter, cr: ConflictRules, ev: SetBorderEvent) -> tuple[Encounter, str]:
    x, y = ev.between
    if x == y:
        raise RuleViolation("a border joins two different zones")
    _require_zone(state, x)
    _require_zone(state, y)
    pair = {x, y}
    rest = tuple(b for b in state.borders if set(b.between) != pair)
    names = f"{_zone_name(state, x)} and {_zone_name(state, y)}"
    if ev.value is None:
        if len(rest) == len(state.borders):
            raise RuleViolation(f"{names} are not adjacent")
        return state.model_copy(update={"borders": rest}), f"{names} are no longer adjacent"
    border = Border(between=(x, y), value=ev.value)
    borders = (*rest, border)
    if len(borders) > 500:
        raise RuleViolation("a scene has at most 500 borders")
    what = "an open passage" if ev.value == 0 else f"border {ev.value}"
    return state.model_copy(update={"borders": borders}), f"{names}: {what}"


def _place(state: Encounter, cr: ConflictRules, ev: PlaceEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    if ev.zone is not None:
        _require_zone(state, ev.zone)
    changes: dict[str, Any] = {"zone": ev.zone}
    if p.attached_to is not None and p.kind == "minions":
        leader = state.find(p.attached_to)
        if leader is None or leader.zone != ev.zone:
            changes["attached_to"] = None  # away from the leader: detached (SotC "Mixed Groups")
    moved = [_set(p, **changes)]
    moved += [_set(q, zone=ev.zone) for q in state.participants if q.attached_to == p.id]
    state = _put(state, *moved)
    if "attached_to" in changes and changes["attached_to"] is None:
        state = _reorder(state)
    return state, f"{p.name} is placed in {_zone_name(state, ev.zone)}"


def _edit_aspect(state: Encounter, cr: ConflictRules, ev: EditAspectEvent) -> tuple[Encounter, str]:
    aspect = state.aspect(ev.aspect)
    if aspect is None:
        raise RuleViolation(f"there is no aspect {ev.aspect!r}")
    changes: dict[str, Any] = {}
    notes: list[str] = []
    if ev.text is not None and ev.text != aspect.text:
        changes["text"] = ev.text
        notes.append(f"now \u201c{ev.text}\u201d")
    if ev.sticky is not None and ev.sticky != aspect.sticky:
        changes["sticky"] = ev.sticky
        notes.append("sticky" if ev.sticky else "fragile")
    if ev.free_tags is not None and ev.free_tags != aspect.free_tags:
        changes["free_tags"] = ev.free_tags
        notes.append(f"{ev.free_tags} free tag{'s' if ev.free_tags != 1 else ''}")
    if ev.hidden is not None and ev.hidden != aspect.hidden:
        changes["hidden"] = ev.hidden
        notes.append("hidden from the players" if ev.hidden else "shown to the players")
    if not changes:
        raise RuleViolation(f"\u201c{aspect.text}\u201d is already that way")
    new = aspect.model_copy(update=changes)
    aspects = tuple(new if a.id == aspect.id else a for a in state.aspects)
    return state.model_copy(update={"aspects": aspects}), (
        f"\u201c{aspect.text}\u201d: " + ", ".join(notes)
    )


_HANDLERS: dict[str, Callable[[Encounter, ConflictRules, Any], tuple[Encounter, str]]] = {
    "start": _start, "next_turn": _next_turn, "next_exchange": _next_exchange,
    "roll": _roll_action, "attack": _attack, "apply_stress": _apply_stress, "set_box": _set_box,
    "take_consequence": _take_consequence, "remove_consequence": _remove_consequence,
    "concede": _concede, "take_out": _take_out, "maneuver": _maneuver, "block": _block,
    "pass_block": _pass_block, "full_defense": _full_defense, "hold": _hold, "resume": _resume,
    "move": _move, "attach": _attach, "spend_fate_point": _spend_fp,
    "grant_fate_point": _grant_fp, "add_aspect": _add_aspect, "remove_aspect": _remove_aspect,
    "tag_aspect": _tag_aspect, "add_participant": _add_participant,
    "remove_participant": _remove_participant, "end_scene": _end_scene, "recover": _recover,
    "set_hidden": _set_hidden, "set_scene": _set_scene, "add_zone": _add_zone,
    "rename_zone": _rename_zone, "remove_zone": _remove_zone, "set_border": _set_border,
    "place": _place, "edit_aspect": _edit_aspect,
}  # fmt: skip

_CLOSES_CONCESSION = frozenset(
    {"next_turn", "next_exchange", "attack", "maneuver", "block", "pass_block", "roll", "move",
     "end_scene", "take_out"}
)  # fmt: skip


def apply_event(state: Encounter, event: Event) -> Result:
    """Apply one event; returns the new state and its log entry.

    Raises:
        RuleViolation: when the rules do not allow the event (the state is unchanged).
    """
    cr = conflict_rules_for(state.system, state.rules)
    handler = _HANDLERS[event.do]
    new, text = handler(state, cr, event)
    if event.do in _CLOSES_CONCESSION and new.concession_open == state.concession_open:
        new = new.model_copy(update={"concession_open": None})
    entry = LogEntry(index=state.step, exchange=state.exchange, event=event, text=text)
    return new.model_copy(update={"step": state.step + 1}), entry


def replay(initial: Encounter, events: Iterable[Event]) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """Fold ``events`` over ``initial``: the same events always give the same fight."""
    state = initial
    log: list[LogEntry] = []
    for event in events:
        state, entry = apply_event(state, event)
        log.append(entry)
    return state, tuple(log)


# -- dice from a seed -------------------------------------------------------------------------

_DICE_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": ("dice",), "attack": ("dice", "defense_dice"), "maneuver": ("dice", "defense_dice"),
    "block": ("dice",), "pass_block": ("dice",), "move": ("dice",),
}  # fmt: skip


def fill_dice(event: E, rng: random.Random, system: str = "sotc") -> E:
    """``event`` with every missing die drawn from ``rng`` (faces given are kept): the dice of
    each roll in order, then the faces of rerolls asked for without faces (``reroll: ()``)."""
    fields = _DICE_FIELDS.get(getattr(event, "do", ""), ())
    if not fields:
        return event
    cr = conflict_rules_for(system, SotcSettings())
    spec = parse_dice(cr.dice_for())
    values = spec.face_values()
    updates: dict[str, Any] = {}
    for name in fields:
        if getattr(event, name) is not None:
            continue
        if name == "defense_dice" and getattr(event, "target", "x") is None:
            continue
        if getattr(event, "do", "") == "move" and not getattr(event, "sprint", False):
            continue
        updates[name] = tuple(rng.choice(values) for _ in range(spec.count))
    for name in ("invokes", "defense_invokes"):
        # a reroll asked for with no faces (``"reroll": []``) draws them, after the dice
        invokes = getattr(event, name, ())
        if any(inv.reroll == () for inv in invokes):
            updates[name] = tuple(
                inv.model_copy(
                    update={"reroll": tuple(rng.choice(values) for _ in range(spec.count))}
                )
                if inv.reroll == ()
                else inv
                for inv in invokes
            )
    return event.model_copy(update=updates) if updates else event


# -- odds for the dice panel ------------------------------------------------------------------


def roll_bonus(state: Encounter, pid: str, skill: str, *, defense: bool = False) -> int:
    """Everything a roll of ``skill`` by ``pid`` adds to the dice before invokes: the rating,
    the group bonus, full defense (defending) or a pending supplemental penalty (acting)."""
    cr = conflict_rules_for(state.system, state.rules)
    p = _get(state, pid)
    total = p.skill(skill, state.kind) + cr.group_bonus(group_size(state, p))
    if defense and p.full_defense:
        total += cr.full_defense_bonus
    if not defense:
        total -= p.penalty
    return total


@cache
def _difference(dice: str) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of (attacker's dice - defender's dice), each rolling ``dice``."""
    dist = distribution(dice)
    out: dict[int, Fraction] = {}
    for a, pa in dist.items():
        for d, pd in dist.items():
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
    state: Encounter,
    attack_total: int,
    defense_total: int,
    block: int | None = None,
    *,
    rerolls: int = 0,
    defense_rerolls: int = 0,
) -> Fraction:
    """Chance that the attacker's effort beats the defender's by at least one shift; with a
    protecting ``block`` strength, the better of the defense roll and the block counts (SotC
    "Block Actions").

    ``rerolls`` and ``defense_rerolls`` are the rerolls each side has queued (SotC "Invoking
    Aspects"): whichever side is losing rerolls its own dice while it has one, the other roll
    standing, until the loser runs out. Exact, by recursion over both rolls.
    """
    cr = conflict_rules_for(state.system, state.rules)
    if rerolls < 0 or defense_rerolls < 0:
        raise ValueError("rerolls cannot be negative")
    if block is None and not rerolls and not defense_rerolls:
        need = defense_total - attack_total + 1
        return sum((p for diff, p in _difference(cr.dice_for()) if diff >= need), start=Fraction(0))
    dist = tuple(distribution(cr.dice_for()).items())

    def wins(a: int, d: int) -> bool:
        held = defense_total + d if block is None else max(defense_total + d, block)
        return attack_total + a - held >= 1

    @cache
    def after(a: int, d: int, ka: int, kd: int) -> Fraction:
        if wins(a, d):
            if not kd:
                return Fraction(1)
            return sum((pd * after(a, d2, ka, kd - 1) for d2, pd in dist), start=Fraction(0))
        if not ka:
            return Fraction(0)
        return sum((pa * after(a2, d, ka - 1, kd) for a2, pa in dist), start=Fraction(0))

    return sum(
        (pa * pd * after(a, d, rerolls, defense_rerolls) for a, pa in dist for d, pd in dist),
        start=Fraction(0),
    )


def protecting_block(state: Encounter, pid: str) -> int | None:
    """The strongest block protecting ``pid`` this exchange, or None."""
    block = _protecting_block(state, pid)
    return None if block is None else block.strength


def roll_odds(state: Encounter, total: int, difficulty: int, *, rerolls: int = 0) -> Fraction:
    """Chance that a roll with ``total`` added meets ``difficulty``, a failure rerolled up to
    ``rerolls`` times (SotC "Invoking Aspects"; see :func:`reroll_odds`)."""
    cr = conflict_rules_for(state.system, state.rules)
    spec = parse_dice(cr.dice_for())
    p = probability_at_least(spec.model_copy(update={"modifier": total}), difficulty)
    return reroll_odds(p, rerolls)


# -- keyword API ------------------------------------------------------------------------------


def start(state: Encounter) -> Result:
    """Fix the initiative order and begin exchange 1 (SotC "Establish Initiative")."""
    return apply_event(state, StartEvent())


def next_turn(state: Encounter) -> Result:
    """The current actor is done; the next one acts (a new exchange after the last)."""
    return apply_event(state, NextTurnEvent())


def next_exchange(state: Encounter) -> Result:
    """End this exchange now (blocks lapse, owed fate points arrive) and begin the next."""
    return apply_event(state, NextExchangeEvent())


def roll(state: Encounter, **kwargs: Any) -> Result:
    """A simple action (see :class:`rules.encounter.RollEvent`)."""
    return apply_event(state, RollEvent(**kwargs))


def attack(state: Encounter, **kwargs: Any) -> Result:
    """An attack (see :class:`rules.encounter.AttackEvent`)."""
    return apply_event(state, AttackEvent(**kwargs))


def apply_stress(state: Encounter, **kwargs: Any) -> Result:
    """Check a box for the pending hit, or for a hit of ``amount``."""
    return apply_event(state, ApplyStressEvent(**kwargs))


def take_consequence(state: Encounter, **kwargs: Any) -> Result:
    """Take a consequence, absorbing the pending hit."""
    return apply_event(state, TakeConsequenceEvent(**kwargs))


def concede(state: Encounter, **kwargs: Any) -> Result:
    """Offer a concession (accepted or refused)."""
    return apply_event(state, ConcedeEvent(**kwargs))


def take_out(state: Encounter, **kwargs: Any) -> Result:
    """Take a participant out."""
    return apply_event(state, TakeOutEvent(**kwargs))


def maneuver(state: Encounter, **kwargs: Any) -> Result:
    """A maneuver (see :class:`rules.encounter.ManeuverEvent`)."""
    return apply_event(state, ManeuverEvent(**kwargs))


def block(state: Encounter, **kwargs: Any) -> Result:
    """A block (see :class:`rules.encounter.BlockEvent`)."""
    return apply_event(state, BlockEvent(**kwargs))


def pass_block(state: Encounter, **kwargs: Any) -> Result:
    """Try to get past a block."""
    return apply_event(state, PassBlockEvent(**kwargs))


def full_defense(state: Encounter, who: str) -> Result:
    """Full defense for the exchange."""
    return apply_event(state, FullDefenseEvent(who=who))


def hold(state: Encounter, who: str) -> Result:
    """The current actor holds its action."""
    return apply_event(state, HoldEvent(who=who))


def resume(state: Encounter, who: str) -> Result:
    """A holder acts now."""
    return apply_event(state, ResumeEvent(who=who))


def move(state: Encounter, **kwargs: Any) -> Result:
    """Move one zone, or sprint."""
    return apply_event(state, MoveEvent(**kwargs))


def attach(state: Encounter, who: str, to: str | None) -> Result:
    """Attach (or detach, ``to`` None) a minion group or companion."""
    return apply_event(state, AttachEvent(who=who, to=to))


def spend_fate_point(state: Encounter, who: str, reason: str = "") -> Result:
    """Spend a fate point."""
    return apply_event(state, SpendFatePointEvent(who=who, reason=reason))


def grant_fate_point(state: Encounter, who: str, amount: int = 1, reason: str = "") -> Result:
    """Give fate points."""
    return apply_event(state, GrantFatePointEvent(who=who, amount=amount, reason=reason))


def add_aspect(state: Encounter, **kwargs: Any) -> Result:
    """Add a scene or temporary aspect."""
    return apply_event(state, AddAspectEvent(**kwargs))


def remove_aspect(state: Encounter, aspect: str) -> Result:
    """Remove an aspect by id."""
    return apply_event(state, RemoveAspectEvent(aspect=aspect))


def tag_aspect(state: Encounter, **kwargs: Any) -> Result:
    """Use an aspect for effect (see :class:`rules.encounter.Invoke`)."""
    return apply_event(state, TagAspectEvent(invoke=Invoke(**kwargs)))


def add_participant(state: Encounter, participant: Participant) -> Result:
    """Someone joins the scene."""
    return apply_event(state, AddParticipantEvent(participant=participant))


def remove_participant(state: Encounter, who: str) -> Result:
    """Someone leaves the scene."""
    return apply_event(state, RemoveParticipantEvent(who=who))


def end_scene(state: Encounter, *, clear_stress: bool = True, breather: bool = True) -> Result:
    """End the scene (stress clears, mild consequences fade)."""
    return apply_event(state, EndSceneEvent(clear_stress=clear_stress, breather=breather))


def recover(
    state: Encounter, period: RecoveryPeriod, who: str | None = None, back_to_back: bool = False
) -> Result:
    """Consequences recover after ``period``."""
    return apply_event(state, RecoverEvent(period=period, who=who, back_to_back=back_to_back))


# -- building participants and carrying results -----------------------------------------------


def minion_group(
    cr: ConflictRules,
    *,
    pid: str,
    name: str,
    quality: int,
    count: int,
    scope: tuple[str, ...] = ("physical",),
    side: str = "",
    seat: int = 0,
    zone: str | None = None,
    attached_to: str | None = None,
) -> Participant:
    """A minion group: ``count`` minions of ``quality`` (boxes per minion from the rules)."""
    if not 1 <= count <= 200:
        raise RuleViolation("a minion group has between 1 and 200 minions")
    boxes = cr.minion_boxes(quality) * count
    return Participant.model_validate(
        {
            "id": pid, "name": name or pid, "kind": "minions", "side": side, "quality": quality,
            "count": count, "scope": scope, "health": (False,) * boxes,
            "composure": (False,) * boxes, "seat": seat, "zone": zone,
            "attached_to": attached_to,
        }
    )  # fmt: skip


def companion(
    cr: ConflictRules,
    *,
    pid: str,
    name: str,
    quality: int,
    patron: str | None,
    scope: tuple[str, ...] = ("physical",),
    skills: dict[str, int] | None = None,
    side: str = "",
    seat: int = 0,
) -> Participant:
    """A companion (SotC "Companions"); with stressed companions, 1 + quality boxes a track."""
    boxes = cr.companion_boxes(quality)
    return Participant.model_validate(
        {
            "id": pid, "name": name or pid, "kind": "companion", "side": side,
            "quality": quality, "scope": scope, "skills": skills or {},
            "health": (False,) * boxes, "composure": (False,) * boxes, "seat": seat,
            "attached_to": patron,
        }
    )  # fmt: skip


def recover_condition(
    condition: Condition,
    period: RecoveryPeriod,
    *,
    system: str = "sotc",
    campaign: SotcSettings | None = None,
    back_to_back: bool = False,
) -> Condition:
    """A character's condition after rest between scenes or sessions (stress clears too)."""
    cr = conflict_rules_for(system, campaign or SotcSettings())
    return Condition(
        health=(False,) * len(condition.health),
        composure=(False,) * len(condition.composure),
        consequences=cr.recover(condition.consequences, period, back_to_back),
    )
