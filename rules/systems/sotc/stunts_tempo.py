"""Rules layer: Spirit of the Century's stunts that give a free action or clear harm in the
middle of a conflict, as system actions: Snap Shot, Aura of Menace (a free attack, out of turn),
Bend like the Reed (a free throw maneuver), Hammerlock (a failed escape hurts), Now You've Made
Me Mad and Mix it Up (armed here, added to the attack by
:mod:`rules.systems.sotc.stunts_always_on`), Fast Reload and Cool Customer; and the free attack's
hit they and Turnabout deal (:func:`strike`).

Registered with the other stunt actions (:mod:`rules.systems.sotc.stunt_actions`); the limits
(once per exchange, once per scene per target, a cost that grows each use in a scene) are kept
in the user's ``used`` option. Line numbers cite the SotC SRD text in the seeds.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, Outcome, Participant, PendingHit, Spin, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import options_of
from rules.systems.sotc.stunts_table import prune_used

S_SNAP = "SotC, Stunts: Guns, Snap Shot"
S_AURA = "SotC, Stunts: Intimidation, Aura of Menace"
S_RELOAD = "SotC, Stunts: Guns, Fast Reload"
S_COOL = "SotC, Stunts: Resolve, Cool Customer"
S_REED = "SotC, Stunts: Fists, Bend like the Reed"
S_HAMMERLOCK = "SotC, Stunts: Might, Hammerlock"
S_MAD = "SotC, Stunts: Endurance, Now You've Made Me Mad"
S_MIX = "SotC, Stunts: Fists, Mix it Up"
S_LAST = "SotC, Stunts: Guns, One Shot Left"
S_LEG = "SotC, Stunts: Endurance, Last Leg"
LEG = "Leg|"
"""The prefix of a hit Last Leg put off, in its user's ``used`` option:
``Leg|shifts|attacker|exchange`` (the exchange it was put off in, or last extended)."""

BANK = "Spin|"
"""The prefix of a spin Mix it Up saved (``Spin|step``), one entry a point."""

SPEND = "Spend|"
"""The prefix of saved spin armed for an attack in an exchange: ``Spend|points|exchange``."""

LAST = "Last|"
"""The prefix of One Shot Left's last shot, ``Last|exchange``: +3 on a Guns attack in that
exchange, no Guns afterwards (until new ammunition)."""

MAD = "Mad|"
"""The prefix of an armed Now You've Made Me Mad in its user's ``used`` option:
``Mad|opponent|value|exchange``."""

TEMPO_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="snap_shot", label="Snap Shot", section=S_SNAP, group="Stunts",
        min_targets=1, max_targets=1,
        params=(ActionParam(name="defense_skill", label="Defense skill", type="str",
                            default="Athletics"),),
        help="Between actions, once an exchange: a Guns attack out of turn, besides the normal "
        "action; a fate point, one more for each earlier use in the scene.",
    ),
    ActionSpec(
        name="aura_of_menace", label="Aura of Menace", section=S_AURA, group="Stunts",
        min_targets=1, max_targets=1,
        params=(ActionParam(name="defense_skill", label="Defense skill", type="str",
                            default="Resolve"),),
        help="A fate point, once per scene per target: intimidate the target at once as a "
        "free action (an Intimidation attack on its Composure), besides the normal action.",
    ),
    ActionSpec(
        name="bend_like_the_reed", label="Bend like the Reed", section=S_REED, group="Stunts",
        min_targets=1, max_targets=1,
        params=(ActionParam(name="aspect", label="Aspect", type="str", default="Thrown"),
                ActionParam(name="defense_skill", label="Defense skill", type="str",
                            default="Athletics")),
        help="Your defense against the attacker earned spin: at once, a free Fists throw "
        "maneuver on the attacker (success: the aspect on it, with a free tag for you).",
    ),
    ActionSpec(
        name="hammerlock", label="Hammerlock", section=S_HAMMERLOCK, group="Stunts",
        min_targets=1, max_targets=1,
        help="The one you hold in a grab block just failed to break through it: 1 physical "
        "stress on it.",
    ),
    ActionSpec(
        name="made_me_mad", label="Now You've Made Me Mad", section=S_MAD, group="Stunts",
        min_targets=1, max_targets=1,
        help="Once per scene, a fate point after taking physical stress from the target: the "
        "hit's value is added to your attack on the target in the next exchange.",
    ),
    ActionSpec(
        name="mix_it_up", label="Mix it Up", section=S_MIX, group="Stunts",
        params=(ActionParam(name="spend", label="Spend the saved spin on this attack",
                            type="bool", default=False),),
        help="Save the spin your defense just earned (it adds up); or, before your next attack, "
        "spend all the saved spin on it.",
    ),
    ActionSpec(
        name="one_shot_left", label="One Shot Left", section=S_LAST, group="Stunts",
        params=(ActionParam(name="new_ammo", label="Found a new weapon or ammunition",
                            type="bool", default=False),),
        help="Declare the last shot: +3 on a Guns attack this exchange, then no Guns for the "
        "scene (until a new weapon or ammunition is found: new_ammo).",
    ),
    ActionSpec(
        name="last_leg", label="Last Leg", section=S_LEG, group="Stunts",
        params=(ActionParam(name="mode", label="What", type="choice",
                            choices=("defer", "extend", "land"), default="defer"),),
        help="defer: a fate point puts off the physical hit waiting on you for an exchange or "
        "until you are hit again; extend: a fate point buys another exchange for the hits "
        "put off; land: the next hit put off comes to bear (absorb it as usual).",
    ),
    ActionSpec(
        name="fast_reload", label="Fast Reload", section=S_RELOAD, group="Stunts",
        params=(ActionParam(name="consequence", label="Mild consequence (out of ammunition)",
                            type="str"),),
        help="At the end of an exchange, a fate point removes the mild \"out of ammunition\" "
        "consequence; its slot stays used.",
    ),
    ActionSpec(
        name="cool_customer", label="Cool Customer", section=S_COOL, group="Stunts",
        params=(ActionParam(name="box", label="Composure box (1: free; higher: a fate point)",
                            minimum=1, maximum=20, default=1),),
        help="A full action, once an exchange: Resolve against Mediocre; success clears the "
        "1-point Composure box, or, for a fate point, one box no higher than the shifts.",
    ),
)  # fmt: skip
"""The free-action and recovery stunts SotC adds to the shared actions."""

TEMPO_ROLLS: dict[str, int] = {
    "snap_shot": 2, "aura_of_menace": 2, "fast_reload": 0, "cool_customer": 1,
    "bend_like_the_reed": 2,
}  # fmt: skip
"""How many rolls each action makes."""


def _has(p: Participant, stunt: str) -> None:
    if stunt not in options_of(p).stunts:
        raise RuleViolation(f"{p.name} does not have {stunt}")


def _use(state: Encounter, p: Participant, key: str) -> Encounter:
    p = steps.find(state, p.id)
    options = {**p.options, "used": (*prune_used(options_of(p).used, state.exchange), key)}
    return steps.put(state, steps.update(p, options=options))


def _faces(ev: SystemActionEvent, index: int) -> tuple[int, ...] | None:
    dice = ev.dice or ()
    return dice[index] if index < len(dice) else None


def _between_actions(state: Encounter) -> None:
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    if state.pending_hit is not None:
        raise RuleViolation("between actions only: a hit is still waiting to be absorbed")


def strike(
    state: Encounter,
    cr: ConflictRules,
    attacker: Participant,
    target: Participant,
    amount: int,
    track: str | None = None,
) -> tuple[Encounter, str]:
    """A free attack's hit of ``amount`` stress (physical unless ``track``) on ``target``:
    waiting for it to choose a box or a consequence, as an attack's hit does (minions and what
    is attached to the target take it at once)."""
    track = track or cr.track_for("physical")
    attached = any(q.attached_to == target.id and not q.taken_out for q in state.participants)
    if target.is_group or attached:
        return steps.hit(state, cr, target.id, amount, track)
    box = cr.stress_box_for(target, track, amount)
    hit = PendingHit(target=target.id, shifts=amount, track=track, attacker=attacker.id, box=box)
    what = f"box {box + 1} or a consequence" if box is not None else "a consequence or taken out"
    return state.model_copy(update={"pending_hit": hit}), (
        f"{target.name} takes a {amount}-point hit: {what}"
    )


def free_attack(
    state: Encounter,
    cr: ConflictRules,
    ev: SystemActionEvent,
    skill: str,
    track: str,
) -> tuple[Encounter, str]:
    """``ev.actor``'s attack with ``skill`` on its target, a free action (it spends no action),
    with the engine's roll steps; the hit waits on ``track`` like an attack's, a defense by 3
    earns spin."""
    assert ev.actor is not None
    actor = steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0], active=True)
    plus, minus, why = cr.attack_modifiers(state, actor, target, skill)
    state, a = steps.roll(state, cr, actor.id, skill, _faces(ev, 0), modifier=plus)
    state, d = steps.roll(state, cr, target.id, str(ev.params["defense_skill"]), _faces(ev, 1),
                          modifier=minus, defense=True)  # fmt: skip
    parts = [f"{steps.roll_text(cr, state, a)} vs {steps.roll_text(cr, state, d)}"]
    if why:
        parts.append(why)
    shifts = max(0, a.effort - d.effort)
    spin = d.effort - a.effort >= cr.spin_margin
    denied = cr.spin_denied(state, actor, target) if spin else ""
    spin = spin and not denied
    state = state.model_copy(update={"spin": Spin(owner=target.id) if spin else None})
    if shifts:
        state, line = strike(state, cr, actor, steps.find(state, target.id), shifts, track)
        parts.append(f"{shifts} shift{'s' if shifts != 1 else ''}; {line}")
    else:
        parts.append("no stress" + (f"; {target.name} gains spin" if spin else ""))
    text = "; ".join(parts)
    outcome = Outcome(
        action="attack", actor=actor.id, target=target.id, rolls=(a, d), opposition=d.effort,
        shifts=shifts, success=shifts > 0, spin=spin, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome}), text


def _snap_shot(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    """SRD L3449: once per exchange, between or before others' actions, a fate point to act
    next with a Guns roll, besides the normal action; each use in the scene costs one more."""
    assert ev.actor is not None
    _between_actions(state)
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Snap Shot")
    used = options_of(p).used
    if f"Snap Shot@{state.exchange}" in used:
        raise RuleViolation(f"{p.name} has already used Snap Shot this exchange")
    cost = 1 + sum(1 for u in used if u.startswith("Snap Shot@"))
    if p.fate_points < cost:
        raise RuleViolation(f"{p.name} needs {cost} fate points for this Snap Shot")
    for _ in range(cost):
        state = steps.spend_fate_point(state, p.id, "Snap Shot")
    state = _use(state, p, f"Snap Shot@{state.exchange}")
    state, text = free_attack(state, cr, ev, "Guns", cr.track_for(state.kind))
    points = f"{cost} fate point{'s' if cost > 1 else ''}"
    return state, f"{p.name} spends {points}: Snap Shot, out of turn: {text}"


def _aura_of_menace(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3529: once per scene per target, a fate point to intimidate the target as a free
    action, at once, besides any other action."""
    assert ev.actor is not None
    _between_actions(state)
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Aura of Menace")
    target = steps.find(state, ev.targets[0], active=True)
    key = f"Aura of Menace|{target.id}"
    if key in options_of(p).used:
        raise RuleViolation(f"{p.name} has already used Aura of Menace on {target.name}")
    state = steps.spend_fate_point(state, p.id, "Aura of Menace")
    state = _use(state, p, key)
    state, text = free_attack(state, cr, ev, "Intimidation", cr.track_for("social"))
    return state, f"{p.name} spends a fate point: Aura of Menace: {text}"


