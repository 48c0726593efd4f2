"""Rules layer: harm in a conflict: hits on the tracks, consequences, concessions, being
taken out, the end of the scene and recovery.

SotC "Resolving Attacks", "Consequences", "Concessions", "Taken Out" and "Removing
Consequences" (digest 6.5-6.8, 13 #3/#20); which track a hit lands on, which box and what it
holds come from the system's :class:`rules.conflict_rules.ConflictRules`.
"""

from __future__ import annotations

from typing import Any

from rules.character import Consequence
from rules.conflict.common import (
    _active,
    _get,
    _mark,
    _name,
    _put,
    _require_no_pending,
    _require_running,
    _set,
    _track_spec,
    _with_track,
)
from rules.conflict.turns import _deliver_fp
from rules.conflict_rules import ConflictRules
from rules.encounter import (
    ApplyStressEvent,
    ConcedeEvent,
    Encounter,
    EndSceneEvent,
    Participant,
    PendingHit,
    RecoverEvent,
    RemoveConsequenceEvent,
    SetBoxEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
    TrackName,
)
from rules.errors import RuleViolation


def _holds_levels(cr: ConflictRules, track: TrackName) -> bool:
    return any(t.key == track and t.levels > 1 for t in cr.tracks)


def _fill_group(
    state: Encounter, cr: ConflictRules, g: Participant, track: TrackName, shifts: int
) -> tuple[Encounter, int, str]:
    """Sequential stress on a minion group: returns (state, shifts that overflow, text)."""
    boxes = list(g.track(track))
    free = sum(1 for b in boxes if not b)
    used, over = cr.group_stress(g, track, shifts)
    used = max(0, min(free, used))
    filled = len(boxes) - free
    for i in range(filled, filled + used):
        boxes[i] = 1
    before = g.remaining
    g2 = _with_track(g, track, tuple(boxes))
    down = before - g2.remaining
    if g2.remaining == 0:
        g2 = _set(g2, taken_out=True)
    state = _put(state, g2)
    text = f"{g.name}: {used} box{'es' if used != 1 else ''}, {down} down, {g2.remaining} left"
    return state, over, text


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
    parts: list[str] = []
    armor = min(shifts, cr.stress_armor(t, track))
    if armor:
        shifts -= armor
        parts.append(f"{t.name}'s armor {armor} takes it to {shifts}")
        if not shifts:
            return state, "; ".join(parts)
    if t.is_group:
        state, over, text = _fill_group(state, cr, t, track, shifts)
        parts.append(text + (f"; overflow {over}" if over else ""))
        return state, "; ".join(parts)
    for g in state.participants:
        if shifts and g.is_group and g.attached_to == t.id and not g.taken_out:
            state, shifts, text = _fill_group(state, cr, g, track, shifts)
            parts.append(text)
    if not shifts:
        return state, "; ".join(parts)
    for c in state.participants:
        if c.kind == "companion" and c.attached_to == t.id and not c.taken_out and c.track(track):
            box = cr.stress_box_for(c, track, shifts)
            if box is not None:  # "How To Do Things": the companion's track soaks the hit
                level = cr.hit_level(c, track, shifts)
                state = _put(
                    state, _with_track(c, track, cr.stress_marks(c.track(track), box, level))
                )
                parts.append(f"{c.name} soaks it: box {box + 1}")
                return state, "; ".join(parts)
            break
    if cr.shrugs_off(t, track, shifts):
        parts.append(f"{t.name} shrugs off the hit (below every free {track} box)")
        return state, "; ".join(parts)
    box = cr.stress_box_for(t, track, shifts)
    pending = PendingHit(target=t.id, shifts=shifts, track=track, attacker=attacker, box=box)
    state = state.model_copy(update={"pending_hit": pending})
    hit = cr.hit_text(shifts)
    # a system without consequences (its slots empty) offers none in the log
    has_slots = bool(cr.consequence_slots(cr.shared_slots(state, t), state.kind))
    if box is None:
        over = cr.overflow(t.track(track), shifts)
        parts.append(
            f"{t.name} takes {hit} with no box for it: "
            + ("a consequence or taken out" if has_slots else "taken out")
            + (f" (overflow {over})" if over else "")
        )
    elif t.track(track)[box]:
        parts.append(
            f"{t.name} takes {hit}: armor keeps it on box {box + 1} (no roll-up)"
            + (", or a consequence" if has_slots else "")
        )
    else:
        spec = _track_spec(cr, track)
        where = (
            spec.box_words(box, cr.hit_level(t, track, shifts))
            if spec.level_names
            else (f"box {box + 1}")
        )
        parts.append(f"{t.name} takes {hit}: {where}" + (" or a consequence" if has_slots else ""))
    return state, "; ".join(parts)


