"""Rules layer: the turn order of a conflict: initiative, exchanges, holding and resuming.

SotC "Establish Initiative" and "Exchanges" (digest 6.1 steps 2-3, 13 #6/#7); rotating
initiative when the system's settings ask for it (SotC "An Alternative to Skills").
"""

from __future__ import annotations

from typing import Any

from rules.conflict.common import (
    _get,
    _name,
    _put,
    _require_no_pending,
    _require_running,
    _require_started,
    _set,
)
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    Encounter,
    GmOverrideEvent,
    HoldEvent,
    NextExchangeEvent,
    NextTurnEvent,
    Participant,
    ResumeEvent,
    StartEvent,
)
from rules.errors import RuleViolation


def initiative_value(state: Encounter, p: Participant) -> int:
    """The participant's initiative in this kind of conflict (SotC: Alertness when physical,
    Empathy when social or mental, digest 13 #6); a group or lone companion uses its quality,
    without the size bonus (digest 13 #7)."""
    if p.kind in ("minions", "companion"):
        return p.quality
    return p.initiative.get(state.kind, 0)


def _takes_turns(p: Participant) -> bool:
    # Attached minions and companions act through their leader or patron (SotC "Mixed Groups").
    return p.attached_to is None


def initiative_order(cr: ConflictRules, state: Encounter) -> tuple[str, ...]:
    """Highest first; ties by a stunt's edge (Ready for Anything, Preemptive Grace), then
    Resolve, then seat (SotC "Establish Initiative"); with rotating initiative, seat order (SotC
    "An Alternative to Skills")."""
    actors = [p for p in state.participants if _takes_turns(p)]
    if cr.rotating_initiative:
        actors.sort(key=lambda p: p.seat)
    else:
        actors.sort(
            key=lambda p: (
                -initiative_value(state, p),
                -p.tie_edge.get(state.kind, 0),
                -p.tiebreak,
                p.seat,
            )
        )
    return tuple(p.id for p in actors)


def _eligible(state: Encounter, pid: str) -> bool:
    p = state.find(pid)
    return p is not None and not p.taken_out and not p.acted and not p.holding


def _first_from(state: Encounter, index: int) -> int:
    for i in range(index, len(state.order)):
        if _eligible(state, state.order[i]):
            return i
    return len(state.order)


def _reorder(cr: ConflictRules, state: Encounter) -> Encounter:
    if not state.started:
        return state
    current = state.current if state.interrupt is None else None
    order = initiative_order(cr, state)
    if cr.rotating_initiative and state.order:
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


def _start(state: Encounter, cr: ConflictRules, ev: StartEvent) -> tuple[Encounter, str]:
    if state.started:
        raise RuleViolation("the conflict has already started")
    _require_running(state)
    state = state.model_copy(update={"started": True, "exchange": 1, "turn": 0})
    order = initiative_order(cr, state)
    state = state.model_copy(update={"order": order})
    state, out = _sit_out(cr, state)
    state = state.model_copy(update={"turn": _first_from(state, 0)})
    names = ", ".join(
        f"{_name(state, pid)} ({cr.initiative_text(initiative_value(state, _get(state, pid)))})"
        for pid in order
    )
    return state, f"{cr.exchange_text(1)} begins. Initiative: {names}" + "".join(
        f"; {o}" for o in out
    )


def _sit_out(cr: ConflictRules, state: Encounter) -> tuple[Encounter, list[str]]:
    """Those the system says sit out the exchange beginning start it as having acted
    (:meth:`ConflictRules.sits_out`); returns the state and a note on each, for the log."""
    notes: list[str] = []
    changed = []
    for p in state.participants:
        if p.taken_out or p.acted or not _takes_turns(p):
            continue
        why = cr.sits_out(state, p)
        if why:
            changed.append(_set(p, acted=True))
            notes.append(f"{p.name} sits out ({why})")
    return _put(state, *changed), notes


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


def _begin_exchange(cr: ConflictRules, state: Encounter) -> tuple[Encounter, str]:
    state, notes = _deliver_fp(state)
    parts = list(state.participants)
    for i, p in enumerate(parts):
        if p.acted or p.holding or p.full_defense or p.penalty:
            parts[i] = _set(p, acted=False, holding=False, full_defense=False, penalty=0)
    order = state.order
    if cr.rotating_initiative and order:
        order = order[1:] + order[:1]  # the first actor goes last next exchange
    state = state.model_copy(
        update={
            "participants": tuple(parts), "exchange": state.exchange + 1,
            "blocks": tuple(b.model_copy(update={"tried": ()}) for b in state.blocks
                            if b.persistent),
            "interrupt": None, "order": order, "concession_open": None, "overrides": (),
        }
    )  # fmt: skip
    state, out = _sit_out(cr, state)
    state, system_notes = cr.exchange_begins(state)
    notes.extend(system_notes)
    state = state.model_copy(update={"turn": _first_from(state, 0)})
    text = f"{cr.exchange_text(state.exchange)} begins"
    return state, "; ".join([text, *notes, *out])


def _next_exchange(
    state: Encounter, cr: ConflictRules, ev: NextExchangeEvent
) -> tuple[Encounter, str]:
    _require_started(state)
    _require_no_pending(state)
    return _begin_exchange(cr, state)


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
    return _begin_exchange(cr, state)


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


def _gm_override(state: Encounter, cr: ConflictRules, ev: GmOverrideEvent) -> tuple[Encounter, str]:
    _require_started(state)
    p = _get(state, ev.who)
    if ev.who in state.overrides:
        raise RuleViolation(f"{p.name} already has a GM override waiting")
    state = state.model_copy(update={"overrides": (*state.overrides, ev.who)})
    word = cr.exchange_word
    return state, f"GM override: {p.name} may take one more action this {word} ({ev.reason})"


HANDLERS: dict[str, Any] = {
    "gm_override": _gm_override,
    "start": _start, "next_turn": _next_turn, "next_exchange": _next_exchange, "hold": _hold,
    "resume": _resume,
}  # fmt: skip
