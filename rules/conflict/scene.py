"""Rules layer: the scene of a conflict: who is in it, aspects, zones, borders and movement.

SotC "Framing the Scene", "Movement", "Temporary Aspects", "Minions" and "Companions" (digest
6.1-6.2, 13 #9-#11); also building minion groups and companions for any system (the number of
boxes comes from its :class:`rules.conflict_rules.ConflictRules`).
"""

from __future__ import annotations

import heapq
from typing import Any

from rules.conflict.common import (
    _active,
    _fmt_roll,
    _get,
    _name,
    _put,
    _require_running,
    _set,
    _spend_action,
)
from rules.conflict.rolls import _roll
from rules.conflict.turns import _first_from, _reorder
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    AddZoneEvent,
    Aspect,
    AttachEvent,
    Border,
    EditAspectEvent,
    Encounter,
    MoveEvent,
    Outcome,
    Participant,
    PlaceEvent,
    RemoveAspectEvent,
    RemoveParticipantEvent,
    RemoveZoneEvent,
    RenameZoneEvent,
    SetBorderEvent,
    SetHiddenEvent,
    SetSceneEvent,
    Zone,
)
from rules.errors import RuleViolation


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
            # supplemental: it goes with this exchange's action, so not after it
            state = _spend_action(state, p.id, "move as a supplemental action")
            changes.update(zone=ev.to, penalty=p.penalty + penalty)
            text = f"{p.name} moves to {ev.to} (-{penalty} on this turn's action)"
            outcome = state.last
        else:
            state = _spend_action(state, p.id, "sprint")  # a sprint is the action
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
            text = f"{p.name} sprints: {_fmt_roll(cr, state, r)}, {shifts} shifts; reaches {zone}"
            outcome = Outcome(
                action="sprint", actor=p.id, rolls=(r,), opposition=0, shifts=shifts,
                success=zone == ev.to, text=text,
            )  # fmt: skip
            state = state.model_copy(update={"spin": None})
    state = _moved(state, cr, p.id, changes)
    return state.model_copy(update={"last": outcome}), text


def _moved(state: Encounter, cr: ConflictRules, pid: str, changes: dict[str, Any]) -> Encounter:
    """``pid`` with ``changes`` (its new zone) after a move: it leaves the group it was
    attached to, its minions stay behind and its companion comes along."""
    mover = _get(state, pid)
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
    return _reorder(cr, _put(state, *moved))


