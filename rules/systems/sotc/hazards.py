"""Rules layer: Spirit of the Century's hazards and special maneuvers as encounter actions: fire,
poison, explosions and their fuses, knockback and pushing, carrying, disarming, chases (what
keeps going each exchange, a fast poison and a lit fuse, is :mod:`.ongoing_hazards`).

Each is an :class:`rules.conflict_rules.ActionSpec` applied with the engine's steps
(:mod:`rules.conflict.steps`); :mod:`rules.systems.sotc.conflict_actions` lists them with the
others. Line numbers cite the SotC SRD text in the seeds; digest sotc.md sections 6.15, 7.1-7.4.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, Participant, RollRecord, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.bonds import BONDS, BONDS_APPLY, BONDS_ROLLS
from rules.systems.sotc.chase import (
    CHASE_APPLY,
    CHASE_SCENE,
    chase_rolls,
    escape_after,
    shooting,
)
from rules.systems.sotc.consequence_slots import free_slot
from rules.systems.sotc.ongoing_hazards import (
    FUSE_TABLE,
    TIMED,
    TIMED_APPLY,
    TIMED_ROLLS,
    fuse_faces,
    poison_roll,
    poison_vs_endurance,
    with_fuse,
)
from rules.systems.sotc.participant_options import has, options_of, with_options

S_FIRE = "SotC, Other Common Situations: Fire"
S_POISON = "SotC, Skills: Endurance, Poisons"
S_EXPLOSION = "SotC, Other Common Situations: Explosions"
S_THROW = "SotC, Other Common Situations: Explosions, throwing"
S_FUSE = "SotC, Other Common Situations: Explosions, fuses"
DEMOLITIONS_FORCE = 3
"""Demolitions (SRD L3125): a properly set charge's force is three higher."""
S_KNOCKBACK = "SotC, Example Maneuvers: Pushing; Throw or Knockback"
S_DISARM = "SotC, Example Maneuvers: Disarming"
S_CARRY = "SotC, Example Maneuvers: Carrying"
S_ENCUMBRANCE = "SotC, Skills: Might, Encumbrance"
S_CHASE = "SotC, Skills: Drive, Chases; Chase Scenes, Shotgun!; Passengers"

ENCUMBERED_SKILLS = frozenset(
    {"athletics", "burglary", "drive", "fists", "guns", "pilot", "sleight of hand", "stealth",
     "weapons"}
)  # fmt: skip
"""The physical skills a load hinders (the book's "all other physical action": not Might, which
carries it, nor Endurance, which bears it; a judgment call)."""

PERSON_WEIGHT = 2
"""A normal person's weight factor (SRD L1470)."""

