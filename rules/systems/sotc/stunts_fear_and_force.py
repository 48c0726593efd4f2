"""Rules layer: Spirit of the Century's conflict stunts of fear and force, as system actions and
the always-on rules the conflict hooks apply: the Intimidation stunts of fear (Steely Gaze,
Fearsome Gaze, Aura of Fear, Master of Fear), the Resolve stunts that steady a defense
(Unflappable, Inner Strength), Death Defiance, Brickbreaker, Developed Immunities, Slippery,
Body Toss and Shot on the Run; and the mark that keeps a forced consequence (Crippling Blow, The
Promise of Pain) from being dodged with One Hit to the Body.

Registered with the other stunt actions (:mod:`rules.systems.sotc.stunt_actions`); the conflict
rules' hooks (:mod:`rules.systems.sotc.conflict`, :mod:`rules.systems.sotc.stunts_always_on`)
call the functions below. What a stunt leaves behind is kept in its user's ``used`` option, so
undo and replay keep it with the rest of the state:

- ``Gaze|other|own|theirs|exchange``: locked in a Steely Gaze with ``other`` in ``exchange``;
  ``own`` and ``theirs`` are the two sides' ``consequences_taken`` when it began (a consequence
  ends it, SRD L3557).
- ``Forced|n``: the hit waiting on this participant must be absorbed by a consequence (a
  Crippling Blow or The Promise of Pain), while its ``consequences_taken`` is still ``n``.
- ``Immune|common``, ``Immune|2``, ``Immune|6``: Developed Immunities armed for the next poison.
- ``Now|bonus|stunt``: a bonus on this participant's rolls for the action under way only (set
  and taken away around a knockback or a poison by the action hook).

Line numbers cite the SotC SRD text in the seeds (``spirit-of-the-century-srd.txt``).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.character import Consequence
from rules.conflict import steps
from rules.conflict_rules import ActionParam, ActionSpec, ConflictRules
from rules.encounter import Encounter, ParamValue, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import has, options_of
from rules.systems.sotc.stunts_table import prune_used

S_STEELY = "SotC, Stunts: Intimidation, Steely Gaze"
S_FEARSOME = "SotC, Stunts: Intimidation, Fearsome Gaze"
S_AURA = "SotC, Stunts: Intimidation, Aura of Fear; Master of Fear"
S_DEATH = "SotC, Stunts: Endurance, Death Defiance"
S_BRICK = "SotC, Stunts: Fists, Brickbreaker"
S_IMMUNE = "SotC, Stunts: Endurance, Developed Immunities"

GAZE = "Gaze|"
FORCED = "Forced|"
IMMUNE = "Immune|"
NOW = "Now|"

IMMUNITY: dict[str, str] = {"common": "common", "uncommon": "2", "known": "6"}
"""Developed Immunities (SRD L3057): immune to common poisons; +2 to resist an uncommon one met
for the first time, +6 to one met before."""

SLIPPERY_BONUS = 2
"""Slippery (SRD L2539): +2 to defend against a knockback or a push."""

UNFLAPPABLE_BONUS = 2
"""Unflappable (SRD L4157): +2 to Resolve against a fear-based Intimidation action."""

GAZE_PENALTY = 2
"""Steely Gaze (SRD L3557): -2 to defend against an action that interrupts the gaze."""

AURA_PENALTY = 2
"""Aura of Fear (SRD L3541): the roll against the whole room is at -2 (none with Master of
Fear, SRD L3575)."""

_TEXT = ActionParam(name="text", label="Consequence", type="str",
                    help="The consequence the target takes.")  # fmt: skip

MORE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="steely_gaze", label="Steely Gaze", section=S_STEELY, group="Stunts",
        min_targets=1, max_targets=1,
        params=(ActionParam(name="mode", label="What", type="choice",
                            choices=("lock", "break"), default="lock"),),
        help="lock: your Intimidation check on the target locks you both in a contest of wills "
        "(only Intimidation on each other, -2 to defend against anyone interrupting) until one "
        "takes a consequence or concedes; break: something interrupted it.",
    ),
    ActionSpec(
        name="fearsome_gaze", label="Fearsome Gaze", section=S_FEARSOME, group="Stunts",
        min_targets=1, max_targets=1, params=(_TEXT,),
        help="Your Intimidation hit on the one locked in your gaze needs a consequence: it "
        "takes this one, and right after it a second (the hit waits again for it); it may "
        "concede after either.",
    ),
    ActionSpec(
        name="aura_of_fear", label="Aura of Fear", section=S_AURA, group="Stunts",
        min_targets=1, max_targets=50,
        params=(ActionParam(name="leader", label="Minions' leader (id)", type="str", default="",
                            help="Defends the minions with Leadership instead of their roll."),),
        help="A full action, once per scene, a fate point: one Intimidation roll at -2 (Master "
        "of Fear: no -2) against every opponent (the targets), each defending with Resolve. "
        "Minions whose quality it beats: half of them are cowed regardless (Master of Fear: all "
        "of them flee), unless their leader defends them with Leadership.",
    ),
    ActionSpec(
        name="death_defiance", label="Death Defiance", section=S_DEATH, group="Stunts",
        params=(
            _TEXT,
            ActionParam(name="severity", label="Severity", type="choice",
                        choices=("mild", "moderate", "severe"), default="mild",
                        help="The GM's call: the book names no severity."),
        ),
        help="Taken out out of sight with death imminent: half your fate points (rounded up, "
        "at least one) and you survive, back in a later scene with your Health cleared and a "
        "single consequence.",
    ),
    ActionSpec(
        name="brickbreaker", label="Brickbreaker", section=S_BRICK, group="Stunts",
        min_targets=1, max_targets=1,
        help="Your Fists hit on a thing, not a character (a door, a wall): its stress is "
        "doubled. Once an exchange.",
    ),
    ActionSpec(
        name="developed_immunities", label="Developed Immunities", section=S_IMMUNE,
        group="Stunts",
        params=(ActionParam(name="poison", label="The poison", type="choice",
                            choices=tuple(IMMUNITY), default="uncommon",
                            help="common: immune; uncommon: +2; known (met before): +6"),),
        help="Before a poison hits you: immune to a common one; +2 to your Endurance against an "
        "uncommon one met for the first time, +6 against one met before.",
    ),
)  # fmt: skip
"""The stunt actions of this module."""

MORE_ROLLS: dict[str, int] = {}
"""Fixed roll counts (Aura of Fear rolls once plus once a target: :func:`more_rolls`)."""


def more_rolls(event: SystemActionEvent) -> int | None:
    """Aura of Fear: the user's roll and one a target; None for the other actions."""
    return 1 + len(event.targets) if event.action == "aura_of_fear" else None


