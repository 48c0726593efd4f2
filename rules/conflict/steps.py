"""Rules layer: the engine's own steps, for a game system's actions, and the system-action event.

A system adds actions of its own (a fall, first aid, an ambush...) through
``ConflictRules.actions`` and ``ConflictRules.apply_action``; it builds each one from the steps
here, the same ones the shared events use (a roll with its invokes and bonuses, a hit on a
track, a consequence, a box cleared, a participant taken out, an aspect, a fate point, the
action economy), so the log, undo and replay treat a system action like any other event.
Nothing here names a game system.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.character import ConflictKind, Consequence, Severity
from rules.conflict import harm, scene
from rules.conflict.common import (
    _acted,
    _active,
    _fmt_roll,
    _get,
    _mark,
    _name,
    _put,
    _set,
    _spend_action,
    _with_track,
)
from rules.conflict.rolls import _faces, _roll
from rules.conflict_rules import ActionSpec, ConflictRules
from rules.encounter import (
    ApplyStressEvent,
    Aspect,
    Encounter,
    MoveEvent,
    Participant,
    RemoveConsequenceEvent,
    RollRecord,
    SystemActionEvent,
    TrackName,
)
from rules.errors import RuleViolation

__all__ = [
    "acted", "add_aspect", "add_consequence", "check_action", "clear_box", "faces", "find", "hit",
    "move", "name", "place", "put", "remove_consequence", "roll", "roll_text", "route",
    "spend_action", "spend_fate_point", "take_out", "update",
]  # fmt: skip


def find(state: Encounter, pid: str, *, active: bool = False) -> Participant:
    """The participant ``pid`` (and, with ``active``, still in the conflict).

    Raises:
        RuleViolation: there is no such participant, or it is out.
    """
    p = _get(state, pid)
    if active:
        _active(p)
    return p


def name(state: Encounter, pid: str | None) -> str:
    """``pid``'s display name ("the scene" for None)."""
    return _name(state, pid)


def put(state: Encounter, *changed: Participant) -> Encounter:
    """``state`` with ``changed`` participants replaced (by id)."""
    return _put(state, *changed)


def update(p: Participant, **changes: Any) -> Participant:
    """``p`` with ``changes``."""
    return _set(p, **changes)


def roll(
    state: Encounter,
    cr: ConflictRules,
    pid: str,
    skill: str,
    faces: Sequence[int] | None,
    *,
    modifier: int = 0,
    defense: bool = False,
) -> tuple[Encounter, RollRecord]:
    """One roll of ``pid``'s ``skill`` with ``faces``, with every bonus the engine adds to a
    roll (group bonus, full defense on a defense, supplemental penalty, standing modifiers)."""
    return _roll(state, cr, pid, skill, faces, modifier=modifier, defense=defense)


def faces(cr: ConflictRules, given: Sequence[int] | None, who: str) -> tuple[int, ...]:
    """``given`` checked against the system's dice (for a roll read off a table, not a skill).

    Raises:
        RuleViolation: no dice, or faces the dice cannot show.
    """
    return _faces(cr.dice_for(), given, who)


def roll_text(cr: ConflictRules, state: Encounter, record: RollRecord) -> str:
    """The log's line for a roll (``Ada Athletics +2 [+0-0] = +2``)."""
    return _fmt_roll(cr, state, record)


def spend_action(state: Encounter, pid: str, what: str = "act") -> Encounter:
    """Check ``pid`` may still act this exchange (a GM override is spent instead).

    Raises:
        RuleViolation: ``pid`` has already acted or defends fully this exchange.
    """
    return _spend_action(state, pid, what)


def acted(state: Encounter, pid: str) -> Encounter:
    """``pid`` takes its action for the exchange (checked as :func:`spend_action`)."""
    return _acted(state, pid)


def hit(
    state: Encounter, cr: ConflictRules, pid: str, amount: int, track: TrackName | None = None
) -> tuple[Encounter, str]:
    """A hit of ``amount`` stress on ``pid`` (the scene's track when ``track`` is None), as
    the shared ``apply_stress`` event with an amount: a box if one takes it, else a hit left
    pending for a consequence."""
    return harm._apply_stress(state, cr, ApplyStressEvent(who=pid, amount=amount, track=track))


def move(state: Encounter, cr: ConflictRules, pid: str, to: str) -> tuple[Encounter, str]:
    """``pid`` moves one zone to ``to`` as a supplemental action (the shared ``move`` event:
    -1 and the border's value on this turn's action)."""
    return scene._move(state, cr, MoveEvent(who=pid, to=to))


