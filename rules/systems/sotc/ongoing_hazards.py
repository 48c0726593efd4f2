"""Rules layer: the SotC hazards that keep going once started: a fast poison's attack each
exchange and a thrown explosive's burning fuse (with the poison's roll and the fuse table, which
the one-off poison and fuse check of :mod:`.hazards` use too).

A fast poison that gets into a victim's system attacks again before the first initiative of
every exchange until the scene ends, something stops it, or a defense with spin throws it off
(SRD L5575-L5579). A lit fuse is checked before every action on the fuse table, a second
fizzle makes a dud, and each full exchange it burns takes its length a step shorter; a short
fuse that lasts the exchange goes off (SRD L6009-L6020).

The engine's :meth:`~rules.conflict_rules.ConflictRules.exchange_begins` hook has no dice, so it
does what needs none and logs it: it marks each running poison's attack due (the ``poison_attack``
action then rolls it, at the potency the poison was given), steps each lit fuse down, and sets
off a short one. The state is in the participants' options (``fast_poison``, ``poison_due`` on
the victim; ``fuse``, ``length|fizzles``, on whoever threw it). The book counts the fuse's full
exchange at the thrower's next turn; the engine steps it as the next exchange begins, the only
moment it is given (a judgment call, docs/encounter-script.md).
"""

from __future__ import annotations

from rules.conflict import steps
from rules.conflict_rules import ActionSpec, ConflictRules
from rules.encounter import Encounter, Participant, SystemActionEvent
from rules.errors import RuleViolation
from rules.systems.sotc.participant_options import options_of, with_options

S_FAST = "SotC, Skills: Endurance, Poisons, fast-acting"
S_LIT = "SotC, Other Common Situations: Explosions, fuses"

FUSE_STEPS: tuple[str, ...] = ("short", "medium", "long")
"""Fuse lengths, shortest first: a full exchange takes one step off (SRD L6020)."""

FUSE_TABLE: dict[str, dict[int, str]] = {
    "short": {2: "explode", 1: "explode", 0: "explode", -1: "no explosion", -2: "fizzle"},
    "medium": {2: "explode", 1: "explode", 0: "no explosion", -1: "no explosion", -2: "fizzle"},
    "long": {2: "explode", 1: "no explosion", 0: "no explosion", -1: "no explosion",
             -2: "fizzle"},
}  # fmt: skip
"""The GM's 2dF fuse check before every action (SRD L6009-L6017)."""

TIMED: tuple[ActionSpec, ...] = (
    ActionSpec(
        name="poison_attack", label="Poison attacks", section=S_FAST, group="Hazards",
        actor="none", min_targets=1, max_targets=1,
        help="The fast poison in the target's system attacks Endurance again, at its potency, "
        "before the first initiative of the exchange; spin on the defense stops it.",
    ),
    ActionSpec(
        name="lit_fuse", label="Lit fuse check", section=S_LIT, group="Hazards",
        actor="none", min_targets=1, max_targets=1,
        help="Before an action: 2dF on the fuse table at the fuse's length now (the target is "
        "who threw it); a second fizzle makes a dud, an explosion ends the fuse.",
    ),
)  # fmt: skip
"""The actions that roll what keeps going."""


def fuse_of(p: Participant) -> tuple[str, int] | None:
    """The fuse ``p`` lit and threw: its length now and its fizzles so far; None: none."""
    raw = options_of(p).fuse
    if not raw:
        return None
    length, _, fizzles = raw.partition("|")
    return length, int(fizzles or 0)


def with_fuse(p: Participant, length: str, fizzles: int = 0) -> Participant:
    """``p`` with a lit fuse of ``length`` (``""``: none)."""
    if length and length not in FUSE_STEPS:
        raise RuleViolation(f"a fuse is short, medium or long, not {length!r}")
    return with_options(p, fuse=f"{length}|{fizzles}" if length else "")


def poisoned(p: Participant, potency: int | None) -> Participant:
    """``p`` with a fast poison of ``potency`` in its system (None: stopped), nothing due."""
    running: tuple[int, ...] = () if potency is None else (potency,)
    return with_options(p, fast_poison=running, poison_due=0)


def _running(p: Participant) -> int | None:
    held = options_of(p).fast_poison
    return held[0] if held else None


def timed_begins(state: Encounter) -> tuple[Encounter, tuple[str, ...]]:
    """As an exchange begins: each running fast poison's attack falls due (SRD L5577), and each
    lit fuse burns a step shorter, a short one going off (SRD L6020)."""
    changed: list[Participant] = []
    notes: list[str] = []
    for p in state.participants:
        potency = _running(p)
        if potency is not None and not p.taken_out:
            if options_of(p).poison_due:
                notes.append(f"{p.name}'s last poison attack was never rolled")
            p = with_options(p, poison_due=state.exchange)
            notes.append(
                f"the fast poison in {p.name} ({potency:+d}) attacks before the first "
                "initiative: roll it (Poison attacks)"
            )
        fuse = fuse_of(p)
        if fuse is not None:
            length, fizzles = fuse
            if length == "short":
                p = with_fuse(p, "")
                notes.append(f"{p.name}'s short fuse has burned a full exchange: it goes off "
                             "(resolve the explosion)")  # fmt: skip
            else:
                shorter = FUSE_STEPS[FUSE_STEPS.index(length) - 1]
                p = with_fuse(p, shorter, fizzles)
                notes.append(f"{p.name}'s fuse burns down to {shorter}")
        changed.append(p)
    return steps.put(state, *changed), tuple(notes)


