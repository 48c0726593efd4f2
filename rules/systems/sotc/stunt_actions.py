"""Rules layer: Spirit of the Century's conflict stunts used at a moment, as system actions:
Crippling Blow, Lethal Weapon, Fist of Death, Signature Strike, The Promise of Pain, Face the
Pain, Unyielding, Riposte, Turnabout, and the stunts that add stress to a hit (Two Gun Joe,
Ricochet, Death From Above); and those of :mod:`rules.systems.sotc.stunts_tempo` (Snap Shot,
Aura of Menace, Fast Reload, Cool Customer) and :mod:`.stunts_fear_and_force` (the gaze
and fear stunts, Death Defiance, Brickbreaker, Developed Immunities).

Each is an :class:`rules.conflict_rules.ActionSpec` applied with the engine's steps right after
the roll that triggers it (the attack is ``Encounter.last``, its hit ``Encounter.pending_hit``),
with its fate point and its limits: once per scene or once per opponent is kept in the user's
``used`` option, so undo and replay keep it with the rest of the state. :func:`offers` lists the
ones that apply now, for the encounter window's prompts. Line numbers cite the SotC SRD text in
the seeds (``spirit-of-the-century-srd.txt``).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.character import Severity
from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import (
    Encounter,
    Outcome,
    ParamValue,
    Participant,
    PendingHit,
    SystemActionEvent,
)
from rules.errors import RuleViolation
from rules.systems.sotc.chase import chase_offers
from rules.systems.sotc.consequence_slots import slot_at_least
from rules.systems.sotc.participant_options import has, options_of
from rules.systems.sotc.stunts_fear_and_force import (
    MORE_ACTIONS,
    MORE_APPLY,
    MORE_ROLLS,
    force,
    more_offers,
)
from rules.systems.sotc.stunts_table import prune_used
from rules.systems.sotc.stunts_tempo import (
    TEMPO_ACTIONS,
    TEMPO_APPLY,
    TEMPO_ROLLS,
    deferred,
    strike,
)
from rules.systems.sotc.table_guard import due_poison_offers

S_CRIPPLING = "SotC, Stunts: Fists, Crippling Blow"
S_LETHAL = "SotC, Stunts: Fists, Lethal Weapon"
S_FIST = "SotC, Stunts: Fists, Fist of Death"
S_SIGNATURE = "SotC, Stunts: Fists, Signature Strike"
S_PROMISE = "SotC, Stunts: Intimidation, The Promise of Pain"
S_FACE = "SotC, Stunts: Endurance, Face the Pain"
S_UNYIELDING = "SotC, Stunts: Resolve, Unyielding"
S_RIPOSTE = "SotC, Stunts: Weapons, Riposte"
S_TURNABOUT = "SotC, Stunts: Weapons, Turnabout"
S_EXTRA = "SotC, Stunts: Guns, Two Gun Joe; Weapons, Ricochet; Pilot, Death From Above"

EXTRA_STRESS: dict[str, tuple[int, tuple[str, ...]]] = {
    "Two Gun Joe": (1, ("Guns",)),  # SRD L3477: +1 on a hit of at least one stress
    "Ricochet": (2, ("Weapons",)),  # SRD L4691: the attack at -1, +2 on a hit
    "Death From Above": (2, ()),  # SRD L4013: +2 on a hit from above, in flight
}
"""Stunts that add stress to a successful hit: (stress added, the attack skills they need)."""

_TEXT = ActionParam(name="text", label="Consequence", type="str",
                    help="The consequence the target takes.")  # fmt: skip

STUNT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="crippling_blow",
        label="Crippling Blow",
        section=S_CRIPPLING,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        help="After injuring the target with Fists: a fate point forces a consequence instead "
        "of a box (the target may concede instead). Once per opponent in a fight scene.",
    ),
    ActionSpec(
        name="lethal_weapon",
        label="Lethal Weapon",
        section=S_LETHAL,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        params=(_TEXT,),
        help="The target of your blow takes a mild or moderate consequence: a fate point makes "
        "it one step worse (mild to moderate, moderate to severe); then it may concede.",
    ),
    ActionSpec(
        name="fist_of_death",
        label="Fist of Death",
        section=S_FIST,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        help="After a successful blow: a fate point fills the target's highest unchecked box "
        "instead of the hit. Once per opponent in a fight.",
    ),
    ActionSpec(
        name="signature_strike",
        label="Signature Strike",
        section=S_SIGNATURE,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        params=(
            ActionParam(
                name="text",
                label="Consequence",
                type="str",
                default="",
                help="The extra consequence (not needed after a miss).",
            ),
        ),
        help="Declared before the Fists roll, once per fight scene: if it inflicts stress, the "
        "target also takes a consequence (the hit is still absorbed as usual). A miss spends "
        "it.",
    ),
    ActionSpec(
        name="promise_of_pain",
        label="The Promise of Pain",
        section=S_PROMISE,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        help="After an Intimidation attack lands at least one composure stress: a fate point "
        "forces a psychological consequence instead of a box.",
    ),
    ActionSpec(
        name="face_the_pain",
        label="Face the Pain",
        section=S_FACE,
        group="Stunts",
        params=(
            ActionParam(
                name="box",
                label="Box to erase (0: the highest checked)",
                minimum=0,
                maximum=20,
                default=0,
            ),
        ),
        help="Once per scene, a fate point erases one checked Health box.",
    ),
    ActionSpec(
        name="unyielding",
        label="Unyielding",
        section=S_UNYIELDING,
        group="Stunts",
        help="A fate point turns the Health hit waiting on you into two 1-point Composure "
        "hits (which roll up).",
    ),
    ActionSpec(
        name="riposte",
        label="Riposte",
        section=S_RIPOSTE,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        help="Your Weapons defense against an attacker in your zone earned spin: spend it to "
        "deal the attacker 1 physical stress (a free action).",
    ),
    ActionSpec(
        name="turnabout",
        label="Turnabout",
        section=S_TURNABOUT,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        help="As Riposte, with a fate point: the defense is a free attack dealing its shifts "
        "(3 or more) as physical stress. Once per opponent in a scene.",
    ),
    ActionSpec(
        name="extra_stress",
        label="Extra stress on a hit",
        section=S_EXTRA,
        group="Stunts",
        min_targets=1,
        max_targets=1,
        params=(
            ActionParam(name="stunt", label="Stunt", type="choice", choices=tuple(EXTRA_STRESS)),
        ),
        help="Your attack just hit: Two Gun Joe (two guns) +1 stress, Ricochet (thrown, "
        "rolled at -1) +2, Death From Above (on a flying target from above) +2.",
    ),
    *TEMPO_ACTIONS,
    *MORE_ACTIONS,
)  # fmt: skip
"""The stunt actions SotC adds to the shared ones."""


# -- helpers ----------------------------------------------------------------------------------


def _need(p: Participant, stunt: str) -> None:
    if not has(p, stunt):
        raise RuleViolation(f"{p.name} does not have {stunt}")


def _use(state: Encounter, pid: str, key: str, limit: str) -> Encounter:
    """``pid`` spends its ``key`` use; refused when already spent (``limit`` says which)."""
    p = steps.find(state, pid)
    used = options_of(p).used
    if key in used:
        raise RuleViolation(f"{p.name} has already used {key.split('|')[0]} ({limit})")
    options = {**p.options, "used": (*prune_used(used, state.exchange), key)}
    return steps.put(state, steps.update(p, options=options))


def _fight(state: Encounter) -> None:
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")


def _parties(state: Encounter, ev: SystemActionEvent) -> tuple[Participant, Participant]:
    assert ev.actor is not None
    _fight(state)
    actor = steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0])
    if target.id == actor.id:
        raise RuleViolation("the stunt is used on an opponent")
    return actor, target


def _blow_skills(p: Participant) -> tuple[str, ...]:
    """Fists, or Might for a Wrestler (SRD L3793: Might instead of Fists)."""
    return ("Fists", "Might") if has(p, "Wrestler") else ("Fists",)


def _last_attack(
    state: Encounter, actor: Participant, target: Participant, skills: tuple[str, ...]
) -> Outcome:
    """The attack just made by ``actor`` on ``target`` with one of ``skills`` (any: empty)."""
    last = state.last
    if last is None or last.action != "attack" or (last.actor, last.target) != (
        actor.id, target.id,
    ):  # fmt: skip
        raise RuleViolation(f"{actor.name}'s stunt follows {actor.name}'s attack on {target.name}")
    if skills and last.rolls[0].skill not in skills:
        raise RuleViolation(f"the stunt needs an attack with {' or '.join(skills)}")
    return last


def _pending(state: Encounter, actor: Participant, target: Participant) -> PendingHit:
    hit = state.pending_hit
    if hit is None or hit.target != target.id or hit.attacker != actor.id:
        raise RuleViolation(f"{target.name} has no hit from {actor.name} waiting to be absorbed")
    return hit


def _consequence(
    state: Encounter, cr: ConflictRules, target: Participant, severity: Severity | None, text: str
) -> tuple[Encounter, str]:
    """``target`` takes a ``severity`` consequence (None: no slot left, taken out); it may
    concede after it, as after any consequence."""
    if severity is None:
        return steps.take_out(state, target.id), f"no consequence left: {target.name} is out"
    state = steps.add_consequence(state, target.id, severity, text, state.kind)
    state = state.model_copy(update={"concession_open": target.id})
    return state, f"{target.name} takes a {severity} consequence \u201c{text}\u201d"


def _named_text(ev: SystemActionEvent) -> str:
    text = str(ev.params.get("text", "")).strip()
    if not text:
        raise RuleViolation("name the consequence")
    return text


# -- the stunts -------------------------------------------------------------------------------


def _force_consequence(
    state: Encounter, ev: SystemActionEvent, stunt: str, skills: tuple[str, ...], limit: bool
) -> tuple[Encounter, PendingHit, Participant, Participant]:
    actor, target = _parties(state, ev)
    _need(actor, stunt)
    _last_attack(state, actor, target, skills)
    hit = _pending(state, actor, target)
    if limit:  # SRD L3181: once per opponent in a given fight scene
        state = _use(state, actor.id, f"{stunt}|{target.id}", "once per opponent in a scene")
    state = steps.spend_fate_point(state, actor.id, stunt)
    state = force(state, target)  # no lower boxes instead (One Hit to the Body, SRD L3069)
    return state, hit, actor, target


def _crippling_blow(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3181: a fate point forces a consequence rather than a box; the target may concede
    instead."""
    assert ev.actor is not None
    actor = steps.find(state, ev.actor)
    state, hit, actor, target = _force_consequence(
        state, ev, "Crippling Blow", _blow_skills(actor), limit=True
    )
    state = state.model_copy(
        update={"pending_hit": hit.model_copy(update={"box": None}), "concession_open": target.id}
    )
    return state, (
        f"{actor.name} spends a fate point: Crippling Blow: {target.name} takes a consequence "
        f"for the {hit.shifts}-point hit instead of a box, or concedes"
    )