# -- helpers ----------------------------------------------------------------------------------


def _need(p: Participant, stunt: str) -> None:
    if not has(p, stunt):
        raise RuleViolation(f"{p.name} does not have {stunt}")


def _fight(state: Encounter) -> None:
    if not state.started or state.ended:
        raise RuleViolation("this stunt is used during a conflict")


def _set_used(state: Encounter, pid: str, used: tuple[str, ...]) -> Encounter:
    p = steps.find(state, pid)
    options = {k: v for k, v in p.options.items() if k != "used"}
    if used:
        options["used"] = used
    return steps.put(state, steps.update(p, options=options))


def _drop(state: Encounter, pid: str, *prefixes: str) -> Encounter:
    """``pid`` without the ``used`` entries that start with ``prefixes``."""
    used = options_of(steps.find(state, pid)).used
    return _set_used(state, pid, tuple(e for e in used if not e.startswith(prefixes)))


def _add(state: Encounter, pid: str, entry: str, replaces: str = "") -> Encounter:
    used = options_of(steps.find(state, pid)).used
    kept = tuple(e for e in used if not (replaces and e.startswith(replaces)))
    return _set_used(state, pid, (*prune_used(kept, state.exchange), entry))


def _faces(ev: SystemActionEvent, index: int) -> tuple[int, ...] | None:
    dice = ev.dice or ()
    return dice[index] if index < len(dice) else None