HAZARDS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="fire", label="Fire", section=S_FIRE, group="Hazards", actor="none",
        max_targets=50,
        help="At the start of an exchange a fire deals its intensity in physical stress to "
        "everyone in the scene (no targets: every one still in, or in the zone).",
        params=(
            ActionParam(name="intensity", label="Intensity (1 heat, 2 flames, 3 inferno)",
                        minimum=0, maximum=3),
            ActionParam(name="zone", label="Only in zone (id)", type="str", default=""),
            ActionParam(name="lasting", label="Burns again as each exchange begins",
                        type="bool", default=False,
                        help="Until a fire of intensity 0 puts them out of it."),
        ),
    ),
    ActionSpec(
        name="poison", label="Poison", section=S_POISON, group="Hazards", actor="none",
        min_targets=1, max_targets=1,
        help="Fast: an attack at its potency against Endurance (each exchange, spin stops it). "
        "Slow: once a scene, beating Endurance by 3 gives a consequence, the fourth takes "
        "the victim out. Exotic: Endurance against the potency, failure gives its aspect.",
        params=(
            ActionParam(name="potency", label="Potency", minimum=-1, maximum=8),
            ActionParam(name="kind", label="Kind", type="choice",
                        choices=("fast", "slow", "exotic"), default="fast"),
            ActionParam(name="text", label="Consequence or aspect", type="str", default=""),
        ),
    ),
    ActionSpec(
        name="cure_poison", label="Cure a poison", section=S_POISON, group="Hazards",
        actor="optional", min_targets=1, max_targets=1,
        help="A slow poison's consequences stay until it is cured; cured, they recover with "
        "time like any other.",
    ),
    ActionSpec(
        name="explosion", label="Explosion", section=S_EXPLOSION, group="Hazards",
        actor="none", min_targets=1, max_targets=50,
        help="Everyone in the area rolls Athletics against the force (less 1 a zone crossed "
        "and the cover of borders): made, a consequence (spin: unharmed); missed or unaware, "
        "taken out. The Demolitions stunt: +3 force for charges its expert set with time.",
        params=(
            ActionParam(name="force", label="Force", minimum=0, maximum=12),
            ActionParam(name="area", label="Area (zones)", minimum=1, maximum=20, default=1),
            ActionParam(name="zone", label="Goes off in zone (id)", type="str", default=""),
            ActionParam(name="unaware", label="Unaware (ids, comma-separated)", type="str",
                        default=""),
            ActionParam(name="text", label="Consequence", type="str", default=""),
            ActionParam(name="charge", label="Charge", type="choice",
                        choices=("hasty", "prepared", "thrown"), default="hasty",
                        help="prepared: charges set with time against a structure studied."),
            ActionParam(name="demolitions", label="Demolitions expert (id)", type="str",
                        default="", help="+3 force for a prepared charge (Demolitions)."),
        ),
    ),
    ActionSpec(
        name="throw_explosive", label="Throw an explosive", section=S_THROW, group="Hazards",
        max_targets=50,
        help="Weapons vs Mediocre: made, it lands in the zone aimed at, else at the thrower's "
        "feet. Everyone in its area (the targets) rolls Athletics against the throw to dive "
        "clear; spin lets them move one zone away at once.",
        params=(
            ActionParam(name="zone", label="Aimed at zone (id)", type="str", default=""),
            ActionParam(name="dive_difficulty", label="Dive difficulty (-1: the throw)",
                        minimum=-1, maximum=12, default=-1,
                        help="The thrower may lower it, not below Mediocre."),
            ActionParam(name="fuse", label="Lit fuse", type="choice",
                        choices=("none", "short", "medium", "long"), default="none",
                        help="It burns on: checked before each action (Lit fuse check), a "
                        "step shorter each exchange."),
        ),
    ),
    ActionSpec(
        name="fuse", label="Fuse check", section=S_FUSE, group="Hazards", actor="none",
        help="Before every action: 2dF (the roll's first two dice) on the fuse table; a second "
        "fizzle makes a dud.",
        params=(
            ActionParam(name="fuse", label="Fuse", type="choice",
                        choices=("short", "medium", "long")),
            ActionParam(name="marked", label="A fizzle is already marked", type="bool",
                        default=False),
        ),
    ),
    ActionSpec(
        name="knockback", label="Knockback / push", section=S_KNOCKBACK, group="Maneuvers",
        min_targets=1, max_targets=1,
        help="A contest; knockback: the first zone costs 1 + weight factor shifts, each further "
        "one more than the last; push: weight factor + 1 a zone, the pusher comes along.",
        params=(
            ActionParam(name="skill", label="Skill", type="str", default="Might"),
            ActionParam(name="defense_skill", label="Defense skill", type="str",
                        default="Athletics"),
            ActionParam(name="push", label="Push (not knockback)", type="bool", default=False),
            ActionParam(name="throw", label="A throw (Body Toss lightens it)", type="bool",
                        default=False, help="Knockback by throwing the target."),
            ActionParam(name="weight", label="Weight factor", minimum=0, maximum=10,
                        default=PERSON_WEIGHT),
        ),
    ),
    ActionSpec(
        name="chase", label="Chase exchange", section=S_CHASE, group="Chases",
        min_targets=1, max_targets=1,
        help="The lead vehicle's driver names a difficulty and rolls first; a miss costs his car "
        "the shifts missed by. The pursuer (a vehicle, or a group of minion cars) rolls against "
        "the same difficulty: its shifts hit the lead car (or it maneuvers instead); a miss "
        "costs it the shifts missed by.",
        params=(
            ActionParam(name="difficulty", label="Difficulty", minimum=-2, maximum=10),
            ActionParam(name="skill", label="Skill", type="choice", choices=("Drive", "Pilot"),
                        default="Drive"),
            ActionParam(name="maneuver", label="Pursuer maneuvers instead", type="bool",
                        default=False),
            ActionParam(name="passenger", label="Helping passenger (id)", type="str",
                        default="", help="Rolls too; the driver keeps the better result."),
            ActionParam(name="passenger_skill", label="Passenger's skill", type="str",
                        default="Guns"),
            ActionParam(name="shotgun", label="Shotgun! (+1 to each hit on the lead car)",
                        type="bool", default=False),
        ),
    ),
    ActionSpec(
        name="carry", label="Carry someone", section=S_CARRY, group="Maneuvers",
        min_targets=1, max_targets=1,
        help="Move one zone carrying the target: the supplemental move's penalty grows by the "
        "target's weight factor.",
        params=(
            ActionParam(name="to", label="To zone (id)", type="str"),
            ActionParam(name="weight", label="Weight factor", minimum=0, maximum=10,
                        default=PERSON_WEIGHT),
        ),
    ),
    ActionSpec(
        name="encumbrance", label="Heavy load", section=S_ENCUMBRANCE, group="Maneuvers",
        help="A load as heavy as the Might it takes to lift it: carried freely up to 4 steps "
        "below the carrier's Might, -1 on other physical rolls a step past that, at most -4 "
        "(-5 when really pushing).",
        params=(
            ActionParam(name="load", label="Load (the Might that lifts it)", minimum=-3,
                        maximum=14, default=0),
            ActionParam(name="pushing", label="Really pushing", type="bool", default=False),
            ActionParam(name="drop", label="Puts it down", type="bool", default=False),
        ),
    ),
    ActionSpec(
        name="disarm", label="Disarm", section=S_DISARM, group="Maneuvers",
        min_targets=1, max_targets=1,
        help="A contest; one shift disarms: picking the weapon up is a supplemental action at "
        "-1 less the shifts.",
        params=(
            ActionParam(name="skill", label="Skill", type="str", default="Weapons"),
            ActionParam(name="defense_skill", label="Defense skill", type="str",
                        default="Athletics"),
        ),
    ),
    ActionSpec(
        name="rearm", label="Re-arm", section=S_DISARM, group="Maneuvers",
        help="Pick the weapon up as a supplemental action (-1 less the disarm's shifts on this "
        "turn's action), or spend the action re-arming.",
        params=(
            ActionParam(name="pick_up", label="Pick it up (supplemental)", type="bool",
                        default=True),
        ),
    ),
    *TIMED,
    *BONDS,
    *CHASE_SCENE,
)  # fmt: skip
"""SotC's hazards and special maneuvers."""