def _promise_of_pain(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3549: after an Intimidation hit of one or better on the mental track, a fate point
    forces a psychological consequence instead."""
    state, hit, actor, target = _force_consequence(
        state, ev, "The Promise of Pain", ("Intimidation",), limit=False
    )
    if hit.track == cr.track_for("physical"):
        raise RuleViolation("The Promise of Pain needs a hit on the composure track")
    state = state.model_copy(update={"pending_hit": hit.model_copy(update={"box": None})})
    return state, (
        f"{actor.name} spends a fate point: The Promise of Pain: {target.name} takes a "
        f"psychological consequence for the {hit.shifts}-point hit instead of a box"
    )


def _lethal_weapon(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3285: the target opts for a mild or moderate consequence for the blow; a fate point
    makes it one step worse; not on a severe one. The target may then concede."""
    actor, target = _parties(state, ev)
    _need(actor, "Lethal Weapon")
    _last_attack(state, actor, target, _blow_skills(actor))
    hit = _pending(state, actor, target)
    text = _named_text(ev)
    now = cr.next_consequence(target, state.kind)
    if now is None:
        raise RuleViolation(f"{target.name} has no consequence left to take")
    if now not in ("mild", "moderate"):
        raise RuleViolation(f"{target.name} is already taking a severe consequence")
    raised: Severity = "moderate" if now == "mild" else "severe"
    state = steps.spend_fate_point(state, actor.id, "Lethal Weapon")
    state = state.model_copy(update={"pending_hit": None})
    target = steps.find(state, target.id)
    state, line = _consequence(state, cr, target, slot_at_least(cr, target, state.kind, raised),
                               text)  # fmt: skip
    return state, (
        f"{actor.name} spends a fate point: Lethal Weapon makes {target.name}'s {now} "
        f"consequence for the {hit.shifts}-point hit {raised}; {line}"
    )


def _fist_of_death(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3293: once per opponent per fight, a fate point after a successful blow fills the
    target's highest unchecked stress box, whatever the blow's stress."""
    actor, target = _parties(state, ev)
    _need(actor, "Fist of Death")
    _last_attack(state, actor, target, _blow_skills(actor))
    hit = _pending(state, actor, target)
    boxes = target.track(hit.track)
    free = [i for i, value in enumerate(boxes) if not value]
    if not free:
        raise RuleViolation(f"{target.name} has no unchecked {hit.track} box")
    state = _use(state, actor.id, f"Fist of Death|{target.id}", "once per opponent in a fight")
    state = steps.spend_fate_point(state, actor.id, "Fist of Death")
    level = cr.hit_level(target, hit.track, hit.shifts)
    track = (*boxes[: free[-1]], level, *boxes[free[-1] + 1 :])
    target = steps.update(steps.find(state, target.id), tracks={**target.tracks, hit.track: track})
    state = steps.put(state, target).model_copy(update={"pending_hit": None})
    return state, (
        f"{actor.name} spends a fate point: Fist of Death fills {target.name}'s highest "
        f"unchecked {hit.track} box, {free[-1] + 1} (instead of the {hit.shifts}-point hit)"
    )


def _signature_strike(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3189: once per fight scene; if the strike inflicts stress, a consequence besides
    the hit (two when the stress itself needs one)."""
    actor, target = _parties(state, ev)
    _need(actor, "Signature Strike")
    last = _last_attack(state, actor, target, _blow_skills(actor))
    if last.success and target.is_group:
        raise RuleViolation("minions take no consequences")
    text = _named_text(ev) if last.success else ""
    state = _use(state, actor.id, "Signature Strike", "once per fight scene")
    if not last.success:
        return state, f"{actor.name}'s Signature Strike misses: spent for the scene"
    target = steps.find(state, target.id)
    state, line = _consequence(state, cr, target, cr.next_consequence(target, state.kind), text)
    return state, f"{actor.name}'s Signature Strike lands: {line}, besides the hit"


def _face_the_pain(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3021: once per scene, a fate point removes any single check from the Health
    track."""
    assert ev.actor is not None
    if state.ended:
        raise RuleViolation("the scene has ended")
    p = steps.find(state, ev.actor)
    _need(p, "Face the Pain")
    track = cr.track_for("physical")
    checked = [i + 1 for i, value in enumerate(p.track(track)) if value]
    if not checked:
        raise RuleViolation(f"{p.name} has no checked {track} box")
    box = int(ev.params["box"]) or checked[-1]
    if box not in checked:
        raise RuleViolation(f"{p.name}'s {track} box {box} is not checked")
    state = _use(state, p.id, "Face the Pain", "once per scene")
    state = steps.spend_fate_point(state, p.id, "Face the Pain")
    state = steps.clear_box(state, p.id, track, box - 1)
    return state, f"{p.name} spends a fate point: Face the Pain erases {track} box {box}"


def _unyielding(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L4205: a fate point turns one Health hit into two 1-point Composure hits (subject to
    roll-up)."""
    assert ev.actor is not None
    _fight(state)
    p = steps.find(state, ev.actor, active=True)
    _need(p, "Unyielding")
    hit = state.pending_hit
    if hit is None or hit.target != p.id or hit.track != cr.track_for("physical"):
        raise RuleViolation(f"{p.name} has no health hit waiting to be absorbed")
    composure = cr.track_for("mental")
    state = steps.spend_fate_point(state, p.id, "Unyielding")
    state = state.model_copy(update={"pending_hit": None})
    parts = [f"{p.name} spends a fate point: Unyielding turns the {hit.shifts}-point health hit "
             "into two 1-point composure hits"]  # fmt: skip
    state, first = steps.hit(state, cr, p.id, 1, composure)
    parts.append(first)
    if state.pending_hit is None:
        state, second = steps.hit(state, cr, p.id, 1, composure)
        parts.append(second)
    else:
        parts.append("the second 1-point hit follows once this one is absorbed")
    return state, "; ".join(parts)


def _spin_defense(
    state: Encounter, ev: SystemActionEvent, stunt: str
) -> tuple[Participant, Participant, Outcome]:
    """The trigger of Riposte and Turnabout: ``ev.actor`` just defended against the target's
    physical attack with Weapons, in the same zone, and earned spin."""
    actor, attacker = _parties(state, ev)
    _need(actor, stunt)
    last = state.last
    if last is None or last.action != "attack" or (last.actor, last.target) != (
        attacker.id, actor.id,
    ):  # fmt: skip
        raise RuleViolation(f"{stunt} follows {attacker.name}'s attack on {actor.name}")
    if state.kind != "physical" or last.rolls[1].skill != "Weapons":
        raise RuleViolation(f"{stunt} needs a Weapons defense against a physical attack")
    if state.spin is None or state.spin.owner != actor.id:
        raise RuleViolation(f"{actor.name} has no spin to use")
    if actor.zone != attacker.zone:
        raise RuleViolation(f"{stunt} needs the attacker in {actor.name}'s zone (melee)")
    return actor, attacker, last


def _riposte(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    """SRD L4665: the spin of a Weapons defense against a melee attacker deals the attacker one
    physical stress at once, as a free action."""
    actor, attacker, _ = _spin_defense(state, ev, "Riposte")
    state = state.model_copy(update={"spin": None})
    state, line = steps.hit(state, cr, attacker.id, 1, cr.track_for("physical"))
    return state, f"{actor.name} ripostes, spending the spin: {line}"


def _turnabout(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    """SRD L4673: as Riposte, with a fate point: the defense is a free attack dealing its shifts
    as physical stress; once per opponent in a scene."""
    actor, attacker, last = _spin_defense(state, ev, "Turnabout")
    shifts = last.rolls[1].effort - last.rolls[0].effort
    state = _use(state, actor.id, f"Turnabout|{attacker.id}", "once per opponent in a scene")
    state = steps.spend_fate_point(state, actor.id, "Turnabout")
    state = state.model_copy(update={"spin": None})
    state, line = strike(state, cr, actor, steps.find(state, attacker.id), shifts)
    return state, f"{actor.name} spends a fate point: Turnabout, a free attack of {shifts}: {line}"


def _extra_stress(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """Two Gun Joe (SRD L3477) +1, Ricochet (L4691) +2, Death From Above (L4013) +2 on the
    attack that just hit; once for an attack (one attack an exchange)."""
    actor, target = _parties(state, ev)
    stunt = str(ev.params["stunt"])
    _need(actor, stunt)
    extra, skills = EXTRA_STRESS[stunt]
    last = _last_attack(state, actor, target, skills)
    if not last.success:
        raise RuleViolation(f"{stunt} adds stress only to a hit")
    state = _use(state, actor.id, f"{stunt}@{state.exchange}", "once for an attack")
    hit = state.pending_hit
    if hit is not None and hit.target == target.id and hit.attacker == actor.id:
        shifts = hit.shifts + extra
        box = cr.stress_box_for(steps.find(state, target.id), hit.track, shifts)
        state = state.model_copy(
            update={"pending_hit": hit.model_copy(update={"shifts": shifts, "box": box})}
        )
        what = f"box {box + 1} or a consequence" if box is not None else "a consequence"
        line = f"the hit on {target.name} is now {shifts}: {what}"
    else:  # the hit has landed already (minions): the extra stress follows it
        state, line = steps.hit(state, cr, target.id, extra, hit.track if hit else None)
    return state, f"{actor.name}'s {stunt}: +{extra} stress; {line}"


STUNT_APPLY: dict[
    str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]
] = {
    "crippling_blow": _crippling_blow, "lethal_weapon": _lethal_weapon,
    "fist_of_death": _fist_of_death, "signature_strike": _signature_strike,
    "promise_of_pain": _promise_of_pain, "face_the_pain": _face_the_pain,
    "unyielding": _unyielding, "riposte": _riposte, "turnabout": _turnabout,
    "extra_stress": _extra_stress, **TEMPO_APPLY, **MORE_APPLY,
}  # fmt: skip
"""Each stunt action's handler."""

STUNT_ROLLS: dict[str, int] = {**TEMPO_ROLLS, **MORE_ROLLS}
"""The rolls of the stunt actions that roll a fixed number of times (the others roll none;
Aura of Fear rolls once a target besides: :func:`.stunts_fear_and_force.more_rolls`)."""


# -- offers -----------------------------------------------------------------------------------

_AFTER_ATTACK = ("crippling_blow", "lethal_weapon", "fist_of_death", "signature_strike",
                 "promise_of_pain", "extra_stress")  # fmt: skip
_PLACEHOLDER: dict[str, ParamValue] = {"text": "?"}


def offers(state: Encounter, cr: ConflictRules) -> tuple[SystemActionEvent, ...]:
    """The stunt actions that apply right now (after an attack: its attacker's blow stunts,
    the defender's Riposte, Turnabout and Bend like the Reed, Unyielding and Face the Pain for
    whoever was hit; after a failed try to break a block: Hammerlock; the gaze stunts,
    Brickbreaker and Death Defiance: :func:`.stunts_fear_and_force.more_offers`), as
    events to fill in (a consequence's ``text`` left out); first of all a fast poison's attack
    when it is due (SRD L5577: :func:`rules.systems.sotc.table_guard.due_poison_offers`) and
    a chase's reserve car when one may enter (:func:`rules.systems.sotc.chase.chase_offers`)."""
    last = state.last
    candidates: list[SystemActionEvent] = []
    if last is not None and last.action == "attack" and last.target is not None:
        for name in _AFTER_ATTACK:
            stunts = tuple(EXTRA_STRESS) if name == "extra_stress" else ("",)
            for stunt in stunts:
                params: dict[str, ParamValue] = {"stunt": stunt} if stunt else {}
                candidates.append(SystemActionEvent(
                    action=name, actor=last.actor, targets=(last.target,), params=params,
                ))  # fmt: skip
        for name in ("riposte", "turnabout", "bend_like_the_reed"):
            candidates.append(
                SystemActionEvent(action=name, actor=last.target, targets=(last.actor,))
            )
        candidates.append(SystemActionEvent(action="face_the_pain", actor=last.target))
        candidates.append(SystemActionEvent(action="mix_it_up", actor=last.target))
        candidates.append(
            SystemActionEvent(action="made_me_mad", actor=last.target, targets=(last.actor,))
        )
    if state.pending_hit is not None:
        candidates.append(SystemActionEvent(action="unyielding", actor=state.pending_hit.target))
        candidates.append(SystemActionEvent(action="last_leg", actor=state.pending_hit.target))
    hit_on = state.pending_hit.target if state.pending_hit is not None else None
    for p in state.participants:  # Last Leg's time is up (next exchange, or hit again)
        held = deferred(p)
        if held and (p.id == hit_on or any(e < state.exchange for *_, e in held)):
            for mode in ("extend", "land"):
                candidates.append(
                    SystemActionEvent(action="last_leg", actor=p.id, params={"mode": mode})
                )
    if last is not None and last.action == "pass_block" and last.target is not None:
        candidates.append(
            SystemActionEvent(action="hammerlock", actor=last.target, targets=(last.actor,))
        )
    candidates.extend(more_offers(state))
    found: list[SystemActionEvent] = []
    for event in candidates:
        trial = event
        if event.action in ("lethal_weapon", "signature_strike", "fearsome_gaze",
                            "death_defiance"):  # fmt: skip
            trial = event.model_copy(update={"params": {**event.params, **_PLACEHOLDER}})
        rolls = STUNT_ROLLS.get(event.action, 0)
        if rolls:  # SotC's 4dF, read as rolled blank: the trial only asks whether it applies
            trial = trial.model_copy(update={"dice": ((0, 0, 0, 0),) * rolls})
        try:
            _, checked = steps.check_action(cr, trial)
            STUNT_APPLY[event.action](state, cr, checked)
        except RuleViolation:
            continue
        found.append(event)
    return (*due_poison_offers(state), *chase_offers(state), *found)