def _last_attack_by(state: Encounter, actor: Participant, target: Participant, skill: str) -> None:
    last = state.last
    if last is None or last.action != "attack" or (last.actor, last.target) != (
        actor.id, target.id,
    ):  # fmt: skip
        raise RuleViolation(f"the stunt follows {actor.name}'s attack on {target.name}")
    if last.rolls[0].skill != skill:
        raise RuleViolation(f"the stunt needs an attack with {skill}")


# -- Steely Gaze and Fearsome Gaze (SRD L3557, L3567) -------------------------------------------


def gaze_partner(state: Encounter, p: Participant) -> Participant | None:
    """Whom ``p`` is locked in a Steely Gaze with (SRD L3557: until one of them takes a
    consequence or concedes, or something interrupts it), or None."""
    for entry in options_of(p).used:
        if entry.startswith(GAZE):
            _, other, own, theirs, _exchange = entry.split("|")
            q = state.find(other)
            if (
                q is not None
                and not p.taken_out
                and not q.taken_out
                and p.consequences_taken == int(own)
                and q.consequences_taken == int(theirs)
            ):
                return q
    return None


def _steely_gaze(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3557: an Intimidation check locks the two in a contest of wills; ``break`` ends it
    when something interrupts it."""
    assert ev.actor is not None
    _fight(state)
    actor = steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0])
    if ev.params["mode"] == "break":
        if gaze_partner(state, actor) is None or gaze_partner(state, actor) != target:
            raise RuleViolation(f"{actor.name} is not locked in a gaze with {target.name}")
        state = _drop(_drop(state, actor.id, GAZE), target.id, GAZE)
        return state, f"the gaze between {actor.name} and {target.name} is broken (interrupted)"
    if not (has(actor, "Steely Gaze") or has(actor, "Fearsome Gaze")):
        raise RuleViolation(f"{actor.name} does not have Steely Gaze")
    _last_attack_by(state, actor, target, "Intimidation")
    target = steps.find(state, target.id, active=True)
    for p in (actor, target):
        if gaze_partner(state, p) is not None:
            raise RuleViolation(f"{p.name} is already locked in a gaze")
    if any(
        e.startswith(f"{GAZE}{target.id}|") and e.endswith(f"|{state.exchange}")
        for e in options_of(actor).used
    ):
        raise RuleViolation(f"that check already locked {actor.name} and {target.name}")
    own, theirs, now = actor.consequences_taken, target.consequences_taken, state.exchange
    state = _add(state, actor.id, f"{GAZE}{target.id}|{own}|{theirs}|{now}", replaces=GAZE)
    state = _add(state, target.id, f"{GAZE}{actor.id}|{theirs}|{own}|{now}", replaces=GAZE)
    return state, (
        f"{actor.name} locks eyes with {target.name}: only Intimidation on each other until one "
        f"takes a consequence or concedes; -{GAZE_PENALTY} to defend against an interruption"
    )


def _fearsome_gaze(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3567: in the gaze, an opponent who loses to the point of a consequence takes two,
    one right after the other; it may still concede after each. The first is ``text``; the hit
    then waits again, forced to a consequence, for the second (``take_consequence``)."""
    assert ev.actor is not None
    _fight(state)
    actor = steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0], active=True)
    _need(actor, "Fearsome Gaze")
    _last_attack_by(state, actor, target, "Intimidation")
    hit = state.pending_hit
    if hit is None or hit.target != target.id or hit.attacker != actor.id:
        raise RuleViolation(f"{target.name} has no hit from {actor.name} waiting to be absorbed")
    if gaze_partner(state, actor) != target:
        raise RuleViolation(f"{actor.name} is not locked in a gaze with {target.name}")
    if hit.box is not None:
        raise RuleViolation(
            f"{target.name} has not lost to the point of a consequence (box {hit.box + 1} "
            "takes the hit)"
        )
    text = str(ev.params["text"]).strip()
    if not text:
        raise RuleViolation("name the consequence")
    severity = cr.next_consequence(target, state.kind)
    if severity is None:
        state = steps.take_out(state.model_copy(update={"pending_hit": None}), target.id)
        return state, f"Fearsome Gaze: no consequence left: {target.name} is out"
    state = steps.add_consequence(state, target.id, severity, text, state.kind)
    state = force(state, steps.find(state, target.id))
    state = state.model_copy(update={"concession_open": target.id})
    return state, (
        f"Fearsome Gaze: {target.name} takes a {severity} consequence “{text}” and, "
        "right after it, a second one for the same hit (or concedes)"
    )