def _attach(state: Encounter, cr: ConflictRules, ev: AttachEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    if ev.to is None:
        state = _reorder(cr, _put(state, _set(p, attached_to=None)))
        return state, f"{p.name} detaches"
    leader = _get(state, ev.to)
    if p.kind not in ("minions", "companion"):
        raise RuleViolation("only minion groups and companions attach to a character")
    if leader.kind not in ("pc", "npc"):
        raise RuleViolation(f"{leader.name} is not a named character")
    if p.kind == "companion" and cr.one_companion_each:
        others = [
            c for c in state.participants
            if c.kind == "companion" and c.attached_to == leader.id and c.id != p.id
        ]  # fmt: skip
        if others:  # "How To Do Things": one companion attached at a time
            raise RuleViolation(f"{leader.name} already has {others[0].name} attached")
    state = _reorder(cr, _put(state, _set(p, attached_to=leader.id, zone=leader.zone)))
    return state, f"{p.name} attaches to {leader.name}"


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


def _add_participant(
    state: Encounter, cr: ConflictRules, ev: AddParticipantEvent
) -> tuple[Encounter, str]:
    p = ev.participant
    if state.find(p.id) is not None:
        raise RuleViolation(f"there is already a participant {p.id!r}")
    problem = cr.participant_options_problem(p.options)
    if problem:
        raise RuleViolation(f"{p.name or p.id}: {problem}")
    if p.attached_to is not None:
        leader = _get(state, p.attached_to)
        if p.kind == "companion" and cr.one_companion_each:
            for c in state.participants:
                if c.kind == "companion" and c.attached_to == leader.id:
                    # "How To Do Things": one companion attached at a time
                    raise RuleViolation(f"{leader.name} already has {c.name} attached")
    state = state.model_copy(update={"participants": (*state.participants, p)})
    return _reorder(cr, state), f"{p.name} joins the scene"


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
        state = _reorder(cr, state)
    return state, f"{p.name} leaves the scene"


def _set_hidden(state: Encounter, cr: ConflictRules, ev: SetHiddenEvent) -> tuple[Encounter, str]:
    p = _get(state, ev.who)
    state = _put(state, _set(p, hidden=ev.hidden))
    return state, f"{p.name} is {'hidden from' if ev.hidden else 'shown to'} the players"


def _set_scene(state: Encounter, cr: ConflictRules, ev: SetSceneEvent) -> tuple[Encounter, str]:
    updates: dict[str, Any] = {}
    parts: list[str] = []
    if ev.kind is not None and ev.kind != state.kind:
        if state.started:
            raise RuleViolation("the conflict's kind is fixed once initiative is set")
        updates["kind"] = ev.kind
        parts.append(f"a {ev.kind} conflict")
    if ev.settings is not None:
        new = cr.for_settings(ev.settings)
        if new.settings_data != cr.settings_data:
            if state.started:
                raise RuleViolation("the campaign rules are fixed once the conflict has started")
            problem = new.settings_change_problem(cr, bool(state.participants))
            if problem:
                raise RuleViolation(problem)
            updates["settings"] = new.settings_data
            parts.append(new.settings_text())
    if ev.name is not None and ev.name != state.name:
        updates["name"] = ev.name
        parts.append(f"named \u201c{ev.name}\u201d")
    if not parts:
        raise RuleViolation("the scene is already framed that way")
    return state.model_copy(update=updates), "The scene is " + " and ".join(parts)


def _noun(cr: ConflictRules) -> str:
    """A scene's place in the log, in the system's words (``Zone``; ART: ``Band``)."""
    words = cr.zone_words
    return words[1].capitalize() if words is not None else "Zone"


def _add_zone(state: Encounter, cr: ConflictRules, ev: AddZoneEvent) -> tuple[Encounter, str]:
    if any(z.id == ev.zone for z in state.zones):
        raise RuleViolation(f"there is already a zone {ev.zone!r}")
    zones = (*state.zones, Zone(id=ev.zone, name=ev.name))
    if len(zones) > 100:
        raise RuleViolation("a scene has at most 100 zones")
    return state.model_copy(update={"zones": zones}), f"{_noun(cr)} {ev.name or ev.zone} is added"


def _rename_zone(state: Encounter, cr: ConflictRules, ev: RenameZoneEvent) -> tuple[Encounter, str]:
    old = _require_zone(state, ev.zone)
    zones = tuple(z.model_copy(update={"name": ev.name}) if z.id == ev.zone else z
                  for z in state.zones)  # fmt: skip
    text = f"{_noun(cr)} {old.name or old.id} is now {ev.name or ev.zone}"
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
    return state, f"{_noun(cr)} {old.name or old.id} is removed"


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
        state = _reorder(cr, state)
    return state, f"{p.name} is placed in {_zone_name(state, ev.zone)}"


def _blank_tracks(cr: ConflictRules, boxes: int) -> dict[str, tuple[int, ...]]:
    return {t.key: (0,) * boxes for t in cr.tracks}


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
            "count": count, "scope": scope, "tracks": _blank_tracks(cr, boxes), "seat": seat,
            "zone": zone,
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
            "tracks": _blank_tracks(cr, boxes), "seat": seat,
            "attached_to": patron,
        }
    )  # fmt: skip


HANDLERS: dict[str, Any] = {
    "move": _move, "attach": _attach, "add_aspect": _add_aspect, "remove_aspect": _remove_aspect,
    "edit_aspect": _edit_aspect, "add_participant": _add_participant,
    "remove_participant": _remove_participant, "set_hidden": _set_hidden,
    "set_scene": _set_scene, "add_zone": _add_zone, "rename_zone": _rename_zone,
    "remove_zone": _remove_zone, "set_border": _set_border, "place": _place,
}  # fmt: skip