def _faces(event: SystemActionEvent, index: int) -> tuple[int, ...] | None:
    dice = event.dice or ()
    return dice[index] if index < len(dice) else None


def poison_vs_endurance(
    state: Encounter, cr: ConflictRules, pid: str, potency: int, kind: str, ev: SystemActionEvent
) -> tuple[Encounter, str, int]:
    """The poison's roll at ``potency`` against the victim's Endurance: the log line and the
    poison's margin."""
    faces = steps.faces(cr, _faces(ev, 0), "the poison")
    poison = potency + cr.resolve(cr.dice_for(), faces)
    state, rec = steps.roll(state, cr, pid, "Endurance", _faces(ev, 1), defense=True)
    line = (
        f"{kind} poison {potency:+d} [{''.join({1: '+', 0: '0', -1: '-'}[f] for f in faces)}] "
        f"= {poison:+d} vs {steps.roll_text(cr, state, rec)}"
    )
    return state, line, poison - rec.effort


def poison_roll(
    state: Encounter, cr: ConflictRules, pid: str, potency: int, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    """A fast poison's attack at ``potency`` on ``pid``'s Endurance (SRD L5575): its shifts in
    stress; it keeps attacking each exchange unless the defense has spin (SRD L5579)."""
    state, line, margin = poison_vs_endurance(state, cr, pid, potency, "fast", ev)
    if margin <= 0 and -margin >= cr.spin_margin:
        state = steps.put(state, poisoned(steps.find(state, pid), None))
        return state, f"{line}: no stress; spin: the poison stops"
    state = steps.put(state, poisoned(steps.find(state, pid), potency))
    again = "it attacks again as each exchange begins"
    if margin <= 0:
        return state, f"{line}: no stress; {again}"
    state, hit = steps.hit(state, cr, pid, margin, "health")
    return state, f"{line}: {margin} shift{'s' if margin > 1 else ''}; {hit}; {again}"


def fuse_faces(ev: SystemActionEvent) -> tuple[tuple[int, ...], str]:
    """The two Fudge dice of a fuse check (the roll's first two) and how they read.

    Raises:
        RuleViolation: fewer than two, or not Fudge faces.
    """
    faces = (_faces(ev, 0) or ())[:2]
    if len(faces) != 2 or any(f not in (-1, 0, 1) for f in faces):
        raise RuleViolation("a fuse check reads two Fudge dice")
    return faces, "".join({1: "+", 0: "0", -1: "-"}[f] for f in faces)


def _poison_attack(
    state: Encounter, cr: ConflictRules, ev: SystemActionEvent
) -> tuple[Encounter, str]:
    victim = steps.find(state, ev.targets[0], active=True)
    potency = _running(victim)
    if potency is None:
        raise RuleViolation(f"no fast poison is at work in {victim.name}")

    if not options_of(victim).poison_due:  # SRD L5577: once an exchange, as it begins
        raise RuleViolation(
            f"the poison in {victim.name} is not due: it attacks as each exchange begins"
        )
    state = steps.put(state, poisoned(victim, potency))
    return poison_roll(state, cr, victim.id, potency, ev)


def _lit_fuse(state: Encounter, cr: ConflictRules, ev: SystemActionEvent) -> tuple[Encounter, str]:
    thrower = steps.find(state, ev.targets[0])
    fuse = fuse_of(thrower)
    if fuse is None:
        raise RuleViolation(f"{thrower.name} has no lit fuse out there")
    length, fizzles = fuse
    faces, dice = fuse_faces(ev)
    result = FUSE_TABLE[length][sum(faces)]
    head = f"{thrower.name}'s fuse ({length}): [{dice}] = {sum(faces):+d}"
    if result == "explode":
        return steps.put(state, with_fuse(thrower, "")), f"{head}: it explodes"
    if result == "fizzle" and fizzles:
        return steps.put(state, with_fuse(thrower, "")), f"{head}: a second fizzle: a dud"
    if result == "fizzle":
        state = steps.put(state, with_fuse(thrower, length, 1))
        return state, f"{head}: fizzle (marked; a second one makes a dud)"
    return state, f"{head}: no explosion"


TIMED_APPLY = {"poison_attack": _poison_attack, "lit_fuse": _lit_fuse}
"""The handlers of :data:`TIMED`."""

TIMED_ROLLS = {"poison_attack": 2, "lit_fuse": 1}
"""Their rolls: the poison's and the victim's Endurance; the fuse's dice."""