def gaze_defense(state: Encounter, p: Participant, rating: int) -> tuple[int, str]:
    """Steely Gaze (SRD L3557): -2 to ``p``'s defense against whoever acts now
    (``state.current``) when that one interrupts ``p``'s gaze."""
    partner = gaze_partner(state, p)
    acting = state.current
    if partner is None or acting is None or acting in (p.id, partner.id):
        return rating, ""
    return rating - GAZE_PENALTY, f"Steely Gaze: -{GAZE_PENALTY} against an interruption"


def gaze_attack(state: Encounter, attacker: Participant, defender: Participant, skill: str) -> None:
    """Steely Gaze (SRD L3557): while locked, only Intimidation on each other.

    Raises:
        RuleViolation: another attack by one locked in a gaze.
    """
    partner = gaze_partner(state, attacker)
    if partner is not None and (defender.id != partner.id or skill != "Intimidation"):
        raise RuleViolation(
            f"{attacker.name} is locked in a Steely Gaze with {partner.name}: only Intimidation "
            "on each other until it is broken"
        )


# -- Unflappable, Inner Strength, Shot on the Run -------------------------------------------------


def nerve_defense(state: Encounter, p: Participant, skill: str, rating: int) -> tuple[int, str]:
    """Inner Strength (SRD L4177): +2 to a Resolve defense against someone getting inside the
    head (a mental conflict), +3 in all with a full defense (one more than its +2). Shot on the
    Run (SRD L3387): Guns defends only against physical attacks, and only with the stunt.

    Raises:
        RuleViolation: a Guns defense without Shot on the Run, or outside a physical conflict.
    """
    if skill == "Guns" and (state.kind != "physical" or not has(p, "Shot on the Run")):
        raise RuleViolation(
            f"Guns cannot defend{'' if state.kind == 'physical' else ' here'}: it takes Shot on "
            "the Run, against physical attacks"
        )
    if skill == "Resolve" and state.kind == "mental" and has(p, "Inner Strength"):
        bonus = 1 if p.full_defense else 2
        return rating + bonus, f"Inner Strength: +{bonus}"
    return rating, ""


def unflappable(defender: Participant, skill: str) -> tuple[int, str]:
    """Unflappable (SRD L4157): +2 to the defense against an Intimidation action (the fear it
    carries; a GM who judges one not fear-based adds -2 as a modifier)."""
    if skill == "Intimidation" and has(defender, "Unflappable"):
        return UNFLAPPABLE_BONUS, f"Unflappable: +{UNFLAPPABLE_BONUS}"
    return 0, ""


def defense_skills(p: Participant | None, skills: tuple[str, ...]) -> tuple[str, ...]:
    """``skills`` with Guns for a defender with Shot on the Run (SRD L3387), without it for
    anyone else."""
    rest = tuple(s for s in skills if s != "Guns")
    return (*rest, "Guns") if p is not None and has(p, "Shot on the Run") else rest


# -- One Hit to the Body against a forced consequence ------------------------------------------


def force(state: Encounter, target: Participant) -> Encounter:
    """``target`` must absorb the hit waiting on it with a consequence (Crippling Blow, The
    Promise of Pain)."""
    return _add(state, target.id, f"{FORCED}{target.consequences_taken}", replaces=FORCED)


def forced(p: Participant) -> bool:
    """Whether the hit waiting on ``p`` was forced to a consequence (so One Hit to the Body,
    SRD L3069, which only trades a roll-up for lower boxes, cannot take it)."""
    return f"{FORCED}{p.consequences_taken}" in options_of(p).used


# -- Aura of Fear and Master of Fear (SRD L3541, L3575) -----------------------------------------


