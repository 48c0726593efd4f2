"""Rules layer: the conflict engine: apply one event, replay a log, draw missing dice.

Every transition is an event model from :mod:`rules.encounter` applied by :func:`apply_event`
under the :class:`rules.conflict_rules.ConflictRules` of the encounter's system (built by
``GameSystem.conflict_rules(settings)``; the engine never names a system). The keyword
functions (:func:`attack`, :func:`maneuver`, :func:`next_turn`...) build the event for you.
Dice come in as faces; :func:`fill_dice` draws missing faces from an injected
``random.Random`` before the event is applied, so the logged event replays exactly
(:func:`replay`). A move the rules do not allow raises :class:`rules.errors.RuleViolation` and
leaves the state untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.conflict import harm, rolls, scene, steps, tactics, turns
from rules.conflict.common import Result, _bound
from rules.conflict.pools import event_pools
from rules.conflict_rules import ConflictRules
from rules.dice import draw_faces
from rules.encounter import (
    AddAspectEvent,
    AddParticipantEvent,
    ApplyStressEvent,
    AttachEvent,
    AttackEvent,
    BlockEvent,
    ConcedeEvent,
    Encounter,
    EndSceneEvent,
    Event,
    FullDefenseEvent,
    GmOverrideEvent,
    GrantFatePointEvent,
    HoldEvent,
    Invoke,
    LogEntry,
    ManeuverEvent,
    MoveEvent,
    NextExchangeEvent,
    NextTurnEvent,
    Participant,
    PassBlockEvent,
    RecoverEvent,
    RecoveryPeriod,
    RemoveAspectEvent,
    RemoveParticipantEvent,
    ResumeEvent,
    RollEvent,
    SpendFatePointEvent,
    StartEvent,
    SystemActionEvent,
    TagAspectEvent,
    TakeConsequenceEvent,
    TakeOutEvent,
)
from rules.errors import RuleViolation

E = TypeVar("E", bound=BaseModel)
Handler = Callable[[Encounter, ConflictRules, Any], tuple[Encounter, str]]

_HANDLERS: dict[str, Handler] = {
    **turns.HANDLERS, **rolls.HANDLERS, **harm.HANDLERS, **tactics.HANDLERS, **scene.HANDLERS,
    **steps.HANDLERS,
}  # fmt: skip
"""Event name (``do``) -> its transition."""

_CLOSES_CONCESSION = frozenset(
    {"next_turn", "next_exchange", "attack", "maneuver", "block", "pass_block", "roll", "move",
     "end_scene", "take_out", "system_action"}
)  # fmt: skip


def apply_event(cr: ConflictRules, state: Encounter, event: Event) -> Result:
    """Apply one event under ``cr`` (rebound to the encounter's own settings when they differ);
    returns the new state and its log entry.

    Raises:
        RuleViolation: when the rules do not allow the event (the state is unchanged).
    """
    handler = _HANDLERS[event.do]
    bound = _bound(cr, state)
    why, who = bound.refuses(state, event)
    if why:  # the system forbids it now: only a GM override waiting for ``who`` lets it pass
        state = _spend_override(state, who, why)
    new, text = handler(state, bound, event)
    if why:
        text += f" (GM override: {why})"
    if event.do in _CLOSES_CONCESSION and new.concession_open == state.concession_open:
        new = new.model_copy(update={"concession_open": None})
    entry = LogEntry(index=state.step, exchange=state.exchange, event=event, text=text)
    return new.model_copy(update={"step": state.step + 1}), entry


def _spend_override(state: Encounter, who: str, why: str) -> Encounter:
    """``state`` with ``who``'s waiting GM override spent on what the system forbids.

    Raises:
        RuleViolation: no GM override waits for ``who``.
    """
    if who not in state.overrides:
        raise RuleViolation(f"{why}; the GM may allow it (GM override)")
    rest = list(state.overrides)
    rest.remove(who)
    return state.model_copy(update={"overrides": tuple(rest)})


def replay(
    cr: ConflictRules, initial: Encounter, events: Iterable[Event]
) -> tuple[Encounter, tuple[LogEntry, ...]]:
    """Fold ``events`` over ``initial``: the same events always give the same fight."""
    state = initial
    log: list[LogEntry] = []
    for event in events:
        state, entry = apply_event(cr, state, event)
        log.append(entry)
    return state, tuple(log)


# -- dice from a seed -------------------------------------------------------------------------

_DICE_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": ("dice",), "attack": ("dice", "defense_dice"), "maneuver": ("dice", "defense_dice"),
    "block": ("dice",), "pass_block": ("dice",), "move": ("dice",),
}  # fmt: skip


def fill_dice(cr: ConflictRules, event: E, rng: random.Random, state: Encounter | None = None) -> E:
    """``event`` with every missing die drawn from ``rng`` (faces given are kept): the dice of
    each roll in order, then the faces of rerolls asked for without faces (``reroll: ()``).

    With ``state`` (the encounter the event is about to be applied to) each roll draws from
    its own pool, as power tiers make it (:func:`rules.conflict.pools.event_pools`); without
    it, from the system's plain pool. A system action draws as many rolls as its system says.
    """
    if isinstance(event, SystemActionEvent):
        return event.model_copy(update={"dice": _action_dice(cr, event, rng)})
    fields = _DICE_FIELDS.get(getattr(event, "do", ""), ())
    if not fields:
        return event
    plain = cr.dice_for()
    pools = event_pools(_bound(cr, state), state, event) if state is not None else {}
    updates: dict[str, Any] = {}
    for name in fields:
        if getattr(event, name) is not None:
            continue
        if name == "defense_dice" and getattr(event, "target", "x") is None:
            continue
        if getattr(event, "do", "") == "move" and not getattr(event, "sprint", False):
            continue
        updates[name] = draw_faces(pools.get(name, plain), rng)
    for name, field in (("invokes", "dice"), ("defense_invokes", "defense_dice")):
        # a reroll asked for with no faces (``"reroll": []``) draws them, after the dice
        invokes = getattr(event, name, ())
        pool = pools.get(field, plain)
        if any(inv.reroll == () for inv in invokes):
            updates[name] = tuple(
                inv.model_copy(update={"reroll": draw_faces(pool, rng)})
                if inv.reroll == ()
                else inv
                for inv in invokes
            )
    return event.model_copy(update=updates) if updates else event


def _action_dice(
    cr: ConflictRules, event: SystemActionEvent, rng: random.Random
) -> tuple[tuple[int, ...], ...] | None:
    """The faces of a system action's rolls: those given, then drawn up to the number of rolls
    the system says the action makes (an action it does not know draws none)."""
    given = event.dice or ()
    try:
        _, checked = steps.check_action(cr, event)
        wanted = cr.action_rolls(checked)
    except RuleViolation:
        return event.dice
    pool = cr.dice_for()
    drawn = [draw_faces(pool, rng) for _ in range(max(0, wanted - len(given)))]
    return (*given, *drawn) if (given or drawn) else event.dice


# -- keyword API ------------------------------------------------------------------------------


def start(cr: ConflictRules, state: Encounter) -> Result:
    """Fix the initiative order and begin exchange 1 (SotC "Establish Initiative")."""
    return apply_event(cr, state, StartEvent())


def next_turn(cr: ConflictRules, state: Encounter) -> Result:
    """The current actor is done; the next one acts (a new exchange after the last)."""
    return apply_event(cr, state, NextTurnEvent())


def next_exchange(cr: ConflictRules, state: Encounter) -> Result:
    """End this exchange now (blocks lapse, owed fate points arrive) and begin the next."""
    return apply_event(cr, state, NextExchangeEvent())


def roll(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """A simple action (see :class:`rules.encounter.RollEvent`)."""
    return apply_event(cr, state, RollEvent(**kwargs))


def attack(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """An attack (see :class:`rules.encounter.AttackEvent`)."""
    return apply_event(cr, state, AttackEvent(**kwargs))


def apply_stress(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Check a box for the pending hit, or for a hit of ``amount``."""
    return apply_event(cr, state, ApplyStressEvent(**kwargs))


def take_consequence(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Take a consequence, absorbing the pending hit."""
    return apply_event(cr, state, TakeConsequenceEvent(**kwargs))


def concede(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Offer a concession (accepted or refused)."""
    return apply_event(cr, state, ConcedeEvent(**kwargs))


def take_out(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Take a participant out."""
    return apply_event(cr, state, TakeOutEvent(**kwargs))


def maneuver(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """A maneuver (see :class:`rules.encounter.ManeuverEvent`)."""
    return apply_event(cr, state, ManeuverEvent(**kwargs))


def block(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """A block (see :class:`rules.encounter.BlockEvent`)."""
    return apply_event(cr, state, BlockEvent(**kwargs))


def pass_block(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Try to get past a block."""
    return apply_event(cr, state, PassBlockEvent(**kwargs))


def full_defense(cr: ConflictRules, state: Encounter, who: str) -> Result:
    """Full defense for the exchange."""
    return apply_event(cr, state, FullDefenseEvent(who=who))


def hold(cr: ConflictRules, state: Encounter, who: str) -> Result:
    """The current actor holds its action."""
    return apply_event(cr, state, HoldEvent(who=who))


def resume(cr: ConflictRules, state: Encounter, who: str) -> Result:
    """A holder acts now."""
    return apply_event(cr, state, ResumeEvent(who=who))


def move(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Move one zone, or sprint."""
    return apply_event(cr, state, MoveEvent(**kwargs))


def attach(cr: ConflictRules, state: Encounter, who: str, to: str | None) -> Result:
    """Attach (or detach, ``to`` None) a minion group or companion."""
    return apply_event(cr, state, AttachEvent(who=who, to=to))


def spend_fate_point(cr: ConflictRules, state: Encounter, who: str, reason: str = "") -> Result:
    """Spend a fate point."""
    return apply_event(cr, state, SpendFatePointEvent(who=who, reason=reason))


def grant_fate_point(
    cr: ConflictRules, state: Encounter, who: str, amount: int = 1, reason: str = ""
) -> Result:
    """Give fate points."""
    return apply_event(cr, state, GrantFatePointEvent(who=who, amount=amount, reason=reason))


def add_aspect(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Add a scene or temporary aspect."""
    return apply_event(cr, state, AddAspectEvent(**kwargs))


def remove_aspect(cr: ConflictRules, state: Encounter, aspect: str) -> Result:
    """Remove an aspect by id."""
    return apply_event(cr, state, RemoveAspectEvent(aspect=aspect))


def tag_aspect(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """Use an aspect for effect (see :class:`rules.encounter.Invoke`)."""
    return apply_event(cr, state, TagAspectEvent(invoke=Invoke(**kwargs)))


def add_participant(cr: ConflictRules, state: Encounter, participant: Participant) -> Result:
    """Someone joins the scene."""
    return apply_event(cr, state, AddParticipantEvent(participant=participant))


def remove_participant(cr: ConflictRules, state: Encounter, who: str) -> Result:
    """Someone leaves the scene."""
    return apply_event(cr, state, RemoveParticipantEvent(who=who))


def end_scene(
    cr: ConflictRules, state: Encounter, *, clear_stress: bool = True, breather: bool = True
) -> Result:
    """End the scene (stress clears, mild consequences fade)."""
    return apply_event(cr, state, EndSceneEvent(clear_stress=clear_stress, breather=breather))


def gm_override(cr: ConflictRules, state: Encounter, who: str, reason: str) -> Result:
    """The GM lets ``who`` take one action the action economy forbids (logged with why)."""
    return apply_event(cr, state, GmOverrideEvent(who=who, reason=reason))


def recover(
    cr: ConflictRules,
    state: Encounter,
    period: RecoveryPeriod,
    who: str | None = None,
    back_to_back: bool = False,
) -> Result:
    """Consequences recover after ``period``."""
    return apply_event(cr, state, RecoverEvent(period=period, who=who, back_to_back=back_to_back))


def system_action(cr: ConflictRules, state: Encounter, **kwargs: Any) -> Result:
    """One of the system's own actions (see :class:`rules.encounter.SystemActionEvent`)."""
    return apply_event(cr, state, SystemActionEvent(**kwargs))