def hazard_rolls(event: SystemActionEvent) -> int | None:
    """The rolls of a hazard action, or None when ``event`` is not one."""
    name = event.action
    if name == "poison":
        return 1 if event.params.get("kind") == "exotic" else 2
    if name == "explosion":
        return len(event.targets)
    if name == "throw_explosive":
        return 1 + len(event.targets)
    if name == "fuse":
        return 1
    if name == "chase":
        return 3 if event.params.get("passenger") else 2
    if name in ("knockback", "disarm"):
        return 2
    if name in ("fire", "carry", "encumbrance", "rearm", "cure_poison"):
        return 0
    chase = chase_rolls(event)
    return chase if chase is not None else {**TIMED_ROLLS, **BONDS_ROLLS}.get(name)


def _faces(event: SystemActionEvent, index: int) -> tuple[int, ...] | None:
    dice = event.dice or ()
    return dice[index] if index < len(dice) else None


def _burn_each(
    state: Encounter, cr: ConflictRules, targets: tuple[tuple[str, int], ...]
) -> tuple[Encounter, list[str]]:
    """A hit of each intensity on each target's Health; once one waits for a consequence, the
    rest are named, still to burn."""
    parts: list[str] = []
    owed: list[str] = []
    for pid, intensity in targets:
        if state.pending_hit is not None:
            owed.append(steps.name(state, pid))
            continue
        state, text = steps.hit(state, cr, pid, intensity, "health")
        parts.append(text)
    if owed:
        parts.append(f"still to burn once the pending hit is settled: {', '.join(owed)}")
    return state, parts