def _cow(state: Encounter, group: Participant, how_many: int) -> Encounter:
    """``how_many`` more of ``group``'s minions out (their boxes checked, on every track)."""
    per = group.per_minion
    tracks = {}
    for key, boxes in group.tracks.items():
        left = how_many * per
        marked = []
        for b in boxes:
            if not b and left:
                marked.append(1)
                left -= 1
            else:
                marked.append(b)
        tracks[key] = tuple(marked)
    state = steps.put(state, steps.update(group, tracks=tracks))
    if not steps.find(state, group.id).remaining:
        state = steps.take_out(state, group.id)
    return state


def _aura_of_fear(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3541: a full action, once per scene, a fate point: one Intimidation roll at -2
    sets what every opponent must beat; minions whose quality it beats lose half their number
    regardless, unless a leader defends them with Leadership. SRD L3575 (Master of Fear): no -2;
    those minions all flee, unless their leader gives up his next action to defend them."""
    assert ev.actor is not None
    _fight(state)
    if state.pending_hit is not None:
        raise RuleViolation("a hit is still waiting to be absorbed")
    actor = steps.find(state, ev.actor, active=True)
    _need(actor, "Aura of Fear")
    master = has(actor, "Master of Fear")
    foes = [steps.find(state, t, active=True) for t in ev.targets]
    for p in foes:
        if p.id == actor.id or (p.side == actor.side and actor.side):
            raise RuleViolation(f"{p.name} is not {actor.name}'s opponent")
    missing = [
        p.name for p in state.participants
        if not p.taken_out and not p.hidden and p.id != actor.id and p.id not in ev.targets
        and (p.side != actor.side or not actor.side) and p.attached_to is None
    ]  # fmt: skip
    if missing:
        raise RuleViolation(f"Aura of Fear is against every opponent: also {', '.join(missing)}")
    leader_id = str(ev.params["leader"]).strip()
    leader = steps.find(state, leader_id, active=True) if leader_id else None
    if "Aura of Fear" in options_of(actor).used:
        raise RuleViolation(f"{actor.name} has already used Aura of Fear (once per scene)")
    state = _add(state, actor.id, "Aura of Fear")
    state = steps.spend_fate_point(state, actor.id, "Aura of Fear")
    state = steps.acted(state, actor.id)
    penalty = 0 if master else -AURA_PENALTY
    state, rec = steps.roll(state, cr, actor.id, "Intimidation", _faces(ev, 0), modifier=penalty)
    effort = rec.effort
    parts = [f"{actor.name} spends a fate point: Aura of Fear: {steps.roll_text(cr, state, rec)}"]
    track = cr.track_for("mental")
    waiting: list[str] = []
    gave_up = False
    for i, foe in enumerate(foes, start=1):
        foe = steps.find(state, foe.id)
        defender = foe.id
        if foe.is_group and leader is not None and leader.side == foe.side:
            defender, skill = leader.id, "Leadership"
            if master and not gave_up:  # the leader discards his next action to defend them
                parts.append(_leader_gives_up(state, leader.id))
                state, gave_up = _give_up(state, leader.id), True
        elif foe.is_group and effort > foe.quality:
            if master:
                state = _cow(state, foe, foe.remaining)
                parts.append(f"{foe.name}: all {foe.remaining} flee (Master of Fear)")
                continue
            cowed = (foe.remaining + 1) // 2
            state = _cow(state, foe, cowed)
            parts.append(f"{foe.name}: {cowed} cowed regardless of their roll")
            foe = steps.find(state, foe.id)
            if foe.taken_out:
                continue
            skill = "Resolve"
        else:
            skill = "Resolve"
        state, d = steps.roll(state, cr, defender, skill, _faces(ev, i), defense=True)
        margin = effort - d.effort
        line = f"{foe.name}: {steps.roll_text(cr, state, d)}"
        if margin <= 0:
            parts.append(f"{line}: holds firm")
        elif state.pending_hit is not None:
            waiting.append(f"{foe.name} {margin}")
            parts.append(f"{line}: {margin} shifts, applied once the waiting hit is absorbed")
        else:
            state, hit = steps.hit(state, cr, foe.id, margin, track)
            parts.append(f"{line}: {hit}")
    if waiting:
        parts.append(f"then apply each in turn ({', '.join(waiting)} {track} stress)")
    return state, "; ".join(parts)


def _leader_gives_up(state: Encounter, pid: str) -> str:
    p = steps.find(state, pid)
    when = "next exchange's" if p.acted else "this exchange's"
    return f"{p.name} gives up {when} action to defend the minions with Leadership"


def _give_up(state: Encounter, pid: str) -> Encounter:
    """``pid`` discards its next action: this exchange's if not taken yet, else the next one's
    (the first-aid forfeit, which the next exchange's start applies)."""
    p = steps.find(state, pid)
    if not p.acted:
        return steps.put(state, steps.update(p, acted=True))
    options = {**p.options, "forfeit_exchange": state.exchange + 1}
    return steps.put(state, steps.update(p, options=options))


# -- Death Defiance, Brickbreaker, Developed Immunities ------------------------------------------


def _death_defiance(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3047: taken out out of sight with death imminent, half the fate points (rounded
    up, at least one) buy survival: back in a later scene with all physical stress cleared and a
    single consequence."""
    assert ev.actor is not None
    if not state.started:
        raise RuleViolation("Death Defiance follows being taken out")
    p = steps.find(state, ev.actor)
    _need(p, "Death Defiance")
    if not p.taken_out or p.conceded:
        raise RuleViolation(f"{p.name} has not been taken out")
    if "Death Defiance" in options_of(p).used:
        raise RuleViolation(f"{p.name} has already defied death in this scene")
    if p.fate_points < 1:
        raise RuleViolation(f"{p.name} needs at least one fate point to defy death")
    text = str(ev.params["text"]).strip()
    if not text:
        raise RuleViolation("name the consequence")
    cost = (p.fate_points + 1) // 2
    track = cr.track_for("physical")
    state = _add(_drop(state, p.id, FORCED), p.id, "Death Defiance")
    p = steps.find(state, p.id)
    severity = str(ev.params["severity"])
    consequence = Consequence.model_validate(
        {"severity": severity, "text": text, "kind": "physical"}
    )
    p = steps.update(
        p,
        fate_points=p.fate_points - cost,
        tracks={**p.tracks, track: (0,) * len(p.track(track))},
        consequences=(consequence,),
    )
    return steps.put(state, p), (
        f"{p.name} spends {cost} fate point{'s' if cost > 1 else ''} (half, rounded up): Death "
        f"Defiance: survives, back in a later scene with {track} cleared and one {severity} "
        f"consequence \u201c{text}\u201d"
    )


def _brickbreaker(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3245: the stress of a Fists hit on a non-character target is doubled, once an
    exchange (the GM says the target is a thing)."""
    assert ev.actor is not None
    _fight(state)
    actor = steps.find(state, ev.actor, active=True)
    target = steps.find(state, ev.targets[0])
    _need(actor, "Brickbreaker")
    _last_attack_by(state, actor, target, "Fists")
    hit = state.pending_hit
    if hit is None or hit.target != target.id or hit.attacker != actor.id:
        raise RuleViolation(f"{target.name} has no hit from {actor.name} waiting to be absorbed")
    key = f"Brickbreaker@{state.exchange}"
    if key in options_of(actor).used:
        raise RuleViolation(f"{actor.name} has already used Brickbreaker (once an exchange)")
    state = _add(state, actor.id, key)
    shifts = hit.shifts * 2
    box = cr.stress_box_for(steps.find(state, target.id), hit.track, shifts)
    state = state.model_copy(
        update={"pending_hit": hit.model_copy(update={"shifts": shifts, "box": box})}
    )
    what = f"box {box + 1}" if box is not None else "no box: taken out or a consequence"
    return state, (
        f"{actor.name}'s Brickbreaker doubles the hit on {target.name} to {shifts}: {what}"
    )


def _developed_immunities(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """SRD L3057: armed for the next poison on its user: a common one has no effect, an
    uncommon one is resisted at +2 (+6 when met before)."""
    assert ev.actor is not None
    if state.ended:
        raise RuleViolation("the scene has ended")
    p = steps.find(state, ev.actor, active=True)
    _need(p, "Developed Immunities")
    which = str(ev.params["poison"])
    state = _add(state, p.id, f"{IMMUNE}{IMMUNITY[which]}", replaces=IMMUNE)
    effect = "immune to it" if which == "common" else f"+{IMMUNITY[which]} Endurance to resist it"
    return state, f"{p.name}'s Developed Immunities against the next ({which}) poison: {effect}"


def now_bonus(p: Participant) -> tuple[int, str]:
    """The ``Now|`` bonuses on ``p``'s rolls for the action under way (Slippery, Developed
    Immunities), and their note."""
    total, notes = 0, []
    for entry in options_of(p).used:
        if entry.startswith(NOW):
            _, value, stunt = entry.split("|", 2)
            total += int(value)
            notes.append(stunt)
    return total, "; ".join(notes)


Apply = Callable[[Encounter, SystemActionEvent], tuple[Encounter, str]]


def around_action(
    state: Encounter, event: SystemActionEvent, apply: Apply
) -> tuple[Encounter, str]:
    """``apply(state, event)`` with the stunts that change another action: Slippery (SRD L2539)
    +2 to the defense against a knockback or push; Body Toss (SRD L3801) a push's or a throw's
    target one weight factor lighter (a throw is a knockback, SRD L1470); Developed Immunities
    (SRD L3057) against a poison."""
    notes: list[str] = []
    helped: str | None = None
    if event.action == "knockback" and event.targets:
        target = state.find(event.targets[0])
        actor = state.find(event.actor) if event.actor else None
        if target is not None and has(target, "Slippery"):
            helped = target.id
            state = _add(state, target.id, f"{NOW}{SLIPPERY_BONUS}|Slippery")
        tossed = event.params.get("push") or event.params.get("throw")  # SRD L3807
        if tossed and actor is not None and has(actor, "Body Toss"):
            weight = int(event.params.get("weight", 0))
            lighter: dict[str, ParamValue] = {**event.params, "weight": max(0, weight - 1)}
            event = event.model_copy(update={"params": lighter})
            notes.append(f"Body Toss: the target weighs one factor less ({weight} to "
                         f"{max(0, weight - 1)})")  # fmt: skip
    if event.action == "poison" and event.targets:
        victim = state.find(event.targets[0])
        armed = next((e for e in options_of(victim).used if e.startswith(IMMUNE)), None) if (
            victim is not None
        ) else None  # fmt: skip
        if victim is not None and armed is not None:
            state = _drop(state, victim.id, IMMUNE)
            value = armed.split("|")[1]
            if value == "common":
                return state, (
                    f"{victim.name} is immune to common poisons (Developed Immunities): no effect"
                )
            helped = victim.id
            state = _add(state, victim.id, f"{NOW}{value}|Developed Immunities")
    state, text = apply(state, event)
    if helped is not None:
        state = _drop(state, helped, NOW)
    return state, "; ".join([text, *notes])


MORE_APPLY: dict[
    str, Callable[[Encounter, ConflictRules, SystemActionEvent], tuple[Encounter, str]]
] = {
    "steely_gaze": _steely_gaze, "fearsome_gaze": _fearsome_gaze,
    "aura_of_fear": _aura_of_fear, "death_defiance": _death_defiance,
    "brickbreaker": _brickbreaker, "developed_immunities": _developed_immunities,
}  # fmt: skip
"""Each action's handler."""


def more_offers(state: Encounter) -> list[SystemActionEvent]:
    """The candidates of this module's stunts now (each tried before it is offered): after an
    attack, its attacker's gaze and Brickbreaker, a gaze broken by an interruption; Death
    Defiance for whoever is out."""
    found: list[SystemActionEvent] = []
    last = state.last
    if last is not None and last.action == "attack" and last.target is not None:
        for name in ("steely_gaze", "fearsome_gaze", "brickbreaker"):
            found.append(SystemActionEvent(action=name, actor=last.actor, targets=(last.target,)))
        target = state.find(last.target)
        partner = gaze_partner(state, target) if target is not None else None
        if partner is not None and partner.id != last.actor:
            found.append(
                SystemActionEvent(action="steely_gaze", actor=last.target,
                                  targets=(partner.id,), params={"mode": "break"})
            )  # fmt: skip
    for p in state.participants:
        if p.taken_out and has(p, "Death Defiance"):
            found.append(SystemActionEvent(action="death_defiance", actor=p.id))
    return found