def _check(
    cr: ConflictRules, p: Participant, track: TrackName, box: int, level: int, amount: int
) -> tuple[Participant, str]:
    """``p`` with box ``box`` of ``track`` checked at ``level`` and the further boxes the same
    hit checks (the boxes :meth:`ConflictRules.stress_marks` marks with it, and
    :meth:`ConflictRules.extra_boxes`, read before any is checked), and a note on those for the
    log."""
    extra = cr.extra_boxes(p, track, amount)
    marked = cr.stress_marks(p.track(track), box, level)
    for index, held in extra:
        marked = _mark(marked, index, held)
    p = _with_track(p, track, marked)
    if not extra:
        return p, ""
    boxes = ", ".join(str(i + 1) for i, _held in extra)
    return p, f" and box{'es' if len(extra) > 1 else ''} {boxes}"


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
        level = cr.hit_level(p, track, pending.shifts)
        before = p
        p, more = _check(cr, p, track, box, level, pending.shifts)
        p, after = cr.after_check(state, before, p, track)
        more += after
        state = _put(state, p).model_copy(update={"pending_hit": None})
        if _holds_levels(cr, track):
            return state, f"{p.name} checks {_track_spec(cr, track).box_words(box, level)}{more}"
        moved = "up" if box + 1 > pending.shifts else "down"
        rolled = f" (rolled {moved} from box {pending.shifts})" if box + 1 != pending.shifts else ""
        return state, f"{p.name} checks {track} box {box + 1}{rolled}"
    _require_no_pending(state)
    track = ev.track or cr.track_for(state.kind)
    if track not in p.tracks:
        raise RuleViolation(f"{p.name} has no {track} track")
    state, text = _hit(state, cr, p.id, ev.amount, track, None)
    pending = state.pending_hit
    if pending is not None and pending.box is not None:
        box = pending.box
        p = _get(state, p.id)
        level = cr.hit_level(p, track, ev.amount)
        before = p
        p, more = _check(cr, p, track, box, level, ev.amount)
        p, after = cr.after_check(state, before, p, track)
        more += after
        state = _put(state, p).model_copy(update={"pending_hit": None})
        spec = _track_spec(cr, track)
        if spec.level_names:
            return state, (
                f"{p.name} takes {cr.hit_text(ev.amount)}: {spec.box_words(box, level)}{more}"
            )
        at = f" at level {level}" if _holds_levels(cr, track) else ""
        return state, f"{p.name} takes {ev.amount} {track} {spec.harm}: box {box + 1}{at}{more}"
    spec = _track_spec(cr, track)
    if spec.level_names:
        return state, text
    return state, f"{p.name} takes {ev.amount} {track} {spec.harm}: {text}"


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
    level = ev.level if ev.level is not None else int(ev.checked)
    spec = next((t for t in cr.tracks if t.key == ev.track), None)
    if spec is not None and level > spec.levels:
        raise RuleViolation(f"a {spec.label} box holds at most level {spec.levels}")
    p = _with_track(p, ev.track, _mark(track, ev.box - 1, level))
    if p.is_group:
        p = _set(p, taken_out=p.remaining == 0)
    verb = "clears" if not level else "checks" if ev.level is None else f"sets to {level}"
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
        slots = cr.shared_slots(state, p)  # a shared pool less what the others took of it
        nxt = cr.next_consequence(slots, state.kind)
        if nxt is None:
            raise RuleViolation(f"{p.name} has no consequence left; the hit takes them out")
        if ev.severity is not None and ev.severity != nxt:
            free = cr.free_consequences(slots, state.kind)
            if ev.severity not in free:
                words = ", ".join(cr.severity_word(f) for f in free)
                raise RuleViolation(
                    f"{p.name} has no free {cr.severity_word(ev.severity)} consequence "
                    f"(free: {words})"
                )
            nxt = ev.severity
        severity = nxt
        what = f"{cr.severity_word(severity)} consequence"
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
        soak = cr.consequence_absorbs(consequence.severity)
        left = 0 if soak is None else max(0, pending.shifts - soak)
        if left:  # the rest of the hit still waits for a box or another consequence
            box = cr.stress_box_for(p, pending.track, left)
            absorbed = f", absorbing {soak} of the {pending.shifts}-point hit: {left} left"
            pending = pending.model_copy(update={"shifts": left, "box": box})
            state = state.model_copy(update={"pending_hit": pending})
        else:
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
            word = cr.severity_word(c.severity)
            return _put(state, p), f"{p.name} clears the {word} \u201c{c.text}\u201d"
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
        if state.pending_hit is not None and state.pending_hit.target == p.id:
            state = state.model_copy(update={"pending_hit": None})  # conceded instead
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


