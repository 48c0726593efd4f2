"""Rules layer: small helpers every part of the conflict engine shares (finding and replacing
participants, marking boxes, the checks that refuse an event, the log's roll line).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.conflict_rules import ConflictRules, TrackSpec
from rules.dice import parse_dice
from rules.encounter import Block, Encounter, LogEntry, Participant, RollRecord, TrackName
from rules.errors import DiceExpressionError, RuleViolation

Result = tuple[Encounter, LogEntry]
"""What a transition returns: the new state and its log entry."""


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


def _mark(track: tuple[int, ...], index: int, level: int = 1) -> tuple[int, ...]:
    return (*track[:index], level, *track[index + 1 :])


def _with_track(p: Participant, name: TrackName, track: tuple[int, ...]) -> Participant:
    return _set(p, tracks={**p.tracks, name: track})


def _bound(cr: ConflictRules, state: Encounter) -> ConflictRules:
    """``cr`` under the encounter's settings (the scene's settings may have changed since
    ``cr`` was built, e.g. while framing)."""
    if state.settings == cr.settings_data:
        return cr
    return cr.for_settings(state.settings)


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


def _spend_action(state: Encounter, pid: str, what: str = "act") -> Encounter:
    """Check the action economy (SotC "Taking Action": one action an exchange; full defense
    forgoes it, SRD L1264) for ``pid``'s action; a GM override for ``pid`` is spent instead.

    Raises:
        RuleViolation: ``pid`` has already acted (or defended fully) this exchange.
    """
    p = _get(state, pid)
    if not p.acted:
        return state
    if pid in state.overrides:
        rest = list(state.overrides)
        rest.remove(pid)
        return state.model_copy(update={"overrides": tuple(rest)})
    why = "is on full defense, which is the action" if p.full_defense else "has already acted"
    raise RuleViolation(
        f"{p.name} {why} this exchange and cannot {what}; the GM may allow it (GM override)"
    )


def _acted(state: Encounter, pid: str) -> Encounter:
    """``pid`` takes its action for the exchange (see :func:`_spend_action`)."""
    state = _spend_action(state, pid)
    p = _get(state, pid)
    return _put(state, _set(p, acted=True, holding=False))


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


def _require_started(state: Encounter) -> None:
    _require_running(state)
    if not state.started:
        raise RuleViolation("start the conflict first (initiative is not fixed yet)")


def _protecting_block(state: Encounter, pid: str) -> Block | None:
    best: Block | None = None
    for b in state.blocks:
        if b.protects == pid and (best is None or b.strength > best.strength):
            best = b
    return best


def _fmt_faces(cr: ConflictRules, faces: tuple[int, ...], pool_expr: str = "") -> str:
    """Fudge faces as ``+0-+``; a pool with other dice as numbers, a Fudge die's as a sign
    (``+ 0 4``), a subtracted die after a minus (``+ -3``). ``pool_expr`` is the roll's own
    pool when power tiers changed it (a record's ``pool``; empty: the system's plain pool)."""
    pool = cr.dice_for()
    if pool_expr:
        try:
            pool = parse_dice(pool_expr)
        except DiceExpressionError:
            return " ".join(str(f) for f in faces)
    if pool.is_fudge:
        return "".join({-1: "-", 0: "0", 1: "+"}.get(f, str(f)) for f in faces)
    kinds = [t.kind for t in pool.terms for _ in range(t.count)]
    if len(kinds) != len(faces):
        return " ".join(str(f) for f in faces)
    parts = []
    for face, kind, sign in zip(faces, kinds, pool.signs(), strict=True):
        text = {-1: "-", 0: "0", 1: "+"}[face] if kind.startswith("fudge") else str(face)
        parts.append(("-" if sign < 0 else "") + text)
    return " ".join(parts)


def _track_spec(cr: ConflictRules, key: TrackName) -> TrackSpec:
    """The system's spec of track ``key`` (a bare spec for a track it does not list)."""
    found = next((t for t in cr.tracks if t.key == key), None)
    return found if found is not None else TrackSpec(key=key, label=key)


def _fmt_roll(cr: ConflictRules, state: Encounter, r: RollRecord) -> str:
    if r.reading:  # the system read the roll its own way and said how
        return f"{_name(state, r.who)} {r.skill}: {r.reading}"
    dice = _fmt_faces(cr, r.faces, r.pool)
    extra = f" {r.bonus:+d}" if r.bonus else ""
    standing = f" ({r.standing})" if r.standing else ""
    return (
        f"{_name(state, r.who)} {r.skill} {r.rating:+d} [{dice}]{extra} = {r.effort:+d}{standing}"
    )


def _check_spin(ev_spins: Iterable[int]) -> None:
    if sum(1 for s in ev_spins if s) > 1:
        raise RuleViolation("spin changes only one roll of the next action")