def _bend_like_the_reed(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3277: whenever the character gains spin on a defense, a free throw maneuver on the
    attacker at once (SotC "Maneuvers": one shift places the aspect, with a free tag)."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Bend like the Reed")
    attacker = steps.find(state, ev.targets[0], active=True)
    last = state.last
    if last is None or last.action != "attack" or (last.actor, last.target) != (
        attacker.id, p.id,
    ) or not last.spin:  # fmt: skip
        raise RuleViolation(
            f"Bend like the Reed follows a defense with spin against {attacker.name}'s attack"
        )
    state, a = steps.roll(state, cr, p.id, "Fists", _faces(ev, 0))
    state, d = steps.roll(state, cr, attacker.id, str(ev.params["defense_skill"]), _faces(ev, 1),
                          defense=True)  # fmt: skip
    head = f"{steps.roll_text(cr, state, a)} vs {steps.roll_text(cr, state, d)}"
    shifts = max(0, a.effort - d.effort)
    aspect = str(ev.params["aspect"]).strip() or "Thrown"
    if shifts:
        state = steps.add_aspect(state, aspect, holder=attacker.id, created_by=p.id, free_tags=1,
                                 sticky=False)  # fmt: skip
        tail = f"\u201c{aspect}\u201d on {attacker.name} (a free tag for {p.name})"
    else:
        tail = "the throw fails"
    text = f"{p.name} bends like the reed, a free throw: {head}; {tail}"
    outcome = Outcome(
        action="maneuver", actor=p.id, target=attacker.id, rolls=(a, d), opposition=d.effort,
        shifts=shifts, success=shifts > 0, text=text,
    )  # fmt: skip
    return state.model_copy(update={"last": outcome}), text