def _end_scene(state: Encounter, cr: ConflictRules, ev: EndSceneEvent) -> tuple[Encounter, str]:
    _require_running(state)
    state, notes = _deliver_fp(state)
    kept = {t.key for t in cr.tracks if not t.clears_after_scene}
    parts = []
    for p in state.participants:
        changes: dict[str, Any] = {
            "spent_slots": (), "consequences_taken": 0, "acted": False, "holding": False,
            "full_defense": False, "penalty": 0,
        }  # fmt: skip
        if ev.clear_stress and not p.is_group:  # fallen minions stay fallen
            changes["tracks"] = {k: v if k in kept else (0,) * len(v) for k, v in p.tracks.items()}
        if ev.breather:
            held = cr.recover(p.consequences, "breather", False)
            changes["consequences"] = cr.kept_after_rest(p, "breather", False, held)
        parts.append(_set(p, **changes))
    state = state.model_copy(
        update={
            "participants": tuple(parts), "ended": True, "aspects": (), "blocks": (),
            "pending_hit": None, "spin": None, "interrupt": None, "concession_open": None,
        }
    )  # fmt: skip
    text = "The scene ends"
    cleared = " and ".join(dict.fromkeys(t.harm for t in cr.tracks if t.clears_after_scene))
    if cleared:
        text += f"; {cleared} clears" if ev.clear_stress else f"; {cleared} stays"
    for t in cr.tracks:
        if not t.clears_after_scene:
            text += f"; the {t.label} track stays"
    if cr.has_consequences:
        text += "; mild consequences fade" if ev.breather else "; no breather"
    return state, "; ".join([text, *notes])


def _recover(state: Encounter, cr: ConflictRules, ev: RecoverEvent) -> tuple[Encounter, str]:
    if ev.who is not None:
        _get(state, ev.who)
    period, elapsed = ev.period, ev.elapsed

    def kept(p: Participant) -> tuple[Consequence, ...]:
        if period is None:
            assert elapsed is not None
            return cr.recover_after(p, elapsed, ev.back_to_back)
        held = cr.recover(p.consequences, period, ev.back_to_back)
        return cr.kept_after_rest(p, period, ev.back_to_back, held)

    parts = tuple(
        _set(p, consequences=kept(p), spent_slots=()) if ev.who in (None, p.id) else p
        for p in state.participants
    )
    who = _name(state, ev.who) if ev.who else "everyone"
    return state.model_copy(update={"participants": parts}), f"{who} recovers ({period or elapsed})"


HANDLERS: dict[str, Any] = {
    "apply_stress": _apply_stress, "set_box": _set_box, "take_consequence": _take_consequence,
    "remove_consequence": _remove_consequence, "concede": _concede, "take_out": _take_out,
    "end_scene": _end_scene, "recover": _recover,
}  # fmt: skip