def route(state: Encounter, start: str, goal: str) -> list[tuple[str, int]]:
    """The cheapest way from zone ``start`` to zone ``goal`` as ``[(zone, border value)...]``
    after ``start`` (each step costs 1 and its border's value; empty: no way)."""
    return scene._path(state, start, goal)


def place(state: Encounter, cr: ConflictRules, pid: str, to: str) -> Encounter:
    """``pid`` in zone ``to`` with no action spent and no penalty (a move a system's rules
    make free); attachments follow as after the shared ``move`` event.

    Raises:
        RuleViolation: the scene has no zone ``to``.
    """
    if not any(z.id == to for z in state.zones):
        raise RuleViolation(f"there is no zone {to!r}")
    return scene._moved(state, cr, pid, {"zone": to})


def clear_box(state: Encounter, pid: str, track: TrackName, box: int) -> Encounter:
    """``pid``'s ``track`` with box ``box`` (0-based) cleared."""
    p = _get(state, pid)
    return _put(state, _with_track(p, track, _mark(p.track(track), box, 0)))


def add_consequence(
    state: Encounter, pid: str, severity: Severity, text: str, kind: ConflictKind
) -> Encounter:
    """``pid`` takes a ``severity`` consequence ``text`` from a conflict of ``kind`` (the
    system chose the slot); no concession follows (the caller opens one if its rules do)."""
    p = _get(state, pid)
    if p.is_group:
        raise RuleViolation("minions take no consequences")
    consequence = Consequence(severity=severity, text=text, kind=kind)
    return _put(
        state,
        _set(p, consequences=(*p.consequences, consequence),
             consequences_taken=p.consequences_taken + 1),
    )  # fmt: skip


def remove_consequence(
    state: Encounter, cr: ConflictRules, pid: str, text: str
) -> tuple[Encounter, str]:
    """``pid`` clears consequence ``text``; its slot stays used until the scene ends.

    Raises:
        RuleViolation: ``pid`` holds no such consequence.
    """
    return harm._remove_consequence(state, cr, RemoveConsequenceEvent(who=pid, text=text))


def take_out(state: Encounter, pid: str) -> Encounter:
    """``pid`` is out of the conflict (a pending hit on it is dropped)."""
    p = _get(state, pid)
    state = _put(state, _set(p, taken_out=True))
    if state.pending_hit is not None and state.pending_hit.target == pid:
        state = state.model_copy(update={"pending_hit": None})
    return state


def add_aspect(
    state: Encounter,
    text: str,
    *,
    holder: str | None,
    created_by: str | None,
    free_tags: int = 0,
    sticky: bool = True,
) -> Encounter:
    """A scene aspect (``holder`` None) or a temporary aspect on ``holder``."""
    aspect = Aspect(
        id=f"a{state.next_aspect}", text=text, holder=holder, created_by=created_by,
        free_tags=free_tags, free_tag_owner=created_by if free_tags else None, sticky=sticky,
    )  # fmt: skip
    return state.model_copy(
        update={"aspects": (*state.aspects, aspect), "next_aspect": state.next_aspect + 1}
    )


def spend_fate_point(state: Encounter, pid: str, why: str) -> Encounter:
    """``pid`` pays one fate point for ``why``.

    Raises:
        RuleViolation: ``pid`` has none.
    """
    p = _get(state, pid)
    if p.fate_points < 1:
        raise RuleViolation(f"{p.name} has no fate point to spend on {why}")
    return _put(state, _set(p, fate_points=p.fate_points - 1))


def check_action(
    cr: ConflictRules, event: SystemActionEvent
) -> tuple[ActionSpec, SystemActionEvent]:
    """The spec of ``event``'s action and the event with its parameters checked and the
    defaults filled in.

    Raises:
        RuleViolation: the system has no such action, or the event does not fit its spec.
    """
    spec = next((s for s in cr.actions() if s.name == event.action), None)
    if spec is None:
        raise RuleViolation(f"this game system has no action {event.action!r}")
    params = spec.checked_params(event)
    return spec, event.model_copy(update={"params": params})


def _system_action(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    spec, checked = check_action(cr, ev)
    for pid in (*([ev.actor] if ev.actor is not None else []), *ev.targets):
        _get(state, pid)
    new, text = cr.apply_action(state, checked)
    cite = f" ({spec.section})" if spec.section else ""
    return new, f"{text}{cite}"


HANDLERS: dict[str, Any] = {"system_action": _system_action}