def _hammerlock(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3809: each time the one held by the character's grab block tries to break through
    it and fails, the character may inflict a single point of stress."""
    assert ev.actor is not None
    _between_actions(state)
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Hammerlock")
    held = steps.find(state, ev.targets[0], active=True)
    last = state.last
    if last is None or last.action != "pass_block" or last.success or (
        last.actor, last.target) != (held.id, p.id):  # fmt: skip
        raise RuleViolation(
            f"Hammerlock follows {held.name}'s failed try to break {p.name}'s block"
        )
    key = f"Hammerlock@{state.exchange}|{held.id}"
    if key in options_of(p).used:
        raise RuleViolation(f"{p.name} has already hurt {held.name} for this try")
    state = _use(state, p, key)
    state, line = steps.hit(state, cr, held.id, 1, cr.track_for("physical"))
    return state, f"{p.name}'s Hammerlock hurts {held.name}: {line}"


def _made_me_mad(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3091: once per scene, after taking physical stress, a fate point adds the wound's
    original value to an action in the next exchange against the one who inflicted it."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Now You've Made Me Mad")
    foe = steps.find(state, ev.targets[0])
    last = state.last
    if state.kind != "physical" or last is None or last.action != "attack" or (
        last.actor, last.target) != (foe.id, p.id) or not last.success:  # fmt: skip
        raise RuleViolation(f"the stunt follows physical stress from {foe.name}'s attack")
    if state.pending_hit is not None and state.pending_hit.target == p.id:
        raise RuleViolation(f"{p.name} first takes the stress (absorb the hit)")
    if "Now You've Made Me Mad" in options_of(p).used:
        raise RuleViolation(f"{p.name} has already used Now You've Made Me Mad (once per scene)")
    state = steps.spend_fate_point(state, p.id, "Now You've Made Me Mad")
    state = _use(state, p, "Now You've Made Me Mad")
    state = _use(state, p, f"{MAD}{foe.id}|{last.shifts}|{state.exchange + 1}")
    return state, (
        f"{p.name} spends a fate point: Now You've Made Me Mad: +{last.shifts} on an attack "
        f"against {foe.name} in exchange {state.exchange + 1}"
    )


def _mix_it_up(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    """SRD L3201: spin gained on a defense may be saved, several adding up, and applied to the
    next attack however many actions come between."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Mix it Up")
    used = options_of(p).used
    banked = sum(1 for u in used if u.startswith(BANK))
    if ev.params["spend"]:
        if not banked:
            raise RuleViolation(f"{p.name} has no spin saved")
        rest = tuple(u for u in used if not u.startswith((BANK, SPEND)))
        key = f"{SPEND}{banked}|{state.exchange}"
        p = steps.update(p, options={**p.options, "used": (*rest, key)})
        return steps.put(
            state, p
        ), f"{p.name} spends {banked} saved spin on this attack (+{banked})"
    if state.spin is None or state.spin.owner != p.id:
        raise RuleViolation(f"{p.name} has no spin to save")
    state = state.model_copy(update={"spin": None})
    state = _use(state, p, f"{BANK}{state.step}")
    return state, f"{p.name} saves the spin (Mix it Up): {banked + 1} saved"