def burn(state: Encounter, cr: ConflictRules) -> tuple[Encounter, tuple[str, ...]]:
    """A lasting fire burns everyone still in it as an exchange begins (SRD L5976)."""
    targets = tuple(
        (p.id, options_of(p).burning) for p in state.participants
        if options_of(p).burning and not p.taken_out
    )  # fmt: skip
    if not targets:
        return state, ()
    state, parts = _burn_each(state, cr, targets)
    return state, ("the fire burns: " + "; ".join(parts),)


def _fire(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    intensity = int(ev.params["intensity"])
    zone = str(ev.params["zone"])
    targets = ev.targets or tuple(
        p.id for p in state.participants
        if not p.taken_out and p.attached_to is None and (not zone or p.zone == zone)
    )  # fmt: skip
    for pid in targets:
        steps.find(state, pid, active=intensity > 0)
    lasting = bool(ev.params["lasting"])
    if lasting or not intensity:  # intensity 0 also puts them out of a lasting fire
        state = steps.put(state, *(
            with_options(steps.find(state, pid), burning=intensity if lasting else 0)
            for pid in targets
        ))  # fmt: skip
    if not intensity:
        return state, "the fire can be avoided (intensity 0): no stress"
    state, parts = _burn_each(state, cr, tuple((pid, intensity) for pid in targets))
    again = "; it burns again as each exchange begins" if lasting else ""
    return state, "; ".join([f"fire, intensity {intensity}", *parts]) + again


def _poison(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    victim = steps.find(state, ev.targets[0], active=True)
    potency = int(ev.params["potency"])
    kind = str(ev.params["kind"])
    text = str(ev.params["text"])
    if kind == "exotic":
        state, rec = steps.roll(state, cr, victim.id, "Endurance", _faces(ev, 0))
        line = f"exotic poison {potency:+d}: {steps.roll_text(cr, state, rec)}"
        if rec.effort >= potency:
            return state, f"{line}: resists, the symptoms pass"
        if not text:
            raise RuleViolation("an exotic poison needs its aspect (text)")
        state = steps.add_aspect(state, text, holder=victim.id, created_by=None)
        return state, f"{line}: succumbs: \u201c{text}\u201d"
    if kind == "fast":
        return poison_roll(state, cr, victim.id, potency, ev)
    state, line, margin = poison_vs_endurance(state, cr, victim.id, potency, kind, ev)
    if margin < 3:
        return state, f"{line}: no consequence (it needs to win by 3)"
    victim = steps.find(state, victim.id)
    severity = free_slot(cr, victim, "mild")
    if severity is None:
        return steps.take_out(state, victim.id), f"{line}: {victim.name} succumbs (taken out)"
    label = text or "Poisoned"

    state = steps.add_consequence(state, victim.id, severity, label, "physical")
    victim = steps.find(state, victim.id)
    uncured = (*options_of(victim).uncured, label)
    state = steps.put(state, with_options(victim, uncured=uncured))
    return state, f"{line}: {severity} consequence \u201c{label}\u201d until cured"


def _cure(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    p = steps.find(state, ev.targets[0])
    uncured = options_of(p).uncured
    fast = options_of(p).fast_poison
    if not uncured and not fast:
        raise RuleViolation(f"{p.name} has no poison to cure")
    state = steps.put(state, with_options(p, uncured=(), fast_poison=(), poison_due=0))
    parts = [f"{p.name} is cured"]
    if fast:  # SRD L5577: treatment stops a fast poison
        parts.append(f"the fast poison ({fast[0]:+d}) stops")
    if uncured:
        names = ", ".join(f"\u201c{t}\u201d" for t in uncured)
        parts.append(f"{names} now recover with time")
    return state, ": ".join(parts[:2]) + "".join(f"; {x}" for x in parts[2:])


def _distances(state: Encounter, origin: str) -> tuple[dict[str, int], dict[str, int]]:
    """Zones crossed from ``origin`` (for the area) and the force lost on the way (a zone
    crossed and the value of each border: the least over all routes)."""
    adjacent: dict[str, list[tuple[str, int]]] = {}
    for b in state.borders:
        a, c = b.between
        adjacent.setdefault(a, []).append((c, b.value))
        adjacent.setdefault(c, []).append((a, b.value))
    hops: dict[str, int] = {origin: 0}
    loss: dict[str, int] = {}
    queue = [(0, 0, origin)]
    while queue:
        cost, hop, zone = heapq.heappop(queue)
        if zone in loss:
            continue
        loss[zone] = cost
        hops[zone] = min(hops.get(zone, hop), hop)
        for nxt, value in adjacent.get(zone, ()):
            if nxt not in loss:
                heapq.heappush(queue, (cost + 1 + value, hop + 1, nxt))
    # the area counts zones crossed by the shortest route, whatever the cover
    frontier, seen = [origin], {origin: 0}
    while frontier:
        zone = frontier.pop(0)
        for nxt, _ in adjacent.get(zone, ()):
            if nxt not in seen:
                seen[nxt] = seen[zone] + 1
                frontier.append(nxt)
    return seen, loss


def demolitions_force(state: Encounter, ev: SystemActionEvent, force: int) -> tuple[int, str]:
    """The explosion's force with Demolitions (SRD L3125-L3127: +3 when its expert took the
    time to set the charges at a structure's weak points; not set in haste, not thrown), and
    the log's note ("" without it).

    Raises:
        RuleViolation: the expert named lacks the stunt, or the charge was not prepared.
    """
    who = str(ev.params.get("demolitions", ""))
    if not who:
        return force, ""
    expert = steps.find(state, who)
    if not has(expert, "Demolitions"):
        raise RuleViolation(f"{expert.name} does not have Demolitions")
    charge = str(ev.params.get("charge", "hasty"))
    if charge != "prepared":
        raise RuleViolation(
            f"Demolitions needs charges set with time against a structure studied, not {charge} "
            "ones"
        )
    bonus = DEMOLITIONS_FORCE
    return force + bonus, f" (+{bonus} Demolitions, {expert.name}'s prepared charge)"


def _explosion(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    force, area = int(ev.params["force"]), int(ev.params["area"])
    force, expert = demolitions_force(state, ev, force)
    origin = str(ev.params["zone"])
    unaware = {u.strip() for u in str(ev.params["unaware"]).split(",") if u.strip()}
    text = str(ev.params["text"]) or "Caught in the blast"
    hops, loss = _distances(state, origin) if origin else ({}, {})
    parts = [f"explosion, force {force:+d}{expert}, area {area}"
             + (f" in {origin}" if origin else "")]  # fmt: skip
    for i, pid in enumerate(ev.targets):
        p: Participant = steps.find(state, pid, active=True)
        zone = p.zone if origin and p.zone is not None else origin
        if origin and (zone not in hops or hops[zone] >= area):
            parts.append(f"{p.name}: outside the area")
            continue
        here = force - (loss.get(zone, 0) if origin else 0)
        if here <= 0:
            parts.append(f"{p.name}: the force is spent")
            continue
        if pid in unaware:
            verdict, rolled = "out", f"{p.name} unaware of it"
        else:
            state, rec = steps.roll(state, cr, pid, "Athletics", _faces(ev, i))
            rolled = f"{steps.roll_text(cr, state, rec)} vs {here:+d}"
            if rec.effort >= here and rec.effort - here >= cr.spin_margin:
                verdict = "escape"
            else:
                verdict = "cover" if rec.effort >= here else "out"
        p = steps.find(state, pid)
        severity = free_slot(cr, p, "mild") if verdict == "cover" and not p.is_group else None
        if verdict == "escape":
            parts.append(f"{rolled}: spin, a miraculous escape")
        elif severity is not None:
            state = steps.add_consequence(state, pid, severity, text, "physical")
            parts.append(f"{rolled}: takes cover, {severity} consequence \u201c{text}\u201d")
        else:
            state = steps.take_out(state, pid)
            if p.is_group:
                state = steps.put(state, steps.update(
                    steps.find(state, pid),
                    tracks={k: (1,) * len(v) for k, v in p.tracks.items()},
                ))  # fmt: skip
            parts.append(f"{rolled}: taken out")
    return state, "; ".join(parts)


def _throw(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    thrower = steps.find(state, ev.actor, active=True)
    state = steps.acted(state, thrower.id)
    state, rec = steps.roll(state, cr, thrower.id, "Weapons", _faces(ev, 0))
    throw = rec.effort
    aimed = str(ev.params["zone"]) or thrower.zone or "the zone aimed at"
    lowered = int(ev.params["dive_difficulty"])
    if throw >= 0:
        where = aimed
        others = max(0, lowered) if 0 <= lowered < throw else throw
        own = others
    else:  # a bad throw lands at the thrower's feet (L6007)
        where = thrower.zone or "the thrower's zone"
        others, own = 0, -throw
    parts = [f"{steps.roll_text(cr, state, rec)} vs +0: lands in {where}"]
    for i, pid in enumerate(ev.targets, start=1):
        p = steps.find(state, pid, active=True)
        target = own if pid == thrower.id else others
        state, dive = steps.roll(state, cr, pid, "Athletics", _faces(ev, i), defense=True)
        if dive.effort - target >= cr.spin_margin:
            verdict = "spin: dives clear, one zone away (place them)"
        else:
            verdict = "stays near it"
        parts.append(
            f"{p.name} dives: {steps.roll_text(cr, state, dive)} vs {target:+d}: {verdict}"
        )
    fuse = str(ev.params["fuse"])
    if fuse != "none":  # SRD L6009: the fuse burns on, checked before every action
        state = steps.put(state, with_fuse(steps.find(state, thrower.id), fuse))
        parts.append(f"its {fuse} fuse burns (check it before every action)")
    return state, "; ".join(parts)


def _fuse(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    faces, dice = fuse_faces(ev)
    total = sum(faces)
    result = FUSE_TABLE[str(ev.params["fuse"])][total]
    if result == "fizzle" and ev.params["marked"]:
        result = "a second fizzle: a dud"
    elif result == "fizzle":
        result = "fizzle: mark it (a second one makes a dud)"
    return state, f"fuse check ({ev.params['fuse']}): [{dice}] = {total:+d}: {result}"


def _contest(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, int, str]:
    assert ev.actor is not None
    steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0], active=True)
    state = steps.acted(state, ev.actor)
    state, a = steps.roll(state, cr, ev.actor, str(ev.params["skill"]), _faces(ev, 0))
    state, d = steps.roll(
        state, cr, target.id, str(ev.params["defense_skill"]), _faces(ev, 1), defense=True
    )
    text = f"{steps.roll_text(cr, state, a)} vs {steps.roll_text(cr, state, d)}"
    return state, a.effort - d.effort, text


def zones_moved(shifts: int, weight: int, push: bool) -> int:
    """Zones a knockback (1 + weight for the first, each further one more) or a push (weight +
    1 each) of ``shifts`` moves its target (SRD L1462, L1470: a person, weight 2, is knocked one
    zone by 3 shifts, two by 7)."""
    zones, cost, spent = 0, 1 + weight, 0
    while spent + cost <= shifts:
        spent += cost
        zones += 1
        if not push:
            cost += 1
    return zones


def _knockback(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    push, weight = bool(ev.params["push"]), int(ev.params["weight"])
    if push and ev.params.get("throw"):
        raise RuleViolation(
            "a throw is a knockback, not a push (Example Maneuvers: Throw or Knockback)"
        )
    state, shifts, text = _contest(state, cr, ev)
    what = "push" if push else ("throw" if ev.params.get("throw") else "knockback")
    zones = zones_moved(max(0, shifts), weight, push)
    name = steps.name(state, ev.targets[0])
    if not zones:
        return state, f"{text}: no {what} ({max(0, shifts)} shifts, weight {weight})"
    also = " and the pusher comes along" if push else ""
    return state, (
        f"{text}: {max(0, shifts)} shifts, {what} moves {name} {zones} "
        f"zone{'s' if zones > 1 else ''}{also} (weight {weight}; place them)"
    )


def _disarm(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    state, shifts, text = _contest(state, cr, ev)
    target = ev.targets[0]
    if shifts < 1:
        return state, f"{text}: no disarm"

    state = steps.put(state, with_options(steps.find(state, target), disarmed=min(shifts, 20)))
    return state, (
        f"{text}: {shifts} shift{'s' if shifts > 1 else ''}: {steps.name(state, target)} is "
        f"disarmed (no Weapons); picking the weapon up is a supplemental action at "
        f"{-1 - shifts:+d}"
    )


def _rearm(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor, active=True)
    shifts = options_of(p).disarmed
    if not shifts:
        raise RuleViolation(f"{p.name} is not disarmed")
    if ev.params["pick_up"]:  # a supplemental action: it goes with this exchange's action
        state = steps.spend_action(state, p.id, "pick up the weapon")
        p = steps.find(state, p.id)
        penalty = 1 + shifts
        state = steps.put(state, with_options(
            steps.update(p, penalty=p.penalty + penalty), disarmed=0
        ))  # fmt: skip
        return state, f"{p.name} picks the weapon up (-{penalty} on this turn's action)"
    state = steps.acted(state, p.id)
    state = steps.put(state, with_options(steps.find(state, p.id), disarmed=0))
    return state, f"{p.name} spends the action re-arming"


def disarmed_check(shifts: int, skill: str, name: str) -> None:
    """A disarmed participant cannot use Weapons (SRD L1450; its defense falls to Athletics or
    Fists).

    Raises:
        RuleViolation: ``skill`` is Weapons and ``shifts`` (the disarm's) is not 0.
    """
    if shifts and skill.casefold().strip() == "weapons":
        raise RuleViolation(
            f"{name} is disarmed: no Weapons until re-armed (defend with Athletics or Fists)"
        )


def _passenger(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent, helper: str, driver: RollRecord
) -> tuple[Encounter, RollRecord, str]:
    """A passenger's helping roll (SRD L5547): the better of the two counts; not the same
    passenger two exchanges running."""
    p = steps.find(state, helper, active=True)
    state, rec = steps.roll(state, cr, p.id, str(ev.params["passenger_skill"]), _faces(ev, 2))
    if state.started:
        state = steps.put(state, with_options(steps.find(state, p.id), helped_in=state.exchange))
    better = rec if rec.effort > driver.effort else driver
    line = f"{p.name} helps: {steps.roll_text(cr, state, rec)}, {better.effort:+d} counts"
    return state, better, line


def _chase(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    lead = steps.find(state, ev.actor, active=True)
    pursuer = steps.find(state, ev.targets[0], active=True)
    difficulty, skill = int(ev.params["difficulty"]), str(ev.params["skill"])
    helper = str(ev.params["passenger"])
    if helper and state.started:
        p = steps.find(state, helper, active=True)
        if options_of(p).helped_in == state.exchange - 1 > 0:
            raise RuleViolation(f"{p.name} helped the driver last exchange")
    state, a = steps.roll(state, cr, lead.id, skill, _faces(ev, 0))
    state, b = steps.roll(state, cr, pursuer.id, skill, _faces(ev, 1))
    parts = [f"{lead.name} leads at {difficulty:+d}: {steps.roll_text(cr, state, a)}"]
    if helper:  # SRD L5547: the driver keeps the better of the two results
        state, a, line = _passenger(state, cr, ev, helper, a)
        parts.append(line)
    hits: list[tuple[str, int, str]] = []
    if a.effort < difficulty:
        hits.append((lead.id, difficulty - a.effort, f"{lead.name} misses"))
    pursuit = f"{steps.roll_text(cr, state, b)}"
    if b.effort < difficulty:
        hits.append((pursuer.id, difficulty - b.effort, f"{pursuit}: misses"))
    elif ev.params["maneuver"]:
        parts.append(f"{pursuit}: makes it and may maneuver")
    elif b.effort > difficulty:
        hits.append((lead.id, b.effort - difficulty, f"{pursuit}: closes in"))
    else:
        parts.append(f"{pursuit}: keeps up")

    pursuer = steps.find(state, pursuer.id)
    shotgun = bool(ev.params["shotgun"]) or shooting(pursuer)
    if options_of(pursuer).shotgun and not shotgun and pursuer.is_group:
        parts.append("the gunman's car is out: no more Shotgun!")
    for pid, amount, why in hits:
        if pid == lead.id and shotgun:  # SRD L5521
            amount += 1
            why += " (+1 Shotgun!)"
        if state.pending_hit is not None:
            parts.append(f"{why}: {amount} stress to {steps.name(state, pid)} once the pending "
                         "hit is settled")  # fmt: skip
            continue
        state, text = steps.hit(state, cr, pid, amount, "health")
        parts.append(f"{why}: {text}")
    gone = escape_after(state, pursuer.side) if steps.find(state, pursuer.id).taken_out else ""
    return state, "; ".join([*parts, *([gone] if gone else [])])


def _carry(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    assert ev.actor is not None
    carrier = steps.find(state, ev.actor, active=True)
    load = steps.find(state, ev.targets[0])
    if load.zone != carrier.zone:
        raise RuleViolation(f"{load.name} is not in {carrier.name}'s zone")
    weight = int(ev.params["weight"])
    state, text = steps.move(state, cr, carrier.id, str(ev.params["to"]))
    carrier = steps.find(state, carrier.id)
    state = steps.put(
        state,
        steps.update(carrier, penalty=carrier.penalty + weight),
        steps.update(steps.find(state, load.id), zone=carrier.zone),
    )
    return state, f"{text}, carrying {load.name}: -{weight} more (weight {weight})"


def encumbrance_penalty(might: int, load: int, pushing: bool = False) -> int:
    """The penalty of carrying a load that takes Might ``load`` to lift: none up to 4 steps
    below the carrier's ``might``, -1 a step past it, at most 4 (5 when really pushing into the
    next category, SRD L5737; L5772-L5776)."""
    return max(0, min(5 if pushing else 4, load - (might - 4)))


def encumbrance_modifier(penalty: int, skill: str) -> tuple[int, str]:
    """The modifier a load of ``penalty`` puts on a roll of ``skill``."""
    if penalty and skill.casefold().strip() in ENCUMBERED_SKILLS:
        return -penalty, "encumbered"
    return 0, ""


def _encumbrance(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    assert ev.actor is not None
    p = steps.find(state, ev.actor)
    if ev.params["drop"]:
        return steps.put(state, with_options(p, encumbered=0)), f"{p.name} puts the load down"
    load, might = int(ev.params["load"]), p.skill("Might", "physical")
    pushing = bool(ev.params["pushing"])
    if load > might + (1 if pushing else 0):  # pushing reaches one category higher (L5737)
        raise RuleViolation(f"{p.name}'s Might {might:+d} cannot lift a load of {load:+d}")
    penalty = encumbrance_penalty(might, load, pushing)
    state = steps.put(state, with_options(p, encumbered=penalty))
    if not penalty:
        return state, f"{p.name} carries a {load:+d} load freely (Might {might:+d})"
    return state, f"{p.name} carries a {load:+d} load: -{penalty} on other physical rolls"


APPLY: dict[str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]]
APPLY = {
    "fire": _fire, "poison": _poison, "explosion": _explosion, "fuse": _fuse,
    "throw_explosive": _throw,
    "knockback": _knockback, "disarm": _disarm, "chase": _chase, "carry": _carry,
    "encumbrance": _encumbrance, "rearm": _rearm, "cure_poison": _cure, **TIMED_APPLY,
    **CHASE_APPLY, **BONDS_APPLY,
}  # fmt: skip