def _one_shot_left(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3421: the last shot, one Guns attack at +3; then no Guns in the scene unless an
    action finds a new weapon or ammunition."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "One Shot Left")
    used = options_of(p).used
    last = [u for u in used if u.startswith(LAST)]
    if ev.params["new_ammo"]:
        if not last:
            raise RuleViolation(f"{p.name} has not fired a last shot")
        p = steps.update(p, options={**p.options, "used": tuple(u for u in used if u not in last)})
        return steps.put(state, p), f"{p.name} finds a new weapon or ammunition: Guns again"
    if last:
        raise RuleViolation(f"{p.name} has already fired the last shot")
    state = _use(state, p, f"{LAST}{state.exchange}")
    return state, f"{p.name} is on the last shot: +3 on a Guns attack this exchange, then out"


def deferred(p: Participant) -> list[tuple[int, str, int]]:
    """The hits Last Leg has put off for ``p``: (shifts, attacker id or "", exchange)."""
    out = []
    for entry in options_of(p).used:
        if entry.startswith(LEG):
            _, shifts, attacker, exchange = entry.split("|")
            out.append((int(shifts), attacker, int(exchange)))
    return out


def _last_leg(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    """SRD L3007: a fate point keeps the character standing against a physical hit that would
    force a consequence or take him out, for one more exchange or until hit again; then every
    hit put off comes to bear at once; more fate points buy more time."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Last Leg")
    mode = str(ev.params["mode"])
    held = deferred(p)
    rest = tuple(u for u in options_of(p).used if not u.startswith(LEG))
    health = cr.track_for("physical")
    if mode == "defer":
        hit = state.pending_hit
        if hit is None or hit.target != p.id or hit.track != health:
            raise RuleViolation(f"{p.name} has no physical hit waiting to be put off")
        state = steps.spend_fate_point(state, p.id, "Last Leg")
        state = _use(state, p, f"{LEG}{hit.shifts}|{hit.attacker or ''}|{state.exchange}")
        state = state.model_copy(update={"pending_hit": None})
        return state, (
            f"{p.name} spends a fate point: Last Leg puts off the {hit.shifts}-point hit until "
            f"the next exchange or the next hit ({len(held) + 1} put off)"
        )
    if not held:
        raise RuleViolation(f"{p.name} has no hit put off")
    if mode == "extend":
        state = steps.spend_fate_point(state, p.id, "Last Leg")
        renewed = tuple(f"{LEG}{s}|{a}|{state.exchange}" for s, a, _ in held)
        p = steps.update(steps.find(state, p.id), options={**p.options, "used": (*rest, *renewed)})
        return steps.put(state, p), (
            f"{p.name} spends a fate point: Last Leg keeps {len(held)} hit(s) off another exchange"
        )
    if state.pending_hit is not None:
        raise RuleViolation("a hit is waiting to be absorbed: land the next one after it")
    (shifts, attacker, _), later = held[0], held[1:]
    kept = tuple(f"{LEG}{s}|{a}|{e}" for s, a, e in later)
    p = steps.update(p, options={**p.options, "used": (*rest, *kept)})
    box = cr.stress_box_for(p, health, shifts)
    hit = PendingHit(target=p.id, shifts=shifts, track=health, attacker=attacker or None, box=box)
    state = steps.put(state, p).model_copy(update={"pending_hit": hit})
    what = f"box {box + 1} or a consequence" if box is not None else "a consequence or taken out"
    return state, (
        f"Last Leg runs out: the {shifts}-point hit on {p.name} comes to bear: {what}"
        + (f" ({len(later)} more to come)" if later else "")
    )


def _fast_reload(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3411: a fate point removes the mild "out of ammunition" consequence; it still counts
    as taken for the next one's severity (its slot stays used)."""
    assert ev.actor is not None
    if state.ended:
        raise RuleViolation("the scene has ended")
    p = steps.find(state, ev.actor)
    _has(p, "Fast Reload")
    wanted = str(ev.params["consequence"]).casefold().strip()
    held = next((c for c in p.consequences if c.text.casefold().strip() == wanted), None)
    if held is None or held.severity != "mild":
        raise RuleViolation(f"{p.name} holds no mild consequence {ev.params['consequence']!r}")
    state = steps.spend_fate_point(state, p.id, "Fast Reload")
    state, text = steps.remove_consequence(state, cr, p.id, held.text)
    return state, f"{p.name} spends a fate point: Fast Reload: {text} (its slot stays used)"


def _cool_customer(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L4139: a full action, once per exchange: Resolve against Mediocre; success clears
    the 1-point Composure box, or for a fate point any one box no higher than the shifts."""
    assert ev.actor is not None
    if not state.started or state.ended:
        raise RuleViolation("Cool Customer is an action in a conflict")
    p = steps.find(state, ev.actor, active=True)
    _has(p, "Cool Customer")
    if f"Cool Customer@{state.exchange}" in options_of(p).used:
        raise RuleViolation(f"{p.name} has already used Cool Customer this exchange")
    track = cr.track_for("social")
    box = int(ev.params["box"])
    boxes = p.track(track)
    if box > len(boxes) or not boxes[box - 1]:
        raise RuleViolation(f"{p.name}'s {track} box {box} is not checked")
    state = steps.acted(state, p.id)
    state = _use(state, p, f"Cool Customer@{state.exchange}")
    state, rec = steps.roll(state, cr, p.id, "Resolve", _faces(ev, 0))
    line = f"{p.name} keeps cool: {steps.roll_text(cr, state, rec)} vs +0"
    if rec.effort < 0:
        return state, f"{line}: fails"
    if box > 1:
        if rec.effort < box:
            return state, f"{line}: {rec.effort} shift(s) do not reach box {box}"
        state = steps.spend_fate_point(state, p.id, "Cool Customer")
        line += "; a fate point"
    state = steps.clear_box(state, p.id, track, box - 1)
    return state, f"{line}: clears {track} box {box}"


TEMPO_APPLY: dict[
    str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]
] = {
    "snap_shot": _snap_shot, "aura_of_menace": _aura_of_menace, "fast_reload": _fast_reload,
    "cool_customer": _cool_customer, "bend_like_the_reed": _bend_like_the_reed,
    "hammerlock": _hammerlock, "made_me_mad": _made_me_mad,
    "mix_it_up": _mix_it_up, "one_shot_left": _one_shot_left, "last_leg": _last_leg,
}  # fmt: skip
"""Each action's handler."""
